"""``homeroom``: play, simulate, replay, benchmark and check data for the registered games."""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from homeroom import __version__, games
from homeroom.agents import make_agent
from homeroom.agents.base import Agent
from homeroom.cli.analyse import analyse as analyse_cmd
from homeroom.cli.common import console, err_console, fail, parse_options, user_errors
from homeroom.cli.data import data_app, load_dataset
from homeroom.cli.lab import lab_app
from homeroom.cli.report import report as report_cmd
from homeroom.engine.datasets import DataSet
from homeroom.engine.errors import HomeroomError
from homeroom.engine.match import Match, Seat, check_writable, load_json

app = typer.Typer(
    help="homeroom: play and simulate school-themed board games, faithful to their rulebooks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(data_app, name="data")
app.add_typer(lab_app, name="lab")
app.command("report")(user_errors(report_cmd))
app.command("analyse")(analyse_cmd)


def _register_serve() -> None:
    from homeroom.cli.serve import serve

    app.command("serve")(serve)


_register_serve()

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
DEFAULT_GAME = "class-of-89"
HINT_BOT = "mcts:seconds=1"
"""The bot that answers 'hint' (the strongest, at the default budget of about a second)."""


def _version(value: bool) -> None:
    if value:
        console.print(f"homeroom {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """homeroom: play and simulate school-themed board games."""


@app.command("games")
@user_errors
def games_cmd(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the registered games with their player counts, options and variants."""
    infos = [g.info for g in games.all_games()]
    if as_json:
        print(json.dumps([i.to_json() for i in infos], indent=1))
        return
    for info in infos:
        console.print(Text.assemble((info.id, "bold"), f"  {info.name}, {info.min_players}-{info.max_players} players"))
        if info.summary:
            console.print(Text("  " + info.summary, style="dim"))
        for o in info.options:
            choices = f" [{'/'.join(map(str, o.choices))}]" if o.choices else ""
            console.print(Text(f"  --option {o.name}={o.default}{choices}  {o.description}"))
        for v in info.variants:
            opts = " ".join(f"{k}={val}" for k, val in v.options.items())
            console.print(Text(f"  --option variant={v.name}  {v.description} ({opts})"))
        console.print()


def _seats(players: int | None, seat_kinds: list[str] | None, names: list[str] | None,
           min_players: int, max_players: int, default_first: str = "human") -> list[Seat]:
    kinds = list(seat_kinds or [])
    if players is None:
        players = len(kinds) if kinds else min(max(2, min_players), max_players)
    if len(kinds) > players:
        raise HomeroomError(f"{len(kinds)} --seat given for {players} players")
    if not kinds:
        kinds = [default_first]
    kinds += ["random"] * (players - len(kinds))
    given = list(names or [])
    if len(given) > players:
        raise HomeroomError(f"{len(given)} --name given for {players} players")
    spare = [n for n in NAMES if n not in given] + [f"Player {i}" for i in range(len(NAMES) + 1, players + 1)]
    seat_names = given + spare[: players - len(given)]
    return [Seat(n, k) for n, k in zip(seat_names, kinds)]


def _agents(seats: list[Seat], seed: int) -> list[Agent | None]:
    return [None if s.agent == "human" else make_agent(s.agent, seed * 1_000_003 + i) for i, s in enumerate(seats)]


@app.command()
@user_errors
def play(
    game_id: Annotated[str | None, typer.Argument(metavar="[GAME]", help="Game id (see 'homeroom games'; default class-of-89).")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="Seat kind per seat, in order: human, easy, medium, hard, random, or a bot spec.")] = None,
    name: Annotated[list[str] | None, typer.Option("--name", help="Seat names, in order.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed (default: a fresh one, printed).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Save the game to FILE after every decision.")] = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Resume a saved game from FILE.")] = None,
    hint: Annotated[bool, typer.Option("--hint", help="Allow 'hint': the strongest bot suggests a move.")] = False,
    data: Annotated[Path | None, typer.Option("--data", help="A data set folder laid over the packaged component data (see 'homeroom data').")] = None,
    recheck: Annotated[bool, typer.Option("--recheck", help="Accept a file played with another data set: check every action against this data.")] = False,
) -> None:
    """Play a game in the terminal against other people or bots."""
    from homeroom.cli.play import TerminalGame

    if resume is not None:
        saved = load_json(resume)
        saved_game = saved.get("game") if isinstance(saved, dict) else None
        if data is not None and isinstance(saved_game, str):
            _use_data(saved_game, data)
        match = Match.from_replay(saved, recheck=recheck)
        if game_id is not None and game_id != match.game.id:
            raise HomeroomError(f"{resume} is a game of {match.game.id}, not {game_id}")
        for given, flag in ((players, "--players"), (name, "--name"), (seed, "--seed"), (option, "--option")):
            if given:
                raise HomeroomError(f"{flag} cannot change a saved game: it is set in {resume}")
        if seat:
            if len(seat) != match.players:
                raise HomeroomError(f"the saved game has {match.players} seats; {len(seat)} --seat given")
            match.seats = [Seat(s.name, k) for s, k in zip(match.seats, seat)]
        save = save or resume
        console.print(Text(f"Resumed {resume}: decision {len(match.history)}, seed {match.seed}.", style="dim"))
    else:
        game = games.get(game_id or DEFAULT_GAME)
        _use_data(game.id, data)
        seats = _seats(players, seat, name, game.info.min_players, game.info.max_players)
        options = parse_options(option)
        game.validate(len(seats), options)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        match = Match.start(game, len(seats), seed, options, seats)
    if save is not None and save.exists() and resume is None:
        raise HomeroomError(f"{save} already exists: choose another file or use --resume {save}")
    if match.state.is_terminal() and resume is not None and save == resume:
        save = None  # a finished game is only shown: its file is never rewritten
    if save is not None:
        check_writable(save)
    agents = _agents(match.seats, match.seed)
    hint_bot = make_agent(HINT_BOT, match.seed) if hint else None
    ui = TerminalGame(match, agents, console, lambda prompt: console.input(prompt), save, hint=hint_bot)
    if not any(a is None for a in agents):
        console.print(Text("No human seat: watching the bots play.", style="dim"))
    ui.run()


@app.command()
@user_errors
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-p")] = 2,
    n_games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="Agent per seat: easy, medium, hard, random or a bot spec (default random).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game; game i uses seed+i.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local, or ray for a Ray cluster.")] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write one row per game (.csv or .parquet).")] = None,
    run_dir: Annotated[Path | None, typer.Option("--run-dir", help="Save each finished task here; rerun to resume.")] = None,
    chunk: Annotated[int | None, typer.Option("--chunk", help="Games per task (default: automatic).")] = None,
    data: Annotated[Path | None, typer.Option("--data", help="A data set folder laid over the packaged component data (see 'homeroom data').")] = None,
    address: Annotated[str | None, typer.Option("--address", help="--backend ray: join the running Ray cluster at HOST:PORT (default: start a local Ray).")] = None,
) -> None:
    """Play many seeded games with bots and summarise wins, scores, length, speed and errors."""
    from homeroom.sim.runner import simulate as run_sim
    from homeroom.sim.runner import summarize, write_rows

    options = parse_options(option)
    games.get(game_id).validate(players, options)
    dataset = _use_data(game_id, data)
    _check_out(out)
    _check_run(n_games, seed, workers, backend)
    if address is not None:
        from homeroom.sim import ray_backend

        if backend != "ray":
            raise HomeroomError("--address is for --backend ray (a Ray cluster to join)")
        ray_backend.use_address(address)
    for i, spec in enumerate(seat or []):
        if spec != "human":
            make_agent(spec, i)  # a bad spec fails before anything is printed
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{game_id} x{n_games}", total=n_games)
        results = run_sim(game_id, players, n_games, seat, seed, options, workers, backend,
                          progress=lambda k: progress.advance(task, k), run_dir=run_dir, chunk=chunk,
                          data=dataset)
    summary = summarize(results, players)
    summary.update(game=game_id, players=players, options=options, seed=seed, **_data_fields(game_id))
    if backend == "ray":
        from homeroom.sim.ray_backend import LAST

        summary["ray"] = {k: round(v, 3) for k, v in LAST.items()}
    if out is not None:
        write_rows(results, out)
    if as_json:
        print(json.dumps(summary))
    else:
        _print_summary(summary)
    if summary["errors"]:
        raise typer.Exit(1)


