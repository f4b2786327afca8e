"""The rulebook's worked examples, with their numbers."""

from __future__ import annotations

from co89_helpers import blank_book, grid, new_state, put, superlative, take_out, tile_at

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import PutToken
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.scoring import (
    final_scores,
    measure,
    objective_points,
    ranked_points,
    teacher_points,
    tile_points,
)

OBJ = {o.name: o for o in components().objectives.values()}


# ------------------------------------------------------------------ Class Example
def test_class_example_green_player() -> None:
    """Rulebook "Class Example": placements, the half-icon matches and the top-row Bolt."""
    state = new_state(2, seed=3)
    green = state.books[0]
    state.decks["teacher"].insert(0, green.photo[0])  # back to the deck: Green's first teacher is LaPorte
    # 1. Mr. LaPorte, Julie B and Sean H, a space between the two students
    for card in ("mr-laporte", "julie-b", "sean-h", "miguelito-p", "heather-y", "ms-boudreau",
                 "mariah-d", "jennifer-s", "tony-a"):
        if card not in green.photo:
            take_out(state, card)
    green.photo[0] = ""
    state._place_card(0, "mr-laporte", 0, False, "places", "")
    assert pl.student_slots(green, "julie-b") == list(range(1, 20))
    state._place_card(0, "julie-b", 1, False, "places", "")
    state._place_card(0, "sean-h", 3, False, "places", "")
    assert green.tracks == {c: 0 for c in green.tracks}
    # 2. Miguelito P and Heather Y, a space between them; P matches H's Student Council half-icon
    state._place_card(0, "miguelito-p", 4, False, "places", "")
    assert green.tracks["council"] == 1
    assert 5 in pl.student_slots(green, "heather-y")
    state._place_card(0, "heather-y", 6, False, "places", "")
    # 3. Ms. Boudreau starts a new class in the second row, resetting the alphabet
    assert 8 not in pl.student_slots(green, "tony-a")  # before Boudreau, A cannot follow Y
    state._place_card(0, "ms-boudreau", 7, False, "places", "")
    assert pl.class_of(green)[8] == 7
    # 4. Mariah D and Jennifer S join LaPorte's class (Athletics and Pep Squad matches)
    assert 2 in pl.student_slots(green, "mariah-d")
    assert 5 not in pl.student_slots(green, "mariah-d")  # D cannot follow P
    events = state._place_card(0, "mariah-d", 2, False, "places", "")
    assert green.tracks["athletics"] == 1
    assert green.rows_done == [0]  # the top row is full: Mr. LaPorte's class earns the Bolt
    assert any("completes row 1" in e.text for e in events)
    assert state.pending[-1].kind == "token" and state.pending[-1].token == "bolt"
    assert 5 in pl.student_slots(green, "jennifer-s")  # S between P (wrapping) and Y
    state._place_card(0, "jennifer-s", 5, False, "places", "")
    assert green.tracks["pep"] == 1  # Jennifer S pairs with Miguelito P across the row wrap
    # Tony A goes to Ms. Boudreau's class and matches her Pep Squad half-icon
    assert 8 in pl.student_slots(green, "tony-a")
    state._place_card(0, "tony-a", 8, False, "places", "")
    assert green.tracks["pep"] == 2
    assert green.tracks == {"council": 1, "quiz": 0, "pep": 2, "arts": 0, "athletics": 1, "honor": 0}
    # the pending Bolt goes where Green wants it
    state.pending[:] = state.pending[-1:]
    assert PutToken("bolt", 2, "mariah-d") in state.legal_actions()
    state.apply(PutToken("bolt", 2, "mariah-d"))
    assert green.tokens[2] == ["bolt"]
    assert state.game_invariants() == []


# ------------------------------------------------------------- Teachers examples
def test_teacher_one_point_per_student() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    for slot, s in ((1, "amy-a"), (3, "carla-b"), (4, "erin-c")):
        put(book, slot, s)
    put(book, 5, "mr-hawke")
    put(book, 6, "fred-m")
    assert teacher_points(book, 0, [1, 3, 4]) == 3


