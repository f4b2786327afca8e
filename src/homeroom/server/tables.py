"""The hub of live tables: loading them, every change to them, their views, bots and clocks.

Every change follows one path under the table's lock: check it, compute its result on a copy
(the live match is not touched), commit it to the database with a write that applies only at the
version and step the table is at, and only then swap the result in and broadcast each
connection's own view. If the commit fails the table is marked dead (its bot and clock tasks are
cancelled, its connections told and closed) and dropped from memory; the next use loads it from
the database again. So memory never runs ahead of what is stored, and the state of a table is
always seed + the stored action list replayed by the engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from homeroom import ENGINE_VERSION, games
from homeroom.agents import AgentError
from homeroom.agents.base import RandomAgent
from homeroom.engine.errors import HomeroomError, IllegalAction, OptionError, UnknownGame
from homeroom.engine.game import Game
from homeroom.engine.match import Entry, Match, Seat
from homeroom.engine.state import State
from homeroom.server.bots import BotOverran, BotPool, agent_seed, check_kind
from homeroom.server.chat import with_chat
from homeroom.server.errors import ProtocolError
from homeroom.server.live import Conn, LiveTable, append_log, placings, rebuild
from homeroom.server.protocol import (
    CreateTable,
    Notice,
    SeatsMessage,
    SeatView,
)
from homeroom.server.seats import ZOMBIE_AFTER, handover_refusal, may_take_back, seat_is_open, take_back
from homeroom.server.security import (
    clean_name,
    hash_secret,
    new_secret,
    new_seed,
    new_table_id,
    secret_matches,
)
from homeroom.server.storage import Op, SeatRecord, StorageError, Store, TableChange, TableRecord, failure

log = logging.getLogger("homeroom.server")

TIMEOUT_BOT = "greedy"
"""The bot that takes over a seat whose clock ran out."""
FALLBACK_BOT = "medium"
"""The bot that takes over a stored bot seat whose kind this server no longer runs."""


class Hub:
    """Every live table of the server, the database behind them and the bot pool."""

    def __init__(self, store: Store, pool: BotPool, bot_delay: float = 0.0, max_cached: int = 5000,
                 zombie_after: float = ZOMBIE_AFTER) -> None:
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.max_cached = max_cached
        self.zombie_after = zombie_after
        self.tables: OrderedDict[str, LiveTable] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._pending: list[tuple[Op, asyncio.Future[Exception | None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._closing = False

    # ------------------------------------------------------------ loading
    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            self.tables.move_to_end(table_id)
            return table
        if len(table_id) > 32:
            raise ProtocolError("not_found", f"no table {table_id[:32]!r}")
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                loaded = await asyncio.to_thread(self._load, table_id)
                if loaded is not None:
                    self.tables[table_id] = loaded
                    self._evict()
                    self._schedule(loaded)  # after eviction, a restart or a failed write: its bots and clock go on
                pending.set_result(loaded)
            except BaseException as err:
                pending.set_exception(err)
                pending.exception()  # raised here; other waiters get it from the future
                raise
            finally:
                self._loading.pop(table_id, None)
        found = await asyncio.shield(pending)
        if found is None:
            raise ProtocolError("not_found", f"no table {table_id!r}")
        return found

    def _load(self, table_id: str) -> LiveTable | None:
        try:
            rec = self.store.load(table_id)
        except (StorageError, SQLAlchemyError, OSError) as err:
            status, message = failure(err) or (500, f"table {table_id} cannot be read now")
            raise ProtocolError("server", message, status) from err
        if rec is None:
            return None
        try:
            game = games.get(rec.game)
            notices = self._check_bots(rec)
            match = rebuild(game, rec)
        except (HomeroomError, OptionError) as err:
            raise ProtocolError("server", f"table {table_id} cannot be restored: {err}") from None
        table = LiveTable(rec, game, match)
        table.load_notices = [(rec.version, text) for text in notices]
        return table

    def _check_bots(self, rec: TableRecord) -> list[str]:
        """Hand every bot seat whose stored kind this server will not run (written by an older
        server, a policy file that is gone) to :data:`FALLBACK_BOT`, stored at once, so the table is
        not resumed into a think that never ends; one notice per seat changed."""
        notices = []
        for seat in rec.seats:
            if seat.kind == "human":
                continue
            try:
                check_kind(seat.kind, rec.game, rec.players)
            except Exception as err:  # AgentError, or a model file that no longer loads
                reason = " ".join(str(err).split())[:200] or type(err).__name__
                log.warning("table %s seat %d: stored bot %r is not valid (%s); %s plays it",
                            rec.id, seat.seat, seat.kind, reason, FALLBACK_BOT)
                try:
                    self.store.update_seat(rec.id, seat.seat, None, kind=FALLBACK_BOT)
                except Exception:  # still played by the fallback now; stored at the next load
                    log.exception("table %s seat %d: could not store the hand-over", rec.id, seat.seat)
                notices.append(f"{seat.name}'s bot ({seat.kind[:60]}) cannot run on this server ({reason}); "
                               f"the {FALLBACK_BOT} bot plays the seat now. The host can change it.")
                seat.kind = FALLBACK_BOT
        return notices

    def _evict(self) -> None:
        while len(self.tables) > self.max_cached:
            for tid, table in self.tables.items():
                if table.idle():
                    del self.tables[tid]
                    break
            else:
                return

    async def restore_pending(self) -> int:
        """Load the tables where a bot or a clock has work to do, and set them going."""
        ids = await asyncio.to_thread(self.store.pending_ids)
        for table_id in ids:
            try:
                await self.get(table_id)  # a table loaded gets its bots and clock scheduled
            except ProtocolError as err:
                log.error("%s", err.message)
        return len(ids)

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
                kinds.append(check_kind(kind, game.id, players))
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
                   for i, s in enumerate(seat_secrets)])
        table = await self._insert(game, rec)
        return table, host, seat_secrets

    async def _insert(self, game: Game, rec: TableRecord) -> LiveTable:
        try:
            match = Match.start(game, rec.players, rec.seed, rec.options, [Seat(s.name, s.kind) for s in rec.seats])
        except OptionError as err:
            raise ProtocolError("bad_request", str(err)) from None
        state = match.state
        rec.to_move, rec.terminal = state.to_move, state.is_terminal()
        rec.turn_started_at = time.time()
        await asyncio.to_thread(self.store.create_table, rec)
        table = LiveTable(rec, game, match)
        self.tables[rec.id] = table
        self._evict()
        self._schedule(table)
        return table

    async def rematch(self, table: LiveTable) -> str:
        async with table.lock:
            if table.rec.rematch is not None:
                return table.rec.rematch
            if not table.match.state.is_terminal():
                raise ProtocolError("conflict", "a rematch can start only once the game is over")
            old = table.rec
            clock = old.clock
            rec = TableRecord(
                id=new_table_id(), game=old.game, players=old.players, options=dict(old.options),
                seed=new_seed(), engine_version=ENGINE_VERSION, listed=old.listed,
                host_hash=old.host_hash, clock=None if clock is None else dict(clock), rematch_of=old.id,
                seats=[SeatRecord(s.seat, s.name, s.kind, s.secret_hash, s.claimed,
                                  None if clock is None else clock["initial_seconds"] * 1000, s.open)
                       for s in old.seats])
            await self._insert(table.game, rec)
            old.rematch = rec.id
            table.views.clear()
            self._broadcast(table, [f"A rematch has started: table {rec.id}."])
            return rec.id

    # ------------------------------------------------------------ views
    def view(self, table: LiveTable, seat: int | None, role: str, match: Match | None = None) -> dict[str, Any]:
        """What ``seat`` (or a spectator, or the host) may see now, or at ``match``'s step for a
        replay: the ``view`` message of PROTOCOL.md (its schema is :class:`View`). Built as plain
        data: this runs after every change for every connection."""
        live = match is None
        m = table.match if match is None else match
        state = m.state
        viewer = seat if role == "seat" else None
        terminal = state.is_terminal()
        legal: list[dict[str, Any]] = []
        can_undo = False
        archived = table.rec.archived_at is not None
        if live and viewer is not None and not table.is_bot(viewer) and not archived:
            if state.to_move == viewer:
                for action in state.legal_actions():
                    data = action.to_json()
                    legal.append({"action": data, "text": state.describe_action(action), "kind": data["type"]})
            can_undo = self.undo_point(table, viewer) is not None
        return {
            "type": "view", "table_id": table.id, "game": table.game.id, "version": table.version,
            "step": len(m.history), "seat": viewer, "role": role,
            "observation": state.observation(viewer), "legal": legal, "log": self.log_lines(table, m, viewer),
            "scores": [s.to_json() for s in state.scores()],
            "automa_scores": {k: v.to_json() for k, v in state.automa_scores().items()},
            "to_move": state.to_move, "turn_seat": state.turn_seat(), "terminal": terminal,
            "outcome": state.outcome() if terminal else None, "placings": placings(m),
            "seats": [s.model_dump() for s in self.seat_views(table)], "can_undo": can_undo, "replay": not live,
            "rematch": table.rec.rematch, "seed_chosen": table.rec.seed_chosen, "archived": archived,
            # the seed fixes every deal: it is shown only once the game is over, never before
            "seed": table.rec.seed if table.match.state.is_terminal() else None,
        }

    def log_lines(self, table: LiveTable, match: Match, viewer: int | None) -> list[dict[str, Any]]:
        """The log as ``viewer`` may read it, each line with the step it was written at. The live
        match's lines are kept per viewer and only extended; an undo (which replaces the history
        list) or a rename (a new match) starts them again."""
        if match is not table.match:
            return append_log(match, viewer, 0, [])
        history = match.history
        cached = table.logs.get(viewer)
        if cached is None or cached[0] is not history or cached[1] > len(history):
            lines = append_log(match, viewer, 0, [])
        else:
            lines = append_log(match, viewer, cached[1], cached[2])
        table.logs[viewer] = (history, len(history), lines)
        return list(lines)

    def view_text(self, table: LiveTable, seat: int | None, role: str) -> str:
        key = (seat, role)
        text = table.views.get(key)
        if text is None:
            text = json.dumps(self.view(table, seat, role), separators=(",", ":"))
            table.views[key] = text
        return text

    def seat_views(self, table: LiveTable) -> list[SeatView]:
        now = time.time()
        running = table.running_seat()
        out = []
        for s in table.rec.seats:
            clock = None
            if table.rec.clock is not None:
                clock = {"remaining_ms": table.remaining_ms(s.seat, now), "running": s.seat == running}
            out.append(SeatView(seat=s.seat, name=s.name, kind=s.kind, bot=s.kind != "human",
                                open=seat_is_open(s), connected=table.connected(s.seat),
                                clock=clock))
        return out

    async def view_at(self, table: LiveTable, seat: int | None, role: str, step: int | None) -> dict[str, Any]:
        if step is None or step == len(table.match.history):
            return self.view(table, seat, role)
        if not 0 <= step <= len(table.match.history):
            raise ProtocolError("not_found", f"step {step} is not between 0 and {len(table.match.history)}")
        rec = table.rec
        rec.actions = [{"seat": e.seat, "action": e.action.to_json()} for e in table.match.history]
        past = await asyncio.to_thread(rebuild, table.game, rec, step)
        return self.view(table, seat, role, past)

    def _broadcast(self, table: LiveTable, notices: list[str] = ()) -> None:  # type: ignore[assignment]
        table.views.clear()
        for text in notices:
            message = Notice(text=text).model_dump_json()
            for conn in table.conns:
                conn.push(message)
        for conn in list(table.conns):
            conn.push(self.view_text(table, conn.seat, conn.role))

    def broadcast_seats(self, table: LiveTable) -> None:
        table.views.clear()
        message = SeatsMessage(seats=self.seat_views(table)).model_dump_json()
        for conn in table.conns:
            conn.push(message)

    # ------------------------------------------------------------ connections
    def authenticate(self, table: LiveTable, secret: str | None, spectate: bool) -> tuple[int | None, str]:
        """(seat, role) for a hello; raises unauthorized for a wrong or missing secret."""
        if secret is None:
            if spectate:
                return None, "spectator"
            raise ProtocolError("unauthorized", "a seat secret is needed (or spectate)")
        for s in table.rec.seats:
            if secret_matches(secret, s.secret_hash):
                return s.seat, "seat"  # also while a bot plays the seat: its owner watches from it
        if secret_matches(secret, table.rec.host_hash):
            return None, "host"
        raise ProtocolError("unauthorized", "this secret is not valid for this table")

    def check(self, table: LiveTable, conn: Conn, secret: str | None) -> None:
        """Re-check a connection's credentials on every message."""
        if conn.role == "spectator":
            if secret is not None:
                raise ProtocolError("forbidden", "a spectator cannot act; open your seat's link to play")
            return
        if conn.role == "host":
            ok = secret_matches(secret, table.rec.host_hash)
        else:
            assert conn.seat is not None
            ok = secret_matches(secret, table.seat_rec(conn.seat).secret_hash)
        if not ok:
            raise ProtocolError("unauthorized", "missing or wrong secret for this seat")

    async def connect(self, table: LiveTable, conn: Conn) -> None:
        conn.start()
        table.conns.add(conn)
        if conn.role == "seat" and conn.seat is not None and not table.seat_rec(conn.seat).claimed:
            table.seat_rec(conn.seat).claimed = True
            await asyncio.to_thread(self.store.update_seat, table.id, conn.seat, None, claimed=True)
        for version, text in table.load_notices:  # kept until the table's next change
            if version == table.version:
                conn.push(Notice(text=text).model_dump_json())
        conn.push(with_chat(self.view_text(table, conn.seat, conn.role), table))
        self.broadcast_seats(table)
        if (conn.role == "seat" and conn.seat is not None and table.rec.archived_at is None
                and may_take_back(table, conn.seat)):
            await take_back(self, table, conn.seat)

    async def disconnect(self, table: LiveTable, conn: Conn) -> None:
        table.conns.discard(conn)
        await conn.stop()
        if conn.role == "seat" and conn.seat is not None and not table.connected(conn.seat):
            table.left_at[conn.seat] = time.time()
        if not self._closing:
            self.broadcast_seats(table)

    # ------------------------------------------------------------ changes
    def _charge(self, table: LiveTable, now: float, increment_for: int | None = None) -> dict[int, int | None]:
        """Before a change at ``now``: the running seat's clock, charged for its time (plus the
        increment if that seat is the one deciding). Call it before the match changes."""
        running = table.running_seat()
        if running is None:
            return {}
        left = table.remaining_ms(running, now) or 0
        if increment_for == running and table.rec.clock is not None:
            left += int(table.rec.clock.get("increment_seconds", 0)) * 1000
        return {running: left}

    def _change(self, table: LiveTable, now: float, clocks: dict[int, int | None], state: State | None = None,
                step: int | None = None) -> TableChange:
        """The table row after a change at ``now`` (the next seat's clock starts now) that leaves
        the match at ``state`` after ``step`` actions (default: as it is). It applies only to the
        table at its current version and step."""
        if state is None:
            state, step = table.match.state, len(table.match.history)
        assert step is not None
        return TableChange(version=table.version + 1, step=step, to_move=state.to_move,
                           terminal=state.is_terminal(), outcome=state.outcome() if state.is_terminal() else None,
                           turn_started_at=now, seat_clocks=dict(clocks), prev_step=len(table.match.history))

    def _commit_local(self, table: LiveTable, change: TableChange) -> None:
        rec = table.rec
        rec.version, rec.step, rec.to_move = change.version, change.step, change.to_move
        rec.terminal, rec.outcome, rec.turn_started_at = change.terminal, change.outcome, change.turn_started_at
        rec.updated_at = time.time()
        for seat, ms in change.seat_clocks.items():
            rec.seats[seat].clock_ms = ms

    async def _store(self, table: LiveTable, op: Op) -> None:
        """Commit a write (with the writes of other tables that arrive meanwhile, in one
        transaction); if it fails, the table is dead (see :meth:`_kill`) and the caller hears
        a server error. Nothing is written for a dead table."""
        if table.dead:
            raise ProtocolError("server", "this table is being reloaded after a failed write; nothing changed, "
                                "try again")
        future: asyncio.Future[Exception | None] = asyncio.get_running_loop().create_future()
        self._pending.append((op, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        err = await future
        if err is None:
            return
        status, reason = failure(err) or (500, "")
        await self._kill(table, err, reason)
        raise ProtocolError("server", reason or "the change could not be saved; nothing changed", status) from err

    async def _kill(self, table: LiveTable, err: BaseException, reason: str) -> None:
        """After a failed write: whether or not the database holds it, memory may no longer
        match it. Mark the table dead, cancel its bot and clock (a task that still wakes up
        finds it dead and does nothing), drop it from memory (the next :meth:`get` loads it from
        the database and sets its bots and clock going again) and tell its connections, each
        error sent before its socket closes."""
        log.error("commit failed for table %s: %s", table.id, str(err).splitlines()[0] if str(err) else repr(err))
        table.dead = True
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        current = asyncio.current_task()
        for task in (table.bot_task, table.clock_task):
            if task is not None and task is not current and not task.done():
                task.cancel()
        message = json.dumps({"type": "error", "code": "server",
                              "message": f"the server could not save a change{': ' + reason if reason else ''}; "
                                         "reconnect"})
        conns = list(table.conns)
        table.conns.clear()
        for conn in conns:
            conn.push(message)
        await asyncio.gather(*(self._sign_off(conn, 1011) for conn in conns))

    @staticmethod
    async def _sign_off(conn: Conn, code: int) -> None:
        """Close a connection once what is queued for it (an error, say) has been sent."""
        await conn.stop()
        await conn.close(code)

    async def _write_batches(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                results = await asyncio.to_thread(self.store.run_batch, [op for op, _ in batch])
            except Exception as err:  # the database is gone: every write of the batch failed
                results = [err] * len(batch)
            for (_, future), result in zip(batch, results):
                if not future.done():
                    future.set_result(result)

    async def act(self, table: LiveTable, seat: int, version: int | None, action_json: Any,
                  by_bot: bool = False) -> None:
        """Play an action for ``seat`` (under the table's lock, held by the caller)."""
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
        clocks = self._charge(table, now, increment_for=seat)
        after, entry = table.match.tentative(action)  # the live match changes only once it is stored
        ply = len(table.match.history)
        change = self._change(table, now, clocks, after, ply + 1)
        await self._store(table, self.store.append_op(table.id, ply, seat, action.to_json(), change))
        table.match.adopt(after, entry)
        self._commit_local(table, change)
        self._after(table)

    def undo_point(self, table: LiveTable, seat: int) -> int | None:
        """Where ``seat`` may take back to, by Board Game Arena's policy: only its own decisions
        of its turn in progress. The engine's undo point (nothing hidden revealed or drawn since),
        no other seat has decided since, the decision was made in the turn in progress
        (:meth:`Match.turn_start`: once the turn passed to someone else, or an automa played, it
        is final), it is still ``seat``'s turn or decision, and no bot is thinking for another
        seat (its move would race the undo)."""
        match = table.match
        state = match.state
        if state.is_terminal() or table.is_bot(seat):
            return None
        to_move = state.to_move
        if to_move is None or (to_move != seat and (state.turn_seat() != seat or table.is_bot(to_move))):
            return None
        index = match.undo_point(seat)
        if index is None or index < match.turn_start() or any(e.seat != seat for e in match.history[index:]):
            return None
        return index

    async def undo(self, table: LiveTable, seat: int, version: int) -> None:
        if version != table.version:
            raise ProtocolError("stale", f"out of sync: you sent version {version}, the table is at "
                                f"{table.version}; here is the current position")
        index = self.undo_point(table, seat)
        if index is None:
            raise ProtocolError("illegal", "nothing to undo: only your own decisions of your turn in progress "
                                "can be taken back, before the turn passes, a bot moves or something hidden "
                                "is revealed")
        now = time.time()
        clocks = self._charge(table, now)
        match = table.match
        taken_back = match.history[index:]
        undone = await asyncio.to_thread(match.truncated, index)  # off the loop; the live match is untouched
        change = self._change(table, now, clocks, undone.state, len(undone.history))
        await self._store(table, self.store.undo_op(table.id, index, change))
        match.state, match.history = undone.state, undone.history
        self._commit_local(table, change)
        self._undo_notices(table, table.rec.seats[seat].name, taken_back)
        self._after(table)

    def _undo_notices(self, table: LiveTable, name: str, undone: list[Entry]) -> None:
        """Tell each connection which move was taken back, in the log lines of the undone
        decisions as that viewer read them (a seat's hidden choice stays hidden from the others)."""
        texts: dict[int | None, str] = {}
        for conn in table.conns:
            viewer = conn.seat if conn.role == "seat" else None
            if viewer not in texts:
                texts[viewer] = Notice(text=undo_notice(name, undone, viewer)).model_dump_json()
            conn.push(texts[viewer])

    async def set_kind(self, table: LiveTable, seat: int, kind: str, by_player: bool = False) -> None:
        """Host only: hand a seat to a bot, or give it back to its human (``by_player``: the
        seat's own player does it, see :func:`homeroom.server.seats.hand_own_seat`)."""
        try:
            kind = check_kind(kind, table.rec.game, table.rec.players)
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
        change = self._change(table, now, self._charge(table, now))
        values: dict[str, Any] = {"kind": kind}
        clock_ms = rec.clock_ms
        if kind == "human" and table.rec.clock is not None:
            refill = max(int(table.rec.clock.get("increment_seconds", 0)), 60) * 1000
            clock_ms = max(change.seat_clocks.get(seat, rec.clock_ms) or 0, refill)
            change.seat_clocks[seat] = clock_ms
        await self._store(table, self.store.seat_op(table.id, seat, change, **values))
        self._commit_local(table, change)
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
        change = self._change(table, now, self._charge(table, now))
        if new_name != rec.name:
            names = [s.name if s.seat != seat else new_name for s in table.rec.seats]
            renamed = TableRecord(**{**table.rec.__dict__, "seats": [
                SeatRecord(s.seat, names[s.seat], s.kind, s.secret_hash) for s in table.rec.seats]})
            renamed.actions = [{"seat": e.seat, "action": e.action.to_json()} for e in table.match.history]
            match = await asyncio.to_thread(rebuild, table.game, renamed)
        else:
            match = table.match
        await self._store(table, self.store.seat_op(table.id, seat, change, **values))
        self._commit_local(table, change)
        rec.secret_hash, rec.claimed, rec.name = values["secret_hash"], True, new_name
        table.match = match
        for conn in list(table.conns):  # whoever held the old link of this seat is signed out
            if conn.role == "seat" and conn.seat == seat:
                table.conns.discard(conn)
                await conn.close(4401)
        self._after(table, [f"{new_name} joined the table."])
        return seat, secret

    # ------------------------------------------------------------ after a change
    def _after(self, table: LiveTable, notices: list[str] = ()) -> None:  # type: ignore[assignment]
        self._broadcast(table, notices)
        self._schedule(table)

    def _schedule(self, table: LiveTable) -> None:
        if self._closing or table.dead or table.deleted or table.rec.archived_at is not None:
            return
        state = table.match.state
        to_move = state.to_move
        idle = table.bot_task is None or table.bot_task.done()
        if to_move is not None and not state.is_terminal() and table.is_bot(to_move) and idle:
            table.bot_task = asyncio.create_task(self._bot_move(table))
        if table.clock_task is not None and not table.clock_task.done():
            table.clock_task.cancel()
        running = table.running_seat()
        if running is not None:
            table.clock_task = asyncio.create_task(self._clock(table, table.version, running))

    async def _bot_move(self, table: LiveTable) -> None:
        try:
            await self._bot_turns(table)
        except ProtocolError as err:
            log.warning("bot move at table %s refused: %s", table.id, err.message)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot move at table %s failed", table.id)

    async def _bot_turns(self, table: LiveTable) -> None:
        """Let bots move while a bot is to move (one task per table; changes made while a bot
        thinks make its answer stale, and it thinks again on the new position)."""
        while True:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            version = table.version
            state = table.match.state
            seat = state.to_move
            if seat is None or state.is_terminal() or not table.is_bot(seat):
                return
            spec = table.rec.seats[seat].kind
            seed = agent_seed(table.rec.seed, seat, len(table.match.history))
            notice: list[str] = []
            try:
                step = sum(e.seat == seat for e in table.match.history[table.match.turn_start():])
                choice = await self.pool.choose(state, seat, spec, seed, key=table.id, turn_step=step)
            except BotOverran as err:  # its worker was replaced; the game goes on
                choice = RandomAgent(seed).choose(state, seat).to_json()
                notice = [f"The {spec} bot did not answer within {err.seconds:g} s; "
                          "it played a random move instead."]
            except Exception as err:
                log.exception("bot %s failed at table %s", spec, table.id)
                choice = RandomAgent(seed).choose(state, seat).to_json()
                notice = [f"The {spec} bot failed ({type(err).__name__}); it played a random move instead."]
            async with table.lock:
                if table.version != version:
                    continue  # the table changed while the bot thought: think again
                await self.act(table, seat, version, choice, by_bot=True)
                if notice:
                    self._broadcast(table, notice)

    async def _clock(self, table: LiveTable, version: int, seat: int) -> None:
        left = table.remaining_ms(seat)
        await asyncio.sleep(max(0.0, (left or 0) / 1000))
        async with table.lock:
            if table.dead or table.version != version or table.running_seat() != seat:
                return
            if (table.remaining_ms(seat) or 0) > 0:
                table.clock_task = None
                self._schedule(table)
                return
            change = self._change(table, time.time(), {seat: 0})
            try:
                await self._store(table, self.store.seat_op(table.id, seat, change, kind=TIMEOUT_BOT))
            except ProtocolError:
                return
            self._commit_local(table, change)
            rec = table.rec.seats[seat]
            rec.kind = TIMEOUT_BOT
            table.match.seats[seat] = Seat(rec.name, TIMEOUT_BOT)
            table.clock_task = None
            self._after(table, [f"{rec.name} ran out of time; a bot ({TIMEOUT_BOT}) plays the seat. "
                                "The host can give it back."])

    async def close(self) -> None:
        self._closing = True
        if self._writer is not None:
            with contextlib.suppress(BaseException):
                await self._writer
        tasks = []
        for table in self.tables.values():
            for task in (table.bot_task, table.clock_task):
                if task is not None and not task.done():
                    task.cancel()
                    tasks.append(task)
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


UNDO_NOTICE_CHARS = 300
"""Longest list of taken-back log lines quoted in an undo notice (the rest is cut with "...")."""


def undo_notice(name: str, undone: list[Entry], viewer: int | None) -> str:
    """ "Ana took back: Ana places her Editor in the Library." as ``viewer`` read those lines."""
    lines = [e.text_for(viewer) for entry in undone for e in entry.events]
    said = " ".join(line.strip() for line in lines if line.strip())
    if not said:
        return f"{name} took back a move."
    if len(said) > UNDO_NOTICE_CHARS:
        said = said[:UNDO_NOTICE_CHARS - 3].rstrip() + "..."
    return f"{name} took back: {said}"


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
