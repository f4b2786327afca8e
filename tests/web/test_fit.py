"""The board fits the screen (issue 31), in Chromium on the real table page against fast bots.

A player plays by clicking only pieces marked ``[data-legal]`` that are in the clear part of the
window (the test never scrolls: the page brings the pieces to click into view), and at every
decision: the status bar is in view, a piece to click is in view, no text is drawn under 10 px,
no card text is cut off by its box, no word of the board is broken between two letters, no badge's
text covers other text, the page never scrolls sideways, and on a phone no piece to tap is under
24 px and crowded by another (WCAG 2.5.8). Phones: 390 px, and the narrower 360 px (common
Android) and 320 px (the first iPhone SE). A screenshot of each game's first decision at each size
goes to out/screenshots/fit/.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fit_checks import measure  # noqa: E402
from web_helpers import SCREENSHOTS, LiveServer, overflow_report  # noqa: E402

SHOTS = SCREENSHOTS / "fit"
DESKTOP = (1366, 768)
PHONE = (390, 844)
NARROW = (360, 740)  # a common Android phone's width
SMALL = (320, 568)  # the first iPhone SE's
WIDE = (1920, 1080)
COLLECT = os.environ.get("FIT_COLLECT") == "1"  # survey mode: list every problem instead of stopping at the first

# game, players, seed, options
GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "academic-society": (2, 31, {}),
    "class-of-89": (2, 31, {}),
    "high-school-drama": (2, 31, {}),
}


def component_ids(game: str) -> set[str]:
    """The ids of a game's cards and pieces (e.g. "track-team"), which a tooltip must never show."""
    from homeroom import games as game_pkgs

    folder = Path(game_pkgs.__file__).parent / game.replace("-", "_") / "web"
    out: set[str] = set()
    for path in folder.glob("components.js*"):
        out.update(re.findall(r'"([a-z]+(?:-[a-z]+)+)"\s*:', path.read_text(encoding="utf-8")))
    return out


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
                    break
                page.wait_for_timeout(50)
                st = measure(page)
            # a layout caught between two frames (a busy machine paints late) is measured again a
            # moment later: only what stays cut off or too small is what a player sees
            for _ in range(5):
                if not (st["clipped"] or st["small"] or st["broken"] or st["overlaps"] or st["hscroll"]):
                    break
                page.wait_for_timeout(200)
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
         max_decisions: int | None = None, bot_name: str = "Bot",
         table: tuple[int, int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """Seat 0 plays (a whole game, or its first ``max_decisions``) by clicking in-view pieces; the
    other seats are bots named ``bot_name`` and their number. ``table``: players, seed and options
    (else the game's in ``GAMES``)."""
    players, seed, options = table or GAMES[game]
    created = server.api("POST", "/api/tables", {
        "game": game, "players": players, "seed": seed, "options": options, "listed": False,
        "seats": [{"kind": "human", "name": "Ana"}] + [{"kind": "random", "name": f"{bot_name} {i}"} for i in range(1, players)]})
    page = new_page(*size)
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('homeroom.prefs.v1', JSON.stringify({confirm: 'never'}))")
    page.goto(server.url + created["seats"][0]["invite_url"])
    rng = random.Random(seed)
    decisions = clicks = 0
    problems: list[str] = []
    seen_words: set[str] = set()
    ids = component_ids(game)
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
        if st["broken"]:
            problems.append(f"{where}: a word broken over two lines: {st['broken'][:6]}")
        if st["overlaps"]:
            problems.append(f"{where}: text drawn over other text: {st['overlaps'][:6]}")
        if st["hscroll"]:
            problems.append(f"{where}: the page scrolls sideways by {st['hscroll']}px: {overflow_report(page, size[0])}")
        if st["cramped"] and size[0] <= PHONE[0]:
            problems.append(f"{where}: pieces to tap under 24 px and crowded: {st['cramped'][:6]}")
        seen_words.update(st["hyphenated"])
        raw = sorted(set(st["hyphenated"]) & ids)
        if raw:
            problems.append(f"{where}: raw ids instead of names in tooltips: {raw}")
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
    if st["terminal"]:  # the end: the final board and the score breakdown, checked as a decision is
        where = f"{game} {size[0]}x{size[1]} at the end"
        for _ in range(5):  # a layout caught between two frames is measured again a moment later
            st = measure(page)
            if not (st["clipped"] or st["small"] or st["broken"] or st["overlaps"] or st["hscroll"]):
                break
            page.wait_for_timeout(200)
        for what, words in (("small", "text under 10 px"), ("clipped", "card text cut off"),
                            ("broken", "a word broken over two lines"), ("overlaps", "text drawn over other text")):
            if st[what]:
                problems.append(f"{where}: {words}: {st[what][:6]}")
        if st["hscroll"]:
            problems.append(f"{where}: the page scrolls sideways by {st['hscroll']}px: {overflow_report(page, size[0])}")
        if not COLLECT:
            assert not problems, "\n".join(problems[:8])
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
    if game == "class-of-89":  # the score breakdown spells the game's acronyms as the game does
        scores = out["page"].locator("#scores").inner_text()
        assert "ABC token" in scores and "Abc" not in scores, scores


# --soak: whole games at every player count and in the variants, on other seeds, at a laptop's and two
# phones' sizes (about 20 minutes). The suite's whole games are 2-player games on one seed each; this
# survey found a 4-player Academic Society cell's ↩ badge over its crest, a 2-player High School Drama
# portrait's initials spilling out, and in 3-player Class of '89 games mat tiles' names under their
# corner badges and 20 px signature actions beside the member's ability.
SURVEY: list[tuple[str, int, int, dict[str, Any]]] = [
    (game, players, seed, {}) for game, counts in (("class-of-89", (2, 3, 4)), ("academic-society", (2, 3, 4)),
                                                   ("high-school-drama", (2, 3, 4, 5)))
    for players, seed in zip(counts, (21, 22, 23, 24))]
# and the variants: the solo game against Ed E. Tor, the alternative rules, the expanded play options
SURVEY += [
    ("class-of-89", 1, 25, {"difficulty": "hard", "solo_extra_abc": True}),
    ("class-of-89", 4, 26, {"objectives": "B", "half_icons": False, "objective_scoring": "casual",
                            "school_entrance": False}),
    ("high-school-drama", 4, 27, {"transfer_student": "junior-summer", "summer_school": True, "public_draft": True,
                                  "travel": True, "early_graduation": True}),
    ("high-school-drama", 3, 28, {"travel": True, "public_draft": True, "transfer_student": "sophomore-fall"}),
]


def _case_id(case: tuple[str, int, int, dict[str, Any]]) -> str:
    game, players, seed, options = case
    return f"{game}-{players}p-{seed}" + ("-" + ",".join(sorted(options)) if options else "")


@pytest.mark.soak
@pytest.mark.parametrize("size", [DESKTOP, PHONE, SMALL], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", SURVEY, ids=_case_id)
def test_whole_games_fit_at_every_player_count(server: LiveServer, new_page: Any,
                                               case: tuple[str, int, int, dict[str, Any]],
                                               size: tuple[int, int]) -> None:
    game, players, seed, options = case
    out = play(server, new_page, game, size, table=(players, seed, options))
    assert out["terminal"] and out["decisions"] > 5


@pytest.mark.parametrize("game", list(GAMES))
def test_whole_game_fits_a_phone(server: LiveServer, new_page: Any, game: str) -> None:
    """390x844: a whole game, every decision checked."""
    out = play(server, new_page, game, PHONE)
    print(game, "390x844", {k: v for k, v in out.items() if k != "page"})
    assert out["terminal"] and out["decisions"] > 5


@pytest.mark.parametrize("game", list(GAMES))
def test_first_decisions_fit_a_wide_screen(server: LiveServer, new_page: Any, game: str) -> None:
    """1920x1080: the first 15 decisions checked (the same page as 1366x768, more room)."""
    out = play(server, new_page, game, WIDE, max_decisions=15)
    assert out["decisions"] == 15


@pytest.mark.parametrize("size", [NARROW, SMALL], ids=["360x740", "320x568"])
@pytest.mark.parametrize("game", list(GAMES))
def test_first_decisions_fit_narrow_phones(server: LiveServer, new_page: Any, game: str, size: tuple[int, int]) -> None:
    """Phones narrower than 390 px (360x740, 320x568): the first 20 decisions checked (Class of '89
    broke "Carver" in its class photo at 320 px, Academic Society's Phase 3 menu scrolled the page
    sideways, High School Drama's season marker covered a season's name and "Winter" broke). The bot
    has a long name, as players may (High School Drama's standouts table cut it off)."""
    out = play(server, new_page, game, size, max_decisions=20, bot_name="Whitney Bot")
    assert out["decisions"] == 20


def _click_in_view(page: Any, rng: random.Random) -> dict[str, Any]:
    """Click one piece to click that is in view (the page brings one there); the page after it."""
    st = measure(page)
    for _ in range(20):
        if st["legal"]:
            break
        page.wait_for_timeout(50)
        st = measure(page)
    assert st["legal"], f"no piece to click in view: {st['away']}"
    spot = rng.choice(st["legal"])
    page.mouse.click(spot["x"], spot["y"])
    return _step_changed(page, st["version"])


def test_offline_status_bar_disables_moves_and_undo(browser_ready: None, new_page: Any, tmp_path: Any) -> None:
    """The server stops in the middle of a turn (Undo on): the always-visible status bar says offline,
    no piece is offered, every move button and Undo are off, nobody "is thinking"; back online after a
    restart, the bar says the server restarted. A bot named "Rex (bot)" is never "Rex (bot) (bot)"."""
    live = LiveServer(f"sqlite:///{tmp_path / 'offline.db'}", bot_delay=1.0).start()
    try:
        created = live.api("POST", "/api/tables", {
            "game": "class-of-89", "players": 2, "seed": 5, "listed": False,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random", "name": "Rex (bot)"}]})
        page = new_page(*DESKTOP)
        page.goto(live.url + "/")
        page.evaluate("localStorage.setItem('homeroom.prefs.v1', JSON.stringify({confirm: 'never'}))")
        page.goto(live.url + created["seats"][0]["invite_url"])
        rng = random.Random(3)
        thinking: set[str] = set()
        for _ in range(40):  # play until it is my turn with a move of it to take back
            _settled(page, -1)
            if page.evaluate("() => !document.getElementById('undo-btn').disabled"):
                break
            _click_in_view(page, rng)
            # a bot moves after a delay: what does the status bar say meanwhile?
            for _ in range(10):
                text = page.locator("#status-headline").inner_text()
                if "thinking" in text:
                    thinking.add(text)
                    break
                page.wait_for_timeout(30)
        else:
            raise AssertionError("never my turn with Undo on")
        assert thinking == {"Rex (bot) is thinking…"}, thinking
        assert page.locator("#conn").inner_text() == "Online"
        assert page.locator("#board-host [data-legal]").count() > 0
        live.stop()
        page.wait_for_selector("#status #conn.offline", timeout=20_000)
        status = page.locator("#status").inner_text()
        assert "Offline" in status and "moves and Undo are off" in status and "thinking" not in status, status
        assert page.locator("#undo-btn").is_disabled()
        assert page.locator("#board-host [data-legal]").count() == 0
        buttons = page.locator("#groups button.act")
        assert buttons.count() > 0 and all(buttons.nth(i).is_disabled() for i in range(buttons.count()))
        assert measure(page)["status"]  # the status bar is in view wherever the page is scrolled
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert measure(page)["status"]
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "offline-1366x768.png"))
        live.start()
        page.wait_for_selector("#status #conn.online", timeout=30_000)
        assert page.locator("#conn").inner_text() == "Online (the server restarted)"
        page.wait_for_selector("#board-host [data-legal]")
        assert not page.locator("#undo-btn").is_disabled()
    finally:
        live.stop()


def test_zoom_is_remembered_per_game(server: LiveServer, new_page: Any) -> None:
    """The board's zoom control: + makes the board larger, the choice survives a reload, and another
    game keeps its own (100% by default)."""
    def table(game: str) -> str:
        made = server.api("POST", "/api/tables", {"game": game, "players": 2, "listed": False,
                                                  "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}]})
        return str(server.url + made["seats"][0]["invite_url"])

    page = new_page(*DESKTOP)
    page.goto(table("class-of-89"))
    page.wait_for_selector("#zoom")
    assert page.locator("#zoom .zoom-reset").inner_text() == "100%"
    tall = page.locator("#board-host .c89").bounding_box()["height"]
    page.get_by_role("button", name="Larger board").click()
    assert page.locator("#zoom .zoom-reset").inner_text() == "110%"
    assert page.locator("#board-host .c89").bounding_box()["height"] > tall * 1.05
    page.reload()
    page.wait_for_selector("#zoom")
    assert page.locator("#zoom .zoom-reset").inner_text() == "110%"
    assert page.evaluate("() => document.getElementById('board-host').style.zoom") == "1.1"
    page.goto(table("high-school-drama"))
    page.wait_for_selector("#zoom")
    assert page.locator("#zoom .zoom-reset").inner_text() == "100%"
    page.get_by_role("button", name="Smaller board").click()
    page.get_by_role("button", name="Smaller board").click()
    assert page.locator("#zoom .zoom-reset").inner_text() == "80%"
    page.locator("#zoom .zoom-reset").click()
    assert page.locator("#zoom .zoom-reset").inner_text() == "100%"


def test_bond_markers_leave_names_readable(server: LiveServer, new_page: Any) -> None:
    """High School Drama at the end of two seeded bot games: no bond marker between two cards of a
    clique covers a card's name, on a phone or a laptop."""
    for seed in (17, 18):
        made = server.api("POST", "/api/tables", {"game": "high-school-drama", "players": 2, "seed": seed, "listed": False,
                                                  "seats": [{"kind": "random", "name": "Ana"}, {"kind": "random", "name": "Bob"}]})
        for size in (PHONE, DESKTOP):
            page = new_page(*size)
            page.goto(server.url + made["spectator_url"])
            page.wait_for_function("() => document.body?.dataset.terminal === 'true'", timeout=60_000)
            covered = page.evaluate(OVERLAP_JS)
            assert not covered, f"seed {seed} at {size}: bond markers over names: {covered}"
            page.close()


OVERLAP_JS = """() => {
  const names = [...document.querySelectorAll('.hsd-name')].map((e) => [e, e.getBoundingClientRect()]);
  const out = [];
  for (const m of document.querySelectorAll('.hsd-rel')) {
    const r = m.getBoundingClientRect();
    if (!r.width) continue;
    for (const [e, n] of names) {
      const ix = Math.min(r.right, n.right) - Math.max(r.left, n.left), iy = Math.min(r.bottom, n.bottom) - Math.max(r.top, n.top);
      if (n.width && ix > 0.5 && iy > 0.5) out.push(`${e.textContent} ${ix.toFixed(1)}x${iy.toFixed(1)}`);
    }
  }
  return out;
}"""


def test_tooltips_name_cards_never_ids(browser: Any) -> None:
    """High School Drama: an event that names an organization ("controlling track-team gives +1")
    says the organization's name in its tooltip and text, never its id."""
    import board_hsd_harness as H

    data = json.loads((H.BOARD_DIR / "components.json").read_text(encoding="utf-8"))
    ids = component_ids("high-school-drama")
    naming = {e for e, ev in data["events"].items() if set(re.findall(r"[a-z]+(?:-[a-z]+)+", ev["summary"] + ev["text"])) & ids}
    assert naming, "no event names a card: nothing to check"
    page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    try:
        H.open_harness(page, H.resolved_options(2, {}))
        checked: set[str] = set()
        for seed in range(1, 40):
            state = H.new_game(2, seed, {})
            rng = random.Random(seed)
            version = 0
            while not state.is_terminal() and len(checked) < 3:
                seat = state.to_move
                shown = naming & set(re.findall(r'"([a-z]+(?:-[a-z]+)+)"', json.dumps(state.observation(seat))))
                if shown - checked:
                    H.show(page, H.view_for(state, seat, version))
                    texts = page.evaluate("""() => [...document.querySelectorAll('[data-info], [title]')]
                        .map((e) => (e.getAttribute('data-info') || '') + ' ' + (e.getAttribute('title') || '') + ' ' + e.textContent)""")
                    raw = {w for t in texts for w in re.findall(r"\b[a-z]+(?:-[a-z]+)+\b", t)} & ids
                    assert not raw, f"ids instead of names on the board: {sorted(raw)}"
                    checked |= shown
                state.apply(rng.choice(state.legal_actions()))
                version += 1
            if len(checked) >= 3:
                break
        assert checked, "no naming event was ever on the board"
    finally:
        page.close()


def test_broken_word_check_reads_soft_hyphens(browser: Any) -> None:
    """The broken-word check itself: a word broken between two letters ("Grounds|keeper") is found; a
    break at a soft hyphen ("Astroche-|mistry") is not (the hyphen drawn at the line's end is in the
    text range of "mistry", which read as "mistry" on two lines before)."""
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    try:
        page.set_content("""<div id="host" style="font: bold 10px Georgia, serif">
          <div data-card="" style="width: 60px; hyphens: manual; overflow-wrap: anywhere">Astroche&shy;mistry I</div>
          <div data-card="" style="width: 40px; overflow-wrap: anywhere">Groundskeeper</div>
          <div data-card="" style="width: 60px">Vice Principal</div></div>""")
        heights = page.evaluate("() => [...document.querySelectorAll('[data-card]')].map((e) => e.getBoundingClientRect().height)")
        assert heights[0] > 20 and heights[1] > 20, heights  # both really wrap
        assert measure(page)["broken"] == ['div. "Groundskeeper"']
    finally:
        page.close()


def test_long_card_names_are_never_cut_off(browser: Any) -> None:
    """Class of '89's longest names ("Guidance Counselor", the "Freshmen" tile, cut off before): in
    seeded random games, each position that shows one of them is drawn with no card text cut off or
    under 10 px and no badge over a name, at 1366x768, 390x844 and as wide as a 360 px and a 320 px
    phone's boards (342 and 302 px inside the table page's margins)."""
    import board_co89_harness as C

    wanted = {"guidance-counselor", "freshmen"}
    seen: set[str] = set()
    page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    try:
        bp = C.BoardPage(page)
        for seed in range(1, 30):
            match = C.new_match(2, seed)
            bp.match = match
            rng = random.Random(seed)
            step = 0
            while not match.state.is_terminal() and seen != wanted:
                on_board = wanted & set(re.findall(r'"([a-z]+(?:-[a-z]+)*)"', json.dumps(match.state.observation(0))))
                if on_board - seen:
                    bp.show(C.view_for(match, 0, step))
                    for size in (DESKTOP, PHONE, (342, NARROW[1]), (302, SMALL[1])):
                        page.set_viewport_size({"width": size[0], "height": size[1]})
                        st = measure(page)
                        assert not st["clipped"] and not st["small"] and not st["overlaps"], (
                            size, on_board, st["clipped"], st["small"][:5], st["overlaps"][:5])
                    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
                    seen |= on_board
                match.play(C.pick(rng, match))
                step += 1
            if seen == wanted:
                break
        assert seen == wanted, f"never on the board: {wanted - seen}"
        assert not bp.errors, bp.errors
    finally:
        page.close()


def test_card_names_never_break_inside_a_word(browser: Any) -> None:
    """Class of '89: every staff card in a yearbook's staff section ("Attendance" broke on a phone's in
    CI, "Groundskeeper" on a laptop's), every teacher and the longest-named students in the class
    photo ("LaFountain", "Quimby" broke on a phone's; "Bookmark+Paint" in a teacher's text on a
    laptop's), and every tile on the Wildcat Way (a Senior Superlative's student on it), on boards as
    wide as a 320 px and a 360 px phone's (302 and 342 px inside the table page's margins: "Whitney"
    and "Carver" broke in a 320 px phone's photo), a 390 px phone's (348 px), a tablet's and a
    laptop's: no word broken between two letters (a soft hyphen's break is allowed), no card text cut
    off or under 10 px, no badge over a name, nothing wider than the page."""
    import board_co89_harness as C

    from homeroom.games.class_of_89.components import components

    data = components()
    staff = sorted(data.staff)
    people = sorted(data.teachers) + sorted(data.students, key=lambda i: -len(data.students[i].name))
    page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    try:
        bp = C.BoardPage(page)
        match = C.new_match(2, 3)
        bp.match = match
        base = C.view_for(match, 0, 0)
        ways = _wildcat_ways(data)
        fills = []  # (staff section, class photo, Wildcat Way) of seat 0's yearbook
        for n in range(max(len(staff) // 4, len(people) // 20, len(ways) - 1) + 1):
            group = [staff[(4 * n + k) % len(staff)] for k in range(4)]
            photo = [people[(20 * n + k) % len(people)] for k in range(20)]
            fills.append((group, photo, ways[n % len(ways)]))
        longest = sorted(data.students, key=lambda i: -len(data.students[i].name))
        problems = []
        for width in (302, 342, 348, 390, 700, 940, 1000, 1366):
            page.set_viewport_size({"width": width, "height": 844})
            for group, photo, grid in fills:
                view = json.loads(json.dumps(base))
                book = view["observation"]["books"][0]
                book["staff"], book["photo"], book["grid"] = group, photo, grid
                book["tokens"] = [["bolt", "paint"] if k % 3 == 0 else [] for k in range(len(photo))]
                book["superlatives"] = [{"tile": t, "student": longest[k % len(longest)], "tokens": []}
                                        for k, t in enumerate(dict.fromkeys(grid)) if t and data.tiles[t].superlative]
                bp.show(view)
                st = measure(page)
                if st["broken"] or st["clipped"] or st["small"] or st["overlaps"] or st["hscroll"]:
                    problems.append(f"{width}px {group}: {st['broken'][:4]} {st['clipped'][:3]} {st['small'][:3]} "
                                    f"{st['overlaps'][:3]} sideways {st['hscroll']}px")
        assert not problems, "\n".join(problems[:12])
        assert not bp.errors, bp.errors
    finally:
        page.close()


def _wildcat_ways(data: Any) -> list[list[str]]:
    """Wildcat Way grids (one list of tile ids a cell, row by row, "" for an open cell) that between
    them hold every tile of the game: each packs the tiles not yet shown, largest first, where they fit."""
    cols, rows = data.board["grid_columns"], data.board["grid_rows"]
    left = sorted(data.tiles, key=lambda t: (-data.tiles[t].width * data.tiles[t].height, t))
    ways = []
    while left:
        grid = [""] * (cols * rows)
        for t in list(left):
            w, h = data.tiles[t].width, data.tiles[t].height
            spot = next(((x, y) for y in range(rows - h + 1) for x in range(cols - w + 1)
                         if all(not grid[(y + j) * cols + x + i] for i in range(w) for j in range(h))), None)
            if spot is None:
                continue
            for i in range(w):
                for j in range(h):
                    grid[(spot[1] + j) * cols + spot[0] + i] = t
            left.remove(t)
        ways.append(grid)
    return ways


def test_no_jump_while_the_player_reads(browser_ready: None, new_page: Any, tmp_path: Any) -> None:
    """The player scrolls down to read the log while a bot thinks: when the turn comes back, the page
    stays where the player is (the pieces to click come into view only when nobody just scrolled)."""
    live = LiveServer(f"sqlite:///{tmp_path / 'reading.db'}", bot_delay=1.0).start()
    try:
        created = live.api("POST", "/api/tables", {
            "game": "high-school-drama", "players": 2, "seed": 31, "listed": False,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random", "name": "Bot 1"}]})
        page = new_page(*PHONE)
        page.goto(live.url + "/")
        page.evaluate("localStorage.setItem('homeroom.prefs.v1', JSON.stringify({confirm: 'never'}))")
        page.goto(live.url + created["seats"][0]["invite_url"])
        rng = random.Random(1)
        for _ in range(30):  # a decision after which the bot moves (its delay gives time to scroll)
            st = _settled(page, -1)
            version = st["version"]
            _click_in_view(page, rng)
            page.wait_for_timeout(150)
            if not page.evaluate("() => document.body.dataset.myTurn === 'true'"):
                break
        else:
            raise AssertionError("the bot never got a turn")
        page.mouse.move(200, 600)
        for _ in range(20):
            page.mouse.wheel(0, 600)  # down to the log, as a reader would
        page.wait_for_timeout(100)
        reading_at = page.evaluate("() => window.scrollY")
        assert reading_at > 1000
        st = _settled(page, version, seconds=30)
        page.wait_for_timeout(300)
        st = measure(page)
        assert st["mine"] and st["legalAll"] and not st["legal"], "the page jumped to the pieces while the player read"
        # (the browser's scroll anchoring may move it down as the board above grows; never up to the pieces)
        assert st["scrollY"] >= reading_at - 5, (reading_at, st["scrollY"])
        assert st["status"]  # the status bar still says it is the player's turn
    finally:
        live.stop()
