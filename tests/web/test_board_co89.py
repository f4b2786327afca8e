"""The Class of '89 board in Debian's Chromium: every legal action has a board gesture, whole games
are played only by clicking the board at 1-4 players, and the board's numbers match the engine's.

Screenshots (one per round, per player count, plus a phone) go to out/screenshots/co89_*.png.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from board_co89_harness import (  # noqa: E402
    SHOTS,
    BoardPage,
    advance_bots,
    board_page,
    bots,
    new_match,
    pick,
    play_until,
    view_for,
)

from homeroom import games  # noqa: E402
from homeroom.games.class_of_89.components import components  # noqa: E402
from homeroom.games.class_of_89.scoring import measure  # noqa: E402
from homeroom.games.class_of_89.web import gen_components  # noqa: E402

# In-browser: walk each view's legal actions through the board's own click handling.
WALK = """async (views) => {
  const fails = [];
  let checked = 0;
  for (const v of views) {
    window.board.update(v);
    for (const l of v.legal) {
      const cancel = document.querySelector('[data-cancel]');
      if (cancel) cancel.click();
      window.__chosen = [];
      const g = window.board.gestureOf(l.action);
      let ok = true;
      for (const k of g) {
        const els = [...document.querySelectorAll(`[data-key="${CSS.escape(k)}"]`)];
        const el = els.find((e) => e.classList.contains('legal'));
        if (!el) {
          fails.push({step: v.step, action: l.text, key: k, why: els.length ? 'piece not highlighted' : 'no such piece'});
          ok = false;
          break;
        }
        el.click();
      }
      if (!ok) continue;
      checked++;
      const ch = window.__chosen;
      if (ch.length !== 1 || JSON.stringify(ch[0]) !== JSON.stringify(l.action)) {
        fails.push({step: v.step, action: l.text, key: g.join(' '), why: 'sent ' + JSON.stringify(ch)});
      }
    }
  }
  return {fails, checked};
}"""


@pytest.fixture(scope="module")
def bp(browser: Any) -> Any:
    with board_page(browser) as page:
        yield page


def test_components_js_is_generated_from_the_data() -> None:
    """The component texts the board draws are the packaged data's (regenerate, never hand-edit)."""
    assert gen_components.OUT.read_text(encoding="utf-8") == gen_components.render(), (
        "components.js is stale: run python -m homeroom.games.class_of_89.web.gen_components")


@pytest.mark.parametrize("players,seed,options", [
    (1, 11, {"difficulty": "hard", "solo_extra_abc": True}),
    (3, 13, {"objectives": "random", "school_entrance": False}),
    (4, 14, {"half_icons": False, "objective_scoring": "casual"}),
])
def test_every_legal_action_has_a_board_gesture(bp: BoardPage, players: int, seed: int,
                                                options: dict[str, Any]) -> None:
    """At every decision of a seeded random game, each legal action is made by clicking highlighted
    pieces on the board, and those clicks send exactly that action (so no action needs the fallback)."""
    m = new_match(players, seed, options)
    rng = random.Random(seed)
    bp.match = m
    views: list[dict[str, Any]] = []
    decisions = legal_total = 0
    fails: list[dict[str, Any]] = []
    checked = 0
    while not m.state.is_terminal():
        seat = m.state.to_move
        views.append(view_for(m, seat, len(m.history)))
        decisions += 1
        legal_total += len(views[-1]["legal"])
        m.play(rng.choice(m.state.legal_actions()))
        if len(views) == 40 or m.state.is_terminal():
            out = bp.page.evaluate(WALK, views)
            fails += out["fails"]
            checked += out["checked"]
            views = []
    assert not bp.errors, bp.errors
    assert not fails, f"{len(fails)} of {legal_total} actions have no working gesture, e.g. {fails[:5]}"
    assert checked == legal_total and decisions > 50


def test_objective_standings_match_the_engine(bp: BoardPage) -> None:
    """The board's count towards each objective (its distance from MIN) is the engine's measure."""
    comp = components()
    books = []
    for seed in range(6):
        m = new_match(2 + seed % 3, 100 + seed)
        rng = random.Random(seed)
        while not m.state.is_terminal():
            m.play(rng.choice(m.state.legal_actions()))
            if len(m.history) % 97 == 0:
                books += json.loads(json.dumps(m.state.observation(None)))["books"]
        books += json.loads(json.dumps(m.state.observation(None)))["books"]
    objectives = {oid: o.measure for oid, o in comp.objectives.items()}
    got = bp.page.evaluate("""async ([books, objs]) => {
      const {measure} = await import('/measure.js');
      return books.map((b) => Object.fromEntries(Object.entries(objs).map(([k, m]) => [k, measure(b, m)])));
    }""", [books, objectives])
    from homeroom.games.class_of_89.model import Superlative, Yearbook

    nonzero = 0
    for raw, mine in zip(books, got):
        sups = [Superlative(**s) for s in raw.pop("superlatives")]
        book = Yearbook(**raw, superlatives=sups)
        for oid, spec in objectives.items():
            assert mine[oid] == measure(book, spec), (oid, raw["photo"])
            nonzero += mine[oid] > 0
    assert len(books) > 20 and nonzero > 20


