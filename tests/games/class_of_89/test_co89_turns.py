"""Turn rules played through actions: placement, the three actions, tokens, round end."""

from __future__ import annotations

import pytest
from co89_helpers import new_state, put, started, stock, take_out

from homeroom.engine import IllegalAction
from homeroom.games.class_of_89.actions import (
    STORAGE,
    BuyToken,
    ChooseSide,
    ChooseToken,
    Decline,
    EndTurn,
    Forgo,
    Keep,
    Photograph,
    Place,
    PlaceOneByOne,
    PutToken,
    Refresh,
    Reward,
    ShiftToken,
    Take,
    TakeEntrance,
    Unstore,
    UseMember,
)
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import JANITOR
from homeroom.games.class_of_89.placement import student_slots
from homeroom.games.class_of_89.state import Co89State

OFFICE, LIBRARY, HALLWAY, AUDITORIUM, GYM = range(5)


def test_setup_signatures_janitors_and_starting_teacher() -> None:
    four = new_state(4)
    assert [b.signatures for b in four.books] == [1, 1, 2, 3]
    assert four.janitors == []
    three = new_state(3)
    assert [b.signatures for b in three.books] == [1, 2, 3]
    assert sorted(c for _, c in three.janitors) == [0, 1, 2]
    two = new_state(2)
    assert [b.signatures for b in two.books] == [1, 2]
    assert sorted(c for _, c in two.janitors) == [0, 0, 1, 1, 2]
    assert len({loc for loc, _ in two.janitors}) == 5  # one per club location
    for state in (two, three, four):
        assert all(b.photo[0] in components().teachers for b in state.books)
        assert all(all(row) for row in state.school)
        for tile, student in state.school_sups.items():
            assert student and any(tile in row for row in state.school)
        assert state.game_invariants() == []


def test_column_board_side_is_chosen_at_setup_in_seat_order() -> None:
    state = new_state(3)
    assert state.to_move == 0 and state.legal_actions() == [ChooseSide("A"), ChooseSide("B")]
    state.apply(ChooseSide("B"))
    state.apply(ChooseSide("A"))
    state.apply(ChooseSide("B"))
    assert [b.side for b in state.books] == ["B", "A", "B"]
    assert state.phase == "place" and state.to_move == 0


def test_cannot_revisit_a_location_except_with_the_treasurer() -> None:
    state = started(4)
    state.spaces[OFFICE][0] = 0
    book = state.books[0]
    book.signatures = 5
    legal = state.legal_actions()
    assert Place("editor", "office", 1) not in legal
    assert Place("treasurer", "office", 1) in legal
    with pytest.raises(IllegalAction, match="only the Treasurer"):
        state.apply(Place("editor", "office", 1))


def test_signature_costs_and_the_treasurer_ignoring_them() -> None:
    state = started(4)
    book = state.books[0]
    book.signatures = 0
    legal = state.legal_actions()
    assert Place("editor", "library", 0) in legal
    assert Place("editor", "library", 1) not in legal
    assert Place("treasurer", "library", 2) in legal
    assert Place("editor", "entrance", 0) in legal  # the entrance never costs signatures
    state.apply(Place("treasurer", "library", 2))
    assert book.signatures == 0 and state.spaces[LIBRARY][2] == 0
    book.signatures = 2
    state2 = started(4)
    state2.books[0].signatures = 2
    state2.apply(Place("editor", "gym", 2))
    assert state2.books[0].signatures == 0


def test_janitors_block_spaces() -> None:
    state = started(2)
    loc, cost = state.janitors[0]
    assert state.spaces[loc][cost] == JANITOR
    lid = components().locations[loc].id
    state.books[0].signatures = 5
    assert Place("treasurer", lid, cost) not in state.legal_actions()


def test_main_action_is_mandatory_and_each_action_once() -> None:
    state = started(4)
    stock(state, HALLWAY, ["sean-h", "tony-a", "band-director", "cheerleaders"])
    book = state.books[0]
    book.signatures = 3
    state.apply(Place("designer", "hallway", 0))
    legal = state.legal_actions()
    assert EndTurn() not in legal
    assert BuyToken("bolt") in legal and Refresh() in legal and UseMember("designer", token="bolt") in legal
    assert Take("band-director", 0) in legal
    state.apply(Take("band-director", 0))
    state.pending.clear()  # decline the Band Director's gains for brevity
    with pytest.raises(IllegalAction, match="once per turn"):
        state.apply(Take("sean-h", 3))
    state.apply(BuyToken("bolt"))
    assert book.signatures == 3 + 1 - 1
    assert state.pending[0].token == "bolt"
    state.apply(PutToken("bolt", STORAGE))
    assert book.storage == ["bolt"]
    assert BuyToken("bolt") not in state.legal_actions() and Refresh() not in state.legal_actions()
    state.apply(UseMember("designer", token="bolt"))  # Designer: a signature and the Hallway's Bolt
    assert book.signatures == 4
    state.apply(PutToken("bolt", STORAGE))
    assert book.storage == ["bolt", "bolt"]
    assert not any(isinstance(a, UseMember) for a in state.legal_actions())
    state.apply(EndTurn())
    assert state.to_move == 1


