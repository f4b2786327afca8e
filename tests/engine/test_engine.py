"""Unit tests of the engine pieces: RNG, codec, options, actions, match, replays, undo."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import toygame
from homeroom import ENGINE_VERSION, games
from homeroom.engine import IllegalAction, OptionError, ReplayError, Rng, UnknownGame
from homeroom.engine.codec import CodecError, decode, encode
from homeroom.engine.match import Match, Seat


def test_rng_is_deterministic_and_spread() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.randrange(10) for _ in range(50)] == [b.randrange(10) for _ in range(50)]
    assert [Rng(1).randrange(1000) for _ in range(1)] != [Rng(2).randrange(1000)]
    counts = [0] * 6
    r = Rng(7)
    for _ in range(6000):
        counts[r.randrange(6)] += 1
    assert all(800 < c < 1200 for c in counts), counts
    deck = list(range(20))
    r.shuffle(deck)
    assert sorted(deck) == list(range(20)) and deck != list(range(20))
    c = r.copy()
    assert c.next32() == r.next32()
    with pytest.raises(ValueError):
        r.randrange(0)


@dataclass
class Inner:
    name: str
    tags: frozenset[str]


@dataclass
class Outer:
    n: int
    maybe: int | None
    pairs: list[tuple[int, str]]
    table: dict[int, Inner]
    rng: Rng


def test_codec_round_trip_and_errors() -> None:
    value = Outer(3, None, [(1, "a")], {5: Inner("x", frozenset({"b", "a"}))}, Rng(9))
    data = json.loads(json.dumps(encode(value)))
    assert decode(Outer, data) == value
    bad = dict(data, n="three")
    with pytest.raises(CodecError, match="n: expected an integer"):
        decode(Outer, bad)
    with pytest.raises(CodecError, match=r"table\.5\.name: expected a string"):
        decode(Outer, dict(data, table={"5": {"name": 1, "tags": []}}))
    with pytest.raises(CodecError, match="unknown field"):
        decode(Outer, dict(data, extra=1))
    with pytest.raises(CodecError, match="missing field 'rng'"):
        decode(Outer, {k: v for k, v in data.items() if k != "rng"})
    with pytest.raises(CodecError, match="expected an integer"):
        decode(Outer, dict(data, n=True))


def test_options_are_validated_with_clear_errors() -> None:
    game = toygame.GAME
    assert game.new_state(2, 0, {"copies": "2"}).options == {"copies": 2}
    with pytest.raises(OptionError, match="option 'copies' of toy must be a whole number"):
        game.new_state(2, 0, {"copies": "many"})
    with pytest.raises(OptionError, match="at most 5"):
        game.new_state(2, 0, {"copies": 9})
    with pytest.raises(OptionError, match="1-4 players, not 7"):
        game.new_state(7, 0)
    with pytest.raises(OptionError, match="seat names must be different"):
        game.new_state(2, 0, names=["Ana", "Ana"])


def test_illegal_action_leaves_state_unchanged_and_explains() -> None:
    state = toygame.GAME.new_state(2, 1)
    before = state.to_json()
    missing = next(v for v in range(1, 7) if v not in state.hands[0])
    reason = state.explain(toygame.Play(missing))
    assert reason is not None and f"no {missing} in hand" in reason and "rulebook: Turn" in reason
    with pytest.raises(IllegalAction) as info:
        state.apply(toygame.Play(missing))
    assert isinstance(info.value, ValueError)
    assert state.to_json() == before
    assert state.explain(state.legal_actions()[0]) is None


def test_action_json_is_stable_and_strict() -> None:
    game = toygame.GAME
    assert toygame.Play(3).to_json() == {"type": "Play", "card": 3}
    assert game.action_from_json({"type": "Play", "card": 3}) == toygame.Play(3)
    with pytest.raises(IllegalAction, match="unknown type 'Jump'"):
        game.action_from_json({"type": "Jump"})
    with pytest.raises(IllegalAction, match="card: expected an integer"):
        game.action_from_json({"type": "Play", "card": "3"})
    with pytest.raises(IllegalAction, match="missing field 'card'"):
        game.action_from_json({"type": "Play"})


def test_registry() -> None:
    assert games.get("toy") is toygame.GAME
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        games.get("chess")


def _finished_match(seed: int = 4) -> Match:
    match = Match.start(toygame.GAME, 3, seed, {}, [Seat("Ana"), Seat("Ben", "random"), Seat("Cy", "random")])
    rng = Rng(seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


def test_replay_file_round_trip(tmp_path: Path) -> None:
    match = _finished_match()
    path = tmp_path / "game.json"
    match.save(path)
    data = json.loads(path.read_text())
    assert data["format_version"] == 1 and data["engine_version"] == ENGINE_VERSION
    assert data["seats"][0] == {"name": "Ana", "agent": "human"}
    loaded = Match.load(path)
    assert loaded.state == match.state and loaded.log() == match.log()
    partial = Match.load(path, upto=5)
    assert len(partial.history) == 5


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format_version=99), "format_version 99 is not supported"),
        (lambda d: d.update(engine_version="0"), "engine version '0'"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(options={"copies": "lots"}), "option 'copies' of toy must be a whole number"),
        (lambda d: d["actions"].__setitem__(3, {"type": "Play", "card": 99}), "action 3 "),
        (lambda d: d["actions"].__setitem__(2, {"type": "Fly"}), "action 2 .*unknown type 'Fly'"),
        (lambda d: d.pop("seed"), "missing 'seed'"),
    ],
)
def test_bad_replays_fail_clearly_and_file_is_untouched(tmp_path: Path, change: Any, message: str) -> None:
    data = _finished_match().to_replay()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(ReplayError, match=message):
        Match.load(path)
    assert path.read_bytes() == before


def test_not_json_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{nope")
    with pytest.raises(ReplayError, match="not valid JSON"):
        Match.load(path)
    with pytest.raises(ReplayError, match="no such file"):
        Match.load(tmp_path / "missing.json")


def test_undo_own_decision_until_a_reveal() -> None:
    match = Match.start(toygame.GAME, 2, 11, {"copies": 3})
    state = match.state
    first = state.legal_actions()[0]
    match.play(first)  # seat 0 plays a card
    if match.state.phase == "respond":
        match.play(match.state.legal_actions()[0])
    before = match.state.to_json()
    assert match.undo_point(0) is not None
    assert match.undo(0) >= 1
    assert len(match.history) == 0 and match.state.to_json() != before
    match.play(first)
    if match.state.phase == "respond":
        match.play(match.state.legal_actions()[0])
    from toygame import Draw

    match.play(Draw())  # reveals a card to seat 0: no undo past it
    assert match.undo_point(0) is None
    with pytest.raises(IllegalAction, match="nothing to undo"):
        match.undo(0)


def test_private_log_lines() -> None:
    match = next(m for m in map(_finished_match, range(40)) if any("You draw" in x for x in m.log(0)))
    public, mine = match.log(None), match.log(0)
    assert len(public) == len(mine)
    assert not any("You draw" in line for line in public)
    assert any("You draw" in line for line in mine)


@dataclass
class WithDefault:
    space: str
    pawn: str = "scholar"


def test_codec_fills_omitted_fields_that_have_defaults() -> None:
    assert decode(WithDefault, {"space": "salon"}) == WithDefault("salon", "scholar")
    assert decode(WithDefault, {"space": "salon", "pawn": "secretary"}).pawn == "secretary"
    with pytest.raises(CodecError, match="missing field 'space'"):
        decode(WithDefault, {"pawn": "x"})
    with pytest.raises(CodecError, match="unknown field"):
        decode(WithDefault, {"space": "salon", "hat": 1})


def test_a_plugin_module_that_cannot_be_imported_is_a_clear_error(monkeypatch) -> None:
    import pytest

    from homeroom.engine.errors import UnknownGame

    monkeypatch.setenv(games.PLUGIN_ENV, "toygame,no_such_module_for_homeroom")
    with pytest.raises(UnknownGame, match="'no_such_module_for_homeroom', which cannot be imported"):
        games.get("some-game-nobody-registered")
    games._plugins_done.discard("no_such_module_for_homeroom")
