"""Phases 1, 3, 4 and 6, scoring and tie-breaks, reproducing the rulebook's examples."""

from __future__ import annotations

import pytest
from as_helpers import begin, give, new, refresh, stage, start_round_with, texts

from homeroom.games.academic_society import GAME, preparation
from homeroom.games.academic_society.actions import Declare, Gain, Maintain, Move, Place
from homeroom.games.academic_society.components import components
from homeroom.games.academic_society.management_board import gain_contribution


# ------------------------------------------------------------------ Phase 1
def test_rulebook_example_royal_commission() -> None:
    """A player spends one Chemistry and one Physics Theory, achieves the tile and gains 2 Contribution."""
    st = new(2, 1)
    a, b = st.order
    start_round_with(st, [1])
    assert st.to_move == a and st.legal_actions() == [Declare(1, True), Declare(1, False)]
    before = list(st.theories[a])
    events = st.apply(Declare(1, True))
    assert st.theories[a] == [before[0], before[1] - 1, before[2], before[3] - 1]
    assert st.contribution[a] == 2
    assert "gains 2 Contribution" in texts(events)
    # another player may achieve the same tile
    assert st.to_move == b
    st.apply(Declare(1, True))
    assert st.contribution[b] == 2
    assert st.rc_done == [1] and st.rc_revealed == [] and st.phase == 2


def test_unaffordable_commission_auto_declined() -> None:
    st = new(2, 1)
    a, b = st.order
    give(st, a, 4, 4, 4, 1)
    events = start_round_with(st, [5])  # 2 Chemistry
    assert "cannot pay for Royal Commission 5" in texts(events)
    assert st.to_move == b and st.pending[-1].kind == "declare"


@pytest.mark.usefixtures("issue17_layout")
def test_commission_reduction() -> None:
    st = new(2, 1)
    a, _ = st.order
    give(st, a, 4, 4, 4, 1)
    st.sabbatical[a][3] = 1  # Chemistry track, space 1: Royal Commission cost reduction
    start_round_with(st, [5])
    assert st.to_move == a
    st.apply(Declare(5, True))
    assert st.theories[a] == [4, 4, 4, 0]


def test_phase1_two_tiles_in_order() -> None:
    st = new(2, 1)
    a, b = st.order
    give(st, a, 2, 0, 0, 2)
    start_round_with(st, [2, 10], round=5)  # 2 Mathematics, then 1 Mathematics + 2 Chemistry
    assert st.rc_revealed == [2, 10]
    events = st.apply(Declare(2, True))
    assert "cannot pay for Royal Commission 10" in texts(events)
    assert st.to_move == b


def test_two_player_secretaries_phase1() -> None:
    st = new(2, 1)
    st.secretariat, st.beside = [], ["math", "physics", "astronomy", "chemistry"]
    start_round_with(st, [1])  # 1 Chemistry + 1 Physics: no subject reaches 2
    assert st.secretariat == []
    start_round_with(st, [3], round=2)  # 2 Physics
    assert st.secretariat == ["physics"] and "physics" not in st.beside
    start_round_with(st, [1, 7], round=5)  # Physics 1+1, Chemistry 1+1, Mathematics 1
    assert st.secretariat == ["physics", "chemistry"]
    assert sorted(st.beside) == ["astronomy", "math"]
    st3 = new(3, 1)
    assert st3.secretariat == ["math", "physics", "astronomy", "chemistry"] and st3.beside == []


