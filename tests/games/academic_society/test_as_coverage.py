"""Rules that behaved correctly but that no test pinned (RULINGS.md, "Rule coverage")."""

from __future__ import annotations

import pytest
from as_helpers import begin, decline_phase1, give, new, refresh, start_round_with, texts
from test_as_treatises import present

from homeroom.engine import Rng
from homeroom.games.academic_society import preparation
from homeroom.games.academic_society.actions import (
    Bonus,
    Declare,
    Gain,
    Maintain,
    Place,
    Sabbatical,
    TakeTreatise,
)
from homeroom.games.academic_society.components import SUBJECTS, components
from homeroom.games.academic_society.contribution_to_the_nation import commission_cost
from homeroom.games.academic_society.individual_board import sabbatical_options
from homeroom.games.academic_society.maintaining_authority import research_cost


# ------------------------------------------------------------------ Components, Setup
def test_component_counts() -> None:
    """Components: 10 Royal Commission tiles, 36 Treatise tiles, 7 scholars a player, 4 Secretaries."""
    comps = components()
    assert len(comps.commissions) == 10 and len(comps.treatises) == 36
    assert comps.rules.scholars == 7 and comps.rules.rounds == 7
    st = new(4, 2)
    assert sorted(st.secretariat) == sorted(SUBJECTS) and st.beside == []


@pytest.mark.parametrize("players", [2, 3])
def test_two_three_players_remove_exactly_the_four_player_treatises(players: int) -> None:
    st = new(players, 5)
    four = sorted(t.id for t in components().treatises.values() if t.four_player)
    assert sorted(st.tr_removed) == four
    assert not any(t in four for pile in (*st.tr_piles.values(), *st.tr_revealed.values()) for t in pile)


def test_treatise_piles_by_back_reveal_two_each() -> None:
    st = new(4, 6)
    tiles = components().treatises
    for subject in SUBJECTS:
        assert len(st.tr_revealed[subject]) == 2
        assert all(tiles[t].back == subject for t in st.tr_piles[subject] + st.tr_revealed[subject])


# ------------------------------------------------------------------ Phase 1
def test_commissions_revealed_per_round() -> None:
    """Rounds 1-4: 1 tile; rounds 5-7: 2 tiles; after Phase 1 they leave the game."""
    for rnd, count in zip(range(1, 8), (1, 1, 1, 1, 2, 2, 2)):
        st = new(2, rnd)
        st.rc_pile += st.rc_revealed
        st.rc_revealed = []
        begin(st, 1, round=rnd)
        assert len(st.rc_revealed) == count, rnd
        shown = list(st.rc_revealed)
        assert st.pending and st.pending[-1].kind == "declare"
        while st.phase == 1:
            st.apply(Declare(st.pending[-1].n, False))
        assert st.rc_revealed == [] and set(shown) <= set(st.rc_done) and not set(shown) & set(st.rc_pile)


def test_phase1_in_turn_order_each_tile() -> None:
    st = new(3, 2)
    for seat in range(3):
        give(st, seat, 4, 4, 4, 4)
    start_round_with(st, [2, 3], round=5)
    seen = []
    while st.phase == 1:
        top = st.pending[-1]
        seen.append((top.seat, top.n))
        st.apply(Declare(top.n, False))
    assert seen == [(seat, tile) for seat in st.order for tile in (2, 3)]


# ------------------------------------------------------------------ Phase 2
def test_no_bonus_without_the_main_action() -> None:
    st = new(2, 1)
    decline_phase1(st)
    st.contribution[st.order[0]] = 2
    refresh(st)
    assert Bonus() not in st.legal_actions()
    reason = st.explain(Bonus())
    assert reason is not None


def test_secretary_in_hand_gives_a_turn() -> None:
    """"If you have a Secretary in your hand, treat it as a scholar": an empty hand with a Secretary
    still takes turns."""
    st = new(3, 1)
    decline_phase1(st)
    a = st.to_move
    assert a is not None
    st.hand[a] = 0
    st.board["salon"] = [(a, "scholar")] * 3
    st.secretariat.remove("astronomy")
    st.sec_hand[a] = ["astronomy"]
    refresh(st)
    assert st.to_move == a and Place("salon", "astronomy") in st.legal_actions()
    assert not any(isinstance(x, Place) and x.pawn == "scholar" for x in st.legal_actions())


def test_action_spaces_as_printed() -> None:
    """Action Spaces: each location's main and bonus action as the rulebook gives them."""
    locs = components().locations
    assert (locs["workshop"].main_gain, locs["workshop"].bonus_gain) == ((0, 2, 0, 0), (0, 2, 0, 0))
    assert (locs["observatory"].main_gain, locs["observatory"].bonus_gain) == ((0, 0, 2, 0), (0, 0, 2, 0))
    assert locs["lecture_room"].main_gain == (1, 0, 0, 1) and locs["lecture_room"].bonus_gain_any == 1
    assert locs["lecture_hall"].bonus == "gain_any" and locs["lecture_hall"].bonus_gain_any == 1
    assert locs["headquarters"].bonus == locs["library"].bonus == "treatise"
    assert locs["salon"].bonus == "" and locs["salon"].unlimited
    assert components().rules.bonus_contribution_cost == 1


@pytest.mark.usefixtures("issue17_layout")
def test_library_replaces_a_chosen_tile_when_full() -> None:
    """Library: over the limit, discard a chosen tile and put the new one in the same position."""
    st = new(2, 1)
    decline_phase1(st)
    a = st.to_move
    assert a is not None
    st.sabbatical[a][0] = 1  # Mathematics space holds 2
    st.presentation[a][0] = [1, 2]
    for place in (*st.tr_piles.values(), *st.tr_revealed.values()):
        for t in (1, 2, 3):
            if t in place:
                place.remove(t)
    st.tr_revealed["math"].append(3)
    refresh(st)
    st.apply(Place("library-2"))
    assert TakeTreatise(3, "math", 0, True) in st.legal_actions()
    assert TakeTreatise(3, "math", 2, False) not in st.legal_actions()
    events = st.apply(TakeTreatise(3, "math", 0, True))
    assert st.presentation[a][0] == [3, 2] and 1 in st.tr_discard["math"]
    assert "discarding 'Axioms I'" in texts(events)


