"""The High School Drama board: its component texts come from the data files, and in seeded random
games every legal action at every decision has a gesture on the board (clicks on the pieces it
names, each highlighted before it is clicked) that produces exactly that action; a click on a
piece that is not a legal choice asks the engine why, with an action the engine finds illegal."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import board_hsd_harness as H
import pytest
from web_helpers import LiveServer, overflow_report

from homeroom import games

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "board_hsd"


def test_components_json_is_generated_from_the_data_files() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("hsd_make_components", H.BOARD_DIR / "make_components.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    committed = (H.BOARD_DIR / "components.json").read_text(encoding="utf-8")
    assert committed == mod.render(), (
        "components.json is out of date with data/*.toml: run "
        "python src/homeroom/games/high_school_drama/web/make_components.py")
    data = json.loads(committed)
    assert len(data["students"]) == 30 and len(data["organizations"]) == 24
    assert len(data["drama"]) == 15 and len(data["events"]) == 40


def clicks_for(a: dict[str, Any], me: int) -> tuple[list[str], int]:
    """The board gesture for an action, written from what the action names (independently of the
    board's own bookkeeping): the CSS selectors to click in order, and how many must be clicked
    before the action may be sent (the rest only when the board still asks)."""
    mine = f'[data-clique="{me}"]'
    t = a["type"]
    if t == "PickMain":
        return [f'[data-zone="quad"] [data-card="{a["card"]}"]'], 1
    if t == "PickTransfer":
        return [f'[data-zone="deck"] [data-card="{a["card"]}"]'], 1
    if t in ("Discard", "PlayCard"):
        return [f'[data-zone="hand"] [data-card="{a["card"]}"]'], 1
    if t == "KeepHand":
        return ['[data-button="keep"]'], 1
    if t == "DrawDrama":
        return [f'[data-drama="{a["drama"]}"]'], 1
    if t == "DrawEvent":
        return ['[data-zone="events"]'], 1
    if t == "HookUp":
        return [f'[data-zone="quad"] [data-card="{a["target"]}"]', f'{mine} [data-slot="{a["x"]},{a["y"]}"]',
                f'{mine} .hsd-cell [data-card="{a["performer"]}"]'], 2
    if t in ("Bond", "Exchange"):
        return [f'{mine} .hsd-rel[data-rel="{a["card"]}"]'], 1
    if t == "Breakup":
        return [f'[data-clique="{a["rival"]}"] .hsd-rel[data-rel="{a["card"]}"]',
                f'{mine} .hsd-cell [data-card="{a["performer"]}"]'], 1
    if t == "ExchangeDone":
        return ['[data-button="done"]'], 1
    raise AssertionError(f"no gesture known for {t}")


WALK_JS = """(batch) => batch.map(({view, plans, probeSeed}) => {
  const H = window.__hsd, b = H.board;
  b.update(view);
  // every piece a gesture names is on the board and visible (one layout for them all)
  const shown = {};
  for (const plan of plans) for (const sel of plan.clicks) {
    if (!(sel in shown)) { const n = document.querySelector(sel); shown[sel] = !!n && n.getClientRects().length > 0; }
  }
  const out = [];
  for (const plan of plans) {
    b.cancel();
    H.chosen = [];
    let fired = -1, err = null;
    for (let i = 0; i < plan.clicks.length; i++) {
      const el = document.querySelector(plan.clicks[i]);
      if (!el) { err = `nothing to click at ${plan.clicks[i]}`; break; }
      if (!shown[plan.clicks[i]] && !el.getClientRects().length) { err = `not visible: ${plan.clicks[i]}`; break; }
      if (!el.classList.contains("hsd-live")) { err = `not highlighted before the click: ${plan.clicks[i]}`; break; }
      el.click();
      if (H.chosen.length) { fired = i; break; }
    }
    out.push({chosen: H.chosen.slice(), fired, err});
  }
  // a click on a dimmed piece: the board asks why (explain) or says what to do instead
  b.cancel();
  H.explained = [];
  const dim = probeSeed === null ? [] : [...document.querySelectorAll("[data-tok].hsd-dim")];
  let probe = null;
  if (dim.length) {
    const el = dim[probeSeed % dim.length];
    H.chosen = [];
    el.click();
    const msg = document.querySelector(".hsd-prompt .hsd-msg");
    probe = {tok: el.dataset.tok, explained: H.explained.slice(), chosen: H.chosen.slice(), message: msg ? msg.textContent : null};
  }
  return {out, probe};
})"""

ALL_TYPES = {t.__name__ for t in games.get(H.GAME_ID).action_types}
CASES = [
    (2, 101, {}, ALL_TYPES - {"PickTransfer"}),
    (5, 505, {"transfer_student": "junior-summer", "summer_school": True, "public_draft": True, "travel": True,
              "early_graduation": True}, ALL_TYPES),
]
BATCH = 30


@pytest.mark.parametrize(("players", "seed", "options", "expected"), CASES, ids=[f"{c[0]}p-{c[1]}" for c in CASES])
def test_every_legal_action_has_a_board_gesture(
    browser: Any, players: int, seed: int, options: dict[str, Any], expected: set[str]
) -> None:
    game = games.get(H.GAME_ID)
    resolved = H.resolved_options(players, options)
    state = H.new_game(players, seed, options)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    H.open_harness(page, resolved)
    rng = random.Random(seed)
    decisions = checked = probes = 0
    seen: set[str] = set()
    while not state.is_terminal():
        batch: list[dict[str, Any]] = []
        saved: list[tuple[str, Any, list[int]]] = []
        while not state.is_terminal() and len(batch) < BATCH:
            me = state.to_move
            assert me is not None
            view = H.view_for(state, me, decisions, resolved)
            plans = []
            needs = []
            for entry in view["legal"]:
                clicks, need = clicks_for(entry["action"], me)
                plans.append({"clicks": clicks})
                needs.append(need)
            obs = state.observation(None)
            where = f"decision {decisions} ({state.phase}, {obs['year']} {obs['season']})"
            probe_here = decisions % 2 == 0
            batch.append({"view": view, "plans": plans, "probeSeed": rng.randrange(1 << 30) if probe_here else None})
            saved.append((where, state.clone() if probe_here else None, needs))
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        results = page.evaluate(WALK_JS, batch)
        for item, (where, snap, needs), res in zip(batch, saved, results):
            for entry, need, got in zip(item["view"]["legal"], needs, res["out"]):
                want = entry["action"]
                assert got["err"] is None, f"{where}: {entry['text']}: {got['err']}"
                assert got["chosen"] == [want], f"{where}: clicking for {entry['text']} gave {got['chosen']}"
                assert got["fired"] >= need - 1, f"{where}: {entry['text']} was sent before all its clicks"
                seen.add(want["type"])
                checked += 1
            probe = res["probe"]
            if probe is not None:
                probes += 1
                assert probe["chosen"] == [], f"{where}: a click on the dimmed {probe['tok']} sent {probe['chosen']}"
                for asked in probe["explained"]:
                    try:
                        action = game.action_from_json(asked)
                    except Exception:  # a malformed probe still gets a reason from the server
                        continue
                    assert snap.explain(action) is not None, f"{where}: the board called {asked} illegal but it is legal"
                assert probe["explained"] or probe["message"], f"{where}: a click on {probe['tok']} said nothing"
        assert not errors, f"{errors}"
    # a spectator sees every clique and the hands only as counts, and has nothing to click
    spectator = page.evaluate("""(v) => { window.__hsd.board.update(v); return {
        hand: document.querySelectorAll('[data-zone="hand"]').length,
        live: document.querySelectorAll('.hsd-live').length,
        cliques: document.querySelectorAll('[data-clique]').length}; }""",
                              H.view_for(state, None, decisions, resolved))
    assert spectator == {"hand": 0, "live": 0, "cliques": players}, spectator
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("(v) => window.__hsd.board.update(v)", H.view_for(state, 0, decisions, resolved))
    page.screenshot(path=str(SHOTS / f"walk_{players}p_{seed}_end.png"), full_page=True)
    page.close()
    assert decisions > 50 and checked >= decisions and probes > 0
    assert expected <= seen, f"this walk never met {expected - seen}"


# ---------------------------------------------------------------- whole games on the real table page
GAMES = [
    (2, 7, {}),
    (3, 8, {"travel": True, "public_draft": True, "early_graduation": True}),
    (4, 9, {"early_graduation": True, "transfer_student": "sophomore-fall"}),
    (5, 10, {"early_graduation": True}),
]


@pytest.fixture()
def board_served() -> None:
    """The server serves this board at /boards/high-school-drama/."""
    from homeroom.server import app

    assert app.board_dir(H.GAME_ID) == H.BOARD_DIR


PICK_JS = """(seed) => {
  if (document.body.dataset.myTurn !== 'true') return null;
  const live = [...document.querySelectorAll('.hsd-board .hsd-live:not(.hsd-chosen)')];
  if (!live.length) return null;
  const el = live[seed % live.length];
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2, tok: el.dataset.tok};
}"""
DIM_JS = """() => {
  const el = document.querySelector('.hsd-board [data-zone="quad"] .hsd-dim[data-tok]');
  if (!el) return null;
  el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2};
}"""
AFTER_JS = """(seed) => {
  const sent = !document.querySelector('.hsd-board.hsd-selecting') || document.body.dataset.myTurn !== 'true';
  const confirm = !!document.querySelector('#confirm-box:not(.hidden)');
  return {confirm, sent, next: sent ? null : (""" + PICK_JS + """)(seed)};
}"""


def _board_state(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => {
      const b = document.querySelector('.hsd-board');
      return {version: Number(document.body.dataset.version), terminal: document.body.dataset.terminal === 'true',
              mine: document.body.dataset.myTurn === 'true', year: b ? b.dataset.year : null,
              season: b ? b.dataset.season : null, phase: b ? b.dataset.phase : null};
    }""")


