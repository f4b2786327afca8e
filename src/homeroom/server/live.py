"""A live table in memory (its record, match, connections, tasks and caches) and one client
connection; rebuilding a match from its stored actions."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from homeroom.engine.datasets import DataSet, binding
from homeroom.engine.errors import HomeroomError, IllegalAction
from homeroom.engine.game import Game
from homeroom.engine.match import Match, Seat
from homeroom.server.storage import SeatRecord, TableRecord

log = logging.getLogger("homeroom.server")

QUEUE_LIMIT = 256
"""Messages waiting for one slow client before it is disconnected."""


@dataclass(eq=False)
class Conn:
    """One WebSocket client at a table: a seat, a spectator or the host."""

    seat: int | None
    role: str
    secret: str | None
    send: Callable[[str], Awaitable[None]]
    close: Callable[[int], Coroutine[Any, Any, None]]
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    writer: asyncio.Task[None] | None = None
    closing: asyncio.Task[None] | None = None
    alive: bool = True
    sent: dict[str, Any] | None = None
    """The view this client holds (the last sync or update sent to it): the next update is the
    difference from it (:mod:`homeroom.server.updates`)."""

    def start(self) -> None:
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while True:
            item = await self.queue.get()
            if item is None:
                return
            try:
                await self.send(item)
            except Exception:  # the socket went away: stop writing, the reader cleans up
                self.alive = False
                return

    def push(self, text: str) -> None:
        if not self.alive:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a client that stopped reading: drop it (it reconnects)
            self.alive = False
            self.closing = asyncio.create_task(self.close(4408))

    async def stop(self) -> None:
        self.alive = False
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        if self.writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer, 2)


@dataclass(eq=False)
class LiveTable:
    rec: TableRecord
    game: Game
    match: Match
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    views: dict[tuple[int | None, str], str] = field(default_factory=dict)
    view_data: dict[tuple[int | None, str], tuple[str, dict[str, Any]]] = field(default_factory=dict)
    """Each cached view text with the view it is the JSON of (the base of the next updates)."""
    updates: dict[tuple[int | None, str, int], tuple[object, str, str]] = field(default_factory=dict)
    """Update texts by (seat, role, id of the view the client holds): clients holding the same
    view get the same text, made once."""
    logs: dict[int | None, tuple[list[Any], int, list[dict[str, Any]]]] = field(default_factory=dict)
    replays: dict[int, tuple[object, Match]] = field(default_factory=dict)
    """Past positions rebuilt for ``view?step=K`` (by step, least recently used first), each with
    the object it was rebuilt from (the live match's entry at that step): an undo or a rename makes
    new ones, so a stale replay is never served."""
    load_notices: list[tuple[int, str]] = field(default_factory=list)
    """Notices of the table's loading (a bot seat handed to another bot), with the version they
    belong to: sent to each client that connects while the table is still at that version."""
    loaded_at: float = field(default_factory=time.time)
    """When this server brought the table into memory (a seat nobody has connected to since
    counts as away from then)."""
    left_at: dict[int, float] = field(default_factory=dict)
    """When each seat's last connection closed."""
    handed_by_player: set[int] = field(default_factory=set)
    """Seats whose own player let a bot play them (:func:`homeroom.server.seats.hand_own_seat`):
    a reconnect does not take these back, only the player's "Take my seat back" (kept in memory:
    after a restart, opening the link takes the seat back as for the host's handover)."""
    dead: bool = False
    """A write of this table failed: it is out of the cache and takes no more changes (it is
    loaded again from the database); its tasks stop when they see this."""
    deleted: bool = False
    """The host deleted the table (see :mod:`homeroom.server.archive`): nothing may change it."""
    data: DataSet | None = None
    """The data set the table is played with, as this server offers it (None: the packaged data)."""
    data_notice: str | None = None
    """Why the table cannot be played on this server (its data set is not offered, or changed):
    it stays readable, and every move is refused with this (see :mod:`homeroom.server.datasets`)."""
    _context: contextvars.Context | None = None
    _packaged: Path | None | bool = False

    @property
    def context(self) -> contextvars.Context:
        """A context with the table's data set bound: its tasks run in it (``create_task(context=)``)."""
        if self._context is None:
            ctx = contextvars.Context()
            ctx.run(self.enter)
            self._context = ctx
        return self._context

    def enter(self) -> None:
        """Bind the table's data set for the rest of the running task (or context): every component
        lookup there reads it (see :mod:`homeroom.engine.datasets`)."""
        if self._packaged is False:
            self._packaged = self.game.data_directory()
        if isinstance(self._packaged, Path):
            binding(self._packaged).set(self.data)

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def version(self) -> int:
        return self.rec.version

    def seat_rec(self, seat: int) -> SeatRecord:
        return self.rec.seats[seat]

    def is_bot(self, seat: int) -> bool:
        return self.rec.seats[seat].kind != "human"

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and c.role == "seat" and c.alive for c in self.conns)

    def running_seat(self) -> int | None:
        """The seat whose clock runs now (a human seat to move), if clocks are on."""
        to_move = self.match.state.to_move
        if self.rec.clock is None or to_move is None or self.is_bot(to_move):
            return None
        return to_move

    def remaining_ms(self, seat: int, now: float | None = None) -> int | None:
        ms = self.rec.seats[seat].clock_ms
        if ms is None:
            return None
        if seat == self.running_seat():
            ms -= int(((now or time.time()) - self.rec.turn_started_at) * 1000)
        return max(0, ms)

    def away_for(self, seat: int, now: float | None = None) -> float | None:
        """Seconds since the seat's player was last connected (None while connected)."""
        if self.connected(seat):
            return None
        return (now or time.time()) - self.left_at.get(seat, self.loaded_at)

    def idle(self) -> bool:
        busy = [t for t in (self.bot_task, self.clock_task) if t is not None and not t.done()]
        return not self.conns and not busy and not self.lock.locked()