def test_teacher_two_points_per_student_with_paint_and_star() -> None:
    book = blank_book()
    put(book, 0, "ms-ortega")
    put(book, 1, "amy-a", "PS")
    put(book, 2, "carla-b", "PSSP")  # additional tokens do not score extra
    put(book, 3, "erin-c", "PP")
    put(book, 4, "ivy-d", "S")
    assert teacher_points(book, 0, [1, 2, 3, 4]) == 4


def test_teacher_three_points_per_honor_society_pair_including_the_teacher() -> None:
    book = blank_book()
    put(book, 0, "mrs-kowalski")     # right half-icon: Honor Society
    put(book, 1, "gina-c")           # left Honor Society: pairs with the teacher
    put(book, 2, "hector-d")         # left Honor Society, but Gina's right is Athletics: no pair
    put(book, 3, "ian-v")            # left Fine Arts matches Hector's right: not Honor Society
    put(book, 4, "whitney-r")        # left Honor Society vs Ian's right Honor Society: pair
    assert [club for _, club in pl.all_pairs(book)] == ["honor", "arts", "honor"]
    assert teacher_points(book, 0, [1, 2, 3, 4]) == 6


def test_teacher_three_points_per_sequential_pair() -> None:
    book = blank_book()
    put(book, 0, "mr-hawke")
    put(book, 1, "erin-c")
    put(book, 2, "ivy-d")
    put(book, 4, "kelly-e")   # a gap does not break the sequence: C-D-E is two pairs, 6 points
    put(book, 5, "lance-e")   # same letters do not count
    put(book, 6, "monica-f")  # E-F is a pair
    assert teacher_points(book, 0, [1, 2, 4, 5, 6]) == 9


# ------------------------------------------------------------ Objectives examples
def test_class_reps_counts_the_best_column() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 1, "amy-a", "GG")
    put(book, 6, "carla-b", "GGG")
    put(book, 2, "erin-c", "GGGG")
    assert measure(book, OBJ["Class Reps"].measure) == 5
    assert OBJ["Class Reps"].min == 5


def test_band_geeks_connected_without_diagonals_or_wrap() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 3, "amy-a", "P")
    put(book, 4, "carla-b", "P")
    put(book, 5, "erin-c", "P")    # next in reading order after slot 4, but the wrap does not connect
    put(book, 9, "ivy-d", "P")     # below slot 4: connected
    put(book, 13, "kelly-e", "P")  # diagonal to 9: not connected
    assert measure(book, OBJ["Band Geeks"].measure) == 3
    assert OBJ["Band Geeks"].min == 3


def test_teachers_pet_bookmarks_adjacent_to_a_teacher() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 1, "amy-a", "KK")    # right of the teacher
    put(book, 5, "carla-b", "K")   # below the teacher
    put(book, 6, "erin-c", "KKK")  # diagonal: does not count
    put(book, 9, "mr-hawke")
    put(book, 14, "ivy-d", "K")    # below Mr. Hawke
    assert measure(book, OBJ["Teacher's Pet"].measure) == 4
    assert OBJ["Teacher's Pet"].min == 4


def test_team_captains_counts_senior_superlatives() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 1, "amy-a", "SSS")
    put(book, 2, "carla-b", "SSSS")
    put(book, 3, "erin-c", "SS")
    superlative(book, "rising-star", "zoe-r", "SSS")
    assert measure(book, OBJ["Team Captains"].measure) == 3
    assert OBJ["Team Captains"].min == 1


def test_popular_kids_bolts_next_to_a_gavel() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 1, "amy-a", "G")
    put(book, 2, "carla-b", "BB")    # next to the Gavel
    put(book, 6, "erin-c", "BB")     # below the Gavel
    put(book, 7, "ivy-d", "BBB")     # diagonal to the Gavel: no
    assert measure(book, OBJ["Popular Kids"].measure) == 4
    assert OBJ["Popular Kids"].min == 4


