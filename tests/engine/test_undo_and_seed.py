"""Issue 30: no player or spectator learns a hidden card through the log's seed or through undo.

Undo is structural: a decision whose outcome depended on something hidden from its seat (a draw,
a deal, a shuffle, another seat's hidden card) can never be taken back, in every game; ordinary
decisions stay undoable, one after another.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from homeroom import games
from homeroom.engine import IllegalAction, Rng
from homeroom.engine.match import Entry, Match

SEED = 918_273_645
"""A seed no log line could contain by chance."""


def _random_match(game_id: str, players: int, seed: int, decisions: int | None = None) -> Match:
    match = Match.start(games.get(game_id), players, seed)
    rng = Rng(seed)
    while not match.state.is_terminal() and (decisions is None or len(match.history) < decisions):
        match.play(rng.choice(match.state.legal_actions()))
    return match


def _reveals_only_undo_point(history: list[Entry], seat: int) -> int | None:
    """The undo rule before issue 30: back to the seat's last decision unless an event since
    ``reveals`` something (a deal nobody marked as revealing did not stop it)."""
    for index in range(len(history) - 1, -1, -1):
        if any(e.reveals for e in history[index].events):
            return None
        if history[index].seat == seat:
            return index
    return None


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_no_log_line_or_view_carries_the_seed(game_id: str) -> None:
    game = games.get(game_id)
    for players in game.info.player_counts:
        match = Match.start(game, players, SEED)
        rng = Rng(5)
        while True:
            for viewer in [None, *range(players)]:
                lines = match.log(viewer)
                assert not [x for x in lines if str(SEED) in x], f"{players}p: a log line carries the seed"
                assert str(SEED) not in json.dumps(match.state.observation(viewer))
            if match.state.is_terminal() or len(match.history) > 40:
                break
            match.play(rng.choice(match.state.legal_actions()))
        assert match.log()[0] == f"New game of {game.info.name} for {players} player(s)."
        assert match.to_replay()["seed"] == SEED  # the player's own file keeps it


def _year_ending_bond(seed: int) -> tuple[Match, int, Any]:
    """A 3-player High School Drama game played at random up to the first Bond that ends a school
    year (the end of year deals new students and organizations into the quad from the hidden
    decks), with the seat that made it and the state before it."""
    match = Match.start(games.get("high-school-drama"), 3, seed)
    rng = Rng(seed)
    while not match.state.is_terminal():
        seat, year, before = match.state.to_move, match.state.year, match.state.clone()
        action = rng.choice(match.state.legal_actions())
        match.play(action)
        if match.state.year != year and type(action).__name__ == "Bond":
            return match, seat, before
    raise AssertionError(f"no year-ending Bond with seed {seed}")


def test_high_school_drama_year_ending_bond_cannot_be_undone() -> None:
    match, seat, before = _year_ending_bond(0)
    index = len(match.history) - 1
    entry = match.history[index]
    # what made it a leak: the seat sees new quad cards that a re-deal of the hidden decks changes
    quads = set()
    for k in range(6):
        world = before.determinize(seat, Rng(k))
        world.apply(entry.action)
        quads.add(tuple(world.observation(seat)["quad"]))
    assert len(quads) > 1
    assert _reveals_only_undo_point(match.history, seat) == index, "the old rule let the seat undo it"
    assert match.undo_point(seat) is None
    assert entry.hidden
    with pytest.raises(IllegalAction, match="nothing to undo"):
        match.undo(seat)
    # the same from a save file: the rebuilt game checks its last decisions the same way
    again = Match.from_replay(json.loads(json.dumps(match.to_replay())))
    assert again.undo_point(seat) is None and again.history[index].hidden


def test_an_ordinary_decision_stays_undoable_and_undo_restores_it() -> None:
    # High School Drama: hooking up two cards in the quad depends on nothing hidden from the seat
    match = Match.start(games.get("high-school-drama"), 3, 0)
    rng = Rng(0)
    while not any(type(a).__name__ == "HookUp" for a in match.state.legal_actions()):
        match.play(rng.choice(match.state.legal_actions()))
    before = match.state.to_json()
    seat = match.state.to_move
    assert seat is not None
    match.play(next(a for a in match.state.legal_actions() if type(a).__name__ == "HookUp"))
    assert not match.history[-1].hidden
    assert match.undo_point(seat) == len(match.history) - 1
    assert match.undo(seat) == 1
    assert match.state.to_json() == before


def test_several_own_decisions_in_a_row_undo_one_by_one() -> None:
    # Class of '89, 2 players: seat 1 puts tokens three times in a row (decisions 39-41)
    match = _random_match("class-of-89", 2, 1, 39)
    seat = match.state.to_move
    rng = Rng(77)
    states = []
    for _ in range(3):
        assert match.state.to_move == seat
        states.append(match.state.to_json())
        match.play(rng.choice(match.state.legal_actions()))
    flags = [e.hidden for e in match.history]
    for expected in reversed(states):
        assert match.undo_point(seat) == len(match.history) - 1
        match.undo(seat)
        assert match.state.to_json() == expected
        assert [e.hidden for e in match.history] == flags[:len(match.history)], "undo keeps the flags"


def test_rebuilt_match_checks_only_the_last_run_and_agrees_with_live_play() -> None:
    live = _random_match("class-of-89", 2, 1, 42)  # ends inside seat 1's run of decisions 37-49
    rebuilt = Match.from_replay(json.loads(json.dumps(live.to_replay())))
    assert all(e.hidden for e in rebuilt.history), "not worked out until an undo point is asked for"
    assert rebuilt.undo_point(1) == live.undo_point(1) == 41
    tail = [i for i, e in enumerate(live.history) if i >= 37]
    assert [rebuilt.history[i].hidden for i in tail] == [live.history[i].hidden for i in tail]
    assert all(e.hidden for e in rebuilt.history[:37]), "earlier decisions are marked conservatively"
    assert rebuilt.undo_point(0) is None  # seat 0's last decision is behind seat 1's: not reachable
    rebuilt.undo(1)
    assert rebuilt.state.to_json() == Match.from_replay(live.to_replay(), upto=41).state.to_json()

