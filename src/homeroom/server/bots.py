"""Bots on the server: a pool of worker processes that choose moves.

A think gets a pickled copy of the state and the seat; the worker builds the agent from its spec
(the same agents as the terminal game, which use only what the seat may know: legal actions, the
seat's observation and determinized copies) and returns the chosen action's JSON. The event loop
only waits on a future, so a long think never blocks it or any other table.

The pool is its own small set of worker processes, one think at a time each, rather than a
``ProcessPoolExecutor``: an executor cannot stop a task once it runs, so a think that overran its
deadline would hold its worker (and, with every worker held, every table) for as long as it liked.
Here such a worker is killed and replaced, and only the table that asked is answered with an error.
Waiting thinks are served round-robin by table, at most one of a table in flight at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
import pickle
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from homeroom.agents import AgentError, kinds, make_agent
from homeroom.agents.base import Agent, parse_spec, shown_number
from homeroom.agents.levels import HARD_SECONDS, LABELS
from homeroom.agents.mcts import DEFAULT_SECONDS
from homeroom.engine.datasets import DataSet, bound_all, bound_now
from homeroom.engine.state import State

log = logging.getLogger("homeroom.server.bots")

MAX_SECONDS = 10.0
MAX_ITERATIONS = 200_000
BOT_PRESETS = [
    *({"kind": level, "label": label} for level, label in LABELS.items()),
    {"kind": "random", "label": "Random (moves at random)"},
    {"kind": "greedy", "label": "Greedy (plays the best-looking move)"},
    {"kind": "mcts:seconds=1", "label": "MCTS, 1 second a move"},
    {"kind": "mcts:seconds=3", "label": "MCTS, 3 seconds a move"},
]
POLICY_DIR = "HOMEROOM_POLICY_DIR"
"""The folder of trained policies (policy:NAME.zip) the web may seat; none without it, since loading
a model file runs the code pickled in it."""
BOT_PRESETS += [{"kind": f"policy:{p.name}", "label": f"Trained policy {p.stem}"}
                for p in sorted(Path(os.environ.get(POLICY_DIR) or "/nonexistent").glob("*.zip"))]


def offered_kinds() -> list[str]:
    """The seat kinds the lobby offers: every kind, except ``policy`` when this server has no
    trained policy to seat (it would only fail) and ``probe`` (a balance-lab line, not an opponent
    a person picks; ``probe:NAME`` is still accepted)."""
    has_policy = any(p["kind"].startswith("policy:") for p in BOT_PRESETS)
    return [k for k in kinds() if (k != "policy" or has_policy) and k != "probe"]


def _policy_root() -> Path:
    root = os.environ.get(POLICY_DIR)
    if not root:
        raise AgentError(f"this server seats no trained policies (start it with {POLICY_DIR}=FOLDER)")
    return Path(root).expanduser().resolve()


def served_policy(path: str) -> str:
    """The absolute path of policy file ``path`` if it lies in $HOMEROOM_POLICY_DIR, else AgentError."""
    base = _policy_root()
    full = (base / path).resolve()
    if not full.is_relative_to(base):
        raise AgentError(f"policy files must lie in {POLICY_DIR}; {path!r} does not")
    return str(full)


def runnable(spec: str) -> str:
    """The spec a worker builds its agent from: a stored ``policy:NAME`` (a name inside the policy
    folder, which is what tables store and show) becomes the file's absolute path."""
    kind, params = parse_spec(spec)
    if kind == "policy":
        return f"policy:{served_policy(str(params.get('path', '')))}"
    return spec


def check_kind(spec: str, game_id: str | None = None, players: int | None = None) -> str:
    """``spec`` normalised if it is ``human`` or a bot the server will run (at ``game_id`` with
    ``players``, when given: a policy trained for another table is refused here, not at its first
    move), else AgentError. A policy is stored by its name inside the policy folder, so neither the
    lobby nor the database holds the server's paths."""
    spec = spec.strip()
    if spec == "human":
        return spec
    kind, params = parse_spec(spec)
    if kind == "policy":
        full = served_policy(str(params.get("path", "")))
        spec = f"policy:{Path(full).relative_to(_policy_root()).as_posix()}"
    if kind not in kinds():
        raise AgentError(f"unknown seat kind '{kind}' (known: {', '.join(kinds())})")
    seconds = params.get("seconds")
    if seconds is not None and (not isinstance(seconds, int | float) or not 0 < seconds <= MAX_SECONDS):
        raise AgentError(f"a bot may think more than 0 and at most {MAX_SECONDS:g} seconds a move "
                         f"(got {shown_number(seconds) if isinstance(seconds, int | float) else repr(seconds)})")
    iterations = params.get("iterations")
    if iterations is not None and (not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS):
        raise AgentError(f"a bot may run at least 1 and at most {MAX_ITERATIONS} iterations a move "
                         f"(got {shown_number(iterations) if isinstance(iterations, int | float) else repr(iterations)})")
    agent = built_agent(runnable(spec), 0)  # bad parameters fail here, with the agent's own message
    if game_id is not None and players is not None:
        agent.check_table(game_id, players)
    return spec