def test_alphabetical_run_of_six_counts_once() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    for slot, s in enumerate(("irene-n", "luke-o", "opal-p", "renee-q", "vince-r", "andy-s"), start=1):
        put(book, slot, s)
    put(book, 7, "mr-hawke")
    for slot, s in ((8, "erin-c"), (9, "ivy-d"), (10, "kelly-e"), (12, "fred-m")):
        put(book, slot, s)
    assert measure(book, OBJ["Alphabetical"].measure) == 2
    assert OBJ["Alphabetical"].min == 1


def test_the_clique_bolts_in_one_row() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 1, "amy-a", "BB")
    put(book, 3, "erin-c", "BBB")
    put(book, 6, "ivy-d", "BBBB")
    assert measure(book, OBJ["The Clique"].measure) == 5
    assert OBJ["The Clique"].min == 5


# -------------------------------------------------------------- Tile examples
def test_prom_needs_four_different_matches() -> None:
    book = blank_book()
    put(book, 0, "mrs-kowalski")
    put(book, 1, "gina-c")      # Honor Society with the teacher
    put(book, 2, "cindy-l")     # Athletics with Gina
    put(book, 3, "kevin-v")     # no
    assert len({c for _, c in pl.all_pairs(book)}) == 2
    assert tile_points(book, "prom") == 0
    put(book, 5, "mr-hawke")
    put(book, 6, "greg-u")      # right council
    put(book, 7, "lance-e")     # council pair; right quiz
    put(book, 8, "amy-a")       # quiz pair; right pep
    assert len({c for _, c in pl.all_pairs(book)}) == 4
    assert tile_points(book, "prom") == 3
    put(book, 9, "monica-f")    # pep pair (5 different)
    assert tile_points(book, "prom") == 6


def test_state_champs_three_points_per_class_with_three_star_students() -> None:
    book = blank_book()
    put(book, 0, "mr-jensen")
    for slot in (1, 2, 3):
        put(book, slot, ("amy-a", "carla-b", "erin-c")[slot - 1], "S")
    put(book, 5, "mr-hawke")
    put(book, 6, "fred-m", "S")
    put(book, 7, "luke-o", "SS")
    assert tile_points(book, "state-champs") == 3


def test_most_inspirational_two_points_per_bolt_on_its_superlative() -> None:
    book = blank_book()
    superlative(book, "most-inspirational", "zoe-r", "BBBB")
    assert tile_points(book, "most-inspirational") == 8
    book.superlatives[0].tokens = ["bolt", "star"]
    assert tile_points(book, "most-inspirational") == 2


def test_seniors_gain_two_gavels_and_score_four() -> None:
    state = new_state(2)
    book = state.books[0]
    state.pending.clear()
    take_out(state, "seniors")
    state._place_card(0, "seniors", grid(0, 0), False, "takes", "")
    assert [(p.kind, p.token) for p in state.pending] == [("token", "gavel"), ("token", "gavel")]
    assert tile_points(book, "seniors") == 4


def test_mathletes_star_bookmark_and_draw_three_teachers() -> None:
    state = new_state(2)
    state.pending.clear()
    top3 = state.decks["teacher"][-3:]
    take_out(state, "mathletes")
    state._place_card(0, "mathletes", grid(2, 2), False, "takes", "")
    kinds = [(p.kind, p.token) for p in state.pending]
    assert kinds[:2] == [("token", "star"), ("token", "bookmark")]
    draw = state.pending[2]
    assert draw.kind == "draw_teachers" and sorted(draw.cards) == sorted(top3)
    state.pending[:] = [draw]
    from homeroom.games.class_of_89.actions import Decline, Keep

    assert Decline() not in state.legal_actions()  # choose one to add
    state.apply(Keep(draw.cards[0], 7))
    assert state.books[0].photo[7] == draw.cards[0]
    assert state.decks["teacher"][:2] == draw.cards[1:]  # the other two at the bottom