def test_sabbatical_track_holding_a_scholar_takes_no_new_one() -> None:
    st = new(2, 1)
    a = st.order[0]
    st.sabbatical[a] = [1, 0, 0, 0]
    opts = sabbatical_options(st, a, place=True, advance=True)
    assert Sabbatical("math", False) not in opts and Sabbatical("math", True) in opts


# ------------------------------------------------------------------ Phase 3
def test_phase3_processing_order_then_turn_order() -> None:
    """Cells in processing order; several players on a cell in turn order."""
    st = new(3, 2)
    for seat in range(3):
        give(st, seat, 6, 6, 6, 6)
    begin(st, 3)
    seen = []
    while st.phase == 3:
        top = st.pending[-1]
        seen.append((top.n, top.seat))
        st.apply(Maintain(top.n, True))
    assert seen == [(cell, seat) for cell in (1, 2, 3, 4) for seat in st.order]


# ------------------------------------------------------------------ Phase 4
def test_phase4_bonuses_in_the_new_turn_order() -> None:
    st = new(2, 1)
    a, b = st.order
    st.contribution[a], st.contribution[b] = 3, 5  # space 3: 1 Theory; space 5: 1 Influence + 1 Theory
    refresh(st)
    begin(st, 4)
    assert st.order == [b, a]
    assert st.to_move == b and st.pending[-1].kind == "gain" and st.influence[b] == 1
    st.apply(Gain((1, 0, 0, 0)))
    assert st.to_move == a and st.pending[-1].kind == "gain"


# ------------------------------------------------------------------ Phase 5
def test_phase5_players_in_turn_order() -> None:
    st = new(3, 1)
    st.round = 7
    for seat, tile in zip(st.order, (17, 1, 2)):
        present(st, seat, {0: [tile]})
    events = begin(st, 5)
    owners = [e.seat for e in events if "'s Treatise" in e.text]
    assert owners == st.order


# ------------------------------------------------------------------ Phase 6
def test_empty_pile_without_discards_reveals_fewer() -> None:
    """"When a Treatise tile pile runs out, shuffle the discarded Treatise tiles face down to make a new
    pile. If there are no discarded tiles, do nothing." (Phase 6 discards the revealed tiles first.)"""
    st = new(2, 1)
    st.tr_removed += st.tr_piles["math"] + st.tr_revealed["math"]
    st.tr_piles["math"], st.tr_revealed["math"] = [], []
    preparation.reveal_treatises(st, "math")
    assert st.tr_revealed["math"] == [] and st.tr_discard["math"] == []
    st.tr_piles["math"] = [st.tr_removed.pop()]
    preparation.reveal_treatises(st, "math")
    assert len(st.tr_revealed["math"]) == 1 and st.tr_piles["math"] == []


# ------------------------------------------------------------------ the whole game
@pytest.mark.parametrize("players", [2, 3, 4])
def test_authority_and_sabbatical_only_one_way(players: int) -> None:
    """"A scholar that has been returned to hand cannot be placed on the Authority track again" and
    "A scholar on the Sabbatical track can never be returned to your hand": over whole random games,
    no player's Authority scholars ever increase and no Sabbatical scholar ever moves back or leaves."""
    st = new(players, 40 + players)
    rng = Rng(players)
    authority = [len(a) for a in st.authority]
    sabbatical = [list(s) for s in st.sabbatical]
    while not st.is_terminal():
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
        for s in range(players):
            assert len(st.authority[s]) <= authority[s]
            assert all(new_pos >= old for new_pos, old in zip(st.sabbatical[s], sabbatical[s]))
        authority = [len(a) for a in st.authority]
        sabbatical = [list(s) for s in st.sabbatical]


# ------------------------------------------------------------------ Sabbatical Effects
@pytest.mark.usefixtures("issue17_layout")
def test_sabbatical_effects_from_the_leftmost_space_up_to_the_scholar() -> None:
    """"The ongoing effects ... can be used from the leftmost space of the track up to the space where
    your scholar is": a scholar on space 3 still gives the effects of spaces 1 and 2; one on space 1
    gives only space 1's."""
    st = new(2, 1)
    a = st.order[0]
    st.sabbatical[a][0] = 3  # Mathematics: Royal Commission -1, Research Report -1, +1 Theory gain
    assert commission_cost(st, a, 2) == (1, 0, 0, 0)  # tile 2 costs 2 Mathematics
    assert research_cost(st, a, 8) == (0, 0, 0, 0)  # cell 8 costs 1 Mathematics
    st.sabbatical[a][0] = 1
    assert commission_cost(st, a, 2) == (1, 0, 0, 0) and research_cost(st, a, 8) == (1, 0, 0, 0)


def test_any_subject_treatise_gain_gets_no_sabbatical_extra() -> None:
    """"This effect does not activate when you gain a Theory of any subject" (Phase 5 too)."""
    st = new(4, 1)
    a = st.order[0]
    present(st, a, {1: [5]})  # Optics: gain 2 Theories of any subjects
    st.sabbatical[a] = [3, 3, 3, 3]
    give(st, a, 0, 0, 0, 0)
    st.round = 7
    begin(st, 5)
    st.apply(Gain((2, 0, 0, 0)))
    assert st.theories[a] == [2, 0, 0, 0]