def test_students_must_keep_alphabetical_order_unless_using_the_abc_token() -> None:
    state = started(4)
    book = state.books[0]
    put(book, 1, "miguelito-p")
    take_out(state, "miguelito-p")
    stock(state, OFFICE, ["tony-a"])
    state.apply(Place("editor", "office", 0))
    legal = state.legal_actions()
    assert Take("tony-a", 1 + 1) not in legal        # A after P in the same class
    assert Take("tony-a", 2, True) in legal          # the ABC token ignores the alphabet
    assert Take("tony-a", 1 + 0, False) not in legal  # occupied
    with pytest.raises(IllegalAction, match="alphabetical"):
        state.apply(Take("tony-a", 2))
    state.apply(Take("tony-a", 2, True))
    assert book.abc_slots == [2]
    # the covered letter imposes no order; Miguelito P still does
    assert 3 in student_slots(book, "andy-s")
    assert 3 not in student_slots(book, "amy-a")


def test_tile_that_cannot_fit_cannot_be_taken() -> None:
    state = started(4)
    book = state.books[0]
    book.grid[:] = ["1x1"] * len(book.grid)
    book.grid[0] = ""
    stock(state, OFFICE, ["prom", "amy-a"])
    state.apply(Place("editor", "office", 0))
    assert not any(isinstance(a, Take) and a.card == "prom" for a in state.legal_actions())


def test_nothing_takeable_lets_the_turn_end() -> None:
    state = started(4)
    book = state.books[0]
    book.grid[:] = ["1x1"] * len(book.grid)
    book.staff = ["principal", "librarian", "secretary", "custodian"]
    for s in range(1, 20):
        book.photo[s] = "x"  # a full class photo (placeholder cards: nothing fits)
    stock(state, GYM, ["amy-a"])
    state.apply(Place("editor", "gym", 0))
    assert [a for a in state.legal_actions() if isinstance(a, Take)] == []
    assert EndTurn() in state.legal_actions()


def test_photographer_takes_an_extra_student() -> None:
    state = started(4)
    stock(state, HALLWAY, ["amy-a", "carla-b", "band-director", "cheerleaders"])
    state.apply(Place("photographer", "hallway", 0))
    state.apply(Take("amy-a", 1))
    assert Photograph("carla-b", 2) in state.legal_actions()
    assert not any(isinstance(a, Photograph) and a.card == "band-director" for a in state.legal_actions())
    state.apply(Photograph("carla-b", 2))
    assert state.books[0].photo[1:3] == ["amy-a", "carla-b"]
    assert not any(isinstance(a, Photograph) for a in state.legal_actions())


def test_editor_advances_the_location_club() -> None:
    state = started(4)
    state.apply(Place("editor", "auditorium", 0))
    state.apply(UseMember("editor", club="arts"))
    assert state.books[0].tracks["arts"] == 1


def test_school_entrance_tile_signatures_and_honor_society() -> None:
    state = started(4)
    book = state.books[0]
    state.apply(Place("editor", "entrance", 0))
    assert (0, "editor") in state.entrance
    assert not any(isinstance(a, BuyToken | Refresh) for a in state.legal_actions())
    state.apply(TakeEntrance())
    assert book.signatures == 1 + 2
    assert state.pending[0].kind == "tile1x1"
    state.apply(PlaceOneByOne(5))
    assert book.grid[5] == "1x1" and book.ones == 1 and state.ones_supply == 23
    state.apply(UseMember("editor", club="honor"))
    assert book.tracks["honor"] == 1
    state.apply(EndTurn())
    # stacking: the next player may use the entrance too, and a Designer there takes any token
    state.apply(Place("designer", "entrance", 0))
    state.apply(TakeEntrance())
    state.apply(Decline())
    state.apply(UseMember("designer", token="any"))
    assert state.legal_actions()[:5] == [ChooseToken(t) for t in ("gavel", "bookmark", "bolt", "paint", "star")]
    state.apply(ChooseToken("star"))
    assert state.pending[0].token == "star"


