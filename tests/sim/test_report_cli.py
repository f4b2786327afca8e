"""``homeroom report``: bad input is one line and exit code 2; a good run writes the page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homeroom.cli.main import app
from homeroom.sim.runner import simulate, write_rows

runner = CliRunner()


@pytest.mark.parametrize(("args", "message"), [
    (["missing.csv", "--json"], "no results file"),
    (["rows.csv"], "say what to produce"),
    (["rows.csv", "--html", "out.png"], "--html must end in .html"),
    (["rows.txt", "--json"], ".csv or .parquet"),
])
def test_bad_report_input_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
                                      message: str) -> None:
    monkeypatch.chdir(tmp_path)
    write_rows(simulate("toy", 2, 2), tmp_path / "rows.csv")
    (tmp_path / "rows.txt").write_text("x")
    result = runner.invoke(app, ["report", *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], result.stderr
    assert not (tmp_path / "out.png").exists()


def test_report_writes_html_and_json(tmp_path: Path) -> None:
    rows = tmp_path / "rows.parquet"
    write_rows(simulate("toy", 3, 9, seats=["greedy", "random", "random"]), rows)
    result = runner.invoke(app, ["report", str(rows), "--html", str(tmp_path / "r.html"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["sections"][0]["games"] == 9 and len(data["sections"][0]["seats"]) == 3
    assert "<svg" in (tmp_path / "r.html").read_text()
