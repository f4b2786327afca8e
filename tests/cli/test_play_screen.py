"""The terminal game on a real (pseudo) terminal at 80x24 and 120x40: after every decision the
prompt, the decision line and the first choices are on the visible screen (read with a terminal
emulator, so what scrolled away does not count)."""

from __future__ import annotations

import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

GAMES = ["class-of-89", "academic-society", "high-school-drama"]
SIZES = [(80, 24), (120, 40)]
PROMPT = "Ana> "
# the child runs the code under test: the tree PYTHONPATH names (a worktree) before the installed one
ENV = {"TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
       **({"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {})}


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
                          dimensions=(rows, cols), env=ENV)
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


def spawn(args: list[str], cols: int, rows: int) -> tuple[pexpect.spawn, pyte.Screen, pyte.ByteStream]:
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    code = "from homeroom.cli.main import run; run()"
    child = pexpect.spawn(sys.executable, ["-c", code, "play", *args, "--seed", "7"],
                          dimensions=(rows, cols), env=ENV)
    return child, screen, stream


def command(child: pexpect.spawn, stream: pyte.ByteStream, screen: pyte.Screen, text: str) -> str:
    """Type ``text`` at the prompt and return the visible screen once the prompt is back."""
    child.send(text.encode() + b"\r")
    assert wait_for_prompt(child, stream)
    lines = visible(screen)
    assert all(len(line) <= screen.columns for line in lines)
    return "\n".join(lines)


def flat(text: str) -> str:
    return " ".join(text.split())


# issue 33, the terminal game: the new lines on the real terminal at both sizes
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_new_lines_on_the_terminal(size: tuple[int, int]) -> None:
    cols, rows = size
    # High School Drama: the main-student choices whole (arrows kept), 'why' with the help's example
    child, screen, stream = spawn(["high-school-drama", "--players", "2", "--seat", "human", "--seat", "random",
                                   "--name", "Ana", "--name", "Ben"], cols, rows)
    try:
        assert wait_for_prompt(child, stream)
        picks = [line for line in visible(screen) if re.match(r"^\s+\d+ Pick ", line)]
        assert picks and all(line.endswith(")") and "arrows" in line and "…" not in line for line in picks)
        text = flat(command(child, stream, screen, "why Breakup rival=2"))
        assert "no Breakup is legal now" in text and "malformed" not in text
        label = re.sub(r"^\s+\d+ ", "", picks[0])
        assert "is legal now" in flat(command(child, stream, screen, f"why {label}"))
    finally:
        child.close(force=True)
    # Class of '89 solo: the objectives with their targets and results, Ed's teachers, 'board Ed'
    child, screen, stream = spawn(["class-of-89", "--players", "1", "--seat", "human", "--name", "Ana"], cols, rows)
    try:
        assert wait_for_prompt(child, stream)
        text = flat(command(child, stream, screen, "score"))
        assert re.search(r"you have \d+, target (MIN|T1|T2) \d+ \(normal: your .* pin \d+ is (not )?above Ed's \d+", text)
        assert "-> 0 | 14" in text and "Ed's teachers" in text
        text = flat(command(child, stream, screen, "board Ed"))
        assert "Ed's board" in text and "no such player" not in text
    finally:
        child.close(force=True)
    # Academic Society: a space that cannot be used is listed with why, and 'why' explains it
    child, screen, stream = spawn(["academic-society", "--players", "2", "--seat", "human", "--seat", "random",
                                   "--name", "Ana", "--name", "Ben"], cols, rows)
    try:
        assert wait_for_prompt(child, stream)
        text = flat(command(child, stream, screen, "2"))  # do not achieve the Royal Commission: placement
        assert re.search(r"Place a scholar on \w+ \(\d\)( \[bonus star\])?: .*|\d not possible now, e\.g\. 'why Place", text)
        text = flat(command(child, stream, screen, "why Place a scholar on Workshop (1) [bonus star]"))
        assert "Not legal now: Workshop (1) [bonus star] already holds a pawn" in text
    finally:
        child.close(force=True)
