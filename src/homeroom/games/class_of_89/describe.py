"""What a placement would give, appended to the action line in the terminal (State.describe_action).

A player who knows the board game looks at a card's half-icons and the yearbook's row and column
bonuses before taking it; the line says it for them: "Take Ursula I at row 1, column 2 (Quiz Bowl
match)". Only what the seat to move can see is used (its own yearbook and the face-up cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import Decline, Keep, Photograph, PlaceOneByOne, Reward, Take
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.texts import gain_text

if TYPE_CHECKING:
    from homeroom.games.class_of_89.rules import Co89State


def placement_gains(state: Co89State, seat: int, card: str, at: int) -> list[str]:
    """Short phrases for what placing ``card`` at ``at`` gives at once (matches, rows, columns, icons)."""
    comp = components()
    book = state.books[seat]
    kind = pl.lookup().kind.get(card, "")
    out: list[str] = []
    if kind in ("student", "teacher"):
        if not 0 <= at < len(book.photo) or book.photo[at]:
            return out
        book.photo[at] = card
        try:
            if state.options.get("half_icons", True):
                out += [f"{comp.club_name(club)} match" for club in pl.matches_at(book, at)]
            row, col = pl.completed_lines(book, at)
        finally:
            book.photo[at] = ""
        if row is not None:
            out.append(f"completes row {row + 1}: " + ", ".join(gain_text(g) for g in comp.row_bonuses[row]))
        if col is not None and book.side:
            out.append(f"completes column {col + 1}: "
                       + ", ".join(gain_text(g) for g in comp.column_sides[book.side][col]))
    elif kind.startswith("tile"):
        try:
            cells = pl.tile_cells(card, at)
        except ValueError:
            return out
        out += _grid_gains(state, seat, cells)
    return out


def _grid_gains(state: Co89State, seat: int, cells: list[int]) -> list[str]:
    """The printed grid icons the cells cover and the halves they would complete."""
    comp = components()
    book = state.books[seat]
    out: list[str] = []
    covered = [gain_text(g) for c in cells for g in comp.grid_icons.get(c, [])]
    if covered:
        out.append("covers " + ", ".join(covered))
    if any(book.grid[c] for c in cells):
        return out
    for c in cells:
        book.grid[c] = "?"
    try:
        halves = pl.completed_halves(book)
    finally:
        for c in cells:
            book.grid[c] = ""
    out += [f"fills the {h} half: {comp.club_name(comp.halves[h])} +1" for h in halves]
    return out


def _decline(state: Co89State) -> str:
    """What declining the pending decision gives up."""
    comp = components()
    p = state.pending[0]
    if p.kind == "token":
        return "Decline the token" if p.token == "any" else f"Decline the {comp.token_name(p.token)} token"
    if p.kind == "tile1x1":
        return "Decline the 1x1 tile"
    if p.kind.startswith("draw"):
        kind = p.kind[5:]
        if p.optional:
            return f"Keep none of the drawn {kind} (all back to the bottom of the deck)"
        return (f"None of the drawn {kind} can be placed: discard {comp.card_name(p.cards[0])}, "
                "the others back to the bottom")
    if p.kind.startswith("pick"):
        return f"Decline the bonus (take no face-up {p.kind[5:]})"
    return "Decline"


def describe_action(state: Co89State, action: Action) -> str:
    text = action.describe()
    if state.to_move is None:
        return text
    if isinstance(action, Decline) and state.pending:
        return _decline(state)
    if isinstance(action, Reward) and state.pending and state.pending[0].club:
        return f"{components().club_name(state.pending[0].club)} leader's reward: {text[0].lower()}{text[1:]}"
    gains: list[str] = []
    if isinstance(action, Take | Photograph | Keep):
        gains = placement_gains(state, state.to_move, action.card, action.at)
    elif isinstance(action, PlaceOneByOne) and 0 <= action.at < len(state.books[state.to_move].grid):
        gains = _grid_gains(state, state.to_move, [action.at])
    if gains:
        text += " (" + "; ".join(gains) + ")"
    return text
