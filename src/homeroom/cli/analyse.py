"""``homeroom analyse FILE``: where a finished game was won and lost, decision by decision."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from homeroom.cli.common import console, user_errors
from homeroom.engine.errors import HomeroomError
from homeroom.engine.match import check_writable

SPARK = " ▁▂▃▄▅▆▇█"


def sparkline(values: list[float], width: int = 60) -> str:
    """Win chances (0-1) as one line of block characters, at most ``width`` wide."""
    if not values:
        return ""
    step = max(1, -(-len(values) // width))
    cells = [sum(values[i:i + step]) / len(values[i:i + step]) for i in range(0, len(values), step)]
    return "".join(SPARK[min(len(SPARK) - 1, round(v * (len(SPARK) - 1)))] for v in cells)


@user_errors
def analyse(
    file: Annotated[Path, typer.Argument(help="A saved game (play --save) or a server table's replay.")],
    seconds: Annotated[float | None, typer.Option("--seconds", help="About this much search a decision on one "
                                                  "core (turned into a fixed number of iterations, so the "
                                                  "analysis is the same on any machine).")] = None,
    iterations: Annotated[int | None, typer.Option("--iterations", help="Search iterations a decision "
                                                   "(default 300; overrides --seconds).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the searches.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local, or ray for a Ray cluster.")] = "local",
    run_dir: Annotated[Path | None, typer.Option("--run-dir", help="Save finished parts here; rerun to "
                                                 "resume an interrupted analysis.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as one JSON object.")] = False,
    html: Annotated[Path | None, typer.Option("--html", help="Also write a self-contained page: the "
                                              "win-chance graph, the mistakes, every position.")] = None,
) -> None:
    """Rate every decision of a saved game from the deciding seat's point of view: its chance to win
    before and after, the move the search prefers, and the costliest moves of each seat."""
    from homeroom.analysis.analyse import DEFAULT_ITERATIONS, Settings, load_game
    from homeroom.analysis.analyse import analyse as run
    from homeroom.analysis.page import write_page
    from homeroom.sim.runner import check_run

    if seconds is not None and not 0 < seconds <= 600:
        raise HomeroomError(f"--seconds must be more than 0 and at most 600, not {seconds:g}")
    check_run(1, 0, workers)
    if html is not None:
        if html.suffix not in (".html", ".htm"):
            raise HomeroomError(f"--html must end in .html, not {html.name!r}")
        check_writable(html)
    replay = load_game(file)
    if iterations is None:
        iterations = DEFAULT_ITERATIONS if seconds is None else iterations_for(replay["game"], seconds)
    settings = Settings(iterations=iterations, seed=seed)
    settings.check()
    total = len(replay["actions"])
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"analysing {file.name}", total=total)
        result = run(replay, settings, workers, backend, run_dir, progress=lambda k: progress.advance(task, k))
    if html is not None:
        write_page(result, replay, html)
    if as_json:
        print(json.dumps(result))
        return
    show(result)
    if html is not None:
        console.print(f"Wrote {html}.")


def iterations_for(game_id: str, seconds: float) -> int:
    """A fixed iteration count for about ``seconds`` of search a decision on one idle core."""
    from homeroom.analysis.analyse import MAX_ITERATIONS, SPEED

    return max(10, min(MAX_ITERATIONS, round(seconds * SPEED.get(game_id, 1000))))


def show(result: dict[str, Any]) -> None:
    decisions = result["decisions"]
    names = result["seats"]
    th = result["settings"]["thresholds"]
    console.print(Text(f"{result['game']}, {result['players']} player(s): {len(decisions)} decisions, "
                       f"{result['settings']['iterations']} search iterations each (seed {result['settings']['seed']}).",
                       style="bold"), soft_wrap=True)
    table = Table(title="How each seat played")
    for col in ("seat", "decisions", "rated", "average loss", "inaccuracies", "mistakes", "blunders"):
        table.add_column(col, justify="left" if col == "seat" else "right")
    for row in result["summary"]:
        table.add_row(f"{row['seat']}. {row['name']}", str(row["decisions"]), str(row["rated"]),
                      f"{100 * row['average_loss']:.1f}%", str(row["inaccuracy"]), str(row["mistake"]),
                      str(row["blunder"]))
    console.print(table)
    console.print(f"loss: win chance given away by a decision; inaccuracy from {100 * th['inaccuracy']:.0f}%, "
                  f"mistake from {100 * th['mistake']:.0f}%, blunder from {100 * th['blunder']:.0f}%; "
                  "forced decisions (one legal move) are not rated.", style="dim", soft_wrap=True)
    console.rule("Chance to win over the game (each seat's own estimate at its decisions)")
    for seat, name in enumerate(names):
        chances = [d["win_after"] for d in decisions if d["seat"] == seat]
        if chances:
            console.print(Text(f"{seat + 1}. {name:<12} {sparkline(chances)} {100 * chances[-1]:.0f}%"),
                          soft_wrap=True)
    for seat_key, rows in result["mistakes"].items():
        name = names[int(seat_key) - 1]
        if not rows:
            console.print(Text(f"{seat_key}. {name}: no inaccuracies."), soft_wrap=True)
            continue
        console.rule(f"{seat_key}. {name}: the costliest decisions")
        for m in rows[:5]:
            console.print(Text(f"decision {m['index'] + 1}: {m['move']} ({m['rating']}, -{100 * m['cost']:.0f}% "
                               f"to win); better: {m['better']}"), soft_wrap=True)


__all__ = ["analyse", "iterations_for", "sparkline"]
