"""The fast paths of the RL environments (issue 36) show exactly what the from-scratch encoding
shows: the remembered action indices, the mask without the observation, the declared bounds and
the vectorised environments."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from call_counts import count_calls
from homeroom import games
from homeroom.engine import State
from homeroom.rl import aec_env, encoding
from homeroom.rl.encoding import Encoding
from homeroom.rl.vector import action_masks, sb3_vec_env, vector_env

GAMES = ("class-of-89", "academic-society", "high-school-drama")
CASES = [(g, p) for g in GAMES for p in games.get(g).info.player_counts]


def scratch_indices(enc: Encoding, state: State) -> dict[int, Any]:
    """Index -> action, every key computed afresh from ``state.observation(seat)``."""
    seat = state.to_move
    assert seat is not None
    obs = state.observation(seat)
    return {enc.key_index(a, *enc.module.action_key(obs, seat, a)): a for a in state.legal_actions()}


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_cached_mask_and_features_equal_a_from_scratch_encoding(game_id: str, players: int) -> None:
    """Seeded random games, each position encoded twice over (the second time from the remembered
    indices) and by the AEC env: the indices, masks and features are those computed afresh."""
    enc = encoding(game_id)
    env = aec_env(game_id, players)
    for seed in range(2):
        env.reset(seed=seed)
        state = env.state
        assert state is not None
        rng = random.Random(seed)
        while not state.is_terminal():
            scratch = scratch_indices(enc, state)
            assert enc.legal_indices(state) == scratch
            assert enc.legal_indices(state) == scratch  # now all remembered
            mover = env.agent_selection
            expected = np.zeros(enc.n, dtype=np.int8)
            expected[list(scratch)] = 1
            assert (env.action_mask(mover) == expected).all()
            seat = rng.randrange(players)
            observed = env.observe(env.possible_agents[seat])
            fresh = type(state).from_json(state.to_json()) if rng.random() < 0.05 else state
            scratch_features = np.asarray(enc.module.observation_features(fresh.observation(seat), seat, players),
                                          dtype=np.float32)  # the encoding as it was before issue 36
            assert observed["observation"].dtype == np.float32
            assert (observed["observation"] == scratch_features).all()
            assert observed["action_mask"].any() == (seat == state.to_move)
            env.step(rng.choice(sorted(scratch)))


def test_action_objects_handed_out_again_are_found_without_hashing_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Class of '89 hands out the very same action objects again: an index remembered for one is
    found by the object's id, without the action's own (Python) ``__hash__``; the equal objects of
    a position read back from JSON get the same indices."""
    game = games.get("class-of-89")
    enc = Encoding(game)
    state = game.new_state(2, seed=3)
    first = enc.legal_indices(state)
    assert first == scratch_indices(enc, state)
    hashed = [count_calls(monkeypatch, kind, "__hash__") for kind in game.action_types]
    again = enc.legal_indices(state)
    assert sum(calls[0] for calls in hashed) == 0
    assert again == first
    assert enc.legal_indices(type(state).from_json(state.to_json())) == first


def test_a_key_seen_before_costs_a_look_up_not_the_sum(monkeypatch: pytest.MonkeyPatch) -> None:
    """High School Drama's hookup keys read the position, so those actions are not remembered, but
    their keys are: the same hookups again cost ``action_key`` and a look-up, not ``key_index``."""
    from homeroom.games.high_school_drama.actions import HookUp

    game = games.get("high-school-drama")
    enc = Encoding(game)
    state = game.new_state(2, seed=1)
    rng = random.Random(1)
    while not any(isinstance(action, HookUp) for action in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    first = enc.legal_indices(state)
    assert first == scratch_indices(enc, state)
    summed = count_calls(monkeypatch, enc, "key_index")
    assert enc.legal_indices(state) == first
    assert summed[0] == 0


@pytest.mark.parametrize("game_id", ["class-of-89", "academic-society"])
def test_the_mask_builds_no_observation_where_no_key_reads_one(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Class of '89 and Academic Society keys follow from the action alone: stepping the AEC env with
    ``last(observe=False)`` never builds a seat's observation (the costliest part of a step)."""
    env = aec_env(game_id, 2)
    env.reset(seed=4)
    state = env.state
    assert state is not None
    built: list[int | None] = []
    real = type(state).observation

    def counting(self: State, seat: int | None) -> Mapping[str, Any]:
        built.append(seat)
        return real(self, seat)

    monkeypatch.setattr(type(state), "observation", counting)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(300):
        _, _, term, trunc, _ = env.last(observe=False)
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(env.action_mask(agent)))))
    assert built == []
    env.observe(env.agent_selection)
    assert built == []  # the features too are read from the state (test_rl_observation_parts.py)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_observation_spaces_declare_real_bounds_that_random_games_keep(game_id: str, players: int) -> None:
    game, enc = games.get(game_id), encoding(game_id)
    env = aec_env(game_id, players)
    box = env.observation_space(env.possible_agents[0])["observation"]
    low, high = enc.observation_bounds(players)
    assert (box.low == low).all() and (box.high == high).all()
    assert np.isfinite(low).all() and np.isfinite(high).mean() > 0.95  # inf only where the rules set no cap
    assert (low[low < 0] >= -2).all()
    state = game.new_state(players, seed=7)
    rng = random.Random(7)
    while not state.is_terminal():
        for seat in range(players):
            features = enc.features(state, seat)
            outside = np.flatnonzero((features < low) | (features > high))
            assert outside.size == 0, f"features {outside[:5]} leave their bounds"
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("processes", [0, 2])
def test_the_vector_env_steps_many_games_and_resets_finished_ones(processes: int) -> None:
    venv = vector_env("high-school-drama", 2, processes=processes, players=2, opponents="random")
    try:
        obs, info = venv.reset(seed=3)
        assert obs.shape == (2, encoding("high-school-drama").observation_size(2))
        rng = np.random.default_rng(0)
        finished = 0
        for _ in range(400):
            masks = action_masks(venv)
            assert (masks == info["action_mask"].astype(bool)).all() and masks.any(axis=1).all()
            assert venv.single_observation_space.contains(obs[0])
            obs, rewards, terms, _, info = venv.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
            for i in np.flatnonzero(terms):
                finished += 1
                assert rewards[i] in (1.0, -1.0) and info["final_info"]["place"][i] >= 1
        assert finished >= 2
    finally:
        venv.close()