def test_cheerleaders_pep_squad_and_a_point_per_two_bolts() -> None:
    state = new_state(2)
    state.pending.clear()
    book = state.books[0]
    take_out(state, "cheerleaders")
    state._place_card(0, "cheerleaders", grid(0, 0), False, "takes", "")
    assert book.tracks["pep"] == 1
    put(book, 1, "amy-a", "BBB")
    put(book, 2, "carla-b", "BB")
    book.storage = ["bolt", "bolt"]  # storage does not count
    assert tile_points(book, "cheerleaders") == 2


def test_d_tile_horizontal_two_gavels_a_bookmark_and_quiz_bowl() -> None:
    tile = components().tiles["debate-team"]
    assert (tile.letter, tile.width, tile.height) == ("D", 3, 1)
    state = new_state(2)
    state.pending.clear()
    take_out(state, "debate-team")
    state._place_card(0, "debate-team", grid(0, 1), False, "takes", "")
    assert [p.token for p in state.pending] == ["gavel", "gavel", "bookmark"]
    assert state.books[0].tracks["quiz"] == 1
    assert pl.tile_spots(state.books[0], "debate-team").count(grid(3, 3)) == 1
    assert grid(4, 0) not in pl.tile_spots(state.books[0], "debate-team")  # would leave the grid


def test_band_director_staff_card() -> None:
    state = new_state(2)
    state.pending.clear()
    book = state.books[0]
    before = book.signatures
    take_out(state, "band-director")
    state._place_card(0, "band-director", 0, False, "takes", "")
    assert book.staff == ["band-director"]
    assert book.signatures == before + 1
    assert [p.token for p in state.pending] == ["paint", "paint"]
    assert book.tracks["arts"] == 1


# ------------------------------------------------------- Endgame Scoring Example
def _green() -> object:
    book = blank_book()
    # Coach LaFountain's class: Mariah D, Faith U, Stacy Y (two Athletics pairs); 3 Gavels
    put(book, 0, "coach-lafountain")
    put(book, 1, "mariah-d", "GBP")
    put(book, 2, "faith-u", "GBP")
    put(book, 3, "stacy-y", "GBPP")
    # Mr. Hawke's class O P S T: no empty spaces, two sequential pairs (O-P, S-T)
    put(book, 5, "mr-hawke")
    put(book, 6, "luke-o", "BSSS")
    put(book, 7, "opal-p", "BSSS")
    put(book, 8, "andy-s", "PPP")
    put(book, 9, "chad-t")
    # Dr. Thompson's class: 8 Bookmarks in the 3rd row; one student with a Gavel and a Bolt
    put(book, 10, "dr-thompson")
    put(book, 11, "amy-a", "KKGS")
    put(book, 12, "derek-b", "KK")
    put(book, 13, "erin-c", "KKPP")
    put(book, 14, "kelly-e", "KKGB")
    put(book, 15, "fred-m", "B")
    # Mr. Jensen's class: one student
    put(book, 17, "mr-jensen")
    put(book, 18, "zoe-r", "B")
    # Wildcat Way: Homecoming, Rising Star (3 Stars), a D tile, four 1x1 tiles; top half full
    tile_at(book, "homecoming", grid(0, 0))
    tile_at(book, "rising-star", grid(2, 0))
    superlative(book, "rising-star", "wade-z", "SSS")
    tile_at(book, "debate-team", grid(3, 0))
    for x, y in ((3, 1), (4, 1), (5, 1), (0, 3)):
        book.grid[grid(x, y)] = "1x1"
    book.ones = 4
    book.halves = ["top"]
    book.staff = ["art-teachers-aide", "lunch-lady"]  # Honor Society and Quiz Bowl
    book.tracks["athletics"] = len(components().tracks["athletics"])
    book.signatures = 3
    return book


