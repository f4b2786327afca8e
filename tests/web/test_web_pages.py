"""The lobby and the generic table page in a real browser: whole games of every title played by
clicking, a second seat and a spectator seeing moves arrive, the log click-back, the replay slider,
undo, "why not?", reconnection after a server restart and the board plug-in contract."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from web_helpers import LiveServer, overflow_report, shot

GAMES = ["class-of-89", "academic-society", "high-school-drama"]


def create_in_lobby(page: Any, server: LiveServer, game: str, name: str = "Ana", other: str = "random",
                    open_other: bool = False) -> None:
    """Use the lobby form: 2 players, seat 1 of kind `other` (a random bot; a human seat may be
    ticked open to the lobby), then take my seat."""
    page.goto(server.url + "/")
    page.fill("#my-name", name)
    page.click(f".game-card[data-game='{game}']")
    page.click("#players button[data-players='2']")
    page.fill("#seats input[data-seat='0']", name)
    page.select_option("#seats select[data-seat='1']", other)
    assert page.locator("#seats input[data-open='1']").is_visible() == (other == "human")
    if open_other:
        page.check("#seats input[data-open='1']")
    page.click("#create-btn")
    page.wait_for_selector("#ready-card:not(.hidden)")
    invite = page.locator(".invite code").first.inner_text()
    assert re.search(r"/t/[\w-]+#seat=[\w-]{20,}", invite), invite
    page.click("#sit-btn")
    wait_view(page)


def wait_view(page: Any) -> None:
    page.wait_for_function("() => document.body?.dataset.version !== undefined")


def version(page: Any) -> int:
    return int(page.evaluate("() => document.body.dataset.version"))


def wait_my_turn_or_end(page: Any, timeout: float = 30_000) -> bool:
    """True when it is my turn (with buttons), False when the game is over."""
    page.wait_for_function(
        """() => document.body?.dataset.terminal === 'true' ||
                 (document.body?.dataset.myTurn === 'true' && !!document.querySelector('#groups button.act:not([disabled])'))""",
        timeout=timeout,
    )
    return page.evaluate("() => document.body.dataset.terminal") != "true"


def play_first(page: Any) -> None:
    """Click the first choice (confirming if the page asks) and wait for the server's answer."""
    before = version(page)
    page.locator("#groups button.act").first.click()
    if page.locator("#confirm-box:not(.hidden)").count():
        page.click("#confirm-yes")
    page.wait_for_function(f"() => Number(document.body?.dataset.version) > {before}")


@pytest.mark.parametrize("game", GAMES)
def test_whole_game_through_the_generic_page(server: LiveServer, new_page: Any, game: str) -> None:
    page = new_page()
    create_in_lobby(page, server, game)
    assert page.locator("#game-title").inner_text() != "Loading…"
    moves = 0
    while wait_my_turn_or_end(page):
        if moves == 0:
            assert page.locator("#status-headline").inner_text().startswith("Your")
            assert page.title().startswith("▶ Your turn")
            assert "favicon-turn" in (page.get_attribute("#favicon", "href") or "")
            shot(page, f"{game}-start")
        if moves == 12:
            shot(page, f"{game}-midgame", full_page=False)
        play_first(page)
        moves += 1
        assert moves < 400, "the game did not end"
    # the end screen: the outcome, the podium and the score table's totals
    outcome = page.locator("#end-outcome").inner_text()
    assert re.match(r"(Winner|Shared win|Nobody wins)", outcome), outcome
    assert "Game over" in page.locator("#status-headline").inner_text()
    assert page.locator("#podium .spot").count() == 2
    totals = page.locator("table.scores tfoot td").all_inner_texts()[1:]
    assert len(totals) >= 2 and all(re.fullmatch(r"-?\d+", t) for t in totals), totals
    assert page.locator("#actions-panel").is_hidden()
    assert not page.title().startswith("▶")
    shot(page, f"{game}-end")
    if game == GAMES[-1]:
        page.set_viewport_size({"width": 400, "height": 800})
        shot(page, "narrow-end", full_page=False)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 400, overflow_report(page, 400)
        page.set_viewport_size({"width": 1280, "height": 800})
    # the replay viewer: the first position, then back to the end
    page.click("#replay-first")
    page.wait_for_selector("#history-banner")
    assert "after move 0" in page.locator("#history-banner").inner_text()
    page.click("#back-live")
    page.wait_for_selector("#history-banner", state="detached")
    if game == GAMES[0]:
        # rematch: a new table with the same seats; this page's secret opens the same seat there
        old_table = page.url.split("/t/")[1].split("#")[0]
        page.click("#rematch-btn")
        page.wait_for_url(re.compile(r"/t/(?!" + re.escape(old_table) + r")[\w-]+#seat="))
        wait_view(page)
        assert page.evaluate("() => document.body.dataset.role") == "seat"
        assert page.evaluate("() => document.body.dataset.terminal") == "false"


