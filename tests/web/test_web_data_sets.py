"""A server offering a data set (``serve --data-set``, issue 37): the host picks it in the create form,
the table page names it, its board draws that data set's cards, and a card's tooltip marks its
stand-in values."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from test_web_pages import wait_view
from web_helpers import SCREENSHOTS, LiveServer

from homeroom import games
from homeroom.engine.datadiff import to_toml

GAME = "class-of-89"


def renamed_students(folder: Path) -> Path:
    """Class of '89's students, each name ending in `` (mine)`` (their provenance as packaged)."""
    packaged = games.get(GAME).data_directory()
    assert packaged is not None
    data = tomllib.loads((packaged / "students.toml").read_text(encoding="utf-8"))
    for rec in data["student"]:
        rec["name"] += " (mine)"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "students.toml").write_text(to_toml({"student": data["student"]}), encoding="utf-8")
    return folder


def test_host_picks_a_data_set_and_the_table_plays_with_it(browser_ready: None, new_page: Any, tmp_path: Path) -> None:
    mine = renamed_students(tmp_path / "mine")
    live = LiveServer(f"sqlite:///{tmp_path / 'sets.db'}", data_sets=[f"mine={mine}"]).start()
    try:
        page = new_page()
        page.goto(live.url + "/")
        page.fill("#my-name", "Ana")
        page.click(".game-card[data-game='high-school-drama']")
        assert not page.locator("#data-set").is_visible()  # only the packaged data for this game: no picker
        page.click(f".game-card[data-game='{GAME}']")
        assert page.locator("#data-set").is_visible()
        labels = page.locator("#data-set option").all_inner_texts()
        assert len(labels) == 2 and labels[1].startswith("mine (data set ")
        page.select_option("#data-set", "mine")
        page.click("#players button[data-players='2']")
        page.select_option("#seats select[data-seat='1']", "random")
        page.click("#create-btn")
        page.wait_for_selector("#ready-card:not(.hidden)")
        page.click("#sit-btn")
        wait_view(page)
        assert "cards: mine" in page.locator("#table-tag").inner_text()
        page.wait_for_selector("#board-host .cd.st[data-card][data-stand-in]")
        student = page.locator("#board-host .cd.st[data-card][data-stand-in]").first
        title = student.get_attribute("title") or ""
        assert "(mine)" in title, title  # the board drew the data set's students, not the packaged ones
        assert "Stand-in" in title and "not printed in the rulebook" in title, title
        assert "(mine)" in student.inner_text()
        page.screenshot(path=str(SCREENSHOTS / "data-set-table.png"))
        table_id = page.evaluate("() => location.pathname.split('/').pop()")
        listed = live.api("GET", "/api/tables")["tables"]
        assert all(t["data_set"] == "mine" for t in listed if t["table_id"] == table_id)
    finally:
        live.stop()


def test_academic_society_spaces_say_their_stand_in_values(server: LiveServer, new_page: Any) -> None:
    """Academic Society's board marks its stand-in action spaces too (which space has a bonus star or
    the 4-player icon is not printed), on a table with the packaged data."""
    table = server.api("POST", "/api/tables", {"game": "academic-society", "players": 2, "seed": 4,
                                                "seats": [{"kind": "human", "name": "Ana"}, {"kind": "random"}]})
    page = new_page()
    page.goto(server.url + table["seats"][0]["invite_url"])
    page.wait_for_selector("#board-host [data-card='headquarters-1'][data-stand-in='all']")
    title = page.locator("#board-host [data-card='headquarters-1']").get_attribute("title") or ""
    assert "Society Headquarters" in title and "Stand-in: not printed in the rulebook" in title, title
