"""Following the changes other server processes commit to the same PostgreSQL database (issue 34):
a thread listens for the announcements of :mod:`homeroom.server.notify`; a live table this process
holds at an older version reads the actions after the ones it holds and plays only those (the
whole table again after an undo that reaches what it holds, a rename or a mismatch), and its
connections get the update, as for a change made here; the notices another process's change sent
are passed on to them. Tables are followed side by side, each table's announcements in order.
After the listener (re)connects, every live table is checked, so a change announced while it was
away is not missed.

A table's bots and clock run only in the process holding its lease (:mod:`.leases`)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import threading
from typing import TYPE_CHECKING, Any

from homeroom.engine.datasets import DataSet
from homeroom.engine.errors import HomeroomError, IllegalAction
from homeroom.engine.game import Game
from homeroom.engine.match import Match, Seat
from homeroom.server.chat import catch_up_chat
from homeroom.server.live import LiveTable, rebuild
from homeroom.server.notify import CHAT, Listener
from homeroom.server.protocol import Notice
from homeroom.server.storage import TableRecord

if TYPE_CHECKING:
    from homeroom.server.tables import Hub

log = logging.getLogger("homeroom.server")

RETRY_SECONDS = 1.0
"""Wait before the listener connects again after losing its connection."""

CHECK = -1
"""The version of a "check" entry: with no table id, check every live table (after the listener
(re)connected)."""


def follows(url: str) -> bool:
    """Whether changes of other processes can be followed on this database (PostgreSQL)."""
    return url.startswith("postgresql")


async def follow(hub: Hub, url: str) -> None:
    """Until cancelled: bring every live table to the version other processes committed."""
    loop = asyncio.get_running_loop()
    heard: asyncio.Queue[tuple[str, int, dict[str, Any] | None]] = asyncio.Queue()
    stop = threading.Event()

    def listen() -> None:
        while not stop.is_set():
            try:
                listener = Listener(url)
            except Exception as err:
                log.warning("cannot listen for other servers' changes (%s); retrying", str(err).splitlines()[0])
                stop.wait(RETRY_SECONDS)
                continue
            try:
                loop.call_soon_threadsafe(heard.put_nowait, ("", CHECK, None))  # what was announced while away
                while not stop.is_set():
                    for found in listener.poll(0.5):
                        loop.call_soon_threadsafe(heard.put_nowait, found)
            except Exception as err:
                if not stop.is_set():
                    log.warning("lost the database's announcements (%s); reconnecting", str(err).splitlines()[0])
                    stop.wait(RETRY_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    listener.close()

    thread = threading.Thread(target=listen, name="homeroom-follow", daemon=True)
    thread.start()
    waiting: dict[str, list[tuple[int, dict[str, Any] | None]]] = {}
    """What was heard for each table and not handled yet, in order (see :func:`_follow_table`)."""
    tasks: set[asyncio.Task[None]] = set()
    try:
        while True:
            table_id, version, note = await heard.get()
            for tid in hub.live_ids() if not table_id else [table_id]:
                if not hub.has_table(tid):
                    continue  # not held here (a table being loaded is: see TableStore.live_table)
                if tid in waiting:  # its task is on it: it takes this too
                    waiting[tid].append((version, note))
                    continue
                waiting[tid] = [(version, note)]
                task = asyncio.create_task(_follow_table(hub, tid, waiting))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
    finally:
        stop.set()
        for task in list(tasks):
            task.cancel()
        await asyncio.to_thread(thread.join, 2)


async def _follow_table(hub: Hub, table_id: str, waiting: dict[str, list[tuple[int, dict[str, Any] | None]]]) -> None:
    """Handle what was heard for one table, in order, until nothing is left: tables are followed
    side by side (one slow read does not hold the others up), and announcements that arrive while
    a table catches up are taken together (one read for several changes)."""
    try:
        while waiting.get(table_id):
            heard, waiting[table_id] = waiting[table_id], []
            table = await hub.live_table(table_id)  # (after its load, which may have read before this change)
            if table is None:
                continue
            try:
                if any(version in (CHAT, CHECK) for version, _ in heard):
                    await catch_up_chat(hub, table)
                newest = max((v for v, note in heard if note is None and v not in (CHAT, CHECK)), default=-1)
                if any(v == CHECK for v, _ in heard) or newest > table.version:
                    await catch_up(hub, table)  # (a change is announced before its notices)
                for _, note in heard:
                    if note is not None:
                        if note["v"] > table.version:
                            await catch_up(hub, table)
                        tell(hub, table, note)
            except Exception:
                log.exception("could not catch table %s up", table_id)
    finally:
        waiting.pop(table_id, None)


async def catch_up(hub: Hub, table: LiveTable) -> bool:
    """Bring ``table`` to the version the database holds if it is newer there; its connections
    get the update and its bots and clock go on from there. Whether it changed.

    Only the actions after the ones held are read and played (on a copy, off the loop) when they
    extend what is held; an undo that took back a held action, a renamed seat or any mismatch
    reads and rebuilds the whole table instead."""
    table.enter()  # the views sent from here, and the catch-up's thread, are the table's data set's
    async with table.lock:
        if table.dead or table.deleted:
            return False
        found = await asyncio.to_thread(_read_ahead, hub, table)
        if found is None:
            return False
        rec, ahead = found
        rec.chat = table.rec.chat  # the chat lines come with their own announcements
        if isinstance(ahead, tuple):  # the held match, extended
            state, entries, seats, tail = ahead
            match = table.match
            match.seats = seats
            match.history.extend(entries)  # the same list: the log lines kept per viewer stay valid
            match.state, match._tail = state, tail
            table.rec = rec
        else:
            table.rec, table.match = rec, ahead
            table.replays.clear()
            table.logs.clear()
        hub._after(table)
        return True


def _read_ahead(hub: Hub, table: LiveTable) -> tuple[TableRecord, Match | tuple[Any, list[Any], list[Seat], Any]] | None:
    """In a thread, under the table's lock: the stored table if it is newer than ``table``, with
    either the held match's continuation (state, new entries, seats, tail) or a whole new match."""
    held = len(table.match.history)
    found = hub.store.load_after(table.id, held, table.version)
    if found is None or found[0].version <= table.version:
        return None
    rec, undone = found
    if not undone and [s.name for s in rec.seats] == [s.name for s in table.rec.seats] \
            and rec.step == held + len(rec.actions):
        try:
            with table.game.bound_data(table.data):
                ahead = advance(table.game, table.match, rec)
            return rec, (ahead.state, ahead.history[held:], ahead.seats, ahead._tail)
        except HomeroomError as err:  # memory and the database disagree: read it all
            log.warning("table %s: catching up from step %d failed (%s); reloading it", table.id, held, err)
    whole = hub.store.load(table.id)
    if whole is None or whole.version <= table.version:
        return None
    return whole, rebuild_settled(table.game, whole, table.data)


