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
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from homeroom import games
from homeroom.agents.mcts import MctsAgent
from homeroom.engine import Rng
from homeroom.sim.tournament import solo, tournament

TARGETS = {("mcts", "random"): 0.95, ("mcts", "greedy"): 0.60, ("greedy", "random"): 0.80}
GAMES = ("class-of-89", "academic-society", "high-school-drama")


def iterations_per_second(game_id: str, seconds: float, positions: int = 3) -> dict[str, Any]:
    """MCTS iterations per CPU second at a few positions of a random 2-player game."""
    game = games.get(game_id)
    total_it = 0
    total_cpu = 0.0
    for k in range(positions):
        # a position (with a real choice) k/positions of the way into a random game
        state = game.new_state(2, 100 + k)
        rng = Rng(100 + k)
        seen = []
        while not state.is_terminal():
            if len(state.legal_actions()) > 1:
                seen.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        if not seen:
            continue
        state = seen[len(seen) * (2 * k + 1) // (2 * positions)]
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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per pairing (rounded up to even)")
    parser.add_argument("--mcts", default="mcts", help="the MCTS spec (default: mcts, 1 s per decision)")
    parser.add_argument("--greedy", default="greedy", help="the greedy spec")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--pairing", action="append", choices=["mcts-random", "mcts-greedy", "greedy-random"],
                        help="only these pairings (repeatable)")
    parser.add_argument("--ips-seconds", type=float, default=1.0, help="search time per position for it/s")
    parser.add_argument("--solo-games", type=int, default=4, help="games per agent and difficulty against Ed (0: skip)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args, _unknown = parser.parse_known_args(argv)
    ids = args.game or [g for g in GAMES if g in games.ids()]
    pairings = args.pairing or ["mcts-random", "mcts-greedy", "greedy-random"]
    spec = {"mcts": args.mcts, "greedy": args.greedy, "random": "random"}
    out: dict[str, Any] = {"settings": vars(args), "iterations_per_second": [], "head_to_head": [], "solo": None}
    for gid in ids:
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
