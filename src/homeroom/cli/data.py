"""``homeroom data``: check, diff and export a game's component data and data sets."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from homeroom import games
from homeroom.cli.common import console, fail, user_errors
from homeroom.engine.datadiff import diff, to_toml
from homeroom.engine.datasets import DataSet, overlay
from homeroom.engine.errors import DataError, HomeroomError

data_app = typer.Typer(help="Component data: check, compare and export a game's data and data sets.",
                       no_args_is_help=True)


def load_dataset(game_id: str, directory: Path | None) -> DataSet | None:
    """The data set of ``--data DIR`` for a game, checked (None: no ``--data``); bad data is refused
    here, before anything is played, with every problem named."""
    if directory is None:
        return None
    if not directory.is_dir():
        raise HomeroomError(f"--data {directory}: not a folder")
    return games.get(game_id).dataset(directory)


@data_app.command("check")
@user_errors
def data_check(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    directory: Annotated[Path | None, typer.Argument(metavar="[DIR]", help="A data set folder, laid over the packaged data (default: the packaged data alone).")] = None,
) -> None:
    """Validate a game's component data as the game would load it; every problem names its file,
    record and field."""
    game = games.get(game_id)
    if directory is not None and not directory.is_dir():
        raise HomeroomError(f"{directory} is not a folder")
    if game.data_directory() is None and directory is None:
        console.print(f"{game_id}: data OK (no component data)")
        return
    try:
        ds = game.dataset(directory)
    except DataError as err:
        for p in err.problems:
            console.print(Text(p, style="red"), soft_wrap=True)
        raise fail(f"{len(err.problems)} problem(s) in the {game_id} data"
                   + (f" with {directory}" if directory else "")) from None
    given = f" ({directory}: {', '.join(sorted(ds.changed)) or 'no files'} laid over the packaged data)" \
        if directory else " (packaged data)"
    console.print(f"{game_id}: data OK{given}; data set {ds.label}", soft_wrap=True)
    _print_provenance(game.provenance(directory))


@data_app.command("diff")
@user_errors
def data_diff(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A data set folder.")],
) -> None:
    """What a data set changes from the packaged data: record by record, field by field, with where
    each packaged value came from (rulebook or stand-in)."""
    game = games.get(game_id)
    if not directory.is_dir():
        raise HomeroomError(f"{directory} is not a folder")
    ds = game.dataset(directory)
    changes = diff(ds)
    console.print(f"{game_id}: data set {ds.label} against packaged ({game.dataset(None).digest}): "
                  f"{len(changes)} change(s)", soft_wrap=True)
    for change in changes:
        console.print(Text(change.line()), soft_wrap=True)


@data_app.command("export")
@user_errors
def data_export(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A new (or empty) folder to write to.")],
    template: Annotated[bool, typer.Option("--template", help="Mark every stand-in field for you to fill in from your cards.")] = False,
) -> None:
    """Write the packaged data to DIR as a starting point for a data set (with --template, every
    stand-in field carries a comment asking for the value on your card)."""
    game = games.get(game_id)
    packaged = game.data_directory()
    if packaged is None:
        raise HomeroomError(f"{game_id} has no component data")
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise HomeroomError(f"{directory} already exists and is not an empty folder: nothing was written")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if template:
            for name, data in overlay(packaged, None).files.items():
                (directory / name).write_text(to_toml(data, marks=True), encoding="utf-8")
        else:
            for path in sorted(packaged.glob("*.toml")):
                shutil.copyfile(path, directory / path.name)
    except OSError as err:
        raise HomeroomError(f"cannot write to {directory}: {err.strerror or err}") from None
    what = "a template (stand-in fields marked)" if template else "the packaged data"
    console.print(f"{game_id}: wrote {what} to {directory}. Keep only the files (or records) you change; "
                  f"check with 'homeroom data check {game_id} {directory}'.", soft_wrap=True)


def _print_provenance(census: dict[str, dict[str, int]]) -> None:
    """Per data file: components printed in the rulebook, stand-ins, mixed; stand-in fields."""
    if not census:
        return
    table = Table(title="Where the component data comes from")
    for col in ("file", "components", "rulebook", "stand-in", "mixed", "stand-in fields"):
        table.add_column(col, justify="left" if col == "file" else "right")
    totals = {k: 0 for k in next(iter(census.values()))}
    for name, row in census.items():
        for key, value in row.items():
            totals[key] += value
        table.add_row(name, *_provenance_cells(row))
    table.add_row(Text("all", style="bold"), *_provenance_cells(totals))
    console.print(table)


def _provenance_cells(row: dict[str, int]) -> list[str]:
    return [str(row["records"]), str(row["rulebook"]), str(row["stand-in"]), str(row["mixed"]),
            f"{row['stand-in fields']} of {row['fields']}"]
