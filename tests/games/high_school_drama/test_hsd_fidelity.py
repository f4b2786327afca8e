"""Issue 10 for High School Drama: the order of the log lines, where a card with no effect goes,
who picks first, the score table's rows, final placings and the rulings the review found missing."""

from __future__ import annotations

import pytest
from hsd_helpers import COMPS, GAME, give, new, random_playout, set_clique, set_quad, start_act

from homeroom.engine import Event, OptionError
from homeroom.games.high_school_drama.actions import (
    Breakup,
    Discard,
    DrawDrama,
    DrawEvent,
    Exchange,
    PlayCard,
)
from homeroom.games.high_school_drama.school_year import run_summer, start_draw


def _texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


# ---------------------------------------------------------------- the log
def test_an_unusable_exchange_event_as_the_semesters_last_play_is_logged_before_the_next_semester() -> None:
    st = new(2, names=["Ana", "Ben"])
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    set_clique(st, 1, [("poet", 0, 0, None, 0)])
    give(st, 1, ["prom"])
    start_act(st, leader=0, step=1)  # Ben's final action is the last play of freshman fall
    texts = _texts(st.apply(PlayCard("prom")))
    assert texts == [
        "Ben plays Prom as their final action.",
        "Nobody has bonds between two students to exchange.",
        "Freshman winter semester begins; Ben leads; hand size 2.",
    ]
    assert st.phase == "draw" and st.season == 1


def test_an_unusable_exchange_event_before_the_summer_is_logged_before_the_summer_steps() -> None:
    st = new(2, names=["Ana", "Ben"])
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    set_clique(st, 1, [("poet", 0, 0, None, 0)])
    set_quad(st, [])
    give(st, 1, ["prom"])
    st.season = 2
    start_act(st, leader=0, step=1)
    texts = _texts(st.apply(PlayCard("prom")))
    assert texts[:3] == ["Ben plays Prom as their final action.",
                         "Nobody has bonds between two students to exchange.",
                         "Freshman year is over; summer: flunk out, student standouts, Summer Lovin', new year."]


def test_a_card_without_effect_says_where_it_goes() -> None:
    # private draft: back face down in front of its owner
    st = new(2, names=["Ana", "Ben"])
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    give(st, 0, ["bond"])
    card = st.hands[0][0]
    start_act(st, 0)
    texts = _texts(st.apply(PlayCard(card)))
    assert texts[1] == f"{COMPS.name(card)} has no effect and is discarded: it goes back face down among " \
                       "Ana's drama cards."
    assert card in st.reserve[0]
    # public draft: back to its face-up stack
    st = new(2, names=["Ana", "Ben"], options={"public_draft": True})
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    give(st, 0, ["bond"])
    card = st.hands[0][0]
    start_act(st, 0)
    texts = _texts(st.apply(PlayCard(card)))
    assert texts[1].endswith("has no effect and is discarded: it goes back to the face-up bond stack.")
    assert card in st.stacks["bond"]
    # an event: face up onto the event discard pile
    st = new(2, names=["Ana", "Ben"])
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    event = next(e for e, c in COMPS.events.items() if c.effect.kind == "bond")
    give(st, 0, [event])
    start_act(st, 0)
    texts = _texts(st.apply(PlayCard(event)))
    assert texts[1] == f"{COMPS.name(event)} has no effect and is discarded: it goes face up onto the event " \
                       "discard pile."
    assert event in st.event_discard


# ---------------------------------------------------------------- who picks first
def test_seat_one_picks_first_by_default_and_the_log_says_why() -> None:
    st = new(3, names=["Ana", "Ben", "Cy"])
    assert st.to_move == 0
    assert "Ana picks a main student first (seat 1 stands for the youngest player), then clockwise; the last " \
           "to pick leads the first semester." in _texts(st.opening_events())


def test_the_players_may_name_who_picks_first() -> None:
    st = new(3, names=["Ana", "Ben", "Cy"], options={"first_player": 3})
    assert "Cy picks a main student first (the players chose), then clockwise; the last to pick leads the " \
           "first semester." in _texts(st.opening_events())
    order = []
    while st.phase == "pick":
        order.append(st.to_move)
        st.apply(st.legal_actions()[0])
    assert order == [2, 0, 1]
    assert st.leader == 1  # the last to pick takes the semester leader icon
    assert st.to_move == 1  # and draws first


def test_first_player_option_is_checked() -> None:
    with pytest.raises(OptionError):
        GAME.validate(3, {"first_player": 4})
    with pytest.raises(OptionError, match="transfer student"):
        GAME.validate(4, {"first_player": 4, "transfer_student": "sophomore-fall"})
    GAME.validate(4, {"first_player": 3, "transfer_student": "sophomore-fall"})
    st = new(4, options={"first_player": 3, "transfer_student": "sophomore-fall"})
    assert st.queue == [2, 0, 1]


# ---------------------------------------------------------------- scores and placings
def test_the_score_table_has_a_transfer_row_only_with_a_transfer_student() -> None:
    st = new(3)
    assert list(st.scores()[0].breakdown) == ["events", "standouts"]
    st = new(3, options={"transfer_student": "sophomore-fall"})
    assert list(st.scores()[2].breakdown) == ["events", "standouts", "transfer"]