def _rival_one() -> object:
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 5, "mr-abbott")
    put(book, 10, "ms-carver")
    students = ["brian-a", "carla-b", "frank-c", "hector-d", "jason-e", "monica-f", "dana-g", "rachel-h",
                "victor-i", "wendy-j", "brad-k", "cindy-l", "hank-m", "jake-n", "noah-o", "paul-p", "renee-q"]
    slots = [s for s in range(20) if s not in (0, 5, 10)]
    tokens = {1: "B", 2: "B", 3: "B", 4: "BPPP", 6: "B", 7: "B", 8: "B", 9: "PPP", 11: "G", 12: "GSSS",
              13: "G", 14: "GPPP", 15: "GKK", 16: "KK", 17: "KK", 18: "KK"}
    for slot, s in zip(slots, students):
        put(book, slot, s, tokens.get(slot, ""))
    return book


def _rival_two() -> object:
    book = blank_book()
    put(book, 0, "mr-dupree")
    put(book, 5, "mrs-ellison")
    tokens = {1: "GB", 2: "GB", 3: "GBPP", 4: "GB", 6: "BKK", 7: "BKK", 8: "PPP"}
    for slot, s in zip((1, 2, 3, 4, 6, 7, 8, 9), ("tina-i", "xavier-j", "zack-k", "doug-l", "grace-m",
                                                   "kim-n", "megan-o", "pete-g")):
        put(book, slot, s, tokens.get(slot, ""))
    return book


def test_endgame_scoring_example_97() -> None:
    state = new_state(3)
    assert [components().objectives[o].name for o in state.objectives] == [
        "AP Government", "Study Group", "Preppies", "Theater Kids", "Team Captains", "Perfect Attendance"]
    state.books[:] = [_green(), _rival_one(), _rival_two()]  # type: ignore[list-item]
    green = state.books[0]
    m = {components().objectives[o].name: measure(green, components().objectives[o].measure)
         for o in state.objectives}
    assert m == {"AP Government": 3, "Study Group": 8, "Preppies": 5, "Theater Kids": 7,
                 "Team Captains": 3, "Perfect Attendance": 2}
    pts = {components().objectives[o].name: p for o, p in objective_points(state)[0].items()}
    assert pts == {"AP Government": 4, "Study Group": 13, "Preppies": 4, "Theater Kids": 10,
                   "Team Captains": 16, "Perfect Attendance": 7}
    # teachers: LaFountain 6, Hawke 6, Thompson 2, Jensen 1
    assert [teacher_points(green, t, st) for t, st in pl.classes(green)] == [6, 6, 2, 1]
    assert tile_points(green, "homecoming") == 5
    assert tile_points(green, "rising-star") == 6
    score = final_scores(state)[0]
    assert score.breakdown == {"objectives": 54, "teachers": 15, "wildcat_way": 17, "staff": 3,
                               "club_tracks": 5, "signatures": 1, "abc_token": 2}
    assert score.total == 97


# ------------------------------------------------------------------ tie rule
def test_tie_rule_four_players() -> None:
    """Two tied for 1st share (18 + 12) / 2 = 15; the next player takes 3rd place's 6."""
    assert ranked_points([9, 9, 5, 4], [True] * 4, [18, 12, 6, 2]) == [15, 15, 6, 2]
    # rounding up, and players under MIN score nothing
    assert ranked_points([7, 7, 7, 1], [True, True, True, False], [18, 12, 6, 2]) == [12, 12, 12, 0]
    assert ranked_points([5, 3, 3], [True] * 3, [16, 10, 4]) == [16, 7, 7]