def test_an_illegal_click_says_why(bp: BoardPage) -> None:
    """Clicking a space you cannot pay for asks the engine and shows its reason with the section."""
    m = new_match(2, 21)
    bp.match = m
    st = m.state
    while st.phase == "side":  # type: ignore[attr-defined]
        m.play(st.legal_actions()[0])
    seat = st.to_move
    bp.show(view_for(m, seat, len(m.history)))
    bp.page.click('[data-key="member:editor"].legal')
    books = st.books  # type: ignore[attr-defined]
    assert books[seat].signatures < 2
    spaces = st.spaces  # type: ignore[attr-defined]
    loc = next(i for i in range(5) if spaces[i][2] == -1)
    lid = components().locations[loc].id
    bp.page.click(f'[data-key="space:{lid}:2"]')
    bp.page.wait_for_function("document.querySelector('.c89-msg.error') && "
                              "document.querySelector('.c89-msg.error').textContent.includes('rulebook')")
    text = bp.page.text_content(".c89-msg.error") or ""
    assert "signature" in text and "Not allowed" in text
    # hovering a card shows its full text in the board's info line
    card = st.school[0][0]  # type: ignore[attr-defined]
    bp.page.hover(f'[data-key="card:{card}"]')
    info = bp.page.text_content(".c89-info") or ""
    assert components().card_name(card) in info and ("half-icons" in info or "scores" in info or "gains" in info)
    # the selection survives the refused click, and Cancel clears it
    assert bp.page.evaluate("window.board.selection()") == ["member:editor"]
    bp.page.click("[data-cancel]")
    assert bp.page.evaluate("window.board.selection()") == []


