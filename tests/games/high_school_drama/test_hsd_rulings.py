"""Tests for rulings of RULINGS.md that no other test file covers (numbers as in RULINGS.md)."""

from __future__ import annotations

from hsd_helpers import GAME, give, new, random_playout, set_clique, set_quad, start_act

from homeroom.games.high_school_drama.actions import Breakup, Discard, HookUp, KeepHand, PlayCard
from homeroom.games.high_school_drama.school_year import run_summer


def test_10_hookup_targets_come_from_the_quad_only() -> None:
    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    set_clique(st, 1, [("poet", 0, 0, None, 0), ("hipster", 1, 0, "poet", 1)])
    set_quad(st, ["soccer"])
    give(st, 0, ["hookup"])
    start_act(st, 0)
    st.apply(PlayCard(st.hands[0][0]))
    targets = {a.target for a in st.legal_actions() if isinstance(a, HookUp)}
    assert targets == {"soccer"}  # not Hipster from Ben's clique, nothing from the decks


def test_11_a_hookup_needs_a_bond_marker() -> None:
    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    set_quad(st, ["soccer"])
    st.supply[0] = 0
    give(st, 0, ["hookup"])
    start_act(st, 0)
    events = st.apply(PlayCard(st.hands[0][0]))
    assert any("no effect" in e.text for e in events) and list(st.cliques[0]) == ["quarterback"]


def test_12_the_main_student_never_leaves() -> None:
    st = new(2)
    set_clique(st, 0, [("queen-bee", 0, 0, None, 0)])
    set_clique(st, 1, [("poet", 0, 0, None, 0), ("hipster", 1, 0, "poet", 1)])
    set_quad(st, [])
    give(st, 0, ["breakup"])
    start_act(st, 0)
    st.apply(PlayCard(st.hands[0][0]))
    assert all(a.card != "poet" for a in st.legal_actions() if isinstance(a, Breakup))
    st.apply(Breakup("queen-bee", 1, "hipster"))
    assert list(st.cliques[1]) == ["poet"] and st.quad == ["hipster"]


def test_19_players_without_cards_skip_their_action() -> None:
    st = new(3)
    start_act(st, 0)
    give(st, 1, ["bond"])  # only Ben holds a card
    st.queue = [s for s in st.order_from(0) if st.hands[s]]
    assert st.to_move == 1
    st.apply(PlayCard(st.hands[1][0]))  # no relationship: discarded; the final action has nobody either
    assert st.season == 1 and st.phase == "draw"  # straight on to the winter semester


def test_29_flunk_out_goes_to_the_deck_bottoms_in_quad_order() -> None:
    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    set_clique(st, 1, [("poet", 0, 0, None, 0)])
    set_quad(st, ["soccer", "hipster", "choir", "painter"])
    st.season, st.step, st.queue, st.phase = 2, 1, [], "act"
    run_summer(st, [])
    # decks are drawn from the end: the bottom is the front, the last card of the quad deepest
    assert st.org_deck[:2] == ["choir", "soccer"] and st.student_deck[:2] == ["painter", "hipster"]


def test_36_discarded_events_are_shown_drama_cards_are_not() -> None:
    st = new(2, names=["Ana", "Ben"])
    random_playout(st, 1, stop=lambda s: s.year == 1 and s.phase == "review")
    seat = st.to_move
    assert seat is not None
    give(st, seat, ["prom"])
    drama = next(c for c in st.hands[seat] if c not in st.comps.events)
    events = st.apply(Discard("prom"))
    assert events[0].text.endswith("discards Prom.") and events[0].reveals
    assert "prom" in st.event_discard
    events = st.apply(Discard(drama))
    assert "returns a drama card unplayed" in events[0].text and st.comps.name(drama) not in events[0].text
    assert any(st.comps.name(drama) in text for _, text in events[0].private)
    if st.to_move == seat and st.phase == "review":
        st.apply(KeepHand())


def test_37_ties_share_the_win_only_when_bonds_in_play_are_equal_too() -> None:
    st = new(3, options={"early_graduation": True}, seed=3)
    random_playout(st, 3)
    for s, main in enumerate(["quarterback", "poet", "emo-boy"]):
        set_clique(st, s, [(main, 0, 0, None, 0)])
    st.signatures = [{"events": 4}, {"standouts": 4}, {"events": 1}]
    assert st.winner() == [0, 1]
    set_clique(st, 1, [("poet", 0, 0, None, 0), ("hipster", 1, 0, "poet", 1)])
    assert st.winner() == [1]


def test_exchange_event_nobody_can_use_says_so() -> None:
    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    set_clique(st, 1, [("poet", 0, 0, None, 0)])
    give(st, 0, ["prom"])
    start_act(st, 0)
    events = st.apply(PlayCard("prom"))
    # right after the play, before the play ends the semester (test_hsd_fidelity.py pins the order)
    assert events[1].text == "Nobody has bonds between two students to exchange."
    assert "prom" in st.event_discard and st.total(0) == st.total(1) == 0
    assert GAME.info.id == "high-school-drama"
