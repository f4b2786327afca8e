"""What a newcomer could not find out (issue 31), in the tooltip of the piece on the board: what
Secretaries do and that they return (Academic Society); High School Drama's "cruel enough", the
clique grid's coordinates, the quad not refilled until summer, and the list of special events."""

from __future__ import annotations

import json
import random
from typing import Any

import board_as_harness as A
import board_hsd_harness as H


def infos(page: Any, selector: str) -> list[str]:
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)]
        .map((e) => (e.getAttribute('data-info') || '') + ' ' + (e.getAttribute('title') || ''))""", selector)


def open_as_harness(browser: Any) -> Any:
    """The Academic Society board harness on a page of the shared browser."""
    return A.prepare(browser.new_page(viewport={"width": 1366, "height": 768}))


def test_academic_society_secretaries_say_what_they_do_and_that_they_return(browser: Any) -> None:
    table = A.Table(2, 3)
    table.play_bots()
    page = open_as_harness(browser)
    try:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.evaluate("v => window.__board.update(v)", table.view())
        spots = infos(page, ".as-secspot")
        assert spots, "no Secretariat drawn"
        for text in spots:
            assert "extra pawn for Phase 2" in text and "goes back to the Secretariat" in text, text
            assert "Sabbatical" in text
        assert not errors
    finally:
        page.close()


def test_high_school_drama_tooltips_explain_the_hidden_rules(browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    try:
        H.open_harness(page, H.resolved_options(2, {}))
        state = H.new_game(2, 4, {})
        rng = random.Random(4)
        version = 0
        for _ in range(400):  # until the seat to move has a relationship and an open square
            seat = state.to_move
            view = H.view_for(state, seat, version)
            players = view["observation"]["players"]
            if seat is not None and any(entry[3] for entry in players[seat]["clique"]):
                break  # a relationship (a card with a parent) in the clique of the seat to move
            state.apply(rng.choice(state.legal_actions()))
            version += 1
        H.show(page, H.view_for(state, state.to_move, version))
        quad = " ".join(infos(page, ".hsd-quad"))
        assert "not refilled" in quad and "summer" in quad, quad
        events = " ".join(infos(page, "[data-zone='events']"))
        names = {e["name"] for e in json.loads((H.BOARD_DIR / "components.json").read_text())["events"].values()}
        assert sum(name in events for name in names) == len(names), events
        cruel = " ".join(infos(page, ".hsd-at.cruel"))
        assert "cruel enough" in cruel, cruel
        slots = " ".join(infos(page, ".hsd-cell.slot"))
        assert "(0,0)" in slots and "(0,-1) is just above" in slots, slots
        rels = " ".join(infos(page, ".hsd-rel"))
        assert "cruel enough" in rels, rels
    finally:
        page.close()
