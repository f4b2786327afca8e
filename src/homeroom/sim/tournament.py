"""Tournaments between agents: seat rotation, win rates with confidence intervals, ratings.

``tournament(game, players, agents, games)`` plays the games in blocks of ``players``: within a
block every game uses the same seed and the agents move round one seat at a time, so every agent
plays every seat equally often and on the same deals (a duplicate format, which removes the luck
of the deal from the comparison). The games are played by :func:`homeroom.sim.runner.simulate`
(local processes or Ray). Each agent gets its win rate (shared wins split) with a 95% Wilson
interval, its mean score and margin (own score minus the best other), an Elo rating from the
pairwise results of every game, and its mean think time per decision.

For a one-player game against an automa (Class of '89 solo against Ed E. Tor) there is nothing
to rotate: :func:`solo` plays each agent against the automa at each difficulty and reports the
score distribution and the win rate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.engine.datasets import DataSet
from homeroom.engine.errors import HomeroomError
from homeroom.sim.runner import GameResult, check_run, simulate

Z95 = 1.959963984540054
ELO_START = 1500.0
ELO_K = 16.0


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` out of ``n`` (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rotation(agents: Sequence[str], game_index: int) -> list[str]:
    """The agent in each seat for game ``game_index``: agent ``i`` sits at seat ``(i + r) % n``
    in rotation ``r = game_index % n``."""
    n = len(agents)
    r = game_index % n
    seats = [""] * n
    for i, spec in enumerate(agents):
        seats[(i + r) % n] = spec
    return seats


def labels(agents: Sequence[str]) -> list[str]:
    """Distinct names for the agents (``greedy``, ``greedy#2`` when a spec appears twice)."""
    out = []
    seen: dict[str, int] = {}
    for spec in agents:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return out


@dataclass
class AgentStats:
    label: str
    spec: str
    games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    think: float = 0.0
    decisions: int = 0
    elo: float = ELO_START

    def to_json(self) -> dict[str, Any]:
        n = self.games
        lo, hi = wilson(self.wins, n)
        return {
            "agent": self.label,
            "spec": self.spec,
            "games": n,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / n, 4) if n else 0.0,
            "win_ci95": [round(lo, 4), round(hi, 4)],
            "score_mean": round(sum(self.scores) / n, 3) if n else 0.0,
            "margin_mean": round(sum(self.margins) / n, 3) if n else 0.0,
            "elo": round(self.elo, 1),
            "think_ms_per_decision": round(1000 * self.think / self.decisions, 3) if self.decisions else 0.0,
            "games_per_seat": [self.seats.count(s) for s in range(max(self.seats, default=-1) + 1)],
        }


def update_elo(ratings: list[float], scores: Sequence[int], winners: Sequence[int], k: float = ELO_K) -> list[float]:
    """Multi-player Elo: every pair of seats is a match (a win, a loss, or a draw when both or
    neither won and their scores are equal), each update scaled by ``1 / (n - 1)``."""
    n = len(ratings)
    delta = [0.0] * n
    for a in range(n):
        for b in range(a + 1, n):
            if (a in winners) != (b in winners):
                result = 1.0 if a in winners else 0.0
            elif scores[a] != scores[b]:
                result = 1.0 if scores[a] > scores[b] else 0.0
            else:
                result = 0.5
            expected = 1.0 / (1.0 + 10 ** ((ratings[b] - ratings[a]) / 400))
            change = k * (result - expected) / (n - 1)
            delta[a] += change
            delta[b] -= change
    return [r + d for r, d in zip(ratings, delta)]


def tournament(
    game_id: str,
    players: int,
    agents: Sequence[str],
    n_games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    collect: list[GameResult] | None = None,
    run_dir: Path | None = None,
    chunk: int | None = None,
    data: DataSet | None = None,
) -> dict[str, Any]:
    """Play ``n_games`` (rounded up to a multiple of ``players``) with seats rotated; one agent
    spec per seat (fewer: the rest are ``random``). Returns a JSON-able report; every game's
    result is also appended to ``collect`` when given (for the rows of ``--out``)."""
    specs = list(agents)
    if len(specs) > players:
        raise HomeroomError(f"{len(specs)} agents given for a {players}-player game")
    specs += ["random"] * (players - len(specs))
    if any(s == "human" for s in specs):
        raise HomeroomError("a tournament cannot seat a human; use random or a bot")
    check_run(n_games, seed, workers)
    blocks = math.ceil(n_games / players)
    results: list[tuple[int, GameResult]] = []  # (rotation, result)
    for r in range(players):
        seats = rotation(specs, r)
        sub = run_dir / f"rotation-{r}" if run_dir is not None else None
        for res in simulate(game_id, players, blocks, seats, seed, options, workers, backend, progress,
                            run_dir=sub, chunk=chunk, data=data):
            results.append((r, res))
    return rotated_report(game_id, players, specs, results, seed, options, collect)


