"""Announcing committed changes to other server processes (issue 34, several servers on one
PostgreSQL database): every versioned write of a table sends ``NOTIFY homeroom_tables,
'<table id>:<version>'`` in its own transaction, so PostgreSQL delivers it exactly when (and only
if) the change commits, to every process listening. A listener then reads the actions after the
version it holds. SQLite serves one process: nothing is announced there.

Only the announcing and listening are here; :mod:`homeroom.server.follow` catches live tables up."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine, make_url

CHANNEL = "homeroom_tables"
"""The PostgreSQL channel of table changes."""

CHAT = -2
"""The version of a chat announcement (``'<table id>:chat:<line id>'``): a chat line does not
change the table's version; a listener reads the lines after the last it holds."""

NOTE = -3
"""The version of a notices announcement (``'<table id>:note:<JSON>'``): notices a change made
on one server sends its viewers ("ran out of time", a seat handed to a bot, a rematch, an undo),
sent after that change committed, so every server's viewers are told (see :func:`note_payload`)."""

NOTE_CHARS = 7000
"""Longest notices announcement (PostgreSQL takes payloads under 8000 bytes)."""

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


def note_payload(table_id: str, version: int, every: list[str], each: dict[str, str] | None = None,
                 rematch: str | None = None) -> str:
    """A notices announcement: ``every`` for every viewer; ``each`` by viewer (the seat as text,
    ``"s"`` for spectators and the host: an undo quotes what each of them could read); the
    table's ``rematch`` if it has one. Long texts are cut to fit PostgreSQL's payload limit."""
    note: dict[str, Any] = {"v": version, "all": every, "each": each or {}, "rematch": rematch}
    body = json.dumps(note, separators=(",", ":"))
    if len(body) + len(table_id) > NOTE_CHARS:
        cut = max(40, NOTE_CHARS // (2 * (len(every) + len(note["each"]) + 1)))
        note["all"] = [t[:cut] for t in every]
        note["each"] = {k: t[:cut] for k, t in note["each"].items()}
        body = json.dumps(note, separators=(",", ":"))
    return f"{table_id}:note:{body}"


def announce_note(engine: Engine, payload: str) -> None:
    """After a change committed: send a notices announcement (its own short transaction)."""
    with engine.begin() as conn:
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})


def parse_note(payload: str) -> tuple[str, dict[str, Any]] | None:
    """``(table id, notices)`` of a notices announcement, None for another payload."""
    table_id, sep, body = payload.partition(":note:")
    if not sep or not table_id or ":" in table_id:
        return None
    try:
        note = json.loads(body)
    except ValueError:
        return None
    if not isinstance(note, dict) or not isinstance(note.get("v"), int):
        return None
    return table_id, note


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

    def poll(self, timeout: float) -> Iterator[tuple[str, int, dict[str, Any] | None]]:
        """The announcements that arrive within ``timeout`` seconds, as they arrive: ``(table id,
        version, None)``, or ``(table id, NOTE, notices)`` for a notices announcement."""
        for note in self.conn.notifies(timeout=timeout):
            if note.channel != CHANNEL:
                continue
            notices = parse_note(note.payload)
            if notices is not None:
                yield notices[0], NOTE, notices[1]
                continue
            found = parse(note.payload)
            if found is not None:
                yield found[0], found[1], None

    def close(self) -> None:
        self.conn.close()
