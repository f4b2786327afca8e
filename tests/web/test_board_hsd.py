"""The High School Drama board: its component texts come from the data files, and in seeded random
games every legal action at every decision has a gesture on the board (clicks on the pieces it
names, each highlighted before it is clicked) that produces exactly that action; a click on a
piece that is not a legal choice asks the engine why, with an action the engine finds illegal."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import board_hsd_harness as H
from homeroom import games

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
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


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing (scripts/system-deps.sh installs it)")
        pytest.skip(f"{CHROMIUM} is missing: run scripts/system-deps.sh")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


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

CASES = [
    (2, 101, {}),
    (5, 505, {"transfer_student": "junior-summer", "summer_school": True, "public_draft": True, "travel": True,
              "early_graduation": True}),
    (4, 303, {"early_graduation": True, "transfer_student": "sophomore-fall"}),
]
BATCH = 30


@pytest.mark.parametrize(("players", "seed", "options"), CASES, ids=[f"{p}p-{s}" for p, s, _ in CASES])
def test_every_legal_action_has_a_board_gesture(browser: Any, players: int, seed: int, options: dict[str, Any]) -> None:
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
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("(v) => window.__hsd.board.update(v)", H.view_for(state, 0, decisions, resolved))
    page.screenshot(path=str(SHOTS / f"walk_{players}p_{seed}_end.png"), full_page=True)
    page.close()
    assert decisions > 50 and checked >= decisions and probes > 0
    expected = {"PickMain", "DrawDrama", "DrawEvent", "PlayCard", "KeepHand", "HookUp", "Bond", "Breakup"}
    assert expected <= seen, f"never met {expected - seen}"
