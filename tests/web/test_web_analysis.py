"""The post-game analysis in the browser (issue 35): "Analyse this game" on a finished table, its
progress, the win-chance graph above the replay slider, rating marks beside the log lines, and a
click on the graph that shows that moment."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import LiveServer, shot


@pytest.fixture()
def small_server(browser_ready: None, tmp_path: Path) -> Iterator[LiveServer]:
    """A server of its own whose analyses are small (10 search iterations a decision)."""
    live = LiveServer(f"sqlite:///{tmp_path / 'homeroom.db'}", analysis_iterations=10).start()
    yield live
    live.stop()


def finished(server: LiveServer) -> str:
    """A 2-player High School Drama between two random bots, played to its end."""
    created = server.api("POST", "/api/tables", {"game": "high-school-drama", "players": 2, "seed": 7,
                                                 "seats": [{"kind": "random", "name": "Ana"},
                                                           {"kind": "random", "name": "Ben"}]})
    tid = str(created["table_id"])
    deadline = time.monotonic() + 60
    while not server.api("GET", f"/api/tables/{tid}/view")["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    return tid


def test_analyse_this_game_shows_the_graph_marks_and_jumps(small_server: LiveServer, new_page: Any) -> None:
    tid = finished(small_server)
    page = new_page()
    page.goto(small_server.url + f"/t/{tid}#spectate")
    page.wait_for_selector("#analyse-btn")
    assert page.locator("#log li[data-step] .rating").count() == 0
    page.click("#analyse-btn")
    page.wait_for_selector(".win-graph", timeout=60_000)
    steps = page.evaluate("() => Number(document.querySelector('.win-graph').dataset.steps)")
    final = int(page.locator("#replay-slider").get_attribute("max") or 0)
    assert steps == final > 20  # one decision a move: decision i is the move to step i + 1
    # one line per seat, in the seat's colour
    assert page.locator(".win-graph .seat-line.seat-0 polyline").count() == 1
    assert page.locator(".win-graph .seat-line.seat-1 polyline").count() == 1
    # a rating mark beside a log line, with what was better in its tooltip
    marks = page.locator("#log li[data-step] .rating")
    assert marks.count() > 0
    first = marks.first
    assert first.inner_text() in ("?!", "?", "??")
    assert "to win" in (first.get_attribute("title") or "")
    analysis = small_server.api("GET", f"/api/tables/{tid}/analysis")
    rated = {str(d["index"] + 1) for d in analysis["result"]["decisions"] if d["rating"]}
    marked = page.evaluate("() => [...document.querySelectorAll('#log li[data-step] .rating')]"
                           ".map((m) => m.closest('li').dataset.step)")
    assert marked and set(marked) <= rated
    shot(page, "analysis-graph", full_page=True)
    first.scroll_into_view_if_needed()
    shot(page, "analysis-log-mark", full_page=False)
    # a click in the graph's middle shows that moment of the replay
    page.locator(".win-graph").scroll_into_view_if_needed()
    box = page.locator(".win-graph").bounding_box()
    page.mouse.click(box["x"] + box["width"] * (34 + 0.5 * (600 - 42)) / 600, box["y"] + box["height"] * 0.95)
    page.wait_for_selector("#history-banner")
    shown = int(page.locator("#replay-slider").input_value())
    assert abs(shown - steps // 2) <= 2 and 0 < shown < final
    assert f"after move {shown}" in page.locator("#history-banner").inner_text()
    # a click on a mark in the graph jumps to its move
    mark = page.locator(".win-graph .graph-mark").first
    target = int(mark.get_attribute("data-step") or 0)
    mark.click(force=True)
    page.wait_for_function(f"() => document.querySelector('#replay-slider').value === '{target}' || {target} === {final}")
    if target < final:
        page.wait_for_function(f"() => (document.querySelector('#history-banner')?.textContent || '').includes('after move {target} ')")
    # the analysis is stored: a new page shows it without asking again
    again = new_page()
    again.goto(small_server.url + f"/t/{tid}#spectate")
    again.wait_for_selector(".win-graph")
    assert again.locator("#analyse-btn").count() == 0
