"""Illegal hookups, bonds, breakups and exchanges are refused with the specific rule they break
and its numbers (rulebook: Hookups, Bonds, Breakups, Events)."""

from __future__ import annotations

from hsd_helpers import drama_in_hand, give, new, set_clique, set_quad, start_act

from homeroom.games.high_school_drama.actions import Bond, Breakup, Exchange, HookUp, PlayCard
from homeroom.games.high_school_drama.state import HSDState


def _position() -> HSDState:
    st = new(3, names=["Alex", "Dana", "Kim"])
    set_clique(st, 0, [("emo-boy", 0, 0, None, 0), ("garage-band", 1, 0, "emo-boy", 5)])
    set_clique(st, 1, [("ping-pong-champ", 0, 0, None, 0), ("game-master", 1, 0, "ping-pong-champ", 4),
                       ("manga-girl", 2, 0, "game-master", 2)])
    set_clique(st, 2, [("dumb-blonde", 0, 0, None, 0)])
    set_quad(st, ["tennis-star", "soccer", "swim-team"])
    return st


def _why(st: HSDState, action: object) -> str:
    reason = st.explain(action)
    assert reason is not None, f"{action} should be illegal"
    return reason


def test_hookup_reasons() -> None:
    st = _position()
    give(st, 0, ["hookup"])
    start_act(st, 0)
    st.apply(PlayCard(drama_in_hand(st, 0, "hookup")))
    assert "Tennis Star (jock, cool 4) share no type and Tennis Star is too cool" in _why(
        st, HookUp("emo-boy", "tennis-star", 0, 1))
    assert "Emo Boy (artsy, cool 3)" in _why(st, HookUp("emo-boy", "tennis-star", 0, 1))
    assert "only students can perform" in _why(st, HookUp("garage-band", "soccer", 1, 1))
    assert "not in your clique" in _why(st, HookUp("manga-girl", "soccer", 0, 1))
    assert "not in the quad" in _why(st, HookUp("emo-boy", "game-master", 0, 1))
    assert "has no relational arrow pointing north" in _why(st, HookUp("emo-boy", "soccer", 0, -1))
    assert "not next to Emo Boy" in _why(st, HookUp("emo-boy", "soccer", 2, 2))
    # Swim Team has arrows E, S, W: no N arrow to meet Emo Boy's S arrow from below
    assert st.cards["swim-team"].arrows == {"E", "S", "W"}
    assert "Swim Team has no N arrow to line up with Emo Boy's S arrow" in _why(
        st, HookUp("emo-boy", "swim-team", 0, 1))
    assert "already holds Garage Band" in _why(st, HookUp("emo-boy", "soccer", 1, 0))
    assert "cannot be resolved as a bond" in _why(st, Bond("garage-band"))
    assert "(rulebook: Hookups)" in _why(st, HookUp("emo-boy", "soccer", 1, 0))
    assert HookUp("emo-boy", "soccer", -1, 0) in st.legal_actions()


def test_bond_reasons() -> None:
    st = _position()
    set_clique(st, 0, [("emo-boy", 0, 0, None, 0), ("garage-band", 1, 0, "emo-boy", 5),
                       ("soccer", -1, 0, "emo-boy", 1)])
    give(st, 0, ["bond"])
    start_act(st, 0)
    st.apply(PlayCard(drama_in_hand(st, 0, "bond")))
    # Emo Boy (heart 3) and Garage Band (heart 2): 5 of 5 already
    assert "at their maximum strength 5 (hearts 3 + 2)" in _why(st, Bond("garage-band"))
    assert "your main student" in _why(st, Bond("emo-boy"))
    assert "not in your clique" in _why(st, Bond("manga-girl"))


def test_breakup_reasons() -> None:
    st = _position()
    give(st, 2, ["breakup"])
    start_act(st, 2)
    st.apply(PlayCard(drama_in_hand(st, 2, "breakup")))
    # Dumb Blonde (cruel 3) against Game Master's strength 4
    assert "Dumb Blonde (cruel 3) is not cruel enough for Dana's Ping Pong Champ and Game Master (strength 4)" in _why(
        st, Breakup("dumb-blonde", 1, "game-master"))
    assert Breakup("dumb-blonde", 1, "manga-girl") in st.legal_actions()
    assert "Dana's main student" in _why(st, Breakup("dumb-blonde", 1, "ping-pong-champ"))
    assert "not in Dana's clique" in _why(st, Breakup("dumb-blonde", 1, "garage-band"))
    assert "not one of your own" in _why(st, Breakup("dumb-blonde", 2, "garage-band"))
    assert "no rival in seat 8" in _why(st, Breakup("dumb-blonde", 7, "garage-band"))
    assert "not in your clique" in _why(st, Breakup("emo-boy", 1, "manga-girl"))


def test_exchange_reasons() -> None:
    st = _position()
    give(st, 1, ["gaming-convention"])
    start_act(st, 1)
    st.apply(PlayCard("gaming-convention"))
    assert st.to_move == 0  # Dana has no geek organization: Alex (who has Garage Band) answers
    assert Exchange("garage-band") in st.legal_actions()
    assert "your main student" in _why(st, Exchange("emo-boy"))
    assert "not in your clique" in _why(st, Exchange("manga-girl"))


def test_summer_lovin_reason_names_the_maximum() -> None:
    st = _position()
    st.phase, st.queue = "lovin", [0]
    assert st.legal_actions() == []  # nothing below its maximum (the state would have skipped Alex)
    why = _why(st, Bond("garage-band"))
    assert "maximum strength 5" in why and "Summer Semester" in why


def test_review_and_draw_reasons() -> None:
    from hsd_helpers import random_playout

    from homeroom.games.high_school_drama.actions import Discard, DrawEvent

    st = new(2)
    random_playout(st, 1, stop=lambda s: s.year == 1 and s.phase == "review")
    seat = st.to_move
    assert seat is not None
    card = next(c for c in ("prom", "sleepover") if c not in st.hands[seat])
    assert f"{st.comps.name(card)} is not in your hand (rulebook: Final Action)" in _why(st, Discard(card))
    st = new(2)
    random_playout(st, 2, stop=lambda s: s.phase == "draw")
    seat = st.to_move
    assert seat is not None
    st.event_discard, st.box = [], st.box + st.event_deck + st.event_discard  # (no event left anywhere)
    st.event_deck = []
    assert "the event deck is empty" in _why(st, DrawEvent())
