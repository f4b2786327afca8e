"""Warnings, announcements, 'Keep all' and 'why not?' on typed text, in a real browser (issue 31)."""

from __future__ import annotations

from typing import Any

from web_helpers import LiveServer, shot


def my_turn(page: Any) -> None:
    page.wait_for_function("() => document.body.dataset.myTurn === 'true' || document.body.dataset.terminal === 'true'")


def test_status_warns_announces_and_keeps_all(server: LiveServer, new_page: Any) -> None:
    table = server.api("POST", "/api/tables", {"game": "academic-society", "players": 2,
                                                "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}],
                                                "seed": 5})
    page = new_page(width=1366, height=768)
    page.goto(server.url + table["seats"][0]["invite_url"])
    my_turn(page)
    # everyone starts on START: the Phase 4 penalty is said in the status bar, before it hits
    warning = page.locator("#status #status-notes .warning").first
    warning.wait_for()
    text = warning.inner_text()
    assert "lowest on Contribution" in text and "Phase 4" in text and "tie" in text, text
    assert warning.is_visible() and warning.bounding_box()["y"] < 768
    assert page.locator("#status-notes .warning a.rule-link").first.get_attribute("href").endswith("#phase-4")
    shot(page, "announce-warning", full_page=False)
    # why not? on typed text: a choice's words, never a request for JSON
    page.fill("#why-input", "zebra crossing")
    page.click("#why-form button")
    page.wait_for_selector("#why-result:not(.hidden)")
    answer = page.locator("#why-result").inner_text()
    assert "None of the choices" in answer and "JSON" not in answer, answer
    lines = page.locator("#groups button").first.inner_text().splitlines()
    first = next(line for line in lines if not line.strip().isdigit())  # past the key number
    page.fill("#why-input", first[: max(8, len(first) // 2)].lower())
    page.click("#why-form button")
    page.wait_for_function("() => !document.querySelector('#why-result').innerText.includes('None of the choices')")
    answer = page.locator("#why-result").inner_text()
    assert "JSON" not in answer and answer.strip(), answer
    # play on (first choice each time): after a decision the status says what followed it, and
    # Phase 3 offers one "Keep all" click that keeps every scholar
    announced = False
    for _ in range(80):
        my_turn(page)
        if page.evaluate("() => document.body.dataset.terminal") == "true":
            break
        if page.locator("#status-notes .announce").count():
            announced = True
            assert page.locator("#status-notes .announce").inner_text().startswith("Since your last move:")
        batch = page.locator("#status-notes button.batch")
        if batch.count():
            assert batch.inner_text().startswith("Keep all")
            kept_before = page.evaluate("() => document.body.dataset.step")
            count = int(batch.inner_text().split()[2])  # "Keep all N scholars ..."
            shot(page, "announce-keep-all-offered", full_page=False)
            batch.click()
            # every keep is sent, one decision at a time, without another click
            try:
                page.wait_for_function(f"() => (document.querySelector('#log').innerText.match(/Ana pays/g) || []).length >= {count}",
                                       timeout=20000)
            finally:
                shot(page, "announce-keep-all", full_page=False)
            log = page.locator("#log").inner_text()
            assert log.count("Ana pays") == count >= 2, log[-800:]
            assert int(page.evaluate("() => document.body.dataset.step")) >= int(kept_before) + count
            break
        page.locator("#groups button").first.click()
        page.wait_for_function("() => document.body.dataset.myTurn !== 'true' || !document.querySelector('#groups button[disabled]')")
    else:
        raise AssertionError("no Keep all offered in 80 decisions")
    assert announced, "no decision was followed by an announcement"


def test_phone_keeps_one_steady_line_of_notes_across_the_bar(server: LiveServer, new_page: Any) -> None:
    table = server.api("POST", "/api/tables", {"game": "academic-society", "players": 2,
                                                "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}],
                                                "seed": 5})
    page = new_page(width=390, height=844)
    page.goto(server.url + table["seats"][0]["invite_url"])
    my_turn(page)
    notes = page.locator("#status-notes")
    notes.locator(".warning").first.wait_for()
    box = notes.bounding_box()
    assert box["width"] > 300, box  # the bar's whole width, not squeezed beside Online and Undo
    closed = box["height"]
    assert closed < 40, box  # one line until tapped
    notes.click()
    assert notes.bounding_box()["height"] > closed  # a tap opens them all
    shot(page, "announce-phone", full_page=False)
