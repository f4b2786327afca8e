"""``homeroom lab probe GAME``: each strategy probe's win rate against medium bots, on paired seeds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from homeroom.cli.common import console, parse_options, user_errors
from homeroom.engine.errors import HomeroomError
from homeroom.engine.match import check_writable
from homeroom.sim.runner import GameResult, write_rows

lab_app = typer.Typer(help="The balance lab: strategy probes.", no_args_is_help=True)


@lab_app.command("probe")
@user_errors
def probe(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-p")] = 3,
    n_games: Annotated[int, typer.Option("--games", "-n", help="Deals per probe (each also played without it).")] = 20,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal; deal i uses seed+i.")] = 0,
    line: Annotated[list[str] | None, typer.Option("--line", help="Only this probe (repeatable).")] = None,
    against: Annotated[str, typer.Option("--against", help="The bot in the other seats.")] = "medium",
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as one JSON object.")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write every game as a row (.csv or .parquet) for "
                                                           "homeroom report (its paired-deals table).")] = None,
) -> None:
    """Play each scripted line of GAME's lab.py in one seat (rotated) against bots, and the same deals
    without it; report its win rate against its fair share (1/players) with a 95% interval."""
    from homeroom import games
    from homeroom.agents import make_agent
    from homeroom.agents.probe import lines_of
    from homeroom.sim.probe import probe_run

    make_agent(against)  # a bad --against is one line before any game
    if out is not None:
        if out.suffix not in (".csv", ".parquet"):
            raise HomeroomError(f"--out must end in .csv or .parquet, not {out.name!r}")
        check_writable(out)
    declared = lines_of(games.get(game_id))
    total = n_games * (1 + len(line or declared))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{game_id} probes", total=total)
        played: list[GameResult] = []
        report = probe_run(game_id, players, n_games, seed, parse_options(option), workers, against, line,
                           progress=lambda k: progress.advance(task, k), collect=played)
    if out is not None:
        write_rows(played, out)
    if as_json:
        print(json.dumps(report))
        return
    _print(report)


def _print(report: dict[str, Any]) -> None:
    table = Table(title=f"{report['game']}: probes against {report['against']}, {report['players']} players, "
                        f"{report['games']} paired deals each (seats rotated)")
    for col in ("probe", "games", "win rate [95%]", "fair", "verdict", "wins vs same seat without it",
                "score vs without it"):
        table.add_column(col, justify="left" if col in ("probe", "verdict") else "right")
    for p in report["probes"]:
        lo, hi = p["ci95"]
        dlo, dhi = p["paired_win_diff_ci95"]
        slo, shi = p["paired_score_diff_ci95"]
        short = "within noise" if "within" in p["verdict"] else "ABOVE fair" if "MORE" in p["verdict"] else "BELOW fair"
        table.add_row(p["probe"], str(p["games"]), f"{100 * p['win_rate']:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]",
                      f"{100 * p['fair_share']:.0f}%", short,
                      f"{100 * p['paired_win_diff']:+.0f} pts [{100 * dlo:+.0f}, {100 * dhi:+.0f}]",
                      f"{p['paired_score_diff']:+.1f} [{slo:+.1f}, {shi:+.1f}]")
    console.print(table)
    console.print("win rate: the probe's, 95% Wilson interval; the last two columns: the probe minus the same bot in "
                  "the same seat on the same deal (paired), with 95% intervals")
    for p in report["probes"]:
        console.print(f"{p['probe']}: {p['description']}" + (f" ({p['errors']} deal(s) with errors left out)"
                                                             if p["errors"] else ""))
