"""Phase 4: Effects of Contribution. The turn order is re-sorted by Contribution (on a shared space
the higher marker first); in the new order each player gains the bonus of their space; then every
player on the lowest space (highest marker first) returns the marker to START, on top of any there,
and moves one Authority scholar along its red arrow (the column rule follows)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.academic_society.components import components
from homeroom.games.academic_society.management_board import order_key, red_moves, stack_top
from homeroom.games.academic_society.model import Pending

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def begin(st: AcademicState) -> list[Event]:
    st.order = sorted(range(st.players), key=lambda s: order_key(st, s))
    events = [] if st.quiet else [
        Event("Phase 4: the new turn order is " + ", ".join(st.names[s] for s in st.order) + ".")]
    st.queue = [("p4bonus", seat, 0) for seat in st.order]
    lowest = min(st.contribution)
    group = sorted((s for s in range(st.players) if st.contribution[s] == lowest), key=lambda s: -st.stamp[s])
    st.queue += [("p4penalty", seat, 0) for seat in group]
    return events


def space_bonus(st: AcademicState, seat: int) -> list[Event]:
    space = components().contribution[st.contribution[seat]]
    events = []
    if space.influence:
        st.influence[seat] += space.influence
        if not st.quiet:
                events.append(Event(f"{st.names[seat]} gains {space.influence} Influence from Contribution space "
                                f"{space.name}.", seat))
    if space.theory_any:
        st.pending.append(Pending("gain", seat, space.theory_any, "contribution"))
    return events


def lowest_penalty(st: AcademicState, seat: int) -> list[Event]:
    name = st.names[seat]
    if st.contribution[seat]:
        st.contribution[seat] = 0
        stack_top(st, seat)
        where = "the marker returns to START"
    else:  # already on START: it stays where it is in the stack (RULINGS.md G20)
        where = "the marker stays on START"
    if st.quiet:
        if red_moves(st, seat):
            st.pending.append(Pending("red", seat, 0, "penalty"))
        return []
    events = [Event(f"{name} has the lowest Contribution: {where} and a scholar must move along a red "
                    "arrow.", seat)]
    if red_moves(st, seat):
        st.pending.append(Pending("red", seat, 0, "penalty"))
    else:
        events.append(Event(f"{name} has no Authority scholar that can move.", seat))
    return events
