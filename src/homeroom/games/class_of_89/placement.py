"""Where cards and tiles may go in a yearbook: the class photo and the Wildcat Way grid.

Pure functions over a :class:`~homeroom.games.class_of_89.state.Yearbook` and the
components; the rule modules call them to list legal placements and to find half-icon
matches and completed rows, columns and halves (rulebook: "Students", "Teachers",
"Column/Row Completion Bonuses", "Wildcat Way Tiles").
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

from homeroom.engine.datasets import on_switch, sharing
from homeroom.games.class_of_89.components import DATA_DIR, Components, components

if TYPE_CHECKING:
    from homeroom.games.class_of_89.model import Yearbook

ROWS, COLS = 4, 5
CELLS = ROWS * COLS


class Lookup:
    """Fast per-card facts (letter, half-icons, kind), built once from the components."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.letter: dict[str, int] = {s.id: ord(s.letter) for s in comp.students.values()}
        self.left: dict[str, str] = {s.id: s.left for s in comp.students.values()}
        self.right: dict[str, str] = {s.id: s.right for s in comp.students.values()}
        self.right.update({t.id: t.right for t in comp.teachers.values()})
        self.gw = int(comp.board.get("grid_columns", 6))
        self.gh = int(comp.board.get("grid_rows", 4))
        self.kind: dict[str, str] = {}
        for s in comp.students:
            self.kind[s] = "student"
        for t in comp.teachers:
            self.kind[t] = "teacher"
        for st in comp.staff:
            self.kind[st] = "staff"
        for tl in comp.tiles.values():
            self.kind[tl.id] = "tile-" + tl.letter
        self.teachers: frozenset[str] = frozenset(comp.teachers)
        # each half-icon club as a number from 1 (0: no half-icon), and each card's left and right
        # half-icon as that number, for the tables of ints in photo_facts
        icons = sorted({*self.left.values(), *self.right.values()} - {""})
        number = {club: i for i, club in enumerate(icons, 1)}
        self.icon_count = len(icons) + 1
        self.left_no: dict[str, int] = {card: number[club] for card, club in self.left.items() if club}
        self.right_no: dict[str, int] = {card: number[club] for card, club in self.right.items() if club}
        halves: dict[str, list[int]] = {"top": [], "bottom": [], "left": [], "right": []}
        for c in range(self.gw * self.gh):
            x, y = c % self.gw, c // self.gw
            halves["top" if y < self.gh // 2 else "bottom"].append(c)
            halves["left" if x < self.gw // 2 else "right"].append(c)
        self.halves = halves
        self.shapes: dict[str, list[tuple[int, list[int]]]] = {}
        for tl in comp.tiles.values():
            spots = []
            for y in range(self.gh - tl.height + 1):
                for x in range(self.gw - tl.width + 1):
                    cells = [(y + dy) * self.gw + x + dx for dy in range(tl.height) for dx in range(tl.width)]
                    spots.append((y * self.gw + x, cells))
            self.shapes[tl.id] = spots
        # the same spots as bit masks of their cells (bit c for grid cell c), for tile_spots
        self.masks: dict[str, list[tuple[int, int]]] = {
            tile: [(anchor, sum(1 << c for c in cells)) for anchor, cells in spots]
            for tile, spots in self.shapes.items()}


_LOOKUP: Lookup | None = None


def _reset_lookup() -> None:
    """A new data set: the lookup tables are built again from it."""
    global _LOOKUP
    _LOOKUP = None


on_switch(DATA_DIR, _reset_lookup)


_TEACHERS: frozenset[str] = frozenset()
_SHARING = sharing(DATA_DIR)


def lookup() -> Lookup:
    """The tables of the components in use: kept in this module's globals (the hot paths read
    ``_LOOKUP`` directly) unless data sets are bound per table, then on the components themselves."""
    global _LOOKUP, _TEACHERS
    if _LOOKUP is None:
        comp = components()
        if _SHARING.shared:
            found: Lookup | None = comp.__dict__.get("_lookup")
            if found is None:
                found = comp.__dict__["_lookup"] = Lookup(comp)
            return found
        _LOOKUP = Lookup(comp)
        _TEACHERS = _LOOKUP.teachers
    return _LOOKUP


def is_teacher(card: str) -> bool:
    if _LOOKUP is None:
        return card in lookup().teachers
    return card in _TEACHERS


def letter_of(book: Yearbook, slot: int) -> int:
    """The initial at ``slot`` as a code point, or 0 for a teacher, an empty cell or a covered letter."""
    card = book.photo[slot]
    if not card or slot in book.abc_slots:
        return 0
    return lookup().letter.get(card, 0)


def student_slots(book: Yearbook, card: str) -> list[int]:
    """Empty cells where the student may go in alphabetical order within its class: no visible
    initial before it in its class is later than the card's, and none after it is earlier."""
    letter = lookup().letter[card]
    return [s for s, lo, hi in slot_bounds(book) if lo <= letter <= hi]


_BOUNDS: dict[tuple[tuple[str, ...], tuple[int, ...]], list[tuple[int, int, int]]] = {}
_BOUNDS_MAX = 4096


def slot_bounds(book: Yearbook) -> list[tuple[int, int, int]]:
    """Each empty cell with the initials a student placed there may have: (cell, lo, hi), where lo
    is the latest visible initial before it in its class (0 for none) and hi the earliest after it
    (999 for none); a teacher starts a class and an initial covered by the ABC token does not
    count. The same for every student, so memoised on the photo and the ABC cells: a turn asks it
    for every student at a location (twice with the Photographer)."""
    key = (tuple(book.photo), tuple(book.abc_slots))
    bounds = _BOUNDS.get(key)
    if bounds is None:
        bounds = compute_bounds(book.photo, book.abc_slots)
        if len(_BOUNDS) >= _BOUNDS_MAX:
            _BOUNDS.clear()
        _BOUNDS[key] = bounds
    return bounds


def compute_bounds(photo: list[str], abc: list[int]) -> list[tuple[int, int, int]]:
    """:func:`slot_bounds` without its memo (for a caller that keeps the answer itself)."""
    letters = (_LOOKUP if _LOOKUP is not None else lookup()).letter
    n = len(photo)
    los = [0] * n
    lo = 0
    for s, c in enumerate(photo):
        if c:
            x = letters.get(c, 0)
            if not x:
                lo = 0
            elif x > lo and s not in abc:
                lo = x
        else:
            los[s] = lo
    bounds = []
    hi = 999
    for s in range(n - 1, -1, -1):
        c = photo[s]
        if c:
            x = letters.get(c, 0)
            if not x:
                hi = 999
            elif x < hi and s not in abc:
                hi = x
        else:
            bounds.append((s, los[s], hi))
    bounds.reverse()
    return bounds


def empty_slots(book: Yearbook) -> list[int]:
    return [s for s, c in enumerate(book.photo) if not c]


_BITS = [1 << c for c in range(64)]
"""Bit c for grid cell c (more than the Wildcat Way's 24 cells)."""


def grid_mask(book: Yearbook) -> int:
    """The covered cells of the Wildcat Way grid as a bit mask (bit c for cell c): the bits of the
    covered cells picked and summed in C (no memo: building and hashing a key of the 24 cells cost
    more than this)."""
    return sum(compress(_BITS, book.grid))


_SPOTS: dict[tuple[str, int], tuple[int, ...]] = {}
_SPOTS_MAX = 8192


def tile_spots_of(book: Yearbook, tile: str) -> tuple[int, ...]:
    """Top-left cells where the tile fits inside the grid without overlap (no rotation), memoised
    on the tile and the covered cells (tuples of ints, which the garbage collector soon stops
    tracking)."""
    occupied = grid_mask(book)
    spots = _SPOTS.get((tile, occupied))
    if spots is None:
        if len(_SPOTS) >= _SPOTS_MAX:
            _SPOTS.clear()
        spots = _SPOTS[tile, occupied] = tuple([anchor for anchor, mask in lookup().masks[tile]
                                                if not occupied & mask])
    return spots


def tile_spots(book: Yearbook, tile: str) -> list[int]:
    """:func:`tile_spots_of` as a new list (callers may keep it)."""
    return list(tile_spots_of(book, tile))


def tile_cells(tile: str, anchor: int) -> list[int]:
    for a, cells in lookup().shapes[tile]:
        if a == anchor:
            return cells
    raise ValueError(f"{tile} cannot sit at {anchor}")


def half_icon(card: str, side: str) -> str:
    """The club of the card's left or right half-icon ('' when it has none: a teacher's left)."""
    lk = lookup()
    return (lk.left if side == "left" else lk.right).get(card, "")


def matches_at(book: Yearbook, slot: int) -> list[str]:
    """Clubs of the half-icon pairs the card at ``slot`` forms with its reading-order neighbours."""
    photo = book.photo
    card = photo[slot]
    lk = lookup()
    out = []
    if slot > 0 and photo[slot - 1]:
        club = lk.left.get(card, "")
        if club and club == lk.right.get(photo[slot - 1], ""):
            out.append(club)
    if slot + 1 < len(photo) and photo[slot + 1]:
        club = lk.right.get(card, "")
        if club and club == lk.left.get(photo[slot + 1], ""):
            out.append(club)
    return out


def first_match_slot(book: Yearbook, card: str, slots: list[int]) -> int:
    """The first of the empty ``slots`` where ``card`` would form a half-icon pair with a reading-order
    neighbour (what :func:`matches_at` finds after putting it there), or -1."""
    photo = book.photo
    lk = lookup()
    lefts, rights = lk.left, lk.right
    left = lefts.get(card, "")
    right = rights.get(card, "")
    if not left and not right:
        return -1
    n = len(photo)
    for s in slots:
        if left and s > 0:
            other = photo[s - 1]
            if other and rights.get(other, "") == left:
                return s
        if right and s + 1 < n:
            other = photo[s + 1]
            if other and lefts.get(other, "") == right:
                return s
    return -1


PhotoFacts = tuple[tuple[int, ...], tuple[int, ...], int]
"""What Ed's rules ask about one photo: for each half-icon club (by its number in
:attr:`Lookup.left_no`), the first empty cell whose left neighbour's right half-icon is that club,
and the first whose right neighbour's left half-icon is (``_NONE`` for none), and where he would
put a teacher (:func:`teacher_slot`). Only ints in tuples (which the garbage collector stops
tracking)."""

_LINES = [sum(1 << t for t in range(CELLS) if t // COLS == s // COLS or t % COLS == s % COLS) for s in range(CELLS)]
"""For each photo cell, the cells of its row and column as a bit mask."""
_NONE = 1 << 30
NO_CELL = _NONE
"""What :data:`PhotoFacts` holds for a half-icon club no empty cell matches."""


def teacher_slot(photo: list[str] | tuple[str, ...]) -> int:
    """Where Ed puts a teacher: the first empty cell in no row and no column holding a teacher (-1 if none)."""
    teachers = lookup().teachers
    placed = [s for s, c in enumerate(photo) if c in teachers]
    if not placed:
        return next((s for s, c in enumerate(photo) if not c), -1)
    rows = {s // 5 for s in placed}
    cols = {s % 5 for s in placed}
    return next((s for s, c in enumerate(photo) if not c and s // 5 not in rows and s % 5 not in cols), -1)


_LAST_FACTS: list[Any] = [None, None]
"""The last photo :func:`photo_facts` was asked about (a copy) and its facts."""


def photo_facts(book: Yearbook) -> PhotoFacts:
    """The :data:`PhotoFacts` of the book's photo. Ed asks twice about one photo in most turns
    (which student to take, then where it goes), so the last answer is kept, for a photo equal
    to the last one; a memo of every photo cost more in building and hashing its key than its
    hits across games saved."""
    photo = book.photo
    last = _LAST_FACTS
    if last[0] == photo:
        facts: PhotoFacts = last[1]
        return facts
    facts = _photo_facts(photo)
    last[0], last[1] = photo[:], facts
    return facts


def _photo_facts(key: Sequence[str]) -> PhotoFacts:
    """:func:`photo_facts` without keeping the answer."""
    lk = _LOOKUP if _LOOKUP is not None else lookup()
    left_no, right_no = lk.left_no, lk.right_no
    by_left = [_NONE] * lk.icon_count  # club -> first empty cell a card with that left half-icon matches
    by_right = [_NONE] * lk.icon_count
    # each pair of reading-order neighbours (s, s + 1), in cell order: an empty cell next to a card
    for s, (a, b) in enumerate(zip(key, key[1:])):
        if a:
            if not b:  # b empty at s + 1, its left neighbour a
                club = right_no.get(a, 0)
                if club and by_left[club] == _NONE:
                    by_left[club] = s + 1
        elif b:  # a empty at s, its right neighbour b
            club = left_no.get(b, 0)
            if club and by_right[club] == _NONE:
                by_right[club] = s
    teachers = lk.teachers
    barred = 0  # the cells in a row or column holding a teacher (teacher_slot's rule)
    for s, c in enumerate(key):
        if c in teachers:
            barred |= _LINES[s]
    teacher = -1
    for s, c in enumerate(key):
        if not c and not barred >> s & 1:
            teacher = s
            break
    by_left[0] = by_right[0] = _NONE  # no half-icon matches nothing
    return (tuple(by_left), tuple(by_right), teacher)


def match_in(facts: PhotoFacts, card: str) -> int:
    """:func:`first_match_empty` from the photo's facts (for a caller asking about several cards)."""
    lk = _LOOKUP if _LOOKUP is not None else lookup()
    at = min(facts[0][lk.left_no.get(card, 0)], facts[1][lk.right_no.get(card, 0)])
    return -1 if at == _NONE else at


def first_match_empty(book: Yearbook, card: str) -> int:
    """:func:`first_match_slot` over every empty cell (in cell order), from a table per photo:
    the first empty cell whose left neighbour's right half-icon is each club, and the first whose
    right neighbour's left half-icon is each club (Ed asks it for every student he looks at)."""
    return match_in(photo_facts(book), card)


def all_pairs(book: Yearbook) -> list[tuple[int, str]]:
    """Every matched half-icon pair as (slot of its right card, club)."""
    photo = book.photo
    out = []
    for s in range(1, len(photo)):
        if photo[s] and photo[s - 1]:
            club = half_icon(photo[s], "left")
            if club and club == half_icon(photo[s - 1], "right"):
                out.append((s, club))
    return out


def classes(book: Yearbook) -> list[tuple[int, list[int]]]:
    """Each class as (teacher slot, student slots in reading order)."""
    teachers = (_LOOKUP if _LOOKUP is not None else lookup()).teachers
    out: list[tuple[int, list[int]]] = []
    for s, c in enumerate(book.photo):
        if not c:
            continue
        if c in teachers:  # (is_teacher, without a call per card)
            out.append((s, []))
        elif out:
            out[-1][1].append(s)
    return out


def class_of(book: Yearbook) -> list[int]:
    """The teacher slot owning each cell (-1 before the first teacher)."""
    owner = []
    cur = -1
    for s, c in enumerate(book.photo):
        if c and is_teacher(c):
            cur = s
        owner.append(cur)
    return owner


def completed_lines(book: Yearbook, slot: int) -> tuple[int | None, int | None]:
    """The row and column newly completed by the card at ``slot`` (None if not complete)."""
    photo = book.photo
    r, c = divmod(slot, COLS)
    row = r if r not in book.rows_done and all(photo[r * COLS:(r + 1) * COLS]) else None
    col = c if c not in book.cols_done and all(photo[c:ROWS * COLS:COLS]) else None
    return row, col


def completed_halves(book: Yearbook) -> list[str]:
    cell = book.grid.__getitem__
    return [h for h, cells in lookup().halves.items()
            if h not in book.halves and all(map(cell, cells))]


def neighbours(slot: int) -> list[int]:
    """Orthogonal neighbours in the photo grid (no wrapping)."""
    r, c = divmod(slot, COLS)
    out = []
    if r > 0:
        out.append(slot - COLS)
    if r < ROWS - 1:
        out.append(slot + COLS)
    if c > 0:
        out.append(slot - 1)
    if c < COLS - 1:
        out.append(slot + 1)
    return out