def tell(hub: Hub, table: LiveTable, note: dict[str, Any]) -> None:
    """Send this server's viewers of ``table`` the notices another server's change announced
    (after the update of that change), and take its rematch if it has one."""
    each = note.get("each") or {}
    for conn in table.conns:
        viewer = str(conn.seat) if conn.role == "seat" else "s"
        for text in [*note.get("all", []), *([each[viewer]] if viewer in each else [])]:
            conn.push(Notice(text=str(text)).model_dump_json())
    rematch = note.get("rematch")
    if isinstance(rematch, str) and table.rec.rematch is None:
        table.rec.rematch = rematch
        hub._broadcast(table)  # every view now shows it


def advance(game: Game, match: Match, rec: TableRecord) -> Match:
    """A copy of ``match`` (not changed) with ``rec.actions`` played after its history, checked as
    live play checks them (so an undo point needs no replay later), and ``rec``'s seats."""
    ahead = copy.copy(match)
    ahead.state = match.state.clone()
    ahead.history = list(match.history)
    ahead.seats = [Seat(s.name, s.kind) for s in rec.seats]
    for index, entry in enumerate(rec.actions):
        try:
            ahead.play(game.action_from_json(entry["action"]))
        except IllegalAction as err:
            raise HomeroomError(f"stored action {len(match.history) + index} no longer replays: {err}") from None
    return ahead


def rebuild_settled(game: Game, rec: TableRecord, data: DataSet | None = None, partial: bool = False) -> Match:
    """:func:`rebuild` (with ``data``, the table's data set), with the undo flags of the last
    decisions worked out here too (off the loop) when a person plays a seat: the next view asks for
    its undo point."""
    match = rebuild(game, rec, None, data, partial)
    if any(s.kind == "human" for s in rec.seats):
        with game.bound_data(data):
            match.check_tail()
    return match
