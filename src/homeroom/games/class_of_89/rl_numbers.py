"""The numbers of Class of '89's RL observation (``rl.py`` declares the encoding; see
``src/homeroom/rl/ENCODING.md``): the domains and index tables, built once from the component data,
and one function per part of the feature vector, from plain entries (those ``observation(seat)``
has, or the state's own values ``state_parts`` reads) to the part's nonzero numbers as
``{position in the part: value}`` (``observation_features`` makes them full lists with ``dense``).
A value the encoding does not know is an error naming it."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from homeroom.engine.features import Sparse
from homeroom.games.class_of_89.actions import STORAGE, SUPERLATIVE
from homeroom.games.class_of_89.components import components

PHASES = ("side", "place", "act", "round_end", "over")
PENDING = ("token", "move", "tile1x1", "draw_students", "draw_teachers", "pick_student", "pick_teacher", "reward")
MAX_PLAYERS = 4
DECKS = ("student", "teacher", "staff", "tile-A", "tile-B", "tile-C", "tile-D")


class Data:
    """The domains and the positions of values in the feature vector, built once from the
    component data."""

    def __init__(self) -> None:
        c = components()
        board = c.board
        self.members: tuple[str, ...] = tuple(board["members"])
        self.locations: tuple[str, ...] = tuple(loc.id for loc in c.locations)
        self.tokens: tuple[str, ...] = tuple(board["names"]["tokens"])
        self.clubs: tuple[str, ...] = tuple(board["names"]["clubs"])
        self.photo_cards: tuple[str, ...] = tuple(c.students) + tuple(c.teachers)
        self.students: tuple[str, ...] = tuple(c.students)
        self.staff: tuple[str, ...] = tuple(c.staff)
        self.tiles: tuple[str, ...] = tuple(c.tiles)
        self.all_cards = self.photo_cards + self.staff + self.tiles
        self.cells = tuple(range(int(board["photo_rows"]) * int(board["photo_columns"])))
        self.grid = tuple(range(int(board["grid_rows"]) * int(board["grid_columns"])))
        self.superlatives = tuple(SUPERLATIVE + k for k in range(len(self.grid)))
        self.targets: tuple[int, ...] = (STORAGE, *self.cells, *self.superlatives)
        self.costs: tuple[int, ...] = tuple(board["space_costs"])
        self.decks: tuple[str, ...] = DECKS
        self.objectives: tuple[str, ...] = tuple(c.objectives)
        self.location_cards: tuple[str, ...] = tuple(c.location_cards)
        self.rows = int(board["photo_rows"])
        self.columns = int(board["photo_columns"])
        self.at = {card: i for i, card in enumerate(self.all_cards)}
        self.photo_at = {card: i for i, card in enumerate(self.photo_cards)}
        self.student_at = {card: i for i, card in enumerate(self.students)}
        self.tile_at = {card: i for i, card in enumerate(self.tiles)}
        self.staff_at = {card: i for i, card in enumerate(self.staff)}
        # the places of values in the observation's one-hot and multi-hot runs (see observation_features)
        self.phase_at = {p: i for i, p in enumerate(PHASES)}
        self.location_at = {loc: i for i, loc in enumerate(range(-1, len(self.locations) + 1))}
        self.member_at = {m: i for i, m in enumerate(self.members)}
        self.kinds_at = {k: i for i, k in enumerate((*self.members, "janitor"))}
        self.objective_at = {o: i for i, o in enumerate(self.objectives)}
        self.token_at = {t: i for i, t in enumerate(self.tokens)}
        self.club_at = {c: i for i, c in enumerate(self.clubs)}
        self.cell_at = {c: c for c in self.cells}
        self.cell_value = tuple((c + 1) / len(self.cells) for c in self.cells)
        self.row_at = {r: r for r in range(self.rows)}
        self.column_at = {c: c for c in range(self.columns)}
        self.pending_at = {k: i for i, k in enumerate(PENDING)}
        self.decision_tokens = (*self.tokens, "any")
        self.decision_token_at = {t: i for i, t in enumerate(self.decision_tokens)}
        self.deck_at = {k: i for i, k in enumerate(self.decks)}
        self.location_card_at = {c: i for i, c in enumerate(self.location_cards)}
        members, cards = len(self.members), len(self.all_cards)
        self.sizes = {
            "turn": 1 + len(PHASES) + 3 * MAX_PLAYERS + len(self.locations) + 2 + members + 3,
            "objectives": len(self.objectives), "school": 3 * cards + len(self.students),
            "spaces": 3 * len(self.locations) * (members + 2), "entrance": MAX_PLAYERS * members,
            "supply": len(self.decks) + 2 * cards + 1, "photo": 2 * len(self.photo_cards),
            "tokens": len(self.cells) * len(self.tokens), "wildcat": 2 * len(self.grid) + len(self.tiles),
            "counters": len(self.clubs) + 2 + len(self.cells) + len(self.tokens) + 1,
            "cards": len(self.students) + len(self.staff) + len(self.clubs) + self.rows + self.columns + 2 + members,
            "pending": len(PENDING) + 1 + MAX_PLAYERS + len(self.tokens) + 1 + len(self.clubs) + 1
                       + len(self.photo_cards) + 2,
            "solo": len(self.location_cards) + 2 + len(self.clubs) + len(self.tokens)}
        """Each part's count of features (see ``rl.state_parts``)."""
        self.known: dict[Hashable, Sparse] = {}
        """Numbers remembered by what they were encoded from: rows of the school mat and of its
        member spaces (most stay as they are from one change to the next), the turn and the first
        decision (their values recur in every game). Kept here, they go with the tables they were
        computed with."""


