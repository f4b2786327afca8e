"""Phase 3: Maintaining Authority. Cells are processed in processing order (several players on a
cell in turn order): each scholar stays for its Research Report cost or is laid down; the bottom cell
must pay (nothing with Influence 0). Then every laid-down scholar moves along its red arrow, and the
column rule returns to hand a player's scholar on the smaller-numbered cell of a shared column."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.academic_society.actions import Maintain, theories_text
from homeroom.games.academic_society.components import Vec, components
from homeroom.games.academic_society.individual_board import can_pay, pay, reduced
from homeroom.games.academic_society.management_board import column_rule, move_scholar
from homeroom.games.academic_society.model import Pending

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def begin(st: AcademicState) -> list[Event]:
    st.queue = [("maintain", seat, cell) for cell in components().cells for seat in st.order
                if cell in st.authority[seat]]
    return [] if st.quiet else [Event("Phase 3: Maintaining Authority.")]


def finish(st: AcademicState) -> list[Event]:
    """Laid-down scholars move along their red arrows; then the column rule."""
    comps = components()
    events = []
    quiet = st.quiet
    for seat in st.order:
        for cell in st.laid[seat]:
            to = comps.cells[cell].red
            move_scholar(st, seat, cell, to)
            if not quiet:
                    events.append(Event(f"{st.names[seat]}'s scholar moves along the red arrow from cell {cell} "
                                    f"to cell {to}.", seat))
        st.laid[seat] = []
    for seat in st.order:
        events += column_rule(st, seat)
    return events


def research_cost(st: AcademicState, seat: int, cell: int) -> Vec:
    """The cell's Research Report cost less 1 in each subject whose reduction the seat has."""
    return reduced(st, seat, components().cells[cell].cost, "research_report")


def maintain_task(st: AcademicState, seat: int, cell: int) -> list[Event]:
    comps = components()
    name = st.names[seat]
    if cell == comps.sink:
        c = comps.cells[cell]
        if st.influence[seat] == 0:
            if st.quiet:
                return []
            return [Event(f"{name}'s scholar stays on cell {cell} without paying: {name}'s Influence is 0.", seat)]
        paid_infl = min(c.cost_influence, st.influence[seat])
        st.influence[seat] -= paid_infl
        cost = research_cost(st, seat, cell)
        paid = [min(cost[i], st.theories[seat][i]) for i in range(4)]
        pay(st, seat, paid)
        if st.quiet:
            return []
        text = f"{paid_infl} Influence" if paid_infl else ""
        if sum(paid):
            text = (text + " and " if text else "") + theories_text(tuple(paid))
        return [Event(f"{name} must pay the Research Report cost of cell {cell}: {text or 'nothing'}.", seat)]
    if can_pay(st, seat, research_cost(st, seat, cell)):
        st.pending.append(Pending("maintain", seat, cell))
        return []
    st.laid[seat].append(cell)
    if st.quiet:
        return []
    return [Event(f"{name} cannot pay the Research Report cost of cell {cell}: the scholar is laid down.", seat)]


def maintain(st: AcademicState, seat: int, act: Maintain) -> list[Event]:
    name = st.names[seat]
    if act.keep:
        cost = research_cost(st, seat, act.cell)
        pay(st, seat, cost)
        if st.quiet:
            return []
        return [Event(f"{name} pays {theories_text(cost)} to keep the scholar on cell {act.cell}.", seat)]
    st.laid[seat].append(act.cell)
    if st.quiet:
        return []
    return [Event(f"{name} lays the scholar on cell {act.cell} down.", seat)]
