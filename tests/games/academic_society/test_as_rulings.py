"""Issue 10's Academic Society rulings and fixes, each pinned (RULINGS.md G10, G16, G20-G26)."""

from __future__ import annotations

import pytest
from as_helpers import begin, decline_phase1, give, new, refresh, texts
from test_as_treatises import activated, board, phase5, present

from homeroom.games.academic_society.actions import Place, TakeTreatise
from homeroom.games.academic_society.components import SUBJECTS, components
from homeroom.games.academic_society.individual_board import (
    revealed_tiles,
    sabbatical_options,
    take_treatise,
    treatise_options,
)
from homeroom.games.academic_society.management_board import column_rule, gain_contribution


def test_column_rule_names_every_returning_scholar() -> None:
    """Three scholars in one column: the log names both that return, and both go to hand."""
    st = new(3, 1)
    a = st.order[0]
    st.phase = 4
    st.authority[a] = [2, 4, 8, 12]  # 4, 8 and 12 stand in the Mathematics column
    hand = st.hand[a]
    events = column_rule(st, a)
    assert st.authority[a] == [2, 12] and st.hand[a] == hand + 2
    assert texts(events) == (f"{st.names[a]} has three scholars in the Mathematics column: the ones on cells "
                             "4 and 8 return to hand (cell 12 stays).")


def test_column_rule_on_the_bottom_cell_counts_scholars() -> None:
    st = new(3, 1)
    a = st.order[0]
    st.phase = 4
    st.authority[a] = [2, 13, 13, 13]
    hand = st.hand[a]
    assert texts(column_rule(st, a)) == (f"{st.names[a]} has three scholars on the bottom cell 13: two of them "
                                         "return to hand (one stays).")
    assert st.authority[a] == [2, 13] and st.hand[a] == hand + 2


def test_column_rule_keeps_two_scholar_wording() -> None:
    st = new(3, 1)
    a = st.order[0]
    st.phase = 3
    st.authority[a] = [2, 3, 4, 8]
    assert texts(column_rule(st, a)) == (f"{st.names[a]} has two scholars in the Mathematics column: the one "
                                         "on cell 4 returns to hand (cell 8 stays).")


def test_phase2_turns_go_round_one_pawn_each() -> None:
    """G22: "each player takes one turn" places one pawn; turns go round in turn order until every
    hand is empty, skipping (passing) a player whose hand is empty."""
    st = new(3, 4)
    decline_phase1(st)
    first, second, third = st.order
    st.hand[second] = 1
    st.board["salon"] = [(second, "scholar"), (second, "scholar")]
    refresh(st)
    movers = []
    while st.phase == 2:
        if st.pending[-1].kind == "place":
            movers.append(st.to_move)
            place = next(x for x in st.legal_actions() if isinstance(x, Place) and x.space == "salon")
            st.apply(place)
        else:
            st.apply(st.legal_actions()[-1])
    assert movers == [first, second, third, first, third, first, third]


@pytest.mark.usefixtures("issue17_layout")
def test_placer_replacing_itself_is_not_activated() -> None:
    """G21: a Review Article that replaces itself puts the new tile in the position just activated,
    which is not later in the activation order: the new tile is not activated this round; the tile
    after it still is."""
    st, a = board()
    present(st, a, {0: [25, 2]})  # Mathematics holds 2: the row is full
    st.tr_revealed["math"] = [1]
    st.tr_piles["math"] = [t for t in st.tr_piles["math"] if t != 1]
    events = phase5(st, a)
    events += st.apply(TakeTreatise(1, "math", 0, True))
    while st.pending:
        events += st.apply(st.legal_actions()[0])
    assert st.presentation[a][0] == [1, 2] and 25 in st.tr_discard["math"]
    assert activated(events) == [25, 2] and st.influence[a] == 1


@pytest.mark.usefixtures("issue17_layout")
def test_placer_replacing_a_later_tile_activates_the_new_one() -> None:
    """G21: replacing a tile later in the order than the placer: the new tile is activated there,
    the replaced one never is."""
    st, a = board()
    present(st, a, {0: [25, 3]})
    st.tr_revealed["math"] = [1]
    st.tr_piles["math"] = [t for t in st.tr_piles["math"] if t != 1]
    events = phase5(st, a)
    events += st.apply(TakeTreatise(1, "math", 1, True))
    assert st.presentation[a][0] == [25, 1] and 3 in st.tr_discard["math"]
    assert activated(events) == [25, 1] and st.influence[a] == 1


def test_activation_order_of_the_four_rows() -> None:
    """G24: rows top to bottom are Mathematics, Physics, Astronomy, Chemistry (the Individual Board's
    order), left to right in a row."""
    st, a = board()
    present(st, a, {3: [15], 2: [27], 1: [5, 6], 0: [1]})
    give(st, a, 0, 0, 0, 0)
    events = phase5(st, a)
    while st.pending:
        events += st.apply(st.legal_actions()[0])
    assert activated(events) == [1, 5, 6, 27, 15]
    assert list(SUBJECTS) == ["math", "physics", "astronomy", "chemistry"]
    assert [row.subject for row in components().rows] == list(SUBJECTS)


def test_crest_ranks_rise_toward_the_top_row() -> None:
    """G23: each subject's Crests stand in its column, rank 1 on row 3 up to rank 3 on row 1 (cells 1-4);
    red arrows never lead to a higher rank, blue arrows never to a lower one."""
    cells = components().cells
    for subject in SUBJECTS:
        column = sorted((c for c in cells.values() if c.crest == subject), key=lambda c: c.row)
        assert [c.crest_rank for c in column] == [3, 2, 1] and [c.row for c in column] == [1, 2, 3]
    for c in cells.values():
        if c.red and cells[c.red].crest:
            assert cells[c.red].crest_rank <= c.crest_rank
        for b in c.blue:
            assert cells[b].crest_rank >= c.crest_rank