@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=[f"{p}p" for p, _, _ in GAMES])
def test_whole_game_played_by_clicking_the_board(
    server: LiveServer, new_page: Any, board_served: None, players: int, seed: int, options: dict[str, Any]
) -> None:
    created = server.api("POST", "/api/tables", {
        "game": H.GAME_ID, "players": players, "seed": seed, "options": options, "listed": False,
        "seats": [{"kind": "human", "name": "Ana"}] + [{"kind": "random", "name": f"Bot {i}"} for i in range(1, players)],
    })
    page = new_page(1366, 768)
    page.goto(server.url + created["seats"][0]["invite_url"])
    page.wait_for_selector(".hsd-board .hsd-card")
    rng = random.Random(seed)
    shots: list[Path] = []
    year_seen = None
    decisions = clicks = 0
    started = time.monotonic()
    before = -1
    while True:
        # the server's answer has arrived and it is my turn again (bots moved), or the game is over
        page.wait_for_function(f"""() => Number(document.body?.dataset.version) > {before} &&
            (document.body?.dataset.terminal === 'true' ||
             (document.body?.dataset.myTurn === 'true' && !!document.querySelector('.hsd-board .hsd-live')))""",
                               timeout=60_000, polling=50)
        st = _board_state(page)
        if st["terminal"]:
            shots.append(_shot(page, f"game_{players}p_{len(shots):02d}_graduation"))
            break
        if st["year"] != year_seen:  # a screenshot after each school year (the rulebook's rounds)
            year_seen = st["year"]
            shots.append(_shot(page, f"game_{players}p_{len(shots):02d}_{st['year']}_{st['season']}"))
        before = st["version"]
        if decisions == 0 and players == 2:
            # a click on a piece that is no choice now: the board shows the engine's reason
            dim = page.evaluate(DIM_JS)
            assert dim is not None
            page.mouse.click(dim["x"], dim["y"])
            page.wait_for_function("""() => /Not allowed: .*rulebook/.test(
                (document.querySelector('.hsd-prompt .hsd-msg') || {}).textContent || '')""", timeout=20_000)
            assert _board_state(page)["version"] == before
        # click highlighted pieces of the board (a real mouse click at the piece) until the move is sent
        spot = page.evaluate(PICK_JS, rng.randrange(1 << 30))
        for _ in range(6):
            assert spot is not None, f"nothing highlighted to click in {st['phase']}"
            page.mouse.click(spot["x"], spot["y"])
            clicks += 1
            after = page.evaluate(AFTER_JS, rng.randrange(1 << 30))
            if after["confirm"]:
                page.click("#confirm-yes")
            if after["sent"]:
                break
            spot = after["next"]
        decisions += 1
        assert decisions < 400, "the game did not end"
    outcome = page.locator("#end-outcome").inner_text()
    assert outcome.startswith(("Winner", "Shared win")), outcome
    assert "Graduation" in page.locator(".hsd-prompt").inner_text()
    if players == 2:  # the same board on a phone in portrait
        page.set_viewport_size({"width": 390, "height": 844})
        shots.append(_shot(page, f"game_{players}p_phone_end"))
    print(f"{players} players: {decisions} decisions, {clicks} clicks, {time.monotonic() - started:.1f}s, "
          f"{len(shots)} screenshots")
    assert len(shots) >= (3 if options.get("early_graduation") else 4)


