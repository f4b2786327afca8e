"""Ray per-task overhead, and how many games a task should carry.

Plays the same ``--games`` games on a Ray cluster (``RAY_ADDRESS``, or a local one started here)
twice: one game per task, then ``--chunk`` games per task. The difference in wall time, divided by
the number of tasks saved, is what one task costs beyond its games (scheduling, shipping the
arguments and the results, the worker's first import). A task should carry enough games that
this overhead is a small part (5%) of it: ``games per task >= 20 * overhead / seconds per game``.
"""

from __future__ import annotations

import argparse
import logging
import math
import time

from homeroom.sim.runner import Job, run_job, simulate


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--game", default="class-of-89")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=40, help="games timed locally for the cost of a game")
    ap.add_argument("--tasks", type=int, default=400, help="empty tasks timed on Ray for the overhead")
    args = ap.parse_args()
    import ray

    local = simulate(args.game, args.players, args.games, seats=["greedy"] * args.players)
    per_game = sum(r.seconds for r in local) / len(local)
    ray.init(logging_level=logging.ERROR, include_dashboard=False)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        remote = ray.remote(run_job)
        empty = Job(args.game, args.players, (), {}, ("random",) * args.players)
        ray.get([remote.remote(empty) for _ in range(4 * cpus)])  # start and warm the workers
        t0 = time.perf_counter()
        ray.get([remote.remote(empty) for _ in range(args.tasks)])
        wall = time.perf_counter() - t0
        t0 = time.perf_counter()
        on_ray = simulate(args.game, args.players, args.games, seats=["greedy"] * args.players, backend="ray",
                          chunk=max(1, args.games // (2 * cpus)))
        ray_wall = time.perf_counter() - t0
    finally:
        ray.shutdown()
    assert [r.scores for r in on_ray] == [r.scores for r in local]
    overhead = wall * cpus / args.tasks
    print(f"{args.game}, {args.players} greedy players, Ray cluster of {cpus} CPU(s)")
    print(f"CPU per game (local):      {1000 * per_game:8.1f} ms")
    print(f"overhead per task:         {1000 * overhead:8.1f} ms   ({args.tasks} empty tasks in {wall:.2f} s)")
    print(f"{args.games} games on Ray:        {ray_wall:8.2f} s wall")
    print(f"games per task for <=5% overhead: {max(1, math.ceil(20 * overhead / per_game))}")


if __name__ == "__main__":
    main()
