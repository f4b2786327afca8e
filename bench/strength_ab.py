"""Is IS-MCTS weaker per CPU second after a change? The search of one source tree plays the search of
another, each at its default settings and given the iterations it does in the same CPU time.

    git worktree add --detach ../homeroom-before d39ba12
    python bench/strength_ab.py --before ../homeroom-before/src --after src \\
        --game class-of-89 --games 100 --seconds 0.1 --workers 2 --run-dir runs/strength/co89

Each side runs in its own worker process, importing ``homeroom`` from its tree, so both pay the
same overheads. First each worker measures its own IS-MCTS iterations per CPU second on the 3
positions ``bench/bench_bots.py --ips-seconds`` uses (alternating rounds, the median); a side's
budget is then ``rate x --seconds`` iterations a decision. An iteration budget, not a clock, makes
every game reproducible and independent of the machine's load: "the same CPU time" is the measured
rates' doing, and they are saved with the run. Games are 2-player, on consecutive deals, each deal
played twice with the seats swapped; a shared win counts half. Both trees must play the same rules
(the same legal actions in the same order: the speed passes keep them byte-identical, and every
decision and final score is checked against each worker's own copy of the game).

``--agent SPEC`` (e.g. ``hard``) plays that seat kind in both trees instead, each at its own budget
(one bot a seat for the whole game, asked every decision of its seat, forced ones too): whether a
change of a level's budget made it weaker.

``--run-dir`` keeps each finished game (a line of ``games.jsonl``) and the budgets
(``manifest.json``): rerun the command to resume, ``--report`` to re-report.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TextIO


# ------------------------------------------------------------------ worker side
def _positions(game_id: str, count: int = 3) -> list[Any]:
    """Position k (with a real choice) (2k+1)/(2n) of the way into the random 2-player game of
    seed 100 + k: what ``bench_bots.search_positions`` measures on, rebuilt here so that a tree
    without that script can run it."""
    from homeroom import games
    from homeroom.engine import Rng

    game = games.get(game_id)
    out = []
    for k in range(count):
        state = game.new_state(2, 100 + k)
        rng = Rng(100 + k)
        seen = []
        while not state.is_terminal():
            if len(state.legal_actions()) > 1:
                seen.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        if seen:
            out.append(seen[len(seen) * (2 * k + 1) // (2 * count)])
    return out


def _rate(game_id: str, seconds: float) -> float:
    from homeroom.agents.mcts import MctsAgent

    done, cpu = 0, 0.0
    for k, state in enumerate(_positions(game_id)):
        bot = MctsAgent(seed=k, seconds=seconds)
        t0 = time.process_time()
        bot.search(state, state.to_move)
        cpu += time.process_time() - t0
        done += bot.last_iterations
    return done / cpu


def worker(stdin: TextIO, stdout: TextIO) -> None:
    """Answer one JSON command a line: ``rate`` (iterations per CPU second), ``new`` (deal a game),
    ``choose`` (apply the moves since the last command, then search), ``end`` (apply, then score)."""
    from homeroom import games
    from homeroom.agents import make_agent
    from homeroom.agents.mcts import MctsAgent

    state: Any = None
    agents: dict[int, Any] = {}

    def catch_up(moves: list[int]) -> None:
        for index in moves:
            state.apply(state.legal_actions()[index])

    for line in stdin:
        cmd = json.loads(line)
        op = cmd["op"]
        if op == "rate":
            out: Any = _rate(cmd["game"], cmd["seconds"])
        elif op == "new":
            state = games.get(cmd["game"]).new_state(cmd["players"], cmd["seed"])
            agents.clear()
            out = None
        elif op == "choose":
            catch_up(cmd["moves"])
            legal = state.legal_actions()
            if state.to_move != cmd["seat"] or len(legal) != cmd["legal"]:
                raise SystemExit(f"the trees disagree: seat {state.to_move} with {len(legal)} legal actions "
                                 f"here, seat {cmd['seat']} with {cmd['legal']} in the driver")
            if cmd.get("agent"):  # a seat kind, one bot a seat for the whole game (it may carry a turn on)
                bot = agents.get(cmd["seat"])
                if bot is None:
                    bot = agents[cmd["seat"]] = make_agent(cmd["agent"], seed=cmd["agent_seed"])
            else:
                bot = MctsAgent(seed=cmd["agent_seed"], iterations=cmd["iterations"])
            t0 = time.process_time()
            action = bot.choose(state, cmd["seat"])
            out = {"index": legal.index(action), "cpu": time.process_time() - t0}
        elif op == "end":
            catch_up(cmd["moves"])
            out = [s.total for s in state.scores()]
        else:
            raise SystemExit(f"unknown command {op!r}")
        stdout.write(json.dumps(out) + "\n")
        stdout.flush()


# ------------------------------------------------------------------ driver side
class Side:
    """A worker process importing ``homeroom`` from one tree; remembers how much of the current
    game it has seen."""

    def __init__(self, src: str, python: str) -> None:
        path = [os.path.abspath(src)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))  # the tree's homeroom first
        self.proc = subprocess.Popen([python, os.path.abspath(__file__), "--worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)
        self.seen = 0

    def ask(self, **cmd: Any) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("a worker stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def play(game_id: str, seed: int, after_seat: int, budgets: dict[str, int], sides: dict[str, Side],
         agent: str | None = None) -> dict[str, Any]:
    """One 2-player game of ``after`` (at ``after_seat``) against ``before``; the driver's own copy
    of the game (this process's ``homeroom``) decides whose move it is and checks both workers'."""
    from homeroom import games

    state = games.get(game_id).new_state(2, seed)
    moves: list[int] = []
    for side in sides.values():
        side.ask(op="new", game=game_id, players=2, seed=seed)
        side.seen = 0
    cpu = {"before": 0.0, "after": 0.0}
    decisions = {"before": 0, "after": 0}
    while not state.is_terminal():
        legal = state.legal_actions()
        seat = state.to_move
        assert seat is not None
        if len(legal) == 1 and agent is None:
            index = 0
        else:  # a seat kind is asked even a forced move: it may be part of its turn
            name = "after" if seat == after_seat else "before"
            side = sides[name]
            reply = side.ask(op="choose", moves=moves[side.seen:], seat=seat, legal=len(legal),
                             iterations=budgets.get(name), agent_seed=seed * 10 + seat, agent=agent)
            side.seen = len(moves)
            index = reply["index"]
            cpu[name] += reply["cpu"]
            decisions[name] += 1
        state.apply(legal[index])
        moves.append(index)
    scores = [s.total for s in state.scores()]
    for name, side in sides.items():
        theirs = side.ask(op="end", moves=moves[side.seen:])
        if theirs != scores:
            raise RuntimeError(f"the trees disagree on the final scores of seed {seed}: {name} {theirs}, "
                               f"driver {scores}")
    winner = state.winner() or []
    won = 0.0 if after_seat not in winner else 1.0 / len(winner)
    return {"seed": seed, "after_seat": after_seat, "scores": scores, "winner": winner, "after_won": won,
            "margin": scores[after_seat] - scores[1 - after_seat], "decisions": decisions,
            "cpu": {k: round(v, 2) for k, v in cpu.items()}, "moves": len(moves)}


def report(manifest: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    from homeroom.sim.tournament import wilson

    n = len(rows)
    wins = sum(r["after_won"] for r in rows)
    lo, hi = wilson(wins, n)
    margins = [r["margin"] for r in rows]
    se = statistics.stdev(margins) / n ** 0.5 if n > 1 else float("nan")
    dec = {k: sum(r["decisions"][k] for r in rows) for k in ("before", "after")}
    cpu = {k: sum(r["cpu"][k] for r in rows) for k in ("before", "after")}
    return {"game": manifest["game"], "games": n, "seconds": manifest["seconds"], "rates": manifest["rates"],
            "iterations": manifest["budgets"], "after_wins": wins, "after_win_rate": wins / n if n else None,
            "ci95": [lo, hi], "mean_margin": statistics.mean(margins) if n else None, "margin_se": se,
            "cpu_per_decision": {k: cpu[k] / dec[k] if dec[k] else None for k in cpu}}


def main(argv: list[str]) -> int:
    if argv == ["--worker"]:
        worker(sys.stdin, sys.stdout)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="source tree (its src directory) before the change")
    parser.add_argument("--after", default="src", help="source tree after the change (default: src)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter the workers run")
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=100, help="games (rounded up to even: each deal twice)")
    parser.add_argument("--seed", type=int, default=9000, help="the first deal")
    parser.add_argument("--seconds", type=float, default=0.1, help="CPU seconds of thinking a decision")
    parser.add_argument("--agent", help="instead of MCTS at equal CPU time, this seat kind in both trees at its "
                                        "own budget (e.g. hard: the level before and after a change of its budget)")
    parser.add_argument("--rate-seconds", type=float, default=1.0, help="search time a position, measuring rates")
    parser.add_argument("--rate-rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1, help="games played at once (two processes each)")
    parser.add_argument("--run-dir", required=True, help="keep finished games and budgets here; rerun to resume")
    parser.add_argument("--report", action="store_true", help="only report what --run-dir holds")
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0 or args.workers < 1:
        raise SystemExit("error: --games and --workers must be at least 1, --seconds more than 0")
    os.makedirs(args.run_dir, exist_ok=True)
    manifest_path = os.path.join(args.run_dir, "manifest.json")
    games_path = os.path.join(args.run_dir, "games.jsonl")
    rows: list[dict[str, Any]] = []
    if os.path.exists(games_path):
        with open(games_path) as f:
            rows = [json.loads(line) for line in f if line.strip()]
    if os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
        if manifest["game"] != args.game or manifest["seconds"] != args.seconds:
            raise SystemExit(f"error: {args.run_dir} holds a run of {manifest['game']} at {manifest['seconds']} s")
    elif args.report:
        raise SystemExit(f"error: {args.run_dir} holds no run")
    else:
        manifest = {}
    if not args.report:
        if not args.before:
            raise SystemExit("error: give --before (a source tree's src directory)")
        for src in (args.before, args.after):
            if not os.path.isdir(os.path.join(src, "homeroom")):
                raise SystemExit(f"error: {src} holds no homeroom package (give a tree's src directory)")
        if not manifest and args.agent:
            manifest = {"game": args.game, "seconds": args.seconds, "agent": args.agent, "rates": None,
                        "budgets": {}, "before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
            with open(manifest_path, "w") as f:
                json.dump(manifest, f, indent=1)
        if not manifest:
            probe = {"before": Side(args.before, args.python), "after": Side(args.after, args.python)}
            rounds: dict[str, list[float]] = {"before": [], "after": []}
            for _ in range(args.rate_rounds):
                for name, side in probe.items():
                    rounds[name].append(side.ask(op="rate", game=args.game, seconds=args.rate_seconds))
            for side in probe.values():
                side.close()
            rates = {k: statistics.median(v) for k, v in rounds.items()}
            manifest = {"game": args.game, "seconds": args.seconds, "rates": rates, "rate_rounds": rounds,
                        "budgets": {k: max(1, round(v * args.seconds)) for k, v in rates.items()},
                        "before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
            with open(manifest_path, "w") as f:
                json.dump(manifest, f, indent=1)
            print(f"iterations per CPU second: before {rates['before']:.0f}, after {rates['after']:.0f}; "
                  f"budgets a decision: {manifest['budgets']}", flush=True)
        pairs = (args.games + 1) // 2
        done = {(r["seed"], r["after_seat"]) for r in rows}
        todo = [(args.seed + i, s) for i in range(pairs) for s in (0, 1) if (args.seed + i, s) not in done]
        lock = threading.Lock()
        local = threading.local()
        opened: list[Side] = []

        def run(job: tuple[int, int]) -> None:
            if not hasattr(local, "sides"):
                local.sides = {"before": Side(args.before, args.python), "after": Side(args.after, args.python)}
                with lock:
                    opened.extend(local.sides.values())
            row = play(args.game, job[0], job[1], manifest["budgets"], local.sides, manifest.get("agent"))
            with lock:
                rows.append(row)
                with open(games_path, "a") as f:
                    f.write(json.dumps(row) + "\n")
                r = report(manifest, rows)
                print(f"{len(rows)} games: after wins {r['after_wins']:g} ({r['after_win_rate']:.0%}), "
                      f"margin {r['mean_margin']:+.1f}", flush=True)

        try:
            with ThreadPoolExecutor(args.workers) as pool:
                for _ in pool.map(run, todo):
                    pass
        finally:
            for side in opened:
                side.close()
        wanted = {(args.seed + i, s) for i in range(pairs) for s in (0, 1)}
        rows = [r for r in rows if (r["seed"], r["after_seat"]) in wanted]
    print(json.dumps(report(manifest, rows), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