def test_the_sb3_adapter_reports_finished_games_as_sb3_does() -> None:
    env = sb3_vec_env(vector_env("academic-society", 3, players=2, opponents="random"))
    env.seed(5)
    obs = env.reset()
    assert obs.shape == (3, encoding("academic-society").observation_size(2))
    ends = 0
    while ends == 0:
        masks = env.action_masks()
        assert masks.shape == (3, encoding("academic-society").n) and masks.any(axis=1).all()
        env.step_async(np.array([np.flatnonzero(m)[0] for m in masks]))
        obs, rewards, dones, infos = env.step_wait()
        for i in np.flatnonzero(dones):
            ends += 1
            assert infos[i]["place"] >= 1 and infos[i]["terminal_observation"].shape == obs[i].shape
    assert env.get_attr("players") == [2, 2, 2]
    env.close()


def test_a_bad_vector_env_fails_in_one_line() -> None:
    with pytest.raises(ValueError, match="num_envs must be"):
        vector_env("high-school-drama", 0)
    with pytest.raises(ValueError, match="processes must be 0"):
        vector_env("high-school-drama", 4, processes=2)
    with pytest.raises(ValueError, match="3 players need 2"):
        vector_env("high-school-drama", 2, players=3, opponents=["random"])


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_layout_covers_every_feature_and_the_docs_show_it(game_id: str, players: int) -> None:
    enc = encoding(game_id)
    layout = enc.observation_layout(players)
    assert sum(n for _, n, _, _ in layout) == enc.observation_size(players)
    assert all(name and n > 0 for name, n, _, _ in layout)
    docs = (Path(__file__).parents[2] / "src/homeroom/rl/ENCODING.md").read_text()
    assert enc.layout_table(2) in docs, f"ENCODING.md: paste encoding({game_id!r}).layout_table(2) again"


def test_masks_handed_out_are_fresh_writable_arrays_of_the_declared_type() -> None:
    """The AEC mask (int8) and the Gymnasium mask (bool) are new arrays each call, 1 exactly at the
    legal indices: a trainer that writes into one changes neither the env nor the next mask."""
    from homeroom.rl import HomeroomEnv

    env = aec_env("high-school-drama", 2)
    env.reset(seed=3)
    agent = env.agent_selection
    first, again = env.action_mask(agent), env.action_mask(agent)
    assert first.dtype == np.int8 and first is not again and first.flags.writeable
    assert sorted(np.flatnonzero(first)) == sorted(env._legal)
    first[:] = 1
    assert np.array_equal(env.action_mask(agent), again)
    other = next(a for a in env.possible_agents if a != agent)
    assert not env.action_mask(other).any()
    gym_env = HomeroomEnv("high-school-drama", players=2, opponents="random")
    gym_env.reset(seed=3)
    mask = gym_env.action_masks()
    assert mask.dtype == np.bool_ and mask.flags.writeable
    assert sorted(np.flatnonzero(mask)) == sorted(gym_env._legal)
    mask[:] = False
    assert gym_env.action_masks().any()


def test_the_paired_read_bench_compares_two_trees_and_names_a_missing_encoding(tmp_path: Path) -> None:
    """``bench/paired_read.py`` run against this very tree times both sides over the same games and
    prints one line with both figures; a tree without the game's ``rl.py`` is named in its error."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    script = root / "bench" / "paired_read.py"
    env = {"PYTHONPATH": str(root / "src"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, str(script), "--old", str(root / "src"), "--games", "2",
                           "--game", "high-school-drama"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith("high-school-drama, 2 players, 2 games,") and " old " in line and " new " in line
    missing = subprocess.run([sys.executable, str(script), "--old", str(tmp_path)], capture_output=True, text=True,
                             env=env, timeout=120)
    assert missing.returncode != 0 and "no rl.py at" in missing.stderr + missing.stdout
