"""Phase 2: Research Activities. In turn order each player with a pawn in hand (a Secretary counts
as a scholar) places one on an action space and carries out its main action, then may take the
bonus action (the spaces: :mod:`action_spaces`); a player with an empty hand passes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.academic_society.model import Pending

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def begin(st: AcademicState) -> list[Event]:
    st.cursor = 0
    return [Event("Phase 2: Research Activities.")]


def next_turn(st: AcademicState) -> bool:
    """Give the next seat in turn order with a pawn in hand its turn; False when all hands are empty."""
    n = st.players
    for k in range(n):
        seat = st.order[(st.cursor + k) % n]
        if st.hand[seat] or st.sec_hand[seat]:
            st.cursor = (st.cursor + k + 1) % n
            st.pending.append(Pending("place", seat))
            return True
    return False
