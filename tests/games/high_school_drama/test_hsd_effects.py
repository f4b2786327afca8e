"""Each effect kind of the event vocabulary, with each of its parameters (rulebook: Events)."""

from __future__ import annotations

from hsd_helpers import COMPS, give, new, set_clique, set_quad, start_act

from homeroom.games.high_school_drama.actions import Bond, Breakup, Exchange, ExchangeDone, HookUp, PlayCard


def test_vocabulary_is_used_by_the_deck() -> None:
    effects = [e.effect for e in COMPS.events.values()]
    assert {e.kind for e in effects} == {"hookup", "bond", "breakup", "exchange"}
    assert {e.exchange for e in effects if e.kind == "exchange"} == {"jock", "popular", "artsy", "geek", "couple"}
    assert len(COMPS.events) == 40
    assert {c.colour for c in COMPS.events.values()} == {"green", "pink", "purple", "grey", "blue"}


def _play(card: str, clique0: list, quad: list[str], clique1: list | None = None):  # type: ignore[no-untyped-def]
    st = new(2)
    set_clique(st, 0, clique0)
    set_clique(st, 1, clique1 or [("bookworm", 0, 0, None, 0)])
    set_quad(st, quad)
    give(st, 0, [card])
    start_act(st, 0)
    st.apply(PlayCard(st.hands[0][0]))
    return st


def test_hookup_cool_bonus_is_temporary() -> None:
    # Study Group: +2 cool. Mathlete (geek, cool 1) reaches Soccer (cool 3) but not Varsity Football (5).
    st = _play("study-group", [("mathlete", 0, 0, None, 0)], ["soccer", "varsity-football"])
    targets = {a.target for a in st.legal_actions()}
    assert targets == {"soccer"}
    st.apply(next(a for a in st.legal_actions() if isinstance(a, HookUp)))
    assert st.cards["mathlete"].cool == 1  # unchanged after the card
    # and a plain hookup afterwards no longer reaches cool 3
    give(st, 0, ["hookup"])
    set_quad(st, ["basketball"])
    start_act(st, 0)
    events = st.apply(PlayCard(st.hands[0][0]))
    assert any("no effect" in e.text for e in events)


def test_hookup_match_any_with_target_type() -> None:
    # LAN Party: any geek card, ignoring type and cool; non-geek cards stay out of reach.
    st = _play("lan-party", [("queen-bee", 0, 0, None, 0)], ["mathlete", "soccer", "chess-club"])
    assert {a.target for a in st.legal_actions()} == {"mathlete", "chess-club"}
    # Blind Date: any card at all, even one too cool and of another type
    st = _play("blind-date", [("bookworm", 0, 0, None, 0)], ["quarterback"])
    assert {a.target for a in st.legal_actions()} == {"quarterback"}


def test_hookup_amount_places_several_markers_up_to_the_maximum() -> None:
    # Spring Break: the new relationship starts with 2 markers
    st = _play("spring-break", [("quarterback", 0, 0, None, 0)], ["soccer"])
    supply = st.supply[0]
    st.apply(HookUp("quarterback", "soccer", 1, 0))
    assert st.cliques[0]["soccer"].bonds == 2 and st.supply[0] == supply - 2


def test_bond_amount_and_cap_and_target_type() -> None:
    # Road Trip: +3 markers, never above the maximum (Quarterback heart 1 + Fashion Club heart 1 = 2)
    st = _play("road-trip", [("quarterback", 0, 0, None, 0), ("fashion-club", 1, 0, "quarterback", 1),
                             ("soccer", 0, 1, "quarterback", 1)], [])
    st.apply(Bond("fashion-club"))
    assert st.cliques[0]["fashion-club"].bonds == 2
    # Team Bonding: +2, only on a relationship with a jock card (all of Quarterback's are)
    st = _play("tutoring-session", [("quarterback", 0, 0, None, 0), ("chess-club", 1, 0, "quarterback", 1),
                                    ("fashion-club", 0, 1, "quarterback", 1)], [])
    assert st.legal_actions() == [Bond("chess-club")]  # only the geek relationship
    st.apply(Bond("chess-club"))
    assert st.cliques[0]["chess-club"].bonds == 3


def test_breakup_cruel_bonus_amount_and_target_type() -> None:
    rival = [("poet", 0, 0, None, 0), ("hipster", 1, 0, "poet", 4), ("choir", 1, -1, "hipster", 4),
             ("chess-club", -1, 0, "poet", 3)]
    # Flame War: geek relationships only, +2 cruel: Mathlete (cruel 1) reaches strength 3
    st = _play("flame-war", [("mathlete", 0, 0, None, 0)], [], rival)
    assert st.legal_actions() == [Breakup("mathlete", 1, "chess-club")]
    st.apply(Breakup("mathlete", 1, "chess-club"))
    assert st.cliques[1]["chess-club"].bonds == 2
    # Slam Book: removes 2 at once; Queen Bee (cruel 5) against strength 4
    st = _play("slam-book", [("queen-bee", 0, 0, None, 0)], [], rival)
    st.apply(Breakup("queen-bee", 1, "hipster"))
    assert st.cliques[1]["hipster"].bonds == 2
    # a plain breakup: cruel must be at least the strength
    st = new(2)
    set_clique(st, 0, [("mathlete", 0, 0, None, 0)])
    set_clique(st, 1, rival)
    give(st, 0, ["breakup"])
    start_act(st, 0)
    events = st.apply(PlayCard(st.hands[0][0]))
    assert any("no effect" in e.text for e in events)  # cruel 1 < every strength


def test_exchange_couple_and_bonus_organization() -> None:
    # Winter Formal: bonds between two students; controlling Student Council gives +1 first
    st = new(2)
    set_clique(st, 0, [("dumb-blonde", 0, 0, None, 0), ("man-candy", -1, 0, "dumb-blonde", 2),
                       ("student-council", 0, 1, "dumb-blonde", 2)])
    set_clique(st, 1, [("poet", 0, 0, None, 0)])
    set_quad(st, [])
    give(st, 1, ["winter-formal"])
    start_act(st, 1)
    events = st.apply(PlayCard("winter-formal"))
    assert any("bonus" in e.text for e in events) and st.total(0) == 1
    # the player who played it has no couple: seat 0 answers
    assert st.to_move == 0
    assert st.legal_actions() == [Exchange("man-candy"), ExchangeDone()]
    st.apply(Exchange("man-candy"))
    st.apply(ExchangeDone())
    assert st.total(0) == 2 and st.cliques[0]["man-candy"].bonds == 1
    assert st.phase != "exchange"


def test_exchange_bonus_even_when_organization_not_in_play() -> None:
    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 1)])
    set_quad(st, [])
    give(st, 0, ["homecoming-game"])  # bonus for Varsity Football, which nobody has
    start_act(st, 0)
    st.apply(PlayCard("homecoming-game"))
    assert st.total(0) == 0 and st.legal_actions() == [Exchange("soccer"), ExchangeDone()]
    reason = st.explain(Exchange("quarterback"))
    assert reason is not None and "bonds to jock organizations" in reason
