"""The Academic Society board in Chromium: every legal action has a board gesture producing exactly it,
whole games played only by clicking the board at 2, 3 and 4 players (a screenshot per round under
out/screenshots/academic-society/), explanations on illegal clicks, cancel, spectators, phone width."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from board_as_harness import BOARD_DIR, GAME_ID, SHOTS, Table, browser_page, chromium_missing, prepare, show  # noqa: E402

from homeroom.games.academic_society.web import build_components  # noqa: E402

_missing = chromium_missing()
if _missing and os.environ.get("CI") != "true":
    pytestmark = pytest.mark.skip(reason=f"browser tests need Chromium: {_missing}")


def test_components_json_is_built_from_the_data() -> None:
    """components.json is exactly what build_components writes from data/*.toml."""
    assert build_components.OUT.read_text(encoding="utf-8") == build_components.render(), (
        "components.json is stale: run python -m homeroom.games.academic_society.web.build_components")
    data = json.loads(build_components.render())
    assert len(data["treatises"]) == 36 and len(data["cells"]) == 13 and len(data["spaces"]) == 16


# One decision checked in the page: every legal action's gesture is lit step by step and, clicked,
# hands exactly that action to choose(); no two actions share a gesture.
CHECK_DECISIONS = """
(views) => views.map((view) => {
  const b = window.__board;
  b.update(view);
  const problems = [];
  const gestures = b.gestures();
  const seen = new Set();
  for (const g of gestures) {
    const id = g.steps.join(" ");
    if (seen.has(id)) problems.push(`two actions share the gesture ${id}`);
    seen.add(id);
  }
  if (gestures.length !== view.legal.length) problems.push(`${gestures.length} gestures for ${view.legal.length} actions`);
  for (const l of view.legal) {
    const steps = b.gestureFor(l.action);
    if (!steps || !steps.length) { problems.push(`no gesture for ${l.text}`); continue; }
    b.reset();
    window.__chosen = null;
    for (const key of steps) {
      const el = [...document.querySelectorAll("[data-key]")].find((e) => e.dataset.key === key && e.classList.contains("as-target"));
      if (!el) { problems.push(`${l.text}: no lit piece ${key}`); break; }
      el.click();
    }
    if (JSON.stringify(window.__chosen) !== JSON.stringify(l.action)) {
      problems.push(`${l.text}: the clicks ${steps.join(", ")} chose ${JSON.stringify(window.__chosen)}`);
    }
  }
  return problems.map((p) => `step ${view.step}: ${p}`);
}).flat()
"""


def test_every_legal_action_has_a_board_gesture(browser: Any) -> None:
    """Seeded random games at 2, 3 and 4 players: at every decision, each legal action is made by
    clicking lit pieces on the board, and the clicks produce exactly that action."""
    decisions = kinds = 0
    seen_kinds: set[str] = set()
    with browser_page(browser) as page:
        for players, seed in ((2, 11), (3, 12), (4, 13)):
            table = Table(players, seed, human=None)
            rng = random.Random(seed)
            batch: list[dict[str, Any]] = []
            while not table.state.is_terminal():
                view = table.view(table.state.to_move)
                view["log"] = view["log"][-60:]  # the board reads only the latest Phase 5 lines
                batch.append(view)
                decisions += 1
                d = view["observation"]["decision"]
                seen_kinds.add(f"{d['kind']}/{d['for']}")
                table.play(rng.choice(table.state.legal_actions()))
                if len(batch) == 25 or table.state.is_terminal():
                    problems = page.evaluate(CHECK_DECISIONS, batch)
                    assert not problems, f"{players}p seed {seed}: {problems[:5]}"
                    batch = []
        assert not page.js_errors, page.js_errors
    kinds = len(seen_kinds)
    assert decisions > 300 and kinds >= 15, (decisions, sorted(seen_kinds))


def click_action(page: Any, action: dict[str, Any]) -> None:
    """Make ``action`` by clicking the board's lit pieces, as a player would."""
    steps = page.evaluate("a => window.__board.gestureFor(a)", action)
    assert steps, f"no gesture for {action}"
    for key in steps:
        page.locator(f'[data-key="{key}"].as-target').first.click()
    chosen = page.evaluate("window.__chosen")
    assert chosen == action, (steps, chosen, action)


@pytest.mark.parametrize("players", [3, 4])
def test_whole_game_by_clicking_the_board(browser: Any, players: int) -> None:
    """Seat 0 plays a whole game only through board clicks against random bots; one screenshot a round.
    (2 players: on the real table page, below.)"""
    SHOTS.mkdir(parents=True, exist_ok=True)
    table = Table(players, 100 + players, human=0)
    rng = random.Random(players)
    shots = []
    clicks = 0
    with browser_page(browser) as page:
        table.play_bots()
        show(page, table)
        last_round = table.state.observation(0)["round"]
        while not table.state.is_terminal():
            legal = table.state.legal_actions()
            action = rng.choice(legal).to_json()
            click_action(page, action)
            clicks += 1
            table.play(table.game.action_from_json(action))
            table.play_bots()
            show(page, table)
            rnd = table.state.observation(0)["round"]
            if rnd != last_round or table.state.is_terminal():
                path = SHOTS / f"as-{players}p-round{last_round}.png"
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(path), full_page=True)
                shots.append(path)
                last_round = rnd
        assert page.locator(".as-prompt").inner_text().count("Game over") == 1
        assert not page.js_errors, page.js_errors
    assert len(shots) == 7 and all(p.stat().st_size > 10_000 for p in shots)
    assert clicks > 20


def _advance_to(table: Table, rng: random.Random, kind: str) -> None:
    """Play random moves (all seats) until seat 0 must make a decision of ``kind``."""
    for _ in range(3000):
        st = table.state
        if st.is_terminal():
            break
        d = st.observation(0)["decision"]
        if st.to_move == 0 and d and d["kind"] == kind:
            return
        table.play(rng.choice(st.legal_actions()))
    raise AssertionError(f"no {kind} decision for seat 0")


def test_illegal_click_explains_and_cancel_resets(browser: Any) -> None:
    table = Table(3, 5, human=0)
    rng = random.Random(1)
    with browser_page(browser) as page:
        _advance_to(table, rng, "place")
        show(page, table)
        obs = table.state.observation(0)
        legal_spaces = {a.to_json()["space"] for a in table.state.legal_actions()}
        bad = next(s for s in obs["board"] if s not in legal_spaces)
        page.locator(f'[data-key="space:{bad}"]').click()
        page.wait_for_function("document.querySelector('.as-msg-warn') && document.querySelector('.as-msg-warn').textContent.includes('Not allowed:')")
        msg = page.locator(".as-msg-warn").inner_text()
        expected = table.state.explain(table.game.action_from_json({"type": "Place", "space": bad, "pawn": "scholar"}))
        assert expected and expected in msg
        page.screenshot(path=str(SHOTS / "as-illegal-click.png"))
        # a two-step gesture: pick a Treatise, then cancel; nothing is chosen and the offer is lit again
        _advance_to(table, rng, "treatise")
        show(page, table)
        first = page.locator('[data-key^="tr:"].as-target').first
        first.click()
        assert page.locator('[data-key^="slot:"].as-target').count() >= 1
        assert page.locator('[data-key^="tr:"].as-target').count() == 0
        page.locator("[data-cancel]").click()
        assert page.locator('[data-key^="tr:"].as-target').count() >= 1
        assert page.evaluate("window.__chosen") is None


def test_spectator_and_waiting_seat_cannot_play_and_phone_width(browser: Any) -> None:
    """Also: a player-chosen name full of markup is drawn as text (the board escapes every text)."""
    hostile = '<img src=x onerror="__pwned=1">&amp;'  # at most 40 characters, as names are
    table = Table(4, 9, human=0, names=["Ada", hostile, "Caroline", "Dmitri"])
    rng = random.Random(2)
    _advance_to(table, rng, "place")
    while table.state.to_move == 0:  # finish seat 0's turn: now another seat is to move
        table.play(rng.choice(table.state.legal_actions()))
    with browser_page(browser, width=390, height=844) as page:
        show(page, table)
        assert page.locator(".as-target").count() == 0
        page.locator('[data-key^="space:"]').first.click()
        assert "turn, not yours" in page.locator(".as-msg-warn").inner_text()
        page.holder["t"] = table
        spectator = table.view(None) | {"seat": None, "role": "spectator", "legal": [], "my_turn": False}
        spectator["observation"] = table.state.observation(None)
        page.evaluate("v => window.__board.update(v)", spectator)
        page.locator('[data-key^="space:"]').first.click()
        assert "spectators cannot play" in page.locator(".as-msg-warn").inner_text()
        assert page.locator(".as-board img").count() == 0 and page.evaluate("window.__pwned") is None
        assert hostile in page.locator(".as-board").inner_text()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, f"the board is {width}px wide on a 390px phone"
        page.screenshot(path=str(SHOTS / "as-phone.png"), full_page=True)
        assert not page.js_errors, page.js_errors


STATE_JS = """() => {
  const root = document.querySelector('.as-board');
  if (!root || !root.asBoard || root.asBoard.version() === null) return null;
  const prompt = root.querySelector('.as-prompt');
  const text = prompt ? prompt.textContent : '';
  return {version: root.asBoard.version(), over: text.includes('Game over'),
          round: Number((text.match(/Round (\\d+)/) || [0, 0])[1]), gestures: root.asBoard.gestures()};
}"""


def _poll(page: Any, ok: Any, what: str, seconds: float = 60) -> dict[str, Any]:
    """The board's state once ok(state) holds (the page's CSP forbids wait_for_function's eval)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        st = page.evaluate(STATE_JS)
        if st is not None and ok(st):
            return dict(st)
        page.wait_for_timeout(60)
    raise AssertionError(f"timed out waiting for {what}")


def test_real_table_page_two_players_by_board_clicks(server: Any, new_page: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The board plugged into the real table page (server, bots, WebSocket): a whole 2-player game
    played by clicking only the board; one screenshot a round."""
    from homeroom.server import app as app_module

    assert app_module.board_dir(GAME_ID) == BOARD_DIR  # the server serves this board at /boards/<id>/
    created = server.api("POST", "/api/tables", {
        "game": "academic-society", "players": 2, "seed": 21,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "random"}]})
    page = new_page(1366, 768)
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('homeroom.prefs.v1', JSON.stringify({confirm: 'never'}))")
    page.goto(server.url + created["seats"][0]["invite_url"])
    rng = random.Random(8)
    shots = []
    last_round = 1
    moves = 0
    for _ in range(400):
        st = _poll(page, lambda s: s["over"] or s["gestures"], "my turn or the end")
        if (st["round"] and st["round"] != last_round) or st["over"]:
            page.evaluate("window.scrollTo(0, 0)")
            path = SHOTS / f"as-page-2p-round{last_round}.png"
            page.screenshot(path=str(path), full_page=True)
            shots.append(path)
            last_round = st["round"]
        if st["over"]:
            break
        gesture = rng.choice(st["gestures"])
        for key in gesture["steps"]:
            page.locator(f'.as-board [data-key="{key}"].as-target').first.click()
        moves += 1
        _poll(page, lambda s, v=st["version"]: s["version"] != v, "the move to be played")
    else:
        raise AssertionError("the game did not end within 400 moves")
    assert moves > 20 and [p.name for p in shots] == [f"as-page-2p-round{r}.png" for r in range(1, 8)]


def test_treatise_names_never_break_inside_a_word(browser: Any) -> None:
    """Every Treatise in a presentation slot and in the offer, on boards as wide as a 320 px and a
    360 px phone's (302 and 342 px inside the table page's margins), a small phone's, a 390 px phone's
    (348 px), a tablet's, a laptop's and a wide screen's: no word broken between two letters
    ("Electro-magne-tism" breaks at its soft hyphens, board.js breakable), no tile text cut off or
    under 10 px, no label over another (the Authority track's column heads ran into each other at
    302 px)."""
    from fit_checks import measure

    data = json.loads((BOARD_DIR / "components.json").read_text(encoding="utf-8"))
    ids = sorted(int(t) for t in data["treatises"])
    problems: list[str] = []
    page = prepare(browser.new_page(viewport={"width": 1366, "height": 768}))  # the session's browser
    try:
        table = Table(2, 3)
        show(page, table)
        base = table.view()
        for width in (302, 330, 342, 348, 390, 700, 940, 1200, 1366, 1900):
            page.set_viewport_size({"width": width, "height": 844})
            for n in range(0, len(ids), 12):
                view = json.loads(json.dumps(base))
                obs = view["observation"]
                twelve = [ids[(n + k) % len(ids)] for k in range(12)]
                obs["presentation"][0] = [twelve[3 * r:3 * r + 3] for r in range(4)]
                obs["treatises_revealed"] = {s: twelve[2 * i:2 * i + 2] for i, s in enumerate(obs["treatises_revealed"])}
                page.evaluate("v => window.__board.update(v)", view)
                page.wait_for_function("() => document.querySelectorAll('.as-tile-name').length >= 20")
                st = measure(page)
                if st["broken"] or st["clipped"] or st["small"] or st["overlaps"]:
                    problems.append(f"{width}px {twelve}: {st['broken'][:4]} {st['clipped'][:3]} {st['small'][:3]} {st['overlaps'][:3]}")
        assert not page.js_errors, page.js_errors
    finally:
        page.close()
    assert not problems, "\n".join(problems[:12])


def test_pawns_to_tap_are_24px_apart_on_phones(browser: Any) -> None:
    """A Place decision where a scholar and a Secretary are both in hand: once the space is tapped,
    the pawns to tap in the hand are lit; on phones (390 px, and 342 and 302 px: the boards of 360 px
    and 320 px phones) none of them is under 24 px with another piece within its 24 px circle (WCAG
    2.5.8; the hand's pawns were 1 px apart, 20 px wide)."""
    from fit_checks import measure

    rng = random.Random(5)
    for seed in range(1, 40):
        table = Table(2, seed)
        table.play_bots()
        found = None
        while not table.state.is_terminal() and found is None:
            legal = [a.to_json() for a in table.state.legal_actions()]
            pawns: dict[str, set[str]] = {}
            for a in legal:
                if a["type"] == "Place":
                    pawns.setdefault(a["space"], set()).add(a["pawn"])
            found = next((space for space, kinds in pawns.items() if len(kinds) >= 2), None)
            if found is None:
                table.play(rng.choice(table.state.legal_actions()))
                table.play_bots()
        if found is not None:
            break
    assert found is not None, "no Place decision with a scholar and a Secretary in hand"
    problems = []
    with browser_page(browser, width=390, height=844) as page:
        for width in (390, 342, 302):
            page.set_viewport_size({"width": width, "height": 844})
            show(page, table)
            page.locator(f'[data-key="space:{found}"].as-target').first.click()
            lit = page.locator('[data-key^="pawn:"].as-target').count()
            assert lit >= 2, f"{width}px: {lit} pawns lit after tapping {found}"
            st = measure(page)
            if st["cramped"]:
                problems.append(f"{width}px: {st['cramped'][:4]}")
        assert not page.js_errors, page.js_errors
    assert not problems, "\n".join(problems)


def test_a_scholar_to_return_is_marked_without_covering_the_cell(browser: Any) -> None:
    """The column rule's mark: a scholar that will return is ringed, and where the cell has room a ↩
    badge sits at its corner. In a 320 px phone's 58 px cells the badge covered the cell's crest or
    number (a 4-player game at its 22nd position, found by a survey of whole games); there the ring
    alone marks it, and no text of the track is drawn over other text at any width."""
    from fit_checks import measure

    table = Table(4, 5)
    rng = random.Random(5)
    table.play_bots()
    for _ in range(21):  # the position the survey found
        table.play(rng.choice(table.state.legal_actions()))
        table.play_bots()
    problems = []
    with browser_page(browser, width=1366, height=800) as page:
        for width in (1366, 390, 360, 320):
            page.set_viewport_size({"width": width, "height": 800})
            show(page, table)
            rings = page.locator(".as-cpawns .as-returns").count()
            badges = page.locator(".as-cpawns .as-ret:visible").count()
            assert rings >= 1, f"{width}px: no scholar is marked to return"
            if width == 1366:
                assert badges == rings, (width, badges, rings)
            st = measure(page)
            if st["overlaps"]:
                problems.append(f"{width}px: {st['overlaps'][:4]}")
        assert not page.js_errors, page.js_errors
    assert not problems, "\n".join(problems)
