"""Component data: the school mat and Ed's Choice cards agree, and every record says honestly,
field by field, what is printed in the rulebook and what is a stand-in (issue 10)."""

from __future__ import annotations

import shutil
import tomllib
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


def test_records_say_field_by_field_what_is_printed() -> None:
    """A card the rulebook names but whose other values are ours is "mixed" and lists them; only
    the cards the rulebook shows whole claim provenance = "rulebook"."""
    comp = components()
    whole = sorted(r.id for table in (comp.students, comp.teachers, comp.staff, comp.tiles, comp.objectives)
                   for r in table.values() if r.provenance == "rulebook")
    assert whole == ["dana-g", "mr-laporte"]  # both half-icons / icon and scoring printed


    def record(file: str, rid: str) -> dict[str, object]:
        data = tomllib.loads((DATA_DIR / file).read_text())
        return next(r for recs in data.values() if isinstance(recs, list) for r in recs
                    if isinstance(r, dict) and r.get("id") == rid)

    assert record("teachers.toml", "ms-ortega")["stand_in_fields"] == ["name", "right"]  # a described teacher
    assert record("teachers.toml", "mr-hawke")["stand_in_fields"] == ["right"]  # named, icon unseen
    assert record("staff.toml", "band-director")["stand_in_fields"] == ["club"]
    assert record("tiles.toml", "homecoming")["stand_in_fields"] == ["letter", "width", "height", "gains"]
    assert record("objectives.toml", "study-group")["stand_in_fields"] == ["club", "min", "t2"]  # T1 9 printed
    assert record("board.toml", "hallway")["stand_in_fields"] == ["spaces"]  # Pep Squad and Bolt printed
    # the Class Example's Athletics and Pep Squad matches are one of two readings (RULINGS.md 49)
    assert record("students.toml", "julie-b")["stand_in_fields"] == ["left", "right"]
    assert record("students.toml", "mariah-d")["stand_in_fields"] == ["left", "right"]
    assert record("students.toml", "miguelito-p")["stand_in_fields"] == ["right"]  # Student Council printed
    assert record("students.toml", "jennifer-s")["stand_in_fields"] == ["left", "right"]


def test_data_check_reports_wrong_stand_in_fields_with_file_and_record(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    teachers = (data / "teachers.toml").read_text()
    (data / "teachers.toml").write_text(teachers.replace('stand_in_fields = ["right"]', 'stand_in_fields = ["colour"]', 1))
    tiles = (data / "tiles.toml").read_text()
    start = tiles.index('id = "seniors"')
    (data / "tiles.toml").write_text(tiles[:start] + tiles[start:].replace('provenance = "mixed"', 'provenance = "rulebook"', 1))
    board = (data / "board.toml").read_text()
    (data / "board.toml").write_text(board.replace('provenance = "mixed"', 'provenance = "printed"', 1))
    problems = GAME.check_data(data)
    assert any(p.startswith("teachers.toml teacher #") and "(coach-lafountain)" in p and "'colour'" in p
               for p in problems), problems
    assert any(p.startswith("tiles.toml tile #") and "(seniors)" in p and "stand_in_fields" in p for p in problems)
    assert any(p.startswith("board.toml location #1 (office)") and "'printed'" in p for p in problems)
