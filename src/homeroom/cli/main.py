"""``homeroom``: play, simulate, replay, benchmark and check data for the registered games."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from homeroom import __version__, games
from homeroom.agents import make_agent
from homeroom.agents.base import Agent
from homeroom.cli.common import console, fail, parse_options, user_errors
from homeroom.engine.errors import HomeroomError
from homeroom.engine.match import Match, Seat

app = typer.Typer(
    help="homeroom: play and simulate school-themed board games, faithful to their rulebooks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
data_app = typer.Typer(help="Component data: validate a game's data folder.", no_args_is_help=True)
app.add_typer(data_app, name="data")


def _register_serve() -> None:
    from homeroom.cli.serve import serve

    app.command("serve")(serve)


_register_serve()

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
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
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see 'homeroom games').")] = "class-of-89",
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="Seat kind per seat, in order: human, random, or a bot spec.")] = None,
    name: Annotated[list[str] | None, typer.Option("--name", help="Seat names, in order.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed (default: a fresh one, printed).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Save the game to FILE after every decision.")] = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Resume a saved game from FILE.")] = None,
    hint: Annotated[bool, typer.Option("--hint", help="Allow 'hint': the strongest bot suggests a move.")] = False,
) -> None:
    """Play a game in the terminal against other people or bots."""
    from homeroom.cli.play import TerminalGame

    if resume is not None:
        match = Match.load(resume)
        if seat:
            if len(seat) != match.players:
                raise HomeroomError(f"the saved game has {match.players} seats; {len(seat)} --seat given")
            match.seats = [Seat(s.name, k) for s, k in zip(match.seats, seat)]
        save = save or resume
        console.print(Text(f"Resumed {resume}: decision {len(match.history)}, seed {match.seed}.", style="dim"))
    else:
        game = games.get(game_id)
        seats = _seats(players, seat, name, game.info.min_players, game.info.max_players)
        options = parse_options(option)
        game.validate(len(seats), options)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        match = Match.start(game, len(seats), seed, options, seats)
    if save is not None and save.exists() and resume is None:
        raise HomeroomError(f"{save} already exists: choose another file or use --resume {save}")
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
    seat: Annotated[list[str] | None, typer.Option("--seat", help="Agent per seat (default random).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game; game i uses seed+i.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local, or ray for a Ray cluster.")] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write one row per game (.csv or .parquet).")] = None,
) -> None:
    """Play many seeded games with bots and summarise wins, scores, length, speed and errors."""
    from homeroom.sim.runner import simulate as run_sim
    from homeroom.sim.runner import summarize, write_rows

    options = parse_options(option)
    games.get(game_id).validate(players, options)
    if out is not None and out.suffix not in (".csv", ".parquet"):
        raise HomeroomError(f"--out must end in .csv or .parquet, not {out.name!r}")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{game_id} x{n_games}", total=n_games)
        results = run_sim(game_id, players, n_games, seat, seed, options, workers, backend,
                          progress=lambda k: progress.advance(task, k))
    summary = summarize(results, players)
    summary.update(game=game_id, players=players, options=options, seed=seed)
    if out is not None:
        write_rows(results, out)
    if as_json:
        print(json.dumps(summary))
    else:
        _print_summary(summary)
    if summary["errors"]:
        raise typer.Exit(1)


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
    console.print(f"errors: {summary['errors']}", style="red" if summary["errors"] else "green")
    for sample in summary["error_samples"]:  # type: ignore[attr-defined]
        console.print(Text("  " + str(sample), style="red"))


@app.command()
@user_errors
def tournament(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-p")] = 2,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="An agent spec per seat (rotated; default random).")] = None,
    n_games: Annotated[int, typer.Option("--games", "-n", help="How many games (rounded up to a multiple of --players).")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal; deal i uses seed+i.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local, or ray for a Ray cluster.")] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")] = False,
) -> None:
    """Agents against each other with seats rotated: win rate (95% CI), score, margin, Elo, think time.

    With --players 1 (a solo game against an automa), each agent plays the automa at every
    difficulty instead: score distribution and win rate."""
    from homeroom.sim.tournament import solo
    from homeroom.sim.tournament import tournament as run_tournament

    options = parse_options(option)
    game = games.get(game_id)
    game.validate(players, options)
    specs = list(seat or [])
    for i, spec in enumerate(specs):
        if spec != "human":
            make_agent(spec, i)  # a bad spec fails before any game is played
    total = n_games * max(1, len(specs)) if players == 1 else -(-n_games // players) * players
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{game_id} tournament", total=total)
        advance = lambda k: progress.advance(task, k)  # noqa: E731
        if players == 1:
            report = solo(game_id, specs or ["random"], n_games, seed, options, workers, backend, progress=advance)
        else:
            report = run_tournament(game_id, players, specs, n_games, seed, options, workers, backend, advance)
    if as_json:
        print(json.dumps(report))
    elif players == 1:
        _print_solo(report)
    else:
        _print_tournament(report)
    if report.get("errors") or any(r.get("errors") for r in report.get("solo", [])):
        raise typer.Exit(1)


def _print_tournament(report: dict[str, Any]) -> None:
    table = Table(title=f"{report['game']}: {report['games']} games, {report['players']} players, seats rotated")
    for col in ("agent", "games", "wins", "win rate", "95% CI", "mean score", "mean margin", "Elo", "ms/decision"):
        table.add_column(col, justify="right")
    for row in report["agents"]:
        lo, hi = row["win_ci95"]
        table.add_row(row["agent"], str(row["games"]), f"{row['wins']:g}", f"{row['win_rate']:.3f}",
                      f"{lo:.3f}-{hi:.3f}", f"{row['score_mean']:.2f}", f"{row['margin_mean']:+.2f}",
                      f"{row['elo']:.0f}", f"{row['think_ms_per_decision']:.1f}")
    console.print(table)
    console.print(f"errors: {report['errors']}", style="red" if report["errors"] else "green")
    for sample in report["error_samples"]:
        console.print(Text("  " + str(sample), style="red"))


def _print_solo(report: dict[str, Any]) -> None:
    table = Table(title=f"{report['game']} solo: {report['games_per_case']} games per agent and difficulty")
    for col in ("difficulty", "agent", "games", "win rate", "95% CI", "mean score", "sd", "min/q1/median/q3/max",
                "automa min/q1/median/q3/max", "ms/decision"):
        table.add_column(col, justify="right")
    for row in report["solo"]:
        lo, hi = row["win_ci95"]
        table.add_row(str(row["difficulty"] or "-"), row["agent"], str(row["games"]), f"{row['win_rate']:.3f}",
                      f"{lo:.3f}-{hi:.3f}", f"{row['score_mean']:.2f}", f"{row['score_sd']:.2f}",
                      "/".join(f"{q:g}" for q in row["score_quartiles"]),
                      "/".join(f"{q:g}" for q in row.get("automa_score_quartiles", [])) or "-",
                      f"{row['think_ms_per_decision']:.1f}")
    console.print(table)


@app.command()
@user_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A replay or save file.")],
    step: Annotated[int | None, typer.Option("--step", help="Stop after this many decisions.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    seat: Annotated[int | None, typer.Option("--as-seat", help="Show what this seat saw (default: spectator).")] = None,
) -> None:
    """Rebuild a game from a file and print its log and its final (or step-K) state."""
    if step is not None and step < 0:
        raise HomeroomError("--step must be 0 or more")
    match = Match.load(file, upto=step)
    if seat is not None and not 0 <= seat < match.players:
        raise HomeroomError(f"--as-seat must be between 0 and {match.players - 1}")
    state = match.state
    if as_json:
        print(json.dumps({
            "game": match.game.id,
            "decisions": len(match.history),
            "log": match.log(seat),
            "state": state.observation(seat),
            "scores": [s.to_json() for s in state.scores()],
            "automa_scores": {k: v.to_json() for k, v in state.automa_scores().items()},
            "winner": state.winner(),
            "terminal": state.is_terminal(),
        }))
        return
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
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Benchmark random playouts and the engine's hot calls per game and player count."""
    from homeroom.sim.bench import bench_case

    ids = [game_id] if game_id else games.ids()
    rows = []
    for gid in ids:
        game = games.get(gid)
        counts = [players] if players else list(game.info.player_counts)
        for n in counts:
            game.validate(n, {})
            rows.append(bench_case(gid, n, seconds=seconds))
    if as_json:
        print(json.dumps(rows))
        return
    table = Table(title="homeroom bench (random playouts)")
    cols = ("game", "players", "games", "CPU ms/game", "games/s", "decisions/s", "decisions",
            "legal_actions us", "apply us", "clone us", "to_json us", "state KiB")
    for col in cols:
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(r["game"], str(r["players"]), str(r["games"]), f"{r['cpu_ms_per_game']:.2f}",
                      f"{r['games_per_second']:.1f}", f"{r['decisions_per_second']:.0f}",
                      f"{r['mean_decisions']:.0f}", f"{r['legal_actions_us']:.1f}", f"{r['apply_us']:.1f}",
                      f"{r['clone_us']:.1f}", f"{r['to_json_us']:.1f}", f"{r['state_bytes']['held'] / 1024:.1f}")
    console.print(table)


@data_app.command("check")
@user_errors
def data_check(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    directory: Annotated[Path | None, typer.Argument(metavar="[DIR]", help="Data folder (default: the packaged one).")] = None,
) -> None:
    """Validate a game's component data; every problem names its file and record."""
    game = games.get(game_id)
    if directory is not None and not directory.is_dir():
        raise HomeroomError(f"{directory} is not a folder")
    problems = game.check_data(directory)
    if problems:
        for p in problems:
            console.print(Text(p, style="red"), soft_wrap=True)
        raise fail(f"{len(problems)} problem(s) in the {game_id} data")
    console.print(f"{game_id}: data OK" + (f" ({directory})" if directory else " (packaged data)"))


if __name__ == "__main__":  # pragma: no cover
    app()
