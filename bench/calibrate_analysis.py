"""Fit and check the post-game analysis's win chances (``homeroom.analysis.winmodel``).

Plays medium-against-medium games of each title and player count, records at every decision the
deciding seat's evaluation (what it could see) and the game's progress, and fits the temperature
line ``T(p) = end + (start - end) * (1 - p)`` by maximum likelihood of who won (a grid in powers
of 2 from 0.5 to 4096 points, then a pattern search in log T; a fit on a bound of that range is
flagged with a WARNING). Then prints the calibration table: the chances the fitted model gives, in
bins, against how often those seats actually won, and (``--search N``) the same for the analysis's
own search estimates (``win_before`` of ``homeroom analyse``) on N 2-player games per title. With
``--write`` the fits are stored before the searches run, so the searches use them.

    python bench/calibrate_analysis.py --games 200 --write        # refit, store, print the table
    python bench/calibrate_analysis.py --games 40 --search 10      # check only, with search figures

Resumable: every finished game's records are saved under ``--run-dir`` (default
``out/calibrate_analysis``) by :class:`homeroom.sim.rundir.RunDir`, and every analysed game's
decisions under ``search-T<start>-<end>`` (the temperatures it was analysed with).
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
from homeroom.analysis.winmodel import CALIBRATION, Temperature, final_chances, temperature, win_chances
from homeroom.sim.rundir import RunDir, execute

TITLES = {"class-of-89": [2, 3, 4], "academic-society": [2, 3, 4], "high-school-drama": [2, 3, 4, 5]}
BINS = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001]
FIT_LOW = 0.5
"""The smallest ``start`` or ``end`` tried: ``Temperature.at`` never goes below 0.5 points."""
FIT_HIGH = 4096.0
"""The largest tried: far beyond any game's scores, so an optimum there means the evaluation says
nothing about who wins (the fit is then reported as on the edge)."""
FIT_STEP = 1 / 64
"""The fit's final resolution in log2 of T (about 1%)."""


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
        points.append([seat, [round(v, 3) for v in evaluate(state, seat)]])
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


def _prepared(rows: list[tuple[float, int, list[float], float]]) -> list[tuple[float, list[float], float]]:
    """Per row: progress, the other seats' values less the deciding seat's (a solo game's one value
    ``v`` is the seat against ``[v, 0]``: the other is ``-v``), who won."""
    out = []
    for p, s, v, won in rows:
        others = [-v[0]] if len(v) == 1 else [x - v[s] for i, x in enumerate(v) if i != s]
        out.append((p, others, won))
    return out


def _loglik(prepared: list[tuple[float, list[float], float]], t: Temperature) -> float:
    """:func:`loglik` on :func:`_prepared` rows (the fit's inner loop, so the seat differences are
    worked out once)."""
    total = 0.0
    exp, log = math.exp, math.log
    for p, others, won in prepared:
        temp = t.at(p)
        top = max(0.0, max(others)) / temp
        q = exp(-top) / (exp(-top) + sum(exp(d / temp - top) for d in others))
        q = min(1 - 1e-6, max(1e-6, q))
        total += won * log(q) + (1 - won) * log(1 - q)
    return total


def fit(rows: list[tuple[float, int, list[float], float]]) -> Temperature:
    """The maximum-likelihood ``T(p)``: a grid over ``start`` and ``end`` in powers of 2 from
    :data:`FIT_LOW` to :data:`FIT_HIGH`, then a pattern search in log2 around the best (steps
    halved down to :data:`FIT_STEP`). Within those bounds the optimum can sit anywhere; one on a
    bound is reported by :func:`on_edge`."""
    prepared = _prepared(rows)
    lo, hi = math.log2(FIT_LOW), math.log2(FIT_HIGH)
    seen: dict[tuple[float, float], float] = {}

    def score(a: float, b: float) -> float:
        key = (round(a, 9), round(b, 9))
        if key not in seen:
            seen[key] = _loglik(prepared, Temperature(2.0**a, 2.0**b))
        return seen[key]

    grid = [lo + k for k in range(int(hi - lo) + 1)]
    best = max(((a, b) for a in grid for b in grid), key=lambda ab: score(*ab))
    step = 0.5
    while step >= FIT_STEP:
        around = [(min(hi, max(lo, best[0] + i * step)), min(hi, max(lo, best[1] + j * step)))
                  for i in (-1, 0, 1) for j in (-1, 0, 1)]
        nxt = max(around, key=lambda ab: score(*ab))
        if score(*nxt) > score(*best):
            best = nxt
        else:
            step /= 2
    return Temperature(float(f"{2.0**best[0]:.3g}"), float(f"{2.0**best[1]:.3g}"))


def on_edge(t: Temperature) -> list[str]:
    """What of a fitted ``T`` sits on the fit's bounds (empty when the optimum is inside them)."""
    out = []
    for name, value in (("start", t.start), ("end", t.end)):
        if value <= FIT_LOW * 1.02:
            out.append(f"{name} {value:g} is on the lower edge ({FIT_LOW:g})")
        elif value >= FIT_HIGH / 1.02:
            out.append(f"{name} {value:g} is on the upper edge ({FIT_HIGH:g})")
    return out


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


def write(fitted: dict[str, dict[int, Temperature]]) -> None:
    """Store ``fitted`` in calibration.toml (titles and counts not fitted keep their lines) and make
    this process's analyses use it."""
    from homeroom.analysis import winmodel

    merged = winmodel._load()
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
    winmodel._TABLE = None
    print(f"wrote {CALIBRATION}", flush=True)


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
    edges: list[str] = []
    chosen = [g for g in TITLES if not args.game or g in args.game]
    for game_id in chosen:
        for players in TITLES[game_id]:
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
            edges += [f"{game_id} {players}p: {e}" for e in on_edge(t)]
            pairs = [(win_chances(v, t.at(p))[s], won) for p, s, v, won in rows]
            print(f"{game_id} {players}p: {len(results)} games, {len(rows)} positions, T(p) from {t.start:g} "
                  f"to {t.end:g} points ({time.perf_counter() - start:.0f} s)"
                  + "".join(f"; WARNING: {e}" for e in on_edge(t)), flush=True)
            report += [f"## {game_id}, {players} players: {len(results)} medium games, {len(rows)} positions, "
                       f"T from {t.start:g} to {t.end:g}", "", *table(pairs), ""]
    if args.write:
        write(fitted)  # before the searches: they use the stored temperatures
    for game_id in chosen if args.search else []:
        t = temperature(game_id, 2)
        pairs = search_pairs(game_id, 2, args.search, args.iterations,
                             args.run_dir / f"search-T{t.start:g}-{t.end:g}")
        report += [f"## {game_id}, 2 players: the analysis's search ({args.iterations} iterations, T from "
                   f"{t.start:g} to {t.end:g}), {args.search} medium games, {len(pairs)} rated decisions",
                   "", *table(pairs), ""]
    print("\n".join(report))
    for e in edges:
        print(f"WARNING: the fit of {e}: widen FIT_LOW/FIT_HIGH or distrust it", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
