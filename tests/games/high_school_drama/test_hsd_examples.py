"""Every worked example of the rulebook, with its exact numbers."""

from __future__ import annotations

from hsd_helpers import GAME, drama_in_hand, give, new, random_playout, set_clique, set_quad, start_act

from homeroom.games.high_school_drama.actions import (
    Bond,
    Breakup,
    DrawDrama,
    Exchange,
    ExchangeDone,
    HookUp,
    PickMain,
    PlayCard,
)
from homeroom.games.high_school_drama.state import HSDState


def test_setup_quad_has_two_students_and_two_organizations_per_player() -> None:
    # Setup example: "In a three player game, randomly draw six students and six organizations."
    st = new(3)
    students = [c for c in st.quad if st.cards[c].is_student]
    assert len(students) == 6 and len(st.quad) == 12
    # each player has a hookup, a bond and a breakup face down; the events are shuffled
    for s in range(3):
        assert sorted(GAME_KIND(c) for c in st.reserve[s]) == ["bond", "breakup", "hookup"]
    assert len(st.event_deck) == 40
    assert st.invariants() == []


def GAME_KIND(card: str) -> str:  # noqa: N802
    from hsd_helpers import COMPS

    return COMPS.drama[card].kind


def test_emo_boy_hookups() -> None:
    # Hookups: Emo Boy (artsy, cool 3) can join Garage Band (both artsy) or Soccer (cool 3),
    # but not Tennis Star (cool 4).
    st = new(3)
    set_quad(st, ["garage-band", "soccer", "tennis-star"])
    set_clique(st, 0, [("emo-boy", 0, 0, None, 0)])
    give(st, 0, ["hookup"])
    start_act(st, 0)
    st.apply(PlayCard(st.hands[0][0]))
    targets = {a.target for a in st.legal_actions() if isinstance(a, HookUp)}
    assert targets == {"garage-band", "soccer"}
    assert st.cards["emo-boy"].cool == 3 and "artsy" in st.cards["emo-boy"].types
    assert st.cards["soccer"].cool == 3 and st.cards["tennis-star"].cool == 4
    reason = st.explain(HookUp("emo-boy", "tennis-star", 1, 0))
    assert reason is not None and "Hookups" in reason


def test_maximum_strengths_three_and_five() -> None:
    # Bonds: Dumb Blonde (heart 2) and Man Candy (heart 1): at most 3 bonds;
    # Dumb Blonde and Tennis Star (heart 3): at most 5.
    st = new(3)
    set_clique(st, 0, [("dumb-blonde", 0, 0, None, 0), ("man-candy", -1, 0, "dumb-blonde", 1),
                       ("tennis-star", 1, 0, "dumb-blonde", 1)])
    for _ in range(10):
        give(st, 0, ["bond"])
        start_act(st, 0)
        st.apply(PlayCard(st.hands[0][0]))
        if st.phase != "resolve":
            break  # no relationship can take a bond: the card was discarded without effect
        choices = st.legal_actions()
        st.apply(Bond("man-candy") if Bond("man-candy") in choices else choices[0])
    assert st.cliques[0]["man-candy"].bonds == 3
    assert st.cliques[0]["tennis-star"].bonds == 5
    assert st.hands[0] == []


def test_breakup_chain() -> None:
    # Breakups: Ping Pong Champ is Dana's main student, Game Master hooked to him, Manga Girl to
    # Game Master with 2 bonds. A breakup between Manga Girl and Game Master leaves strength 1; a
    # breakup between Game Master and Ping Pong Champ instead costs Dana both.
    layout = [("ping-pong-champ", 0, 0, None, 0), ("game-master", 1, 0, "ping-pong-champ", 1),
              ("manga-girl", 2, 0, "game-master", 2)]
    st = new(3, names=["Kim", "Dana", "Alex"])
    set_clique(st, 0, [("gossip-girl", 0, 0, None, 0)])
    set_clique(st, 1, layout)
    set_quad(st, [])
    give(st, 0, ["breakup", "breakup"][:1])
    start_act(st, 0)
    st.apply(PlayCard(st.hands[0][0]))
    st.apply(Breakup("gossip-girl", 1, "manga-girl"))
    assert st.cliques[1]["manga-girl"].bonds == 1
    assert set(st.cliques[1]) == {"ping-pong-champ", "game-master", "manga-girl"}

    st2 = new(3, names=["Kim", "Dana", "Alex"])
    set_clique(st2, 0, [("gossip-girl", 0, 0, None, 0)])
    set_clique(st2, 1, layout)
    set_quad(st2, [])
    supply = st2.supply[1]
    give(st2, 0, ["breakup"])
    start_act(st2, 0)
    st2.apply(PlayCard(st2.hands[0][0]))
    events = st2.apply(Breakup("gossip-girl", 1, "game-master"))
    assert list(st2.cliques[1]) == ["ping-pong-champ"]
    assert sorted(st2.quad) == ["game-master", "manga-girl"]
    assert st2.supply[1] == supply + 3  # every marker of the lost relationships comes home
    assert any("Game Master, Manga Girl back to the quad" in e.text for e in events)
    assert st2.invariants() == []


