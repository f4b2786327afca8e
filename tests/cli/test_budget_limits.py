"""Every bot budget is finite and bounded (issue 30, item 4): a seat kind with an endless budget
is refused before any game starts, one line on stderr and exit 2, instead of a bot that thinks for
ever. Each case runs in its own process with a timeout, so a regression fails instead of hanging."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from homeroom.agents import AgentError, make_agent

ENDLESS = [
    ("mcts:seconds=nan", "'seconds' of 'mcts' must be more than 0 and at most 60, not nan"),
    ("mcts:seconds=inf", "'seconds' of 'mcts' must be more than 0 and at most 60, not inf"),
    ("mcts:seconds=1e308", "'seconds' of 'mcts' must be more than 0 and at most 60, not 1e+308"),
    ("mcts:iterations=" + "1" + "0" * 30, "'iterations' of 'mcts' must be at least 1 and at most 1000000"),
    ("mcts:iterations=-5", "'iterations' of 'mcts' must be at least 1 and at most 1000000, not -5"),
    ("mcts:seconds=-1", "'seconds' of 'mcts' must be more than 0 and at most 60, not -1"),
]


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
@pytest.mark.parametrize(("spec", "message"), ENDLESS)
def test_endless_budgets_are_refused_on_the_command_line(command: str, spec: str, message: str) -> None:
    env = {**os.environ, "HOMEROOM_GAME_MODULES": "toygame",
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[1]), os.environ.get("PYTHONPATH", "")])}
    games = [] if command == "play" else ["--games", "1"]
    result = subprocess.run([sys.executable, "-m", "homeroom.cli.main", command, "toy", "--seat", spec,
                             "--seat", "random", *games], capture_output=True, text=True, timeout=30, check=False,
                            stdin=subprocess.DEVNULL, env=env)
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr + result.stdout


@pytest.mark.parametrize(("spec", "message"), [
    ("hard:seconds=nan", "'seconds' of 'hard' must be more than 0 and at most 60, not nan"),
    ("hard:iterations=1000001", "'iterations' of 'hard' must be at least 1 and at most 1000000"),
    ("mcts:seconds=61", "at most 60, not 61"),
    ("mcts:c=inf", "'c' of 'mcts' must be at least 0 and at most 100, not inf"),
    ("mcts:depth=nan", "'depth' of 'mcts' must be a whole number"),
    ("mcts:depth=100000", "'depth' of 'mcts' must be at least -1 and at most 1000"),
    ("greedy:depth=9", "'depth' of 'greedy' must be at least 0 and at most 4, not 9"),
    ("greedy:beam=1000000", "'beam' of 'greedy' must be at least 1 and at most 8"),
    ("easy:epsilon=nan", "'epsilon' of 'easy' must be at least 0 and at most 1, not nan"),
])
def test_every_kind_checks_its_numbers_in_one_place(spec: str, message: str) -> None:
    with pytest.raises(AgentError) as err:
        make_agent(spec)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_the_bounds_themselves_are_allowed() -> None:
    for spec in ("mcts:seconds=60", "mcts:iterations=1000000,seconds=0.5", "hard:iterations=1000000",
                 "mcts:depth=-1", "greedy:depth=4,beam=8", "easy:epsilon=1"):
        make_agent(spec)
