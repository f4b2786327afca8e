"""Rules that play correctly but that no other test pinned (RULINGS.md, Rule coverage)."""

from __future__ import annotations

from collections.abc import Callable

from hsd_helpers import COMPS, give, new, random_playout, set_clique, set_quad, start_act

from homeroom.engine import Action, Rng
from homeroom.games.high_school_drama.actions import Exchange, HookUp, PickMain, PlayCard
from homeroom.games.high_school_drama.constants import HAND_SIZE
from homeroom.games.high_school_drama.school_year import run_summer
from homeroom.games.high_school_drama.state import HSDState


def _play(st: HSDState, seed: int, watch: Callable[[HSDState, Action], None]) -> HSDState:
    """A random game calling ``watch(state, action)`` before every decision."""
    rng = Rng(seed)
    while not st.is_terminal():
        action: Action = rng.choice(st.legal_actions())
        watch(st, action)
        st.apply(action)
    return st


def test_setup_returns_unused_drama_cards_to_the_box_and_keeps_the_decks() -> None:
    # Setup: "Any remaining drama cards won't be needed for the game and can go back into the box";
    # "Return the unused student and organization cards to the box ... you will need to draw from these".
    for players in (2, 3, 5):
        st = new(players)
        assert len(st.box) == 15 - 3 * players and all(c in COMPS.drama for c in st.box)
        assert len(st.student_deck) == 30 - 2 * players and len(st.org_deck) == 24 - 2 * players


def test_main_students_are_picked_from_the_quads_students() -> None:
    # Pick Your Main Student: "from the selection available in the quad" (students, not organizations)
    st = new(3)
    picks = st.legal_actions()
    assert {a.card for a in picks if isinstance(a, PickMain)} == {c for c in st.quad if COMPS.cards[c].is_student}
    card = picks[0].card  # type: ignore[attr-defined]
    st.apply(picks[0])
    assert card not in st.quad and list(st.cliques[0]) == [card]


def test_hand_sizes_follow_the_school_year_and_everyone_draws_up_to_them() -> None:
    # Semester Start: "freshman 2, sophomore 3, junior 4, and senior 5"
    assert HAND_SIZE == (2, 3, 4, 5)
    seen: dict[int, set[int]] = {}

    def watch(st: HSDState, action: Action) -> None:
        if isinstance(action, PlayCard) and st.step == 0 and all(
                len(h) in (0, st.hand_limit) for h in st.hands):
            seen.setdefault(st.year, set()).update(len(h) for h in st.hands)
        assert all(len(h) <= HAND_SIZE[st.year] for h in st.hands)

    _play(new(3, seed=5), 5, watch)
    assert {y: max(v) for y, v in seen.items()} == {0: 2, 1: 3, 2: 4, 3: 5}


def test_actions_alternate_from_the_semester_leader_one_card_each() -> None:
    # Midterm Action: "Starting with the semester leader, players alternate taking turns playing"
    plays: dict[tuple[int, int, int], list[int]] = {}
    leaders: dict[tuple[int, int, int], int] = {}

    def watch(st: HSDState, action: Action) -> None:
        if isinstance(action, PlayCard):
            key = (st.year, st.season, st.step)
            assert st.to_move is not None
            plays.setdefault(key, []).append(st.to_move)
            leaders[key] = st.leader

    st = _play(new(4, seed=9), 9, watch)
    assert len(plays) == 4 * 3 * 2
    for key, seats in plays.items():
        assert seats == st.order_from(leaders[key]), key  # every seat once, clockwise from the leader


def test_cards_never_move_once_placed_and_a_hookup_places_one_marker() -> None:
    # Hookups: "once a new student or organization has joined your clique, it cannot normally be
    # rearranged or moved"; "Place one bond marker over the joined arrows"
    hooked = 0
    for seed in range(3):
        st = new(3, seed=seed)
        rng = Rng(seed)
        while not st.is_terminal():
            action = rng.choice(st.legal_actions())
            seat = st.to_move
            assert seat is not None
            before = [{cid: (p.x, p.y) for cid, p in st.cliques[s].items()} for s in range(3)]
            supply = st.supply[seat]
            drama = st.playing in COMPS.drama
            st.apply(action)
            for s in range(3):
                for cid, p in st.cliques[s].items():
                    assert before[s].get(cid, (p.x, p.y)) == (p.x, p.y)
            if isinstance(action, HookUp) and drama:
                hooked += 1
                assert st.cliques[seat][action.target].bonds == 1 and st.supply[seat] == supply - 1
    assert hooked > 10


def test_summer_returns_events_from_hands_and_keeps_drama_cards() -> None:
    # Summer Semester 4: "Return any played and unplayed special event cards to the events deck"
    st = new(2)
    random_playout(st, 2, stop=lambda s: s.phase == "draw")
    for s in range(2):
        st.hands[s] = []
    give(st, 0, ["prom", "bond"])
    st.event_discard.append(st.event_deck.pop())
    set_quad(st, [])
    run_summer(st, [])
    while st.phase == "lovin":
        st.apply(st.legal_actions()[0])
    assert "prom" in st.event_deck and st.event_discard == [] and len(st.event_deck) == 40
    assert len(st.hands[0]) == 1 and st.hands[0][0] in COMPS.drama
    assert st.year == 1 and len(st.quad) == 4  # new year: one student and one organization per player


def test_summer_school_votes_standouts_only_after_the_summer_semester() -> None:
    # Summer School: "continue play into summer semester ... Vote for student standouts only after
    # summer semester ends"
    st = new(3, seed=4, options={"summer_school": True})
    rng = Rng(4)
    summers_played, votes = set(), []
    while not st.is_terminal():
        if st.phase == "act":
            summers_played.add((st.year, st.season))
        before = [st.signatures[s].get("standouts", 0) for s in range(3)]
        season = st.season
        st.apply(rng.choice(st.legal_actions()))
        if [st.signatures[s].get("standouts", 0) for s in range(3)] != before:
            votes.append(season)
    assert {(y, 3) for y in range(4)} <= summers_played  # summer is a semester of play
    assert votes and set(votes) == {3}  # votes come only as the summer semester ends


def test_graduation_votes_the_last_standouts_without_summer_lovin_or_a_new_year() -> None:
    # Game End: "Remember to vote for student standouts"; early graduation after junior summer
    st = random_playout(new(3, seed=6, options={"early_graduation": True}), 6)
    assert st.is_terminal() and st.year == 2 and st.quad == []  # flunked out, no new cards
    assert st.phase == "over" and st.to_move is None


def test_exchanges_go_in_turn_order_from_the_player_of_the_event() -> None:
    # Events: "Do this in turn order" (RULINGS.md 20: from the player who played the event)
    st = new(3)
    for s, (main, org) in enumerate([("quarterback", "soccer"), ("poet", "track-team"),
                                      ("emo-boy", "basketball")]):
        x = 1 if "E" in COMPS.cards[main].arrows and "W" in COMPS.cards[org].arrows else -1
        set_clique(st, s, [(main, 0, 0, None, 0), (org, x, 0, main, 1)])
    event = next(e for e, c in COMPS.events.items()
                 if c.effect.kind == "exchange" and c.effect.exchange == "jock"
                 and c.effect.bonus_org not in ("soccer", "track-team", "basketball"))
    give(st, 1, [event])
    start_act(st, 1)
    st.apply(PlayCard(event))
    order = []
    while st.phase == "exchange":
        order.append(st.to_move)
        seat = st.to_move
        assert seat is not None
        st.apply(next(a for a in st.legal_actions() if isinstance(a, Exchange)))
    assert order == [1, 2, 0]