def rotated_report(game_id: str, players: int, specs: Sequence[str], results: list[tuple[int, GameResult]],
                   seed: int = 0, options: dict[str, Any] | None = None,
                   collect: list[GameResult] | None = None) -> dict[str, Any]:
    """The report of :func:`tournament` from its games, each given with its seat rotation (also
    used to re-report the games an interrupted run saved, without playing the rest)."""
    names = labels(specs)
    results = list(results)
    # the order in which the games were "played": block by block, rotation by rotation
    results.sort(key=lambda rr: (rr[1].seed, rr[0]))
    if collect is not None:
        collect.extend(res for _, res in results)
    stats = [AgentStats(label, spec) for label, spec in zip(names, specs)]
    errors = [res.error for _, res in results if res.error]
    for r, res in results:
        if res.error:
            continue
        seat_of = [(i + r) % players for i in range(players)]  # agent i -> seat
        by_seat = [0] * players
        for i, seat in enumerate(seat_of):
            by_seat[seat] = i
        for i, seat in enumerate(seat_of):
            st = stats[i]
            st.games += 1
            st.seats.append(seat)
            if seat in res.winner:
                st.wins += 1.0 / len(res.winner)
            st.scores.append(res.scores[seat])
            others = [res.scores[o] for o in range(players) if o != seat]
            st.margins.append(res.scores[seat] - (max(others) if others else 0))
            st.think += res.think_seconds[seat]
            st.decisions += res.decisions_by_seat[seat]
        ratings = [stats[by_seat[seat]].elo for seat in range(players)]
        ratings = update_elo(ratings, res.scores, res.winner)
        for seat in range(players):
            stats[by_seat[seat]].elo = ratings[seat]
    return {
        "game": game_id,
        "players": players,
        "games": len(results),
        "completed": len(results) - len(errors),
        "errors": len(errors),
        "error_samples": errors[:5],
        "seed": seed,
        "options": dict(options or {}),
        "rotation": "duplicate: each seed is played once per rotation of the seats",
        "agents": [s.to_json() for s in stats],
    }


def solo(
    game_id: str,
    agents: Sequence[str],
    n_games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    difficulty_option: str = "difficulty",
    progress: Callable[[int], None] | None = None,
    collect: list[GameResult] | None = None,
    run_dir: Path | None = None,
    chunk: int | None = None,
    data: DataSet | None = None,
) -> dict[str, Any]:
    """Each agent alone against the game's automa, at every difficulty the game offers:
    score distribution (mean, sd, quartiles) and win rate with its 95% interval."""
    game = games.get(game_id)
    if game.info.min_players > 1:
        raise HomeroomError(f"{game.info.name} has no one-player (solo) game")
    check_run(n_games, seed, workers)
    levels: list[Any] = [None]
    for option in game.info.options:
        if option.name == difficulty_option and option.choices:
            levels = list(option.choices)
    rows = []
    for level in levels:
        opts = dict(options or {})
        if level is not None:
            opts[difficulty_option] = level
        for label, spec in zip(labels(agents), agents):
            sub = run_dir / f"{level}-{label}" if run_dir is not None else None
            res = simulate(game_id, 1, n_games, [spec], seed, opts, workers, backend, progress,
                           run_dir=sub, chunk=chunk, data=data)
            if collect is not None:
                collect.extend(res)
            ok = [r for r in res if r.error is None]
            vals = sorted(r.scores[0] for r in ok)
            wins = sum(1 for r in ok if 0 in r.winner)
            n = len(ok)
            mean = sum(vals) / n if n else 0.0
            sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / (n - 1)) if n > 1 else 0.0
            lo, hi = wilson(wins, n)
            decisions = sum(r.decisions_by_seat[0] for r in ok)
            automa = sorted(r.automa_scores.get(name, 0) for r in ok for name in r.automa_scores)
            rows.append({
                "difficulty": level,
                "agent": label,
                "games": n,
                "errors": len(res) - n,
                "wins": wins,
                "win_rate": round(wins / n, 4) if n else 0.0,
                "win_ci95": [round(lo, 4), round(hi, 4)],
                "score_mean": round(mean, 3),
                "score_sd": round(sd, 3),
                "score_quartiles": _quartiles(vals),
                "automa_score_mean": round(sum(automa) / len(automa), 3) if automa else None,
                "automa_score_quartiles": _quartiles(automa),
                "think_ms_per_decision": round(1000 * sum(r.think_seconds[0] for r in ok) / decisions, 3)
                if decisions else 0.0,
            })
    return {"game": game_id, "players": 1, "games_per_case": n_games, "seed": seed, "solo": rows}


def _quartiles(vals: Sequence[int]) -> list[float]:
    """Min, lower quartile, median, upper quartile, max (linear interpolation)."""
    if not vals:
        return []
    out = []
    for q in (0.0, 0.25, 0.5, 0.75, 1.0):
        pos = q * (len(vals) - 1)
        lo = int(math.floor(pos))
        hi = min(len(vals) - 1, lo + 1)
        out.append(round(vals[lo] + (vals[hi] - vals[lo]) * (pos - lo), 2))
    return out


__all__ = ["AgentStats", "labels", "rotated_report", "rotation", "solo", "tournament", "update_elo", "wilson"]