def test_placings_follow_signatures_then_bonds_in_play_for_every_seat() -> None:
    st = new(4, options={"early_graduation": True}, seed=3)
    random_playout(st, 3)
    assert st.is_terminal()
    for s, main in enumerate(["quarterback", "poet", "emo-boy", "game-master"]):
        set_clique(st, s, [(main, 0, 0, None, 0)])
    st.signatures = [{"events": 5}, {"standouts": 7}, {"events": 2, "standouts": 3}, {"events": 3}]
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 1)])
    set_clique(st, 2, [("emo-boy", 0, 0, None, 0), ("garage-band", 1, 0, "emo-boy", 3)])
    assert st.placings() == [3, 1, 2, 4]  # seats 1 and 3 tie on 5: seat 3 has more bonds in play
    set_clique(st, 2, [("emo-boy", 0, 0, None, 0), ("garage-band", 1, 0, "emo-boy", 1)])
    assert st.placings() == [2, 1, 2, 4]  # still level after the tie-break: they share 2nd


# ---------------------------------------------------------------- rulings
def test_ruling_38_private_draws_alternate_one_card_at_a_time_from_the_leader() -> None:
    st = new(3)
    random_playout(st, 1, stop=lambda s: s.phase == "draw")
    st.year = 1  # sophomore: hand size 3
    for s in range(3):
        st.hands[s] = []
    give(st, 1, ["bond", "hookup"])  # seat 2 kept two cards: they count toward the hand size
    st.leader = 1
    start_draw(st, [])
    order = []
    while st.phase == "draw":
        order.append(st.to_move)
        st.apply(DrawEvent())
    assert order == [1, 2, 0, 2, 0, 2, 0]


def test_ruling_39_removed_markers_go_back_to_their_owners_supply() -> None:
    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    set_clique(st, 1, [("poet", 0, 0, None, 0), ("hipster", 1, 0, "poet", 1), ("choir", 1, -1, "hipster", 2)])
    supply = st.supply[1]
    give(st, 0, ["breakup"])
    start_act(st, 0)
    st.apply(PlayCard(st.hands[0][0]))
    st.apply(Breakup("quarterback", 1, "hipster"))  # breaks Poet-Hipster: the chain takes Choir too
    assert set(st.cliques[1]) == {"poet"} and {"hipster", "choir"} <= set(st.quad)
    assert st.supply[1] == supply + 3  # the removed marker and the two on the chained relationship
    # an exchange: the marker goes back to the supply (with Travel HSD it then moves to the case)
    for travel in (False, True):
        st = new(2, options={"travel": travel})
        set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 2)])
        give(st, 0, ["homecoming-game"])
        start_act(st, 0)
        supply = st.supply[0]
        st.apply(PlayCard("homecoming-game"))
        st.apply(Exchange("soccer"))
        assert st.supply[0] == supply + (0 if travel else 1)
        assert st.invariants() == []


def test_ruling_40_a_dual_type_organization_counts_in_full_for_both_type_standouts() -> None:
    st = new(2, names=["Ana", "Ben"])
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("varsity-football", 1, 0, "quarterback", 2)])
    set_clique(st, 1, [("poet", 0, 0, None, 0), ("soccer", 1, 0, "poet", 1)])
    set_quad(st, [])
    st.season = 3
    ev: list[Event] = []
    run_summer(st, ev)
    events = _texts(ev)
    assert "Most Athletic (2): Ana." in events and "Most Popular (2): Ana." in events
    assert st.signatures[0]["standouts"] >= 2


def test_ruling_41_public_draft_kinds_are_public_events_work_as_usual() -> None:
    st = new(2, names=["Ana", "Ben"], options={"public_draft": True})
    random_playout(st, 1, stop=lambda s: s.phase == "draw")
    seat = st.to_move
    assert seat is not None
    who = st.names[seat]
    ev = _texts(st.apply(DrawDrama("hookup")))
    assert ev == [f"{who} takes a hookup from the drama stacks."]
    other = st.to_move
    assert other is not None
    ev = _texts(st.apply(DrawEvent()))
    assert ev == [f"{st.names[other]} draws a special event."]  # the event stays secret
    obs = st.observation(1 - seat)
    assert obs["stacks"]["hookup"] == 1 and obs["players"][other]["events_in_hand"] == 1
    # a kept drama card discarded at the next semester start goes back onto its face-up stack
    st = new(2, names=["Ana", "Ben"], options={"public_draft": True})
    random_playout(st, 1, stop=lambda s: s.phase == "draw")
    st.year = 1
    for s in range(2):
        st.hands[s] = []
    give(st, 0, ["bond", "tryouts"])
    st.phase, st.queue = "review", [0]
    card = next(c for c in st.hands[0] if c in COMPS.drama)
    ev = _texts(st.apply(Discard(card)))
    assert ev == ["Ana returns a bond to the drama stacks unplayed."]
    ev = _texts(st.apply(Discard("tryouts")))
    assert ev[0] == "Ana discards Tryouts." and "tryouts" in st.event_discard
    assert card in st.stacks["bond"]
