"""The terminal game on a real (pseudo) terminal at 80x24 and 120x40: after every decision the
prompt, the decision line and the first choices are on the visible screen (read with a terminal
emulator, so what scrolled away does not count)."""

from __future__ import annotations

import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

GAMES = ["class-of-89", "academic-society", "high-school-drama"]
SIZES = [(80, 24), (120, 40)]
PROMPT = "Ana> "


def visible(screen: pyte.Screen) -> list[str]:
    return [line.rstrip() for line in screen.display]


def wait_for_prompt(child: pexpect.spawn, stream: pyte.ByteStream) -> bool:
    """Feed the terminal until it shows the prompt (True) or the game ends (False)."""
    index = child.expect([re.escape(PROMPT).encode(), pexpect.EOF], timeout=60)
    stream.feed(child.before + (child.after if index == 0 else b""))
    return index == 0


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_shows_the_prompt_the_decision_and_the_first_choices(game: str, size: tuple[int, int]) -> None:
    cols, rows = size
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    code = "from homeroom.cli.main import run; run()"
    child = pexpect.spawn(sys.executable, ["-c", code, "play", game, "--players", "2", "--seat", "human",
                                           "--seat", "random", "--name", "Ana", "--name", "Ben", "--seed", "7"],
                          dimensions=(rows, cols), env={"TERM": "xterm-256color", "PATH": "/usr/bin:/bin"})
    try:
        decisions = 0
        first = True
        for _ in range(12):
            assert wait_for_prompt(child, stream), "the game ended or stopped early"
            lines = visible(screen)
            text = "\n".join(lines)
            last = max(i for i, line in enumerate(lines) if line.strip())
            assert lines[last].startswith(PROMPT.strip()), text
            if first:
                assert "help" in text and "Ben (random)" in text, text  # who you play and how to get help
                first = False
            chosen = any(line.startswith("Chosen: ") for line in lines)
            if not chosen:
                assert any(line.startswith("Deciding: ") for line in lines), text
                decisions += 1
            assert re.search(r"^\s+1 \S", text, re.M), text  # the first choice is on screen
            assert all(len(line) <= cols for line in lines)
            child.send(b"1\r")
        assert decisions >= 3
        child.send(b"quit\r")
        child.expect([b"Quit anyway", pexpect.EOF], timeout=30)
        child.send(b"y\r")
        child.expect(pexpect.EOF, timeout=30)
    finally:
        child.close(force=True)
