"""Rules that behaved correctly but that no test pinned (issue 10, "a test for every rule"); the
rule coverage table in RULINGS.md maps each rulebook section to its tests."""

from __future__ import annotations

import pytest
from co89_helpers import blank_book, put, started, stock, take_out
from test_co89_solo import COMP, back_giving, choice_card, ready_for_ed, solo, stack_choices

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import (
    STORAGE,
    BuyToken,
    EndTurn,
    Place,
    PutToken,
    Take,
    UseMember,
)
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.scoring import measure, teacher_points, tile_points
from homeroom.games.class_of_89.state import Co89State

OFFICE, LIBRARY, HALLWAY, AUDITORIUM, GYM = range(5)
OBJ = {o.name: o for o in components().objectives.values()}


# ------------------------------------------------------------------ Player Turn
def test_the_designers_signature_pays_for_the_same_turns_signature_action() -> None:
    """Player Turn: the actions are performed "in any order"; the Designer's "Gain a signature" can
    pay for the signature action of the same turn."""
    state = started(4)
    book = state.books[0]
    book.signatures = 0
    state.apply(Place("designer", "office", 0))
    assert BuyToken("gavel") not in state.legal_actions()
    state.apply(UseMember("designer", token="gavel"))
    assert book.signatures == 1
    state.apply(PutToken("gavel", STORAGE))
    assert BuyToken("gavel") in state.legal_actions()
    state.apply(BuyToken("gavel"))
    assert book.signatures == 0 and state.pending[0].token == "gavel"


def test_the_school_entrance_may_be_visited_again_the_same_round() -> None:
    """School Entrance: "Players can visit the School Entrance multiple times in a round"."""
    state = started(4)
    state.entrance.append((0, "editor"))
    state.books[0].used = ["editor"]
    assert Place("designer", "entrance", 0) in state.legal_actions()


# ------------------------------------------------------------------ Students, Teachers, Staff
def test_a_student_that_cannot_be_placed_in_order_cannot_be_taken() -> None:
    """Students: "If you are unable to place a student in alphabetical order, you cannot take that
    student" (here the ABC token is spent)."""
    state = started(4)
    book = state.books[0]
    take_out(state, "heather-y")
    put(book, 1, "heather-y")
    book.abc_slots = [19]
    stock(state, OFFICE, ["amy-a"])
    state.apply(Place("editor", "office", 0))
    assert not any(isinstance(a, Take) and a.card == "amy-a" for a in state.legal_actions())


def test_a_teacher_placed_before_students_splits_the_class() -> None:
    """Teachers: "Teachers can be placed before already-placed students, who will then be considered
    to be in their class"; the alphabet restarts from the new teacher ("resetting the alphabet order
    restrictions")."""
    state = started(4)
    book = state.books[0]
    for slot, card in ((1, "fred-m"), (4, "opal-p"), (5, "heather-y")):
        take_out(state, card)
        put(book, slot, card)
    assert 3 not in pl.student_slots(book, "amy-a")  # A cannot follow Fred M in one class
    stock(state, OFFICE, ["mr-rourke"])
    state.apply(Place("editor", "office", 0))
    state.apply(Take("mr-rourke", 2))
    assert pl.classes(book) == [(0, [1]), (2, [4, 5])]
    each = components().teachers["mr-rourke"].scoring["points"]  # a stand-in: 2 since issue 32
    assert teacher_points(book, 2, [4, 5]) == 2 * each  # Mr. Rourke: points per student in his class
    assert 3 in pl.student_slots(book, "amy-a")  # Mr. Rourke's class: A may come before Opal P
    assert 3 not in pl.student_slots(book, "heather-y")  # a Y still cannot come before Opal P


def test_a_fifth_staff_card_cannot_be_taken() -> None:
    """Staff: "You have space for up to 4 staff cards"."""
    state = started(4)
    book = state.books[0]
    staff = list(components().staff)
    for card in staff[1:5]:
        take_out(state, card)
    book.staff = staff[1:5]
    stock(state, OFFICE, [staff[0]])
    state.apply(Place("editor", "office", 0))
    assert not any(isinstance(a, Take) and a.card == staff[0] for a in state.legal_actions())
    assert "four staff" in (state.explain(Take(staff[0], 0)) or "")


