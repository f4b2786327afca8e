"""Alternative rules (rulebook "Alternative Rules"): casual objectives with MIN / T1 / T2, and no half-icons."""

from __future__ import annotations

import pytest
from co89_helpers import blank_book, new_state, put, started, stock, take_out

from homeroom.games.class_of_89.actions import Place, Take
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.scoring import objective_points, teacher_points, wildcat_total
from homeroom.games.class_of_89.state import Co89State

HALLWAY = 2


def _books_with_gavel_students(state: Co89State, counts: list[int]) -> None:
    """Each seat gets a class of ``n`` students with a Gavel (AP Government measures them)."""
    students = ["amy-a", "carla-b", "erin-c", "ivy-d", "fred-m", "brian-a", "tony-a", "julie-b", "gina-c"]
    for seat, n in enumerate(counts):
        book = blank_book()
        put(book, 0, "mr-jensen")
        for k in range(n):
            put(book, 1 + k, students[k], "G")
        state.books[seat] = book


@pytest.mark.parametrize(("mode", "expected"), [
    ("casual", [10, 10, 0]),      # MIN 3: 6 and 4 qualify
    ("casual-t1", [10, 0, 0]),    # T1 5: only 6
    ("casual-t2", [0, 0, 0]),     # T2 7: nobody
    ("ranked", [16, 10, 0]),      # the standard table for comparison
])
def test_casual_objectives_give_ten_points_for_the_target(mode: str, expected: list[int]) -> None:
    """ "simply award each player 10 points if they have achieved the minimum requirement (MIN) for each
    card ... instead of using the minimum number, use the T1 number ... use the T2 number"."""
    state = new_state(3, 0, objective_scoring=mode)
    ap = components().objectives["ap-government"]
    assert (ap.min, ap.t1, ap.t2) == (3, 5, 7)
    state.objectives = ["ap-government"]
    _books_with_gavel_students(state, [6, 4, 2])
    assert [p["ap-government"] for p in objective_points(state)] == expected


def test_casual_objectives_do_not_compete() -> None:
    """Ties do not share places in the casual game: everyone at the target scores the full 10."""
    state = new_state(4, 0, objective_scoring="casual")
    state.objectives = ["ap-government"]
    _books_with_gavel_students(state, [3, 3, 3, 3])
    assert [p["ap-government"] for p in objective_points(state)] == [10, 10, 10, 10]


def test_without_half_icons_matches_advance_nothing() -> None:
    """ "For an even simpler game, ignore the half-icons on teachers and students." """
    for half_icons, expected in ((True, 1), (False, 0)):
        state = started(2, seed=3, half_icons=half_icons)
        book = state.books[0]
        book.photo[0] = ""
        deck = state.decks["student"]
        left = next(c for c in deck if components().students[c].letter == "A")
        club = components().students[left].right
        right = next(c for c in deck if components().students[c].left == club and c != left)
        take_out(state, left)
        put(book, 1, left)  # an A, so that any student may follow it
        stock(state, HALLWAY, [right])  # its left half-icon matches
        state.spaces[HALLWAY] = [-1, -1, -1]
        state.apply(Place("editor", "hallway", 0))
        state.apply(Take(right, 2))
        assert book.tracks[club] == expected


def test_without_half_icons_the_half_icon_teachers_and_prom_are_redrawn() -> None:
    """ "If a teacher who scores based on half-icons is drawn, or the Wildcat Way A tile that scores for
    matching half-icons is drawn, discard them and re-draw": they never reach the school or a yearbook."""
    comp = components()
    half_teachers = {t.id for t in comp.teachers.values() if t.scoring["kind"] == "halficon_pairs"}
    assert half_teachers and "prom" in {t.id for t in comp.tiles.values()
                                        if (t.scoring or {}).get("kind") == "distinct_halficon_matches"}
    for seed in range(5):
        state = new_state(4, seed, half_icons=False)
        in_play = {c for row in state.school for c in row} | {b.photo[0] for b in state.books}
        in_play |= {c for deck in state.decks.values() for c in deck}
        assert not (half_teachers | {"prom"}) & in_play
        assert set(state.set_aside) == half_teachers | {"prom"}
        assert state.game_invariants() == []
    # and scoring ignores half-icon pairs even if such a card were in a yearbook
    book = blank_book()
    put(book, 0, "mrs-kowalski")
    put(book, 1, "gina-c")
    assert teacher_points(book, 0, [1], half_icons=True) == 3
    assert teacher_points(book, 0, [1], half_icons=False) == 0
    book.tiles.append("prom")
    assert wildcat_total(book, half_icons=False) == 0
