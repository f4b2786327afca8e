"""Component data: the packaged files match the rulebook's counts, and broken files are named."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from homeroom.engine import DataError
from homeroom.engine.data import read_toml
from homeroom.games.academic_society import GAME
from homeroom.games.academic_society.components import DATA_DIR, SUBJECTS, components, load


def test_packaged_data_is_valid() -> None:
    assert GAME.check_data() == []
    comps = components()
    assert comps.provenance["stand-in"] > 0 and comps.provenance["rulebook"] > 0


def test_treatise_counts() -> None:
    """36 tiles: 4 of each single subject, 10 Mathematics-and-Physics, 10 Astronomy-and-Chemistry;
    4 with the 4-player icon; four piles of 9 by back (ruling G2)."""
    tiles = components().treatises.values()
    groups = Counter(tuple(t.subjects) for t in tiles)
    assert groups == {("math",): 4, ("physics",): 4, ("astronomy",): 4, ("chemistry",): 4,
                      ("math", "physics"): 10, ("astronomy", "chemistry"): 10}
    assert sum(t.four_player for t in tiles) == 4
    assert Counter(t.back for t in tiles) == {s: 9 for s in SUBJECTS}
    assert Counter(t.back for t in tiles if t.four_player) == {s: 1 for s in SUBJECTS}
    mp = [t for t in tiles if t.subjects == ("math", "physics")]
    assert sum(1 for t in mp if t.gain == (1, 1, 0, 0)) == 3
    spend = [t for t in mp if t.gain_influence == 2]
    assert len(spend) == 5 and {(t.cost, t.cost_any) for t in spend} == {
        ((1, 0, 0, 0), 0), ((0, 1, 0, 0), 0), ((0, 0, 1, 0), 0), ((0, 0, 0, 1), 0), ((0, 0, 0, 0), 1)}
    assert sum(1 for t in mp if t.place == ("math", "physics")) == 2
    ac = [t for t in tiles if t.subjects == ("astronomy", "chemistry")]
    assert sum(1 for t in ac if t.gain_contribution == 1) == 5
    assert sum(1 for t in ac if t.place == ("astronomy", "chemistry")) == 2
    math_only = [t for t in tiles if t.subjects == ("math",)]
    assert sorted(t.gain_influence for t in math_only) == [1, 1, 4, 4]


def test_packaged_track_well_formed() -> None:
    comps = components()
    cells = comps.cells
    assert sorted(cells) == list(range(1, 14))
    assert sorted(cells[o].column for o in (1, 2, 3, 4)) == sorted(SUBJECTS)
    assert comps.sink == 13 and cells[13].red == 0
    for o, c in cells.items():  # every red path ends at 13
        seen = 0
        while c.red:
            c = cells[c.red]
            seen += 1
            assert seen < 20
        assert c.order == 13, o
    assert len(comps.commissions) == 10
    assert sum(comps.rules.royal_commission_per_round) == 10


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))


def _edit_first(path: Path, name: str, value: str) -> None:
    """Set the first record's ``name = <number>`` line to ``value`` (whatever the stand-in number is)."""
    text = path.read_text()
    new, n = re.subn(rf"^{name} = \d+$", f"{name} = {value}", text, count=1, flags=re.M)
    assert n == 1
    path.write_text(new)


def test_red_cycle_is_reported(data_copy: Path) -> None:
    track = data_copy / "authority_track.toml"
    text = track.read_text()
    # cell 9 (row 3) sends its red arrow back up to 5, which leads to 10 -> 13: make 5 -> 9 -> 5 a cycle
    text = text.replace("order = 5\ncolumn = \"physics\"\nrow = 2\ncrest = \"physics\"\ncrest_rank = 2\nred = 10",
                        "order = 5\ncolumn = \"physics\"\nrow = 2\ncrest = \"physics\"\ncrest_rank = 2\nred = 9")
    text = text.replace("order = 9\ncolumn = \"physics\"\nrow = 3\ncrest = \"physics\"\ncrest_rank = 1\nred = 13",
                        "order = 9\ncolumn = \"physics\"\nrow = 3\ncrest = \"physics\"\ncrest_rank = 1\nred = 5")
    track.write_text(text)
    problems = GAME.check_data(data_copy)
    assert any("cycle" in p and "authority_track.toml" in p for p in problems), problems


def test_unreachable_cell_is_reported(data_copy: Path) -> None:
    track = data_copy / "authority_track.toml"
    # nothing leads to 10 any more if its feeders point elsewhere
    _edit(track, "red = 10\n", "red = 11\n")
    _edit(track, "blue = [9, 10, 11, 12]", "blue = [9, 11, 12]")
    problems = GAME.check_data(data_copy)
    assert any("cell 10" in p and "reached" in p for p in problems), problems


def test_bad_field_names_file_record_and_field(data_copy: Path) -> None:
    _edit_first(data_copy / "treatises.toml", "influence", "\"one\"")
    _edit(data_copy / "royal_commissions.toml", "cost = { math = 2 }", "cost = { maths = 2 }")
    _edit(data_copy / "society_board.toml", "star = true", "star = \"yes\"")
    problems = GAME.check_data(data_copy)
    assert any(p.startswith("treatises.toml [[tile]] #1") and "'influence'" in p for p in problems), problems
    assert any(p.startswith("royal_commissions.toml [[tile]] #2") and "maths" in p for p in problems), problems
    assert any(p.startswith("society_board.toml [[space]] #1") and "'star'" in p for p in problems), problems
    with pytest.raises(DataError):
        load(data_copy)