def _freshman_fall() -> HSDState:
    """Dana, Kim and Alex pick Ping Pong Champ, Dumb Blonde and Emo Boy (Alex picks last and
    leads); both Alex and Dana draw a hookup and a bond, Kim a hookup and a breakup."""
    st = new(3, names=["Dana", "Kim", "Alex"])
    set_quad(st, ["ping-pong-champ", "dumb-blonde", "emo-boy", "man-candy", "game-master", "poet",
                  "garage-band", "tennis-star", "soccer", "chess-club", "choir", "fashion-club"])
    # Tennis Star waits in the quad as a student card; the rest are organizations
    st.apply(PickMain("ping-pong-champ"))
    st.apply(PickMain("dumb-blonde"))
    st.apply(PickMain("emo-boy"))
    assert st.leader == 2 and st.phase == "draw" and st.queue[0] == 2
    for kind in ("hookup", "hookup", "hookup", "bond", "bond", "breakup"):  # Alex, Dana, Kim, ...
        st.apply(DrawDrama(kind))
    assert [len(h) for h in st.hands] == [2, 2, 2]  # freshman hand size 2
    assert st.phase == "act" and st.to_move == 2
    return st


def test_semester_start_example() -> None:
    st = _freshman_fall()
    kinds = [sorted(GAME_KIND(c) for c in h) for h in st.hands]
    assert kinds == [["bond", "hookup"], ["breakup", "hookup"], ["bond", "hookup"]]


def test_midterm_and_final_examples() -> None:
    st = _freshman_fall()
    dana, kim, alex = 0, 1, 2
    # Midterm: Alex's Emo Boy introduces himself to the Garage Band
    st.apply(PlayCard(drama_in_hand(st, alex, "hookup")))
    st.apply(HookUp("emo-boy", "garage-band", 1, 0))
    # Dana has Ping Pong Champ flirt with the Tennis Star
    st.apply(PlayCard(drama_in_hand(st, dana, "hookup")))
    st.apply(HookUp("ping-pong-champ", "tennis-star", 1, 0))
    assert st.cliques[dana]["tennis-star"].bonds == 1
    # Kim spreads a vicious rumor: Ping Pong Champ breaks up with the Tennis Star
    st.apply(PlayCard(drama_in_hand(st, kim, "breakup")))
    st.apply(Breakup("dumb-blonde", dana, "tennis-star"))
    assert list(st.cliques[dana]) == ["ping-pong-champ"] and "tennis-star" in st.quad
    # Final: Alex shares food with the Garage Band
    assert st.step == 1 and st.to_move == alex
    st.apply(PlayCard(drama_in_hand(st, alex, "bond")))
    st.apply(Bond("garage-band"))
    assert st.cliques[alex]["garage-band"].bonds == 2
    # Dana tries a bond, but has no friends left: discarded without effect
    events = st.apply(PlayCard(drama_in_hand(st, dana, "bond")))
    assert any("no effect" in e.text for e in events)
    assert st.to_move == kim and st.hands[dana] == []
    # Kim's Dumb Blonde hooks up with the Tennis Star by a chance meeting (cool 4 >= 4)
    st.apply(PlayCard(drama_in_hand(st, kim, "hookup")))
    st.apply(HookUp("dumb-blonde", "tennis-star", 0, 1))
    assert st.cliques[kim]["tennis-star"].parent == "dumb-blonde"
    # the semester ends: the leader icon passes clockwise (Alex -> Dana) and winter begins
    assert st.season == 1 and st.leader == dana
    assert all(len(st.reserve[s]) + len(st.hands[s]) == 3 for s in range(3))
    assert st.invariants() == []