def test_second_seat_and_spectator_see_moves_arrive(server: LiveServer, new_page: Any) -> None:
    created = server.api("POST", "/api/tables", {
        "game": "class-of-89", "players": 2, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}],
        "clock": {"initial_seconds": 600, "increment_seconds": 5},
    })
    ana_url = server.url + created["seats"][0]["invite_url"]
    ben_url = server.url + created["seats"][1]["invite_url"]
    ana, ben, watcher = new_page(), new_page(), new_page()
    ana.goto(ana_url)
    ben.goto(ben_url)
    watcher.goto(server.url + created["spectator_url"])
    for p in (ana, ben, watcher):
        wait_view(p)
    first = ana if ana.evaluate("() => document.body.dataset.myTurn") == "true" else ben
    other = ben if first is ana else ana
    assert other.locator("#groups button.act").count() == 0
    assert "Waiting for" in other.locator("#status-headline").inner_text()
    assert watcher.locator("#groups button.act").count() == 0
    assert watcher.evaluate("() => document.body.dataset.role") == "spectator"
    before = version(other)
    text = first.locator("#groups button.act").first.inner_text()
    play_first(first)
    for p in (other, watcher):
        p.wait_for_function(f"() => Number(document.body?.dataset.version) > {before}")
    # the move shows in the other seat's log (the log line names the mover)
    mover = "Ana" if first is ana else "Ben"
    assert mover in other.locator("#log li").last.inner_text(), text
    # both see each other online, and both clocks
    ana.wait_for_function("() => document.querySelectorAll('.player .online.yes').length === 2")
    clocks = watcher.locator(".player .clock").all_inner_texts()
    assert len(clocks) == 2 and all(re.fullmatch(r"\d+:\d\d", c) for c in clocks), clocks
    shot(other, "two-humans-other-seat")
    shot(watcher, "two-humans-spectator")
    # the log click-back view: read-only, with a clear way back
    line = other.locator("#log li[data-step='0']").first
    line.click()
    other.wait_for_selector("#history-banner")
    assert "read-only" in other.locator("#history-banner").inner_text()
    assert other.evaluate("() => document.body.dataset.viewing") == "0"
    shot(other, "log-click-back", full_page=False)
    other.click("#back-live")
    other.wait_for_selector("#history-banner", state="detached")
    assert other.evaluate("() => document.body.dataset.viewing") == "live"


def test_narrow_screens(server: LiveServer, new_page: Any) -> None:
    page = new_page(400, 800)
    page.goto(server.url + "/")
    page.click(".game-card[data-game='high-school-drama']")
    shot(page, "narrow-lobby")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 400, f"the lobby is too wide on a 400px screen: {overflow_report(page, 400)}"
    page.select_option("#seats select[data-seat='1']", "random")
    page.click("#create-btn")
    page.wait_for_selector("#ready-card:not(.hidden)")
    page.click("#sit-btn")
    wait_view(page)
    wait_my_turn_or_end(page)
    shot(page, "narrow-table", full_page=False)
    # nothing wider than the screen
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= 400, f"the page is too wide on a 400px screen: {overflow_report(page, 400)}"


def test_bad_links_say_what_is_wrong(server: LiveServer, new_page: Any) -> None:
    page = new_page()
    page.goto(server.url + "/t/no-such-table#spectate")
    page.wait_for_selector("#conn-banner.bad")
    assert "no such table" in page.locator("#conn-banner").inner_text()
    created = server.api("POST", "/api/tables", {"game": "toy", "players": 2, "seats": [{"kind": "human"}, {"kind": "random"}]})
    page.goto(server.url + f"/t/{created['table_id']}#seat=not-the-right-secret-at-all-xxxxxxxxxxxxxxxx")
    page.reload()
    page.wait_for_selector("#conn-banner.bad")
    assert "does not open a seat" in page.locator("#conn-banner").inner_text()
    assert page.locator("#status-headline").inner_text() == "This table cannot be opened"


