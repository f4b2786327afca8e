"""The fourth speed pass of issue 18 (Class of '89 solo playouts) changes no answer.

On every position of seeded random solo games (with and without half-icons), the rewritten
helpers are compared with verbatim copies of the code before them:

* Ed's choices: the first cell where a card matches a half-icon, where a teacher goes, which face-up student he selects, what he can take at a
  location, the column of an "any" token;
* the player's placements (the student scan in one pass over the bounds, the two-level memo
  shared by the cards of a location) against a fresh scan of each card;
* whether a token has anywhere to go, the memoised tile spots and grid mask;
* ``Rng.choice`` (its draw inlined) against ``seq[randrange(len(seq))]`` on the same stream.
"""

from __future__ import annotations

from typing import Any

import pytest
from co89_helpers import random_solo_positions

from homeroom.engine import Rng
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import Keep, Photograph, Take
from homeroom.games.class_of_89.bonuses import _placings
from homeroom.games.class_of_89.model import Yearbook
from homeroom.games.class_of_89.solo import _tables
from homeroom.games.class_of_89.state import Co89State


# ------------------------------------------------------------------ the code before (verbatim)
def old_teacher_slot(photo: list[str]) -> int:
    teachers = pl.lookup().teachers
    rows = set()
    cols = set()
    for s, c in enumerate(photo):
        if c in teachers:
            rows.add(s // 5)
            cols.add(s % 5)
    return next((s for s, c in enumerate(photo) if not c and s // 5 not in rows and s % 5 not in cols), -1)


def old_ed_place(state: Co89State, card: str) -> int:
    book = state.books[state.ed]
    kind = pl.lookup().kind[card]
    if kind == "student":
        empty = pl.empty_slots(book)
        if not empty:
            return -1
        at = pl.first_match_slot(book, card, empty) if state._half_icons() else -1
        return at if at >= 0 else empty[0]
    if kind == "teacher":
        return old_teacher_slot(book.photo)
    if kind == "staff":
        return 0 if len(book.staff) < 4 else -1
    occupied = 0
    bit = 1
    for v in book.grid:
        if v:
            occupied |= bit
        bit <<= 1
    spots = [anchor for anchor, mask in pl.lookup().masks[card] if not occupied & mask]
    return spots[0] if spots else -1


def old_select_student(state: Co89State, cards: list[str]) -> str:
    if not cards:
        return ""
    book = state.books[state.ed]
    empty = pl.empty_slots(book)
    if not empty:
        return ""
    if state._half_icons():
        pool = [c for c in cards if pl.first_match_slot(book, c, empty) >= 0] or list(cards)
    else:
        pool = list(cards)
    if len(pool) == 1:
        return pool[0]
    rank = state._pref_rank
    best = min(min(rank(pl.half_icon(c, "left")), rank(pl.half_icon(c, "right"))) for c in pool)
    return next(c for c in pool if min(rank(pl.half_icon(c, "left")), rank(pl.half_icon(c, "right"))) == best)


def old_ed_options(state: Co89State, loc: int) -> dict[str, str]:
    lk = pl.lookup()
    out: dict[str, str] = {}
    cards = [c for c in state.school[loc] if c]
    studs = [c for c in cards if lk.kind[c] == "student"]
    pick = old_select_student(state, studs)
    if pick:
        out["student"] = pick
    for c in cards:
        kind = lk.kind[c]
        item = "tile" if kind.startswith("tile") else kind
        if item != "student" and item not in out and old_ed_place(state, c) >= 0:
            out[item] = c
    return out


def old_any_token(state: Co89State) -> str:
    book = state.books[state.ed]
    best, best_col = -1, 0
    for c in range(5):
        cells = [book.photo[r * 5 + c] for r in range(4)]
        if not any(x and pl.is_teacher(x) for x in cells):
            continue
        n = sum(1 for x in cells if x and not pl.is_teacher(x))
        if n > best:
            best, best_col = n, c
    return _tables().club_token[state.ed_priority[best_col]]


def old_scan(book: Yearbook, card: str, cls: Any) -> list[Any]:
    kind = pl.lookup().kind[card]
    if kind == "staff":
        return [cls(card, 0)] if len(book.staff) < 4 else []
    row = _placings(cls, card, False)
    if kind == "student":
        ok = pl.student_slots(book, card)
        out = [row[s] for s in ok]
        if len(book.abc_slots) < book.abc_tokens:
            okset = set(ok)
            abc = _placings(cls, card, True)
            out += [abc[s] for s, c in enumerate(book.photo) if not c and s not in okset]
        return out
    if kind == "teacher":
        return [row[s] for s in pl.empty_slots(book)]
    return [row[a] for a in pl.tile_spots(book, card)]


# ------------------------------------------------------------------ the comparison
def positions(half_icons: bool) -> list[Co89State]:
    return random_solo_positions(4100, 12, half_icons=half_icons, solo_extra_abc=lambda k: k % 2 == 0)


@pytest.mark.parametrize("half_icons", [True, False])
def test_ed_choices_are_the_code_before(half_icons: bool) -> None:
    seen = 0
    for state in positions(half_icons):
        ed = state.books[state.ed]
        for book in state.books:
            for c in [c for row in state.school for c in row if c] + sorted(pl.lookup().left)[::7]:
                assert pl.first_match_empty(book, c) == pl.first_match_slot(book, c, pl.empty_slots(book))
        assert pl.teacher_slot(ed.photo) == pl.photo_facts(ed)[2] == old_teacher_slot(ed.photo)
        assert state._any_token() == old_any_token(state)
        for loc in range(5):
            assert state._ed_options(loc) == old_ed_options(state, loc)
            studs = [c for c in state.school[loc] if c and pl.lookup().kind[c] == "student"]
            assert state._select_student(studs) == old_select_student(state, studs)
            for c in state.school[loc]:
                if c:
                    assert state._ed_place(c) == old_ed_place(state, c)
                    seen += 1
    assert seen > 1000


@pytest.mark.parametrize("half_icons", [True, False])
def test_placements_are_a_fresh_scan(half_icons: bool) -> None:
    seen = 0
    for state in positions(half_icons):
        for seat, book in enumerate(state.books[:1]):
            school = [c for row in state.school for c in row]
            for cls in (Take, Photograph, Keep):
                want = [a for c in school if c for a in old_scan(book, c, cls)]
                assert state._placements_of(seat, school, cls) == want
                assert state._placements_of(seat, school, cls) == want  # from the memo
                for c in school:
                    if c:
                        assert state._placements(seat, c, cls) == old_scan(book, c, cls)
                seen += len(want)
            assert state._has_token_target(book) == bool(state._token_targets(book))
            for tile in pl.lookup().masks:
                assert pl.tile_spots(book, tile) == [a for a, cells in pl.lookup().shapes[tile]
                                                     if not any(book.grid[x] for x in cells)]
    assert seen > 10_000


def test_choice_is_randrange_on_the_same_stream() -> None:
    a, b = Rng(7), Rng(7)
    for n in [1, 2, 3, 5, 7, 31, 100, 1000, 1 << 20] * 50:
        seq = list(range(n))
        assert a.choice(seq) == seq[b.randrange(n)]
        assert a.state == b.state
    with pytest.raises(IndexError):
        a.choice([])
