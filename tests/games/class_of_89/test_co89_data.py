"""Component data: the school mat and Ed's Choice cards agree, and every record says honestly,
field by field, what is printed in the rulebook and what is a stand-in (issue 10)."""

from __future__ import annotations

import shutil
from pathlib import Path

from homeroom.games.class_of_89 import GAME
from homeroom.games.class_of_89.components import DATA_DIR, components


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def test_every_location_shows_a_mix_of_students_teachers_staff_and_tiles() -> None:
    """Rulebook "School Mat & Yearbook Board": "At each location there are 5 cards or tiles
    available: a mix of students, teachers, staff, and Wildcat Way tiles"."""
    for loc in components().locations:
        kinds = {"tile" if s.startswith("tile") else s for s in loc.spaces}
        assert kinds == {"student", "teacher", "staff", "tile"}, (loc.name, loc.spaces)


def test_every_choice_card_entry_names_something_its_location_can_hold() -> None:
    comp = components()
    holds = {lc.id: {"tile" if s.startswith("tile") else s for s in lc.spaces} for lc in comp.locations}
    for card in comp.choice_cards.values():
        for loc, item in card.items.items():
            assert item in holds[loc], (card.id, loc, item)


def test_data_check_reports_a_choice_card_asking_for_what_its_location_cannot_hold(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    board = (data / "board.toml").read_text()
    hallway = board.index('id = "hallway"')
    spaces = board.index("spaces = ", hallway)
    end = board.index("\n", spaces)
    board = board[:spaces] + 'spaces = ["student", "student", "student", "staff", "tile-C"]' + board[end:]
    (data / "board.toml").write_text(board)
    solo = (data / "solo.toml").read_text()
    first = solo.index("[[choice_card]]")
    items = solo.index("items = ", first)
    hall = solo.index("hallway = ", items)
    value_end = solo.index(",", hall)
    (data / "solo.toml").write_text(solo[:hall] + 'hallway = "teacher"' + solo[value_end:])
    problems = GAME.check_data(data)
    assert any(p.startswith("solo.toml choice_card #1 (choice-1)") and "field 'items'" in p
               and "hallway" in p and "teacher" in p for p in problems), problems
