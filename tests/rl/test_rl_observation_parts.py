"""Observations encoded in parts kept between steps (issue 36): at every step of seeded random games,
every seat's observation equals a fresh full encoding, whatever position a kept vector reads next;
the parts that did not change are not encoded again, the parts every seat reads alike are encoded
once, and no observation dict is built."""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np
import pytest

from homeroom import games
from homeroom.engine import OptionError
from homeroom.engine.features import StatePart
from homeroom.engine.rng import Rng
from homeroom.rl import aec_env, encoding

encoding_module = sys.modules["homeroom.rl.encoding"]  # the package's ``encoding`` is the function

GAMES = ("class-of-89", "academic-society", "high-school-drama")
CASES = [(g, p) for g in GAMES for p in games.get(g).info.player_counts]


def fresh(game_id: str, state: object, seat: int) -> np.ndarray:
    """The features from scratch: the game's whole encoding of a new observation, as float32."""
    enc = encoding(game_id)
    obs = state.observation(seat)  # type: ignore[attr-defined]
    return np.asarray(enc.module.observation_features(obs, seat, state.players), dtype=np.float32)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_seats_kept_observation_equals_a_fresh_encoding_at_every_step(game_id: str, players: int) -> None:
    env = aec_env(game_id, players)
    env.reset(seed=7)
    state = env.state
    assert state is not None
    rng = random.Random(7)
    steps = 0
    while not state.is_terminal():
        for seat, agent in enumerate(env.possible_agents):
            got = env.observe(agent)["observation"]
            assert got.dtype == np.float32
            assert np.array_equal(got, fresh(game_id, state, seat)), f"step {steps}, seat {seat}"
        env.step(rng.choice(sorted(env._legal)))
        steps += 1
    assert steps > 20