# ------------------------------------------------------------------ tokens
def test_the_abc_token_is_not_one_of_a_students_four_tokens() -> None:
    """ABC Tokens: "This does not count as 1 of the 4 tokens max that student may have"."""
    state = started(4)
    book = state.books[0]
    take_out(state, "amy-a")
    put(book, 1, "amy-a", "GGG")
    book.abc_slots = [1]
    assert 1 in state._token_targets(book)
    book.tokens[1].append("star")
    assert 1 not in state._token_targets(book)


def test_tokens_in_storage_score_nothing() -> None:
    """Endgame Scoring: "Do not count tokens in your storage at the end of the game"."""
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 1, "amy-a", "B")
    book.storage = ["bolt", "bolt"]
    assert measure(book, OBJ["The Clique"].measure) == 1
    assert tile_points(book, "cheerleaders") == 0  # 1 point per 2 Bolts in the yearbook


def test_an_objective_on_students_counts_each_student_once() -> None:
    """Club Objectives: "each student card is only counted once for that objective"."""
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 1, "amy-a", "GGGG")
    put(book, 2, "carla-b", "G")
    assert measure(book, OBJ["AP Government"].measure) == 2


# ------------------------------------------------------------------ school mat
def test_a_senior_superlative_tile_entering_the_school_gets_the_top_student() -> None:
    """Wildcat Way Tiles: "When a Wildcat Way tile is placed on the school mat with space for a
    student, add the top student from the draw deck"."""
    state = started(4)
    tile = next(t.id for t in components().tiles.values() if t.superlative and t.letter == "B")
    take_out(state, tile)
    state._discard_space(LIBRARY, 4)
    state.decks["tile-B"].append(tile)
    top = state.decks["student"][-1]
    state._fill(LIBRARY, 4)
    assert state.school[LIBRARY][4] == tile and state.school_sups[tile] == top


# ------------------------------------------------------------------ End of Round
def test_tied_track_leaders_get_no_reward() -> None:
    """End of Round: "If multiple players are tied on a track, then no one gets the reward"."""
    state = started(3)
    for b in state.books:
        b.tracks = {c: 0 for c in b.tracks}
    state.books[0].tracks["quiz"] = state.books[2].tracks["quiz"] = 2
    state.books[1].tracks["arts"] = 1
    state.turns_taken = 8
    state.phase = "act"
    state.main_done = True
    state.location = 0
    events = state.apply(EndTurn())
    assert [(p.kind, p.seat, p.club) for p in state.pending] == [("reward", 1, "arts")]
    assert any("Quiz Bowl is tied at the top: no reward" in e.text for e in events)


# ------------------------------------------------------------------ Ed E. Tor
def test_ed_places_a_wildcat_way_tile_top_most_then_left_most() -> None:
    """Solo, Place the Item: "Place the tile in the top-most and then left-most space possible in
    the grid", and he gains what it covers."""
    state = solo()
    ed = state.books[1]
    width = int(components().board["grid_columns"])
    ed.grid[:] = [""] * len(ed.grid)
    ed.grid[0] = ed.grid[width + 1] = "1x1"  # (1,1) and (2,2) taken
    tile = components().tiles["seniors"]  # 1 x 2, vertical
    assert (tile.width, tile.height) == (1, 2)
    take_out(state, "seniors")
    at = state._ed_place("seniors")
    assert at == 2  # column 1 is blocked at the top, column 2 in the second row: column 3, row 1
    state._ed_put("seniors", "places")
    assert ed.grid[2] == ed.grid[2 + width] == "seniors"