def rebuild(game: Game, rec: TableRecord, upto: int | None = None, data: DataSet | None = None,
            partial: bool = False) -> Match:
    """The table's match from seed + its stored actions (the first ``upto`` of them), played with
    ``data`` (the table's data set; None: the packaged data) whatever the calling code has bound.
    ``partial``: stop at the first action that does not replay (a table shown, never played, with
    other data than its own) instead of failing."""
    with game.bound_data(data):
        return _rebuild(game, rec, upto, partial)


def _rebuild(game: Game, rec: TableRecord, upto: int | None, partial: bool) -> Match:
    seats = [Seat(s.name, s.kind) for s in rec.seats]
    match = Match.start(game, rec.players, rec.seed, rec.options, seats)
    actions = rec.actions if upto is None else rec.actions[:upto]
    for index, entry in enumerate(actions):
        try:
            match.play(game.action_from_json(entry["action"]), check=False)  # undo_point checks the tail
        except Exception as err:
            if partial:  # other data: whatever does not replay (an unknown card, a rule's check) ends it
                break
            if not isinstance(err, IllegalAction):
                raise
            raise HomeroomError(f"stored action {index} of table {rec.id} no longer replays: {err}") from None
    return match


def append_log(match: Match, viewer: int | None, start: int, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Append the log lines of ``match``'s decisions from ``start`` on, as ``viewer`` reads them."""
    if start == 0 and not lines:
        lines.extend({"step": 0, "text": e.text_for(viewer)} for e in match.opening)
    for index in range(start, len(match.history)):
        lines.extend({"step": index + 1, "text": e.text_for(viewer)} for e in match.history[index].events)
    return lines


ANNOUNCED = 8
"""At most this many lines since a seat's last decision go in its view's ``announcements``."""


def announcements(match: Match, viewer: int | None) -> list[str]:
    """What happened since ``viewer``'s last decision, as ``viewer`` may read it: the log lines that
    decision's own first line was followed by (what the rules did on their own), then every later
    decision's lines, the newest :data:`ANNOUNCED`. Empty for a spectator and before a seat's first decision."""
    if viewer is None:
        return []
    history = match.history
    last = next((i for i in range(len(history) - 1, -1, -1) if history[i].seat == viewer), None)
    if last is None:
        return []
    lines = [e.text_for(viewer) for e in history[last].events[1:]]
    for entry in history[last + 1:]:
        lines += [e.text_for(viewer) for e in entry.events]
        if len(lines) > 4 * ANNOUNCED:  # the newest are kept: drop the oldest as we go
            lines = lines[-ANNOUNCED:]
    return lines[-ANNOUNCED:]


def placings(match: Match) -> list[Any] | None:
    fn = getattr(match.state, "placings", None)
    if fn is None or not match.state.is_terminal():
        return None
    try:
        result: list[Any] = json.loads(json.dumps(fn()))
    except Exception:  # a placing rule that fails must not take the view down with it
        log.exception("placings() failed")
        return None
    return result
