"""Rules beyond the worked examples: fitting, markers, flow, options, summer, graduation."""

from __future__ import annotations

import pytest
from hsd_helpers import COMPS, GAME, give, new, random_playout, set_clique, set_quad, start_act
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from homeroom.engine import OptionError
from homeroom.games.high_school_drama import constants as rules
from homeroom.games.high_school_drama.actions import (
    Bond,
    Discard,
    DrawDrama,
    DrawEvent,
    Exchange,
    HookUp,
    KeepHand,
    PlayCard,
)
from homeroom.games.high_school_drama.clique import OPPOSITE, STEP
from homeroom.games.high_school_drama.school_year import run_summer
from homeroom.games.high_school_drama.scoring import gain


def test_player_counts() -> None:
    assert GAME.info.player_counts == (2, 3, 4, 5)
    with pytest.raises(OptionError):
        GAME.new_state(6)
    with pytest.raises(OptionError):
        GAME.new_state(1)


def test_marker_supply() -> None:
    assert new(2).supply == [17, 17]  # 18 per colour, one on the signature tracker
    assert new(2, options={"travel": True}).supply == [18, 18]
    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 1)])
    st.supply[0] = 0  # pretend every other marker is in play
    give(st, 0, ["bond"])
    start_act(st, 0)
    events = st.apply(PlayCard(st.hands[0][0]))
    assert any("no effect" in e.text for e in events)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st_.integers(0, 10_000), st_.integers(2, 5))
def test_hookup_fits_property(seed: int, players: int) -> None:
    """Every offered hookup lines up the arrows on a free square, keeps the clique within 5x5,
    and obeys the type-or-cool rule; applying it puts the card there with one marker."""
    st = new(players, seed=seed)
    random_playout(st, seed, stop=lambda s: s.phase == "resolve" and isinstance(s.legal_actions()[0], HookUp)
                   and COMPS.effect(s.playing).kind == "hookup" and s.playing in COMPS.drama)
    if st.is_terminal():
        return
    seat = st.to_move
    assert seat is not None
    clique = st.cliques[seat]
    for a in st.legal_actions():
        assert isinstance(a, HookUp)
        perf, target = st.cards[a.performer], st.cards[a.target]
        assert perf.is_student and a.target in st.quad
        assert perf.types & target.types or target.cool <= perf.cool
        p = clique[a.performer]
        d = next(d for d, (dx, dy) in STEP.items() if (p.x + dx, p.y + dy) == (a.x, a.y))
        assert d in perf.arrows and OPPOSITE[d] in target.arrows
        assert all((q.x, q.y) != (a.x, a.y) for q in clique.values())
        xs = [q.x for q in clique.values()] + [a.x]
        ys = [q.y for q in clique.values()] + [a.y]
        assert max(xs) - min(xs) < rules.SPAN and max(ys) - min(ys) < rules.SPAN
    a = st.legal_actions()[-1]
    assert isinstance(a, HookUp)
    st.apply(a)
    placed = st.cliques[seat][a.target]
    assert (placed.x, placed.y, placed.parent, placed.bonds) == (a.x, a.y, a.performer, 1)
    assert st.invariants() == []


def test_clique_span() -> None:
    st = new(2)
    # Tennis Star (arrows all round) at the east end of a 5-wide row cannot place further east
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("gym-rat", -1, 0, "quarterback", 1),
                       ("tennis-star", 1, 0, "quarterback", 1), ("cheerleader", 2, 0, "tennis-star", 1),
                       ("team-captain", -2, 0, "gym-rat", 1)])
    set_quad(st, ["track-team"])
    give(st, 0, ["hookup"])
    start_act(st, 0)
    st.apply(PlayCard(st.hands[0][0]))
    spots = {(a.x, a.y) for a in st.legal_actions() if isinstance(a, HookUp) and a.performer == "cheerleader"}
    assert (3, 0) not in spots and {(2, -1), (2, 1)} <= spots


