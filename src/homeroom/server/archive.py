"""Archiving idle tables and deleting tables.

A table with no move for ``--archive-after`` days (finished, or abandoned mid-game) is archived:
it leaves the lobby and "my tables", its bot and clock stop, and it becomes read-only. Its link
still opens it: the last position with its log, chat and step slider; nothing can be played,
undone, joined, handed over, rematched or said in its chat. A finished game's replay file stays
available; an unfinished one's seed stays hidden (it would show every hand).

The host may delete a table: it is removed from the database with its seats, actions and chat,
and every connection is told (a ``notice``) and closed with :data:`DELETED_CLOSE`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from homeroom.server.errors import ProtocolError
from homeroom.server.live import LiveTable
from homeroom.server.protocol import Notice

if TYPE_CHECKING:
    from homeroom.server.tables import Hub

log = logging.getLogger("homeroom.server")

ARCHIVE_AFTER = 30 * 24 * 3600.0
"""Seconds without a move before a table is archived (``homeroom serve --archive-after`` days)."""
DELETED_CLOSE = 4410
"""WebSocket close code of a table its host deleted (the page stops reconnecting)."""


def require_live(table: LiveTable) -> None:
    """Refuse a change to a deleted or archived table (call it under the table's lock)."""
    if table.deleted:
        raise ProtocolError("not_found", "this table was deleted by its host")
    if table.rec.archived_at is not None:
        raise ProtocolError("conflict", "this table is archived: it can be read but nothing can be played, "
                            "undone, joined or changed any more")


def stop_tasks(table: LiveTable) -> None:
    """Cancel the table's bot think and clock (an archived or deleted table has no live tasks)."""
    for task in (table.bot_task, table.clock_task):
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()


def sweep_every(after: float) -> float:
    """How often the archiver looks: a twentieth of the idle time, between 50 ms and an hour."""
    return min(3600.0, max(0.05, after / 20))


async def archive_idle(hub: Hub, after: float) -> list[str]:
    """Archive every table with no move for ``after`` seconds; the live ones stop their tasks
    and everyone at them gets the read-only view and a notice. Returns the archived ids."""
    ids = await asyncio.to_thread(hub.store.archive_idle, time.time() - after)
    days = after / 86400
    span = f"{days:g} day{'s' if days != 1 else ''}" if days >= 1 else f"{after:g} s"
    for table_id in ids:
        table = hub.tables.get(table_id)
        if table is None:
            continue
        async with table.lock:
            table.rec.archived_at = time.time()
            stop_tasks(table)
            hub._broadcast(table, [f"This table was archived after {span} without a move: it can be read, "
                                   "not played."])
    if ids:
        log.info("archived %d table(s) idle for %s", len(ids), span)
    return ids


async def archiver(hub: Hub, after: float) -> None:
    """Archive idle tables now and then, for as long as the server runs."""
    while True:
        try:
            await archive_idle(hub, after)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database is away: try again at the next sweep
            log.exception("archiving idle tables failed")
        await asyncio.sleep(sweep_every(after))


async def delete_table(hub: Hub, table: LiveTable) -> None:
    """Host only: remove the table with its seats, actions and chat; tell every connection and
    close it."""
    async with table.lock:
        if table.deleted:
            raise ProtocolError("not_found", "this table was already deleted")
        try:
            await asyncio.to_thread(hub.store.delete_table, table.id)
        except Exception as err:
            log.error("table %s could not be deleted: %s", table.id, err)
            raise ProtocolError("server", "the table could not be deleted; nothing changed") from None
        table.deleted = True
        hub.tables.pop(table.id, None)
        stop_tasks(table)
        message = Notice(text="The host deleted this table: its game, seats and chat are gone.").model_dump_json()
        conns = list(table.conns)
        table.conns.clear()
        for conn in conns:
            conn.push(message)
    for conn in conns:
        await conn.stop()  # the notice goes out first
        await conn.close(DELETED_CLOSE)
