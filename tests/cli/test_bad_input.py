"""Every bad input is one line on stderr naming the problem, exit code 2, no traceback, and no
file changed (issue 16, "Bad input")."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homeroom.cli.main import app
from homeroom.cli.main import run as homeroom_run
from homeroom.engine.match import TEMP_SUFFIX, save_json

runner = CliRunner()


def run(*args: str, input: str | None = None):  # noqa: A002
    return runner.invoke(app, list(args), input=input)


def _one_line_error(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert message in lines[0], lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["play", "toy", "--seat", "mcts:seconds=abc"], "'seconds' of 'mcts' must be a number, not 'abc'"),
    (["play", "toy", "--seat", "mcts:bogus=1"], "unknown parameter 'bogus' for 'mcts' (known: c, depth"),
    (["play", "toy", "--seat", "greedy:depth=1.5"], "'depth' of 'greedy' must be a whole number"),
    (["play", "toy", "--seat", "random", "--seat", "random", "--seed", "9" * 4000], "a number of 4000 digits"),
    (["play", "toy", "--seat", "random", "--seat", "random", "--seed", "-1"], "between 0 and"),
    (["play", "toy", "--seat", "random", "--seat", "random", "--seed", str(2**64)], "between 0 and"),
    (["bench", "toy", "--seconds", "-1"], "--seconds must be more than 0"),
    (["simulate", "toy", "--games", "2", "--out", "/nonexistent-folder/rows.csv"], "does not exist"),
    (["tournament", "toy", "--games", "2", "--out", "/nonexistent-folder/rows.csv"], "does not exist"),
    (["play", "toy", "--seat", "random", "--seat", "random", "--save", "/proc/homeroom-save.json"],
     "cannot write /proc/homeroom-save.json"),
    (["play", "toy", "--seat", "random", "--seat", "random", "--name", "A\x1b[31mB", "--name", "C"],
     "control character"),
    (["play", "toy", "--seat", "random", "--seat", "random", "--name", "Ana\nBen wins", "--name", "C"],
     "control character"),
    (["replay", "/dev/zero"], "not a regular file"),
    (["serve", "--rate-creations", "lots"], "--rate-creations: 'lots' is not a rate like 20/60"),
    (["serve", "--rate-messages", "0/10"], "--rate-messages: '0/10': the count must be at least 1"),
    (["serve", "--max-sockets", "0"], "--max-sockets must be at least 1"),
    (["serve", "--zombie-after", "-1"], "--zombie-after must be between 0 and"),
    (["serve", "--archive-after", "-1"], "--archive-after must be between 0 and 36500 days"),
    (["serve", "--archive-after", "nan"], "--archive-after must be between 0 and 36500 days"),
    (["serve", "--analysis-iterations", "5"], "--analysis-iterations must be from 10 to 100,000, not 5"),
    (["serve", "--rate-chat", "many"], "--rate-chat: 'many' is not a rate like 20/60"),
])
def test_bad_command_lines(args: list[str], message: str) -> None:
    _one_line_error(run(*args), message)


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, message in ((["play", "toy", "--bogus"], "No such option: --bogus"),
                          (["play", "toy", "--players", "abc"], "'--players'"),
                          (["simulate"], "Missing argument 'GAME'")):
        with pytest.raises(SystemExit) as exit_info:
            homeroom_run(argv)
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and message in lines[0] and "--help" in lines[0], err


def _saved_game(tmp_path: Path) -> Path:
    save = tmp_path / "game.json"
    result = run("play", "toy", "--seat", "random", "--seat", "random", "--seed", "4", "--save", str(save))
    assert result.exit_code == 0, result.output
    return save


def test_replay_step_past_the_end_and_seat_numbers_from_one(tmp_path: Path) -> None:
    save = _saved_game(tmp_path)
    n = len(json.loads(save.read_text())["actions"])
    _one_line_error(run("replay", str(save), "--step", str(n + 1)), f"holds {n} decision(s)")
    assert run("replay", str(save), "--step", str(n)).exit_code == 0
    _one_line_error(run("replay", str(save), "--as-seat", "0"), "between 1 and 2")
    seat_one = json.loads(run("replay", str(save), "--as-seat", "1", "--json").stdout)
    assert seat_one["terminal"]


def test_resume_refuses_a_contradicting_game_and_never_rewrites_a_finished_game(tmp_path: Path) -> None:
    save = _saved_game(tmp_path)
    data = json.loads(save.read_text())
    data["note"] = "a key homeroom does not know"
    save.write_text(json.dumps(data))
    os.chmod(save, 0o640)
    before = save.read_bytes()
    _one_line_error(run("play", "class-of-89", "--resume", str(save)), "is a game of toy, not class-of-89")
    _one_line_error(run("play", "--resume", str(save), "--seed", "3"), "--seed cannot change a saved game")
    result = run("play", "toy", "--resume", str(save))
    assert result.exit_code == 0, result.output
    assert save.read_bytes() == before and stat.S_IMODE(save.stat().st_mode) == 0o640


@pytest.mark.parametrize("kind", ["nested", "huge", "fifo", "folder", "binary"])
def test_bad_replay_files_are_refused_quickly(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "bad.json"
    if kind == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000)
        message = "nested too deeply"
    elif kind == "huge":
        with path.open("wb") as fh:
            fh.truncate(40 * 1024 * 1024)
        message = "too large"
    elif kind == "fifo":
        os.mkfifo(path)
        message = "not a regular file"
    elif kind == "folder":
        path.mkdir()
        message = "not a regular file"
    else:
        path.write_bytes(b"\xff\xfe\x00garbage")
        message = "not valid JSON"
    _one_line_error(run("replay", str(path)), message)


def test_saves_are_atomic_keep_permissions_and_clean_up_after_a_killed_save(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    save_json(target, {"a": 1})
    os.chmod(target, 0o600)
    left_over = tmp_path / f".g.json.abc123{TEMP_SUFFIX}"
    left_over.write_text("half a save")
    save_json(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert not left_over.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_the_installed_command_prints_usage_errors_on_one_line() -> None:
    result = subprocess.run([sys.executable, "-m", "homeroom.cli.main", "play", "toy", "--frobnicate"],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "No such option" in result.stderr


def test_names_with_brackets_print_as_typed() -> None:
    result = run("play", "toy", "--seat", "random", "--seat", "random", "--seed", "2",
                 "--name", "[bold]Ana[/]", "--name", "Ben [x]")
    assert result.exit_code == 0, result.output
    assert "[bold]Ana[/]" in result.output and "Ben [x]" in result.output


@pytest.mark.parametrize("args", [
    ["bench", "high-school-drama", "--seconds", "0.05"],
    ["tournament", "toy", "--players", "2", "--seat", "greedy", "--seat", "random", "--games", "2"],
    ["tournament", "toy", "--players", "1", "--seat", "random", "--games", "2"],
])
def test_tables_fit_80_columns_when_piped(args: list[str]) -> None:
    env = {**os.environ, "COLUMNS": "80", "HOMEROOM_GAME_MODULES": "toygame",
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[1]), os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run([sys.executable, "-m", "homeroom.cli.main", *args], capture_output=True, text=True,
                            timeout=120, env=env, check=False)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines and all(len(line) <= 80 for line in lines), result.stdout
    assert "…" not in result.stdout, result.stdout
    if args[0] == "tournament" and args[3] == "2":
        assert "%" in result.stdout  # win rates and intervals print as percentages