async def check_kind_off_loop(spec: str, game_id: str | None = None, players: int | None = None) -> str:
    """:func:`check_kind` for a request handler: a ``policy:`` seat loads its model to check it,
    which takes a while, so that one is checked in a thread (the loop serves every table)."""
    if spec.strip().startswith("policy"):
        return await asyncio.to_thread(check_kind, spec, game_id, players)
    return check_kind(spec, game_id, players)


POLICIES_KEPT = 8
"""Trained policies kept loaded per process (the server's and each bot worker's)."""

_policies: OrderedDict[tuple[str, float], Agent] = OrderedDict()
_policies_lock = threading.Lock()


def built_agent(spec: str, seed: int) -> Agent:
    """``make_agent(spec, seed)``, except that a ``policy:PATH`` agent is built once per process
    and file version (loading its model is the slow part; it plays deterministically, its seed
    only breaks a tie that a masked policy never meets), so a policy seat does not reload its
    model at every move or check."""
    kind, params = parse_spec(spec)
    if kind != "policy":
        return make_agent(spec, seed)
    path = str(params.get("path", ""))
    try:
        key = (spec, os.stat(path).st_mtime)
    except OSError:
        return make_agent(spec, seed)  # the agent's own error names what is wrong
    with _policies_lock:
        agent = _policies.get(key)
        if agent is None:
            agent = make_agent(spec, seed)
            _policies[key] = agent
            while len(_policies) > POLICIES_KEPT:
                _policies.popitem(last=False)
        else:
            _policies.move_to_end(key)
    return agent


def agent_seed(table_seed: int, seat: int, step: int) -> int:
    """A bot's seed for one decision: the same table, seat and step always think alike."""
    return (table_seed * 1_000_003 + seat * 7_919 + step * 104_729) % (2**61 - 1)


def think(state_bytes: bytes, seat: int, spec: str, seed: int, advise: bool = False,
          turn_step: int = 0, data: tuple[DataSet, ...] = ()) -> dict[str, Any]:
    """Runs in a worker: the action ``spec`` chooses for ``seat`` (as JSON); with ``advise``, the
    ``medium`` bot's suggestion for a learner instead (:func:`homeroom.agents.advice.suggest`:
    ``{"action", "text", "why"}``). ``turn_step``: the seat's decisions earlier in this turn, so
    that ``hard`` spends its budget a turn, not a decision (:func:`homeroom.agents.levels.turn_share`).
    ``data``: the data sets bound where the think was asked (the table's), bound here too."""
    with bound_all(list(data)):
        return _think(state_bytes, seat, spec, seed, advise, turn_step)


def _think(state_bytes: bytes, seat: int, spec: str, seed: int, advise: bool, turn_step: int) -> dict[str, Any]:
    state: State = pickle.loads(state_bytes)
    if advise:
        from homeroom.agents.advice import suggest

        return suggest(state, seat, seed).to_json()
    agent = built_agent(spec, seed)
    if hasattr(agent, "turn_step"):
        agent.turn_step = turn_step
    return agent.choose(state, seat).to_json()


def _warm() -> bool:
    import homeroom.games  # noqa: F401

    return True


def _serve(conn: Connection, initializer: Callable[[], object] | None) -> None:
    """A worker's life: say it is ready, then answer one think at a time until the pipe closes."""
    if initializer is not None:
        initializer()
    _warm()
    conn.send(("ready",))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[Any, ...] = ("ok", think(*job))
        except Exception as err:
            reply = ("error", err)
        try:
            conn.send(reply)
        except Exception:  # an exception that does not pickle: send its text
            conn.send(("error", RuntimeError(f"{type(reply[1]).__name__}: {reply[1]}")))


