"""One conformance suite for every registered game, player count and rule option set.

Modelled on OpenSpiel's games_sim_test, PettingZoo's api_test and TAG's ForwardModelTester:
seeded random playouts check, at every step, legality, termination within the declared bound,
invariants, and (on a sample of playouts) cloning, JSON round trips, determinism, rejection of
illegal and malformed actions, and that observations leak nothing hidden.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from cases import case_id, cases

from homeroom import games
from homeroom.engine import Action, IllegalAction, Rng, State
from homeroom.engine.match import Match

CASES = cases()
QUICK_PLAYOUTS = 200
"""Seeded playouts per game and player count with the default options in the normal suite."""
VARIANT_PLAYOUTS = 50
"""... and per other option set (each changes some rules; together they add up to hundreds)."""
SOAK_PLAYOUTS = 2000
DEEP_PLAYOUTS = 2


def _check_terminal(state: State) -> None:
    assert state.legal_actions() == []
    assert state.to_move is None
    winner = state.winner()
    assert winner is not None
    if state.players > 1:
        assert winner, "a finished game of several players has at least one winner"
    # (a solo game against an automa may end with no seat winning)
    assert all(0 <= w < state.players for w in winner)
    assert state.outcome()


def _playout(game_id: str, players: int, options: dict[str, Any], seed: int) -> tuple[State, list[Action]]:
    game = games.get(game_id)
    state = game.new_state(players, seed, options)
    rng = Rng(seed * 7919 + 1)
    actions: list[Action] = []
    bound = game.info.max_decisions
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action but the game is not over"
        assert state.to_move is not None and 0 <= state.to_move < players
        action = rng.choice(legal)
        state.apply(action)
        actions.append(action)
        problems = state.invariants()
        assert not problems, f"seed {seed}, decision {len(actions)}: {problems}"
        assert len(actions) <= bound, f"seed {seed}: no end within {bound} decisions"
    _check_terminal(state)
    return state, actions


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_playouts_finish_with_invariants(case: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = case
    for seed in range(QUICK_PLAYOUTS if not options else VARIANT_PLAYOUTS):
        _playout(game_id, players, options, seed)


@pytest.mark.soak
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_soak_random_playouts(case: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = case
    for seed in range(QUICK_PLAYOUTS, QUICK_PLAYOUTS + SOAK_PLAYOUTS):
        _playout(game_id, players, options, seed)


def _illegal_candidates(state: State, pool: list[Action]) -> list[Any]:
    legal = set(state.legal_actions())
    out: list[Any] = [a for a in pool if a not in legal][:5]
    out += [None, "place", 42, object()]
    return out


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_deep_step_checks(case: tuple[str, int, dict[str, Any]]) -> None:
    """Clone, JSON, snapshots, illegal moves, determinize leak check, at every step."""
    game_id, players, options = case
    game = games.get(game_id)
    for seed in range(1000, 1000 + DEEP_PLAYOUTS):
        state = game.new_state(players, seed, options)
        rng = Rng(seed)
        det_rng = Rng(seed + 17)
        pool: list[Action] = []
        snapshots: list[tuple[State, str]] = []
        trail: list[str] = []
        actions: list[Action] = []
        while True:
            text = state.to_json()
            trail.append(text)
            # JSON round trip, byte for byte
            back = game.state_from_json(text)
            assert back.to_json() == text
            assert back == state
            # clone is equal and independent
            copy = state.clone()
            assert copy == state
            snapshots.append((copy, text))
            # observations: JSON-able, and identical across every re-deal of what the seat cannot see
            for viewer in [*range(players), None]:
                obs = state.observation(viewer)
                json.dumps(obs)
                det = state.determinize(viewer, det_rng)
                assert det.observation(viewer) == obs, f"seed {seed}: observation of {viewer} leaks hidden info"
                assert state.to_json() == text, "determinize changed the original"
                assert det.invariants() == [], f"determinize broke invariants: {det.invariants()}"
            if state.is_terminal():
                _check_terminal(state)
                break
            legal = state.legal_actions()
            pool.extend(legal)
            # illegal and malformed actions are rejected and change nothing
            for bad in _illegal_candidates(state, pool):
                assert state.explain(bad) is not None
                with pytest.raises(IllegalAction):
                    state.apply(bad)
                assert state.to_json() == text
            for raw in ({"type": "NoSuchAction"}, {"type": type(legal[0]).type_name(), "bogus": 1}, [], "x"):
                with pytest.raises(IllegalAction):
                    game.action_from_json(raw)
            action = rng.choice(legal)
            assert state.explain(action) is None
            # every legal action round-trips through JSON and has a description
            for a in legal:
                assert game.action_from_json(json.loads(json.dumps(a.to_json()))) == a
                assert a.describe().strip()
            state.apply(action)
            actions.append(action)
            assert len(actions) <= game.info.max_decisions
        # earlier snapshots never changed
        for snap, snap_text in snapshots:
            assert snap.to_json() == snap_text
        # determinism: the same seed and actions give the same bytes at every step
        again = game.new_state(players, seed, options)
        assert again.to_json() == trail[0]
        for i, action in enumerate(actions):
            again.apply(action)
            assert again.to_json() == trail[i + 1], f"seed {seed}: not deterministic at decision {i}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_replay_rebuilds_game_and_log(case: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = case
    game = games.get(game_id)
    match = Match.start(game, players, 77, options)
    rng = Rng(3)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    data = json.loads(json.dumps(match.to_replay()))
    again = Match.from_replay(data)
    assert again.state.to_json() == match.state.to_json()
    assert again.log() == match.log()
    for seat in range(players):
        assert again.log(seat) == match.log(seat)


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_metadata_and_option_errors(game_id: str) -> None:
    game = games.get(game_id)
    info = game.info
    json.dumps(info.to_json())
    assert info.min_players <= info.max_players
    with pytest.raises(ValueError, match="players"):
        game.new_state(info.max_players + 1, 0)
    with pytest.raises(ValueError, match="unknown option 'no_such_option'"):
        game.new_state(info.min_players, 0, {"no_such_option": 1})
    with pytest.raises(ValueError, match="seed"):
        game.new_state(info.min_players, "abc")  # type: ignore[arg-type]
    for spec in info.options:
        assert spec.coerce(spec.default, game_id) == spec.default
    assert game.check_data() == []