def test_organizations_never_hook_up() -> None:
    st = new(2)
    set_clique(st, 0, [("poet", 0, 0, None, 0), ("track-team", 1, 0, "poet", 1)])
    set_quad(st, ["soccer", "choir"])
    give(st, 0, ["blind-date"])
    start_act(st, 0)
    st.apply(PlayCard("blind-date"))
    assert {a.performer for a in st.legal_actions() if isinstance(a, HookUp)} == {"poet"}
    reason = st.explain(HookUp("track-team", "soccer", 2, 0))
    assert reason is not None and "only students" in reason


def test_drawing_alternates_and_respects_hand_size() -> None:
    st = new(3)
    for c in [c for c in st.quad if st.cards[c].is_student][:3]:
        st.apply(st.legal_actions()[[a.card for a in st.legal_actions()].index(c)])  # type: ignore[attr-defined]
    order = []
    while st.phase == "draw":
        order.append(st.to_move)
        st.apply(DrawEvent())
    assert order == [2, 0, 1, 2, 0, 1]
    assert [len(h) for h in st.hands] == [2, 2, 2] and len(st.event_deck) == 34


def test_private_draft_one_of_each_drama() -> None:
    st = new(2)
    random_playout(st, 1, stop=lambda s: s.phase == "draw")
    seat = st.to_move
    st.apply(DrawDrama("hookup"))
    st.apply(DrawDrama("hookup"))  # the other seat
    assert DrawDrama("hookup") not in st.legal_actions()
    assert st.explain(DrawDrama("hookup")) is not None
    assert seat is not None


def test_public_draft_same_kind_many_times_and_stacks() -> None:
    st = new(2, options={"public_draft": True})
    assert {k: len(v) for k, v in st.stacks.items()} == {"hookup": 2, "bond": 2, "breakup": 2}
    assert st.reserve == [[], []]
    random_playout(st, 1, stop=lambda s: s.phase == "draw")
    first = st.to_move
    events = st.apply(DrawDrama("bond"))
    assert "takes a bond" in events[0].text  # the stacks are face up
    st.apply(DrawEvent())
    st.apply(DrawDrama("bond"))
    assert first is not None and len(st.stacks["bond"]) == 0
    assert sorted(COMPS.drama[c].kind for c in st.hands[first]) == ["bond", "bond"]
    assert DrawDrama("bond") not in st.legal_actions()
    # played drama cards return to their stack
    st.apply(PlayCard(st.hands[st.to_move][0])) if st.phase == "act" else None
    assert st.invariants() == []


def _to_sophomore(st, seed):  # type: ignore[no-untyped-def]
    return random_playout(st, seed, check=True, stop=lambda s: s.year == 1)


def test_summer_steps_and_new_year() -> None:
    st = new(3, seed=4)
    random_playout(st, 4, stop=lambda s: s.phase == "lovin" or s.year == 1)
    if st.phase == "lovin":
        seat = st.to_move
        assert all(isinstance(a, Bond) for a in st.legal_actions())
        assert seat is not None
        before = sum(p.bonds for p in st.cliques[seat].values())
        st.apply(st.legal_actions()[0])
        assert sum(p.bonds for p in st.cliques[seat].values()) == before + 1
    random_playout(st, 4, stop=lambda s: s.year == 1)
    # flunked quad replaced by one student and one organization per player; events reshuffled
    assert len(st.quad) == 6
    assert sum(1 for c in st.quad if st.cards[c].is_student) == 3
    assert st.event_discard == [] and not any(c in COMPS.events for h in st.hands for c in h) or st.phase != "review"
    assert st.hand_limit == 3


def test_leader_passes_every_semester_including_summer() -> None:
    st = new(3, seed=8)
    leaders = {}
    while st.year < 2 and not st.is_terminal():
        if st.phase != "pick":
            leaders.setdefault((st.year, st.season), st.leader)
        st.apply(st.legal_actions()[0])
    first = leaders[(0, 0)]
    assert leaders[(0, 1)] == (first + 1) % 3 and leaders[(0, 2)] == (first + 2) % 3
    assert leaders[(1, 0)] == (first + 4) % 3  # spring and summer both passed it


