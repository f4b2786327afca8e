"""A page that hosts the High School Drama board without the server: Playwright serves the board's
files from the package folder, Python builds each `view` message from the engine exactly as the
protocol describes it (observation, legal actions with text and kind), and the board's `choose`
and `explain` calls are recorded in the page (`window.__hsd`)."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.engine import State
from homeroom.server.app import WEB_DIR

BOARD_DIR = Path(__file__).resolve().parents[2] / "src" / "homeroom" / "games" / "high_school_drama" / "web"
ORIGIN = "http://hsd-board.test"
GAME_ID = "high-school-drama"

HARNESS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>HSD board harness</title><style>body{margin:0;padding:8px;font-family:sans-serif;background:#eef0f3}</style>
</head><body><div id="host"></div>
<script type="module">
window.__hsd = {chosen: [], explained: [], reasons: {}};
const mod = await import("/boards/high-school-drama/board.js");
window.__hsd.board = mod.createBoard(document.getElementById("host"), {
  choose: (a) => window.__hsd.chosen.push(a),
  explain: (a) => { window.__hsd.explained.push(a); return window.__hsd.reasons[JSON.stringify(a)] || "not allowed"; },
});
window.__hsd.ready = true;
</script></body></html>"""


def view_for(state: State, seat: int | None, version: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The protocol's `view` message for ``seat`` (None: a spectator) plus the table page's extras."""
    to_move = state.to_move
    legal = []
    if seat is not None and to_move == seat and not state.is_terminal():
        legal = [{"action": a.to_json(), "text": state.describe_action(a), "kind": a.to_json()["type"]}
                 for a in state.legal_actions()]
    names = list(getattr(state, "names", []))
    return {
        "type": "view", "table_id": "harness", "game": GAME_ID, "version": version, "step": version,
        "seat": seat, "role": "seat" if seat is not None else "spectator",
        "observation": state.observation(seat), "legal": legal, "log": [],
        "scores": [s.to_json() for s in state.scores()], "automa_scores": {},
        "to_move": to_move, "turn_seat": state.turn_seat(), "terminal": state.is_terminal(),
        "outcome": state.outcome() if state.is_terminal() else None, "placings": None,
        "seats": [{"seat": i, "name": n, "kind": "human", "bot": False, "connected": True, "clock": None}
                  for i, n in enumerate(names)],
        "can_undo": False, "replay": False, "rematch": None,
        "options": dict(options or {}), "last_moves": [[] for _ in names],
        "live": True, "my_turn": bool(legal), "pending": False,
    }


def install_routes(page: Any, options: dict[str, Any]) -> None:
    """Serve the harness page, the board's folder and the board kit (the options are in the view)."""

    def handle(route: Any) -> None:
        url = route.request.url
        path = url[len(ORIGIN):].split("?")[0]
        if path in ("/", "/harness.html"):
            route.fulfill(status=200, content_type="text/html", body=HARNESS_HTML)
        elif path.startswith("/boards/high-school-drama/"):
            f = (BOARD_DIR / path[len("/boards/high-school-drama/"):]).resolve()
            if BOARD_DIR in f.parents and f.is_file():
                ctype = mimetypes.guess_type(f.name)[0] or "application/octet-stream"
                if f.suffix == ".js":
                    ctype = "text/javascript"
                route.fulfill(status=200, content_type=ctype, body=f.read_bytes())
            else:
                route.fulfill(status=404, body="not found")
        elif path.startswith("/static/js/") and (WEB_DIR / path[len("/static/"):]).is_file():
            route.fulfill(status=200, content_type="text/javascript", body=(WEB_DIR / path[len("/static/"):]).read_bytes())
        else:
            route.fulfill(status=404, body="not found")

    page.route(f"{ORIGIN}/**", handle)


def open_harness(page: Any, options: dict[str, Any]) -> None:
    install_routes(page, options)
    page.goto(f"{ORIGIN}/harness.html")
    page.wait_for_function("window.__hsd && window.__hsd.ready === true", timeout=15000)


def show(page: Any, view: dict[str, Any]) -> None:
    page.evaluate("(v) => { window.__hsd.chosen = []; window.__hsd.explained = []; window.__hsd.board.update(v); }", view)


def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    return games.get(GAME_ID).new_state(players, seed=seed, options=options)


def resolved_options(players: int, options: dict[str, Any]) -> dict[str, Any]:
    return dict(games.get(GAME_ID).validate(players, options))
