"""Interleaved before/after speed: two long-lived workers, one importing ``homeroom`` from each of
two source trees, given the same cases alternately (so both see the same machine load), per CPU
second (``time.process_time``).

    git worktree add --detach ../homeroom-base main
    python bench/ab_speed.py --before ../homeroom-base/src --after src \\
        --mcts class-of-89 --play class-of-89:1:search --play academic-society:3:log --rounds 5

``--mcts GAME``: IS-MCTS iterations per CPU second, as ``bench/bench_bots.py --ips-seconds``
measures them (``MctsAgent()`` for ``--seconds`` on the same 3 positions of 2-player random
games). ``--play GAME:PLAYERS:search|log``: random-playout decisions per CPU second over
``--budget`` CPU seconds of seeded games (setup included), in search mode or with the log. Each
case runs once per worker to warm up first; the reference workload (:mod:`homeroom.sim.reference`)
runs before every round and at the end, to show how steady the machine was. Prints each case's
median, best and every round.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any, TextIO


# ------------------------------------------------------------------ worker side
def _mcts(game: str, seconds: float, cache: dict[str, list[Any]]) -> float:
    from bench_bots import search_positions  # this script's folder: the positions bench_bots measures on
    from homeroom.agents.mcts import MctsAgent

    if game not in cache:
        cache[game] = search_positions(game)
    done, cpu = 0, 0.0
    for k, state in enumerate(cache[game]):
        bot = MctsAgent(seed=k, seconds=seconds)
        t0 = time.process_time()
        bot.search(state, state.to_move)
        cpu += time.process_time() - t0
        done += bot.last_iterations
    return done / cpu


def _play(game: str, players: int, search: bool, budget: float, seed0: int) -> float:
    from homeroom import games
    from homeroom.engine import Rng

    g = games.get(game)
    decisions, cpu, n = 0, 0.0, 0
    while cpu < budget:
        t0 = time.process_time()
        state = g.new_state(players, seed0 + n)
        if search:
            state.set_quiet()
        rng = Rng(seed0 + n)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        cpu += time.process_time() - t0
        n += 1
    return decisions / cpu


def worker(stdin: TextIO, stdout: TextIO) -> None:
    from homeroom.sim.reference import builtin_rate

    cache: dict[str, list[Any]] = {}
    for line in stdin:
        cmd = json.loads(line)
        op = cmd.pop("op")
        if op == "mcts":
            value = _mcts(cmd["game"], cmd["seconds"], cache)
        elif op == "play":
            value = _play(cmd["game"], cmd["players"], cmd["search"], cmd["budget"], cmd["seed0"])
        else:
            value = builtin_rate(cmd["budget"])
        stdout.write(json.dumps(value) + "\n")
        stdout.flush()


# ------------------------------------------------------------------ driver side
class Worker:
    def __init__(self, src: str, python: str) -> None:
        env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
        self.proc = subprocess.Popen([python, os.path.abspath(__file__), "--worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def ask(self, **cmd: Any) -> float:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("error: a worker stopped (see its error above)")
        return float(json.loads(line))

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def _play_case(spec: str) -> dict[str, Any]:
    try:
        game, players, mode = spec.split(":")
        if mode not in ("search", "log"):
            raise ValueError
        return {"op": "play", "game": game, "players": int(players), "search": mode == "search"}
    except ValueError:
        raise SystemExit(f"error: --play {spec!r} is not GAME:PLAYERS:search|log") from None


def main(argv: list[str]) -> int:
    if argv == ["--worker"]:
        worker(sys.stdin, sys.stdout)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="source tree (its src directory) before the change")
    parser.add_argument("--after", required=True, help="source tree (its src directory) after the change")
    parser.add_argument("--python", default=sys.executable, help="the interpreter the workers run")
    parser.add_argument("--mcts", action="append", default=[], help="a game for IS-MCTS iterations (repeatable)")
    parser.add_argument("--play", action="append", default=[], help="GAME:PLAYERS:search|log (repeatable)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="IS-MCTS search time per position")
    parser.add_argument("--budget", type=float, default=0.5, help="CPU seconds of playouts per case and round")
    args = parser.parse_args(argv)
    for src in (args.before, args.after):
        if not os.path.isdir(os.path.join(src, "homeroom")):
            raise SystemExit(f"error: {src} holds no homeroom package (give a tree's src directory)")
    cases = [({"op": "mcts", "game": g, "seconds": args.seconds}, f"mcts {g}") for g in args.mcts]
    cases += [(_play_case(spec), f"play {spec}") for spec in args.play]
    if not cases:
        raise SystemExit("error: nothing to measure (give --mcts and/or --play)")
    workers = {"before": Worker(args.before, args.python), "after": Worker(args.after, args.python)}
    results: dict[tuple[str, str], list[float]] = {}
    refs: list[float] = []
    try:
        for cmd, _ in cases:  # warm-up: imports, component data, memos, compiled copiers
            for w in workers.values():
                w.ask(**({**cmd, "seconds": 0.2} if cmd["op"] == "mcts" else
                         {**cmd, "budget": args.budget, "seed0": 5_000_000}))
        for r in range(args.rounds):
            refs.append(workers["before"].ask(op="ref", budget=0.3))
            order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
            for cmd, name in cases:
                for side in order:
                    extra = {} if cmd["op"] == "mcts" else {"budget": args.budget, "seed0": 1000 * r}
                    results.setdefault((name, side), []).append(workers[side].ask(**cmd, **extra))
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)
        refs.append(workers["before"].ask(op="ref", budget=0.3))
    finally:
        for w in workers.values():
            w.close()
    print("reference actions per CPU second:", ", ".join(f"{x:.0f}" for x in refs))
    for _, name in cases:
        for side in ("before", "after"):
            v = results[name, side]
            print(f"{name:32} {side:6} median {statistics.median(v):9.0f}  best {max(v):9.0f}  "
                  f"rounds {', '.join(f'{x:.0f}' for x in v)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
