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
    return [] if st.quiet else [Event("Phase 2: Research Activities.")]


def finish(st: AcademicState) -> list[Event]:
    """Scholars returned to hand during this Phase 2 (held aside) join the hand for later rounds."""
    events = []
    for seat in st.order:
        if st.held and st.held[seat]:
            n, st.held[seat] = st.held[seat], 0
            st.hand[seat] += n
            if st.quiet:
                continue
            events.append(Event(f"{st.names[seat]}'s {n} scholar{'s' if n > 1 else ''} held aside "
                                f"return{'' if n > 1 else 's'} to hand for later rounds.", seat))
    return events


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