def test_without_the_entrance_an_unaffordable_turn_is_forgone() -> None:
    state = started(4, school_entrance=False)
    book = state.books[0]
    book.used = ["treasurer"]
    book.signatures = 0
    for loc in range(5):
        state.spaces[loc][0] = 3
    assert state.legal_actions() == [Forgo()]
    state.apply(Forgo())
    assert state.to_move == 1


def test_refresh_wipes_and_refills_the_location() -> None:
    state = started(4)
    before = list(state.school[OFFICE])
    state.apply(Place("editor", "office", 0))
    state.apply(Refresh())
    assert state.books[0].signatures == 0
    assert all(c not in before for c in state.school[OFFICE] if c)
    assert all(c in state.discards[k] for c, k in zip(before, ("student", "student", "teacher", "staff", "tile-A")))


def test_tokens_storage_and_paid_moves() -> None:
    state = started(4)
    book = state.books[0]
    put(book, 1, "amy-a", "GG")
    put(book, 2, "carla-b", "BBBB")
    take_out(state, "amy-a")
    take_out(state, "carla-b")
    book.storage = ["star"]
    book.signatures = 2
    state.apply(Place("editor", "office", 0))
    legal = state.legal_actions()
    assert Unstore("star", 1, "amy-a") in legal and Unstore("star", 2, "carla-b") not in legal  # four tokens at most
    assert ShiftToken(2, "bolt", "carla-b") in legal and ShiftToken(1, "gavel", "amy-a") not in legal  # Carla B is full
    state.apply(Unstore("star", 1, "amy-a"))
    assert book.tokens[1] == ["gavel", "gavel", "star"] and book.storage == []
    state.apply(ShiftToken(2, "bolt", "carla-b"))
    assert book.signatures == 0
    assert state.legal_actions() == [PutToken("bolt", 1, "amy-a")]  # to another student: not storage, no discard
    state.apply(PutToken("bolt", 1, "amy-a"))
    assert book.tokens[1] == ["gavel", "gavel", "star", "bolt"] and book.tokens[2] == ["bolt"] * 3


def test_draw_three_students_keep_at_most_one() -> None:
    """The row bonus: "draw 3 student cards from the deck: choose up to 1 to keep"."""
    state = started(4)
    state._gain(0, ["draw_students"], optional_draws=True)
    drawn = list(state.pending[0].cards)
    assert len(drawn) == 3
    assert Decline() in state.legal_actions()
    obs = state.observation(1)
    assert obs["pending"][0]["cards"] == 3  # others do not see the drawn cards
    assert state.observation(0)["pending"][0]["cards"] == drawn
    keep = next(a for a in state.legal_actions() if isinstance(a, Keep))
    state.apply(keep)
    assert state.books[0].photo[keep.at] == keep.card
    assert state.decks["student"][:2] == [c for c in drawn if c != keep.card]


def test_exclamation_bonus_takes_any_face_up_student() -> None:
    state = started(4)
    state._gain(0, ["pick_student"])
    options = [a for a in state.legal_actions() if isinstance(a, Keep)]
    face_up = {c for row in state.school for c in row}
    assert options and all(a.card in face_up for a in options)
    state.apply(options[0])
    assert options[0].card not in face_up - {options[0].card} and all(options[0].card not in r for r in state.school)


def test_honor_society_top_and_extra_advances_give_signatures() -> None:
    state = started(4)
    book = state.books[0]
    top = len(components().tracks["honor"])
    book.tracks["honor"] = top
    before = book.signatures
    state._advance(0, "honor")
    assert book.tracks["honor"] == top and book.signatures == before + 1
    book.tracks["honor"] = 1
    state._advance(0, "honor")  # step 2: any token
    assert state.pending[-1].kind == "token" and state.pending[-1].token == "any"


def _finish_round(state) -> None:  # type: ignore[no-untyped-def]
    from homeroom.engine import Rng

    rng = Rng(5)
    start = state.round
    while state.round == start and not state.is_terminal():
        if state.pending and state.pending[0].kind == "reward":
            return
        state.apply(rng.choice(state.legal_actions()))