def test_lobby_lists_my_tables_and_open_tables(server: LiveServer, new_page: Any) -> None:
    page = new_page()
    create_in_lobby(page, server, "academic-society", name="Cleo")
    wait_my_turn_or_end(page)
    assert page.locator(".player[data-seat='1'] button[data-host]").count() == 0  # created as a bot
    page.goto(server.url + "/")
    page.wait_for_selector("#mine .table-item.your-turn")
    assert "Your turn" in page.locator("#mine .table-item.your-turn").first.inner_text()
    # a listed table with an open seat appears in another browser's lobby, with a Join button
    server.api("POST", "/api/tables", {"game": "high-school-drama", "players": 2,
                                       "seats": [{"kind": "greedy"}, {"kind": "human", "name": "<b>Eve</b>",
                                                                      "open": True}]})
    other = new_page()
    other.goto(server.url + "/")
    other.fill("#my-name", "Dan")
    other.wait_for_selector("#open button[data-join]")
    # names are text, never markup
    assert other.locator("#open b").count() == 0
    assert other.locator("#open .chip", has_text="<b>Eve</b>").count() >= 1
    shot(other, "lobby-open-tables")
    other.locator("#open button[data-join]").first.click()
    other.wait_for_url(re.compile(r"/t/[\w-]+#seat="))
    wait_view(other)
    assert other.evaluate("() => document.body.dataset.role") == "seat"
    # a seat ticked open in the create form is offered in the lobby; an invited one never is
    third = new_page()
    create_in_lobby(third, server, "academic-society", name="Ivo", other="human", open_other=True)
    table_id = third.url.split("/t/")[1].split("#")[0]
    other.goto(server.url + "/")
    other.wait_for_selector(f"#open .table-item[data-table='{table_id}'] button[data-join='1']")
    invited = new_page()
    create_in_lobby(invited, server, "academic-society", name="Uma", other="human")
    hidden_id = invited.url.split("/t/")[1].split("#")[0]
    other.goto(server.url + "/")
    other.wait_for_selector(f"#open .table-item[data-table='{table_id}']")
    assert other.locator(f"#open .table-item[data-table='{hidden_id}']").count() == 0


def test_host_hands_a_seat_to_a_bot_and_back(server: LiveServer, new_page: Any) -> None:
    page = new_page()
    create_in_lobby(page, server, "class-of-89", name="Hana", other="human")
    # the other seat's player has not come yet; Hana is here, so nobody may hand her seat to a bot
    page.wait_for_selector(".player[data-seat='1'] details.seat-menu summary")
    assert page.locator(".player[data-seat='0'] button[data-host]").count() == 0
    # the seat is handed away from a menu, never by one stray click, and only after a confirmation
    bot_button = page.locator(".player[data-seat='1'] button[data-host='bot']")
    assert bot_button.is_hidden()
    page.locator(".player[data-seat='1'] details.seat-menu summary").click()
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    bot_button.click()
    page.wait_for_timeout(300)
    assert len(asked) == 1 and "bot" in asked[0]
    assert page.locator(".player[data-seat='1'] .pill.bot").count() == 0
    table_id = page.url.split("/t/")[1].split("#")[0]
    assert server.api("GET", f"/api/tables/{table_id}")["seats"][1]["kind"] == "human"
    page.once("dialog", lambda d: answer(d, True))
    bot_button.click()
    page.wait_for_selector(".player[data-seat='1'] .pill.bot")
    assert len(asked) == 2
    assert "Let a bot play" not in page.locator(".player[data-seat='1']").inner_text()
    page.locator(".player[data-seat='1'] button[data-host='human']").click()
    page.wait_for_selector(".player[data-seat='1'] .pill.bot", state="detached")
    page.wait_for_selector(".player[data-seat='1'] details.seat-menu summary")
    # the host opens the absent player's seat to the lobby (a new secret: the old link stops working)
    page.locator(".player[data-seat='1'] details.seat-menu summary").click()
    page.locator(".player[data-seat='1'] button[data-host='open']").click()
    page.wait_for_selector(".player[data-seat='1'] button[data-host='open']", state="detached")
    assert server.api("GET", f"/api/tables/{table_id}")["seats"][1]["open"]
    # the host's invite links are at hand on the table page
    page.click("#invite-btn")
    assert page.locator("#invite-rows .invite").count() == 2
    page.click("#invites-dialog button.primary")


TOY_BOARD = """
export function createBoard(container, { choose, explain }) {
  const root = document.createElement("div");
  root.className = "toy-board";
  container.appendChild(root);
  return {
    update(view) {
      root.replaceChildren();
      const hand = (view.observation && view.observation.hands && view.observation.hands[view.seat]) || [];
      const title = document.createElement("p");
      title.className = "toy-hand";
      title.textContent = "Hand: " + hand.join(", ");
      root.appendChild(title);
      for (const a of view.legal) {
        const b = document.createElement("button");
        b.className = "toy-move";
        b.textContent = a.text;
        b.disabled = !view.live || !view.my_turn;
        b.addEventListener("click", () => choose(a.action));
        root.appendChild(b);
      }
      const why = document.createElement("button");
      why.className = "toy-why";
      why.textContent = "Why not play a 9?";
      why.addEventListener("click", async () => {
        const reason = await explain({ type: "Play", card: 9 });
        const out = document.createElement("p");
        out.className = "toy-reason";
        out.textContent = reason;
        root.appendChild(out);
      });
      root.appendChild(why);
    },
    destroy() { root.remove(); },
  };
}
"""


