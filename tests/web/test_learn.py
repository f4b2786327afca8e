"""Learner mode in a real browser (issue 31): the toggle, the decision explanation, "Suggest a
move", and the links to the game's How to play page."""

from __future__ import annotations

from typing import Any

from web_helpers import LiveServer, shot


def test_learner_mode_explains_and_suggests(server: LiveServer, new_page: Any) -> None:
    table = server.api("POST", "/api/tables", {"game": "academic-society", "players": 2,
                                                "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}],
                                                "seed": 5})
    page = new_page()
    page.goto(server.url + table["seats"][0]["invite_url"])
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    # on by default for a first game of this game
    assert page.is_checked("#learn-toggle")
    page.wait_for_selector("#learn-panel:not(.hidden) .learn-text")
    text = page.locator("#learn-panel .learn-text").first.inner_text()
    assert len(text) > 30, text
    assert page.locator("#learn-panel .phase-link").get_attribute("href").startswith("/how-to-play/academic-society#")
    assert page.locator("#howto-link").get_attribute("href") == "/how-to-play/academic-society"
    # everyone starts on START: the Phase 4 penalty is announced before it hits, ties included, once:
    # in the status bar (the engine's warning), not a second time in the learner panel
    warning = page.locator("#status .note.warning").first.inner_text()
    assert "Phase 4" in warning and "Bot 2" in warning and "lowest too" in warning, warning
    assert "lowest too" not in page.locator("#learn-panel").inner_text() and not page.locator("#learn-panel .learn-warning").count()
    page.click("#suggest-btn")
    page.wait_for_selector("#suggestion:not(.hidden) .learn-why li")
    suggested = page.locator("#suggestion .learn-suggest-text").inner_text()
    offered = page.evaluate("() => [...document.querySelectorAll('#groups button')].map(b => b.innerText)")
    assert suggested.startswith("Suggested: ")
    assert any(suggested.removeprefix("Suggested: ") in o for o in offered), (suggested, offered)
    marked = page.locator("#groups button[data-suggested='true']")
    assert marked.count() == 1 and suggested.removeprefix("Suggested: ") in marked.inner_text()
    shot(page, "learn-suggest")
    # off: the panel goes, and the choice is remembered for this game
    page.uncheck("#learn-toggle")
    page.wait_for_selector("#learn-panel.hidden", state="attached")
    page.reload()
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    assert not page.is_checked("#learn-toggle")
    assert page.locator("#learn-panel").get_attribute("class").find("hidden") >= 0
    # a player who has finished a game of this game starts with learner mode off
    other = new_page()
    other.goto(server.url + "/")
    other.evaluate("() => localStorage.setItem('homeroom.learn.finished.academic-society', '1')")
    table2 = server.api("POST", "/api/tables", {"game": "academic-society", "players": 2,
                                                 "seats": [{"kind": "human", "name": "Bo"}, {"kind": "random"}]})
    other.goto(server.url + table2["seats"][0]["invite_url"])
    other.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    assert not other.is_checked("#learn-toggle")
    # the how-to page answers the header link
    howto = new_page()
    howto.goto(server.url + "/how-to-play/academic-society#lowest-contribution")
    assert "tie" in howto.locator("#phase-4").inner_text().lower()


def test_why_not_reason_links_to_the_rule(server: LiveServer, new_page: Any) -> None:
    table = server.api("POST", "/api/tables", {"game": "academic-society", "players": 2,
                                                "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}],
                                                "seed": 6})
    page = new_page()
    page.goto(server.url + table["seats"][0]["invite_url"])
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    page.fill("#why-input", '{"type": "Activate", "tile": 1}')
    page.click("#why-form button")
    link = page.wait_for_selector("#why-result a.rule-link")
    href = link.get_attribute("href")
    assert href.startswith("/how-to-play/academic-society#") and len(href.split("#")[1]) > 1, href
