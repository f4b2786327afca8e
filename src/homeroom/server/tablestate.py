"""A table's state as plain arithmetic on a live table: its clocks charged before a change, the
table row a change leaves, applying a stored change in memory, and how far a seat may undo. No
I/O and no awaiting: the command service and the scheduler build on these."""

from __future__ import annotations

import time

from homeroom.engine.state import State
from homeroom.server.live import LiveTable
from homeroom.server.storage import TableChange


def charge(table: LiveTable, now: float, increment_for: int | None = None) -> dict[int, int | None]:
    """Before a change at ``now``: the running seat's clock, charged for its time (plus the
    increment if that seat is the one deciding). Call it before the match changes."""
    running = table.running_seat()
    if running is None:
        return {}
    left = table.remaining_ms(running, now) or 0
    if increment_for == running and table.rec.clock is not None:
        left += int(table.rec.clock.get("increment_seconds", 0)) * 1000
    return {running: left}


def table_change(table: LiveTable, now: float, clocks: dict[int, int | None], state: State | None = None,
            step: int | None = None) -> TableChange:
    """The table row after a change at ``now`` (the next seat's clock starts now) that leaves
    the match at ``state`` after ``step`` actions (default: as it is). It applies only to the
    table at its current version and step."""
    if state is None:
        state, step = table.match.state, len(table.match.history)
    assert step is not None
    return TableChange(version=table.version + 1, step=step, to_move=state.to_move,
                       terminal=state.is_terminal(), outcome=state.outcome() if state.is_terminal() else None,
                       turn_started_at=now, seat_clocks=dict(clocks), prev_step=len(table.match.history))


def commit_local(table: LiveTable, change: TableChange) -> None:
    rec = table.rec
    rec.version, rec.step, rec.to_move = change.version, change.step, change.to_move
    rec.terminal, rec.outcome, rec.turn_started_at = change.terminal, change.outcome, change.turn_started_at
    rec.updated_at = time.time()
    for seat, ms in change.seat_clocks.items():
        rec.seats[seat].clock_ms = ms


def undo_point(table: LiveTable, seat: int) -> int | None:
    """Where ``seat`` may take back to, by Board Game Arena's policy: only its own decisions
    of its turn in progress. The engine's undo point (nothing hidden revealed or drawn since),
    no other seat has decided since, the decision was made in the turn in progress
    (:meth:`Match.turn_start`: once the turn passed to someone else, or an automa played, it
    is final), it is still ``seat``'s turn or decision, and no bot is thinking for another
    seat (its move would race the undo)."""
    match = table.match
    state = match.state
    if state.is_terminal() or table.is_bot(seat):
        return None
    to_move = state.to_move
    if to_move is None or (to_move != seat and (state.turn_seat() != seat or table.is_bot(to_move))):
        return None
    index = match.undo_point(seat)
    if index is None or index < match.turn_start() or any(e.seat != seat for e in match.history[index:]):
        return None
    return index