STARTUP_SECONDS = 120.0
"""How long a new worker may take to import the games before it counts as broken."""


class BotOverran(RuntimeError):
    """A think that passed its deadline: it was abandoned and its worker replaced."""

    def __init__(self, spec: str, seconds: float) -> None:
        super().__init__(f"the {spec} bot did not answer within {seconds:g} s")
        self.seconds = seconds


class BotWorkerDied(RuntimeError):
    """The worker process of a think stopped (twice in a row) before it answered."""


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    ready: bool = False
    busy: bool = False


@dataclass(eq=False)
class _Job:
    key: str
    spec: str
    args: tuple[bytes, int, str, int, bool, int, tuple[DataSet, ...]]
    deadline: float
    future: asyncio.Future[dict[str, Any]]
    attempts: int = 0


def _wait_ready(worker: _Worker) -> bool:
    """In a thread: wait for a new worker's "ready" (it has imported the games)."""
    if not worker.ready:
        try:
            if worker.conn.poll(STARTUP_SECONDS):
                worker.ready = worker.conn.recv() == ("ready",)
        except (EOFError, OSError):
            return False
    return worker.ready


def _exchange(worker: _Worker, args: tuple[Any, ...], deadline: float) -> tuple[Any, ...]:
    """In a thread: hand one think to ``worker`` and wait at most ``deadline`` seconds for it.
    ("late",) if it did not answer in time, ("died",) if its process is gone."""
    if not _wait_ready(worker):
        return ("died",)
    try:
        worker.conn.send(args)
        if not worker.conn.poll(deadline):
            return ("late",)
        reply: tuple[Any, ...] = worker.conn.recv()
        return reply
    except (EOFError, OSError):
        return ("died",)


def _stop(worker: _Worker) -> None:
    """Kill a worker's process, reap it and close its pipe (a killed process exits at once)."""
    worker.process.kill()
    worker.process.join(5)
    with contextlib.suppress(OSError):
        worker.conn.close()