def test_keep_or_discard_after_freshman_year() -> None:
    st = new(2, seed=11)
    random_playout(st, 11, stop=lambda s: s.year == 1 and s.season == 1 and s.phase in ("review", "draw"))
    assert st.phase == "review"
    seat = st.to_move
    assert seat is not None and st.hands[seat]
    actions = st.legal_actions()
    assert KeepHand() in actions and all(isinstance(a, (Discard, KeepHand)) for a in actions)
    card = st.hands[seat][0]
    st.apply(Discard(card))
    assert card not in st.hands[seat]
    assert card in st.reserve[seat] or card in st.event_discard
    assert st.invariants() == []


def test_empty_event_deck_reshuffles_the_played_events() -> None:
    st = new(2)
    random_playout(st, 2, stop=lambda s: s.phase == "draw")
    st.event_discard = st.event_deck[:-1]
    st.event_deck = st.event_deck[-1:]
    st.apply(DrawEvent())
    assert st.event_deck == []
    events = st.apply(DrawEvent())
    assert any("shuffled into a new deck" in e.text for e in events)
    assert len(st.event_deck) == 38 and st.event_discard == []  # 39 reshuffled, one drawn


def test_travel_scoring() -> None:
    st = new(2, options={"travel": True})
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 3)])
    set_quad(st, [])
    give(st, 0, ["homecoming-game"])
    start_act(st, 0)
    st.apply(PlayCard("homecoming-game"))
    st.apply(Exchange("soccer"))
    # the marker moved from the relationship into the travel case: supply unchanged
    assert st.total(0) == 1 and st.supply[0] == 18 - 3
    assert st.invariants() == []
    # a signature with an empty supply cannot be recorded
    st.supply[1] = 0
    st.signatures[1] = {}
    assert gain(st, 1, 1, "standouts") == 0 and st.total(1) == 0


def test_graduation_and_tiebreak() -> None:
    st = new(2, options={"early_graduation": True}, seed=3)
    random_playout(st, 3, check=True)
    assert st.is_terminal() and st.year == 2 and st.to_move is None
    st.signatures = [{"events": 5}, {"standouts": 5}]
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 1)])
    set_clique(st, 1, [("poet", 0, 0, None, 0), ("choir", 1, 0, "poet", 3)])
    assert st.winner() == [1]  # same signatures: most bonds still in play
    assert st.tiebreak(1) == (3,)


def test_full_game_lengths() -> None:
    st = random_playout(new(2, seed=1), 1)
    assert (st.year, st.season) == (3, 3)
    st = random_playout(new(2, seed=1, options={"summer_school": True}), 1)
    assert (st.year, st.season) == (3, 3)


def test_option_errors() -> None:
    with pytest.raises(OptionError, match="summer_school"):
        GAME.new_state(3, options={"transfer_student": "freshman-summer"})
    with pytest.raises(OptionError, match="senior"):
        GAME.new_state(3, options={"transfer_student": "senior-fall", "early_graduation": True})
    with pytest.raises(OptionError):
        GAME.new_state(2, options={"transfer_student": "sophomore-fall"})
    with pytest.raises(OptionError):
        GAME.new_state(3, options={"transfer_student": "freshman-fall"})
    st = GAME.new_state(3, options={"variant": "short"})
    assert st.options["early_graduation"] is True


def test_illegal_actions_have_reasons() -> None:
    st = new(2)
    reason = st.explain(PlayCard("prom"))
    assert reason is not None and "pick a main student" in reason
    random_playout(st, 5, stop=lambda s: s.phase == "act")
    reason = st.explain(PlayCard("prom-not-a-card"))
    assert reason is not None and "not in your hand" in reason