# ------------------------------------------------------------------ Phase 3
def test_column_rule_after_phase3() -> None:
    st = new(2, 1)
    a, b = st.order
    st.authority[b] = [1, 6, 7, 8]
    st.hand[b] = 3
    give(st, a, 4, 4, 4, 4)
    give(st, b, 0, 0, 0, 0)
    st.contribution[a] = 1
    begin(st, 3)
    # cell 1: a first (turn order), then b; b cannot pay and is laid down automatically
    assert st.to_move == a and st.legal_actions() == [Maintain(1, True), Maintain(1, False)]
    st.apply(Maintain(1, True))  # pays 1 Physics
    assert st.theories[a] == [4, 3, 4, 4]
    assert st.laid[b] == [1]
    st.apply(Maintain(2, False))
    st.apply(Maintain(3, True))
    events = st.apply(Maintain(4, True))
    log = texts(events)
    assert "from cell 2 to cell 6" in log
    assert sorted(st.authority[a]) == [1, 3, 4, 6]
    # b: 1->5, 6->11, 7->12, 8->9; 5 and 9 share the Physics column: 5 (smaller) returns to hand
    assert sorted(st.authority[b]) == [9, 11, 12]
    assert st.hand[b] == 4
    assert "the one on cell 5 returns to hand" in log
    # Phase 4 follows: b (lowest Contribution) must move a scholar along a red arrow
    assert st.phase == 4 and st.to_move == b and st.pending[-1].kind == "red"
    assert st.legal_actions() == [Move(9, 13), Move(11, 13), Move(12, 13)]
    events = st.apply(Move(11, 13))
    assert sorted(st.authority[b]) == [9, 12, 13]


def test_cell13_pays() -> None:
    st = new(2, 1)
    a, b = st.order
    st.authority[a] = [2, 3, 4, 13]
    give(st, a, 0, 0, 0, 0)
    give(st, b, 0, 0, 0, 0)
    st.influence[a] = 3
    events = begin(st, 3)
    assert "must pay the Research Report cost of cell 13: 1 Influence" in texts(events)
    assert st.influence[a] == 2 and 13 in st.authority[a]


def test_cell13_influence_zero() -> None:
    st = new(2, 1)
    a, b = st.order
    st.authority[a] = [2, 3, 4, 13]
    give(st, a, 0, 0, 0, 0)
    give(st, b, 0, 0, 0, 0)
    events = begin(st, 3)
    assert "stays on cell 13 without paying" in texts(events)
    assert st.influence[a] == 0 and 13 in st.authority[a]


@pytest.mark.usefixtures("issue17_layout")
def test_research_report_reduction() -> None:
    st = new(2, 1)
    a, b = st.order
    st.sabbatical[a][1] = 2  # Physics track up to space 2: Research Report cost reduction
    give(st, a, 0, 0, 0, 0)
    give(st, b, 0, 0, 0, 0)
    begin(st, 3)
    # cell 1 costs 1 Physics, less 1 Physics: nothing, so a holds no Theory and may still keep it
    assert st.to_move == a and st.pending[-1].n == 1
    assert Maintain(1, True) in st.legal_actions()
    st.apply(Maintain(1, True))
    assert st.theories[a] == [0, 0, 0, 0] and 1 in st.authority[a]


# ------------------------------------------------------------------ Phase 4
def test_phase4_order_and_penalty() -> None:
    st = new(3, 2)
    s0, s1, s2 = 0, 1, 2
    st.contribution = [3, 3, 0]
    st.stamp = [5, 6, 1]  # s1 is on top of s0 on space 3
    st.stamp_counter = 6
    refresh(st)
    begin(st, 4)
    assert st.order == [s1, s0, s2]
    # each gains the bonus of space 3 (1 Theory of any subject) in the new order
    assert st.to_move == s1 and st.pending[-1].kind == "gain"
    st.apply(Gain((1, 0, 0, 0)))
    assert st.to_move == s0
    st.apply(Gain((0, 1, 0, 0)))
    assert st.theories[s1][0] == 5 and st.theories[s0][1] == 5
    # the lowest (s2) returns to START and moves a scholar along a red arrow
    assert st.to_move == s2 and st.pending[-1].kind == "red"
    st.apply(Move(1, 5))
    assert st.authority[s2] == [2, 3, 4, 5] and st.contribution[s2] == 0