def test_round_end_rewards_janitors_first_player_and_winter_break() -> None:
    state = started(2)
    janitors = list(state.janitors)
    for b in state.books:
        b.tracks = {c: 0 for c in b.tracks}
    _finish_round(state)
    while state.pending and state.pending[0].kind != "reward":
        state.apply(state.legal_actions()[-1])
    rewards = [p for p in state.pending if p.kind == "reward"]
    for p in rewards:
        steps = [b.tracks[p.club] for b in state.books]
        assert steps[p.seat] == max(steps) and steps.count(max(steps)) == 1
    while state.pending:
        state.apply(state.legal_actions()[0])
    assert state.round == 2
    assert state.janitors == [((loc + 1) % 5, cost) for loc, cost in janitors]
    assert state.first == 0  # 2 players: the first player token moves only at Winter Break
    school_before = [list(r) for r in state.school]
    state.books[0].signatures = state.books[1].signatures = 0
    _finish_round(state)
    while state.pending:
        state.apply(state.legal_actions()[0])
    assert state.round == 3 and state.first == 1
    assert all(c not in [x for r in school_before for x in r] for r in state.school for c in r if c)


def test_round_reward_choice_signature_or_token() -> None:
    state = started(3)
    state.books[1].tracks["athletics"] = 2
    state.turns_taken = 9 - 1
    state.phase = "act"
    state.main_done = True
    state.location = 0
    state.apply(EndTurn())
    assert state.pending[0].kind == "reward" and state.pending[0].seat == 1
    assert state.legal_actions() == [Reward("signature"), Reward("star")]
    state.apply(Reward("star"))
    assert state.pending[0].kind == "token" and state.pending[0].token == "star"


def test_three_player_first_player_rotates_every_round() -> None:
    state = started(3)
    state.turns_taken = 8
    state.phase = "act"
    state.main_done = True
    state.location = 0
    for b in state.books:
        b.tracks = {c: 0 for c in b.tracks}
    state.apply(EndTurn())
    assert state.round == 2 and state.first == 1 and state.to_move == 1


def test_objective_sets_and_random_objectives() -> None:
    for letter in "ABCD":
        state = new_state(2, 0, objectives=letter)
        objs = [components().objectives[o] for o in state.objectives]
        assert [o.set for o in objs] == [letter] * 6
        assert sorted(o.club for o in objs) == sorted(components().tracks)
    rand = new_state(2, 7, objectives="random")
    assert sorted(components().objectives[o].club for o in rand.objectives) == sorted(components().tracks)


def test_winner_tie_breaks_objectives_then_students() -> None:
    from co89_helpers import blank_book
    from co89_helpers import put as put_card

    def duel(a_students: list[str], a_gavels: bool, b_students: list[str]) -> Co89State:
        state = new_state(2, 0)
        a, b = blank_book(), blank_book()
        for book, studs, tok in ((a, a_students, "G" if a_gavels else ""), (b, b_students, "")):
            put_card(book, 0, "mr-jensen")  # 1 point per student
            for slot, card in enumerate(studs, start=1):
                put_card(book, slot, card, tok)
        state.books[:] = [a, b]
        state.phase = "over"
        sa, sb = state.scores()
        if sa.total > sb.total:  # level the totals with signatures (1 point per 2)
            b.signatures += 2 * (sa.total - sb.total)
        else:
            a.signatures += 2 * (sb.total - sa.total)
        sa, sb = state.scores()
        assert sa.total == sb.total
        return state

    # equal totals: more objective points wins (AP Government: 3 students with a Gavel)
    assert duel(["amy-a", "carla-b", "erin-c"], True, ["amy-a", "carla-b", "erin-c"]).winner() == [0]
    # equal totals and objectives: more students wins
    assert duel(["amy-a"], False, ["amy-a", "carla-b"]).winner() == [1]
    # still tied: a shared victory
    assert duel(["amy-a"], False, ["carla-b"]).winner() == [0, 1]


def test_column_exclamation_bonus_is_lost_when_nothing_fits() -> None:
    state = started(2)
    book = state.books[0]
    for s in range(1, 20):
        book.photo[s] = "x"
    events = state._gain(0, ["pick_student", "pick_teacher"])
    assert state.pending == []
    assert sum("loses the bonus" in e.text for e in events) == 2


