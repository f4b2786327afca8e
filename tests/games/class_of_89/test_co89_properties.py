"""Hypothesis properties: class-photo placement legality and objective scoring."""

from __future__ import annotations

from co89_helpers import blank_book, put
from hypothesis import given, settings
from hypothesis import strategies as st

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.scoring import measure, ranked_points

STUDENTS = sorted(components().students)
TEACHERS = sorted(components().teachers)


def _in_order(book) -> bool:  # type: ignore[no-untyped-def]
    for _, studs in pl.classes(book):
        letters = [pl.letter_of(book, s) for s in studs]
        letters = [x for x in letters if x]
        if letters != sorted(letters):
            return False
    return True


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(STUDENTS + TEACHERS), st.integers(0, 100)), min_size=1, max_size=30))
def test_offered_student_slots_keep_every_class_alphabetical(moves: list[tuple[str, int]]) -> None:
    book = blank_book()
    put(book, 0, TEACHERS[0])
    used = {TEACHERS[0]}
    for card, pick in moves:
        if card in used:
            continue
        slots = pl.student_slots(book, card) if card in components().students else pl.empty_slots(book)
        if not slots:
            continue
        slot = slots[pick % len(slots)]
        put(book, slot, card)
        used.add(card)
        assert _in_order(book)
    # every empty cell not offered would break the order
    for card in STUDENTS[:10]:
        if card in used:
            continue
        ok = set(pl.student_slots(book, card))
        for s in pl.empty_slots(book):
            put(book, s, card)
            assert _in_order(book) == (s in ok)
            book.photo[s] = ""


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=2, max_size=4), st.integers(0, 12))
def test_ranked_points_ties_and_order(values: list[int], minimum: int) -> None:
    table = list(components().board["objective_points"][str(max(2, len(values)))])
    table = table + [0] * (len(values) - len(table))
    qualified = [v >= minimum for v in values]
    pts = ranked_points(values, qualified, table)
    for a in range(len(values)):
        if not qualified[a]:
            assert pts[a] == 0
        for b in range(len(values)):
            if qualified[a] and qualified[b]:
                if values[a] == values[b]:
                    assert pts[a] == pts[b]
                if values[a] > values[b]:
                    assert pts[a] >= pts[b]
    # sharing never hands out more than the places taken (rounding up adds < 1 per player)
    n = sum(qualified)
    assert sum(pts) < sum(table[:n]) + n or n == 0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 19), st.text("GKBPS", min_size=0, max_size=4)), max_size=19))
def test_objective_measures_are_monotone_in_tokens(cells: list[tuple[int, str]]) -> None:
    """Adding a token never lowers any token-based objective's measure."""
    book = blank_book()
    put(book, 0, TEACHERS[0])
    studs = iter(STUDENTS)
    for slot, toks in cells:
        if not book.photo[slot]:
            put(book, slot, next(studs), toks)
    for obj in components().objectives.values():
        if "token" not in obj.measure:
            continue
        before = measure(book, obj.measure)
        for s, c in enumerate(book.photo):
            if c and not pl.is_teacher(c) and len(book.tokens[s]) < 4:
                book.tokens[s].append(obj.measure["token"])
                assert measure(book, obj.measure) >= before
                book.tokens[s].pop()