def test_board_plugin_contract_with_a_fake_board(server: LiveServer, new_page: Any) -> None:
    created = server.api("POST", "/api/tables", {
        "game": "toy", "players": 2, "seed": 5, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}],
    })
    page = new_page()
    served: list[str] = []

    def board(route: Any) -> None:
        served.append(route.request.url)
        route.fulfill(status=200, content_type="text/javascript", body=TOY_BOARD)

    page.route("**/boards/toy/board.js", board)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_view(page)
    page.wait_for_selector(".toy-board .toy-move")
    assert served, "the page never asked for /boards/toy/board.js"
    assert page.locator("#obs .obs").count() == 0  # the board replaces the generic layout
    assert page.locator(".toy-hand").inner_text().startswith("Hand: ")
    # the board's choice goes through the page (its confirm step) to the server
    before = version(page)
    page.locator(".toy-move").first.click()
    if page.locator("#confirm-box:not(.hidden)").count():
        page.click("#confirm-yes")
    page.wait_for_function(f"() => Number(document.body?.dataset.version) > {before}")
    # explain() answers with the engine's reason
    page.locator(".toy-why").click()
    page.wait_for_selector(".toy-reason")
    assert "not allowed" in page.locator(".toy-reason").inner_text()
    shot(page, "toy-board-plugin", full_page=False)


def test_undo_confirm_and_why_not(server: LiveServer, new_page: Any) -> None:
    created = server.api("POST", "/api/tables", {
        "game": "toy", "players": 2, "seed": 3, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}],
    })
    page = new_page()
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_view(page)
    wait_my_turn_or_end(page)
    # a card play can be taken back: nothing was revealed since
    play_first(page)
    wait_my_turn_or_end(page)
    assert page.locator("#undo-btn").is_enabled()
    before = version(page)
    page.keyboard.press("u")
    page.wait_for_function(f"() => Number(document.body?.dataset.version) > {before}")
    assert page.locator("#groups button.act", has_text="Play").count() >= 1
    # keyboard: 1 picks the first choice
    play_first_by_key = version(page)
    page.keyboard.press("1")
    page.wait_for_function(f"() => Number(document.body?.dataset.version) > {play_first_by_key}")
    wait_my_turn_or_end(page)
    # "End your turn" asks for a confirmation first (default preference); cancel keeps the turn
    end = page.locator("#groups button.act", has_text="End your turn")
    assert end.count() == 1
    end.click()
    assert page.locator("#confirm-box").is_visible()
    assert "End your turn" in page.locator("#confirm-what").inner_text()
    shot(page, "confirm-step", full_page=False)
    page.click("#confirm-no")
    assert page.locator("#confirm-box").is_hidden()
    # why not? a move typed as JSON gets the engine's reason
    page.fill("#why-input", '{"type": "Play", "card": 9}')
    page.click("#why-form button")
    page.wait_for_selector("#why-result.illegal")
    assert "Play a 9' is not allowed" in page.locator("#why-result").inner_text()
    # ... and a move offered earlier, typed by its description, too
    page.fill("#why-input", "Draw a card")
    page.click("#why-form button")
    page.wait_for_function("() => /Draw a card: this move is allowed/.test(document.querySelector('#why-result')?.textContent)")
    # confirm through the dialog, with the preference "every move"
    page.click("#settings-btn")
    page.select_option("#pref-confirm", "all")
    page.click("#settings button.primary")
    page.locator("#groups button.act", has_text="Draw a card").click()
    assert page.locator("#confirm-box").is_visible()
    before = version(page)
    page.click("#confirm-yes")
    page.wait_for_function(f"() => Number(document.body?.dataset.version) > {before}")


def test_reconnect_after_a_server_restart(browser_ready: None, new_page: Any, tmp_path: Any) -> None:
    live = LiveServer(f"sqlite:///{tmp_path / 'restart.db'}").start()
    try:
        created = live.api("POST", "/api/tables", {
            "game": "toy", "players": 2, "seed": 11, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}],
        })
        page = new_page()
        page.goto(live.url + created["seats"][0]["invite_url"])
        wait_view(page)
        wait_my_turn_or_end(page)
        play_first(page)
        wait_my_turn_or_end(page)
        step = int(page.evaluate("() => document.body.dataset.step"))
        live.stop()
        page.wait_for_selector("#conn-banner.warn")
        assert "Connection to the table lost" in page.locator("#conn-banner").inner_text()
        assert page.locator("#conn.offline").count() == 1
        shot(page, "reconnect-lost", full_page=False)
        time.sleep(0.5)
        live.start()
        page.wait_for_selector("#conn.online", timeout=30_000)
        assert "Reconnected" in page.locator("#conn-banner").inner_text()
        assert int(page.evaluate("() => document.body.dataset.step")) == step
        # and play goes on
        wait_my_turn_or_end(page)
        play_first(page)
    finally:
        live.stop()