def test_illegal_moves_explain_themselves() -> None:
    state = started(4)
    stock(state, GYM, ["amy-a"])
    state.apply(Place("editor", "gym", 0))
    assert "main action is mandatory" in (state.explain(EndTurn()) or "")
    revisit = started(4)
    revisit.spaces[GYM][0] = 0
    revisit.space_members[GYM][0] = "editor"
    revisit.books[0].signatures = 3
    why = revisit.explain(Place("designer", "gym", 1)) or ""
    assert "the Gym already holds your Editor" in why and "Player Turn" in why
    poor = started(4)
    poor.books[0].signatures = 0
    assert "cannot pay 2 signatures" in (poor.explain(Place("designer", "office", 2)) or "")
    used = started(4)
    used.books[0].used = ["photographer"]
    assert "already been placed this round" in (used.explain(Place("photographer", "office", 0)) or "")
    gym = started(4)
    stock(gym, GYM, ["amy-a", "seniors"])
    gym.books[0].signatures = 2
    gym.apply(Place("photographer", "gym", 0))
    assert "buys its own token, the Star" in (gym.explain(BuyToken("bolt")) or "")
    assert "must be a student" in (gym.explain(Photograph("seniors", 0)) or "")
    assert "your Photographer" in (gym.explain(UseMember("editor", club="athletics")) or "")
    broke = started(4)
    broke.books[0].signatures = 0
    broke.apply(Place("photographer", "gym", 0))
    assert "you have none" in (broke.explain(BuyToken("star")) or "")
    entrance = started(4)
    entrance.books[0].signatures = 2
    entrance.apply(Place("editor", "entrance", 0))
    assert "no signature action" in (entrance.explain(Refresh()) or "")


def test_action_lines_say_what_a_placement_gives() -> None:
    """The terminal line of a take names the half-icon matches, completed rows and covered grid icons,
    as a player reading the cards would see them (Class Example: Mariah D matches Julie B's Athletics
    half-icon and fills LaPorte's top row, earning the Bolt)."""
    state = started(2, seed=3)
    book = state.books[0]
    for card in ("mr-laporte", "julie-b", "sean-h", "miguelito-p"):
        if card not in book.photo:
            take_out(state, card)
    book.photo[0] = ""
    for slot, card in ((0, "mr-laporte"), (1, "julie-b"), (3, "sean-h"), (4, "miguelito-p")):
        put(book, slot, card)
    stock(state, HALLWAY, ["mariah-d", "band-director", "cheerleaders"])
    state.spaces[HALLWAY] = [-1, -1, -1]  # no janitor in the way
    state.apply(Place("editor", "hallway", 0))
    line = state.describe_action(Take("mariah-d", 2))
    assert line == "Take Mariah D at row 1, column 3 (Athletics match; completes row 1: Bolt)"
    assert state.describe_action(Take("mariah-d", 7)) == "Take Mariah D at row 2, column 3"
    assert "covers" in state.describe_action(Take("cheerleaders", 1))  # grid column 2, row 1: a Gavel icon
    assert state.describe_action(EndTurn()) == EndTurn().describe()


def test_a_tiles_draw_three_keeps_one_and_discards_it_when_none_fits() -> None:
    """ "When a Wildcat Way tile grants you a new student or teacher, you draw 3 from the deck and choose 1
    to keep, returning the other 2 to the bottom of their deck. If you are unable to place the chosen card
    in your yearbook, you must discard it." (the row bonus may keep none; a tile's draw must keep one)"""
    state = started(4)
    state.pending.clear()
    state._gain(0, ["draw_students"])
    assert Decline() not in state.legal_actions()
    assert all(isinstance(a, Keep) for a in state.legal_actions())
    # a full class photo: none of the drawn teachers can be placed; one is discarded, two go to the bottom
    full = started(4)
    full.pending.clear()
    book = full.books[0]
    filler = [c for c in full.decks["student"][:19]]
    for c in filler:
        full.decks["student"].remove(c)
    book.photo[1:] = filler
    full._gain(0, ["draw_teachers"])
    drawn = list(full.pending[0].cards)
    assert full.legal_actions() == [Decline()]
    events = full.apply(Decline())
    assert full.discards["teacher"][-1] == drawn[0]
    assert full.decks["teacher"][:2] == drawn[1:]
    assert "discards" in events[0].text
    assert full.game_invariants() == []


def test_decline_and_reward_lines_say_what_is_given_up() -> None:
    state = started(3)
    state.pending.clear()
    state._gain(0, ["draw_students"], optional_draws=True)
    assert state.describe_action(Decline()) == "Keep none of the drawn students (all back to the bottom of the deck)"
    state.pending.clear()
    state._gain(0, ["token:bolt"])
    assert state.describe_action(Decline()) == "Decline the Bolt token"
    state.pending.clear()
    state._gain(0, ["tile1x1"])
    assert state.describe_action(Decline()) == "Decline the 1x1 tile"
    state.pending.clear()
    from homeroom.games.class_of_89.model import Pending

    state.pending.append(Pending("reward", 0, club="athletics"))
    assert state.describe_action(Reward("star")) == "Athletics leader's reward: take a Star token"