def _use_data(game_id: str, directory: Path | None) -> DataSet | None:
    """Play ``game_id`` with the data set in ``directory`` in this process (checked first)."""
    dataset = load_dataset(game_id, directory)
    if dataset is not None:
        games.get(game_id).use_data(dataset)
    return dataset


def _data_fields(game_id: str) -> dict[str, str]:
    """The data set a run used, for its summary: ``data`` (name) and ``data_digest``."""
    ds = games.get(game_id).current_data()
    return {} if ds is None else {"data": ds.name, "data_digest": ds.digest}


def _check_run(n_games: int, seed: int, workers: int, backend: str) -> None:
    """Refuse a run that cannot be played (games, seeds, workers) before any game starts, and say
    so when fewer local workers than asked will run."""
    from homeroom.sim.rundir import cpu_count, worker_count
    from homeroom.sim.runner import check_run

    check_run(n_games, seed, workers)
    used = worker_count(workers, n_games)
    if backend == "local" and used < workers:
        err_console.print(f"warning: --workers {workers}: using {used} (this machine gives this run {cpu_count()} "
                          f"CPU(s), and it has {n_games} game(s))", soft_wrap=True)


def _check_out(out: Path | None) -> None:
    """Refuse a results file that cannot be written before any game is played."""
    if out is None:
        return
    if out.suffix not in (".csv", ".parquet"):
        raise HomeroomError(f"--out must end in .csv or .parquet, not {out.name!r}")
    check_writable(out)


