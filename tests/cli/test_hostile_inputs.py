"""Issue 33, "Bad input": the hostile command lines that did not end as they should. Each ends in
one line on stderr and exit 2 (no traceback, no hang, no file changed), or in a normal run that
says what it did."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from homeroom import games
from homeroom.agents import make_agent
from homeroom.cli.main import run as homeroom_run
from homeroom.cli.play import TerminalGame
from homeroom.engine.match import Match, Seat
from terminal_input import scripted

BIG = str(10**12)
TOP = str(2**64 - 1)


def big_seed_replay(folder: Path) -> Path:
    """A save file whose seed has 5001 digits (past Python's limit on reading a number)."""
    path = folder / "big-seed.json"
    path.write_text('{"format": "homeroom-replay", "format_version": 1, "game": "academic-society", '
                    '"engine_version": "1", "players": 2, "options": {}, "seed": ' + "9" * 5001
                    + ', "seats": [{"name": "a"}, {"name": "b"}], "actions": []}')
    return path


CASES = [
    ([], "a command is needed: "),
    (["simulate", "academic-society", "--games", "2", "--seed", "-1"], "--seed must be from 0 to"),
    (["simulate", "academic-society", "--games", "2", "--seed", TOP], "--seed must be from 0 to"),
    (["simulate", "academic-society", "--games", "2", "--seed", "9" * 4000], "a number of 4000 digits"),
    (["tournament", "academic-society", "--games", "2", "--seed", "-5"], "--seed must be from 0 to"),
    (["simulate", "academic-society", "--games", BIG], "from 1 to 1,000,000 in one run"),
    (["tournament", "academic-society", "--games", BIG], "from 1 to 1,000,000 in one run"),
    (["tournament", "class-of-89", "--players", "1", "--games", BIG], "from 1 to 1,000,000 in one run"),
    (["simulate", "academic-society", "--games", "2", "--workers", "0"], "at least 1"),
    (["replay", "BIG-SEED-FILE"], "not a replay (Exceeds the limit"),
    # bot budgets (the fair-play issue's bounds; tests/cli/test_budget_limits.py runs them as processes)
    (["play", "academic-society", "--seat", "mcts:seconds=nan", "--seat", "random"], "'seconds' of 'mcts'"),
    (["simulate", "academic-society", "--seat", "mcts:seconds=inf", "--games", "1"], "'seconds' of 'mcts'"),
    (["tournament", "academic-society", "--seat", "mcts:seconds=1e308", "--games", "2"], "'seconds' of 'mcts'"),
    (["simulate", "academic-society", "--seat", f"mcts:iterations={10**30}", "--games", "1"],
     "'iterations' of 'mcts'"),
]


@pytest.mark.parametrize(("argv", "message"), CASES, ids=[" ".join(c[0])[:60] or "bare" for c in CASES])
def test_one_line_and_exit_2(argv: list[str], message: str, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(big_seed_replay(tmp_path)) if a == "BIG-SEED-FILE" else a for a in argv]
    before = {p: p.read_bytes() for p in tmp_path.iterdir()}
    start = time.monotonic()
    with pytest.raises(SystemExit) as exit_info:
        homeroom_run(argv)
    assert exit_info.value.code == 2
    assert time.monotonic() - start < 20, "refused at once, not after playing or allocating"
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], captured.err
    assert "Traceback" not in captured.err + captured.out and captured.out == ""
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_the_bare_command_names_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    """The usual convention for a usage mistake: usage on stderr and exit 2 (``--help``: exit 0)."""
    with pytest.raises(SystemExit) as exit_info:
        homeroom_run([])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    for command in ("play", "simulate", "tournament", "replay", "serve", "data", "games"):
        assert command in err
    with pytest.raises(SystemExit) as exit_info:
        homeroom_run(["--help"])
    assert exit_info.value.code == 0 and "play" in capsys.readouterr().out


def test_workers_are_bounded_with_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    """``--workers 1000000000`` forked 1,305 processes: now the CPUs and the games bound it, and the
    run says how many it used."""
    with pytest.raises(SystemExit) as exit_info:
        homeroom_run(["simulate", "academic-society", "--games", "3", "--workers", "1000000000", "--json"])
    assert exit_info.value.code == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["errors"] == 0
    assert "warning: --workers 1000000000: using " in captured.err


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_workers_die_with_their_parent() -> None:
    """A killed ``simulate`` left its workers playing; now they end with it."""
    proc = subprocess.Popen([sys.executable, "-c", "from homeroom.cli.main import run; run()", "simulate",
                             "class-of-89", "--players", "4", "--games", "3000", "--workers", "2", "--json"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={k: v for k, v in os.environ.items() if k != games.PLUGIN_ENV})
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2 and proc.poll() is None:
            time.sleep(0.1)
            workers = _children(proc.pid)
        assert len(workers) >= 2, f"the run started its workers: {proc.poll()} {proc.stderr.read() if proc.stderr else ''}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() and
                                                  "Z" not in Path(f"/proc/{w}/stat").read_text().split()[2]
                                                  for w in workers):
            time.sleep(0.2)
        alive = [w for w in workers if Path(f"/proc/{w}").exists()
                 and Path(f"/proc/{w}/stat").read_text().split()[2] != "Z"]
        assert alive == [], f"workers still running after their parent was killed: {alive}"
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_name_in_brackets_prints_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot named ``[/]`` crashed ``play`` (a status line read it as markup)."""
    with pytest.raises(SystemExit) as exit_info:
        homeroom_run(["play", "academic-society", "--seat", "random", "--seat", "random", "--name", "[/]",
                      "--name", "[bold]x", "--seed", "3"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "[/]" in out and "[bold]x" in out


def _terminal(lines: list[str], save_path: Path | None) -> tuple[TerminalGame, io.StringIO]:
    match = Match.start(games.get("academic-society"), 2, 5, {}, [Seat("Ana"), Seat("Ben")])
    read = scripted(lines)

    out = io.StringIO()
    game = TerminalGame(match, [None, make_agent("random", seed=1)], Console(file=out, width=400, height=40), read,
                        save_path=save_path)
    return game, out


def test_save_file_during_a_game_saved_elsewhere_is_a_copy(tmp_path: Path) -> None:
    """``save FILE`` silently moved the autosave target; now it is a copy, and it says so."""
    own, copy = tmp_path / "own.json", tmp_path / "copy.json"
    game, out = _terminal(["1", f"save {copy}", "1", "quit"], own)
    game.run()
    text = out.getvalue()
    assert f"Saved a copy to {copy}; the game still saves itself to {own}" in text
    assert game.save_path == own
    assert len(json.loads(own.read_text())["actions"]) > len(json.loads(copy.read_text())["actions"])


def test_save_file_in_a_game_without_one_says_it_now_saves_there(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    game, out = _terminal(["1", f"save {target}", "quit"], None)
    game.run()
    assert f"Saved to {target}. From now on the game saves itself there" in out.getvalue()
    assert target.exists()


def test_save_at_the_quit_prompt_saves_then_quits(tmp_path: Path) -> None:
    """``save F`` typed at the quit prompt saved nothing and did not quit."""
    target = tmp_path / "late.json"
    game, out = _terminal(["1", "quit", f"save {target}"], None)
    assert game.run() is False
    assert target.exists() and len(json.loads(target.read_text())["actions"]) >= 1
    assert f"Saved to {target}." in out.getvalue() and "Not quitting" not in out.getvalue()
