"""The table page's social side in a real browser (issue 31): the chat (a line sent in one context
appears in another, after a server restart and after a reload; names and lines stay text; spectators
read only; mute is remembered), Undo only within your own turn with two people, and the host deleting
the table."""

from __future__ import annotations

import time
from typing import Any

from test_web_pages import create_in_lobby, play_first, wait_my_turn_or_end, wait_view
from web_helpers import LiveServer, shot

NASTY = 'hi <img src=x onerror="document.body.dataset.pwned=1"> & <b>bold</b>'


def chat_texts(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#chat-lines li:not(.empty)").all_inner_texts()]


def test_chat_between_two_contexts_survives_a_restart_and_a_reload(browser_ready: None, new_page: Any,
                                                                   tmp_path: Any) -> None:
    live = LiveServer(f"sqlite:///{tmp_path / 'chat.db'}").start()
    try:
        created = live.api("POST", "/api/tables", {
            "game": "class-of-89", "players": 2, "seed": 1,
            "seats": [{"kind": "human", "name": "<i>Ana</i>"}, {"kind": "human", "name": "Ben"}]})
        ana, ben, watcher = new_page(), new_page(), new_page()
        ana.goto(live.url + created["seats"][0]["invite_url"])
        ben.goto(live.url + created["seats"][1]["invite_url"])
        watcher.goto(live.url + created["spectator_url"])
        for page in (ana, ben, watcher):
            wait_view(page)
        assert watcher.locator("#chat-form").is_hidden()
        assert "Spectators read the chat" in watcher.locator("#chat-readonly").inner_text()
        ana.fill("#chat-input", NASTY)
        ana.press("#chat-input", "Enter")
        ben.wait_for_selector("#chat-lines li .text")
        assert chat_texts(ben) == [f"<i>Ana</i> {NASTY}"]  # the name and the line are text, never markup
        assert ben.locator("#chat-lines img, #chat-lines b, #chat-lines i").count() == 0
        watcher.wait_for_selector("#chat-lines li .text")
        assert ana.input_value("#chat-input") == ""
        live.stop()
        ben.wait_for_selector("#conn.offline")
        time.sleep(0.3)
        live.start()
        ben.wait_for_selector("#conn.online", timeout=30_000)
        ben.fill("#chat-input", "still here")
        ben.click("#chat-form button[type='submit']")
        ana.wait_for_function("() => document.querySelectorAll('#chat-lines li .text').length === 2")
        # Ben mutes the chat: the lines hide, new ones are counted, and it is remembered
        ben.click("#chat-mute")
        assert ben.locator("#chat-lines").is_hidden()
        ana.fill("#chat-input", "are you there?")
        ana.press("#chat-input", "Enter")
        ben.wait_for_function("() => document.querySelector('#chat-muted').textContent.includes('1 new line')")
        ben.reload()
        wait_view(ben)
        assert ben.locator("#chat-lines").is_hidden() and ben.locator("#chat-mute").inner_text() == "Unmute"
        ben.click("#chat-mute")
        assert chat_texts(ben) == [f"<i>Ana</i> {NASTY}", "Ben still here", "<i>Ana</i> are you there?"]
        ben.locator("#chat-panel").scroll_into_view_if_needed()
        shot(ben, "table-chat", full_page=False)
        for page in (ana, ben, watcher):
            assert page.evaluate("() => document.body.dataset.pwned") is None
    finally:
        live.stop()


def test_undo_is_off_once_the_other_players_turn_started(server: LiveServer, new_page: Any) -> None:
    # Class of '89 for two, seed 1: Ana's first decision hands the turn to Ben and reveals nothing
    created = server.api("POST", "/api/tables", {
        "game": "class-of-89", "players": 2, "seed": 1,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]})
    ana, ben = new_page(), new_page()
    ana.goto(server.url + created["seats"][0]["invite_url"])
    ben.goto(server.url + created["seats"][1]["invite_url"])
    wait_view(ben)
    wait_my_turn_or_end(ana)
    play_first(ana)
    wait_my_turn_or_end(ben)  # Ben sees "Your turn"
    assert ben.locator("#status-headline").inner_text().startswith("Your turn")
    assert ana.locator("#undo-btn").is_disabled() and ben.locator("#undo-btn").is_disabled()
    play_first(ben)
    wait_my_turn_or_end(ana)
    play_first(ana)  # Ana's turn goes on: this decision she may take back
    wait_my_turn_or_end(ana)
    ana.wait_for_function("() => !document.querySelector('#undo-btn').disabled")
    assert ben.locator("#undo-btn").is_disabled()
    ana.click("#undo-btn")
    ben.wait_for_function("() => [...document.querySelectorAll('.toast')].some(t => t.textContent.includes('Ana took back: '))")


def test_the_host_deletes_the_table(server: LiveServer, new_page: Any) -> None:
    host = new_page()
    create_in_lobby(host, server, "academic-society", name="Hana", other="human")
    table_id = host.url.split("/t/")[1].split("#")[0]
    watcher = new_page()
    watcher.goto(f"{server.url}/t/{table_id}#spectate")
    wait_view(watcher)
    # the host's own page without its seat says hello as the host, who may chat (as "Host")
    host.goto(f"{server.url}/t/{table_id}#spectate")
    host.reload()
    wait_view(host)
    assert host.locator("#table-tag").inner_text().endswith("host (watching)")
    host.fill("#chat-input", "welcome")
    host.press("#chat-input", "Enter")
    watcher.wait_for_selector("#chat-lines li .who")
    assert watcher.locator("#chat-lines li .who").inner_text() == "Host"
    host.click("#invite-btn")
    host.once("dialog", lambda dialog: dialog.dismiss())  # "Cancel" keeps the table
    host.click("#delete-btn")
    time.sleep(0.3)
    assert server.api("GET", f"/api/tables/{table_id}")["table_id"] == table_id
    host.once("dialog", lambda dialog: dialog.accept())
    host.click("#delete-btn")
    host.wait_for_url(server.url + "/")
    watcher.wait_for_selector("#conn-banner.bad")
    assert "The host deleted this table" in watcher.locator("#conn-banner").inner_text()
    assert host.evaluate(f"() => localStorage.getItem('homeroom.secrets.v1').includes('{table_id}')") is False
