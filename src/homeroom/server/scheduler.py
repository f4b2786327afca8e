"""The scheduler of a table's bots and clock: one bot task per table while a bot is to move
(a think for a position that moved on is thrown away), and one clock task for the running seat,
which hands the seat to a bot when it runs out. Set going on every event of the bus."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from homeroom.agents.base import RandomAgent
from homeroom.engine.match import Seat
from homeroom.server.bots import BotOverran, agent_seed
from homeroom.server.errors import ProtocolError
from homeroom.server.events import TableEvent
from homeroom.server.fanout import FanOut
from homeroom.server.live import LiveTable
from homeroom.server.tablestate import commit_local, table_change

log = logging.getLogger("homeroom.server")

TIMEOUT_BOT = "greedy"
"""The bot that takes over a seat whose clock ran out."""


class Scheduler(FanOut):
    """Bots and clocks of the live tables whose lease this process holds (:mod:`.leases`)."""

    def _on_schedule(self, event: TableEvent) -> None:
        self._schedule(event.table)

    async def act(self, table: LiveTable, seat: int, version: int | None, action_json: Any,
                  by_bot: bool = False) -> None:
        raise NotImplementedError  # the command service plays the bots' moves

    def _schedule(self, table: LiveTable) -> None:
        if self._closing or table.dead or table.deleted or table.rec.archived_at is not None \
                or table.data_notice is not None:  # its data set is not offered here: nothing moves
            return
        if self.tables.get(table.id) is not table:
            return  # left memory (evicted while a catch-up waited): the copy loaded since runs it
        state = table.match.state
        to_move = state.to_move
        bot_due = to_move is not None and not state.is_terminal() and table.is_bot(to_move)
        running = table.running_seat()
        if (bot_due or running is not None) and not self.leases.holds(table.id):
            self._claim(table)  # another server may run it; if none does, this one will
            return
        idle = table.bot_task is None or table.bot_task.done()
        if bot_due and idle:
            table.bot_task = asyncio.create_task(self._bot_move(table), context=table.context.copy())
        if table.clock_task is not None and not table.clock_task.done():
            table.clock_task.cancel()
        if running is not None:
            table.clock_task = asyncio.create_task(self._clock(table, table.version, running),
                                                   context=table.context.copy())

    def _claim(self, table: LiveTable) -> None:
        """Try to take the lease of a table with work to do, in the background (one try at a time)."""
        claims = self._claims
        if table.id in claims:
            return

        async def claim() -> None:
            try:
                if await asyncio.to_thread(self.leases.take, table.id) and not self._closing:
                    await self._claimed(table)
            except Exception:
                log.exception("could not take over table %s", table.id)
            finally:
                claims.pop(table.id, None)

        claims[table.id] = asyncio.create_task(claim(), context=table.context.copy())

    async def _claimed(self, table: LiveTable) -> None:
        """The lease of a live table was just taken: the server that held it may have moved on
        since this process last heard, so read it again (its connections get the update); then
        its bots and clock go on here."""
        from homeroom.server.follow import catch_up

        if not await catch_up(self, table):  # type: ignore[arg-type]
            self._schedule(table)

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
                if not self.leases.holds(table.id):
                    return  # the lease was lost meanwhile: the server holding it now moves
                if table.version != version:
                    continue  # the table changed while the bot thought: think again
                await self.act(table, seat, version, choice, by_bot=True)
                if notice:
                    self._broadcast(table, notice)

    async def _clock(self, table: LiveTable, version: int, seat: int) -> None:
        left = table.remaining_ms(seat)
        await asyncio.sleep(max(0.0, (left or 0) / 1000))
        async with table.lock:
            if table.dead or table.version != version or table.running_seat() != seat \
                    or not self.leases.holds(table.id):
                return
            if (table.remaining_ms(seat) or 0) > 0:
                table.clock_task = None
                self._schedule(table)
                return
            change = table_change(table, time.time(), {seat: 0})
            try:
                await self._store(table, self.store.seat_op(table.id, seat, change, kind=TIMEOUT_BOT))
            except ProtocolError:
                return
            commit_local(table, change)
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
        tasks: list[asyncio.Task[None]] = list(self._claims.values())
        for claim in tasks:
            claim.cancel()
        for table in self.tables.values():
            for task in (table.bot_task, table.clock_task):
                if task is not None and not task.done():
                    task.cancel()
                    tasks.append(task)
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task

