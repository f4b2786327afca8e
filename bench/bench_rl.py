"""Throughput of the RL environments, per game at 2 players (issue 36), in steps per CPU-second.

    PYTHONPATH=src taskset -c 1 python bench/bench_rl.py [--seconds 3] [--games G,...] [--json]

- ``aec``: PettingZoo AEC, every agent picks a random legal index from its own ``last()`` observation
  (observation and mask both built, as a learner needs);
- ``aec-mask``: the same random agents reading only the mask (``last(observe=False)`` and
  ``action_mask(agent)``): a random rollout that never builds the features;
- ``gym-random`` / ``gym-greedy``: the Gymnasium env, the learner picks a random legal index from
  ``action_masks()`` and reads the observation; the other seat is a ``random`` / ``greedy`` bot;
- ``read µs``: CPU µs of one kept observation read (the features alone, parts kept per seat and
  shared between seats), the mover's at every position of 6 seeded random games replayed in order;
- ``vector``: ``homeroom.rl.vector.vector_env`` with ``--envs`` games in one process, learner steps per
  CPU-second (random opponents, masks read from ``info``), when that module exists (not before issue 36);
  ``--async-envs N`` adds the same over N worker processes (``AsyncVectorEnv``), per wall second.

CPU time is ``time.process_time()`` of this process, so pin it to one core (``taskset``) on a shared
machine. Run against another tree with ``PYTHONPATH=/that/tree/src`` to compare before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable

import numpy as np

GAMES = ("class-of-89", "academic-society", "high-school-drama")


def timed(run: Callable[[], int], seconds: float) -> float:
    """Steps per CPU-second of ``run`` (called until ``seconds`` of CPU time are spent)."""
    steps = 0
    began = time.process_time()
    while (spent := time.process_time() - began) < seconds:
        steps += run()
    return steps / spent


def aec(game_id: str, players: int, seconds: float, observe: bool = True) -> float | None:
    """``observe``: every step reads ``last()`` (features and mask); else ``last(observe=False)`` and
    ``action_mask(agent)``, the mask only (None where the env has no ``action_mask``)."""
    from homeroom.rl import aec_env

    env = aec_env(game_id, players=players)
    if not observe and not hasattr(env, "action_mask"):
        return None
    rng = random.Random(0)  # the driver's draw: Python's (0.4 µs), not numpy's (2 µs), so the env is what is timed
    seed = iter(range(10**9))

    def game() -> int:
        env.reset(seed=next(seed))
        steps = 0
        for agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last(observe)
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero((obs["action_mask"] if observe else env.action_mask(agent)).view(bool))
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return timed(game, seconds)


def gym(game_id: str, players: int, opponents: str, seconds: float) -> float:
    from homeroom.rl import HomeroomEnv

    env = HomeroomEnv(game_id, players=players, opponents=opponents)
    rng = random.Random(0)  # the driver's draw: Python's (0.4 µs), not numpy's (2 µs), so the env is what is timed
    seed = iter(range(10**9))

    def game() -> int:
        env.reset(seed=next(seed))
        steps, done = 0, False
        while not done:
            legal = np.flatnonzero(env.action_masks())  # bool already
            _obs, _r, done, _t, _info = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return timed(game, seconds)


def read_cost(game_id: str, players: int, games: int = 6, repeats: int = 5) -> float | None:
    """CPU µs of one kept observation read (``Encoding.features`` with a memo per seat and the parts
    shared between seats, as the AEC env reads them), the mover's at every position of ``games``
    seeded random games replayed in order; the best of ``repeats`` passes (None before parts existed)."""
    from homeroom import games as registry
    from homeroom.rl import encoding

    enc = encoding(game_id)
    if getattr(enc, "_state_parts", None) is None:
        return None
    positions = []
    for seed in range(games):
        state = registry.get(game_id).new_state(players, seed=seed)
        state.set_quiet()
        rng = random.Random(seed)
        while not state.is_terminal():
            positions.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    best = float("inf")
    for _ in range(repeats):
        memos: dict[int, dict[object, object]] = {}
        shared: dict[object, object] = {}
        began = time.process_time()
        for position in positions:
            seat = position.to_move
            enc.features(position, seat, memos.setdefault(seat, {}), shared)
        best = min(best, (time.process_time() - began) / len(positions) * 1e6)
    return best


def vector(game_id: str, players: int, envs: int, seconds: float, processes: bool = False) -> float | None:
    """Learner steps per CPU-second of ``envs`` games in this process; with ``processes``, per wall
    second with one worker process per game (their CPU time is not this process's)."""
    try:
        from homeroom.rl.vector import vector_env
    except ImportError:
        return None
    venv = vector_env(game_id, envs, processes=envs if processes else 0, players=players, opponents="random")
    rng = np.random.default_rng(0)
    _obs, info = venv.reset(seed=0)
    masks = info["action_mask"].astype(bool)

    def batch() -> int:
        nonlocal masks
        actions = np.array([(legal := np.flatnonzero(m))[rng.integers(len(legal))] for m in masks])
        _obs, _r, _t, _tr, info = venv.step(actions)
        masks = info["action_mask"].astype(bool)
        return envs

    if processes:
        steps, began = 0, time.perf_counter()
        while time.perf_counter() - began < seconds:
            steps += batch()
        rate = steps / (time.perf_counter() - began)
    else:
        rate = timed(batch, seconds)
    venv.close()
    return rate


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--envs", type=int, default=16, help="games in the vectorised env (one process)")
    p.add_argument("--async-envs", type=int, default=0,
                   help="also games in worker processes, one each (AsyncVectorEnv; wall-clock steps/s)")
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    load = os.getloadavg()[0]
    rows = []
    for game_id in args.games.split(","):
        row: dict[str, object] = {"game": game_id, "players": args.players}
        row["aec"] = aec(game_id, args.players, args.seconds)
        row["aec-mask"] = aec(game_id, args.players, args.seconds, observe=False)
        row["gym-random"] = gym(game_id, args.players, "random", args.seconds)
        row["gym-greedy"] = gym(game_id, args.players, "greedy", args.seconds)
        row["vector"] = vector(game_id, args.players, args.envs, args.seconds)
        row["read-us"] = read_cost(game_id, args.players)
        if args.async_envs:
            row["async-wall"] = vector(game_id, args.players, args.async_envs, args.seconds, processes=True)
        rows.append(row)
    if args.json:
        print(json.dumps({"load": load, "rows": rows}, indent=1))
        return
    print(f"steps per CPU-second, {args.players} players (load average {load:.2f} at start)")
    keys = ("aec", "aec-mask", "gym-random", "gym-greedy", "vector", "read-us") + (
        ("async-wall",) if args.async_envs else ())
    names = {"vector": f"vector x{args.envs}", "async-wall": f"async x{args.async_envs}", "read-us": "read µs"}
    print(f"{'game':20}" + "".join(f"{names.get(k, k):>12}" for k in keys))
    for row in rows:
        print(f"{row['game']:20}" + "".join(
            (f"{row[k]:12.1f}" if k == "read-us" else f"{row[k]:12.0f}") if isinstance(row.get(k), float)
            else f"{'-':>12}" for k in keys))
    if args.async_envs:
        print(f"(async x{args.async_envs}: learner steps per wall second over {args.async_envs} worker processes)")


if __name__ == "__main__":
    main()
