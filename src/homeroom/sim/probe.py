"""``homeroom lab probe``: each strategy probe of a game against ``medium`` bots, on paired seeds.

Deal ``i`` (seed ``seed + i``) is played twice for each probe: once with the probe in seat
``i mod players`` (seats rotated over the deals) and the ``against`` bot in every other seat, and
once (shared by all probes) with the ``against`` bot in every seat. Both games deal the same cards
and give the other seats the same bots with the same seeds, so the only difference is the probe's
line. The probe's win rate is compared with its fair share (1/players, 95% Wilson interval) and,
deal by deal, with what the ``against`` bot won from the same seat on the same deal (the paired
difference, with its 95% interval): a line that only looks strong because strong seats play it
shows no paired gain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from homeroom import games
from homeroom.agents.probe import lines_of
from homeroom.engine.errors import HomeroomError
from homeroom.sim.runner import GameResult, Job, _execute, check_run
from homeroom.sim.stats import binom_p, mean_diff_ci
from homeroom.sim.tournament import wilson


def _won(result: GameResult, seat: int) -> float:
    return 1 / len(result.winner) if seat in result.winner else 0.0


def probe_run(game_id: str, players: int, n_games: int, seed: int = 0, options: dict[str, Any] | None = None,
              workers: int = 1, against: str = "medium", lines: Sequence[str] | None = None,
              progress: Callable[[int], None] | None = None, collect: list[GameResult] | None = None) -> dict[str, Any]:
    """Play every probe (or those named in ``lines``) on ``n_games`` deals, each paired with the
    all-``against`` game of the same deal, and return the figures (see the module docstring);
    every game played is appended to ``collect`` when given (rows for ``homeroom report``)."""
    game = games.get(game_id)
    options = game.validate(players, options or {})
    if players < 2:
        raise HomeroomError("a probe needs rivals: --players must be at least 2")
    check_run(n_games, seed, workers)
    declared = lines_of(game)
    if not declared:
        raise HomeroomError(f"{game_id} declares no strategy probes (its lab.py has no PROBES)")
    chosen = list(lines or declared)
    for name in chosen:
        if name not in declared:
            raise HomeroomError(f"{game_id} has no probe '{name}' (its probes: {', '.join(declared)})")
    seeds = [seed + i for i in range(n_games)]
    jobs = [Job(game_id, players, (s,), options, tuple([against] * players)) for s in seeds]
    for name in chosen:
        for i, s in enumerate(seeds):
            seats = [against] * players
            seats[i % players] = f"probe:{name}"
            jobs.append(Job(game_id, players, (s,), options, tuple(seats)))
    base: dict[int, GameResult] = {}
    probed: dict[tuple[str, int], GameResult] = {}
    for batch in _execute(jobs, workers, "local"):
        if collect is not None:
            collect.extend(batch)
        for r in batch:
            probe_seats = [k for k, a in enumerate(r.seat_agents) if a.startswith("probe:")]
            if probe_seats:
                probed[(r.seat_agents[probe_seats[0]][len("probe:"):], r.seed)] = r
            else:
                base[r.seed] = r
        if progress is not None:
            progress(len(batch))
    fair = 1 / players
    out: list[dict[str, Any]] = []
    for name in chosen:
        deals: list[dict[str, Any]] = []
        errors = 0
        for i, s in enumerate(seeds):
            seat = i % players
            p, b = probed[(name, s)], base[s]
            if p.error or b.error:
                errors += 1
                continue
            deals.append({"seed": s, "seat": seat + 1, "probe_won": _won(p, seat), "baseline_won": _won(b, seat),
                          "probe_score": p.scores[seat], "baseline_score": b.scores[seat]})
        n = len(deals)
        wins = sum(d["probe_won"] for d in deals)
        lo, hi = wilson(wins, n) if n else (0.0, 0.0)
        diff, dlo, dhi = mean_diff_ci([d["probe_won"] - d["baseline_won"] for d in deals])
        sdiff, slo, shi = mean_diff_ci([d["probe_score"] - d["baseline_score"] for d in deals])
        verdict = ("within noise of its fair share" if lo <= fair <= hi else
                   "wins MORE than its fair share" if lo > fair else "wins LESS than its fair share")
        out.append({"probe": name, "description": declared[name].description, "games": n, "errors": errors,
                    "wins": round(wins, 2), "win_rate": round(wins / n, 4) if n else 0.0,
                    "ci95": [round(lo, 4), round(hi, 4)], "fair_share": round(fair, 4),
                    "p": round(binom_p(wins, n, fair), 6), "verdict": verdict,
                    "paired_win_diff": round(diff, 4), "paired_win_diff_ci95": [round(dlo, 4), round(dhi, 4)],
                    "paired_score_diff": round(sdiff, 2), "paired_score_diff_ci95": [round(slo, 2), round(shi, 2)],
                    "deals": deals})
    return {"game": game_id, "players": players, "games": n_games, "seed": seed, "options": options,
            "against": against, "probes": out}


__all__ = ["probe_run"]
