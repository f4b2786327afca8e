"""Engine benchmarks per game and player count: random-playout speed (with the log, and in search
mode: ``State.set_quiet``) and the cost of the contract's hot calls (legal_actions, apply, clone,
to_json), plus the memory of one state.

Every figure is CPU time (``time.process_time``), so a busy machine slows the clock less than it
slows the wall; and every speed is also given as a ratio against a reference workload measured
in the same run (:mod:`homeroom.sim.reference`), before and after the cases, so figures taken on
different machines or at different loads can be compared.
"""

from __future__ import annotations

import resource
import statistics
import time
import tracemalloc
from collections.abc import Sequence
from typing import Any

from homeroom import games
from homeroom.engine import Rng, State

QUIET_SEEDS = 1_000_000
"""The search-mode games of :func:`bench_case` are seeds ``QUIET_SEEDS + n``."""


def _random_game(game_id: str, players: int, seed: int, options: dict[str, Any],
                 sample: bool = False, quiet: bool = False) -> tuple[int, list[State]]:
    """Play one uniform-random game; with ``sample``, keep a copy of every 10th position; with
    ``quiet``, in search mode (no log text, as bots' searches and ``simulate`` play)."""
    game = games.get(game_id)
    state = game.new_state(players, seed, options)
    if quiet:
        state.set_quiet()
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
    quiet_decisions = 0
    quiet_cpu = 0.0
    while n < min_games or cpu < seconds:
        # each game with its log, then in search mode, alternately: both see the same machine load
        # and the same warmth of the games' memos; the search-mode game is another seed (replaying
        # the game just played would find every placement scan and scoring in the memos)
        t0 = time.process_time()
        d, _ = _random_game(game_id, players, n, opts)
        t1 = time.process_time()
        q, _ = _random_game(game_id, players, QUIET_SEEDS + n, opts, quiet=True)
        cpu += t1 - t0
        quiet_cpu += time.process_time() - t1
        decisions += d
        quiet_decisions += q
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
        "quiet_decisions_per_second": round(quiet_decisions / quiet_cpu, 1),
        "mean_decisions": round(decisions / n, 1),
        **per,
        "state_bytes": _state_memory(mid),
        "state_json_bytes": len(mid.to_json()),
    }


def _timed(fn: Any, items: Sequence[Any], repeat: int = 3) -> float:
    best = float("inf")
    for item in items[:3]:  # warm every cache (compiled copiers, codecs) first
        fn(item)
    for _ in range(repeat):
        t0 = time.process_time()
        for item in items:
            fn(item)
        best = min(best, time.process_time() - t0)
    return round(1e6 * best / max(1, len(items)), 2)


def _per_call(samples: list[State]) -> dict[str, float]:
    live = [s for s in samples if not s.is_terminal()]
    rng = Rng(1)
    moves = [(s, rng.choice(s.legal_actions())) for s in live]
    clones = [[s.clone() for s, _ in moves] for _ in range(4)]  # one set warms the caches
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
    game.state_from_json(text)  # warm the compiled decoders, so only the state is counted
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


def with_reference(cases: Sequence[tuple[str, int]], seconds: float = 2.0) -> dict[str, Any]:
    """Measure ``cases`` (game, players) with the reference workload measured before and after
    them (its two figures show how steady the machine was); each row gets ``ratio``, its
    decisions per CPU second over the reference's (both count players' decisions)."""
    from homeroom.sim.reference import reference

    ref_seconds = max(0.2, min(seconds, 2.0))
    before = reference(ref_seconds)
    rows = [bench_case(gid, n, seconds=seconds) for gid, n in cases]
    after = reference(ref_seconds)
    rate = statistics.mean([before["decisions_per_second"], after["decisions_per_second"]])
    for row in rows:
        row["ratio"] = round(row["decisions_per_second"] / rate, 3)
        row["quiet_ratio"] = round(row["quiet_decisions_per_second"] / rate, 3)
    spread = abs(before["decisions_per_second"] - after["decisions_per_second"]) / rate
    return {"reference": {**before, "decisions_per_second": round(rate, 1),
                          "before": before["decisions_per_second"], "after": after["decisions_per_second"],
                          "drift": round(spread, 3)},
            "cases": rows}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def simulate_scaling(game_id: str, players: int, n_games: int, workers: Sequence[int] = (1, 2),
                     seats: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """``simulate`` with 1, 2, ... workers: games per wall second, games per CPU second (the
    parent's and the workers' CPU together), and the speed-up over one worker both by the wall
    clock and CPU-normalised (``workers x`` the CPU efficiency, what an idle machine with that
    many cores would give: on a busy machine the wall clock measures the other load)."""
    from homeroom.sim.runner import simulate

    simulate(game_id, players, min(n_games, 4), seats=seats)  # warm up (imports, component data)
    rows: list[dict[str, Any]] = []
    for i, w in enumerate(workers):
        wall0, cpu0, kids0 = time.perf_counter(), time.process_time(), _children_cpu()
        # other seeds for each worker count: forked workers start with this process's memos, and
        # must not find the very games the previous row played in them
        results = simulate(game_id, players, n_games, seats=seats, workers=w, seed=(i + 1) * 1_000_003)
        wall = time.perf_counter() - wall0
        cpu = (time.process_time() - cpu0) + (_children_cpu() - kids0)
        errors = sum(1 for r in results if r.error)
        rows.append({"game": game_id, "players": players, "workers": w, "games": n_games, "errors": errors,
                     "wall_seconds": round(wall, 3), "cpu_seconds": round(cpu, 3),
                     "games_per_wall_second": round(n_games / wall, 2),
                     "games_per_cpu_second": round(n_games / cpu, 2)})
    base = rows[0]
    for row in rows:
        row["speedup_wall"] = round(row["games_per_wall_second"] / base["games_per_wall_second"], 2)
        row["speedup_cpu_normalised"] = round(
            row["workers"] / base["workers"] * row["games_per_cpu_second"] / base["games_per_cpu_second"], 2)
    return rows
