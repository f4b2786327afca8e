"""Leases on tables (issue 34, several servers on one PostgreSQL database): a table's bots and
clock run only in the process that holds its lease, so a bot moves and a clock expires once,
whichever server holds the table live.

A lease is a session-level PostgreSQL advisory lock (``pg_try_advisory_lock(NAMESPACE, key)``)
taken on one connection of its own. Chosen over a lease column with an expiry because the
database itself ends it: when a server dies (even by SIGKILL) its connection closes and
PostgreSQL drops every lock it held at once, with no heartbeat writes, no clock skew between
hosts and no expiry to wait out. The cost: a server that loses that connection has lost its
leases too; it forgets them all and takes them again (another server may have them by then).

SQLite serves one process (see :func:`homeroom.server.storage.hold_sqlite`): every lease is
granted there without asking anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import threading
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    from homeroom.server.tables import Hub

log = logging.getLogger("homeroom.server")

NAMESPACE = 0x686D  # "hm": the first key of homeroom's advisory locks, apart from other users'


def lease_key(table_id: str) -> int:
    """The advisory lock's second key of a table: a stable signed 32-bit hash of its id."""
    return int.from_bytes(hashlib.sha1(table_id.encode()).digest()[:4], "big", signed=True)


class Leases:
    """The leases this process holds. Blocking calls: run them in a thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.shared = url.startswith("postgresql")
        """Whether other processes share the database (PostgreSQL); if not, every lease is ours."""
        self.held: set[str] = set()
        self._conn: Any = None
        self._guard = threading.Lock()

    def holds(self, table_id: str) -> bool:
        """Whether this process holds the lease of ``table_id`` (as far as it last knew)."""
        return not self.shared or table_id in self.held

    def _connect(self) -> Any:
        if self._conn is None or self._conn.closed:
            import psycopg

            if self.held:
                log.warning("lost the lease connection; %d lease(s) to take again", len(self.held))
            self.held.clear()  # the old connection's locks went with it
            dsn = make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)
            self._conn = psycopg.connect(dsn, autocommit=True)
        return self._conn

    def take(self, table_id: str) -> bool:
        """Try to take the lease of ``table_id`` without waiting; whether this process holds it."""
        return table_id in self.take_many([table_id])

    def take_many(self, table_ids: list[str]) -> set[str]:
        """Try to take the leases of ``table_ids`` without waiting, in one query (a sweep asks for
        every table with work to do); the ones this process holds now."""
        if not self.shared:
            return set(table_ids)
        with self._guard:
            try:
                conn = self._connect()
                held = {t for t in table_ids if t in self.held}
                if held:
                    conn.execute("SELECT 1")  # still connected, so still held
                asked = [t for t in dict.fromkeys(table_ids) if t not in held]
                rows = conn.execute(
                    "SELECT k.i, pg_try_advisory_lock(%s, k.key) FROM unnest(%s::int[]) WITH ORDINALITY AS k(key, i)",
                    (NAMESPACE, [lease_key(t) for t in asked])).fetchall() if asked else []
            except Exception as err:
                log.warning("cannot take the lease of %s (%s)",
                            f"table {table_ids[0]}" if len(table_ids) == 1 else f"{len(table_ids)} tables",
                            str(err).splitlines()[0])
                self._drop()
                return set()
            for i, ok in rows:
                if ok:
                    held.add(asked[i - 1])
            self.held |= held
            return held

    def give_up(self, table_id: str) -> None:
        """Release the lease of ``table_id`` (the table left this process's memory)."""
        if not self.shared:
            return
        with self._guard:
            if table_id not in self.held or self._conn is None:
                return
            self.held.discard(table_id)
            try:
                self._conn.execute("SELECT pg_advisory_unlock(%s, %s)", (NAMESPACE, lease_key(table_id)))
            except Exception:
                self._drop()

    def check(self) -> None:
        """Forget every lease if their connection is gone (the database restarted, the network
        broke): PostgreSQL dropped them, and another server may hold them now."""
        if not self.shared:
            return
        with self._guard:
            if self._conn is None or not self.held:
                return
            try:
                self._conn.execute("SELECT 1")
            except Exception as err:
                log.warning("lost the lease connection (%s); %d lease(s) to take again",
                            str(err).splitlines()[0] if str(err) else repr(err), len(self.held))
                self._drop()

    def _drop(self) -> None:
        self.held.clear()
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def close(self) -> None:
        """Release every lease (at shutdown; a crash releases them too)."""
        with self._guard:
            self._drop()


SWEEP_SECONDS = 2.0
"""How often a server looks for tables with work to do that no server runs (its own leases
lost, or a server died): the longest a dead server's bot or clock waits, plus a load."""


async def sweep(hub: Hub, every: float = SWEEP_SECONDS) -> None:
    """Until cancelled (several servers only): take the leases of the tables with a bot or a
    clock to run that no server holds, and set them going here (the start-up recovery, again)."""
    while True:
        await asyncio.sleep(every)
        try:
            await asyncio.to_thread(hub.leases.check)
            taken = await hub.restore_pending()
        except asyncio.CancelledError:
            raise
        except Exception as err:
            log.warning("lease sweep failed (%s)", str(err).splitlines()[0] if str(err) else repr(err))
            continue
        if taken:
            log.info("took over %d table(s) with a bot or a clock to run", taken)
