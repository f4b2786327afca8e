"""A variant against the baseline: ``homeroom report BASE VARIANT`` side by side (issue 37)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homeroom import games
from homeroom.cli.main import app
from homeroom.engine.datadiff import to_toml
from homeroom.engine.datasets import overlay
from homeroom.sim.runner import simulate, write_rows

GAME = "class-of-89"
runner = CliRunner()


@pytest.fixture(autouse=True)
def packaged_again() -> Iterator[None]:
    yield
    games.get(GAME).use_data(None)


def _variant(tmp_path: Path, name: str, change: str) -> Path:
    """A data set changing every stand-in student: only the names (the same games), or the right
    half-icons moved on by one club (other games)."""
    clubs = ["council", "quiz", "pep", "arts", "athletics", "honor"]
    students = overlay(games.get(GAME).data_directory(), None).files["students.toml"]["student"]
    changed = [dict(s, name=s["name"] + " Jr") if change == "names" else
               dict(s, right=clubs[(clubs.index(s["right"]) + 1) % 6])
               for s in students if s["provenance"] == "stand-in"]
    folder = tmp_path / name
    folder.mkdir()
    (folder / "students.toml").write_text(to_toml({"student": changed}))
    return folder


def _rows(tmp_path: Path, name: str, folder: Path | None, seed: int = 0, n: int = 12) -> Path:
    data = None if folder is None else games.get(GAME).dataset(folder)
    out = tmp_path / f"{name}.csv"
    write_rows(simulate(GAME, 2, n, ["random", "random"], seed=seed, data=data), out)
    return out


def test_same_games_under_other_names_are_within_noise_paired(tmp_path: Path) -> None:
    base = _rows(tmp_path, "base", None)
    renamed = _rows(tmp_path, "renamed", _variant(tmp_path, "renamed", "names"))
    page = tmp_path / "cmp.html"
    result = runner.invoke(app, ["report", str(base), str(renamed), "--html", str(page), "--json"])
    assert result.exit_code == 0, result.output
    cmp = json.loads(result.stdout)["comparison"]
    assert cmp["baseline"]["name"] == "packaged" and cmp["variant"]["name"] == "renamed"
    sec = cmp["sections"][0]
    assert sec["paired_deals"] == 12 and sec["baseline_games"] == sec["variant_games"] == 12
    assert all(f["difference"] == 0 and not f["beyond_noise"] for f in sec["figures"])
    text = page.read_text()
    assert "Variant renamed" in text and "Baseline packaged" in text and "within noise" in text


def test_a_variant_that_changes_play_shows_its_differences(tmp_path: Path) -> None:
    base = _rows(tmp_path, "base", None)
    shifted = _rows(tmp_path, "shifted", _variant(tmp_path, "shifted", "icons"))
    result = runner.invoke(app, ["report", str(base), str(shifted), "--json"])
    assert result.exit_code == 0, result.output
    sec = json.loads(result.stdout)["comparison"]["sections"][0]
    assert any(f["difference"] != 0 for f in sec["figures"])
    mean = next(f for f in sec["figures"] if f["figure"] == "mean score")
    assert mean["ci95"][0] <= mean["difference"] <= mean["ci95"][1]
    other_seeds = _rows(tmp_path, "later", _variant(tmp_path, "later", "icons"), seed=100)
    unpaired = json.loads(runner.invoke(app, ["report", str(base), str(other_seeds), "--json"]).stdout)
    assert unpaired["comparison"]["sections"][0]["paired_deals"] == 0  # no shared deals: independent samples


def test_one_data_set_is_the_usual_report(tmp_path: Path) -> None:
    base = _rows(tmp_path, "base", None, n=4)
    again = _rows(tmp_path, "again", None, seed=4, n=4)
    result = runner.invoke(app, ["report", str(base), str(again), "--json"])
    assert result.exit_code == 0 and "comparison" not in json.loads(result.stdout)