_DATA: list[Data] = []


def data() -> Data:
    if not _DATA:
        _DATA.append(Data())
    return _DATA[0]


def _unknown(value: Any, domain: Any = None) -> ValueError:
    known = "" if domain is None else f" (known: {list(domain)})"
    return ValueError(f"the RL encoding does not know the value {value!r}{known}")


def _one(out: Sparse, at: int, value: Any, index: Mapping[Any, int], domain: Sequence[Any]) -> None:
    """``out`` with a 1 at ``at`` + ``value``'s place (a one-hot over ``domain``; None or "": none)."""
    i = index.get(value)
    if i is not None:
        out[at + i] = 1.0
    elif value is not None and value != "":
        raise _unknown(value, domain)


def _many(out: Sparse, at: int, values: Any, index: Mapping[Any, int]) -> None:
    """``out`` with a 1 at ``at`` + the place of each of ``values`` (a multi-hot)."""
    for v in values:
        i = index.get(v)
        if i is None:
            raise _unknown(v)
        out[at + i] = 1.0


def turn_head(turn: tuple[Any, ...], seat: int, players: int) -> Sparse:
    """The round, the phase, whose turn and move it is (relative), and what is in use and done
    this turn: ``turn`` holds the entries ``rl.TURN_ENTRIES`` names, in order."""
    rnd, phase, first, current, to_move, location, member, main_done, sig_done, member_done = turn
    d = data()
    out: Sparse = {0: rnd / 4.0} if rnd else {}
    _one(out, 1, phase, d.phase_at, PHASES)
    at = 1 + len(PHASES)
    for s in (first, current, to_move):
        if s is not None and s >= 0:
            out[at + (int(s) - seat) % players] = 1.0
        at += MAX_PLAYERS
    _one(out, at, location, d.location_at, tuple(d.location_at))  # -1: none, the locations, the entrance
    at += len(d.location_at)
    _one(out, at, member, d.member_at, d.members)
    at += len(d.members)
    for done in (main_done, sig_done, member_done):
        if done:
            out[at] = 1.0
        at += 1
    return out


def objectives(chosen: Sequence[str]) -> Sparse:
    """The club objectives of the game."""
    out: Sparse = {}
    _many(out, 0, chosen, data().objective_at)
    return out


def school(mat: Sequence[Sequence[str]], sups: Iterable[str]) -> Sparse:
    """Every card on the school mat (there, its location, its space; ``mat`` by location) and the
    students of the Senior Superlatives on offer."""
    d = data()
    known = d.known
    out: Sparse = {}
    for li, row in enumerate(mat):
        key = ("school", li, tuple(row))
        values = known.get(key)
        out.update(remember(known, key, _school_row(li, row, d)) if values is None else values)
    _many(out, 3 * len(d.all_cards), sups, d.student_at)
    return out


def _school_row(li: int, row: Sequence[str], d: Data) -> Sparse:
    """The numbers of the cards at location ``li``: there, the location, the space."""
    where = (li + 1) / len(d.locations)
    out: Sparse = {}
    for si, card in enumerate(row):
        i = d.at.get(card)
        if i is not None:
            out[3 * i] = 1.0
            out[3 * i + 1] = where
            out[3 * i + 2] = (si + 1) / 5.0
    return out


