"""Fit and check the post-game analysis's win chances (``homeroom.analysis.winmodel``).

Plays medium-against-medium games of each title and player count, records at every decision the
deciding seat's evaluation (what it could see) and the game's progress, and fits the temperature
line ``T(p) = end + (start - end) * (1 - p)`` by maximum likelihood of who won. Then prints the
calibration table: the chances the fitted model gives, in bins, against how often those seats
actually won, and (``--search N``) the same for the analysis's own search estimates (``win_before``
of ``homeroom analyse``) on N games per title.

    python bench/calibrate_analysis.py --games 200 --write        # refit, store, print the table
    python bench/calibrate_analysis.py --games 40 --search 10      # check only, with search figures

Resumable: every finished game's records are saved under ``--run-dir`` (default
``out/calibrate_analysis``) by :class:`homeroom.sim.rundir.RunDir`.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.agents.evaluation import evaluator
from homeroom.agents.levels import medium
from homeroom.analysis.winmodel import CALIBRATION, Temperature, final_chances, win_chances
from homeroom.sim.rundir import RunDir, execute

TITLES = {"class-of-89": [2, 3, 4], "academic-society": [2, 3, 4], "high-school-drama": [2, 3, 4, 5]}
BINS = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001]


def play(task: tuple[str, int, int]) -> dict[str, Any]:
    """One medium-vs-medium game: per decision (progress, seat, evaluation values), and who won."""
    game_id, players, seed = task
    game = games.get(game_id)
    state = game.new_state(players, seed)
    agents = [medium(seed * 10 + s) for s in range(players)]
    evaluate = evaluator(game_id)
    points = []
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        points.append([seat, [round(v, 3) for v in evaluate(state, seat)]])  # type: ignore[operator]
        state.apply(agents[seat].choose(state, seat))
    n = len(points)
    return {"seed": seed, "won": final_chances(state),
            "points": [[i / max(1, n - 1), s, v] for i, (s, v) in enumerate(points)]}


def rows_of(results: list[dict[str, Any]]) -> list[tuple[float, int, list[float], float]]:
    return [(p, s, v, r["won"][s]) for r in results for p, s, v in r["points"]]


def loglik(rows: list[tuple[float, int, list[float], float]], t: Temperature) -> float:
    total = 0.0
    for p, s, v, won in rows:
        q = min(1 - 1e-6, max(1e-6, win_chances(v, t.at(p))[s]))
        total += won * math.log(q) + (1 - won) * math.log(1 - q)
    return total


def fit(rows: list[tuple[float, int, list[float], float]]) -> Temperature:
    """Grid search, then a finer grid around the best (the likelihood is smooth in both)."""
    best = Temperature(30.0, 6.0)
    best_ll = -math.inf
    for start in [4, 8, 12, 16, 24, 32, 48, 64, 96, 128]:
        for end in [1, 2, 3, 4, 6, 8, 12, 16, 24]:
            ll = loglik(rows, Temperature(float(start), float(end)))
            if ll > best_ll:
                best, best_ll = Temperature(float(start), float(end)), ll
    s0, e0 = best.start, best.end
    for ds in (0.7, 0.8, 0.9, 1.0, 1.1, 1.25, 1.4):
        for de in (0.7, 0.8, 0.9, 1.0, 1.1, 1.25, 1.4):
            t = Temperature(round(s0 * ds, 2), round(e0 * de, 2))
            ll = loglik(rows, t)
            if ll > best_ll:
                best, best_ll = t, ll
    return best


def table(pairs: list[tuple[float, float]]) -> list[str]:
    """Markdown rows: predicted-chance bin, positions, mean predicted, how often they won."""
    out = ["| chance given | positions | mean chance | won |", "| --- | ---: | ---: | ---: |"]
    for lo, hi in zip(BINS, BINS[1:], strict=False):
        inside = [(q, w) for q, w in pairs if lo <= q < hi]
        if inside:
            out.append(f"| {100 * lo:.0f}-{min(100, 100 * hi):.0f}% | {len(inside)} | "
                       f"{100 * sum(q for q, _ in inside) / len(inside):.1f}% | "
                       f"{100 * sum(w for _, w in inside) / len(inside):.1f}% |")
    return out


def search_pairs(game_id: str, players: int, n: int, iterations: int, run: Path) -> list[tuple[float, float]]:
    """``win_before`` of the analysis against who won, over ``n`` analysed medium games."""
    from homeroom.analysis.analyse import Settings, analyse
    from homeroom.engine.match import Match, Seat

    pairs = []
    for seed in range(n):
        game = games.get(game_id)
        match = Match.start(game, players, 5000 + seed, {}, [Seat(f"P{i + 1}", "medium") for i in range(players)])
        agents = [medium(seed * 10 + s) for s in range(players)]
        while not match.state.is_terminal():
            seat = match.state.to_move
            assert seat is not None
            match.play(agents[seat].choose(match.state, seat))
        won = final_chances(match.state)
        result = analyse(match.to_replay(), Settings(iterations=iterations), run_dir=run / f"{game_id}-{players}-{seed}")
        pairs += [(d["win_before"], won[d["seat"]]) for d in result["decisions"] if not d["forced"]]
    return pairs


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="medium games per title and player count")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--game", action="append", help="only this title (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--write", action="store_true", help="store the fitted temperatures in calibration.toml")
    parser.add_argument("--search", type=int, default=0, help="also analyse N 2-player games per title")
    parser.add_argument("--iterations", type=int, default=300, help="search iterations for --search")
    parser.add_argument("--run-dir", type=Path, default=Path("out/calibrate_analysis"))
    args = parser.parse_args(argv)
    fitted: dict[str, dict[int, Temperature]] = {}
    report = ["# Calibration of the analysis's win chances", ""]
    for game_id, counts in TITLES.items():
        if args.game and game_id not in args.game:
            continue
        for players in counts:
            if args.players and players not in args.players:
                continue
            start = time.perf_counter()
            folder = RunDir(args.run_dir / f"{game_id}-{players}", prefix="game")
            folder.open({"game": game_id, "players": players, "bot": "medium"})
            done = {int(k): v for k, v in folder.done().items()}
            todo = [(game_id, players, s) for s in range(args.games) if s not in done]
            for result in execute(play, todo, args.workers):
                folder.save(f"{result['seed']:06d}", result)
                done[result["seed"]] = result
            results = [done[s] for s in range(args.games)]
            rows = rows_of(results)
            t = fit(rows)
            fitted.setdefault(game_id, {})[players] = t
            pairs = [(win_chances(v, t.at(p))[s], won) for p, s, v, won in rows]
            print(f"{game_id} {players}p: {len(results)} games, {len(rows)} positions, T(p) from {t.start:g} "
                  f"to {t.end:g} points ({time.perf_counter() - start:.0f} s)", flush=True)
            report += [f"## {game_id}, {players} players: {len(results)} medium games, {len(rows)} positions, "
                       f"T from {t.start:g} to {t.end:g}", "", *table(pairs), ""]
        if args.search:
            pairs = search_pairs(game_id, 2, args.search, args.iterations, args.run_dir / "search")
            report += [f"## {game_id}, 2 players: the analysis's search ({args.iterations} iterations), "
                       f"{args.search} medium games, {len(pairs)} rated decisions", "", *table(pairs), ""]
    print("\n".join(report))
    if args.write:
        from homeroom.analysis.winmodel import _load

        merged = _load()  # titles not run this time keep their fitted values
        for game_id, rows_t in fitted.items():
            merged.setdefault(game_id, {}).update(rows_t)
        lines = ["# Fitted by bench/calibrate_analysis.py (medium against medium; see its docstring and",
                 "# src/homeroom/analysis/ANALYSIS.md for the games behind each line).", ""]
        for game_id, rows_t in sorted(merged.items()):
            lines.append(f'["{game_id}"]')
            for players, t in sorted(rows_t.items()):
                lines.append(f'{players} = {{ start = {t.start:g}, end = {t.end:g} }}')
            lines.append("")
        CALIBRATION.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {CALIBRATION}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
