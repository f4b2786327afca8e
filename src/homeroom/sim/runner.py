"""Play many seeded games with agents and summarise them.

The default backend runs games in this process or on local worker processes; the ``ray``
backend hands the same work to a Ray cluster (``pip install 'homeroom[ray]'``) for runs that
outgrow one machine. Every game is reproducible from its seed.
"""

from __future__ import annotations

import csv
import json
import math
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.agents import make_agent
from homeroom.engine.errors import HomeroomError
from homeroom.engine.game import MAX_SEED
from homeroom.sim.lab import hook_for


@dataclass
class GameResult:
    """The outcome of one simulated game."""

    seed: int
    scores: list[int] = field(default_factory=list)
    breakdowns: list[dict[str, int]] = field(default_factory=list)
    winner: list[int] = field(default_factory=list)
    placings: list[int] = field(default_factory=list)
    """Each seat's final place (1 = first; tied seats share a place)."""
    decisions: int = 0
    seconds: float = 0.0
    think_seconds: list[float] = field(default_factory=list)
    decisions_by_seat: list[int] = field(default_factory=list)
    seat_agents: list[str] = field(default_factory=list)
    automa_scores: dict[str, int] = field(default_factory=dict)
    """Final scores of participants that are not seats (a solo game's automa)."""
    actions: list[dict[str, dict[str, int]]] = field(default_factory=list)
    """Per seat: round -> action kind -> how many times (as the game's ``lab`` hook names them)."""
    taken: list[list[str]] = field(default_factory=list)
    """Per seat, in order: the cards, tiles, Treatises or events the seat took or played."""
    game: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


@dataclass(frozen=True)
class Job:
    game_id: str
    players: int
    seeds: tuple[int, ...]
    options: dict[str, Any]
    seats: tuple[str, ...]


def play_one(game_id: str, players: int, seed: int, options: dict[str, Any], seats: Sequence[str]) -> GameResult:
    """Play one game with agent specs ``seats`` (one per seat); errors are caught and reported."""
    result = GameResult(seed=seed, seat_agents=list(seats), game=game_id, options=dict(options))
    try:
        game = games.get(game_id)
        describe = hook_for(game)
        actions: list[dict[str, dict[str, int]]] = [{} for _ in range(players)]
        taken: list[list[str]] = [[] for _ in range(players)]
        state = game.new_state(players, seed, options)
        state.set_quiet()  # nobody reads a simulated game's log: skip building its text
        agents = [make_agent(spec, seed * 1_000_003 + i) for i, spec in enumerate(seats)]
        think = [0.0] * players
        counts = [0] * players
        start = time.process_time()
        bound = game.info.max_decisions
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            t0 = time.perf_counter()
            action = agents[seat].choose(state, seat)
            think[seat] += time.perf_counter() - t0
            counts[seat] += 1
            rnd, kind, component = describe(state, seat, action)
            per_round = actions[seat].setdefault(str(rnd), {})
            per_round[kind] = per_round.get(kind, 0) + 1
            if component is not None:
                taken[seat].append(component)
            state.apply(action)
            result.decisions += 1
            if result.decisions > bound:
                raise RuntimeError(f"no end within {bound} decisions")
        result.seconds = time.process_time() - start
        with state.results_memo():  # one end-game scoring for all four (Class of '89's is costly)
            scores = state.scores()
            result.scores = [s.total for s in scores]
            result.breakdowns = [dict(s.breakdown) for s in scores]
            result.winner = state.winner() or []
            result.placings = state.placings() or []
            result.automa_scores = {name: score.total for name, score in state.automa_scores().items()}
        result.think_seconds = think
        result.decisions_by_seat = counts
        result.actions = actions
        result.taken = taken
    except Exception as err:  # noqa: BLE001 - a simulation reports errors instead of dying
        tb = traceback.extract_tb(err.__traceback__)
        where = f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""
        result.error = f"seed {seed}: {type(err).__name__}: {err}{where}"
    return result


def run_job(job: Job) -> list[GameResult]:
    return [play_one(job.game_id, job.players, s, job.options, job.seats) for s in job.seeds]


MAX_GAMES = 1_000_000
"""Games in one run at most: a run keeps every game's result in memory (about a kilobyte each), so
a larger study is split into runs by ``--seed``."""


def check_run(n_games: int, seed: int, workers: int = 1) -> None:
    """Refuse, in one line, a run that could never finish or that would leave the seed range:
    games 1 to :data:`MAX_GAMES`, seeds ``seed .. seed + n_games - 1`` all valid, workers at least 1."""
    if not 1 <= n_games <= MAX_GAMES:
        raise HomeroomError(f"the number of games must be from 1 to {MAX_GAMES:,} in one run (a run keeps every "
                            f"game's result in memory; split a larger study by --seed), not {_shown(n_games)}")
    if not 0 <= seed <= MAX_SEED - (n_games - 1):
        raise HomeroomError(f"--seed must be from 0 to {MAX_SEED - (n_games - 1)} (game i uses seed + i, and seeds "
                            f"go up to 2**64 - 1), not {_shown(seed)}")
    if workers < 1:
        raise HomeroomError("the number of workers must be at least 1")


