"""``student_slots`` read from the per-photo bounds (issue 18) gives the cells the scan before it
gave, on random class photos with teachers, gaps and ABC-covered initials."""

from __future__ import annotations

from homeroom.engine import Rng
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import Yearbook


def old_student_slots(book: Yearbook, card: str) -> list[int]:
    """The scan before the bounds (verbatim)."""
    letters = pl.lookup().letter
    photo = book.photo
    letter = letters[card]
    abc = book.abc_slots
    out = []
    lo = 0
    for s, c in enumerate(photo):
        if c:
            x = letters.get(c, 0)
            if not x:
                lo = 0
            elif x > lo and s not in abc:
                lo = x
        elif lo <= letter:
            out.append(s)
    if not out:
        return out
    keep = []
    hi = 999
    k = len(photo) - 1
    for s in reversed(out):
        while k > s:
            c = photo[k]
            if c:
                x = letters.get(c, 0)
                if not x:
                    hi = 999
                elif x < hi and k not in abc:
                    hi = x
            k -= 1
        if letter <= hi:
            keep.append(s)
    keep.reverse()
    return keep


def test_student_slots_are_the_scan_before_the_bounds() -> None:
    comp = components()
    students = sorted(comp.students)
    teachers = sorted(comp.teachers)
    rng = Rng(18)
    checked = 0
    for _ in range(400):
        fill = rng.randrange(21)
        photo = [""] * 20
        for s in rng.sample(list(range(20)), fill):
            photo[s] = rng.choice(teachers) if rng.randrange(5) == 0 else rng.choice(students)
        filled = [s for s, c in enumerate(photo) if c]
        abc = rng.sample(filled, min(len(filled), rng.randrange(3)))
        book = Yearbook(photo, [[] for _ in range(20)], [""] * 24, {}, abc_slots=abc)
        for card in rng.sample(students, 8):
            assert pl.student_slots(book, card) == old_student_slots(book, card)
            checked += 1
        book.photo[rng.randrange(20)] = ""  # edited in place: a new key, never a stale answer
        for card in rng.sample(students, 3):
            assert pl.student_slots(book, card) == old_student_slots(book, card)
    assert checked == 3200
