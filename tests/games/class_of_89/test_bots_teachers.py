"""With 2-4 players ``medium`` builds classes toward its teachers' patterns (issue 32): before,
a teacher was worth nothing to the evaluation until a student of its class met the pattern in
full, and teachers gave 4-5% of the winners' points where the rulebook's example gives 15%."""

from __future__ import annotations

from co89_helpers import put, started, take_out

from homeroom.games.class_of_89 import bots
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.state import Co89State


def _classes(first: str, second: str) -> Co89State:
    """Seat 0's photo: teacher ``first`` at slot 0 with Julie B (one Bookmark) in its class,
    teacher ``second`` at slot 5 with Sean H (no token) in its class; the rest empty."""
    state = started(3, 4)
    book = state.books[0]
    for card in ("mr-laporte", "ms-boudreau", "julie-b", "sean-h"):
        if card not in book.photo:
            take_out(state, card)
    book.photo = [""] * len(book.photo)
    book.tokens = [[] for _ in book.photo]
    put(book, 0, first)
    put(book, 1, "julie-b", "K")
    put(book, 5, second)
    put(book, 6, "sean-h")
    return state


def test_a_first_token_toward_a_teachers_pair_is_worth_something() -> None:
    """Mr. LaPorte pays 2 a student with a Bookmark and a Gavel, Ms. Boudreau a Bolt and a Star.
    The same yearbook with the teachers swapped differs only in whose class holds the Bookmark:
    in LaPorte's it is half his pair, which the evaluation counts before the Gavel comes."""
    comp = components()
    assert set(comp.teachers["mr-laporte"].scoring["tokens"]) == {"bookmark", "gavel"}
    assert "bookmark" not in comp.teachers["ms-boudreau"].scoring["tokens"]
    toward = bots.values(_classes("mr-laporte", "ms-boudreau"), 0)[0]
    away = bots.values(_classes("ms-boudreau", "mr-laporte"), 0)[0]
    assert toward - away >= 0.5, (toward, away)


def test_teachers_classes_count_the_students_to_come() -> None:
    """An open class is worth the students still to come into it (``class_prospect``): the same
    yearbook is worth more with the multiplayer teacher weights than without them."""
    state = _classes("mr-laporte", "ms-boudreau")
    with_terms = bots.values(state, 0)[0]
    old = bots.use_weights(bots.Weights(**{**bots.TUNED.as_dict(), "teach_mp": 0.0, "teach_class_mp": 0.0}))
    try:
        without = bots.values(state, 0)[0]
    finally:
        bots.use_weights(old)
    assert with_terms - without >= 1.0, (with_terms, without)
