"""The hub of live tables: loading them, every change to them, their views, bots and clocks.

Every change follows one path under the table's lock: check it, compute its result on a copy
(the live match is not touched), commit it to the database with a write that applies only at the
version and step the table is at, and only then swap the result in and broadcast each
connection's own view. If the commit fails the table is marked dead (its bot and clock tasks are
cancelled, its connections told and closed) and dropped from memory; the next use loads it from
the database again. So memory never runs ahead of what is stored, and the state of a table is
always seed + the stored action list replayed by the engine.

The hub is split by job: the store of live tables and the write queue (:mod:`.hubstore`), a table's
state arithmetic (:mod:`.tablestate`), the fan-out of views (:mod:`.fanout`), the scheduler of bots
and clocks (:mod:`.scheduler`) and the command service (:mod:`.commands`), joined by an in-process
event bus (:mod:`.events`).
"""

from __future__ import annotations

from homeroom.server.bots import BotPool
from homeroom.server.commands import Commands
from homeroom.server.fanout import UNDO_NOTICE_CHARS, undo_notice
from homeroom.server.hubstore import FALLBACK_BOT
from homeroom.server.scheduler import TIMEOUT_BOT
from homeroom.server.seats import ZOMBIE_AFTER
from homeroom.server.storage import Store

__all__ = ["FALLBACK_BOT", "TIMEOUT_BOT", "UNDO_NOTICE_CHARS", "Hub", "undo_notice"]


class Hub(Commands):
    """Every live table of the server, the database behind them and the bot pool: the store
    (:mod:`.hubstore`), the fan-out (:mod:`.fanout`), the scheduler (:mod:`.scheduler`) and the
    command service (:mod:`.commands`), joined by an in-process event bus (:mod:`.events`)."""

    def __init__(self, store: Store, pool: BotPool, bot_delay: float = 0.0, max_cached: int = 5000,
                 zombie_after: float = ZOMBIE_AFTER) -> None:
        super().__init__(store, pool, bot_delay, max_cached, zombie_after)
        self.bus.subscribe(self._on_event)  # first every viewer hears of a change,
        self.bus.subscribe(self._on_schedule)  # then its bots and clock go on
