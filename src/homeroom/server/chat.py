"""Table chat: lines kept with the table in the database, sent to everyone at the table.

Seats and the host write; spectators read only. A spectator link is public on a listed table
(anyone in the lobby may watch) and carries no name, so letting spectators write would let anyone
post anonymously to the players with nobody able to tell who or to silence them. The host writes as
"Host". A line is one line of plain text (control characters removed, spaces collapsed), at most
:data:`CHAT_CHARS` characters; the table keeps its last :data:`~homeroom.server.storage.CHAT_KEEP`
lines. The rate limits of :mod:`homeroom.server.limits` apply (a chat line is a WebSocket message,
and an address may write :attr:`~homeroom.server.limits.RateLimits.chat` lines).
"""

from __future__ import annotations

import asyncio
import json
import logging
import unicodedata
from typing import TYPE_CHECKING

from homeroom.server.errors import ProtocolError
from homeroom.server.live import Conn, LiveTable
from homeroom.server.storage import CHAT_KEEP, ChatLine

if TYPE_CHECKING:
    from homeroom.server.tables import Hub

log = logging.getLogger("homeroom.server")

CHAT_CHARS = 500
"""Longest chat line, in characters (after cleaning)."""
HOST_NAME = "Host"
"""The name the host writes under (the host is not a seat)."""


def clean_line(text: str) -> str:
    """One line of plain text: control and format characters removed (a newline becomes a space),
    spaces collapsed; raises ProtocolError ``bad_request`` if it is empty or too long."""
    kept = "".join(" " if ch in "\r\n\t" else ch for ch in text
                   if ch in "\r\n\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    line = " ".join(kept.split())
    if not line:
        raise ProtocolError("bad_request", "chat: the line is empty")
    if len(line) > CHAT_CHARS:
        raise ProtocolError("bad_request", f"chat: {len(line)} characters is too long (at most {CHAT_CHARS})")
    return line


def with_chat(view_text: str, table: LiveTable) -> str:
    """A ``view`` message (JSON text of an object without ``chat``) with the table's kept lines
    added, oldest first: the first view after hello carries them, later views do not."""
    lines = json.dumps([line.to_json() for line in table.rec.chat], separators=(",", ":"))
    return f'{view_text[:-1]},"chat":{lines}}}'


async def post(hub: Hub, table: LiveTable, conn: Conn, text: str) -> None:
    """Store ``conn``'s chat line and send it to everyone at the table (as a ``chat`` message)."""
    if conn.role == "spectator":
        raise ProtocolError("forbidden", "spectators read the chat but cannot write: open your seat's link "
                            "to talk to the table")
    if table.deleted:
        raise ProtocolError("not_found", "this table was deleted by its host")
    if table.rec.archived_at is not None:
        raise ProtocolError("conflict", "this table is archived: its chat can be read, not written")
    line = clean_line(text)
    name = table.seat_rec(conn.seat).name if conn.role == "seat" and conn.seat is not None else HOST_NAME
    async with table.lock:  # one line at a time per table: they are stored and sent in order
        try:
            stored: ChatLine = await asyncio.to_thread(hub.store.add_chat, table.id, conn.seat, conn.role,
                                                       name, line)
        except Exception as err:  # the database failed: nothing was sent, the writer can try again
            log.error("chat line of table %s not stored: %s", table.id, err)
            raise ProtocolError("server", "the chat line could not be saved; try again") from None
        table.rec.chat.append(stored)
        del table.rec.chat[:-CHAT_KEEP]
        message = json.dumps({"type": "chat", "line": stored.to_json()}, separators=(",", ":"))
        for other in table.conns:
            other.push(message)


async def catch_up_chat(hub: Hub, table: LiveTable) -> int:
    """Send the table's connections the chat lines another server stored since the last line this
    one holds (after that server's announcement); how many."""
    async with table.lock:  # after a line of this process is stored and kept, so never twice
        last = table.rec.chat[-1].id if table.rec.chat else 0
        lines = await asyncio.to_thread(hub.store.chat_after, table.id, last)
        for stored in lines:
            table.rec.chat.append(stored)
            message = json.dumps({"type": "chat", "line": stored.to_json()}, separators=(",", ":"))
            for other in table.conns:
                other.push(message)
        del table.rec.chat[:-CHAT_KEEP]
    return len(lines)
