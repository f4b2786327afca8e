"""Component data: the packaged files are valid, and every mistake names file, record and field."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from hsd_helpers import GAME

from homeroom.engine import DataError
from homeroom.games.high_school_drama.components import DATA_DIR, check, load


def test_packaged_data_is_valid_and_complete() -> None:
    assert GAME.check_data() == []
    comps = load()
    assert len(comps.students) == 30 and len(comps.organizations) == 24
    assert len(comps.drama) == 15 and len(comps.events) == 40
    # rulebook facts
    c = comps.cards
    assert c["emo-boy"].types == {"artsy"} and c["emo-boy"].cool == 3
    assert c["tennis-star"].cool == 4 and c["tennis-star"].heart == 3
    assert c["dumb-blonde"].heart == 2 and c["man-candy"].heart == 1
    assert "artsy" in c["garage-band"].types and c["soccer"].cool == 3
    assert c["varsity-football"].types == {"jock", "popular"} and "geek" in c["anime-club"].types
    assert comps.events["gaming-convention"].effect.exchange == "geek"
    assert comps.events["gaming-convention"].effect.bonus_org == "gaming-club"
    named = {"emo-boy", "tennis-star", "dumb-blonde", "man-candy", "ping-pong-champ", "manga-girl",
             "game-master", "garage-band", "soccer", "varsity-football", "anime-club", "gaming-club"}
    # every card the rulebook names prints only some of its values: the rest are marked stand-ins
    assert {k for k, v in c.items() if v.provenance == "mixed"} == named
    assert all(v.provenance == "stand-in" for k, v in c.items() if k not in named)
    assert comps.events["gaming-convention"].provenance == "mixed"


def test_stand_in_fields_are_honest_per_field() -> None:

    rulebook_values = {  # what the rulebook prints about each card it names (see the records' notes)
        "tennis-star": {"name", "cool", "heart"}, "dumb-blonde": {"name", "heart"},
        "man-candy": {"name", "heart"}, "emo-boy": {"name", "types", "cool"},
        "game-master": {"name"}, "ping-pong-champ": {"name"}, "manga-girl": {"name"},
        "soccer": {"name", "cool"}, "anime-club": {"name", "types"}, "gaming-club": {"name"},
        "varsity-football": {"name", "types"}, "garage-band": {"name", "types"},
        "gaming-convention": {"name", "colour", "effect", "exchange", "bonus_org"},
    }
    seen = set()
    for name in ("students.toml", "organizations.toml", "events.toml"):
        data = tomllib.loads((DATA_DIR / name).read_text())
        for rec in next(iter(data.values())):
            if rec["provenance"] != "mixed":
                continue
            seen.add(rec["id"])
            fields = set(rec) - {"id", "provenance", "stand_in_fields", "note"}
            assert set(rec["stand_in_fields"]) == fields - rulebook_values[rec["id"]], rec["id"]
    assert seen == set(rulebook_values)


def test_wrong_stand_in_fields_are_reported_with_file_and_record(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "students.toml", 'stand_in_fields = ["types", "cruel", "arrows", "quote"]',
                       'stand_in_fields = ["types", "cruel", "arrows", "colour"]')
    assert problems == ["students.toml: student #1 (tennis-star): 'stand_in_fields' names 'colour', which is not "
                        "a field of this record (fields: name, types, cool, heart, cruel, arrows, quote)"]
    problems = _broken(tmp_path / "b", "events.toml", 'provenance = "mixed"\nstand_in_fields = ["bonus", "text"]',
                       'provenance = "mixed"')
    assert problems == ["events.toml: event #1 (gaming-convention): provenance 'mixed' needs 'stand_in_fields': "
                        "a non-empty list of the invented fields' names"]
    problems = _broken(tmp_path / "c", "drama.toml", 'provenance = "rulebook"', 'provenance = "printed"')
    assert problems[0] == ("drama.toml: drama #1 (hookup-chance-meeting): field 'provenance' must be one of "
                           "'rulebook', 'stand-in', 'mixed', not 'printed'")


def test_archetypes_play_as_the_glossary_says() -> None:
    c = load().cards
    def avg(kind: str, attr: str) -> float:
        vals = [getattr(x, attr) for x in c.values() if x.is_student and x.types == {kind}]
        return sum(vals) / len(vals)
    assert avg("geek", "cool") < avg("jock", "cool") and avg("geek", "heart") > avg("jock", "heart")
    assert avg("popular", "cruel") > avg("jock", "cruel")
    assert avg("artsy", "cruel") >= 3 and avg("artsy", "heart") >= 3
    arrows = {k: sum(len(x.arrows) for x in c.values() if x.is_student and x.types == {k}) for k in ("jock", "geek")}
    assert arrows["jock"] > arrows["geek"]


def _broken(tmp_path: Path, name: str, old: str, new: str) -> list[str]:
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    text = (d / name).read_text()
    assert old in text
    (d / name).write_text(text.replace(old, new, 1))
    return check(d)


def test_errors_name_file_record_and_field(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "students.toml", "cool = 4", "cool = \"high\"")
    assert problems == ["students.toml: student #1 (tennis-star): field 'cool' must be a whole number from 0 to 9 (got 'high')"]


def test_errors_in_events(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "events.toml", 'bonus_org = "gaming-club"', 'bonus_org = "chess-team"')
    assert any("events.toml: event #1 (gaming-convention): field 'bonus_org'" in p for p in problems)
    problems = _broken(tmp_path / "b", "events.toml", 'effect = "hookup"\nmatch_any', 'effect = "teleport"\nmatch_any')
    assert any("event #5 (lan-party): field 'effect'" in p for p in problems)


def test_wrong_parameter_for_effect_kind(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "events.toml", "cool_bonus = 2\n", "cruel_bonus = 2\n")
    assert any("'cruel_bonus' does not apply to a hookup effect" in p for p in problems)


def test_bad_types_arrows_counts_and_duplicates(tmp_path: Path) -> None:
    assert any("field 'types'" in p for p in _broken(tmp_path / "a", "organizations.toml", '"jock"]', '"nerd"]'))
    assert any("field 'arrows'" in p for p in _broken(tmp_path / "b", "students.toml", '["N", "E", "S", "W"]', '["up"]'))
    assert any("used twice" in p for p in _broken(tmp_path / "c", "students.toml", 'id = "quarterback"', 'id = "tennis-star"'))
    assert any("5 cards of each kind" in p for p in _broken(tmp_path / "d", "drama.toml", 'kind = "bond"', 'kind = "hookup"'))
    assert any("unknown field 'colour'" in p for p in _broken(tmp_path / "e", "drama.toml", 'name = "Flirt"', 'colour = "red"\nname = "Flirt"'))


def test_load_raises_data_error(tmp_path: Path) -> None:
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    (d / "drama.toml").unlink()
    with pytest.raises(DataError, match="drama.toml: file is missing"):
        load(d)


def test_a_duplicate_id_is_reported_even_when_its_first_record_has_other_mistakes(tmp_path: Path) -> None:
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    text = (d / "students.toml").read_text()
    text = text.replace('arrows = ["N", "E", "S", "W"]', 'arrows = ["N", "X"]', 1)  # Tennis Star, record 1
    text = text.replace('id = "quarterback"', 'id = "tennis-star"', 1)  # record 2
    (d / "students.toml").write_text(text)
    problems = check(d)
    assert any(p.startswith("students.toml: student #1 (tennis-star): field 'arrows'") for p in problems)
    assert "students.toml: student #2 (tennis-star): id 'tennis-star' is used twice" in problems