def test_tie_rule_in_a_four_player_game_end_to_end() -> None:
    state = new_state(4)
    books = []
    for n_gavel in (3, 3, 2, 1):
        book = blank_book()
        put(book, 0, "mr-jensen")
        for i in range(n_gavel):
            put(book, 1 + i, ("amy-a", "carla-b", "erin-c")[i], "G")
        books.append(book)
    state.books[:] = books
    ap = next(o for o in state.objectives if components().objectives[o].name == "AP Government")
    assert [p[ap] for p in objective_points(state)] == [15, 15, 0, 0]  # MIN 3: the others do not qualify


def test_card_examples_as_printed() -> None:
    """Rulebook "Students"/"Teachers"/"Staff" card examples."""
    comp = components()
    dana = comp.students["dana-g"]
    assert (dana.letter, dana.left, dana.right) == ("G", "council", "pep")
    laporte = comp.teachers["mr-laporte"]
    assert laporte.right == "quiz"
    assert laporte.scoring == {"kind": "students_with_tokens", "points": 2, "tokens": ["bookmark", "gavel"]}
    book = blank_book()
    put(book, 0, "mr-laporte")
    put(book, 1, "amy-a", "KG")
    put(book, 2, "carla-b", "KGBB")
    put(book, 3, "erin-c", "KK")
    assert teacher_points(book, 0, [1, 2, 3]) == 4
    band = comp.staff["band-director"]
    assert sorted(band.gains) == sorted(["signature", "token:paint", "token:paint", "club:arts"])
    clique = OBJ["The Clique"]
    assert (clique.measure["kind"], clique.measure["token"], clique.min) == ("tokens_same_row", "bolt", 5)
    counts = {k: sum(1 for t in comp.tiles.values() if t.letter == k) for k in "ABCD"}
    assert counts == {"A": 8, "B": 12, "C": 10, "D": 12}
    assert (len(comp.students), len(comp.teachers), len(comp.staff), len(comp.objectives)) == (78, 24, 24, 24)
    assert [o.name for o in comp.objectives.values() if o.set == "A"] == [
        "AP Government", "Study Group", "Preppies", "Theater Kids", "Team Captains", "Perfect Attendance"]


def test_b_tile_example_vertical_gavel_superlative() -> None:
    """Rulebook "Tile Examples": "This B tile has a vertical orientation. It has space for a student card,
    which is added from the top of the draw deck when the tile is added to the school. It will score 2
    points for every Gavel attribute token added to the Senior Superlative student on this tile. It cannot
    be rotated." """
    tile = components().tiles["most-likely-to-lead"]
    assert (tile.letter, tile.width, tile.height, tile.superlative) == ("B", 1, 2, True)
    assert tile.scoring == {"kind": "superlative_tokens", "token": "gavel", "points": 2}
    # entering the school (a tile-B space) brings the top student with it
    state = new_state(2)
    loc, pos = next((i, j) for i, lc in enumerate(components().locations) for j, k in enumerate(lc.spaces)
                    if k == "tile-B")
    state._discard_space(loc, pos)
    take_out(state, "most-likely-to-lead")
    state.decks["tile-B"].append("most-likely-to-lead")
    top_student = state.decks["student"][-1]
    state._fill(loc, pos)
    assert state.school[loc][pos] == "most-likely-to-lead"
    assert state.school_sups["most-likely-to-lead"] == top_student
    # fixed orientation: on a grid with one free column of height 2 it fits; in a free row of width 2 it does not
    book = blank_book()
    book.grid = ["x"] * len(book.grid)
    book.grid[grid(3, 1)] = book.grid[grid(3, 2)] = ""
    assert pl.tile_spots(book, "most-likely-to-lead") == [grid(3, 1)]
    book.grid[grid(3, 2)] = "x"
    book.grid[grid(4, 1)] = ""
    assert pl.tile_spots(book, "most-likely-to-lead") == []
    # 2 points per Gavel on its superlative, other tokens nothing
    superlative(book, "most-likely-to-lead", top_student, "GGS")
    assert tile_points(book, "most-likely-to-lead") == 4
