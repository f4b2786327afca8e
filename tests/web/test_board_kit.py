"""The board code (issue 31, "the board code, ready for this"): boards draw from the view alone
(the others' last moves survive a reload), use the served kit instead of innerHTML and their own
fetches, the table page is split into readable modules and drops a board with destroy()."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from test_web_pages import play_first, wait_view
from web_helpers import LiveServer, shot

SRC = Path(__file__).resolve().parents[2] / "src" / "homeroom"
BOARD_FILES = sorted((SRC / "games").glob("*/web/*.js"))
TABLE_MODULES = [SRC / "web" / "js" / "table.js", *sorted((SRC / "web" / "js" / "table").glob("*.js"))]


def test_no_board_module_uses_innerhtml_or_fetches_the_table() -> None:
    """Every board module builds its DOM through the kit (no innerHTML, no hand-made escaping) and
    learns the options from the view (no fetch of /api/tables/{id})."""
    assert len({p.parent for p in BOARD_FILES}) == 3, BOARD_FILES
    for path in BOARD_FILES:
        text = path.read_text(encoding="utf-8")
        assert "innerHTML" not in text, f"{path.relative_to(SRC)} uses innerHTML"
        assert "/api/tables" not in text, f"{path.relative_to(SRC)} fetches the table's summary"
        assert not re.search(r"\b(lastMine|baseline)\b", text), f"{path.relative_to(SRC)} keeps an old position"
    for board in SRC.glob("games/*/web/board.js"):
        assert '"/static/js/kit.js"' in board.read_text(encoding="utf-8"), f"{board} does not use the board kit"


def test_the_table_page_is_split_into_readable_modules() -> None:
    for path in TABLE_MODULES:
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines < 400, f"{path.relative_to(SRC)} has {lines} lines"
    assert len(TABLE_MODULES) >= 6


KIT_PAGE = """<!doctype html><html><body><div id="host"></div><script type="module">
import { html, patch } from "/static/js/kit.js";
const host = document.getElementById("host");
const draw = (name, n) => patch(host, html`<ul>${[1, 2, 3].map((i) => html`<li data-key="k${i}" class="${i === n ? "on" : ""}">${name} ${i}</li>`)}</ul><p title="${name}">${name}</p>`);
window.kit = { draw, host };
window.ready = true;
</script></body></html>"""


def test_the_kit_escapes_and_updates_by_key(server: LiveServer, new_page: Any) -> None:
    """html`...` writes every value as text; patch keeps the elements with the same key and
    changes only what differs."""
    page = new_page()
    page.route("**/kit-test.html", lambda r: r.fulfill(status=200, content_type="text/html", body=KIT_PAGE))
    page.goto(server.url + "/kit-test.html")
    page.wait_for_function("window.ready === true")
    evil = '<img src=x onerror="window.owned=1">"&'
    page.evaluate("(name) => window.kit.draw(name, 1)", evil)
    assert page.locator("#host img").count() == 0
    assert page.locator("#host li").first.inner_text() == f"{evil} 1"
    assert page.locator("#host p").get_attribute("title") == evil
    page.evaluate("() => { window.firstLi = document.querySelector('#host li[data-key=k2]'); }")
    page.evaluate("() => window.kit.draw('Ben', 2)")
    kept = page.evaluate("() => window.firstLi === document.querySelector('#host li[data-key=k2]')")
    assert kept, "the element with the same data-key was rebuilt"
    assert page.locator("#host li.on").inner_text() == "Ben 2"
    assert page.evaluate("() => window.owned") is None


def test_others_last_moves_survive_a_reload(server: LiveServer, new_page: Any) -> None:
    """Ana plays Academic Society against a bot until the bot has placed a scholar; after a reload
    (no old position in memory) the board still marks the bot's last placement, from the view."""
    created = server.api("POST", "/api/tables", {
        "game": "academic-society", "players": 2, "seed": 11,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random", "name": "Robo"}],
    })
    tid, ana = created["table_id"], created["seats"][0]
    page = new_page(1366, 768)
    page.goto(server.url + ana["invite_url"])
    wait_view(page)
    for _ in range(60):
        view = server.api("GET", f"/api/tables/{tid}/view", secret=ana["secret"])
        if any(m["action"] and m["action"]["type"] == "Place" for m in view["last_moves"][1]):
            break
        page.wait_for_function("() => document.body?.dataset.myTurn === 'true' && !!document.querySelector('#groups button.act:not([disabled])')")
        play_first(page)
    else:
        raise AssertionError("the bot never placed a scholar")
    page.reload()
    wait_view(page)
    page.wait_for_selector(".as-board .as-pawn.as-s1.as-new", timeout=10_000)
    shot(page, "board-kit-last-moves-after-reload", full_page=False)


FAKE_BOARD = """
export function createBoard(container) {
  const root = document.createElement("div");
  root.className = "fake-board";
  container.appendChild(root);
  return {
    update(view) { root.textContent = "step " + view.step; },
    destroy() { sessionStorage.setItem("destroyed", String(Number(sessionStorage.getItem("destroyed") || 0) + 1)); },
  };
}
"""

BROKEN_BOARD = """
export function createBoard(container) {
  return { destroy() { window.destroyedOnFallback = true; } };
}
"""


def test_the_page_drops_its_board_with_destroy(server: LiveServer, new_page: Any) -> None:
    """Leaving the table (here for the lobby) calls the board's destroy() once; a board the page
    cannot use (no update) is destroyed as the page falls back to the generic layout."""
    created = server.api("POST", "/api/tables", {
        "game": "toy", "players": 2, "seed": 5, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}],
    })
    page = new_page()
    page.route("**/boards/toy/board.js", lambda r: r.fulfill(status=200, content_type="text/javascript", body=FAKE_BOARD))
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_view(page)
    page.wait_for_selector(".fake-board")
    assert page.evaluate("() => sessionStorage.getItem('destroyed')") is None
    page.goto(server.url + "/")
    assert page.evaluate("() => sessionStorage.getItem('destroyed')") == "1"

    other = new_page()
    other.route("**/boards/toy/board.js", lambda r: r.fulfill(status=200, content_type="text/javascript", body=BROKEN_BOARD))
    other.goto(server.url + created["seats"][0]["invite_url"])
    wait_view(other)
    other.wait_for_selector("#obs .obs")  # the generic layout
    assert other.evaluate("() => window.destroyedOnFallback") is True
