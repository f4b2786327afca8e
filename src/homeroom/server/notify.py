"""Announcing committed changes to other server processes (issue 34, several servers on one
PostgreSQL database): every versioned write of a table sends ``NOTIFY homeroom_tables,
'<table id>:<version>'`` in its own transaction, so PostgreSQL delivers it exactly when (and only
if) the change commits, to every process listening. A listener then reads the actions after the
version it holds. SQLite serves one process: nothing is announced there.

Only the announcing and listening are here; catching a live table up from an announcement is the
next step (the hub's store loads the table again, as after a failed write)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, make_url

CHANNEL = "homeroom_tables"
"""The PostgreSQL channel of table changes."""

CHAT = -2
"""The version of a chat announcement (``'<table id>:chat:<line id>'``): a chat line does not
change the table's version; a listener reads the lines after the last it holds."""

_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def announce(conn: Connection, table_id: str, version: int) -> None:
    """Within a write's transaction: tell every listening process that ``table_id`` reached
    ``version`` once this commits (nothing on SQLite)."""
    if conn.dialect.name == "postgresql":
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{table_id}:{version}"})


def announce_chat(conn: Connection, table_id: str, line_id: int) -> None:
    """Within a chat line's transaction: tell every listening process (nothing on SQLite)."""
    if conn.dialect.name == "postgresql":
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{table_id}:chat:{line_id}"})


def parse(payload: str) -> tuple[str, int] | None:
    """``(table id, version)`` of an announcement (version :data:`CHAT` for a chat line), None
    for a payload that is not one."""
    table_id, sep, version = payload.rpartition(":")
    if not sep or not table_id or not version.isdigit():
        return None
    if table_id.endswith(":chat"):
        return (table_id[:-5], CHAT) if table_id[:-5] else None
    return table_id, int(version)


class Listener:
    """A connection of its own that listens for the announcements (PostgreSQL only)."""

    def __init__(self, url: str) -> None:
        import psycopg

        parsed = make_url(url)
        if parsed.get_backend_name() != "postgresql":
            raise ValueError(f"announcements need PostgreSQL, not {parsed.get_backend_name()}")
        dsn = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
        self.conn: Any = psycopg.connect(dsn, autocommit=True)
        self.conn.execute(f"LISTEN {CHANNEL}")

    def poll(self, timeout: float) -> Iterator[tuple[str, int]]:
        """The announcements that arrive within ``timeout`` seconds, as they arrive."""
        for note in self.conn.notifies(timeout=timeout):
            if note.channel == CHANNEL:
                found = parse(note.payload)
                if found is not None:
                    yield found

    def close(self) -> None:
        self.conn.close()
