"""A harness for the Academic Society board: the board module in Chromium, fed views the way the table
page feeds them (PROTOCOL.md's ``view`` message plus ``live``/``my_turn``/``pending``), with the engine
and bots in this process.

The page is served by Playwright's request routing (no server): ``http://as.test/boards/academic-society/``
maps to the board folder, as ``homeroom serve`` maps it. ``choose`` from the board is recorded in
``window.__chosen``; ``explain`` asks the engine through an exposed function.
"""

from __future__ import annotations

import json
import mimetypes
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.agents import make_agent
from homeroom.engine import Action
from homeroom.engine.match import Match, Seat
from homeroom.server.app import WEB_DIR
from homeroom.server.lastmoves import last_moves

BOARD_DIR = Path(games.__file__).parent / "academic_society" / "web"
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "screenshots" / "academic-society"
CHROMIUM = "/usr/bin/chromium"
GAME_ID = "academic-society"
ORIGIN = "http://as.test"

HARNESS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Academic Society board harness</title>
<style>body { margin: 8px; background: #e9e4da; }</style></head>
<body><div id="board-host"></div>
<script type="module">
import { createBoard } from "/boards/academic-society/board.js";
window.__chosen = null;
window.__board = createBoard(document.getElementById("board-host"), {
  choose: (action) => { window.__chosen = action; },
  explain: (action) => window.pyExplain(JSON.stringify(action)),
});
await window.__board.ready();
window.__ready = true;
</script></body></html>
"""


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here (None when they can)."""
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing (scripts/system-deps.sh installs it)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e .[dev])"
    return None


class Table:
    """One game: the human seat is played through the board, the others by bots."""

    def __init__(self, players: int, seed: int, human: int | None = 0, bot: str = "random",
                 names: list[str] | None = None) -> None:
        self.game = games.get(GAME_ID)
        names = names or ["Ada", "Blaise", "Caroline", "Dmitri"][:players]
        self.match = Match.start(self.game, players, seed, seats=[Seat(n) for n in names])
        self.human = human
        self.bots = {s: make_agent(bot, seed * 10 + s) for s in range(players) if s != human}
        self.version = 0

    @property
    def state(self) -> Any:
        return self.match.state

    def play_bots(self) -> None:
        """Let the bots move until it is the human seat's turn or the game ends."""
        st = self.state
        while not st.is_terminal() and st.to_move != self.human:
            seat = st.to_move
            self.match.play(self.bots[seat].choose(st, seat))
            self.version += 1
            st = self.state

    def play(self, action: Action) -> None:
        self.match.play(action)
        self.version += 1

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The view message the server would send ``seat`` (None: a spectator), as the table page
        hands it to the board."""
        seat = self.human if seat is None else seat
        st = self.state
        mine = seat is not None and not st.is_terminal() and st.to_move == seat
        legal = [{"action": a.to_json(), "text": st.describe_action(a), "kind": a.to_json()["type"]}
                 for a in st.legal_actions()] if mine else []
        return {
            "type": "view", "table_id": "harness", "game": GAME_ID, "version": self.version,
            "step": len(self.match.history), "seat": seat, "role": "seat" if seat is not None else "spectator",
            "observation": st.observation(seat),
            "legal": legal,
            "log": [{"step": i, "text": t} for i, t in enumerate(self.match.log(seat))],
            "scores": [s.to_json() for s in st.scores()],
            "to_move": st.to_move, "turn_seat": st.turn_seat(), "terminal": st.is_terminal(),
            "outcome": st.outcome() if st.is_terminal() else None,
            "seats": [{"seat": i, "name": s.name, "kind": "human" if i == self.human else "random",
                       "bot": i != self.human, "connected": True, "clock": None}
                      for i, s in enumerate(self.match.seats)],
            "can_undo": False, "replay": False, "rematch": None,
            "options": dict(self.match.options), "last_moves": last_moves(self.match, seat),
            "live": True, "my_turn": mine, "pending": False,
        }

    def explain(self, action_json: str) -> str | None:
        try:
            action = self.game.action_from_json(json.loads(action_json))
        except Exception as err:  # a board guess the codec cannot read: say so in one line
            return f"not an action of this game ({err})"
        reason: str | None = self.state.explain(action)
        return reason


def prepare(page: Any) -> Any:
    """Load the harness into a Chromium page (its board files served from the package folder); the
    table to explain with is set by ``show``. Returns the page, with ``holder`` and ``js_errors``."""
    holder: dict[str, Table] = {}

    def route(r: Any) -> None:
        path = r.request.url[len(ORIGIN):].split("?")[0]
        if path in ("/", "/harness.html"):
            r.fulfill(status=200, body=HARNESS_HTML, content_type="text/html")
            return
        prefix = f"/boards/{GAME_ID}/"
        base = WEB_DIR if path.startswith("/static/") else BOARD_DIR  # the board kit, as the server serves it
        prefix = "/static/" if base is WEB_DIR else prefix
        target = (base / path[len(prefix):]).resolve() if path.startswith(prefix) else None
        if target is None or base.resolve() not in target.parents or not target.is_file():
            r.fulfill(status=404, body="not found")
            return
        ctype = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if target.suffix == ".js":
            ctype = "text/javascript"
        r.fulfill(status=200, body=target.read_bytes(), content_type=ctype)

    page.route(f"{ORIGIN}/**", route)
    page.expose_function("pyExplain", lambda a: holder["t"].explain(a) if "t" in holder else None)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{ORIGIN}/harness.html")
    page.wait_for_function("window.__ready === true")
    page.holder = holder
    page.js_errors = errors
    return page


@contextmanager
def browser_page(browser: Any, width: int = 1366, height: int = 768) -> Iterator[Any]:
    """A page of the suite's one browser (the session's ``browser`` fixture: a second sync
    Playwright in the same thread is refused) with the harness loaded (see ``prepare``), closed after."""
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        yield prepare(page)
    finally:
        page.close()


def show(page: Any, table: Table, seat: int | None = None) -> None:
    """Hand the board the current view (as the table page does after every change)."""
    page.holder["t"] = table
    page.evaluate("v => { window.__chosen = null; window.__board.update(v); }", table.view(seat))
