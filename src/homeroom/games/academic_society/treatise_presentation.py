"""Phase 5: Treatise Presentation Results. In turn order each player activates, one at a time, the
Treatise tiles on their presentation spaces, top row to bottom row and left to right in a row; a tile
placed later in that order during the turn is activated too (the effects: :mod:`treatises`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.academic_society.treatises import activate_treatise

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState

SLOTS = 3
"""Positions per row in the activation order (a presentation space holds at most 3 tiles)."""


def begin(st: AcademicState) -> list[Event]:
    st.queue = [("p5start", seat, 0) for seat in st.order]
    return [] if st.quiet else [Event("Phase 5: Treatise Presentation Results.")]


def next_treatise(st: AcademicState, seat: int, after: int) -> int | None:
    """The next occupied presentation position after ``after`` (top row to bottom, left to right)."""
    for row in range(4):
        held = st.presentation[seat][row]
        for slot in range(len(held)):
            pos = row * SLOTS + slot
            if pos > after:
                return pos
    return None


def start_turn(st: AcademicState, seat: int) -> list[Event]:
    st.activation = -1
    st.queue.insert(0, ("p5next", seat, 0))
    return []


def next_activation(st: AcademicState, seat: int) -> list[Event]:
    """Activate the seat's next tile in the activation order (and queue the one after it)."""
    pos = next_treatise(st, seat, st.activation)
    if pos is None:
        st.activation = -1
        return []
    st.activation = pos
    st.queue.insert(0, ("p5next", seat, 0))
    return activate_treatise(st, seat, st.presentation[seat][pos // SLOTS][pos % SLOTS])
