"""Bots on the server: a pool of worker processes that choose moves.

A think gets a pickled copy of the state and the seat; the worker builds the agent from its spec
(the same agents as the terminal game, which use only what the seat may know: legal actions, the
seat's observation and determinized copies) and returns the chosen action's JSON. The event loop
only waits on a future, so a long think never blocks it or any other table.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from homeroom.agents import AgentError, kinds, make_agent
from homeroom.agents.base import parse_spec
from homeroom.agents.levels import LABELS
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
    trained policy to seat (it would only fail)."""
    has_policy = any(p["kind"].startswith("policy:") for p in BOT_PRESETS)
    return [k for k in kinds() if k != "policy" or has_policy]


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
    if seconds is not None and (not isinstance(seconds, int | float) or seconds > MAX_SECONDS):
        raise AgentError(f"a bot may think at most {MAX_SECONDS:g} seconds a move (got {seconds!r})")
    iterations = params.get("iterations")
    if iterations is not None and (not isinstance(iterations, int) or iterations > MAX_ITERATIONS):
        raise AgentError(f"a bot may run at most {MAX_ITERATIONS} iterations a move (got {iterations!r})")
    agent = make_agent(runnable(spec), 0)  # bad parameters fail here, with the agent's own message
    if game_id is not None and players is not None:
        agent.check_table(game_id, players)
    return spec


def agent_seed(table_seed: int, seat: int, step: int) -> int:
    """A bot's seed for one decision: the same table, seat and step always think alike."""
    return (table_seed * 1_000_003 + seat * 7_919 + step * 104_729) % (2**61 - 1)


def think(state_bytes: bytes, seat: int, spec: str, seed: int) -> dict[str, Any]:
    """Runs in a worker: the action ``spec`` chooses for ``seat`` (as JSON)."""
    state: State = pickle.loads(state_bytes)
    agent = make_agent(spec, seed)
    return agent.choose(state, seat).to_json()


def _warm() -> bool:
    import homeroom.games  # noqa: F401

    return True


class BotPool:
    """The worker processes; created on first use, recreated if a worker dies."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose(self, state: State, seat: int, spec: str, seed: int) -> dict[str, Any]:
        spec = runnable(spec)
        data = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            try:
                return await loop.run_in_executor(self._executor(), think, data, seat, spec, seed)
            except BrokenProcessPool:
                log.warning("bot worker pool broke (attempt %d); starting a new one", attempt)
                self._reset()
        raise RuntimeError("the bot workers keep failing")

    async def warm(self) -> None:
        """Start the workers now (spawning them takes a moment)."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.workers)))

    def _reset(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None

    def close(self) -> None:
        """Stop the workers now: a bot in the middle of a long think is not waited for (its
        table simply asks again after the next start)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())  # no public way before Python 3.14
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(5)
