"""The command service: every change to a table (create, move, undo, seat change, join, rematch)
is checked, computed on a copy, stored, and only then applied in memory and published as an event
(see :class:`homeroom.server.events.EventBus`)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from homeroom import ENGINE_VERSION, games
from homeroom.agents import AgentError
from homeroom.engine.datasets import DataSet
from homeroom.engine.errors import IllegalAction, OptionError, UnknownGame
from homeroom.engine.game import Game
from homeroom.engine.match import Match, Seat
from homeroom.server.bots import check_kind_off_loop
from homeroom.server.datasets import digest_of
from homeroom.server.errors import ProtocolError
from homeroom.server.events import TableEvent
from homeroom.server.follow import rebuild_settled
from homeroom.server.live import LiveTable
from homeroom.server.protocol import (
    CreateTable,
)
from homeroom.server.scheduler import Scheduler
from homeroom.server.seats import handover_refusal, seat_is_open
from homeroom.server.security import (
    clean_name,
    hash_secret,
    new_secret,
    new_seed,
    new_table_id,
)
from homeroom.server.storage import AlreadyRematched, SeatRecord, TableRecord
from homeroom.server.tablestate import charge, commit_local, table_change, undo_point

log = logging.getLogger("homeroom.server")


class Commands(Scheduler):
    """The changes the players, the host and the bots make."""

    # ------------------------------------------------------------ creation
    async def create(self, spec: CreateTable) -> tuple[LiveTable, str, list[str | None]]:
        try:
            game = games.get(spec.game)
        except UnknownGame as err:
            raise ProtocolError("bad_request", str(err)) from None
        players = spec.players
        try:
            options = game.validate(players, spec.options)
        except OptionError as err:
            raise ProtocolError("bad_request", str(err)) from None
        if len(spec.seats) > players:
            raise ProtocolError("bad_request", f"{len(spec.seats)} seats given for {players} players")
        seat_specs = list(spec.seats) + [None] * (players - len(spec.seats))
        kinds: list[str] = []
        names: list[str] = []
        for index, seat_spec in enumerate(seat_specs):
            kind = "human" if seat_spec is None else seat_spec.kind
            try:
                kinds.append(await check_kind_off_loop(kind, game.id, players))
            except AgentError as err:
                raise ProtocolError("bad_kind", f"seat {index}: {err}") from None
            raw = None if seat_spec is None else seat_spec.name
            try:
                names.append(clean_name(raw) if raw is not None and raw.strip() else "")
            except ValueError as err:
                raise ProtocolError("bad_request", f"seat {index} name: {err}") from None
        names = _fill_names(names, kinds)
        opened = [seat_spec is not None and seat_spec.open for seat_spec in seat_specs]
        for index, is_open in enumerate(opened):
            if is_open and kinds[index] != "human":
                raise ProtocolError("bad_request", f"seat {index}: only a human seat can be open (a bot plays "
                                    f"{kinds[index]})")
        try:
            data = self.offered.get(game.id, spec.data_set)
        except KeyError:
            raise ProtocolError("bad_request", f"unknown data set {spec.data_set!r} for {game.id} (this server "
                                f"offers: {', '.join(self.offered.names(game.id))})") from None
        seed = spec.seed if spec.seed is not None else new_seed()
        host = new_secret()
        seat_secrets: list[str | None] = [new_secret() if k == "human" else None for k in kinds]
        clock = None if spec.clock is None else spec.clock.model_dump()
        rec = TableRecord(
            id=new_table_id(), game=game.id, players=players, options=options, seed=seed,
            seed_chosen=spec.seed is not None, engine_version=ENGINE_VERSION, listed=spec.listed,
            host_hash=hash_secret(host), clock=clock,
            seats=[SeatRecord(i, names[i], kinds[i], None if s is None else hash_secret(s), False,
                              None if clock is None else clock["initial_seconds"] * 1000, opened[i])
                   for i, s in enumerate(seat_secrets)],
            data_set=None if data is None else spec.data_set, data_digest=digest_of(game.id, data))
        table = await self._insert(game, rec, data)
        return table, host, seat_secrets

    async def _insert(self, game: Game, rec: TableRecord, data: DataSet | None = None) -> LiveTable:
        try:
            with game.bound_data(data):
                match = Match.start(game, rec.players, rec.seed, rec.options,
                                    [Seat(s.name, s.kind) for s in rec.seats])
        except OptionError as err:
            raise ProtocolError("bad_request", str(err)) from None
        state = match.state
        rec.to_move, rec.terminal = state.to_move, state.is_terminal()
        rec.turn_started_at = time.time()
        await asyncio.to_thread(self.store.create_table, rec)
        table = LiveTable(rec, game, match, data=data)
        self.tables[rec.id] = table
        self._evict()
        self.bus.publish(TableEvent(table, "loaded"))
        return table

    async def rematch(self, table: LiveTable) -> str:
        async with table.lock:
            if table.rec.rematch is not None:
                return table.rec.rematch
            if not table.match.state.is_terminal():
                raise ProtocolError("conflict", "a rematch can start only once the game is over")
            if table.data_notice is not None:
                raise ProtocolError("conflict", table.data_notice)
            old = table.rec
            clock = old.clock
            rec = TableRecord(
                id=new_table_id(), game=old.game, players=old.players, options=dict(old.options),
                seed=new_seed(), engine_version=ENGINE_VERSION, listed=old.listed,
                host_hash=old.host_hash, clock=None if clock is None else dict(clock), rematch_of=old.id,
                data_set=old.data_set, data_digest=old.data_digest,
                seats=[SeatRecord(s.seat, s.name, s.kind, s.secret_hash, s.claimed,
                                  None if clock is None else clock["initial_seconds"] * 1000, s.open)
                       for s in old.seats])
            try:
                await self._insert(table.game, rec, table.data)
            except AlreadyRematched as err:  # started through another server: that one it is
                old.rematch = err.rematch
                table.views.clear()
                return err.rematch
            old.rematch = rec.id
            table.views.clear()
            self._broadcast(table, [f"A rematch has started: table {rec.id}."])
            return rec.id


    async def act(self, table: LiveTable, seat: int, version: int | None, action_json: Any,
                  by_bot: bool = False) -> None:
        """Play an action for ``seat`` (under the table's lock, held by the caller)."""
        if table.data_notice is not None:
            raise ProtocolError("conflict", table.data_notice)
        table.enter()
        rec = table.rec
        state = table.match.state
        if not by_bot and table.is_bot(seat):
            raise ProtocolError("forbidden", f"a bot ({rec.seats[seat].kind}) plays this seat now; ask the host "
                                "to give it back")
        if version is not None and version != table.version:
            raise ProtocolError("stale", f"out of sync: you sent version {version}, the table is at "
                                f"{table.version}; here is the current position")
        if state.is_terminal():
            raise ProtocolError("illegal", "the game is over: no more moves can be made")
        if state.to_move != seat:
            who = "nobody" if state.to_move is None else rec.seats[state.to_move].name
            raise ProtocolError("not_your_turn", f"it is {who}'s decision, not yours")
        try:
            action = table.game.action_from_json(action_json)
        except IllegalAction as err:
            raise ProtocolError("bad_request", str(err)) from None
        reason = state.explain(action)
        if reason is not None:
            raise ProtocolError("illegal", reason)
        now = time.time()
        clocks = charge(table, now, increment_for=seat)
        after, entry = table.match.tentative(action)  # the live match changes only once it is stored
        ply = len(table.match.history)
        change = table_change(table, now, clocks, after, ply + 1)
        await self._store(table, self.store.append_op(table.id, ply, seat, action.to_json(), change))
        table.match.adopt(after, entry)
        commit_local(table, change)
        self._after(table)


    async def undo(self, table: LiveTable, seat: int, version: int) -> None:
        if table.data_notice is not None:
            raise ProtocolError("conflict", table.data_notice)
        if version != table.version:
            raise ProtocolError("stale", f"out of sync: you sent version {version}, the table is at "
                                f"{table.version}; here is the current position")
        index = await asyncio.to_thread(undo_point, table, seat)  # may replay to check hidden flags: off the loop
        if index is None:
            raise ProtocolError("illegal", "nothing to undo: only your own decisions of your turn in progress "
                                "can be taken back, before the turn passes, a bot moves or something hidden "
                                "is revealed")
        now = time.time()
        clocks = charge(table, now)
        match = table.match
        taken_back = match.history[index:]
        undone = await asyncio.to_thread(table.context.copy().run, match.truncated, index)  # off the loop; the live match is untouched
        change = table_change(table, now, clocks, undone.state, len(undone.history))
        await self._store(table, self.store.undo_op(table.id, index, change))
        match.state, match.history = undone.state, undone.history
        commit_local(table, change)
        self._undo_notices(table, table.rec.seats[seat].name, taken_back)
        self._after(table)


    async def set_kind(self, table: LiveTable, seat: int, kind: str, by_player: bool = False) -> None:
        """Host only: hand a seat to a bot, or give it back to its human (``by_player``: the
        seat's own player does it, see :func:`homeroom.server.seats.hand_own_seat`)."""
        try:
            kind = await check_kind_off_loop(kind, table.rec.game, table.rec.players)
        except AgentError as err:
            raise ProtocolError("bad_kind", str(err)) from None
        rec = table.rec.seats[seat]
        if rec.secret_hash is None and kind == "human":
            raise ProtocolError("conflict", "this seat was created for a bot and has no human to give it back to")
        if rec.kind == kind:
            return
        if kind != "human" and rec.kind == "human" and not by_player:
            refusal = handover_refusal(table, seat, self.zombie_after)
            if refusal is not None:
                raise ProtocolError("conflict", f"cannot hand the seat to a bot: {refusal}")
        now = time.time()
        change = table_change(table, now, charge(table, now))
        values: dict[str, Any] = {"kind": kind}
        clock_ms = rec.clock_ms
        if kind == "human" and table.rec.clock is not None:
            refill = max(int(table.rec.clock.get("increment_seconds", 0)), 60) * 1000
            clock_ms = max(change.seat_clocks.get(seat, rec.clock_ms) or 0, refill)
            change.seat_clocks[seat] = clock_ms
        await self._store(table, self.store.seat_op(table.id, seat, change, **values))
        commit_local(table, change)
        old = rec.kind
        rec.kind = kind
        table.match.seats[seat] = Seat(rec.name, kind)
        if kind == "human":
            table.handed_by_player.discard(seat)
            note = f"{rec.name} has the seat back from the {old} bot."
        elif by_player:
            note = f"{rec.name} let a bot ({kind}) play for them."
        else:
            note = f"The host handed {rec.name}'s seat to a bot ({kind})."
        self._after(table, [note])

    async def join(self, table: LiveTable, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take an open human seat of a listed table: a fresh secret (and optionally a name)."""
        if not table.rec.listed:
            raise ProtocolError("forbidden", "this table is not listed: join it with your invite link")
        open_seats = [s.seat for s in table.rec.seats if seat_is_open(s)]
        if seat is None:
            if not open_seats:
                raise ProtocolError("conflict", "no open seat is left at this table")
            seat = open_seats[0]
        if not 0 <= seat < table.rec.players:
            raise ProtocolError("not_found", f"no seat {seat} at this table")
        if seat not in open_seats:
            taken = table.rec.seats[seat]
            if taken.kind == "human" and not taken.claimed and not taken.open:
                raise ProtocolError("forbidden", f"seat {seat} is kept for an invited player: only open seats "
                                    "can be joined from the lobby")
            raise ProtocolError("conflict", f"seat {seat} is taken")
        rec = table.rec.seats[seat]
        new_name = rec.name
        if name is not None and name.strip():
            try:
                new_name = clean_name(name)
            except ValueError as err:
                raise ProtocolError("bad_request", f"name: {err}") from None
            if any(s.name.casefold() == new_name.casefold() for s in table.rec.seats if s.seat != seat):
                raise ProtocolError("conflict", f"someone at this table is already called {new_name!r}")
        secret = new_secret()
        values: dict[str, Any] = {"secret_hash": hash_secret(secret), "claimed": True, "name": new_name}
        now = time.time()
        change = table_change(table, now, charge(table, now))
        if new_name != rec.name:
            names = [s.name if s.seat != seat else new_name for s in table.rec.seats]
            renamed = TableRecord(**{**table.rec.__dict__, "seats": [
                SeatRecord(s.seat, names[s.seat], s.kind, s.secret_hash) for s in table.rec.seats]})
            renamed.actions = [{"seat": e.seat, "action": e.action.to_json()} for e in table.match.history]
            match = await asyncio.to_thread(rebuild_settled, table.game, renamed, table.data)
        else:
            match = table.match
        await self._store(table, self.store.seat_op(table.id, seat, change, **values))
        commit_local(table, change)
        rec.secret_hash, rec.claimed, rec.name = values["secret_hash"], True, new_name
        table.match = match
        for conn in list(table.conns):  # whoever held the old link of this seat is signed out
            if conn.role == "seat" and conn.seat == seat:
                table.conns.discard(conn)
                await conn.close(4401)
        self._after(table, [f"{new_name} joined the table."])
        return seat, secret


def _fill_names(names: list[str], kinds: list[str]) -> list[str]:
    """Default names for seats without one, and every name distinct (case-insensitively)."""
    out: list[str] = []
    taken = {n.casefold() for n in names if n}
    for index, (name, kind) in enumerate(zip(names, kinds)):
        if name:
            if name.casefold() in {o.casefold() for o in out}:
                raise ProtocolError("bad_request", f"two seats are called {name!r}: names must differ")
            out.append(name)
            continue
        base = f"Player {index + 1}" if kind == "human" else f"Bot {index + 1} ({kind.split(':')[0]})"
        candidate, n = base, 2
        while candidate.casefold() in taken or candidate.casefold() in {o.casefold() for o in out}:
            candidate, n = f"{base} {n}", n + 1
        out.append(candidate)
        taken.add(candidate.casefold())
    return out