def play_by_clicking(bp: BoardPage, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """A whole game in which seat 0 plays only by clicking pieces on the board; bots play the rest."""
    m = new_match(players, seed, options)
    bp.match = m
    agents = bots(m, 0, seed)
    rng = random.Random(seed)
    shots = []
    last_round = 0
    clicks = decisions = 0
    shot_mid = False
    while True:
        advance_bots(m, agents, 0)
        st = m.state
        rnd = st.round  # type: ignore[attr-defined]
        if rnd != last_round or st.is_terminal():
            if last_round:
                path = SHOTS / f"co89_{players}p_round{last_round}.png"
                bp.show(view_for(m, 0, len(m.history)))
                bp.page.evaluate("window.scrollTo(0, 0)")
                bp.page.screenshot(path=str(path), full_page=True)
                shots.append(path)
            last_round = rnd
        if st.is_terminal():
            break
        bp.show(view_for(m, 0, len(m.history)))
        action = pick(rng, m)
        want = action.to_json()
        keys = bp.page.evaluate("a => window.board.gestureOf(a)", want)
        for i, k in enumerate(keys):
            bp.page.locator(f'[data-key="{k}"].legal').first.click()
            clicks += 1
            if i == 0 and len(keys) > 1 and k.startswith("card:") and not shot_mid:
                shot_mid = True  # what a player sees between the two clicks of taking a card
                bp.page.screenshot(path=str(SHOTS / f"co89_{players}p_placing.png"))
        sent = bp.chosen()
        assert sent == [want], (sent, want)
        m.play(games.get("class-of-89").action_from_json(sent[0]))
        decisions += 1
    bp.show(view_for(m, 0, len(m.history)))
    bp.page.evaluate("window.scrollTo(0, 0)")
    final = SHOTS / f"co89_{players}p_final.png"
    bp.page.screenshot(path=str(final), full_page=True)
    assert not bp.errors, bp.errors
    return {"decisions": decisions, "clicks": clicks, "shots": shots + [final]}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_played_by_clicking_the_board(bp: BoardPage, players: int) -> None:
    """Seat 0 plays a whole game against random bots only by clicking the board (the solo game is
    played the same way on the real table page below)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = play_by_clicking(bp, players, 30 + players, {})
    assert out["decisions"] >= 12 and out["clicks"] >= out["decisions"]
    assert len(out["shots"]) == 5 and all(p.stat().st_size > 10_000 for p in out["shots"])


def test_player_names_are_drawn_as_text(bp: BoardPage) -> None:
    """Names are chosen by players: markup in one is shown as text, never run."""
    evil = '<img src=x onerror="__owned=1"><b>Al</b>'  # names are at most 40 characters
    m = new_match(2, 5, names=[evil, "Ben"])
    bp.match = m
    bp.show(view_for(m, 1, 0))
    bp.page.wait_for_timeout(100)
    assert bp.page.evaluate("window.__owned") is None
    assert bp.page.locator(".c89 img").count() == 0
    assert evil in (bp.page.text_content(".c89") or "")


def test_phone_portrait_and_spectator(browser: Any) -> None:
    """The board fits a 390px-wide phone (scrolling down only) and a spectator sees no one's choices."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with board_page(browser, 390, 844) as phone:
        m = new_match(3, 41)
        phone.match = m
        rng = random.Random(4)
        for _ in range(60):
            m.play(rng.choice(m.state.legal_actions()))
        phone.show(view_for(m, m.state.to_move, len(m.history)))
        phone.page.screenshot(path=str(SHOTS / "co89_phone.png"), full_page=True)
        width = phone.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, f"the board is {width}px wide on a 390px phone"
        phone.show(view_for(m, None, len(m.history)))
        assert phone.page.locator(".legal").count() == 0
        assert "watching" in (phone.page.text_content(".c89-status .prompt") or "")
        phone.page.screenshot(path=str(SHOTS / "co89_spectator_phone.png"), full_page=True)
        assert not phone.errors, phone.errors


def test_solo_game_on_the_table_page_played_by_clicking_the_board(browser: Any, server: Any) -> None:
    """The board plugged into the real table page and server: a whole solo game against Ed E. Tor
    made only by clicks on the board (the table page's turn-end confirmation answered yes)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = games.get("class-of-89")
    rng = random.Random(7)
    base = server.url
    api = server.api
    made = api("POST", "/api/tables", {"game": "class-of-89", "players": 1, "seed": 7,
                                             "options": {"difficulty": "hard"}, "listed": False,
                                             "seats": [{"kind": "human", "name": "Ana"}]})
    table, secret = made["table_id"], made["seats"][0]["secret"]
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    try:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/t/{table}#seat={secret}")
        page.wait_for_selector(".c89 .c89-status")
        last_round = 0
        decisions = 0
        while True:
            view = api("GET", f"/api/tables/{table}/view", secret=secret)
            obs = view["observation"]
            page.wait_for_selector(f'.c89[data-version="{view["version"]}"]')
            if obs["round"] != last_round or view["terminal"]:
                if last_round:
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(SHOTS / f"co89_table_1p_round{last_round}.png"), full_page=True)
                last_round = obs["round"]
            if view["terminal"]:
                break
            legal = [game.action_from_json(x["action"]) for x in view["legal"]]
            names = [type(a).__name__ for a in legal]
            if "EndTurn" in names and obs["main_done"] and rng.random() < 0.7:
                action = legal[names.index("EndTurn")]
            else:
                action = rng.choice(legal)
            want = action.to_json()
            keys = page.evaluate("async (a) => (await import('/boards/class-of-89/gestures.js')).gesture(a)", want)
            page.wait_for_selector(f'.c89[data-version="{view["version"]}"]')
            for k in keys:
                page.locator(f'.c89 [data-key="{k}"].legal').first.click()
            if page.locator("#confirm-box:not(.hidden) #confirm-yes").count():
                page.click("#confirm-yes")
            deadline = time.monotonic() + 30
            while api("GET", f"/api/tables/{table}/view", secret=secret)["version"] == view["version"]:
                assert time.monotonic() < deadline, f"the board's clicks for {want} sent nothing"
                time.sleep(0.05)
            decisions += 1
        page.wait_for_selector("#end-panel:not(.hidden)")
        page.screenshot(path=str(SHOTS / "co89_table_1p_final.png"), full_page=True)
        assert decisions > 12 and not errors, errors
    finally:
        page.close()


def test_the_board_says_sent_only_once_the_move_is_sent(browser: Any, server: Any) -> None:
    """With every move confirmed, a board click shows the confirm box and no "Sent"; Cancel sends
    nothing and still says no "Sent"; Confirm sends the move."""
    made = server.api("POST", "/api/tables", {"game": "class-of-89", "players": 1, "seed": 3, "listed": False,
                                              "seats": [{"kind": "human", "name": "Ana"}]})
    table, secret = made["table_id"], made["seats"][0]["secret"]
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    try:
        page.goto(f"{server.url}/")
        page.evaluate("() => localStorage.setItem('homeroom.prefs.v1', JSON.stringify({confirm: 'all'}))")
        page.goto(f"{server.url}/t/{table}#seat={secret}")
        view = server.api("GET", f"/api/tables/{table}/view", secret=secret)
        page.wait_for_selector(f'.c89[data-version="{view["version"]}"]')
        keys = page.evaluate("async (a) => (await import('/boards/class-of-89/gestures.js')).gesture(a)",
                             view["legal"][0]["action"])

        def click_move() -> None:
            for k in keys:
                page.locator(f'.c89 [data-key="{k}"].legal').first.click()
            page.wait_for_selector("#confirm-box:not(.hidden)")

        def status() -> str:
            return str(page.locator(".c89 .c89-status").inner_text())

        click_move()
        assert "Sent" not in status()
        page.click("#confirm-no")
        page.wait_for_timeout(200)
        assert "Sent" not in status()
        assert server.api("GET", f"/api/tables/{table}/view", secret=secret)["version"] == view["version"]
        click_move()
        page.click("#confirm-yes")
        deadline = time.monotonic() + 10
        while server.api("GET", f"/api/tables/{table}/view", secret=secret)["version"] == view["version"]:
            assert time.monotonic() < deadline, "Confirm sent nothing"
            time.sleep(0.05)
    finally:
        page.close()


def test_solo_players_panel_shows_ed_and_says_scores_are_if_the_game_ended_now(browser: Any, server: Any) -> None:
    """Ed E. Tor (the view's automa_scores) has his own panel in the Players list, with his points,
    and while the game runs the points are labelled as what each would score if it ended now."""
    made = server.api("POST", "/api/tables", {"game": "class-of-89", "players": 1, "seed": 5, "listed": False,
                                              "seats": [{"kind": "human", "name": "Ana"}]})
    table, secret = made["table_id"], made["seats"][0]["secret"]
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    try:
        page.goto(f"{server.url}/t/{table}#seat={secret}")
        view = server.api("GET", f"/api/tables/{table}/view", secret=secret)
        ed = view["automa_scores"]["Ed E. Tor"]["total"]
        panel = page.locator("#players .player[data-automa='Ed E. Tor']")
        panel.wait_for()
        assert "Ed E. Tor" in panel.inner_text()
        assert panel.locator(".score").inner_text().split()[0] == str(ed)
        assert page.locator("#players-note").is_visible()
        assert "if the game ended now" in page.locator("#players-note").inner_text()
        assert page.locator("#players .player[data-seat='0'] .score").get_attribute("title") == "points if the game ended now"
        page.locator("#players-panel").screenshot(path=str(SHOTS / "co89_players_panel_solo.png"))
    finally:
        page.close()


@pytest.mark.parametrize("width", [390, 320])
def test_three_drawn_cards_fit_a_phone(browser: Any, width: int) -> None:
    """A row bonus's three drawn students wrap on a phone: in one row they were 421 px wide and
    the page scrolled sideways (a whole 390 px game at its 65th decision)."""
    from homeroom.games.class_of_89.model import Pending

    match = new_match(2, 5)
    st = match.state
    st.pending = [Pending("draw_students", 0, cards=list(components().students)[:3], optional=True)]
    st.invalidate()
    with board_page(browser, width, 844) as page:
        page.show(view_for(match, 0, 1))
        page.page.wait_for_timeout(200)
        wide, view, right = page.page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
            " Math.max(...[...document.querySelectorAll('.c89-pending .cd')].map(e => e.getBoundingClientRect().right))]")
    assert right <= view and wide <= view, (wide, view, right)


@pytest.mark.parametrize("width", [1366, 390, 342, 320])
def test_tokens_to_move_are_24px_targets_on_a_phone(browser: Any, width: int) -> None:
    """With two signatures a player may move a token off a student (ShiftToken): each token is then
    a piece to tap. On a phone the photo's tokens are 10 px, and three on one student sat 1 px apart
    (a whole 390 px game failed at its 60th decision): a token that can be moved is a 24 px target,
    with no other piece inside its 24 px circle (WCAG 2.5.8)."""
    from fit_checks import measure

    from homeroom.games.class_of_89.actions import ShiftToken

    def three_on_one(legal: list[Any]) -> bool:
        sources: dict[int, set[str]] = {}
        for a in legal:
            if isinstance(a, ShiftToken):
                sources.setdefault(a.source, set()).add(a.token)
        return any(len(v) >= 3 for v in sources.values())

    match = new_match(2, 3)
    play_until(match, 3, three_on_one)  # a Shift with four kinds of token on one student, at decision 95
    with board_page(browser, width, 844) as page:
        page.show(view_for(match, 0, 1))
        page.page.wait_for_timeout(200)
        lit = page.page.locator('[data-key^="tok:cell:"][data-legal]').count()
        st = measure(page.page)
        page.page.locator(".yb.mine .photo, .photo").first.screenshot(path=str(SHOTS / f"co89_tokens_to_move_{width}.png"))
        assert not page.errors, page.errors
    assert lit >= 3, lit
    assert not st["cramped"], st["cramped"][:6]


def test_school_mat_badges_never_cover_a_name(browser: Any) -> None:
    """Every staff card and tile on the school mat, on boards from a 320 px phone's to a wide
    screen's: a tile's letter and size and a staff card's club badge sit in the card's top corners,
    and no name runs under them ("Substitute Teachers" under its "2×1" and "Athletic Director" under
    its club on boards 780-940 px wide, a laptop's table page, found by surveying whole 3-player games)."""
    from fit_checks import measure

    data = components()
    staff, tiles = sorted(data.staff), sorted(data.tiles, key=lambda t: -len(data.tiles[t].name))
    match = new_match(3, 22)
    base = view_for(match, 0, 1)
    rows = len(base["observation"]["school"])
    problems = []
    with board_page(browser, 1366, 768) as page:
        for width in (302, 390, 780, 860, 940, 1366):
            page.page.set_viewport_size({"width": width, "height": 768})
            for k in range(0, max(len(staff), len(tiles)), rows):
                view = json.loads(json.dumps(base))
                for r, row in enumerate(view["observation"]["school"]):
                    row[3] = staff[(k + r) % len(staff)]
                    row[4] = tiles[(k + r) % len(tiles)]
                page.show(view)
                st = measure(page.page)
                if st["overlaps"]:
                    problems.append(f"{width}px: {st['overlaps'][:3]}")
        assert not page.errors, page.errors
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("width", [390, 342, 320])
def test_signature_actions_are_24px_targets_on_a_phone(browser: Any, width: int) -> None:
    """At the location where the player's member stands, the two signature actions (buy a token,
    refresh) sit beside the member's ability: all three are pieces to tap. The two were 20 px tall,
    next to the ability (a 3-player game at 390 px, found by the whole-game survey): each is 24 px."""
    from fit_checks import measure

    match = new_match(3, 22)  # seat 0's member's ability, a token to buy and a refresh all legal
    play_until(match, 22, lambda legal: {"BuyToken", "Refresh", "UseMember"} <= {type(a).__name__ for a in legal})
    with board_page(browser, width, 844) as page:
        page.show(view_for(match, 0, 1))
        page.page.wait_for_timeout(200)
        lit = page.page.locator('[data-key="buy"][data-legal], [data-key="refresh"][data-legal]').count()
        st = measure(page.page)
        sizes = page.page.evaluate("[...document.querySelectorAll('[data-key=buy][data-legal], [data-key=refresh][data-legal]')]"
                                   ".map(e => [e.dataset.key, e.getBoundingClientRect().width, e.getBoundingClientRect().height])")
        assert not page.errors, page.errors
    assert lit == 2, lit
    assert all(w >= 23.5 and h >= 23.5 for _, w, h in sizes), sizes  # where the ability sits varies: the size itself
    assert not st["cramped"], st["cramped"][:6]


@pytest.mark.parametrize("players", [1, 2])
def test_claimed_bonuses_fit_a_phone(browser: Any, players: int) -> None:
    """Every row and column bonus claimed (✓): in a 320 px phone's 28 px reward column "3▸1 St✓"
    spilled out of its box (a solo game against Ed, found by surveying whole games in the variants);
    the ✓ wraps under the bonus. Nothing cut off at phone and laptop widths."""
    from fit_checks import measure

    match = new_match(players, 25)
    problems = []
    with board_page(browser, 320, 800) as page:
        for width in (320, 342, 390, 1366):
            page.page.set_viewport_size({"width": width, "height": 800})
            view = view_for(match, 0, 1)
            book = view["observation"]["books"][0]
            book["rows_done"], book["cols_done"], book["side"] = [0, 1, 2, 3], [0, 1, 2, 3, 4], book.get("side") or "A"
            page.show(view)
            st = measure(page.page)
            if st["clipped"] or st["hscroll"]:
                problems.append(f"{width}px: {st['clipped'][:3]} sideways {st['hscroll']}")
        assert not page.errors, page.errors
    assert not problems, "\n".join(problems)