def test_phase4_tied_lowest_highest_marker_first() -> None:
    """Several on the lowest space: highest marker first; each returned marker goes on top at START."""
    st = new(3, 2)
    st.contribution = [2, 1, 1]
    st.stamp = [3, 1, 2]  # seat 2 above seat 1 on space 1
    st.stamp_counter = 3
    refresh(st)
    begin(st, 4)
    assert st.order == [0, 2, 1]
    assert st.to_move == 2 and st.pending[-1].kind == "red"
    st.apply(Move(1, 5))
    assert st.to_move == 1
    st.apply(Move(1, 5))
    assert st.contribution == [2, 0, 0]
    assert st.stamp[1] > st.stamp[2]  # returned later, so on top at START


def test_phase4_markers_already_on_start_keep_their_stack() -> None:
    """G20: a penalised marker already on START is not moved, so the START stack (and with it the
    next turn order) does not invert in a round when nobody gains Contribution."""
    st = new(3, 2)
    st.contribution = [0, 0, 0]
    st.stamp = [1, 3, 2]  # seat 1 on top, then seat 2, then seat 0
    st.stamp_counter = 3
    refresh(st)
    events = begin(st, 4)
    assert st.order == [1, 2, 0]
    assert "the marker stays on START" in texts(events)
    while st.phase == 4:
        st.apply(st.legal_actions()[0])
    assert sorted(range(3), key=lambda s: -st.stamp[s]) == [1, 2, 0]


def test_overflow_example() -> None:
    """A marker on the highest space gains 3 Contribution: 6 Influence instead."""
    st = new(2, 1)
    a, b = st.order
    st.contribution[a] = st.contribution[b] = 6
    text = gain_contribution(st, a, 3)
    assert st.contribution[a] == 6 and st.influence[a] == 6 and "6 Influence" in text
    assert st.stamp[a] > st.stamp[b]  # placed on top of the other marker there


# ------------------------------------------------------------------ Phase 6
def test_premier_bonus() -> None:
    st = new(3, 1)
    st.authority = [[1, 2, 3, 4], [2, 7, 8, 9], [3, 5, 6, 12]]
    events = preparation.phase6(st)
    assert st.sec_hand[0] == ["physics", "math"]
    assert st.secretariat == ["astronomy", "chemistry"]
    assert "alone holds cell 1" in texts(events)
    # next round the Secretary is placed like a scholar
    decline = start_round_with(st, [2], round=2)
    assert decline is not None
    while st.pending[-1].kind == "declare":
        st.apply(Declare(2, False))
    seat = st.to_move
    assert seat is not None
    if seat == 0:
        assert Place("salon", "physics") in st.legal_actions()


def test_premier_bonus_two_players() -> None:
    st = new(2, 1)
    a, b = st.order
    st.authority[b] = [5, 6, 7, 8]
    st.secretariat, st.beside = [], ["math", "physics", "astronomy", "chemistry"]
    events = preparation.phase6(st)
    assert st.sec_hand[a] == [] and "is not on the Secretariat" in texts(events)
    st.secretariat = ["physics"]
    st.beside.remove("physics")
    preparation.phase6(st)
    assert st.sec_hand[a] == ["physics"]


def test_phase6_returns_pawns() -> None:
    st = new(3, 1)
    st.secretariat.remove("math")
    st.board["salon"] = [(0, "scholar"), (0, "math")]
    hand = st.hand[0]
    preparation.phase6(st)
    assert st.hand[0] == hand + 1 and "math" in st.secretariat and st.board["salon"] == []


def test_treatise_pile_reshuffles() -> None:
    st = new(2, 1)
    pile = st.tr_piles["math"]
    st.tr_discard["math"] += pile[:-1]
    del pile[:-1]
    old = list(st.tr_revealed["math"])
    preparation.phase6(st)
    assert len(st.tr_revealed["math"]) == 2
    assert st.game_invariants() == [] or all("Treatise" not in p for p in st.game_invariants())
    everything = st.tr_piles["math"] + st.tr_revealed["math"] + st.tr_discard["math"]
    assert set(old) <= set(everything)
    assert len(everything) == 8