class BotPool:
    """The worker processes, started on first use; a worker that dies or overruns is replaced.

    ``grace``: seconds a think may take beyond its own time budget (``seconds=``) before it is
    abandoned; ``cap``: the deadline of a think with no time budget (greedy, policy, an mcts on
    iterations alone). ``initializer`` runs in each worker as it starts (the tests register kinds)."""

    def __init__(self, workers: int, grace: float = 10.0, cap: float = 60.0,
                 initializer: Callable[[], object] | None = None) -> None:
        self.workers = max(1, workers)
        self.grace = grace
        self.cap = cap
        self.initializer = initializer
        self.replaced = 0
        """Workers killed and replaced because a think overran (for the logs and the tests)."""
        self._workers: list[_Worker] = []
        self._workers_lock = threading.Lock()
        """Guards :attr:`_workers`: :meth:`close` runs in a thread while the loop may retire a worker,
        and exactly one of them must own (kill and close) each worker."""
        self._queues: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._running: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._threads: ThreadPoolExecutor | None = None
        self._closed = False

    def deadline(self, spec: str) -> float:
        """Seconds a think of ``spec`` may take before it is abandoned: its time budget plus
        :attr:`grace`, or :attr:`cap` for a kind without one."""
        try:
            kind, params = parse_spec(spec)
        except AgentError:
            return self.cap
        seconds = params.get("seconds")
        if seconds is None and kind == "hard":
            seconds = HARD_SECONDS
        if seconds is None and kind == "mcts" and params.get("iterations") is None:
            seconds = DEFAULT_SECONDS
        if isinstance(seconds, int | float) and not isinstance(seconds, bool) and math.isfinite(seconds) \
                and 0 < seconds <= MAX_SECONDS:
            return float(seconds) + self.grace
        return self.cap

    async def choose(self, state: State, seat: int, spec: str, seed: int, key: str = "",
                     advise: bool = False, turn_step: int = 0) -> dict[str, Any]:
        """The action ``spec`` chooses for ``seat``; ``key`` (the table) is served in turn with the
        other tables' thinks. Raises :class:`BotOverran` past the deadline, or the agent's error.
        ``advise``: a learner's suggestion instead (see :func:`think`; ``spec`` should be ``medium``)."""
        data = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        bound = tuple(bound_now())  # the table's data set: its worker thinks with it too
        job = _Job(key, spec, (data, seat, runnable(spec), seed, advise, turn_step, bound), self.deadline(spec),
                   asyncio.get_running_loop().create_future())
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        self._queues.setdefault(key, deque()).append(job)
        try:
            self._dispatch()
        except Exception:  # no worker could be started: this think fails, not the tables behind it
            job.future.cancel()
            raise
        return await job.future  # cancelled: the job is skipped, or its answer dropped

    async def warm(self) -> None:
        """Start the workers now and wait until they are ready (spawning them takes a moment)."""
        loop = asyncio.get_running_loop()
        self._fill()
        fresh = [w for w in self._workers if not w.busy and not w.ready]
        for worker in fresh:
            worker.busy = True
        try:
            await asyncio.gather(*(loop.run_in_executor(self._pool_threads(), _wait_ready, w) for w in fresh))
        finally:
            for worker in fresh:
                worker.busy = False
            self._dispatch()

    # ------------------------------------------------------------ the workers
    def _pool_threads(self) -> ThreadPoolExecutor:
        if self._threads is None:  # one waiting thread per worker, apart from asyncio's own threads
            self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="homeroom-bot")
        return self._threads

    def _fill(self) -> None:
        while len(self._workers) < self.workers and not self._closed:
            context = multiprocessing.get_context("spawn")
            parent, child = context.Pipe()
            process = context.Process(target=_serve, args=(child, self.initializer), daemon=True,
                                      name="homeroom-bot")
            process.start()
            child.close()
            with self._workers_lock:
                self._workers.append(_Worker(process, parent))

    def _retire(self, worker: _Worker) -> None:
        """Kill ``worker`` (it may be in the middle of a think) and forget it; a worker that
        :meth:`close` already took is left to it."""
        with self._workers_lock:
            if worker not in self._workers:
                return
            self._workers.remove(worker)
        _stop(worker)

    def _next_job(self) -> _Job | None:
        """The next think to start: the first table in turn that has none running (round-robin:
        a table served goes to the back of the line)."""
        for key in list(self._queues):
            if key in self._running:
                continue
            queue = self._queues[key]
            while queue and queue[0].future.done():  # its caller gave up
                queue.popleft()
            if not queue:
                del self._queues[key]
                continue
            job = queue.popleft()
            if queue:
                self._queues.move_to_end(key)
            else:
                del self._queues[key]
            return job
        return None

    def _dispatch(self) -> None:
        if self._closed:
            return
        self._fill()
        for worker in self._workers:
            if worker.busy:
                continue
            job = self._next_job()
            if job is None:
                return
            worker.busy = True
            self._running.add(job.key)
            task = asyncio.create_task(self._run(worker, job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, worker: _Worker, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        outcome: tuple[Any, ...] = ("died",)
        try:
            outcome = await loop.run_in_executor(self._pool_threads(), _exchange, worker, job.args, job.deadline)
        except Exception as err:  # the thread pool is gone (closing)
            outcome = ("error", err)
        finally:
            self._running.discard(job.key)
            if outcome[0] in ("late", "died"):
                if outcome[0] == "late":
                    self.replaced += 1
                    log.warning("a %s bot overran its %g s at table %s; its worker is replaced",
                                job.spec, job.deadline, job.key)
                else:
                    log.warning("a bot worker stopped (table %s); starting a new one", job.key)
                self._retire(worker)
            worker.busy = False
        if outcome[0] == "died" and job.attempts == 0 and not self._closed:
            job.attempts += 1  # a worker that crashed (not one that overran): try once more
            self._queues.setdefault(job.key, deque()).appendleft(job)
        elif not job.future.done():
            if outcome[0] == "ok":
                job.future.set_result(outcome[1])
            elif outcome[0] == "late":
                job.future.set_exception(BotOverran(job.spec, job.deadline))
            elif outcome[0] == "died":
                job.future.set_exception(BotWorkerDied("the bot workers keep failing"))
            else:
                job.future.set_exception(outcome[1])
        self._dispatch()

    def close(self) -> None:
        """Stop the workers now: a bot in the middle of a long think is not waited for (its
        table simply asks again after the next start)."""
        self._closed = True
        with self._workers_lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.process.kill()
        for worker in workers:
            _stop(worker)
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