def _shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.mouse.move(1, 1)  # no hover text left over from the last click
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.mark.parametrize("seed", [17, 18, 20, 37])
def test_graduation_fits_a_400px_screen(server: LiveServer, new_page: Any, board_served: None, seed: int) -> None:
    """These seeded two-bot games end with a clique grid wider than a phone. Before the board's
    grid had a shrinkable column, that grid's width set the column's, so the prompt above it
    stuck out of the page by a pixel (a CI failure); the grid must scroll inside its clique."""
    created = server.api("POST", "/api/tables", {
        "game": H.GAME_ID, "players": 2, "seed": seed, "listed": False,
        "seats": [{"kind": "random", "name": "Ana"}, {"kind": "random", "name": "Bob"}],
    })
    page = new_page(400, 800)
    page.goto(server.url + created["spectator_url"])
    page.wait_for_function("() => document.body?.dataset.terminal === 'true'", timeout=30_000)
    assert "Graduation" in page.locator(".hsd-prompt").inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 400, overflow_report(page, 400)
    prompt = page.locator(".hsd-prompt").bounding_box()
    assert prompt is not None and prompt["x"] + prompt["width"] <= 400


def test_every_card_face_fits_on_a_phone(browser: Any) -> None:
    """Every student and organization card shown in the quad and in a clique, on boards as wide as a
    320, 360 and 390 px phone's and a laptop's: no card text cut off by its box (a three-word name's
    initials, "PPC" of the Ping Pong Champ, spilled out of a phone's 20 px portrait in a whole game
    the fit survey played), no text under 10 px, nothing wider than the page."""
    from fit_checks import measure

    data = json.loads((H.BOARD_DIR / "components.json").read_text(encoding="utf-8"))
    cards = sorted(data["cards"], key=lambda i: -len(data["cards"][i]["name"]))
    state = H.new_game(2, 1, {})
    base = H.view_for(state, 0, 1)
    page = browser.new_page(viewport={"width": 1366, "height": 844})
    problems = []
    try:
        H.open_harness(page, H.resolved_options(2, {}))
        for width in (320, 360, 390, 1366):
            page.set_viewport_size({"width": width, "height": 844})
            for k in range(0, len(cards), 6):
                group = cards[k:k + 6]
                view = json.loads(json.dumps(base))
                obs = view["observation"]
                obs["quad"], obs["enrolled"] = group[:3], [True] * len(group[:3])
                obs["players"][0]["clique"] = [[c, 0, 0, None, 0] for c in group[3:]]
                H.show(page, view)
                st = measure(page)
                for what in ("clipped", "small"):
                    if st[what]:
                        problems.append(f"{width}px {group}: {what} {st[what][:3]}")
                if st["hscroll"]:
                    problems.append(f"{width}px {group}: the page scrolls sideways by {st['hscroll']}px")
    finally:
        page.close()
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("options", [
    {"transfer_student": "junior-summer", "summer_school": True, "public_draft": True, "travel": True,
     "early_graduation": True},
    {"travel": True, "public_draft": True, "transfer_student": "sophomore-fall"},
    {"summer_school": True, "transfer_student": "senior-fall"},
], ids=["all-options", "sophomore-fall", "summer-school"])
def test_season_track_fits_in_the_variants(browser: Any, options: dict[str, Any]) -> None:
    """The year and season track with the expanded options: the transfer student's ⇢ mark sat in a
    season's top corner over its name ("Fall", "✦ Grad."), and Summer School's "Summer" broke
    between two letters in a 360 px phone's cell (both found by surveying whole games in the
    variants). No text over other text, no word broken but at a soft hyphen, nothing cut off."""
    from fit_checks import measure

    resolved = H.resolved_options(4, options)
    state = H.new_game(4, 27, resolved)
    page = browser.new_page(viewport={"width": 1366, "height": 844})
    problems = []
    try:
        H.open_harness(page, resolved)
        for width in (1366, 1024, 390, 360, 320):
            page.set_viewport_size({"width": width, "height": 844})
            H.show(page, H.view_for(state, 0, 1, resolved))
            assert page.locator(".hsd-joins").count() == 1
            st = measure(page)
            for what in ("overlaps", "broken", "clipped", "small"):
                if st[what]:
                    problems.append(f"{width}px: {what} {st[what][:3]}")
    finally:
        page.close()
    assert not problems, "\n".join(problems)