def test_gaming_convention() -> None:
    # Events: Alex plays Gaming Convention. Alex removes two bonds to Garage Band and earns two
    # signatures; Dana removes only one bond from Anime Club and earns one. Nobody has Gaming
    # Club in play, so no bonus.
    st = new(3, names=["Alex", "Dana", "Kim"])
    set_clique(st, 0, [("emo-boy", 0, 0, None, 0), ("garage-band", 1, 0, "emo-boy", 2)])
    set_clique(st, 1, [("ping-pong-champ", 0, 0, None, 0), ("anime-club", 0, 1, "ping-pong-champ", 3)])
    set_clique(st, 2, [("dumb-blonde", 0, 0, None, 0), ("man-candy", 0, 1, "dumb-blonde", 2)])
    set_quad(st, [])
    give(st, 0, ["gaming-convention"])
    start_act(st, 0)
    st.apply(PlayCard("gaming-convention"))
    assert st.phase == "exchange" and st.to_move == 0
    st.apply(Exchange("garage-band"))
    st.apply(Exchange("garage-band"))  # Garage Band's relationship is now broken
    assert "garage-band" in st.quad and st.to_move == 1  # nothing left for Alex to exchange
    st.apply(Exchange("anime-club"))
    st.apply(ExchangeDone())
    # Kim has no geek organization: not asked
    assert st.phase != "exchange"
    assert st.total(0) == 2 and st.total(1) == 1 and st.total(2) == 0
    assert st.cliques[1]["anime-club"].bonds == 2
    assert "gaming-convention" in st.event_discard
    assert st.invariants() == []


def test_transfer_student_six_signatures() -> None:
    # Transfer Student Bonus: joining at the start of fall semester sophomore year: 6 signatures.
    st = new(4, seed=5, options={"transfer_student": "sophomore-fall"})
    assert not st.enrolled[3]
    random_playout(st, 9, check=True, stop=lambda s: s.phase == "transfer")
    assert st.year == 1 and st.season == 0 and st.to_move == 3
    # never to move before, and absent from the clique grid
    assert st.cliques[3] == {}
    choices = st.legal_actions()
    assert {a.card for a in choices} == set(st.student_deck)  # any student of the deck
    st.apply(choices[0])
    assert st.enrolled[3] and st.total(3) == 6 and st.scores()[3].breakdown["transfer"] == 6
    assert len(st.reserve[3]) + len(st.hands[3]) == 3  # one of each drama card
    assert st.invariants() == []


def test_transfer_student_with_summer_school_counts_summer() -> None:
    st = new(3, seed=2, options={"transfer_student": "sophomore-fall", "summer_school": True})
    random_playout(st, 4, stop=lambda s: s.phase == "transfer")
    st.apply(st.legal_actions()[0])
    assert st.total(2) == 8  # fall, winter, spring and summer of freshman year missed


def test_transfer_never_moves_before_joining() -> None:
    st = new(3, seed=3, options={"transfer_student": "junior-winter"})
    seen = []
    while st.phase != "transfer":
        seen.append(st.to_move)
        st.apply(st.legal_actions()[-1])
    assert 2 not in seen
    assert GAME.info.option("transfer_student").players == (3, 4, 5)


def test_transfer_with_public_draft_adds_to_the_stacks() -> None:
    st = new(3, seed=4, options={"transfer_student": "freshman-winter", "public_draft": True})
    assert sum(len(v) for v in st.stacks.values()) == 6  # one of each per player present
    random_playout(st, 4, stop=lambda s: s.phase == "transfer")
    in_hands = sum(1 for h in st.hands for c in h if c not in st.comps.events)
    st.apply(st.legal_actions()[0])
    assert sum(len(v) for v in st.stacks.values()) + in_hands == 9
    assert st.total(2) == 2  # one semester missed