def _shown(number: int) -> str:
    text = str(number)
    return text if len(text) <= 30 else f"a number of {len(text)} digits"


def cpu_count() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def worker_count(requested: int, tasks: int) -> int:
    """Local worker processes for ``tasks`` tasks: what was asked, but never more than the CPUs
    this process may use (more would only take turns on the same cores) nor than the tasks."""
    return max(1, min(requested, cpu_count(), tasks))


def _die_with_parent() -> None:
    """In a worker process: exit as soon as the process that started it is gone, so a killed run
    never leaves its workers playing (Linux asks the kernel for a signal; a watcher thread covers
    the rest)."""
    parent = os.getppid()
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(1)
            time.sleep(0.5)

    threading.Thread(target=watch, name="homeroom-parent-watch", daemon=True).start()


def _jobs(game_id: str, players: int, n: int, seed: int, options: dict[str, Any],
          seats: Sequence[str], chunk: int) -> list[Job]:
    seeds = [seed + i for i in range(n)]
    return [Job(game_id, players, tuple(seeds[i:i + chunk]), dict(options), tuple(seats))
            for i in range(0, n, chunk)]


def simulate(
    game_id: str,
    players: int,
    n_games: int,
    seats: Sequence[str] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    run_dir: Path | None = None,
    chunk: int | None = None,
) -> list[GameResult]:
    """Play ``n_games`` games with seeds ``seed .. seed+n-1``; results come back in seed order.

    With ``run_dir``, every finished task's games are written there at once (``chunk-<seed>.json``)
    and a later call with the same directory and arguments plays only the chunks not yet there,
    so an interrupted run resumes where it stopped. ``chunk`` is the number of games per task
    (default: about 16 tasks per worker, so that none waits long for the last; at most 50 games each)."""
    game = games.get(game_id)
    resolved = game.validate(players, options or {})
    seat_specs = list(seats or [])
    if len(seat_specs) > players:
        raise HomeroomError(f"{len(seat_specs)} seats given for a {players}-player game")
    seat_specs += ["random"] * (players - len(seat_specs))
    for i, spec in enumerate(seat_specs):
        if spec == "human":
            raise HomeroomError("simulate cannot seat a human; use random or a bot")
        make_agent(spec, i)  # validate the spec before starting any work
    check_run(n_games, seed, workers)
    if chunk is not None and chunk < 1:
        raise HomeroomError("the number of games per task must be at least 1")
    # 16 tasks per worker: the last task to finish leaves the other workers idle for at most
    # 1/16 of the run (a task costs well under a millisecond of scheduling)
    size = chunk or max(1, min(50, math.ceil(n_games / (workers * 16))))
    results: list[GameResult] = []
    if run_dir is not None:
        manifest = {"game": game_id, "players": players, "games": n_games, "seed": seed,
                    "options": resolved, "seats": seat_specs, "chunk": chunk}
        size, done = _open_run(run_dir, manifest, size)
        for batch in done.values():
            results.extend(batch)
            if progress:
                progress(len(batch))
    else:
        done = {}
    jobs = [j for j in _jobs(game_id, players, n_games, seed, resolved, seat_specs, size) if j.seeds[0] not in done]
    for batch in _execute(jobs, workers, backend):
        if run_dir is not None and batch:
            _save_chunk(run_dir, batch)
        results.extend(batch)
        if progress:
            progress(len(batch))
    results.sort(key=lambda r: r.seed)
    return results


def _open_run(run_dir: Path, manifest: dict[str, Any], size: int) -> tuple[int, dict[int, list[GameResult]]]:
    """Create or reopen a run directory: returns the chunk size and the finished chunks by first seed."""
    path = run_dir / "manifest.json"
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
        if path.exists():
            old = json.loads(path.read_text(encoding="utf-8"))
            want = {k: v for k, v in manifest.items() if k != "chunk"}
            have = {k: old.get(k) for k in want}
            if have != json.loads(json.dumps(want)):
                diff = ", ".join(k for k in want if have[k] != json.loads(json.dumps(want[k])))
                raise HomeroomError(f"run directory {run_dir} holds a different run (differs in: {diff}); "
                                    "use a new directory")
            size = int(old.get("size", size))
        else:
            _write_atomic(path, json.dumps({**manifest, "size": size}, indent=1))
    except OSError as err:
        raise HomeroomError(f"cannot use run directory {run_dir}: {err.strerror or err}") from None
    done: dict[int, list[GameResult]] = {}
    for chunk_path in sorted(run_dir.glob("chunk-*.json")):
        try:
            rows = json.loads(chunk_path.read_text(encoding="utf-8"))
            batch = [GameResult(**row) for row in rows]
        except (OSError, ValueError, TypeError):
            continue  # a chunk cut short by the interruption: it is played again
        if batch:
            done[batch[0].seed] = batch
    return size, done


