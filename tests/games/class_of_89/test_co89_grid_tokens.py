"""Wildcat Way halves and what happens to gains that have no room (rulebook "Wildcat Way Tiles",
"Attribute Tokens")."""

from __future__ import annotations

from co89_helpers import put, started, take_out

from homeroom.games.class_of_89.actions import Decline, PlaceOneByOne
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.placement import lookup
from homeroom.games.class_of_89.scoring import wildcat_total


def test_filling_a_half_of_the_grid_advances_its_club_at_once_and_scores_two() -> None:
    """ "When you fully cover one half of the grid ..., you immediately gain a bonus of 1 increase on the
    club track shown and score 2 points at the end of the game." """
    state = started(2)
    book = state.books[0]
    top = lookup().halves["top"]
    last = next(c for c in top if not components().grid_icons.get(c))
    for c in top:
        if c != last:
            book.grid[c] = "1x1"
    book.ones = len(top) - 1
    state.ones_supply -= book.ones
    club = components().halves["top"]
    before = book.tracks[club]
    state.pending.clear()
    state._gain(0, ["tile1x1"])
    events = state.apply(PlaceOneByOne(last))
    assert book.halves == ["top"]
    assert book.tracks[club] == before + 1
    assert any("fills the top half" in e.text for e in events)
    assert wildcat_total(book) == len(top) * 1 + 2
    assert state.game_invariants() == []


def test_a_token_with_no_room_is_discarded_and_a_1x1_with_a_full_grid_too() -> None:
    """ "If you do not have space for a token in your yearbook (either on a student or in your storage), you
    must discard the token." / "If you gain a 1x1 tile and your grid is already full, you must discard
    that tile." """
    state = started(2)
    book = state.books[0]
    state.pending.clear()
    book.storage = ["star", "star"]
    events = state._gain(0, ["token:bolt"])  # no student yet (only the teacher), storage full
    assert not state.pending and any("discards" in e.text for e in events)
    take_out(state, "amy-a")
    put(book, 1, "amy-a", "GGGG")  # a student, but already holding four tokens
    events = state._gain(0, ["token:bolt"])
    assert not state.pending and any("discards" in e.text for e in events)
    book.grid = ["1x1"] * len(book.grid)
    events = state._gain(0, ["tile1x1"])
    assert not state.pending and any("no room for a 1x1 tile" in e.text for e in events)


def test_gains_are_optional() -> None:
    """ "Attribute tokens and 1x1 tiles gained from cards, tiles, or bonuses are always optional." """
    state = started(2)
    state.pending.clear()
    state._gain(0, ["token:bolt", "tile1x1"])
    assert Decline() in state.legal_actions()
    state.apply(Decline())
    assert Decline() in state.legal_actions()
    state.apply(Decline())
    assert not state.pending and state.books[0].storage == [] and state.books[0].ones == 0
