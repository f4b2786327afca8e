"""Engine benchmarks per game and player count: random-playout speed and the cost of the
contract's hot calls (legal_actions, apply, clone, to_json), plus the memory of one state."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Sequence
from typing import Any

from homeroom import games
from homeroom.engine import Rng, State


def _random_game(game_id: str, players: int, seed: int, options: dict[str, Any],
                 sample: bool = False) -> tuple[int, list[State]]:
    """Play one uniform-random game; with ``sample``, keep a copy of every 10th position."""
    game = games.get(game_id)
    state = game.new_state(players, seed, options)
    rng = Rng(seed)
    decisions = 0
    samples: list[State] = []
    while not state.is_terminal():
        if sample and decisions % 10 == 0:
            samples.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions, samples


def bench_case(game_id: str, players: int, options: dict[str, Any] | None = None,
               seconds: float = 2.0, min_games: int = 5) -> dict[str, Any]:
    """Measure one game at one player count; runs for about ``seconds`` of CPU."""
    opts = options or {}
    games.get(game_id).validate(players, opts)
    n = 0
    decisions = 0
    cpu = 0.0
    samples: list[State] = []
    for seed in range(3):  # positions for the per-call figures, outside the timed games
        samples.extend(_random_game(game_id, players, 10_000 + seed, opts, sample=True)[1])
    while n < min_games or cpu < seconds:
        t0 = time.process_time()
        d, _ = _random_game(game_id, players, n, opts)
        cpu += time.process_time() - t0
        decisions += d
        n += 1
    per = _per_call(samples)
    mid = samples[len(samples) // 2]
    return {
        "game": game_id,
        "players": players,
        "options": opts,
        "games": n,
        "cpu_ms_per_game": round(1000 * cpu / n, 3),
        "games_per_second": round(n / cpu, 2),
        "decisions_per_second": round(decisions / cpu, 1),
        "mean_decisions": round(decisions / n, 1),
        **per,
        "state_bytes": _state_memory(mid),
        "state_json_bytes": len(mid.to_json()),
    }


def _timed(fn: Any, items: Sequence[Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - t0)
    return round(1e6 * best / max(1, len(items)), 2)


def _per_call(samples: list[State]) -> dict[str, float]:
    live = [s for s in samples if not s.is_terminal()]
    rng = Rng(1)
    moves = [(s, rng.choice(s.legal_actions())) for s in live]
    clones = [[s.clone() for s, _ in moves] for _ in range(3)]
    it = iter(clones)

    def apply_all(_: Any) -> None:
        for (_, action), c in zip(moves, next(it)):
            c.apply(action)

    t_apply = _timed(apply_all, [None], repeat=3) / max(1, len(moves))
    return {
        "legal_actions_us": _timed(lambda s: s._legal_actions(), live),
        "apply_us": round(t_apply, 2),
        "clone_us": _timed(lambda s: s.clone(), live),
        "to_json_us": _timed(lambda s: s.to_json(), live),
    }


def _state_memory(state: State) -> dict[str, int]:
    text = state.to_json()
    game = games.get(state.game_id)
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    rebuilt = game.state_from_json(text)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del rebuilt
    return {"held": current - base, "peak_while_loading": peak - base}


def run(game_ids: Sequence[str] | None = None, seconds: float = 2.0) -> list[dict[str, Any]]:
    rows = []
    for gid in game_ids or games.ids():
        game = games.get(gid)
        for players in game.info.player_counts:
            rows.append(bench_case(gid, players, seconds=seconds))
    return rows