def _print_summary(summary: dict[str, object]) -> None:
    table = Table(title=f"{summary['game']}: {summary['games']} games, {summary['players']} players")
    for col in ("seat", "agent", "wins", "win share", "mean score", "sd", "min", "max"):
        table.add_column(col, justify="right")
    for row in summary["seats"]:  # type: ignore[attr-defined]
        table.add_row(str(row["seat"]), row["agent"], str(row["wins"]), f"{row['win_share']:.3f}",
                      f"{row['score_mean']:.2f}", f"{row['score_sd']:.2f}", str(row["score_min"]),
                      str(row["score_max"]))
    console.print(table)
    console.print(f"shared wins: {summary['shared_wins']}   mean decisions per game: {summary['mean_decisions']}"
                  f"   decisions/s: {summary['decisions_per_second']}   CPU ms/game: {summary['cpu_ms_per_game']}")
    if "solo_wins" in summary:
        console.print(f"the player beats the automa in {summary['solo_wins']} of {summary['completed']} games "
                      f"({100 * float(summary['solo_win_rate']):.1f}%)")  # type: ignore[arg-type]
        for name, mean in dict(summary.get("automa_score_mean") or {}).items():  # type: ignore[call-overload]
            console.print(f"{name}'s mean score: {mean}")
    if "ray" in summary:
        ray = dict(summary["ray"])  # type: ignore[call-overload]
        console.print(f"Ray: start-up {ray.get('startup_seconds', 0):.2f} s (0 when already up), "
                      f"run {ray.get('wall_seconds', 0):.2f} s in all (the games' CPU time is above)")
    console.print(f"errors: {summary['errors']}", style="red" if summary["errors"] else "green")
    for sample in summary["error_samples"]:  # type: ignore[attr-defined]
        console.print(Text("  " + str(sample), style="red"))