# ------------------------------------------------------------------ scoring
def test_scores_breakdown() -> None:
    st = new(2, 1)
    a, _ = st.order
    st.authority[a] = [1, 6, 11, 13]
    st.sabbatical[a] = [3, 1, 0, 0]
    st.presentation[a][0] = [3]
    st.influence[a] = 10
    score = st.scores()[a]
    comps = components()
    authority = comps.cells[1].influence + comps.cells[6].influence + comps.cells[11].influence
    assert comps.cells[13].influence == 0
    sabbatical, treatise = comps.rows[0].influence, comps.treatises[3].influence
    assert score.breakdown == {"influence": 10, "authority": authority, "sabbatical": sabbatical,
                               "treatises": treatise}
    assert score.total == 10 + authority + sabbatical + treatise


def test_tiebreaks() -> None:
    st = new(3, 1)
    st.phase = 0
    st.pending = []
    st.authority = [[1, 2, 3, 4]] * 3
    st.influence = [5, 5, 5]
    st.theories = [[1, 1, 1, 1], [2, 2, 2, 2], [2, 2, 2, 2]]
    st.order = [0, 2, 1]
    refresh(st)
    assert st.winner() == [2]  # most Theories; 1 and 2 tie there, 2 is earlier in turn order
    st.theories[0] = [6, 6, 6, 6]
    assert st.winner() == [0]


def test_game_ends_after_round7() -> None:
    """G16: round 7 is played to the END space: Phase 6 returns the pawns and the round marker
    reaches END; the scores are those of the end of Phase 5."""
    st = new(3, 1)
    a, b = st.order[:2]
    st.hand[a] -= 2
    st.board["salon"] = [(a, "scholar")]
    st.board["workshop-1"] = [(a, "scholar")]
    st.secretariat.remove("math")
    st.board["observatory-1"] = [(b, "math")]
    refresh(st)
    before = [s.total for s in st.scores()]
    events = stage(st, 5, round=7)
    assert st.is_terminal() and st.to_move is None and st.legal_actions() == []
    log = texts(events)
    assert log.index("Phase 6: Preparation for the Next Round.") < log.index("The round marker reaches END. The game is over.")
    assert all(not pawns for pawns in st.board.values()) and st.hand[a] == 3 and "math" in st.secretariat
    assert st.round == 7 and st.observation(None)["round_marker"] == "END"
    assert "Round END" in GAME.render(st, None)
    assert [s.total for s in st.scores()] == before
    assert st.invariants() == []


def test_cell13_theory_cost_is_reduced(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """TN2 with a data file giving the bottom cell a Theory cost: the Research Report cost reduction of
    the Sabbatical track applies to it like to any cell (Sabbatical Effects)."""
    import importlib

    from homeroom.engine.datasets import bound, overlay

    comp_mod = importlib.import_module("homeroom.games.academic_society.components")

    track = (comp_mod.DATA_DIR / "authority_track.toml").read_text()
    (tmp_path / "authority_track.toml").write_text(
        track.replace("cost = { influence = 1 }", "cost = { influence = 1, physics = 2 }"))
    with bound(comp_mod.DATA_DIR, overlay(comp_mod.DATA_DIR, tmp_path)):
        st = new(2, 1)
        a, b = st.order
        st.authority[a] = [2, 3, 4, 13]
        spaces = comp_mod.components().rows[1].spaces  # the Physics track's stand-in layout
        st.sabbatical[a][1] = 1 + [x.effect for x in spaces].index("research_report")  # up to that reduction
        give(st, a, 0, 3, 0, 0)
        give(st, b, 0, 0, 0, 0)
        st.influence[a] = 3
        events = begin(st, 3)
        assert "cell 13: 1 Influence and 1 Physics" in texts(events)
        assert st.theories[a][1] == 2 and st.influence[a] == 2
