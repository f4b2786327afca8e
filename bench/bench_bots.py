"""Bot strength and speed: MCTS iterations per second per game, head-to-head results at 2
players (mcts vs random, mcts vs greedy, greedy vs random) with win rates and 95% intervals
against the targets, and Class of '89 solo against Ed E. Tor at each difficulty (when the solo
game exists).

Targets (issue 7), at the default budget (at most 1 second per decision): mcts beats random in
>= 95% of games and greedy in >= 60%; greedy beats random in >= 80%.

Full-budget runs take hours on this machine, so the size is set by flags:

    python bench/bench_bots.py --games 10 --mcts mcts:seconds=1 --workers 2
    python bench/bench_bots.py --games 4 --mcts mcts:iterations=200 --game high-school-drama

Flags this script does not know (``make bench`` passes the same flags to every benchmark) are
ignored.

``--levels`` measures the difficulty levels instead (issue 19) as a batch job: at 2 players
``hard`` vs ``medium`` (= greedy), ``medium`` vs ``easy`` and ``easy`` vs ``random``; at 3 and
4 players one ``hard`` against ``medium`` in every other seat. Seats are rotated on duplicate
deals, games run on local worker processes or Ray (``--backend``), a progress bar counts them,
and with ``--run-dir`` every finished task is saved at once, so the same command run again
resumes an interrupted measurement and re-reports a finished one without playing it again;
``--report`` reports whatever the run directory holds (deals played in every seat rotation)
without playing anything, e.g. while a measurement is still running or after it was stopped.
The run directory also gets ``results.json`` and ``games.csv`` (one row per game, for
``homeroom report``):

    python bench/bench_bots.py --levels --game high-school-drama --players 2 --players 3 \
        --games 100 --hard hard:iterations=300,seconds=30 --workers 2 --run-dir out/bots
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.agents.mcts import MctsAgent
from homeroom.engine import Rng
from homeroom.engine.errors import HomeroomError
from homeroom.sim.runner import GameResult, write_rows
from homeroom.sim.tournament import rotated_report, solo, tournament

TARGETS = {("mcts", "random"): 0.95, ("mcts", "greedy"): 0.60, ("greedy", "random"): 0.80}
GAMES = ("class-of-89", "academic-society", "high-school-drama")
LEVEL_PAIRINGS = ("hard-medium", "medium-easy", "easy-random")
HARD_TARGET = 0.65
"""Issue 19: ``hard`` wins >= 65% of 2-player games against greedy (``medium``), and more than
its share (1/p) at 3 and 4 players."""


def search_positions(game_id: str, positions: int = 3) -> list[Any]:
    """The positions MCTS speed is measured on: position k (with a real choice) lies (2k+1)/(2n)
    of the way into the random 2-player game of seed 100 + k."""
    game = games.get(game_id)
    out = []
    for k in range(positions):
        state = game.new_state(2, 100 + k)
        rng = Rng(100 + k)
        seen = []
        while not state.is_terminal():
            if len(state.legal_actions()) > 1:
                seen.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        if seen:
            out.append(seen[len(seen) * (2 * k + 1) // (2 * positions)])
    return out


def iterations_per_second(game_id: str, seconds: float, positions: int = 3) -> dict[str, Any]:
    """MCTS iterations per CPU second at a few positions of a random 2-player game."""
    total_it = 0
    total_cpu = 0.0
    for k, state in enumerate(search_positions(game_id, positions)):
        bot = MctsAgent(seed=k, seconds=seconds)
        cpu = time.process_time()
        bot.search(state, state.to_move)  # type: ignore[arg-type]
        total_cpu += time.process_time() - cpu
        total_it += bot.last_iterations
    return {"game": game_id, "iterations": total_it, "cpu_seconds": round(total_cpu, 3),
            "iterations_per_cpu_second": round(total_it / total_cpu, 1) if total_cpu else None}


def head_to_head(game_id: str, a: str, b: str, n: int, seed: int, workers: int) -> dict[str, Any]:
    report = tournament(game_id, 2, [a, b], n, seed=seed, workers=workers)
    first = report["agents"][0]
    kind_a, kind_b = a.split(":")[0], b.split(":")[0]
    target = TARGETS.get((kind_a, kind_b))
    return {
        "game": game_id, "agent": a, "opponent": b, "games": report["completed"], "errors": report["errors"],
        "win_rate": first["win_rate"], "win_ci95": first["win_ci95"], "margin_mean": first["margin_mean"],
        "elo": [x["elo"] for x in report["agents"]],
        "think_ms_per_decision": [x["think_ms_per_decision"] for x in report["agents"]],
        "target": target, "met": None if target is None else first["win_rate"] >= target,
    }


def slug(spec: str) -> str:
    """A directory name for an agent spec (``hard:iterations=300`` -> ``hard-iterations-300``)."""
    return "".join(c if c.isalnum() else "-" for c in spec).strip("-")


def level_jobs(ids: list[str], players: list[int], pairings: list[str], spec: dict[str, str]) -> list[dict[str, Any]]:
    """The pairings to play: at 2 players the chosen level pairings, at 3+ ``hard`` against
    ``medium`` in every other seat."""
    jobs = []
    for gid in ids:
        info = games.get(gid).info
        for p in players:
            if not info.min_players <= p <= info.max_players:
                continue
            if p == 2:
                pairs = [pairing.split("-") for pairing in pairings]
            else:
                pairs = [["hard", "medium"]] if "hard-medium" in pairings else []
            for a, b in pairs:
                seats = [spec[a]] + [spec[b]] * (p - 1)
                jobs.append({"game": gid, "players": p, "agent": a, "opponent": b, "seats": seats})
    return jobs


def saved_games(sub: Path, players: int) -> list[tuple[int, GameResult]]:
    """The games a run directory holds, as (rotation, result), keeping only the deals played in
    every rotation (complete duplicate blocks, so that every agent sat in every seat equally)."""
    by_rotation: dict[int, dict[int, GameResult]] = {}
    for r in range(players):
        found: dict[int, GameResult] = {}
        for path in sorted(sub.glob(f"**/rotation-{r}/chunk-*.json")):  # also in batch-<seed>/
            try:
                rows = json.loads(path.read_text(encoding="utf-8"))
                found.update({g.seed: g for g in (GameResult(**row) for row in rows)})
            except (OSError, ValueError, TypeError):
                continue  # a chunk cut short: not counted
        by_rotation[r] = found
    seeds = set.intersection(*(set(f) for f in by_rotation.values())) if by_rotation else set()
    return [(r, by_rotation[r][s]) for s in sorted(seeds) for r in range(players)]


def play_batches(job: dict[str, Any], args: argparse.Namespace, sub: Path | None,
                 progress: Callable[[int], None], played: list[GameResult]) -> dict[str, Any]:
    """Play one pairing's games as a tournament, or with ``--batch N`` as consecutive
    tournaments of about N games on consecutive deals (each in ``batch-<seed>/`` of the run
    directory), so that a measurement stopped part-way still holds complete rotated deals."""
    p = job["players"]
    blocks = -(-args.games // p)
    if not args.batch:
        return tournament(job["game"], p, job["seats"], args.games, seed=args.seed, workers=args.workers,
                          backend=args.backend, progress=progress, collect=played, run_dir=sub)
    step = max(1, -(-args.batch // p))
    results: list[tuple[int, GameResult]] = []
    for first in range(0, blocks, step):
        n = min(step, blocks - first) * p
        seed = args.seed + first
        part = sub / f"batch-{seed}" if sub is not None else None
        mine: list[GameResult] = []
        tournament(job["game"], p, job["seats"], n, seed=seed, workers=args.workers, backend=args.backend,
                   progress=progress, collect=mine, run_dir=part)
        # collect lists the games deal by deal, one per rotation in order
        results.extend((i % p, res) for i, res in enumerate(mine))
    return rotated_report(job["game"], p, job["seats"], results, args.seed, None, played)


def run_levels(args: argparse.Namespace, ids: list[str]) -> int:
    """The ``--levels`` batch job (see the module docstring)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    spec = {"hard": args.hard, "medium": args.medium, "easy": args.easy, "random": "random"}
    players = args.players or [2]
    jobs = level_jobs(ids, players, args.level_pairing or list(LEVEL_PAIRINGS), spec)
    run_dir = Path(args.run_dir) if args.run_dir else None
    rows: list[dict[str, Any]] = []
    played: list[GameResult] = []
    total = sum(-(-args.games // j["players"]) * j["players"] for j in jobs)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True, disable=args.json) as bar:
        task = bar.add_task("levels", total=total)
        for job in jobs:
            p = job["players"]
            bar.update(task, description=f"{job['game']} {p}p {job['agent']} vs {job['opponent']}")
            sub = None
            if run_dir is not None:
                sub = run_dir / job["game"] / f"{p}p" / "-vs-".join(slug(s) for s in job["seats"][:2])
            if args.report:
                if sub is None:
                    raise HomeroomError("--report needs --run-dir (the directory of an earlier run)")
                saved = saved_games(sub, p)
                if not saved:
                    continue
                report = rotated_report(job["game"], p, job["seats"], saved, args.seed, None, played)
                bar.advance(task, len(saved))
            else:
                report = play_batches(job, args, sub, lambda k: bar.advance(task, k), played)
            first = report["agents"][0]
            target = HARD_TARGET if p == 2 and job["agent"] == "hard" else 1.0 / p if job["agent"] == "hard" else None
            rows.append({
                "game": job["game"], "players": p, "agent": job["agent"], "opponent": job["opponent"],
                "seats": job["seats"], "games": report["completed"], "errors": report["errors"],
                "win_rate": first["win_rate"], "win_ci95": first["win_ci95"], "margin_mean": first["margin_mean"],
                "score_mean": first["score_mean"],
                "think_ms_per_decision": [first["think_ms_per_decision"], report["agents"][1]["think_ms_per_decision"]],
                "target": target,
                "met": None if target is None else (first["win_rate"] >= target if p == 2 else first["win_rate"] > target),
            })
    if run_dir is not None:
        run_dir.mkdir(parents=True, exist_ok=True)
        (run_dir / "results.json").write_text(json.dumps({"settings": vars(args), "levels": rows}, indent=1),
                                              encoding="utf-8")
        write_rows(played, run_dir / "games.csv")
    if args.json:
        print(json.dumps({"settings": vars(args), "levels": rows}))
    else:
        for r in rows:
            lo, hi = r["win_ci95"]
            verdict = "" if r["target"] is None else (
                f"target {'>=' if r['players'] == 2 else '>'} {r['target']:.0%}: "
                + ("missed" if not r["met"] else "met" if lo >= r["target"] else "met on the point estimate only"))
            print(f"{r['game']:18} {r['players']}p {r['agent']:>6} vs {r['opponent']:<6} {r['games']:4} games  "
                  f"win {r['win_rate']:.0%} [{lo:.0%}, {hi:.0%}]  margin {r['margin_mean']:+.1f}  ms/decision "
                  f"{r['think_ms_per_decision'][0]:.0f}/{r['think_ms_per_decision'][1]:.0f}  {verdict}", flush=True)
        if run_dir is not None:
            print(f"saved: {run_dir / 'results.json'}, {run_dir / 'games.csv'} (homeroom report {run_dir / 'games.csv'})")
    return 1 if any(r["errors"] for r in rows) else 0


def run_versus(args: argparse.Namespace, ids: list[str]) -> int:
    """``--versus A B``: A against B at 2 players in each game, seats rotated on duplicate deals."""
    a, b = args.versus
    rows = []
    for gid in ids:
        try:
            row = head_to_head(gid, a, b, args.games, args.seed, args.workers)
        except HomeroomError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        rows.append(row)
        if not args.json:
            lo, hi = row["win_ci95"]
            print(f"{gid:20} {a} vs {b}: {row['games']} games  win {row['win_rate']:.0%} [{lo:.0%}, {hi:.0%}]  "
                  f"margin {row['margin_mean']:+.1f}  ms/decision {row['think_ms_per_decision'][0]:.0f}/"
                  f"{row['think_ms_per_decision'][1]:.0f}", flush=True)
    if args.json:
        print(json.dumps({"settings": vars(args), "versus": rows}))
    return 1 if any(r["errors"] for r in rows) else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per pairing (rounded up to even; 0: skip the pairings)")
    parser.add_argument("--mcts", default="mcts", help="the MCTS spec (default: mcts, 1 s per decision)")
    parser.add_argument("--greedy", default="greedy", help="the greedy spec")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--pairing", action="append", choices=["mcts-random", "mcts-greedy", "greedy-random"],
                        help="only these pairings (repeatable)")
    parser.add_argument("--ips-seconds", type=float, default=1.0, help="search time per position for it/s (0: skip)")
    parser.add_argument("--solo-games", type=int, default=4, help="games per agent and difficulty against Ed (0: skip)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--versus", nargs=2, metavar=("A", "B"),
                        help="only play agent spec A against B (2 players, seats rotated) in each game, "
                             "e.g. a new MCTS default against the old one at the same time budget")
    parser.add_argument("--levels", action="store_true", help="measure the difficulty levels (a batch job)")
    parser.add_argument("--players", type=int, action="append", help="--levels: player counts (default 2)")
    parser.add_argument("--level-pairing", action="append", choices=list(LEVEL_PAIRINGS),
                        help="--levels: only these 2-player pairings (at 3+ players: hard-medium)")
    parser.add_argument("--hard", default="hard", help="--levels: the hard spec (e.g. hard:iterations=300)")
    parser.add_argument("--medium", default="medium", help="--levels: the medium spec")
    parser.add_argument("--easy", default="easy", help="--levels: the easy spec")
    parser.add_argument("--backend", default="local", help="--levels: local or ray")
    parser.add_argument("--run-dir", help="--levels: save finished games here; rerun to resume or re-report")
    parser.add_argument("--batch", type=int, default=0,
                        help="--levels: play each pairing in batches of about N games on consecutive deals")
    parser.add_argument("--report", action="store_true",
                        help="--levels: only report what --run-dir holds (complete duplicate blocks), play nothing")
    args, _unknown = parser.parse_known_args(argv)
    ids = args.game or [g for g in GAMES if g in games.ids()]
    if args.levels:
        try:
            return run_levels(args, ids)
        except HomeroomError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    if args.games < 0 or args.ips_seconds < 0 or args.solo_games < 0:
        print("error: --games, --ips-seconds and --solo-games take 0 (skip) or more", file=sys.stderr)
        return 2
    if args.versus:
        return run_versus(args, ids)
    pairings = (args.pairing or ["mcts-random", "mcts-greedy", "greedy-random"]) if args.games else []
    spec = {"mcts": args.mcts, "greedy": args.greedy, "random": "random"}
    out: dict[str, Any] = {"settings": vars(args), "iterations_per_second": [], "head_to_head": [], "solo": None}
    for gid in ids if args.ips_seconds else []:
        row = iterations_per_second(gid, args.ips_seconds)
        out["iterations_per_second"].append(row)
        if not args.json:
            print(f"{gid:20} MCTS {row['iterations_per_cpu_second']} iterations per CPU second", flush=True)
    for gid in ids:
        for pairing in pairings:
            a, b = pairing.split("-")
            row = head_to_head(gid, spec[a], spec[b], args.games, args.seed, args.workers)
            out["head_to_head"].append(row)
            if not args.json:
                lo, hi = row["win_ci95"]
                verdict = "" if row["target"] is None else (
                    f"target {row['target']:.0%}: {'met' if row['met'] else 'missed'}")
                print(f"{gid:20} {spec[a]:>22} vs {spec[b]:<10} {row['games']:3} games  win {row['win_rate']:.0%} "
                      f"[{lo:.0%}, {hi:.0%}]  margin {row['margin_mean']:+.1f}  ms/decision "
                      f"{row['think_ms_per_decision'][0]:.0f}/{row['think_ms_per_decision'][1]:.0f}  {verdict}",
                      flush=True)
    co89 = games.get("class-of-89")
    if args.solo_games > 0 and co89.info.min_players == 1:
        report = solo("class-of-89", ["random", spec["greedy"], spec["mcts"]], args.solo_games, args.seed,
                      workers=args.workers)
        out["solo"] = report["solo"]
        if not args.json:
            for r in report["solo"]:
                lo, hi = r["win_ci95"]
                print(f"class-of-89 solo {str(r['difficulty']):8} {r['agent']:>22}  {r['games']} games  "
                      f"win {r['win_rate']:.0%} [{lo:.0%}, {hi:.0%}]  score {r['score_mean']:.1f} "
                      f"(sd {r['score_sd']:.1f}, quartiles {r['score_quartiles']})", flush=True)
    elif not args.json:
        reason = "no solo game yet" if co89.info.min_players > 1 else "--solo-games 0"
        print(f"class-of-89 solo against Ed: skipped ({reason})")
    if args.json:
        print(json.dumps(out))
    return 1 if any(r["errors"] for r in out["head_to_head"]) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
