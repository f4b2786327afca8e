"""A harness for the Class of '89 board: the engine in Python, the board in Debian's Chromium.

The board module is served from its package folder through Playwright routing (no server needed),
mounted in a bare page the way the table page mounts it (``createBoard(container, {choose,
explain})``), and fed ``view`` messages built exactly as PROTOCOL.md describes them. ``choose``
records the action the board sends; ``explain`` asks the engine (``state.explain``).
"""

from __future__ import annotations

import json
import mimetypes
import os
import random
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from homeroom import games
from homeroom.agents import make_agent
from homeroom.engine.match import Match, Seat
from homeroom.server.app import WEB_DIR
from homeroom.server.lastmoves import last_moves

BOARD_DIR = Path(__file__).resolve().parents[2] / "src" / "homeroom" / "games" / "class_of_89" / "web"
SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"
ORIGIN = "http://co89.board.test"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Class of '89 board harness</title>
<style>body{margin:0;background:#3a3f4b;font-family:system-ui}#host{max-width:1366px;margin:0 auto}</style>
</head><body><div id="host"></div>
<script type="module">
import { createBoard } from "/board.js";
window.__chosen = [];
window.board = createBoard(document.getElementById("host"), {
  choose: (action) => { window.__chosen.push(action); },
  explain: (action) => window.hrExplain(action),
});
window.__ready = true;
</script></body></html>"""

GAME_ID = "class-of-89"


def chromium_or_skip() -> None:
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        if os.environ.get("CI"):
            pytest.fail("Debian chromium is missing (scripts/system-deps.sh installs it)")
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")


def new_match(players: int, seed: int, options: dict[str, Any] | None = None,
              names: list[str] | None = None) -> Match:
    game = games.get(GAME_ID)
    names = (names or ["Ana", "Ben", "Cleo", "Dev"])[:players]
    return Match.start(game, players, seed, options or {}, [Seat(n) for n in names])


def view_for(match: Match, seat: int | None, version: int) -> dict[str, Any]:
    """The `view` message of PROTOCOL.md as the table page hands it to a board."""
    st = match.state
    mine = seat is not None and st.to_move == seat
    legal = []
    if mine:
        for a in st.legal_actions():
            j = a.to_json()
            legal.append({"action": j, "text": st.describe_action(a), "kind": j["type"]})
    log = [{"step": 0, "text": t} for t in match.log(seat)]
    return {
        "type": "view", "table_id": "harness", "game": GAME_ID, "version": version, "step": version,
        "seat": seat, "role": "seat" if seat is not None else "spectator",
        "observation": json.loads(json.dumps(st.observation(seat))), "legal": legal, "log": log[-60:],
        "scores": [s.to_json() for s in st.scores()],
        "automa_scores": {k: v.to_json() for k, v in st.automa_scores().items()},
        "to_move": st.to_move, "turn_seat": st.turn_seat(), "terminal": st.is_terminal(),
        "outcome": st.outcome() if st.is_terminal() else None, "placings": None,
        "seats": [{"seat": i, "name": s.name, "kind": "human" if i == 0 else "random", "bot": i != 0,
                   "connected": True, "clock": None} for i, s in enumerate(match.seats)],
        "options": dict(match.options), "last_moves": last_moves(match, seat),
        "can_undo": False, "replay": False, "rematch": None,
        "live": True, "my_turn": mine, "pending": False,
    }


class BoardPage:
    """One Chromium page with the board mounted."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.match: Match | None = None

        def serve(route: Any) -> None:
            path = route.request.url[len(ORIGIN):].split("?")[0]
            if path in ("/", "/index.html"):
                route.fulfill(status=200, content_type="text/html", body=PAGE)
                return
            base = WEB_DIR if path.startswith("/static/") else BOARD_DIR  # the board kit, as the server serves it
            f = (base / path.removeprefix("/static/").lstrip("/")).resolve()
            if base not in f.parents or not f.is_file():
                route.fulfill(status=404, body="not found")
                return
            ctype = mimetypes.guess_type(f.name)[0] or "application/octet-stream"
            if f.suffix == ".js":
                ctype = "text/javascript"
            route.fulfill(status=200, content_type=ctype, body=f.read_bytes())

        page.route(f"{ORIGIN}/**", serve)
        page.expose_function("hrExplain", self._explain)
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{ORIGIN}/")
        page.wait_for_function("window.__ready === true")

    def _explain(self, action: dict[str, Any]) -> str | None:
        if self.match is None:
            return None
        game = games.get(GAME_ID)
        try:
            act = game.action_from_json(action)
        except Exception as e:  # a malformed proposal: say so, as the server would
            return f"not an action of this game ({e})"
        reason = self.match.state.explain(act)
        return str(reason) if reason else None

    def show(self, view: dict[str, Any]) -> None:
        self.page.evaluate("v => { window.__chosen = []; window.board.update(v); }", view)

    def chosen(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate("window.__chosen"))


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (one per test module: a second sync Playwright in the
    same thread is refused)."""
    from playwright.sync_api import sync_playwright

    chromium_or_skip()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def board_page(browser: Any, width: int = 1366, height: int = 768) -> Iterator[BoardPage]:
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        yield BoardPage(page)
    finally:
        page.close()


def bots(match: Match, human: int, seed: int) -> dict[int, Any]:
    return {s: make_agent("random", seed + s) for s in range(match.players) if s != human}


def advance_bots(match: Match, agents: dict[int, Any], human: int) -> None:
    """Let the bot seats decide until the human must, or the game ends."""
    st = match.state
    while not st.is_terminal() and st.to_move != human:
        seat = st.to_move
        assert seat is not None
        match.play(agents[seat].choose(st.clone(), seat))


def play_until(match: Match, seed: int, wanted: Callable[[list[Any]], bool]) -> None:
    """Random legal moves (drawn from ``seed``) until seat 0 is to move with legal actions that
    ``wanted`` accepts; the game must not end first."""
    rng = random.Random(seed)
    while True:
        legal = match.state.legal_actions()
        if match.state.to_move == 0 and wanted(legal):
            return
        assert not match.state.is_terminal(), "the game ended before the wanted decision"
        match.play(rng.choice(legal))


def pick(rng: random.Random, match: Match) -> Any:
    """A playful human: mostly the main business of a turn, sometimes the extras, then ends."""
    legal = match.state.legal_actions()
    names = [type(a).__name__ for a in legal]
    if "EndTurn" in names and match.state.main_done and rng.random() < 0.8:  # type: ignore[attr-defined]
        return legal[names.index("EndTurn")]
    if "ShiftToken" in names and rng.random() < 0.8:  # paid token moves: now and then, not all the time
        legal = [a for a in legal if type(a).__name__ != "ShiftToken"]
    return rng.choice(legal)