@pytest.mark.usefixtures("issue17_layout")
def test_higher_crest_stands_in_for_a_lower_one() -> None:
    """Icon Overview: "A higher-rank Crest may be used in place of a lower-rank Crest."""
    st = new(2, 1)
    a = st.order[0]
    st.authority[a] = [1, 2, 3, 4]  # rank 3 Crests only
    assert {s.subject for s in sabbatical_options(st, a, place=True, advance=True)} == set(SUBJECTS)
    st.authority[a] = [9, 10, 11, 12]  # rank 1: the second space (rank 2) stays shut
    st.sabbatical[a] = [1, 1, 1, 1]
    assert sabbatical_options(st, a, place=True, advance=True) == []


def test_held_aside_scholar_never_reaches_phase3_in_hand_count() -> None:
    """The held scholar rejoins the hand before Phase 3 starts, so it is there for later rounds."""
    st = new(2, 1)
    decline_phase1(st)
    a = st.to_move
    assert a is not None
    st.held[a] = 1
    st.hand[a] -= 1
    refresh(st)
    while st.phase == 2:
        st.apply(st.legal_actions()[-1])
    assert st.held[a] == 0 and st.hand[a] >= 1



def test_placings_follow_the_scoring_tiebreaks() -> None:
    """G17: every seat gets a place by Influence, then most Theories in total, then earlier in the
    final turn order; the turn order breaks every remaining tie, so no two seats share a place."""
    st = new(4, 3)
    st.phase = 0
    st.order = [3, 1, 0, 2]
    st.influence = [10, 12, 10, 10]
    st.theories = [[1, 1, 1, 1], [0, 0, 0, 0], [2, 2, 0, 0], [3, 0, 0, 0]]
    st.authority = [[], [], [], []]
    st.pending = []
    refresh(st)
    assert st.placings() == [2, 1, 3, 4]  # 12 Influence first; 0 and 2 tie on 4 Theories, 0 earlier in order
    st.theories[2] = [2, 2, 1, 0]
    assert st.placings() == [3, 1, 2, 4]  # now seat 2 has more Theories than seat 0
    assert st.winner() == [1]


def test_explain_names_the_scholar_held_aside() -> None:
    st = new(2, 1)
    decline_phase1(st)
    a = st.to_move
    assert a is not None
    st.hand[a] = 0
    st.held[a] = 1
    st.beside.remove("math")
    st.sec_hand[a] = ["math"]  # so that a still has a turn
    st.board["salon"] = [(a, "scholar")] * 2
    refresh(st)
    reason = st.explain(Place("workshop-1"))
    assert reason is not None and "waits for a later round" in reason


def test_nobody_gaining_contribution_keeps_the_same_first_player_every_round() -> None:
    """G20: with every marker on START and no Contribution gained, each Phase 4 leaves the START
    stack as it is, so the same player goes first round after round (a literal "returned, highest
    first" would flip the order every round)."""
    st = new(3, 2)
    st.contribution = [0, 0, 0]
    st.stamp = [2, 3, 1]  # seat 1 on top, then seat 0, then seat 2
    st.stamp_counter = 3
    firsts = []
    for _ in range(3):
        refresh(st)
        begin(st, 4)
        while st.phase == 4:
            st.apply(st.legal_actions()[0])
        firsts.append(st.order[0])
        assert st.contribution == [0, 0, 0]
    assert firsts == [1, 1, 1], firsts


def test_a_new_treatise_goes_in_the_leftmost_free_slot() -> None:
    """G24: a Treatise taken to a space with room goes in its leftmost free position (after the
    tiles already there), so it is activated after them in Phase 5; only a full space offers a
    choice of position (the tile it replaces)."""
    st, a = board()
    present(st, a, {1: [17]})
    tile = next(t for t in revealed_tiles(st) if "physics" in components().treatises[t].subjects)
    options = [x for x in treatise_options(st, a, ["physics"]) if x.tile == tile]
    assert options == [TakeTreatise(tile, "physics", 1, False)]
    take_treatise(st, a, options[0])
    assert st.presentation[a][1] == [17, tile]
    give(st, a, 0, 0, 0, 0)
    events = phase5(st, a)
    while st.pending:
        events += st.apply(st.legal_actions()[0])
    assert activated(events)[:2] == [17, tile]


def test_influence_past_50_and_100_is_kept_whole_and_scored() -> None:
    """Setup (Players): the Influence track loops at 50 and a 100 Influence tile marks a second
    lap (G16: Influence is a plain number): 49 plus a 6-Influence overflow is 55, not 5, and 120
    Influence scores 120."""
    st = new(2, 1)
    a, b = st.order
    st.influence[a] = 49
    st.contribution[a] = components().top_contribution
    gain_contribution(st, a, 3)
    assert st.influence[a] == 49 + 3 * components().rules.overflow_influence
    st.influence[b] = 120
    assert st.scores()[b].breakdown["influence"] == 120


def test_the_turn_order_is_drawn_at_random() -> None:
    """Setup (Turn Order): "Determine the turn order at random": over 60 seeded games of 3
    players every seat starts some games and every order of the three seats comes up."""
    firsts = [0, 0, 0]
    orders = set()
    for seed in range(60):
        st = new(3, seed)
        firsts[st.order[0]] += 1
        orders.add(tuple(st.order))
    assert min(firsts) >= 10, firsts
    assert len(orders) == 6, orders
