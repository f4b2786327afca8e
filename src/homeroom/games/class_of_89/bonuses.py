"""Class of '89 bonuses shared by every seat and by Ed: the decks and the school mat, placing a card
or tile in a yearbook, gains (signatures, tokens, club steps, 1x1 tiles, draws, "!" picks) and
club-track advances (rulebook "Column/Row Completion Bonuses", "Attribute Tokens", "Wildcat Way
Tiles", "Club Tracks").

A gain that asks a player for a choice becomes a :class:`Pending` decision; for Ed (solo mode) the
solo rules choose at once (see :mod:`homeroom.games.class_of_89.solo`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from homeroom.engine import Action, Event, Rng
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import (
    STORAGE,
    SUPERLATIVE,
    Keep,
    Photograph,
    Take,
)
from homeroom.games.class_of_89.components import NAMES, components
from homeroom.games.class_of_89.model import Pending, Superlative, Yearbook

_PLACINGS: dict[tuple[type[Action], str, bool], list[Action]] = {}


def _placings(cls: type[Take] | type[Photograph] | type[Keep], card: str, abc: bool) -> list[Action]:
    """The placing actions of ``card`` (with or without the ABC token) indexed by cell, built once
    per (type, card, ABC): building frozen dataclasses costs more than looking them up (bounded: 3
    types x the cards x 2 lists of the cells)."""
    row = _PLACINGS.get((cls, card, abc))
    if row is None:
        row = _PLACINGS[cls, card, abc] = [cls(card, at, abc) for at in range(_CELLS)]
    return row


_CELLS = 32

_MAT: list[Any] = [None, None]


def _mat() -> tuple[list[tuple[str, ...]], frozenset[str]]:
    """The card kind of each space of the school mat (by location, then position) and the tiles
    that carry a Senior Superlative, built once per components: filling the mat looks them up
    for every space of every refill."""
    comp = components()
    if _MAT[0] is not comp:
        _MAT[1] = ([tuple(lc.spaces) for lc in comp.locations],
                   frozenset(t.id for t in comp.tiles.values() if t.superlative))
        _MAT[0] = comp
    table: tuple[list[tuple[str, ...]], frozenset[str]] = _MAT[1]
    return table
"""More than the class photo's 20 cells and the Wildcat Way's 24 (checked by the placement scans)."""


class Bonuses:
    """Mixin of :class:`~homeroom.games.class_of_89.state.Co89State`: what gains and placements do."""

    players: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    books: list[Yearbook]
    school: list[list[str]]
    school_sups: dict[str, str]
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    ones_supply: int
    pending: list[Pending]

    def _is_ed(self, seat: int) -> bool:
        """Ed E. Tor (solo mode) is the yearbook after the players'; the rules choose for him."""
        return seat >= self.players

    def _ed_gain(self, gain: str) -> list[Event]:
        raise NotImplementedError("only the solo game has Ed")

    def _ed_place(self, card: str) -> int:
        raise NotImplementedError("only the solo game has Ed")

    # ------------------------------------------------------------- helpers
    def _name(self, seat: int) -> str:
        return self.names[seat] if seat < self.players else "Ed"

    quiet: bool

    def _half_icons(self) -> bool:
        return bool(self.options.get("half_icons", True))

    def _draw(self, kind: str) -> str:
        deck = self.decks[kind]
        if not deck and self.discards[kind]:
            deck.extend(self.discards[kind])
            self.discards[kind].clear()
            self.rng.shuffle(deck)
        return deck.pop() if deck else ""

    def _fill(self, loc: int, pos: int) -> None:
        kinds, superlatives = _mat()
        kind = kinds[loc][pos]
        deck = self.decks[kind]
        card = deck.pop() if deck else self._draw(kind)  # (what _draw does when the deck has cards)
        self.school[loc][pos] = card
        if card in superlatives:
            student = self._draw("student")
            if student:
                self.school_sups[card] = student

    def _refill(self, locs: Iterable[int] = range(5)) -> None:
        """:meth:`_fill` every empty space of these locations (all by default), by location then
        position."""
        kinds, superlatives = _mat()
        decks = self.decks
        school = self.school
        for loc in locs:
            row = school[loc]
            for pos, card in enumerate(row):
                if card:
                    continue
                kind = kinds[loc][pos]
                deck = decks[kind]
                card = deck.pop() if deck else self._draw(kind)
                row[pos] = card
                if card in superlatives:
                    student = self._draw("student")
                    if student:
                        self.school_sups[card] = student

    def _wipe(self, locs: Iterable[int]) -> None:
        """:meth:`_discard_space` every space of these locations, by location then position."""
        kinds = _mat()[0]
        discards = self.discards
        sups = self.school_sups
        for loc in locs:
            row = self.school[loc]
            for pos, card in enumerate(row):
                if not card:
                    continue
                discards[kinds[loc][pos]].append(card)
                student = sups.pop(card, "")
                if student:
                    discards["student"].append(student)
                row[pos] = ""

    def _discard_space(self, loc: int, pos: int) -> None:
        card = self.school[loc][pos]
        if not card:
            return
        kind = _mat()[0][loc][pos]
        self.discards[kind].append(card)
        student = self.school_sups.pop(card, "")
        if student:
            self.discards["student"].append(student)
        self.school[loc][pos] = ""

    def _placements(self, seat: int, card: str, cls: type[Take] | type[Photograph] | type[Keep]) -> list[Action]:
        """Where ``card`` may go in the seat's yearbook (see :meth:`_placements_of`)."""
        return self._placements_of(seat, (card,), cls)

    def _placements_of(self, seat: int, cards: Iterable[str],
                       cls: type[Take] | type[Photograph] | type[Keep]) -> list[Action]:
        """Where each of ``cards`` ('' skipped) may go in the seat's yearbook, one list in card
        order: a student's cells from the photo's bounds (worked out once for all the cards of a
        location; no memo: a new photo almost every turn made its key cost more than the hits
        saved), a teacher in any empty cell, a tile's spots memoised on the grid, the placing
        actions from tables."""
        book = self.books[seat]
        lk = pl.lookup()
        kinds, letters = lk.kind, lk.letter
        placings = _PLACINGS
        out: list[Action] = []
        abc_left = False
        bounds: list[tuple[int, int, int]] | None = None
        empty: list[int] | None = None
        for card in cards:
            if not card:
                continue
            kind = kinds[card]
            if kind == "student":
                # pl.student_slots in one pass over the photo's bounds; with an ABC token left,
                # every other empty cell (in cell order, as the bounds are) takes it with the token
                if bounds is None:
                    bounds = pl.compute_bounds(book.photo, book.abc_slots)
                    abc_left = len(book.abc_slots) < book.abc_tokens
                letter = letters[card]
                row = placings.get((cls, card, False)) or _placings(cls, card, False)
                out += [row[s] for s, lo, hi in bounds if lo <= letter <= hi]
                if abc_left:
                    abc = placings.get((cls, card, True)) or _placings(cls, card, True)
                    out += [abc[s] for s, lo, hi in bounds if not lo <= letter <= hi]
            elif kind == "teacher":
                if empty is None:
                    empty = [s for s, c in enumerate(book.photo) if not c]
                row = _placings(cls, card, False)
                out += [row[s] for s in empty]
            elif kind == "staff":
                if len(book.staff) < 4:
                    out.append(_placings(cls, card, False)[0])
            else:
                row = _placings(cls, card, False)
                out += [row[a] for a in pl.tile_spots_of(book, card)]
        return out

    def _token_targets(self, book: Yearbook, exclude: int = -99, storage: bool = True) -> list[int]:
        cap = 4
        teachers = pl.lookup().teachers
        tokens = book.tokens
        out = [s for s, c in enumerate(book.photo)
               if c and s != exclude and len(tokens[s]) < cap and c not in teachers]
        if book.superlatives:
            out += [SUPERLATIVE + k for k, sup in enumerate(book.superlatives)
                    if len(sup.tokens) < cap and SUPERLATIVE + k != exclude]
        if storage and len(book.storage) < 2:
            out.append(STORAGE)
        return out

    def _has_token_target(self, book: Yearbook) -> bool:
        """Whether :meth:`_token_targets` (storage included) would list any target."""
        if len(book.storage) < 2:
            return True
        teachers = pl.lookup().teachers
        tokens = book.tokens
        for s, c in enumerate(book.photo):
            if c and len(tokens[s]) < 4 and c not in teachers:
                return True
        return any(len(sup.tokens) < 4 for sup in book.superlatives)

    def _student_at(self, book: Yearbook, target: int) -> str:
        """The student card at a token target ('' for storage)."""
        if target == STORAGE:
            return ""
        if target >= SUPERLATIVE:
            return book.superlatives[target - SUPERLATIVE].student
        return book.photo[target]

    def _tokens_at(self, book: Yearbook, target: int) -> list[str]:
        if target == STORAGE:
            return book.storage
        if target >= SUPERLATIVE:
            return book.superlatives[target - SUPERLATIVE].tokens
        return book.tokens[target]

    def _target_name(self, book: Yearbook, target: int) -> str:
        if target == STORAGE:
            return "storage"
        if target >= SUPERLATIVE:
            return NAMES.card[book.superlatives[target - SUPERLATIVE].student]
        return NAMES.card[book.photo[target]]

    def _school_cards(self, kind: str) -> list[str]:
        lk = pl.lookup()
        return [c for row in self.school for c in row if c and lk.kind[c] == kind]

    # ------------------------------------------------------------ placing and gaining
    def _place_card(self, seat: int, card: str, at: int, abc: bool, verb: str, sup: str) -> list[Event]:
        book = self.books[seat]
        comp = components()
        kind = pl.lookup().kind[card]
        quiet = self.quiet
        if quiet:  # no log text: no name, verb or source needed
            name = source = ""
            owner: int | None = None
        else:
            name = self._name(seat)
            owner = seat if seat < self.players else None  # Ed's lines belong to nobody (not a seat)
            verb, _, source = verb.partition(" from ")  # "takes from the school": "takes X from the school at ..."
            source = f" from {source}" if source else ""
        if kind == "staff":
            book.staff.append(card)
            if quiet:
                return self._gain(seat, comp.staff[card].gains)
            return [Event(f"{name} {verb} {NAMES.card[card]}{source} into the staff section.", owner),
                    *self._gain(seat, comp.staff[card].gains)]
        if kind.startswith("tile"):
            cells = pl.tile_cells(card, at)
            for c in cells:
                book.grid[c] = card
            book.tiles.append(card)
            if sup:
                book.superlatives.append(Superlative(card, sup))
            if quiet:
                return self._cover(cells, seat, comp.tiles[card].gains)
            text = f"{name} {verb} the {NAMES.card[card]} tile{source} at {NAMES.grid_cell[at]}"
            if sup:
                text += f" with {NAMES.card[sup]} as its Senior Superlative"
            events = [Event(text + ".", owner)]
            events += self._cover(cells, seat, comp.tiles[card].gains)
            return events
        book.photo[at] = card
        if abc:
            book.abc_slots.append(at)
        events = []
        if not quiet:
            text = f"{name} {verb} {NAMES.card[card]}{source} at {NAMES.cell[at]}"
            if abc:
                text += ", covering the initial with the ABC token"
            events.append(Event(text + ".", owner))
        if self.options.get("half_icons", True):
            for club in pl.matches_at(book, at):
                if not quiet:
                    events.append(Event(f"The {NAMES.club[club]} half-icons match.", owner))
                events += self._advance(seat, club)
        row, col = pl.completed_lines(book, at)
        if row is not None:
            book.rows_done.append(row)
            if not quiet:
                events.append(Event(f"{name} completes row {row + 1} of the class photo.", owner))
            events += self._gain(seat, comp.row_bonuses[row], optional_draws=True)  # "choose up to 1"
        if col is not None:
            book.cols_done.append(col)
            if not quiet:
                events.append(Event(f"{name} completes column {col + 1} of the class photo.", owner))
            events += self._gain(seat, comp.column_sides[book.side][col] if book.side else [])
        return events

    def _cover(self, cells: list[int], seat: int, extra: Sequence[str] = ()) -> list[Event]:
        """Gain the grid icons under newly covered cells, then the tile's own gains, then halves."""
        comp = components()
        book = self.books[seat]
        icons = comp.grid_icons
        gains: list[str] = []
        for c in cells:
            if c in icons:
                gains += icons[c]
        gains += extra
        events = self._gain(seat, gains)
        if len(book.halves) < 4:  # (all four filled: nothing more to find)
            for half in pl.completed_halves(book):
                book.halves.append(half)
                club = comp.halves[half]
                events.append(Event(f"{self._name(seat)} fills the {half} half of the Wildcat Way.",
                                    seat if seat < self.players else None))  # (Ed: nobody's line)
                events += self._advance(seat, club)
        return events

    def _gain(self, seat: int, gains: Sequence[str], optional_draws: bool = False) -> list[Event]:
        """Resolve gains in order; a draw-3 keeps one card unless ``optional_draws`` (the row bonus's
        "choose up to 1 to keep"; a tile's is "choose 1 to keep")."""
        events: list[Event] = []
        if seat >= self.players:  # Ed: the solo rules resolve all but club steps
            for g in gains:
                if g.startswith("club:"):
                    events += self._advance(seat, g[5:])
                else:
                    events += self._ed_gain(g)
            return events
        book = self.books[seat]
        name = self._name(seat)
        for g in gains:
            if g == "signature":
                book.signatures += 1
                if not self.quiet:
                    events.append(Event(f"{name} gains a signature.", seat))
            elif g.startswith("token:"):
                token = g[6:]
                if token != "any" and not self._has_token_target(book):
                    events.append(Event(f"{name} has no room for a {NAMES.token[token]} and discards it.", seat))
                else:
                    self.pending.append(Pending("token", seat, token=token))
            elif g.startswith("club:"):
                events += self._advance(seat, g[5:])
            elif g == "tile1x1":
                if self.ones_supply > 0 and "" in book.grid:
                    self.pending.append(Pending("tile1x1", seat))
                else:
                    events.append(Event(f"{name} has no room for a 1x1 tile and discards it.", seat))
            elif g in ("draw_students", "draw_teachers"):
                kind = g[5:-1]
                cards = [c for c in (self._draw(kind) for _ in range(3)) if c]
                if cards:
                    self.pending.append(Pending(g, seat, cards=cards, optional=optional_draws))
                    shown = ", ".join(NAMES.card[c] for c in cards)
                    events.append(Event(f"{name} draws {len(cards)} {kind} cards.", seat,
                                        ((seat, f"You draw {shown}."),), reveals=True))
            elif g in ("pick_student", "pick_teacher"):
                kind = g[5:]
                if any(self._placements(seat, c, Keep) for c in self._school_cards(kind)):
                    self.pending.append(Pending(g, seat))
                else:
                    events.append(Event(f"{name} cannot place any face-up {kind} and loses the bonus.", seat))
        return events

    def _advance(self, seat: int, club: str) -> list[Event]:
        book = self.books[seat]
        comp = components()
        steps = comp.tracks[club]
        pos = book.tracks[club]
        if pos >= len(steps):
            if seat >= self.players:  # Ed
                token = "any" if club == "honor" else next(lc.token for lc in comp.locations if lc.club == club)
                return [Event(f"Ed is already at the top of {NAMES.club[club]} and takes a token instead."),
                        *self._ed_gain("token:" + token)]
            book.signatures += 1
            return [Event(f"{self._name(seat)} is already at the top of {NAMES.club[club]} and gains a "
                          "signature.", seat)]
        book.tracks[club] = pos + 1
        if self.quiet:
            return self._gain(seat, steps[pos])
        name = self._name(seat)
        top = " (the top!)" if pos + 1 == len(steps) else ""
        return [Event(f"{name} advances to step {pos + 1} of {NAMES.club[club]}{top}.",
                      seat if seat < self.players else None),  # (Ed: nobody's line)
                *self._gain(seat, steps[pos])]

