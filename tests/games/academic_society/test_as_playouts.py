"""Seeded random playouts, determinism, the terminal view and property tests of the rule helpers."""

from __future__ import annotations

import pytest
from as_helpers import new
from hypothesis import given, settings
from hypothesis import strategies as st_

from homeroom.engine import Rng
from homeroom.engine.match import Match, Seat
from homeroom.games import get
from homeroom.games.academic_society import GAME
from homeroom.games.academic_society.components import components
from homeroom.games.academic_society.individual_board import bounded, distributions
from homeroom.games.academic_society.management_board import column_rule, gain_contribution


def random_game(players: int, seed: int, check_every: bool = False) -> tuple[int, object]:
    st = new(players, seed)
    rng = Rng(seed * 7 + 1)
    steps = 0
    while not st.is_terminal():
        acts = st.legal_actions()
        assert acts, "a live state must offer a decision"
        st.apply(acts[rng.randrange(len(acts))])
        steps += 1
        assert steps <= GAME.info.max_decisions
        if check_every:
            assert st.invariants() == []
    assert st.invariants() == []
    assert st.round == components().rules.rounds
    return steps, st


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(players: int) -> None:
    for seed in range(12):
        random_game(players, seed, check_every=seed < 2)


def test_registered_and_deterministic() -> None:
    assert get("academic-society") is GAME
    _, one = random_game(3, 5)
    _, two = random_game(3, 5)
    assert one.to_json() == two.to_json()  # type: ignore[attr-defined]


def test_full_two_player_match_log_and_render() -> None:
    match = Match.start(GAME, 2, 11, seats=[Seat("Ana"), Seat("Ben", "random")])
    rng = Rng(3)
    while not match.state.is_terminal():
        acts = match.state.legal_actions()
        match.play(acts[rng.randrange(len(acts))])
    log = "\n".join(e.text for entry in match.history for e in entry.events)
    assert "Phase 3: Maintaining Authority" in log and "The game is over" in log
    assert "Ana" in log and "Ben" in log
    view = GAME.render(match.state, 0)
    assert "AUTHORITY TRACK" in view and "red->" in view and "blue->" in view
    assert match.state.winner()


def test_render_names_both_tracks() -> None:
    """TN1: the Authority track and the Influence track are distinct."""
    st = new(2, 1)
    view = GAME.render(st, None)
    assert "AUTHORITY TRACK" in view and "Influence" in view and "CONTRIBUTION TRACK" in view
    assert "Secretaries" not in view or "beside the board" in view


def test_observation_hides_pile_order() -> None:
    st = new(4, 3)
    obs = st.observation(0)
    assert obs["royal_commission_pile"] == len(st.rc_pile)
    assert all(isinstance(v, int) for v in obs["treatise_piles"].values())
    det = st.determinize(0, Rng(9))
    assert det.observation(0) == obs


@given(st_.integers(0, 6), st_.integers(0, 12))
def test_overflow_property(start: int, n: int) -> None:
    st = new(2, 1)
    st.contribution[0] = start
    before = st.influence[0]
    gain_contribution(st, 0, n)
    assert st.contribution[0] == min(6, start + n)
    assert st.influence[0] - before == 2 * max(0, start + n - 6)


@given(st_.integers(0, 8), st_.lists(st_.integers(0, 6), min_size=4, max_size=4))
def test_distributions_property(n: int, bound: list[int]) -> None:
    dists = distributions(n)
    assert len(set(dists)) == len(dists) and all(sum(d) == n and min(d) >= 0 for d in dists)
    for d in bounded(n, bound):
        assert all(d[i] <= bound[i] for i in range(4))


@settings(max_examples=60)
@given(st_.lists(st_.integers(1, 13), min_size=1, max_size=7))
def test_column_rule_property(cells: list[int]) -> None:
    st = new(2, 1)
    st.authority[0] = sorted(cells)
    st.hand[0] = 0
    column_rule(st, 0)
    comps = components()
    columns = [comps.cells[o].column for o in st.authority[0]]
    assert len(columns) == len(set(columns))
    assert len(st.authority[0]) + st.hand[0] == len(cells)
    for col in set(columns):  # the scholar kept is the one on the larger-numbered cell
        kept = [o for o in st.authority[0] if comps.cells[o].column == col][0]
        assert kept == max(o for o in cells if comps.cells[o].column == col)


@pytest.mark.soak
def test_soak_1000_four_player_games() -> None:
    for seed in range(1000):
        random_game(4, seed)