@pytest.mark.parametrize("game_id", GAMES)
def test_unchanged_parts_are_not_encoded_again(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A random game read by one learner: on average well under half of the vector is encoded and
    written at a step (before: all of it, every step)."""
    written: list[int] = []
    enc = encoding(game_id)
    real = enc._state_parts
    assert real is not None

    def counted(players: int) -> list[StatePart]:
        """The game's parts, each encode counting the features of its part it encodes."""
        parts = [StatePart(*part) for part in real(players)]

        def counting(encode: Any, size: int | None) -> Any:
            def run(*args: Any) -> Any:
                values = encode(*args)
                written.append(len(values) if size is None else size)
                return values
            return run
        return [part._replace(encode=counting(part.encode, part.size)) for part in parts]

    monkeypatch.setattr(enc, "_state_parts", counted)
    env = aec_env(game_id, 2)
    env.reset(seed=3)
    state = env.state
    assert state is not None
    rng = random.Random(3)
    reads = 0
    while not state.is_terminal():
        env.observe(env.possible_agents[0])
        reads += 1
        env.step(rng.choice(sorted(env._legal)))
    size = encoding(game_id).observation_size(2)
    assert sum(written) / reads < 0.5 * size


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_features_build_no_observation(game_id: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat's features come from the state's parts: ``observation(seat)``, the costliest
    part of an observed step before, is never built (the mask builds it only where a key reads
    it, High School Drama's hookups: not counted here)."""
    env = aec_env(game_id, players)
    env.reset(seed=5)
    state = env.state
    assert state is not None
    built: list[int | None] = []
    real = type(state).observation

    def counting(self: object, seat: int | None) -> object:
        built.append(seat)
        return real(self, seat)  # type: ignore[arg-type]

    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        monkeypatch.setattr(type(state), "observation", counting)
        for agent in env.possible_agents:
            env.observe(agent)
        monkeypatch.setattr(type(state), "observation", real)
        env.step(rng.choice(sorted(env._legal)))
    assert built == []


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_kept_parts_follow_whatever_state_comes_next(game_id: str, players: int) -> None:
    """One seat's kept parts (and the parts shared between seats) read a mix of positions: the game
    itself, clones stepped on differently, re-deals of what another seat cannot see, a position
    loaded from JSON and the game again. Each vector equals a fresh encoding: a part is compared by
    value, never trusted because its state object or the step count is the same."""
    enc = encoding(game_id)
    game = games.get(game_id)
    state = game.new_state(players, seed=11)
    rng = random.Random(11)
    memos: dict[int, dict[object, object]] = {}
    shared: dict[object, object] = {}

    def check(position: object) -> None:
        for seat in range(players):
            got = enc.features(position, seat, memos.setdefault(seat, {}), shared)  # type: ignore[arg-type]
            assert np.array_equal(got, fresh(game_id, position, seat)), f"seat {seat}"

    for step in range(80):
        if state.is_terminal():
            break
        check(state)
        other = state.clone()
        for _ in range(rng.randrange(1, 4)):
            if other.is_terminal():
                break
            other.apply(rng.choice(other.legal_actions()))
        check(other)
        if players > 1:
            check(state.determinize((step + 1) % players, Rng(step)))
        check(type(state).from_json(state.to_json()))
        state.apply(rng.choice(state.legal_actions()))
    assert step > 20


def test_observations_handed_out_are_copies() -> None:
    """A trainer keeps the arrays it is given: changing one changes neither the env's kept vector
    nor the next observation, and two reads of one position are equal arrays, not one array."""
    env = aec_env("class-of-89", 2)
    env.reset(seed=1)
    agent = env.agent_selection
    first = env.observe(agent)["observation"]
    again = env.observe(agent)["observation"]
    assert first is not again and np.array_equal(first, again)
    first[:] = -7.0
    assert np.array_equal(env.observe(agent)["observation"], again)


def test_parts_every_seat_reads_alike_are_encoded_once_for_all_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """In an AEC env both seats read every step: a yearbook, the school or a seat's clique is
    encoded once for both (about a third fewer parts encoded than with each seat on its own)."""
    counts = {"shared": 0, "alone": 0}
    real = encoding_module.snapshot
    mode = ["shared"]

    def counting(value: object) -> object:
        counts[mode[0]] += 1
        return real(value)

    monkeypatch.setattr(encoding_module, "snapshot", counting)
    enc = encoding("class-of-89")
    state = games.get("class-of-89").new_state(2, seed=2)
    rng = random.Random(2)
    memos: dict[str, dict[int, dict[object, object]]] = {"shared": {}, "alone": {}}
    shared: dict[object, object] = {}
    while not state.is_terminal():
        for seat in range(2):
            mode[0] = "shared"
            a = enc.features(state, seat, memos["shared"].setdefault(seat, {}), shared)
            mode[0] = "alone"
            b = enc.features(state, seat, memos["alone"].setdefault(seat, {}))
            assert np.array_equal(a, b)
        state.apply(rng.choice(state.legal_actions()))
    assert counts["shared"] < 0.8 * counts["alone"]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_each_part_reads_the_state_only_through_its_live_value(game_id: str, players: int) -> None:
    """What a part keeps to compare (its ``live`` value) is all its numbers depend on: encoded with
    another game's state beside the same ``live`` value, every part of every seat gives the same
    numbers. So a part can never be kept stale by a change its ``live`` value does not show."""
    from homeroom.engine.features import StatePart

    parts = [StatePart(*p) for p in encoding(game_id).module.state_parts(players)]  # type: ignore[attr-defined]
    game = games.get(game_id)
    state, other = game.new_state(players, seed=21), game.new_state(players, seed=22)
    rng = random.Random(21)
    for step in range(150):
        if state.is_terminal():
            break
        if step % 10 == 0:
            for seat in range(players):
                for i, part in enumerate(parts):
                    now = part.live(state, seat)
                    assert part.encode(other, seat, players, now) == part.encode(state, seat, players, now), \
                        f"part {i}, seat {seat}, step {step}"
        state.apply(rng.choice(state.legal_actions()))
        if not other.is_terminal():
            other.apply(rng.choice(other.legal_actions()))


def test_a_sparse_part_clears_what_it_set_before_and_rejects_a_position_outside_it() -> None:
    """A sparse part (``StatePart.size``) returns only its nonzero numbers: the kept vector zeroes
    the positions the last encoding set before writing the new ones, so a one-hot that moved
    leaves no 1 behind; a position outside the part is an error naming it."""
    from types import SimpleNamespace

    def one_hot_at(st: Any, seat: int, players: int, now: Any) -> dict[int, float]:
        return {now[0]: 1.0, now[1]: 0.5} if now[1] is not None else {now[0]: 1.0}

    parts = [StatePart(lambda st, seat: (st.at, st.half), one_hot_at, fresh=True, size=4),
             StatePart(lambda st, seat: st.count, lambda st, seat, n, now: [now / 2.0], fresh=True)]
    enc = SimpleNamespace(game=SimpleNamespace(id="toy"), _state_parts=lambda players: parts,
                          observation_size=lambda players: 5)
    kept = encoding_module._Kept(enc, 0, 2)
    assert kept.read(SimpleNamespace(at=1, half=3, count=3)).tolist() == [0, 1, 0, 0.5, 1.5]
    assert kept.read(SimpleNamespace(at=2, half=None, count=3)).tolist() == [0, 0, 1, 0, 1.5]
    assert kept.read(SimpleNamespace(at=0, half=2, count=4)).tolist() == [1, 0, 0.5, 0, 2]
    with pytest.raises(ValueError, match="sets position 4"):
        encoding_module._Kept(enc, 0, 2).read(SimpleNamespace(at=4, half=None, count=0))


@pytest.mark.parametrize("options", games.get("high-school-drama").info.test_option_sets)
def test_kept_parts_equal_a_fresh_encoding_in_every_high_school_drama_variant(options: dict[str, Any]) -> None:
    """The variants read parts the default game leaves empty (the public draft's stacks, a
    transfer student, summer school): at every step each seat's kept vector equals a fresh one."""
    enc = encoding("high-school-drama")
    for players in (2, 3):
        try:
            state = games.get("high-school-drama").new_state(players, seed=9, options=options)
        except OptionError:  # a transfer student needs three players or more
            continue
        memos: dict[int, dict[object, object]] = {}
        shared: dict[object, object] = {}
        rng = random.Random(9)
        while not state.is_terminal():
            for seat in range(players):
                got = enc.features(state, seat, memos.setdefault(seat, {}), shared)
                assert np.array_equal(got, fresh("high-school-drama", state, seat)), (players, seat)
            state.apply(rng.choice(state.legal_actions()))


def test_a_sparse_parts_numbers_are_only_read() -> None:
    """An encoder may hand out the same remembered numbers again (the parts that recur do): the kept
    vector only reads them, here given read-only, and reading them again writes them again."""
    from types import MappingProxyType, SimpleNamespace

    remembered = {k: MappingProxyType({k: 1.0, 3: 0.5}) for k in range(3)}
    parts = [StatePart(lambda st, seat: st.at, lambda st, seat, n, now: remembered[now], fresh=True, size=4)]
    enc = SimpleNamespace(game=SimpleNamespace(id="toy"), _state_parts=lambda players: parts,
                          observation_size=lambda players: 4)
    read = encoding_module.Encoding.reader(enc, 0, 2)  # type: ignore[arg-type]
    for at in (0, 1, 0, 2, 2):
        assert read(SimpleNamespace(at=at), {}).tolist() == [float(at == k) for k in range(3)] + [0.5]
    assert dict(remembered[0]) == {0: 1.0, 3: 0.5}
