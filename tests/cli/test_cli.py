"""The ``homeroom`` command, driven as a user would (toy game registered by conftest)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from typer.testing import CliRunner

from homeroom.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):  # noqa: A002
    return runner.invoke(app, list(args), input=input)


def test_games_lists_toy_as_json() -> None:
    result = run("games", "--json")
    assert result.exit_code == 0
    ids = [g["id"] for g in json.loads(result.stdout)]
    assert "toy" in ids


def test_bots_play_a_whole_game_and_show_scores() -> None:
    result = run("play", "toy", "--players", "3", "--seat", "random", "--seat", "random", "--seat", "random",
                 "--seed", "5")
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and ("Winner:" in result.output or "Shared win:" in result.output)
    assert "total" in result.output


def test_human_commands_and_save_resume(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    script = "help\nscore\nwhy Play card=99\nwhy 1\nkinds\n/Play\nbogus\n1\n"
    result = run("play", "toy", "--players", "2", "--seat", "human", "--seat", "random", "--seed", "3",
                 "--name", "Ana", "--save", str(save), input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Commands:" in out
    assert "Illegal:" not in out or "no 99 in hand" in out
    assert "you have no 99 in hand" in out
    assert "is legal now" in out
    assert "Unknown command 'bogus'" in out
    assert "End of input" in out
    data = json.loads(save.read_text())
    assert data["seats"][0] == {"name": "Ana", "agent": "human"} and len(data["actions"]) >= 1
    # refuse to overwrite an existing save when starting a new game
    again = run("play", "toy", "--players", "2", "--save", str(save), input="q\n")
    assert again.exit_code == 2 and "already exists" in again.stderr
    # resume and finish by playing action 1 repeatedly
    resumed = run("play", "--resume", str(save), input="1\n" * 200)
    assert resumed.exit_code == 0, resumed.output
    assert "Resumed" in resumed.output and "Game over" in resumed.output
    final = json.loads(save.read_text())
    assert "result" in final


def test_simulate_summary_rows_and_workers(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    result = run("simulate", "toy", "--players", "3", "--games", "30", "--json", "--out", str(out), "--workers", "2")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and summary["completed"] == 30
    assert sum(s["win_share"] for s in summary["seats"]) == 1.0 or abs(sum(s["win_share"] for s in summary["seats"]) - 1) < 1e-3
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 30 and rows[0]["seed"] == "0"
    single = run("simulate", "toy", "--players", "3", "--games", "30", "--json")
    assert json.loads(single.stdout)["seats"] == summary["seats"], "same seeds give the same results"


def test_replay_log_and_step(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert run("play", "toy", "--players", "2", "--seat", "random", "--seat", "random", "--seed", "9",
               "--save", str(save)).exit_code == 0
    full = run("replay", str(save), "--json")
    data = json.loads(full.stdout)
    assert data["terminal"] and data["winner"]
    assert sorted(data["placings"])[0] == 1 and {s for s, p in enumerate(data["placings"]) if p == 1} == set(
        data["winner"])
    step = json.loads(run("replay", str(save), "--json", "--step", "2").stdout)
    assert step["decisions"] == 2 and not step["terminal"]
    text = run("replay", str(save))
    assert text.exit_code == 0 and ("Winner:" in text.output or "Shared win:" in text.output)
    # the seed is the file's own: replay shows it in its header and JSON, never in the game log
    assert data["seed"] == 9 and not any("seed" in line for line in data["log"])
    assert "for 2 player(s), seed 9." in text.output.splitlines()[0]


def test_bad_input_exits_2_with_one_line(tmp_path: Path) -> None:
    cases = [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "toy", "--option", "copies=lots"], "must be a whole number"),
        (["play", "toy", "--option", "nokey"], "KEY=VALUE"),
        (["play", "toy", "--players", "9"], "not 9"),
        (["play", "toy", "--seat", "genius"], "unknown seat kind 'genius'"),
        (["simulate", "toy", "--games", "0"], "from 1 to 1,000,000"),
        (["simulate", "toy", "--seat", "human"], "cannot seat a human"),
        (["replay", str(tmp_path / "missing.json")], "no such file"),
        (["data", "check", "toy", str(tmp_path / "nowhere")], "is not a folder"),
    ]
    for args, message in cases:
        result = run(*args, input="q\n")
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "homeroom-replay", "format_version": 7}')
    before = bad.read_bytes()
    result = run("replay", str(bad))
    assert result.exit_code == 2 and "format_version 7" in result.stderr
    assert bad.read_bytes() == before


def test_bench_and_data_check() -> None:
    result = run("bench", "toy", "--players", "2", "--seconds", "0.05", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    row = report["cases"][0]
    assert row["games_per_second"] > 0 and row["apply_us"] > 0
    assert report["reference"]["decisions_per_second"] > 0 and row["ratio"] > 0
    assert run("data", "check", "toy").exit_code == 0
    checked = run("data", "check", "academic-society")
    assert checked.exit_code == 0 and "stand-in fields" in checked.output and "treatises" in checked.output
