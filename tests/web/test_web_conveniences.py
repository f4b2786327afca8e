"""The lobby's and table page's conveniences of issue 31 in a real browser: options in the
rulebook's words, "Create table" in view, the name carried to the next table, the turn alert
(sound and notification), a resizable log, and a seat handed to a bot taken back."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_web_pages import wait_view
from web_helpers import LiveServer, shot

SIZES = [(1366, 768), (390, 844)]

# every option id and value a game declares, as a page would show it raw ("solo_extra_abc",
# "Solo extra abc", "0", "casual-t1")
RAW_OPTION_TEXT = """() => {
  const raw = new Set();
  const add = (t) => { t = String(t); raw.add(t.toLowerCase()); raw.add(t.replace(/[_-]/g, ' ').toLowerCase()); };
  for (const g of window.__games) for (const o of g.options) { add(o.name); (o.choices || []).forEach(add); add(o.default); }
  return [...raw];
}"""


def shown_option_texts(page: Any) -> list[str]:
    """The label of every option and the text of every value offered in the create form."""
    return page.evaluate("""() => [...document.querySelectorAll('#options .option')].flatMap((el) => [
        el.querySelector('label.name').textContent.trim(),
        ...[...el.querySelectorAll('option')].map((o) => o.textContent.trim())])""")


def test_options_are_shown_in_the_rulebooks_words(server: LiveServer, new_page: Any) -> None:
    page = new_page(1366, 768)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card[data-game]")
    page.evaluate("async () => { window.__games = (await (await fetch('/api/games')).json()).games; }")
    raw = set(page.evaluate(RAW_OPTION_TEXT))
    games = page.evaluate("() => window.__games.map((g) => [g.id, g.players])")
    checked = 0
    for game, counts in games:
        page.click(f".game-card[data-game='{game}']")
        for n in counts:
            page.click(f"#players button[data-players='{n}']")
            for text in shown_option_texts(page):
                checked += 1
                assert text.lower() not in raw and not re.fullmatch(r"\d+", text), (game, n, text)
    assert checked > 20
    # Class of '89, solo and 3 players, in the rulebook's words; who starts names the seats typed
    page.click(".game-card[data-game='class-of-89']")
    page.click("#players button[data-players='1']")
    assert page.locator("label[for='opt-solo_extra_abc']").inner_text() == "Take a second ABC token (easier)"
    page.click("#players button[data-players='3']")
    assert page.locator("label[for='opt-objectives']").inner_text() == "Club objectives"
    assert "Club objective set A" in page.locator("#opt-objectives option").all_inner_texts()
    page.fill("#seats input[data-seat='0']", "Ann")
    page.fill("#seats input[data-seat='1']", "Ben")
    starts = page.locator("#opt-first_player option").all_inner_texts()
    assert starts[0].startswith("As the rules say") and starts[1:3] == ["Seat 1 (Ann)", "Seat 2 (Ben)"], starts
    page.select_option("#opt-objectives", "B")
    page.select_option("#opt-first_player", "2")
    page.select_option("#seats select[data-seat='1']", "human")
    page.check("#seats input[data-open='1']")
    page.click("#create-btn")
    page.wait_for_selector("#ready-card:not(.hidden)")
    # the lobby's list and the table page say the same, never "Objectives: B" or "First player: 2"
    item = page.locator("#open .table-item .rules").first
    item.wait_for()
    assert item.inner_text() == "Club objective set B · Seat 2 (Ben) starts"
    page.click("#sit-btn")
    wait_view(page)
    assert page.locator(".rules-tag").inner_text() == "Rules: Club objective set B · Seat 2 (Ben) starts"


def test_the_name_typed_for_my_seat_carries_to_the_next_table(server: LiveServer, new_page: Any) -> None:
    host = server.api("POST", "/api/tables", {
        "game": "academic-society", "players": 2, "seats": [{"kind": "random"}, {"kind": "human", "open": True}]})
    page = new_page(1366, 768)
    page.goto(server.url + "/")
    page.click(".game-card[data-game='class-of-89']")
    page.fill("#seats input[data-seat='0']", "Zoë")  # typed in the form only, not in "Your name"
    page.click("#create-btn")
    page.wait_for_selector("#ready-card:not(.hidden)")
    page.reload()
    assert page.input_value("#my-name") == "Zoë"
    page.click(".game-card[data-game='high-school-drama']")
    assert page.input_value("#seats input[data-seat='0']") == "Zoë"  # prefilled on create
    page.fill("#my-name", "Zed")  # the open form's seat follows "Your name" as it is typed
    assert page.input_value("#seats input[data-seat='0']") == "Zed"
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.locator(f"#open .table-item[data-table='{host['table_id']}'] button[data-join]").click()
    wait_view(page)  # joined without being asked for a name: the remembered one is used
    assert not dialogs
    seats = server.api("GET", f"/api/tables/{host['table_id']}")["seats"]
    assert seats[1]["name"] == "Zed"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_create_table_is_in_view_without_scrolling(server: LiveServer, new_page: Any, width: int,
                                                   height: int) -> None:
    page = new_page(width, height)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card[data-game]")
    page.wait_for_selector("#create-btn", state="visible")
    for game in ("class-of-89", "high-school-drama"):
        page.evaluate("() => window.scrollTo(0, 0)")
        if page.locator(f".game-card[data-game='{game}']").is_visible():
            page.locator(f".game-card[data-game='{game}']").click()
            page.evaluate("() => window.scrollTo(0, 0)")
        box = page.locator("#create-btn").bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (game, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (game, box)
    shot(page, f"lobby-{width}x{height}", full_page=False)


ALERT_STUBS = """
window.__alerts = { plays: 0, notes: [] };
HTMLMediaElement.prototype.play = function () { window.__alerts.plays += 1; return Promise.resolve(); };
class FakeNotification {
  constructor(title, opts) { window.__alerts.notes.push([title, opts && opts.body]); }
  close() {}
}
FakeNotification.permission = 'granted';
FakeNotification.requestPermission = () => Promise.resolve('granted');
window.Notification = FakeNotification;
document.hasFocus = () => false;
"""


def alerts(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.__alerts")


def test_turn_alert_sounds_and_notifies_only_when_the_turn_passes_to_me(server: LiveServer,
                                                                        new_page: Any) -> None:
    from test_web_pages import play_first, wait_my_turn_or_end

    created = server.api("POST", "/api/tables", {
        "game": "class-of-89", "players": 2, "seed": 3, "options": {"first_player": 1},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]})
    ana, ben, watcher = new_page(1366, 768), new_page(1366, 768), new_page(1366, 768)
    for page in (ana, ben, watcher):
        page.context.add_init_script(ALERT_STUBS)
    # a spectator whose browser has the alert on still gets none
    watcher.context.add_init_script("localStorage.setItem('homeroom.prefs.v1', JSON.stringify({turnAlert: true}))")
    ana.goto(server.url + created["seats"][0]["invite_url"])
    ben.goto(server.url + created["seats"][1]["invite_url"])
    watcher.goto(server.url + created["spectator_url"])
    for page in (ana, ben, watcher):
        wait_view(page)
    assert watcher.locator("#turn-alert").is_hidden()
    assert not ben.is_checked("#turn-alert-toggle")  # opt-in
    ben.check("#turn-alert-toggle")
    assert ben.evaluate("() => JSON.parse(localStorage.getItem('homeroom.prefs.v1')).turnAlert") is True
    moves = 0
    while ben.evaluate("() => document.body.dataset.myTurn") != "true":
        assert wait_my_turn_or_end(ana)
        play_first(ana)
        moves += 1
        assert moves < 40
        if ben.evaluate("() => document.body.dataset.myTurn") != "true":
            assert alerts(ben)["plays"] == 0  # Ana's moves are updates, not Ben's turn
    ben.wait_for_function("() => window.__alerts.plays === 1 && window.__alerts.notes.length === 1")
    assert alerts(ben)["notes"][0][0] == "Your turn"
    assert alerts(ana) == {"plays": 0, "notes": []}  # Ana never turned the alert on
    assert alerts(watcher) == {"plays": 0, "notes": []}
    assert wait_my_turn_or_end(ben)
    play_first(ben)  # another update: no second alert for the same turn
    assert alerts(ben)["plays"] == 1
    ben.reload()
    wait_view(ben)
    assert ben.is_checked("#turn-alert-toggle")  # remembered in this browser
    assert alerts(ben)["plays"] == 0  # opening the page on my turn is no turn change
    shot(ben, "table-turn-alert", full_page=False)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_log_resizes_and_keeps_its_size(server: LiveServer, new_page: Any, width: int, height: int) -> None:
    created = server.api("POST", "/api/tables", {
        "game": "class-of-89", "players": 2, "seed": 5,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}]})
    page = new_page(width, height)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_view(page)
    handle = page.locator("#log-resize")
    handle.scroll_into_view_if_needed()
    before = page.evaluate("() => document.querySelector('#log').getBoundingClientRect().height")
    box = handle.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + 60, steps=4)
    page.mouse.move(x, y + 150, steps=4)
    page.mouse.up()
    after = page.evaluate("() => document.querySelector('#log').getBoundingClientRect().height")
    assert abs(after - (before + 150)) <= 2, (before, after)
    handle.focus()
    page.keyboard.press("ArrowUp")
    shorter = page.evaluate("() => document.querySelector('#log').getBoundingClientRect().height")
    assert abs(shorter - (after - 24)) <= 2, (after, shorter)
    page.reload()
    wait_view(page)
    kept = page.evaluate("() => document.querySelector('#log').getBoundingClientRect().height")
    assert abs(kept - shorter) <= 1, (shorter, kept)
    page.locator("#log-panel").scroll_into_view_if_needed()
    shot(page, f"table-log-{width}x{height}", full_page=False)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_player_lets_a_bot_play_and_takes_the_seat_back(server: LiveServer, new_page: Any, width: int,
                                                          height: int) -> None:
    created = server.api("POST", "/api/tables", {
        "game": "academic-society", "players": 2, "seed": 4,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]})
    tid = created["table_id"]
    ana, ben = new_page(1366, 768), new_page(width, height)
    ana.goto(server.url + created["seats"][0]["invite_url"])
    ben.goto(server.url + created["seats"][1]["invite_url"])
    wait_view(ana)
    wait_view(ben)
    kind = lambda: server.api("GET", f"/api/tables/{tid}")["seats"][1]["kind"]  # noqa: E731
    # only my own panel has my seat menu; Ana's page offers none for Ben's seat
    assert ben.locator(".player[data-seat='0'] details.seat-menu").count() == 0
    assert ana.locator(".player[data-seat='1'] details.seat-menu").count() == 0
    menu = ben.locator(".player[data-seat='1'] details.seat-menu summary")
    menu.click()
    ben.once("dialog", lambda d: d.dismiss())
    ben.locator("button[data-own='bot']").click()
    ben.wait_for_timeout(300)
    assert kind() == "human"  # asked first: Cancel keeps the seat
    ben.once("dialog", lambda d: d.accept())
    ben.locator("button[data-own='bot']").click()
    banner = ben.locator("#bot-banner")
    banner.wait_for()
    assert "A bot is playing for you" in banner.inner_text()
    assert kind() == "medium"
    ana.wait_for_selector(".player[data-seat='1'] .pill.bot")
    # Undo on the notice gives it straight back
    ben.locator(".toast .toast-undo").click()
    banner.wait_for(state="detached")
    assert kind() == "human"
    # handed again; reloading the page does not undo the player's own choice, the button does
    menu.click()
    ben.once("dialog", lambda d: d.accept())
    ben.locator("button[data-own='bot']").click()
    banner.wait_for()
    ben.reload()
    wait_view(ben)
    banner.wait_for()
    assert kind() == "medium"
    button = ben.locator("#take-back-btn")
    assert button.inner_text() == "Take my seat back"
    box = button.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height  # in view on arrival
    shot(ben, f"table-bot-plays-for-you-{width}x{height}", full_page=False)
    button.click()
    banner.wait_for(state="detached")
    assert kind() == "human"
    ana.wait_for_selector(".player[data-seat='1'] .pill.bot", state="detached")