def _save_chunk(run_dir: Path, batch: list[GameResult]) -> None:
    try:
        _write_atomic(run_dir / f"chunk-{batch[0].seed:010d}.json", json.dumps([asdict(r) for r in batch]))
    except OSError as err:
        raise HomeroomError(f"cannot write to run directory {run_dir}: {err.strerror or err}") from None


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _execute(jobs: list[Job], workers: int, backend: str) -> Iterator[list[GameResult]]:
    if backend == "ray":
        yield from _execute_ray(jobs)
    elif backend != "local":
        raise HomeroomError(f"unknown backend '{backend}' (known: local, ray)")
    elif worker_count(workers, len(jobs)) == 1:
        for job in jobs:
            yield run_job(job)
    else:
        with ProcessPoolExecutor(max_workers=worker_count(workers, len(jobs)), initializer=_die_with_parent) as pool:
            futures = [pool.submit(run_job, job) for job in jobs]
            for future in as_completed(futures):
                yield future.result()


def _execute_ray(jobs: list[Job]) -> Iterator[list[GameResult]]:
    from homeroom.sim.ray_backend import run_on_ray  # Ray joined or started once per process

    yield from run_on_ray(run_job, jobs)


def summarize(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """Wins per seat, score mean and spread, game length, speed and errors, as one JSON object."""
    ok = [r for r in results if r.error is None]
    wins = [0] * players
    shares = [0.0] * players
    for r in ok:
        for w in r.winner:
            wins[w] += 1
            shares[w] += 1 / len(r.winner)
    seats = []
    for s in range(players):
        vals = [r.scores[s] for r in ok]
        mean = sum(vals) / len(vals) if vals else 0.0
        var = sum((v - mean) ** 2 for v in vals) / (len(vals) - 1) if len(vals) > 1 else 0.0
        agent = results[0].seat_agents[s] if results and results[0].seat_agents else "random"
        seats.append({
            "seat": s,
            "agent": agent,
            "wins": wins[s],
            "win_share": round(shares[s] / len(ok), 4) if ok else 0.0,
            "score_mean": round(mean, 3),
            "score_sd": round(math.sqrt(var), 3),
            "score_min": min(vals) if vals else None,
            "score_max": max(vals) if vals else None,
        })
    decisions = sum(r.decisions for r in ok)
    seconds = sum(r.seconds for r in ok)
    solo: dict[str, Any] = {}
    if players == 1:  # a solo game against an automa: how often the player beats it
        solo = {"solo_wins": wins[0], "solo_win_rate": round(wins[0] / len(ok), 4) if ok else 0.0}
        automa = sorted({name for r in ok for name in r.automa_scores})
        if automa:
            solo["automa_score_mean"] = {
                name: round(sum(r.automa_scores.get(name, 0) for r in ok) / len(ok), 3) for name in automa
            }
    return {
        **solo,
        "games": len(results),
        "completed": len(ok),
        "errors": len(results) - len(ok),
        "error_samples": [r.error for r in results if r.error][:5],
        "seats": seats,
        "shared_wins": sum(1 for r in ok if len(r.winner) > 1),
        "mean_decisions": round(decisions / len(ok), 2) if ok else 0.0,
        "decisions_per_second": round(decisions / seconds, 1) if seconds > 0 else None,
        "cpu_ms_per_game": round(1000 * seconds / len(ok), 3) if ok else None,
    }


def write_rows(results: Sequence[GameResult], path: Path) -> None:
    """One row per game, as CSV, or Parquet when the file name ends in .parquet."""
    rows = []
    for r in results:
        skip = ("breakdowns", "think_seconds", "automa_scores", "placings", "actions", "taken", "options")
        row = {k: v for k, v in asdict(r).items() if k not in skip}
        row["options"] = json.dumps(r.options, sort_keys=True)
        for name, score in r.automa_scores.items():
            row[f"automa_{name}"] = score
        for seat, score in enumerate(r.scores):
            row[f"score_{seat}"] = score
            if r.placings:
                row[f"place_{seat}"] = r.placings[seat]
            for cat, pts in (r.breakdowns[seat] if r.breakdowns else {}).items():
                row[f"seat{seat}_{cat}"] = pts
            if r.actions:
                row[f"actions_{seat}"] = json.dumps(r.actions[seat], sort_keys=True)
            if r.taken:
                row[f"taken_{seat}"] = " ".join(r.taken[seat])
        row["scores"] = " ".join(map(str, r.scores))
        row["winner"] = " ".join(map(str, r.winner))
        row["seat_agents"] = " ".join(r.seat_agents)
        row["decisions_by_seat"] = " ".join(map(str, r.decisions_by_seat))
        rows.append(row)
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    if path.suffix == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise HomeroomError("writing Parquet needs pyarrow: pip install 'homeroom[parquet]'") from None
        table = pa.table({c: [row.get(c) for row in rows] for c in columns})
        pq.write_table(table, path)
        return
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