def space_rows(spaces: Sequence[Sequence[int]], members: Sequence[Sequence[str]]) -> Sparse:
    """Who stands on each member space (seat / 2, empty, janitor) and which team member it is."""
    d = data()
    known = d.known
    out: Sparse = {}
    for li in range(len(d.locations)):
        row = tuple(spaces[li]) if li < len(spaces) else ()
        kinds = tuple(members[li]) if li < len(members) else ()
        key = ("spaces", li, row, kinds)
        values = known.get(key)
        out.update(remember(known, key, _space_row(li, row, kinds)) if values is None else values)
    return out


def _space_row(li: int, row: Sequence[int], members: Sequence[str]) -> Sparse:
    """The member spaces of location ``li``: who stands there and which team member."""
    d = data()
    kinds = d.kinds_at
    width = len(kinds)
    out: Sparse = {}
    for k, who in enumerate(row[:3]):
        if who:
            out[3 * li + k] = who / 2.0
    at = 3 * len(d.locations)
    for k, kind in enumerate(members[:3]):
        if kind != "" and kind is not None:
            i = kinds.get(kind)
            if i is None:
                raise _unknown(kind, kinds)
            out[at + (3 * li + k) * width + i] = 1.0
    return out


def remember(known: dict[Hashable, Sparse], key: Hashable, values: Sparse) -> Sparse:
    """``values`` kept in ``known`` (a :attr:`Data.known`) under ``key``; it starts again when full."""
    if len(known) >= MEMO_MAX:
        known.clear()
    known[key] = values
    return values


MEMO_MAX = 4096
"""Numbers :attr:`Data.known` holds before it starts again (a bound on its memory: about 2 MB)."""


def entrance(there: Sequence[Any], seat: int, players: int) -> Sparse:
    """The team members at the entrance (``(seat, member)`` pairs), per seat (relative)."""
    d = data()
    width = len(d.members)
    out: Sparse = {}
    for who, member in there:
        i = d.member_at.get(member)
        if who is not None and who >= 0 and i is not None:
            out[(int(who) - seat) % players * width + i] = 1.0
    return out


def supply(decks: Sequence[str], sizes: Sequence[int], discards: Mapping[str, Sequence[str]],
           set_aside: Sequence[str], ones: int) -> Sparse:
    """The size of each deck (``decks`` the kinds, ``sizes`` their sizes), the discards, the cards
    set aside, the 1x1 supply."""
    d = data()
    out: Sparse = {}
    for kind, n in zip(decks, sizes):
        i = d.deck_at.get(kind)
        if i is not None and n:
            out[i] = n / 40.0
    at, cards = len(d.decks), len(d.all_cards)
    for pile in discards.values():
        _many(out, at, pile, d.at)
    _many(out, at + cards, set_aside, d.at)
    if ones:
        out[at + 2 * cards] = ones / 24.0
    return out


def photo(cards: Sequence[str]) -> Sparse:
    """A yearbook's class photo: per photo card, there and its cell."""
    d = data()
    at, where = d.photo_at, d.cell_value
    out: Sparse = {}
    for cell, card in enumerate(cards):
        i = at.get(card)
        if i is not None:
            out[2 * i] = 1.0
            out[2 * i + 1] = where[cell] if cell < len(where) else (cell + 1) / len(d.cells)
    return out


def tokens(cells: Sequence[Sequence[str]]) -> Sparse:
    """The tokens on each cell of a class photo (a count / 4; a token the encoding does not know
    is not counted)."""
    d = data()
    at, width = d.token_at, len(d.tokens)
    out: Sparse = {}
    for cell, toks in enumerate(cells[:len(d.cells)]):
        for t in toks:
            i = at.get(t)
            if i is not None:
                i += cell * width
                out[i] = out.get(i, 0.0) + 0.25  # exactly count / 4
    return out


def wildcat(grid: Sequence[str], tiles: Sequence[str]) -> Sparse:
    """The Wildcat Way: per grid cell a 1x1 tile or another tile; the tiles taken."""
    d = data()
    out: Sparse = {}
    for cell, what in enumerate(grid[:len(d.grid)]):
        if what:
            out[2 * cell if what == "1x1" else 2 * cell + 1] = 1.0
    _many(out, 2 * len(d.grid), tiles, d.tile_at)
    return out