def test_missing_file_and_capacity_limit(data_copy: Path) -> None:
    (data_copy / "rules.toml").unlink()
    _edit(data_copy / "individual_board.toml", "capacity = 3", "capacity = 4")
    problems = GAME.check_data(data_copy)
    assert "rules.toml: file is missing" in problems
    # the first row with capacity 3 (every row since issue 32) is the one named
    assert any("individual_board.toml [[row]] #1" in p and "at most 3" in p for p in problems), problems


def test_sabbatical_crest_must_exist(data_copy: Path) -> None:
    path = data_copy / "individual_board.toml"
    text, n = re.subn(r'crest_rank = \d+, effect = "theory_gain"', 'crest_rank = 4, effect = "theory_gain"',
                      path.read_text(), count=1)
    assert n == 1
    path.write_text(text)
    problems = GAME.check_data(data_copy)
    assert any("crest_rank" in p for p in problems), problems


def test_stand_in_replaced_by_edit(data_copy: Path) -> None:
    """A player who owns the game edits a stand-in number and the game uses it."""
    _edit(data_copy / "contribution_track.toml", "influence = 3", "influence = 5")
    assert load(data_copy).contribution[-1].influence == 5


def test_broken_cell_does_not_cascade(data_copy: Path) -> None:
    """A cell record dropped for a bad field is named once; the track's shape is not judged without it
    (no misleading 'orders must run 1..12' or 'blue arrow leads to unknown cell 1')."""
    _edit_first(data_copy / "authority_track.toml", "influence", "\"four\"")
    problems = GAME.check_data(data_copy)
    assert any(p.startswith("authority_track.toml [[cell]] #1") and "'influence' must be a whole number" in p
               for p in problems), problems
    assert not any("unknown cell" in p or "without gaps" in p or "no Authority cell gives" in p
                   for p in problems), problems
    assert any("checked once every cell above loads" in p for p in problems), problems


def test_two_cells_in_one_place_reported(data_copy: Path) -> None:
    """The view draws one cell per row and column: a data file may not stack two there."""
    text = (data_copy / "authority_track.toml").read_text()
    text = text.replace('order = 6\ncolumn = "astronomy"', 'order = 6\ncolumn = "physics"', 1)
    (data_copy / "authority_track.toml").write_text(text)
    problems = GAME.check_data(data_copy)
    assert any(p.startswith("authority_track.toml cell 6") and "shares row 2 and column 'physics' with cell 5" in p
               for p in problems), problems


def test_wrong_stand_in_fields_named_with_file_and_record(data_copy: Path) -> None:
    """Provenance per field: a stand_in_fields entry that is no field of the record, a 'mixed' record
    without the list, and a list on a 'rulebook' record are each reported with file and record."""
    _edit(data_copy / "treatises.toml", 'stand_in_fields = ["name", "influence", "flask"]',
          'stand_in_fields = ["name", "influense", "flask"]')
    _edit(data_copy / "royal_commissions.toml", 'provenance = "mixed"\nstand_in_fields = ["cost"]',
          'provenance = "mixed"')
    _edit(data_copy / "rules.toml", 'provenance = "rulebook"', 'provenance = "rulebook"\nstand_in_fields = ["rounds"]')
    _edit(data_copy / "society_board.toml", 'provenance = "stand-in"', 'provenance = "invented"')
    problems = GAME.check_data(data_copy)
    assert any(p.startswith("treatises.toml [[tile]] #1:") and "'influense'" in p for p in problems), problems
    assert any(p.startswith("royal_commissions.toml [[tile]] #2:") and "stand_in_fields" in p
               for p in problems), problems
    assert any(p.startswith("rules.toml:") and "only for provenance = 'mixed'" in p for p in problems), problems
    assert any(p.startswith("society_board.toml [[space]] #1:") and "'invented'" in p for p in problems), problems


def test_treatise_provenance_is_per_field() -> None:
    """Every Treatise mixes printed and invented values: name, end Influence and flask are stand-ins
    on all 36, the back on the 20 two-subject tiles, and which tile shows the 4-player icon on the ten
    one-of-a-kind 'spend one of the Theories shown' tiles."""
    data, problem = read_toml(DATA_DIR / "treatises.toml")
    assert problem is None
    for rec in data["tile"]:
        assert rec["provenance"] == "mixed"
        fields = set(rec["stand_in_fields"])
        assert {"name", "influence", "flask"} <= fields and "text" not in fields and "subjects" not in fields
        assert ("back" in fields) == (len(rec["subjects"]) == 2)
        assert ("four_player" in fields) == (rec["id"] in (*range(20, 25), *range(30, 35)))
    commissions, _ = read_toml(DATA_DIR / "royal_commissions.toml")
    assert [r["provenance"] for r in commissions["tile"]] == ["rulebook"] + ["mixed"] * 9