def test_invariants_catch_broken_states() -> None:
    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 1)])
    assert st.invariants() == []
    st.quad.append("soccer")
    assert any("Soccer is in 2 places" in p for p in st.invariants())
    st.quad.remove("soccer")
    st.supply[0] += 1
    assert any("markers do not add up" in p for p in st.invariants())
    st.supply[0] -= 1
    st.cliques[0]["soccer"].x = 3
    assert any("not next to the card it joined" in p for p in st.invariants())
    st.cliques[0]["soccer"].x, st.cliques[0]["soccer"].bonds = 1, 9
    st.supply[0] -= 8
    assert any("above 3" in p for p in st.invariants())


def test_invariants_catch_cliques_no_table_allows() -> None:
    st = new(2)
    set_clique(st, 0, [("poet", 0, 0, None, 0), ("hipster", 1, 0, "poet", 1), ("choir", 1, -1, "hipster", 1)])
    assert st.invariants() == []
    st.cliques[0]["hipster"].x, st.cliques[0]["hipster"].y = 0, 1  # Poet has no arrow pointing south
    st.cliques[0]["choir"].x, st.cliques[0]["choir"].y = 0, 0
    problems = st.invariants()
    assert any("Hipster does not line up its arrows with Poet" in p for p in problems)
    assert any("share a square" in p for p in problems)
    st.cliques[0]["hipster"].x, st.cliques[0]["hipster"].y = 1, 0
    st.cliques[0]["choir"].x, st.cliques[0]["choir"].y = 1, -1
    # the breakup chain reads a clique in joining order: a card listed before its parent is an error
    st.cliques[0] = {c: st.cliques[0][c] for c in ("poet", "choir", "hipster")}
    assert any("Choir is listed before the card it joined" in p for p in st.invariants())
    st.cliques[0] = {c: st.cliques[0][c] for c in ("poet", "hipster", "choir")}
    st.cliques[0]["choir"].parent = "poet"  # not next to Poet
    assert any("Choir is not next to the card it joined" in p for p in st.invariants())
    st.cliques[0]["choir"].parent = "hipster"
    # an organization never performs a hookup, so no card hangs from one
    set_clique(st, 1, [("quarterback", 0, 0, None, 0), ("track-team", 1, 0, "quarterback", 1)])
    st.cliques[1]["dance-team"] = st.cliques[1].pop("track-team")
    st.org_deck.remove("dance-team")
    st.org_deck.append("track-team")
    assert st.invariants() == []
    st.org_deck.remove("drama-club")
    from homeroom.games.high_school_drama.clique import Placement

    st.cliques[1]["drama-club"] = Placement(2, 0, "dance-team", 0)
    st.cliques[1]["drama-club"].bonds = 1
    st.supply[1] -= 1
    assert any("Drama Club joined an organization" in p for p in st.invariants())


def test_summer_lovin_free_bond_in_turn_order_then_new_year() -> None:
    st = new(3)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 3)])  # full: 1+2
    set_clique(st, 1, [("poet", 0, 0, None, 0), ("choir", 1, 0, "poet", 1)])
    set_clique(st, 2, [("hacker", 0, 0, None, 0), ("anime-club", -1, 0, "hacker", 2)])
    set_quad(st, [])
    give(st, 1, ["prom"])
    st.leader, st.season, st.phase, st.queue = 2, 2, "act", []
    run_summer(st, [])
    # seat 0's only relationship is at its maximum: skipped; order from the leader (seat 2)
    assert st.phase == "lovin" and st.queue == [2, 1]
    assert st.legal_actions() == [Bond("anime-club")]
    st.apply(Bond("anime-club"))
    st.apply(Bond("choir"))
    assert st.cliques[2]["anime-club"].bonds == 3 and st.cliques[1]["choir"].bonds == 2
    # then the new year: events in hands go back to the deck, new cards in the quad
    assert st.year == 1 and st.season == 0
    assert "prom" not in st.hands[1] and len(st.event_deck) == 40
    assert len(st.quad) == 6 and st.leader == 0  # the summer semester passed the icon too
    assert st.invariants() == []
