"""Following the changes other server processes commit to the same PostgreSQL database (issue 34):
a thread listens for the announcements of :mod:`homeroom.server.notify`; a live table this process
holds at an older version is read again from the database (the only truth) and its connections get
the update, as for a change made here. After the listener (re)connects, every live table is
checked, so a change announced while it was away is not missed.

A table's bots and clock run only in the process holding its lease (:mod:`.leases`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import TYPE_CHECKING

from homeroom.server.chat import catch_up_chat
from homeroom.server.live import LiveTable, rebuild
from homeroom.server.notify import CHAT, Listener

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
    heard: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
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
                loop.call_soon_threadsafe(heard.put_nowait, ("", CHECK))  # what was announced while away
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
    try:
        while True:
            table_id, version = await heard.get()
            held = list(hub.tables.values()) if not table_id else [hub.tables.get(table_id)]
            for table in held:
                if table is None:
                    continue  # not held here
                try:
                    if version in (CHAT, CHECK):
                        await catch_up_chat(hub, table)
                    if version == CHAT or (version != CHECK and table.version >= version):
                        continue  # a chat line only, or already there (this process's own change)
                    await catch_up(hub, table)
                except Exception:
                    log.exception("could not catch table %s up", table.id)
    finally:
        stop.set()
        await asyncio.to_thread(thread.join, 2)


async def catch_up(hub: Hub, table: LiveTable) -> bool:
    """Read ``table`` again from the database if it is newer there; its connections get the
    update and its bots and clock go on from there. Whether it changed."""
    table.enter()  # the views sent from here are the table's data set's
    async with table.lock:
        if table.dead or table.deleted:
            return False
        rec = await asyncio.to_thread(hub.store.load, table.id)
        if rec is None or rec.version <= table.version:
            return False
        match = await asyncio.to_thread(rebuild, table.game, rec, None, table.data)
        table.rec, table.match = rec, match
        table.replays.clear()
        table.logs.clear()
        hub._after(table)
        return True
