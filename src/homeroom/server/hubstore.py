"""The live tables of a server and the database behind them: loading a table (once, however many
ask at once), keeping at most ``max_cached`` of them (idle ones are dropped first), and the group
commit every change goes through. A failed write kills the table in memory (see :meth:`_kill`).
Loading a table or committing a change publishes a :class:`TableEvent` on the hub's bus."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy.exc import SQLAlchemyError

from homeroom import games
from homeroom.engine.errors import HomeroomError, OptionError
from homeroom.server.bots import BotPool, check_kind
from homeroom.server.datasets import PACKAGED, Offered, digest_of, resolve
from homeroom.server.errors import ProtocolError
from homeroom.server.events import EventBus, TableEvent
from homeroom.server.follow import rebuild_settled
from homeroom.server.leases import Leases
from homeroom.server.live import Conn, LiveTable
from homeroom.server.seats import ZOMBIE_AFTER
from homeroom.server.storage import Op, StorageError, Store, TableRecord, failure

log = logging.getLogger("homeroom.server")

FALLBACK_BOT = "medium"
"""The bot that takes over a stored bot seat whose kind this server no longer runs."""


REPLAY_THREADS = 2
"""Threads rebuilding past positions for ``view?step=K``."""


class TableStore:
    """The cache of live tables, their loading and the write queue (the store of the hub)."""

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
        self.offered = Offered()
        """The data sets this server offers beside the packaged data (``serve --data-set``)."""
        self.leases = Leases(store.url)
        """The tables whose bots and clock this process runs (all of them on SQLite)."""
        self._claims: dict[str, asyncio.Task[None]] = {}
        """Tries to take a lease, by table id (see the scheduler)."""

        self.bus = EventBus()
        self.write_pool = ThreadPoolExecutor(1, thread_name_prefix="homeroom-writes")
        """The group commit's own thread: writes never wait behind table loads or replays."""
        self.replay_pool = ThreadPoolExecutor(REPLAY_THREADS, thread_name_prefix="homeroom-replays")
        """``view?step=K`` rebuilds (open to spectators): at most this many at once."""

    def stop_pools(self) -> None:
        """At shutdown, after :meth:`close`: let the write and replay threads end."""
        self.write_pool.shutdown(wait=False)
        self.replay_pool.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------ loading
    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            self.tables.move_to_end(table_id)
            table.enter()  # the caller goes on with this table: with its data set (see .datasets)
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
                    self.bus.publish(TableEvent(loaded, "loaded"))  # after eviction, a restart or a failed write: its bots and clock go on
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
        found.enter()
        return found

    def live_ids(self) -> list[str]:
        """The tables live here or being loaded (a change another server announces meanwhile must
        still reach them: see :meth:`live_table`)."""
        return [*self.tables, *(t for t in self._loading if t not in self.tables)]

    def has_table(self, table_id: str) -> bool:
        """Whether ``table_id`` is live here or being loaded."""
        return table_id in self.tables or table_id in self._loading

    async def live_table(self, table_id: str) -> LiveTable | None:
        """The live table ``table_id``, once a load of it under way is done (None if this process
        does not hold it, or the load failed). A load reads the database before the table is in
        memory: a change announced in between is caught up from here, not dropped (a player on
        this server then never saw the other server's move, nor a turn it had)."""
        pending = self._loading.get(table_id)
        if pending is not None:
            with contextlib.suppress(Exception):  # (the load's own caller hears why it failed)
                await asyncio.shield(pending)
        return self.tables.get(table_id)

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
            data, data_notice = resolve(self.offered, rec.game, rec.data_set, rec.data_digest)
            notices = self._check_bots(rec)
            # (in a thread: the undo check too, not on the loop)
            match = rebuild_settled(game, rec, data, partial=data_notice is not None)
        except (HomeroomError, OptionError) as err:
            raise ProtocolError("server", f"table {table_id} cannot be restored: {err}") from None
        if data_notice is not None:
            log.warning("table %s: %s", table_id, data_notice)
            if len(match.history) < len(rec.actions):
                data_notice += f" (Shown up to decision {len(match.history)} of {len(rec.actions)}: the rest " \
                               "does not replay with this server's data.)"
        if data_notice is not None and self.offered.recheck and len(match.history) == len(rec.actions) \
                and (rec.data_set or PACKAGED) in self.offered.names(rec.game):
            # serve --recheck: the data changed, every move so far is still legal with this server's
            # data (rebuild replayed them all with it), so the game goes on with it
            digest = digest_of(rec.game, data)
            log.warning("table %s: data set %s rechecked: digest %s -> %s, every move still legal",
                        table_id, rec.data_set or PACKAGED, rec.data_digest, digest)
            self.store.set_data_digest(table_id, digest)
            notices.append(f"This table's cards changed since it began (data set {rec.data_set or PACKAGED!r}: "
                           f"{rec.data_digest} -> {digest}); every move so far is still legal with the new "
                           "cards, so the game goes on with them.")
            rec.data_digest, data_notice = digest, None
        table = LiveTable(rec, game, match, data=data, data_notice=data_notice)
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
                    if self.leases.shared:  # another server may run it now
                        asyncio.get_running_loop().run_in_executor(None, self.leases.give_up, tid)
                    break
            else:
                return

    async def restore_pending(self) -> int:
        """Load the tables where a bot or a clock has work to do and whose lease this process
        takes (another server runs the others), and set them going. Run at start-up and, with
        several servers, every few seconds: so a dead server's tables pass to the others."""
        ids = await asyncio.to_thread(self.store.pending_ids)
        if self.leases.shared:  # running here already, or another server runs it
            ids = [t for t in ids if not (t in self.leases.held and t in self.tables)]
            taken = await asyncio.to_thread(self.leases.take_many, ids) if ids else set()
            ids = [t for t in ids if t in taken]
        restored = 0
        for table_id in ids:
            if self.leases.shared:
                live = self.tables.get(table_id)
                if live is not None:  # held here without its lease until now: read it again, go on
                    restored += 1
                    await self._claimed(live)
                    continue
            restored += 1
            try:
                await self.get(table_id)  # a table loaded gets its bots and clock scheduled
            except ProtocolError as err:
                log.error("%s", err.message)
        return restored

    async def _claimed(self, table: LiveTable) -> None:
        raise NotImplementedError  # the scheduler reads the table again and sets it going

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
                results = await asyncio.get_running_loop().run_in_executor(
                    self.write_pool, self.store.run_batch, [op for op, _ in batch])
            except Exception as err:  # the database is gone: every write of the batch failed
                results = [err] * len(batch)
            for (_, future), result in zip(batch, results):
                if not future.done():
                    future.set_result(result)


    def _after(self, table: LiveTable, notices: list[str] = ()) -> None:  # type: ignore[assignment]
        """A change is stored: publish it (the fan-out tells every viewer, the scheduler sets the
        bots and the clock going)."""
        self.bus.publish(TableEvent(table, "changed", list(notices)))
