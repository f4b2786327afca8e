"""The board fits the screen (issue 31), in Chromium on the real table page against fast bots.

A player plays by clicking only pieces marked ``[data-legal]`` that are in the clear part of the
window (the test never scrolls: the page brings the pieces to click into view), and at every
decision: the status bar is in view, a piece to click is in view, no text is drawn under 10 px,
and no card text is cut off by its box. A screenshot of each game's first decision at each size
goes to out/screenshots/fit/.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fit_checks import measure  # noqa: E402
from web_helpers import SCREENSHOTS, LiveServer  # noqa: E402

SHOTS = SCREENSHOTS / "fit"
DESKTOP = (1366, 768)
PHONE = (390, 844)
COLLECT = os.environ.get("FIT_COLLECT") == "1"  # survey mode: list every problem instead of stopping at the first

# game, players, seed, options
GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "academic-society": (2, 31, {}),
    "class-of-89": (2, 31, {}),
    "high-school-drama": (2, 31, {}),
}


def _settled(page: Any, before: int, seconds: float = 60) -> dict[str, Any]:
    """The page once the server's answer to the last move arrived and it is my move again (with a
    piece to click in view: the page may need a frame or two to bring it there) or the game ended."""
    deadline = time.monotonic() + seconds
    st: dict[str, Any] = {}
    while time.monotonic() < deadline:
        st = measure(page)
        if st["version"] > before and (st["terminal"] or (st["mine"] and st["legalAll"])):
            # the page reveals the pieces in the next animation frame: give it a moment
            for _ in range(10):
                if st["terminal"] or st["legal"]:
                    return st
                page.wait_for_timeout(50)
                st = measure(page)
            return st
        page.wait_for_timeout(40)
    raise AssertionError(f"no decision and no end within {seconds}s: {st}")


def _step_changed(page: Any, before: int, seconds: float = 20) -> dict[str, Any]:
    """After a click: the move was sent (the version moves on), or the board offers the next step of
    the gesture (pieces are still lit a moment later: a sent move unlights them at once)."""
    page.wait_for_timeout(120)
    deadline = time.monotonic() + seconds
    st: dict[str, Any] = {}
    while time.monotonic() < deadline:
        st = measure(page)
        if st["version"] > before or st["terminal"] or st["legalAll"]:
            return st
        page.wait_for_timeout(40)
    raise AssertionError(f"a click on a [data-legal] piece neither sent a move nor offered a next step: {st}")


def play(server: LiveServer, new_page: Any, game: str, size: tuple[int, int],
         max_decisions: int | None = None) -> dict[str, Any]:
    """Seat 0 plays (a whole game, or its first ``max_decisions``) by clicking in-view pieces."""
    players, seed, options = GAMES[game]
    created = server.api("POST", "/api/tables", {
        "game": game, "players": players, "seed": seed, "options": options, "listed": False,
        "seats": [{"kind": "human", "name": "Ana"}] + [{"kind": "random", "name": f"Bot {i}"} for i in range(1, players)]})
    page = new_page(*size)
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('homeroom.prefs.v1', JSON.stringify({confirm: 'never'}))")
    page.goto(server.url + created["seats"][0]["invite_url"])
    rng = random.Random(seed)
    decisions = clicks = 0
    problems: list[str] = []
    seen_words: set[str] = set()
    before = -1
    started = time.monotonic()
    while True:
        st = _settled(page, before)
        if st["terminal"]:
            break
        where = f"{game} {size[0]}x{size[1]} decision {decisions + 1} ({st['statusText']!r})"
        if not st["status"]:
            problems.append(f"{where}: the status bar is not in view")
        if not st["legal"]:
            problems.append(f"{where}: none of the {st['legalAll']} pieces to click is in view: {st['away']}")
        if st["small"]:
            problems.append(f"{where}: text under 10 px: {st['small'][:6]}")
        if st["clipped"]:
            problems.append(f"{where}: card text cut off: {st['clipped'][:6]}")
        seen_words.update(st["hyphenated"])
        if decisions == 0:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{game}-{size[0]}x{size[1]}-first-decision.png"))
        if not COLLECT:
            assert not problems, "\n".join(problems[:8])
        before = st["version"]
        for _ in range(12):
            if COLLECT and not st["legal"]:  # a survey of every problem: play on through the DOM
                page.evaluate("() => document.querySelector('#board-host [data-legal]').click()")
                st = _step_changed(page, before)
                if st["version"] > before or st["terminal"]:
                    break
                continue
            spot = rng.choice(st["legal"])
            page.mouse.click(spot["x"], spot["y"])
            clicks += 1
            st = _step_changed(page, before)
            if st["version"] > before or st["terminal"]:
                break
            for _ in range(10):  # the page brings the next step's pieces into view in a frame or two
                if st["legal"]:
                    break
                page.wait_for_timeout(50)
                st = measure(page)
            assert st["legal"], f"{where}: the next step's pieces are not in view: {st['away']}"
        else:
            raise AssertionError(f"{where}: twelve clicks did not make a move")
        decisions += 1
        if max_decisions is not None and decisions >= max_decisions:
            break
        assert decisions < 600, "the game did not end"
    page.screenshot(path=str(SHOTS / f"{game}-{size[0]}x{size[1]}-end.png"), full_page=True)
    if COLLECT:
        print("\n".join(problems))
        print("hyphenated words in tooltips:", sorted(seen_words))
    return {"decisions": decisions, "clicks": clicks, "seconds": round(time.monotonic() - started, 1),
            "terminal": st["terminal"], "page": page}


@pytest.mark.parametrize("game", list(GAMES))
def test_whole_game_fits_a_laptop(server: LiveServer, new_page: Any, game: str) -> None:
    """1366x768: a whole game, every decision checked."""
    out = play(server, new_page, game, DESKTOP)
    print(game, "1366x768", {k: v for k, v in out.items() if k != "page"})
    assert out["terminal"] and out["decisions"] > 5


@pytest.mark.parametrize("game", list(GAMES))
def test_whole_game_fits_a_phone(server: LiveServer, new_page: Any, game: str) -> None:
    """390x844: a whole game, every decision checked."""
    out = play(server, new_page, game, PHONE)
    print(game, "390x844", {k: v for k, v in out.items() if k != "page"})
    assert out["terminal"] and out["decisions"] > 5