def test_eds_any_token_goes_to_the_column_with_a_teacher_and_the_most_students() -> None:
    """Solo, Club Tracks: "Ed will choose the token matching the club objective card atop the column
    with a teacher and with the most student cards in it, breaking ties from left to right"."""
    state = solo()
    ed = state.books[1]
    ed.photo[:] = [""] * 20
    for slot in (5, 10, 15):  # column 1: three students, no teacher
        ed.photo[slot] = "amy-a"
    ed.photo[1], ed.photo[6], ed.photo[11] = "mr-jensen", "carla-b", "erin-c"  # column 2: teacher + 2
    ed.photo[3], ed.photo[8], ed.photo[13] = "mr-rourke", "ivy-d", "tony-a"  # column 4: teacher + 2
    state.ed_priority = ["council", "quiz", "pep", "arts", "athletics"]
    state.ed_tokens = {}
    state._ed_gain("token:any")
    assert state.ed_tokens == {"bookmark": 1}  # column 2 (Quiz Bowl) beats column 4 on the tie
    ed.photo[18] = "heather-y"
    state._ed_gain("token:any")
    assert state.ed_tokens == {"bookmark": 1, "paint": 1}  # now column 4 has the most students


def test_ed_ignores_the_alphabet() -> None:
    """Solo: "Ed also ignores the alphabet when placing students in their yearbook"."""
    state = solo()
    ed = state.books[1]
    ed.photo[:] = [""] * 20
    ed.photo[0], ed.photo[1] = "mr-jensen", "heather-y"
    assert 2 not in pl.student_slots(ed, "amy-a")
    assert state._ed_place("amy-a") == 2


def _ed_turn_with(member: str, item: str) -> tuple[Co89State, int]:
    """Make Ed's next turn use ``member`` where a Location card sends it, with a Choice card showing
    ``item`` there; return the state and that location."""
    state = solo()
    used = [m for m in ("editor", "designer", "photographer", "treasurer") if m != member][:2]
    used = next(u for u in (used, used[:1], []) if any(next(m for m in c.back if m not in u) == member
                                                        for c in COMP.choice_cards.values()))
    card = next(iter(COMP.location_cards.values()))
    where = card.members[member]
    ready_for_ed(state, card.id, used)
    stack_choices(state, [choice_card(where, item), back_giving(member, used)])
    return state, [lc.id for lc in COMP.locations].index(where)


def test_eds_photographer_takes_the_top_student_when_the_location_has_none() -> None:
    """Solo, Team Member Action: "Photographer — Take a student ... If there are no students, take
    one from the top of the deck instead"."""
    state, loc = _ed_turn_with("photographer", "staff")
    staff = next(c for c in components().staff if c not in state.books[1].staff)
    stock(state, loc, [staff])  # no student there
    top = state.decks["student"][-1]
    state._ed_turn()
    assert top in state.books[1].photo


def test_eds_treasurer_wipes_and_refreshes_before_the_item_is_taken() -> None:
    """Solo, Team Member Action: "Treasurer — Before selecting an item, wipe and refresh the display
    at the location"."""
    state, loc = _ed_turn_with("treasurer", "student")
    before = [c for c in state.school[loc] if c]
    photo = list(state.books[1].photo)
    events = state._ed_turn()
    assert any(f"Treasurer wipes and refreshes the {COMP.locations[loc].name}" in e.text for e in events)
    taken = [c for c in state.books[1].photo if c and c not in photo]
    assert taken and not set(taken) & set(before)  # the student came from the refreshed display


def test_eds_bonus_student_comes_from_his_preferred_location_first() -> None:
    """Solo, Bonus Student & Teachers: "take the student/teacher from their preferred location
    first, proceeding left to right in the school"."""
    state = solo()
    state.ed_priority = ["arts", "council", "quiz", "pep", "athletics"]
    stock(state, AUDITORIUM, ["carla-b"])
    events = state._ed_gain("pick_student")
    assert "carla-b" in state.books[1].photo and "carla-b" not in state.school[AUDITORIUM]
    assert any("from the Auditorium" in e.text for e in events)