@app.command()
@user_errors
def tournament(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-p")] = 2,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="An agent per seat: easy, medium, hard, random or a bot spec (rotated; default random).")] = None,
    n_games: Annotated[int, typer.Option("--games", "-n", help="How many games (rounded up to a multiple of --players).")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal; deal i uses seed+i.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local, or ray for a Ray cluster.")] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write one row per game (.csv or .parquet).")] = None,
    run_dir: Annotated[Path | None, typer.Option("--run-dir", help="Save each finished task here; rerun to resume.")] = None,
    chunk: Annotated[int | None, typer.Option("--chunk", help="Games per task (default: automatic).")] = None,
    data: Annotated[Path | None, typer.Option("--data", help="A data set folder laid over the packaged component data (see 'homeroom data').")] = None,
) -> None:
    """Agents against each other with seats rotated: win rate (95% CI), score, margin, Elo, think time.

    With --players 1 (a solo game against an automa), each agent plays the automa at every
    difficulty instead: score distribution and win rate."""
    from homeroom.sim.runner import GameResult, write_rows
    from homeroom.sim.tournament import solo
    from homeroom.sim.tournament import tournament as run_tournament

    _check_out(out)
    options = parse_options(option)
    game = games.get(game_id)
    game.validate(players, options)
    dataset = _use_data(game_id, data)
    _check_run(n_games, seed, workers, backend)
    specs = list(seat or [])
    for i, spec in enumerate(specs):
        if spec != "human":
            make_agent(spec, i)  # a bad spec fails before any game is played
    total = n_games * max(1, len(specs)) if players == 1 else -(-n_games // players) * players
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{game_id} tournament", total=total)
        advance = lambda k: progress.advance(task, k)  # noqa: E731
        played: list[GameResult] = []
        if players == 1:
            report = solo(game_id, specs or ["random"], n_games, seed, options, workers, backend, progress=advance,
                          collect=played, run_dir=run_dir, chunk=chunk, data=dataset)
        else:
            report = run_tournament(game_id, players, specs, n_games, seed, options, workers, backend, advance,
                                    collect=played, run_dir=run_dir, chunk=chunk, data=dataset)
    report.update(_data_fields(game_id))
    if out is not None:
        write_rows(played, out)
    if as_json:
        print(json.dumps(report))
    elif players == 1:
        _print_solo(report)
    else:
        _print_tournament(report)
    if report.get("errors") or any(r.get("errors") for r in report.get("solo", [])):
        raise typer.Exit(1)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _ci(bounds: list[float]) -> str:
    lo, hi = bounds
    return f"{100 * lo:.0f}-{100 * hi:.0f}%"


def _table(title: str, columns: Sequence[str]) -> Table:
    """A compact table that stays readable at 80 columns and when piped (no heavy borders)."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for i, col in enumerate(columns):
        table.add_column(col, justify="left" if i == 0 else "right", no_wrap=i == 0)
    return table


def _print_tournament(report: dict[str, Any]) -> None:
    table = _table(f"{report['game']}: {report['games']} games, {report['players']} players, seats rotated",
                   ("agent", "games", "wins", "win", "95% CI", "score", "margin", "Elo", "ms/dec"))
    for row in report["agents"]:
        table.add_row(row["agent"], str(row["games"]), f"{row['wins']:g}", _pct(row["win_rate"]),
                      _ci(row["win_ci95"]), f"{row['score_mean']:.1f}", f"{row['margin_mean']:+.1f}",
                      f"{row['elo']:.0f}", f"{row['think_ms_per_decision']:.1f}")
    console.print(table)
    console.print("win: share of games won (shared wins split); 95% CI: Wilson interval; score and margin: means;"
                  " ms/dec: think time per decision", style="dim")
    console.print(f"errors: {report['errors']}", style="red" if report["errors"] else "green")
    for sample in report["error_samples"]:
        console.print(Text("  " + str(sample), style="red"))


def _print_solo(report: dict[str, Any]) -> None:
    table = _table(f"{report['game']} solo: {report['games_per_case']} games per agent and difficulty",
                   ("difficulty", "agent", "games", "win", "95% CI", "score", "automa", "ms/dec"))
    for row in report["solo"]:
        automa = row.get("automa_score_mean")
        table.add_row(str(row["difficulty"] or "-"), row["agent"], str(row["games"]), _pct(row["win_rate"]),
                      _ci(row["win_ci95"]), f"{row['score_mean']:.1f} ± {row['score_sd']:.1f}",
                      "-" if automa is None else f"{automa:.1f}", f"{row['think_ms_per_decision']:.1f}")
    console.print(table)
    console.print("score: mean ± sd; automa: the automa's mean score (quartiles in --json)", style="dim")


@app.command()
@user_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A replay or save file.")],
    step: Annotated[int | None, typer.Option("--step", help="Stop after this many decisions.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    as_seat: Annotated[int | None, typer.Option("--as-seat", help="Show what seat N (1 = the first) saw (default: a spectator's view).")] = None,
    data_dir: Annotated[Path | None, typer.Option("--data", help="A data set folder laid over the packaged component data (see 'homeroom data').")] = None,
    recheck: Annotated[bool, typer.Option("--recheck", help="Accept a file played with another data set: check every action against this data.")] = False,
) -> None:
    """Rebuild a game from a file and print its log and its final (or step-K) state."""
    if step is not None and step < 0:
        raise HomeroomError("--step must be 0 or more")
    data = load_json(file)
    actions = data.get("actions") if isinstance(data, dict) else None
    if step is not None and isinstance(actions, list) and step > len(actions):
        raise HomeroomError(f"--step {step} is past the end: {file} holds {len(actions)} decision(s)")
    if data_dir is not None and isinstance(data, dict) and isinstance(data.get("game"), str):
        _use_data(data["game"], data_dir)
    match = Match.from_replay(data, upto=step, recheck=recheck)
    if as_seat is not None and not 1 <= as_seat <= match.players:
        raise HomeroomError(f"--as-seat must be between 1 and {match.players} (seats are numbered from 1)")
    seat = None if as_seat is None else as_seat - 1
    state = match.state
    if as_json:
        print(json.dumps({
            "game": match.game.id,
            "seed": match.seed,  # the file's own, shown beside the log (no log line carries it)
            "decisions": len(match.history),
            "log": match.log(seat),
            "state": state.observation(seat),
            "scores": [s.to_json() for s in state.scores()],
            "automa_scores": {k: v.to_json() for k, v in state.automa_scores().items()},
            "winner": state.winner(),
            "placings": state.placings(),
            "terminal": state.is_terminal(),
        }))
        return
    console.print(Text(f"{file}: {match.game.info.name} for {match.players} player(s), seed {match.seed}.",
                       style="dim"), soft_wrap=True)
    for line in match.log(seat):
        console.print(Text(line), soft_wrap=True)
    rendered = match.game.render(state, seat)
    console.rule(f"after {len(match.history)} decision(s)")
    console.print(Text(rendered) if isinstance(rendered, str) else rendered)
    table = Table(title="Scores" if state.is_terminal() else "Scores so far")
    table.add_column("seat")
    table.add_column("total", justify="right")
    table.add_column("breakdown")
    rows = [(match.seats[s].name, score) for s, score in enumerate(state.scores())]
    for name, score in rows + list(state.automa_scores().items()):
        table.add_row(name, str(score.total), ", ".join(f"{k} {v}" for k, v in score.breakdown.items()))
    console.print(table)
    if state.is_terminal():
        console.print(Text(state.outcome(), style="bold"))


@app.command()
@user_errors
def bench(
    game_id: Annotated[str | None, typer.Argument(metavar="[GAME]")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seconds: Annotated[float, typer.Option("--seconds", help="CPU seconds of random play per case.")] = 2.0,
    scaling: Annotated[int, typer.Option("--scaling", help="Also time `simulate` of this many random games "
                                                           "with 1 and 2 workers (0: skip).")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Benchmark random playouts and the engine's hot calls per game and player count (CPU time),
    against a reference workload measured in the same run."""
    from homeroom.sim.bench import simulate_scaling, with_reference

    if not 0 < seconds <= 3600:
        raise HomeroomError(f"--seconds must be more than 0 and at most 3600, not {seconds:g}")
    if not 0 <= scaling <= 100_000:
        raise HomeroomError(f"--scaling must be from 0 to 100000 games, not {scaling}")
    ids = [game_id] if game_id else games.ids()
    cases = []
    for gid in ids:
        game = games.get(gid)
        counts = [players] if players else list(game.info.player_counts)
        for n in counts:
            game.validate(n, {})
            cases.append((gid, n))
    report = with_reference(cases, seconds=seconds)
    if scaling:
        report["simulate"] = [row for gid, n in cases for row in simulate_scaling(gid, n, scaling)]
    if as_json:
        print(json.dumps(report))
        return
    rows = report["cases"]
    ref = report["reference"]
    table = _table("homeroom bench (random playouts, CPU time)",
                   ("game", "p", "ms", "dec/s", "xref", "dec", "legal", "apply", "clone", "json", "KiB"))
    for r in rows:
        table.add_row(r["game"], str(r["players"]), f"{r['cpu_ms_per_game']:.1f}",
                      f"{r['decisions_per_second']:.0f}", f"{r['ratio']:.2f}", f"{r['mean_decisions']:.0f}",
                      f"{r['legal_actions_us']:.1f}", f"{r['apply_us']:.1f}", f"{r['clone_us']:.0f}",
                      f"{r['to_json_us']:.0f}", f"{r['state_bytes']['held'] / 1024:.1f}")
    console.print(table)
    console.print(f"reference: {ref['reference']}, {ref['decisions_per_second']:.0f} decisions per CPU second "
                  f"({ref['before']:.0f} before the cases, {ref['after']:.0f} after: "
                  f"{ref['drift']:.0%} drift)", style="dim")
    if ref.get("games"):
        every = ref.get("games_all_actions", {})
        console.print("reference games, player decisions per CPU second (all actions, chance outcomes too, in "
                      f"brackets; their median {ref.get('all_actions_per_second', 0):.0f}): " + ", ".join(
            f"{name.removeprefix('python_')} {rate:.0f} ({every.get(name, rate):.0f})"
            for name, rate in sorted(ref["games"].items(), key=lambda kv: kv[1]))
            + "".join(f"; not played: {name} ({why})" for name, why in ref.get("skipped", {}).items()), style="dim")
    console.print("p: players; ms: CPU ms per game; dec/s and dec: decisions per CPU second and per game; "
                  "xref: dec/s over the "
                  "reference's; legal, apply, clone, json: CPU µs per call of legal_actions, apply, clone, "
                  "to_json; KiB: one state's size", style="dim")
    console.print("search mode (no log text, as bots' searches and simulate play), dec/s and xref: " + "; ".join(
        f"{r['game']} {r['players']}p {r['quiet_decisions_per_second']:.0f} ({r['quiet_ratio']:.2f})" for r in rows),
        style="dim")
    for row in report.get("simulate", []):
        console.print(f"simulate {row['game']} {row['players']}p, {row['workers']} worker(s): {row['games']} games, "
                      f"{row['games_per_wall_second']:.1f} games per wall second, {row['games_per_cpu_second']:.1f} "
                      f"per CPU second; speed-up {row['speedup_wall']:.2f}x by the wall clock, "
                      f"{row['speedup_cpu_normalised']:.2f}x CPU-normalised")


def run(argv: list[str] | None = None) -> None:
    """The ``homeroom`` command: usage mistakes (an unknown option, a missing argument, a value
    of the wrong type) print one line on stderr and exit 2, like every other bad input."""
    args = sys.argv[1:] if argv is None else argv
    if not args:  # a usage mistake like any other: one line on stderr, exit 2 ('homeroom --help': exit 0)
        group = typer.main.get_command(app)
        commands = ", ".join(group.list_commands(typer.Context(group)))  # type: ignore[attr-defined]
        fail(f"homeroom: a command is needed: {commands} (see 'homeroom --help')")
        sys.exit(2)
    try:
        code = app(args=args, standalone_mode=False)
    except typer.Abort:
        err_console.print("interrupted")
        sys.exit(130)
    except Exception as err:
        # typer may bring click's exceptions or its own copy of them: match the class by name
        if not any(cls.__name__ == "UsageError" for cls in type(err).__mro__):
            raise
        ctx = getattr(err, "ctx", None)
        where = ctx.command_path if ctx is not None else "homeroom"
        message = err.format_message() if hasattr(err, "format_message") else str(err)
        fail(f"{where}: {message} (see '{where} --help')")
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    run()