def counters(clubs_on: Sequence[str], tracks: Sequence[int], signatures: int, abc_tokens: int,
             abc_slots: Sequence[int], storage: Sequence[str], ones: int) -> Sparse:
    """Club tracks (``clubs_on`` the clubs, ``tracks`` their steps), signatures, ABC tokens and the
    cells they cover, stored tokens, 1x1 tiles."""
    d = data()
    clubs = len(d.clubs)
    out: Sparse = {}
    for c, steps in zip(clubs_on, tracks):
        i = d.club_at.get(c)
        if i is not None and steps:
            out[i] = steps / 6.0
    if signatures:
        out[clubs] = signatures / 20.0
    if abc_tokens:
        out[clubs + 1] = abc_tokens / 2.0
    _many(out, clubs + 2, abc_slots, d.cell_at)
    at = clubs + 2 + len(d.cells)
    for t in storage:
        i = d.token_at.get(t)
        if i is not None:
            out[at + i] = out.get(at + i, 0.0) + 0.5  # exactly count / 2
    if ones:
        out[at + len(d.tokens)] = ones / 24.0
    return out


def cards(students: Sequence[str], staff: Sequence[str], halves: Sequence[str], rows_done: Sequence[int],
          cols_done: Sequence[int], side: str, used: Sequence[str]) -> Sparse:
    """The students of the Senior Superlatives, staff, halves per club, rows and columns done, the
    side and the team members used (one part: the side and members change at most turns, the rest
    seldom, and a part costs a read at every step)."""
    d = data()
    out: Sparse = {}
    _many(out, 0, students, d.student_at)
    at = len(d.students)
    _many(out, at, staff, d.staff_at)
    at += len(d.staff)
    for h in halves:
        i = d.club_at.get(h)
        if i is not None:
            out[at + i] = out.get(at + i, 0.0) + 0.25  # exactly count / 4
    at += len(d.clubs)
    _many(out, at, rows_done, d.row_at)
    at += d.rows
    _many(out, at, cols_done, d.column_at)
    at += d.columns
    _one(out, at, side, SIDE_AT, SIDES)
    _many(out, at + len(SIDES), used, d.member_at)
    return out


SIDES = ("A", "B")
SIDE_AT = {s: i for i, s in enumerate(SIDES)}


def pending(decision: tuple[Any, ...] | None, seat: int, players: int) -> Sparse:
    """The first pending decision: kind, the viewer's own or not, whose (relative), token, club,
    optional, the cards it offers (a list to its own seat, a count to others) and their count; and
    how many decisions are pending. ``decision``: those entries and the count, None if none."""
    if decision is None:
        return {}
    kind, whose, token, club, optional, offered, count = decision
    d = data()
    out: Sparse = {}
    _one(out, 0, kind, d.pending_at, PENDING)
    at = len(PENDING)
    if whose == seat:
        out[at] = 1.0
    if whose is not None and whose >= 0:
        out[at + 1 + (int(whose) - seat) % players] = 1.0
    at += 1 + MAX_PLAYERS
    _one(out, at, token, d.decision_token_at, d.decision_tokens)
    at += len(d.decision_tokens)
    _one(out, at, club, d.club_at, d.clubs)
    at += len(d.clubs)
    if optional:
        out[at] = 1.0
    at += 1
    if isinstance(offered, int):
        n = offered
    else:
        _many(out, at, offered, d.photo_at)
        n = len(offered)
    at += len(d.photo_cards)
    if n:
        out[at] = n / 3.0
    out[at + 1] = count / 4.0
    return out


def solo(view: Mapping[str, Any] | None) -> Sparse:
    """Ed's location card, his decks' sizes, his revealed priorities and his tokens (``view``: the
    observation's "solo" entry; None with 2-4 players)."""
    if view is None:
        return {}
    d = data()
    out: Sparse = {}
    _one(out, 0, view["location_card"], d.location_card_at, d.location_cards)
    at = len(d.location_cards)
    if view["location_deck"]:
        out[at] = view["location_deck"] / 10.0
    if view["choice_deck"]:
        out[at + 1] = view["choice_deck"] / 20.0
    priority = view["priority"]
    for i, c in enumerate(d.clubs):
        if c in priority:
            out[at + 2 + i] = (len(priority) - priority.index(c)) / len(priority)
    at += 2 + len(d.clubs)
    for i, t in enumerate(d.tokens):
        if view["ed_tokens"].get(t, 0):
            out[at + i] = view["ed_tokens"][t] / 20.0
    return out