def test_eds_draw_three_teachers_takes_the_top_teacher() -> None:
    """Solo: "When Ed gains the bonus to draw 3 teachers and keep 1, just take the top card"."""
    state = solo()
    ed = state.books[1]
    ed.photo[:] = [""] * 20
    top = state.decks["teacher"][-1]
    size = len(state.decks["teacher"])
    state._ed_gain("draw_teachers")
    assert top in ed.photo and len(state.decks["teacher"]) == size - 1


def test_the_player_becomes_first_after_round_two_of_a_solo_game() -> None:
    """Solo, Round End: "This includes you becoming the first player after round two"."""
    state = solo()
    assert state.first == 1
    state.round = 2
    state._after_round()
    assert state.round == 3 and state.first == 0


def test_eds_gains_are_resolved_at_once_and_he_never_gains_signatures() -> None:
    """Solo: "Ed never gains nor spends signatures"; the solo rules choose every gain for him, so
    he never owes a decision (he is not a seat)."""
    state = solo()
    tokens = sum(state.ed_tokens.values())
    state._gain(1, ["token:any", "tile1x1", "draw_students", "pick_teacher", "signature"])
    assert state.pending == [] and state.books[1].signatures == 0
    assert sum(state.ed_tokens.values()) >= tokens + 1



def test_eds_designer_takes_the_locations_token() -> None:
    """Solo, Team Member Action: "Designer — Take an attribute token matching the current location"."""
    state, loc = _ed_turn_with("designer", "student")
    token = COMP.locations[loc].token
    state.ed_tokens = {}
    state._ed_turn()
    assert state.ed_tokens.get(token, 0) >= 1


@pytest.mark.parametrize("unused", ["editor", "designer", "photographer"])
def test_eds_unused_team_member_reward(unused: str) -> None:
    """Solo, Round End: Editor "Advance Ed's pin on the preferred club track", Designer "Take an
    attribute token from Ed's preferred location", Photographer "Take a student from the top of the
    deck" (the Treasurer's is in test_ed_round_end_rewards_and_unused_member)."""
    state = solo()
    ed = state.books[1]
    ed.used = [m for m in ("editor", "designer", "photographer", "treasurer") if m != unused]
    state.ed_priority = ["arts", "council", "quiz", "pep", "athletics"]
    state.ed_tokens = {}
    ed.tracks["arts"] = 0
    top = state.decks["student"][-1]
    state._ed_round_end()
    if unused == "editor":
        assert ed.tracks["arts"] == 1
    elif unused == "designer":
        assert state.ed_tokens == {"paint": 1}  # the Auditorium's token
    else:
        assert top in ed.photo


def test_ed_at_the_top_of_a_track_takes_its_token_instead() -> None:
    """Solo, Club Tracks: "If Ed has reached the top of a track and would gain another advancement on
    that track, they instead gain a token of the matching type"."""
    state = solo()
    ed = state.books[1]
    ed.tracks["athletics"] = len(COMP.tracks["athletics"])
    state.ed_tokens = {}
    state._advance(1, "athletics")
    assert ed.tracks["athletics"] == len(COMP.tracks["athletics"]) and state.ed_tokens == {"star": 1}


def test_a_round_is_three_turns_each_with_one_team_member_left_over() -> None:
    """Game Structure: "players each have 3 turns per round ... players will use only 3 of their 4
    team members each round"."""
    state = started(2)
    for b in state.books:
        b.tracks = {c: 0 for c in b.tracks}
    members = ["editor", "designer", "photographer"]
    for turn in range(6):
        assert state.round == 1
        seat = state.to_move
        state.apply(Place(members[turn // 2], "entrance", 0))
        state.apply(state.legal_actions()[0])
        while state.pending and state.pending[0].kind != "reward":
            state.apply(state.legal_actions()[-1])
        if turn < 5:
            assert state.books[seat or 0].used == members[:turn // 2 + 1]
            state.apply(EndTurn())
    state.apply(EndTurn())
    while state.pending:
        state.apply(state.legal_actions()[0])
    assert state.round == 2 and all(b.used == [] for b in state.books)
