"""Post-game analysis of a finished table, run for the browser ("Analyse this game", issue 35).

A run is :func:`homeroom.analysis.analyse.analyse` on the table's replay, in a worker process of
its own (spawned, ``os.nice`` raised), one run at a time: never on the event loop and never in the
bot pool's queue, so live tables' bots are not delayed. The worker reports each finished chunk of
decisions (``done`` of ``total``) through a pipe; the document, or the error, is stored with the
table (storage's ``analyses`` table), so it survives a restart. A run that a restart cut short
reads as ``failed`` and may be asked for again.

The server's budget is smaller than ``homeroom analyse``'s (:data:`SERVER_ITERATIONS` search
iterations a decision, against 300): a 2-player game in well under a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from typing import Any

from homeroom.analysis.analyse import Settings, analyse
from homeroom.engine.datasets import DataSet, bound_all, bound_now
from homeroom.server.storage import Store
from homeroom.sim.rundir import die_with_parent

log = logging.getLogger("homeroom.server.analysis")

SERVER_ITERATIONS = 100
"""Search iterations a decision for an analysis asked for in the browser."""

HEARTBEAT = 5.0
STALE = 60.0
"""Seconds: how often a running analysis writes its progress, and after how long without a write
its row is taken for one that a stopped server left behind."""

NICE = 10
"""How much lower the analysis worker's priority is than the server's."""


def _work(replay: dict[str, Any], settings: dict[str, Any], pipe: Connection, data: tuple[DataSet, ...] = ()) -> None:
    """The worker process: the analysis, with a ``("progress", done)`` message per finished
    chunk, then ``("done", document)`` or ``("failed", one line)``; ``data``: the table's data set
    (bound where the analysis was asked), bound here too."""
    die_with_parent()  # a killed server leaves no analysis working
    with contextlib.suppress(OSError):
        os.nice(NICE)
    done = 0

    def progress(n: int) -> None:
        nonlocal done
        done += n
        pipe.send(("progress", done))

    try:
        with bound_all(list(data)):
            pipe.send(("done", analyse(replay, Settings(**settings), progress=progress)))
    except Exception as err:  # noqa: BLE001 - any failure is the run's, told in one line
        pipe.send(("failed", f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"))
    finally:
        pipe.close()


@dataclass
class Job:
    """A run this server started: its progress and the worker (while one is running)."""

    total: int
    done: int = 0
    task: asyncio.Task[None] | None = None
    process: Any = None


class Analyses:
    """The runs of one server: :meth:`start` one for a finished table, :meth:`status` of any."""

    def __init__(self, store: Store, iterations: int = SERVER_ITERATIONS) -> None:
        self.store = store
        self.settings = Settings(iterations=iterations)
        self.settings.check()
        self.jobs: dict[str, Job] = {}
        self._starting = asyncio.Lock()  # two requests at once start one run
        self._one = asyncio.Lock()  # one worker at a time; the others wait (``running``, done 0)
        self._closing = False

    async def status(self, table_id: str) -> dict[str, Any]:
        """``{status: none|running|done|failed, done, total, result?, error?}``."""
        job = self.jobs.get(table_id)
        if job is not None and job.task is not None and not job.task.done():
            return {"status": "running", "done": job.done, "total": job.total}
        row = await asyncio.to_thread(self.store.analysis, table_id)
        if row is None:
            return {"status": "none", "done": 0, "total": 0}
        total = int(row["settings"].get("decisions", 0))
        if row["status"] == "done":
            return {"status": "done", "done": total, "total": total, "result": row["result"]}
        if row["status"] == "running":  # another server's run, or one that a stopped server left
            if time.time() - row["updated_at"] < STALE:
                return {"status": "running", "done": int(row["done"]), "total": total}
            return {"status": "failed", "done": 0, "total": total,
                    "error": "the analysis was interrupted (the server stopped): ask for it again"}
        return {"status": "failed", "done": 0, "total": total, "error": row["error"] or "the analysis failed"}

    async def start(self, table_id: str, replay: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        """Start a run unless one is running or done (then its status); (started, status)."""
        async with self._starting:
            return await self._start(table_id, replay)

    async def _start(self, table_id: str, replay: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        now = await self.status(table_id)
        if now["status"] in ("running", "done"):
            return False, now
        total = len(replay["actions"])
        job = Job(total=total)
        self.jobs[table_id] = job
        settings = {**asdict(self.settings), "decisions": total}
        await asyncio.to_thread(self.store.save_analysis, table_id, "running", settings)
        job.task = asyncio.create_task(self._run(table_id, replay, job, settings))
        return True, {"status": "running", "done": 0, "total": total}

    async def _run(self, table_id: str, replay: dict[str, Any], job: Job, settings: dict[str, Any]) -> None:
        beat = asyncio.create_task(self._heartbeat(table_id, job))
        try:
            async with self._one:
                if self._closing:
                    return
                status, payload = await asyncio.to_thread(self._drive, replay, job)
            beat.cancel()
            if status == "done":
                await asyncio.to_thread(self.store.save_analysis, table_id, "done", settings, payload)
            else:
                await asyncio.to_thread(self.store.save_analysis, table_id, "failed", settings, None, str(payload))
                log.warning("analysis of table %s failed: %s", table_id, payload)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("analysis of table %s failed", table_id)
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.save_analysis, table_id, "failed", settings, None,
                                        "the analysis failed on the server")
        finally:
            beat.cancel()

    async def _heartbeat(self, table_id: str, job: Job) -> None:
        """Write the run's progress every :data:`HEARTBEAT` seconds (queued or running)."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await asyncio.to_thread(self.store.touch_analysis, table_id, job.done)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # noqa: BLE001 - a missed heartbeat is not the run's failure
                log.warning("analysis of table %s: progress not saved: %s", table_id, err)

    def _drive(self, replay: dict[str, Any], job: Job) -> tuple[str, Any]:
        """Run the worker and follow its messages (in a thread): ("done", document) or ("failed", why)."""
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe(duplex=False)
        process = context.Process(target=_work, args=(replay, asdict(self.settings), theirs, tuple(bound_now())), daemon=True,
                                  name="homeroom-analysis")
        job.process = process
        process.start()
        theirs.close()
        try:
            while True:
                try:
                    kind, payload = ours.recv()
                except EOFError:
                    return "failed", "the analysis worker stopped"
                if kind == "progress":
                    job.done = min(int(payload), job.total)
                else:
                    return str(kind), payload
        finally:
            ours.close()
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
            job.process = None

    async def close(self) -> None:
        """Stop every run (their rows stay ``running``: the next start reads them as interrupted)."""
        self._closing = True
        for job in self.jobs.values():
            if job.process is not None:
                with contextlib.suppress(Exception):
                    job.process.kill()
        for job in self.jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()
                with contextlib.suppress(BaseException):
                    await job.task
