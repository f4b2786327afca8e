"""Play many seeded games with agents and summarise them.

The default backend runs games in this process or on local worker processes; the ``ray``
backend hands the same work to a Ray cluster (``pip install 'homeroom[ray]'``) for runs that
outgrow one machine. Every game is reproducible from its seed.
"""

from __future__ import annotations

import csv
import json
import math
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.agents import make_agent
from homeroom.engine.datasets import DataSet
from homeroom.engine.errors import HomeroomError
from homeroom.engine.game import MAX_SEED
from homeroom.sim.lab import hook_for
from homeroom.sim.rundir import RunDir, execute


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
    data: str = ""
    """The readable name of the data set the game was played with (see :mod:`homeroom.engine.datasets`)."""
    data_digest: str = ""
    """The digest of that data set ("" for a game without component data)."""


@dataclass(frozen=True)
class Job:
    game_id: str
    players: int
    seeds: tuple[int, ...]
    options: dict[str, Any]
    seats: tuple[str, ...]
    data: DataSet | None = None
    """The data set to play with (None: the packaged data)."""


def play_one(game_id: str, players: int, seed: int, options: dict[str, Any], seats: Sequence[str]) -> GameResult:
    """Play one game with agent specs ``seats`` (one per seat); errors are caught and reported."""
    result = GameResult(seed=seed, seat_agents=list(seats), game=game_id, options=dict(options))
    try:
        game = games.get(game_id)
        ds = game.current_data()
        if ds is not None:
            result.data, result.data_digest = ds.name, ds.digest
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
    """Play a job's games, with its data set (set once per process: a no-op when already active)."""
    games.get(job.game_id).use_data(job.data)
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


def _jobs(game_id: str, players: int, n: int, seed: int, options: dict[str, Any],
          seats: Sequence[str], chunk: int, data: DataSet | None = None) -> list[Job]:
    seeds = [seed + i for i in range(n)]
    return [Job(game_id, players, tuple(seeds[i:i + chunk]), dict(options), tuple(seats), data)
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
    data: DataSet | None = None,
) -> list[GameResult]:
    """Play ``n_games`` games with seeds ``seed .. seed+n-1``; results come back in seed order.

    With ``run_dir``, every finished task's games are written there at once (``chunk-<seed>.json``)
    and a later call with the same directory and arguments plays only the chunks not yet there,
    so an interrupted run resumes where it stopped. ``chunk`` is the number of games per task
    (default: about 16 tasks per worker, so that none waits long for the last; at most 50 games each)."""
    game = games.get(game_id)
    resolved = game.validate(players, options or {})
    if data is None:
        data = game.current_data()  # (a worker process plays what this one does)
        data = data if data is not None and data.overlay is not None else None
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
    folder = RunDir(run_dir, prefix="chunk") if run_dir is not None else None
    done: dict[int, list[GameResult]] = {}
    if folder is not None:
        manifest = {"game": game_id, "players": players, "games": n_games, "seed": seed,
                    "options": resolved, "seats": seat_specs, "chunk": chunk, "size": size}
        # (the packaged data is null, as in a manifest from before data sets: such a run resumes)
        manifest["data"] = None if data is None else {"name": data.name, "digest": data.digest}
        size = int(folder.open(manifest, free=("chunk", "size")).get("size", size))
        for payload in folder.done().values():
            try:
                batch = [GameResult(**row) for row in payload]
            except TypeError:
                continue  # not a chunk of this version's rows: played again
            if batch:
                done[batch[0].seed] = batch
                results.extend(batch)
                if progress:
                    progress(len(batch))
    jobs = [j for j in _jobs(game_id, players, n_games, seed, resolved, seat_specs, size, data)
            if j.seeds[0] not in done]
    before = game.current_data()  # (games played here switch this process's data: switched back after)
    try:
        for batch in _execute(jobs, workers, backend):
            if folder is not None and batch:
                folder.save(f"{batch[0].seed:010d}", [asdict(r) for r in batch])
            results.extend(batch)
            if progress:
                progress(len(batch))
    finally:
        game.use_data(before if before is not None and before.overlay is not None else None)
    results.sort(key=lambda r: r.seed)
    return results


def _execute(jobs: list[Job], workers: int, backend: str) -> Iterator[list[GameResult]]:
    return execute(run_job, jobs, workers, backend)


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
