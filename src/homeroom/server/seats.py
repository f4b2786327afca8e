"""The host's powers over seats, and who may take a seat: Board Game Arena's zombie rule (a seat
is taken from its player only while they are away), taking a seat back by opening its link, and
re-opening a seat to the lobby. The hub (:class:`homeroom.server.tables.Hub`) calls them."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

from homeroom.server.errors import ProtocolError
from homeroom.server.live import LiveTable
from homeroom.server.protocol import Notice
from homeroom.server.security import hash_secret, new_secret
from homeroom.server.storage import SeatRecord

if TYPE_CHECKING:
    from homeroom.server.tables import Hub

log = logging.getLogger("homeroom.server")

ZOMBIE_AFTER = 120.0
"""Seconds a seat's player must have been away before the host may hand the seat to a bot."""


def handover_refusal(table: LiveTable, seat: int, zombie_after: float = ZOMBIE_AFTER) -> str | None:
    """Why the host may not take ``seat`` from its player now (None: it may). Only a seat
    whose player is away can be taken: nobody ever opened its link, or its player has been
    disconnected for ``zombie_after`` seconds, or its clock ran out (Board Game Arena's
    zombie seats); a connected player is never pushed out."""
    rec = table.seat_rec(seat)
    away = table.away_for(seat)
    if away is None:
        return f"{rec.name} is connected and playing"
    if not rec.claimed or table.remaining_ms(seat) == 0:
        return None
    if away >= zombie_after:
        return None
    wait = max(1, math.ceil(zombie_after - away))
    return (f"{rec.name} left only {int(away)} s ago; a seat can be taken from its player once they "
            f"have been away {_seconds(zombie_after)} or their clock ran out (try again in {wait} s)")


def may_take_back(table: LiveTable, seat: int) -> bool:
    """Whether the player connecting to ``seat`` takes it back from the host's bot: the seat is
    a human's (it has a secret) played by a bot, and not because its clock ran out (that bot
    keeps it until the host gives it back: otherwise a reconnect would refill the clock)."""
    rec = table.seat_rec(seat)
    ran_out = table.rec.clock is not None and rec.clock_ms == 0
    return (rec.kind != "human" and rec.secret_hash is not None and not ran_out
            and seat not in table.handed_by_player)  # the player's own choice: "Take my seat back" undoes it


async def hand_own_seat(hub: Hub, table: LiveTable, seat: int, kind: str) -> None:
    """The seat's own player (under the table's lock): let a bot play for them (any bot kind;
    unlike the host, no waiting: they consent), or take the seat back ("human"). Their page
    keeps watching from the seat and offers "Take my seat back"; a reconnect does not undo it.
    A seat whose clock ran out stays with its bot until the host gives it back (as on reconnect)."""
    rec = table.seat_rec(seat)
    if table.match.state.is_terminal():
        raise ProtocolError("conflict", "the game is over: there is no seat to hand over")
    if kind == "human":
        if rec.kind == "human":
            return
        if table.rec.clock is not None and rec.clock_ms == 0:
            raise ProtocolError("conflict", "your clock ran out, so a bot keeps your seat until the host "
                                "gives it back")
        await hub.set_kind(table, seat, "human")
        return
    await hub.set_kind(table, seat, kind, by_player=True)
    table.handed_by_player.add(seat)


async def take_back(hub: Hub, table: LiveTable, seat: int) -> None:
    """The player opened their link while the host's bot plays their seat: it is theirs again."""
    async with table.lock:
        if not may_take_back(table, seat) or not table.connected(seat):
            return
        try:
            await hub.set_kind(table, seat, "human")
        except ProtocolError as err:  # the player watches; the host can still give it back
            log.warning("seat %d of table %s not taken back: %s", seat, table.id, err.message)


async def reopen(hub: Hub, table: LiveTable, seat: int) -> None:
    """Host only (under the table's lock): open a human seat to the lobby again. It gets a
    fresh secret nobody knows (its old link stops working) until someone joins it; allowed
    only when its player is away, as for handing it to a bot."""
    rec = table.seat_rec(seat)
    if rec.secret_hash is None:
        raise ProtocolError("conflict", f"seat {seat} was made for a bot; only a human seat can be opened")
    if not table.rec.listed:
        raise ProtocolError("conflict", "this table is not listed, so nobody could join an open seat: "
                            "send an invite link instead")
    if table.match.state.is_terminal():
        raise ProtocolError("conflict", "the game is over: there is no seat to open")
    if rec.kind != "human":
        raise ProtocolError("conflict", f"a bot ({rec.kind}) plays {rec.name}'s seat: give it back to a "
                            "human before opening it")
    if seat_is_open(rec):
        return
    refusal = handover_refusal(table, seat, hub.zombie_after)
    if refusal is not None:
        raise ProtocolError("conflict", f"cannot open the seat: {refusal}")
    values: dict[str, Any] = {"secret_hash": hash_secret(new_secret()), "claimed": False, "open": True}
    await hub._store(table, hub.store.seat_op(table.id, seat, None, **values))
    rec.secret_hash, rec.claimed, rec.open = values["secret_hash"], False, True
    message = Notice(text=f"The host opened {rec.name}'s seat: anyone in the lobby may take it.").model_dump_json()
    for conn in table.conns:
        conn.push(message)
    hub.broadcast_seats(table)


def seat_is_open(seat: SeatRecord) -> bool:
    """Whether anyone may take ``seat`` from the lobby now: an open human seat nobody has taken."""
    return seat.kind == "human" and seat.open and not seat.claimed


def _seconds(value: float) -> str:
    """A delay as people say it: "2 minutes", "90 s"."""
    if value >= 60 and value % 60 == 0:
        minutes = int(value // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{value:g} s"
