"""The Management Board (Component Overview): the Authority track (Crests, red and blue arrows, the
column rule) and the Contribution track (stacked markers, the upper limit bonus). Functions take the
state first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Event
from homeroom.engine.actions import Made
from homeroom.engine.datasets import per_data
from homeroom.games.academic_society.actions import Move
from homeroom.games.academic_society.components import DATA_DIR, SUBJECT_NAME, components

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


# --------------------------------------------------------------- Contribution
def stack_top(st: AcademicState, seat: int) -> None:
    """Put the seat's Contribution marker on top of any others on its space."""
    st.stamp_counter += 1
    st.stamp[seat] = st.stamp_counter


def gain_contribution(st: AcademicState, seat: int, n: int) -> str:
    """Gain Contribution; steps beyond the top space give Influence instead (Phase 4, upper limit)."""
    comps = components()
    top = comps.top_contribution
    over = max(0, st.contribution[seat] + n - top)
    st.contribution[seat] = min(top, st.contribution[seat] + n)
    stack_top(st, seat)
    if over:
        bonus = over * comps.rules.overflow_influence
        st.influence[seat] += bonus
        return f"{n} Contribution ({over} beyond the top space: {bonus} Influence instead)"
    return f"{n} Contribution"


def spend_contribution(st: AcademicState, seat: int, n: int) -> None:
    st.contribution[seat] -= n
    stack_top(st, seat)


def order_key(st: AcademicState, seat: int) -> tuple[int, int]:
    """Higher Contribution first; on a shared space the marker on top first (Phase 4)."""
    return (-st.contribution[seat], -st.stamp[seat])


# ------------------------------------------------------------ Authority track
def crest(st: AcademicState, seat: int, subject: str) -> int:
    """The highest rank of ``subject`` Crest the seat holds on the Authority track (0: none)."""
    cells = components().cells
    best = 0
    for o in st.authority[seat]:
        c = cells[o]
        if c.crest == subject and c.crest_rank > best:
            best = c.crest_rank
    return best


MOVE: Made[Move] = Made(Move, 8192)
"""Move actions by (cell, to): cells x cells, a few hundred at most, so two positions offering the
same move hand out the very same object."""


@per_data(DATA_DIR)
def _arrow_moves() -> tuple[dict[int, tuple[Move, ...]], dict[int, tuple[Move, ...]]]:
    """Each Authority cell's Move actions along its blue arrows and along its red arrow (none at
    the bottom cell), from the data set's cells (kept per data set: an arrow is data)."""
    cells = components().cells
    blue = {o: tuple(MOVE[o, b] for b in c.blue) for o, c in cells.items()}
    red: dict[int, tuple[Move, ...]] = {o: (MOVE[o, c.red],) if c.red else () for o, c in cells.items()}
    return blue, red


def blue_moves(st: AcademicState, seat: int) -> list[Move]:
    """The seat's moves along blue arrows, by cell (ascending) then arrow (the data's order)."""
    blue = _arrow_moves()[0]
    return [m for o in sorted(set(st.authority[seat])) for m in blue[o]]


_BLUE: list[Any] = [None, frozenset()]
"""For the components in slot 0: the Authority cells with a blue arrow."""


def has_blue_move(st: AcademicState, seat: int) -> bool:
    """Whether :func:`blue_moves` would offer anything, without building it (a scholar on a cell
    with a blue arrow: a set test in C, asked by every placement list of the Lecture Hall)."""
    comps = components()
    if _BLUE[0] is not comps:
        _BLUE[1] = frozenset(o for o, c in comps.cells.items() if c.blue)
        _BLUE[0] = comps
    blue: frozenset[int] = _BLUE[1]
    return not blue.isdisjoint(st.authority[seat])


def red_moves(st: AcademicState, seat: int) -> list[Move]:
    """The seat's moves along red arrows, by cell (ascending)."""
    red = _arrow_moves()[1]
    return [m for o in sorted(set(st.authority[seat])) for m in red[o]]


def move_scholar(st: AcademicState, seat: int, cell: int, to: int) -> None:
    cells = st.authority[seat]
    cells.remove(cell)
    cells.append(to)
    cells.sort()


COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def column_rule(st: AcademicState, seat: int) -> list[Event]:
    """More than one of a player's scholars in one column: every one but the scholar on the
    highest-numbered cell returns to hand. One returned during Phase 2 (a blue-arrow move of the
    Lecture Hall) is held aside until that Phase 2 is over: it "will be used as a scholar in Phase 2
    of later rounds" (RULINGS.md G10)."""
    cells = components().cells
    by_column: dict[str, list[int]] = {}
    for o in st.authority[seat]:
        by_column.setdefault(cells[o].column, []).append(o)
    events = []
    for column, orders in by_column.items():
        if len(orders) < 2:
            continue
        keep = max(orders)
        returned = sorted(orders)[:-1]
        for o in returned:
            st.authority[seat].remove(o)
        if st.phase == 2:
            if len(st.held) != st.players:
                st.held = [0] * st.players
            st.held[seat] += len(returned)
        else:
            st.hand[seat] += len(returned)
        if st.quiet:
            continue
        count = COUNT_WORDS.get(len(orders), str(len(orders)))
        later = ", held aside until this Phase 2 is over" if st.phase == 2 else ""
        if column == "none":  # the bottom cell is a column of its own: its scholars share one cell
            back = COUNT_WORDS.get(len(returned), str(len(returned))).replace("two", "two of them")
            verb = "returns" if len(returned) == 1 else "return"
            text = (f"has {count} scholars on the bottom cell {keep}: {'one' if len(returned) == 1 else back} "
                    f"{verb} to hand{later} (one stays)")
        else:
            if len(returned) == 1:
                back = f"the one on cell {returned[0]} returns to hand"
            else:
                back = f"the ones on cells {', '.join(map(str, returned[:-1]))} and {returned[-1]} return to hand"
            text = f"has {count} scholars in the {SUBJECT_NAME[column]} column: {back}{later} (cell {keep} stays)"
        events.append(Event(f"{st.names[seat]} {text}.", seat))
    return events
