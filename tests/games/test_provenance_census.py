"""The README's table of printed and stand-in components matches the packaged data."""

from __future__ import annotations

import re
from pathlib import Path

from homeroom import games

README = Path(__file__).parents[2] / "README.md"
NAMES = {"Class of '89": "class-of-89", "Academic Society": "academic-society",
         "High School Drama": "high-school-drama"}


def test_readme_census_matches_the_data() -> None:
    text = README.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (Class of '89|Academic Society|High School Drama) \| (\d+) \| (\d+) \| (\d+) \| "
                      r"(\d+) \| (\d+) of (\d+) \|$", text, re.M)
    assert {r[0] for r in rows} == set(NAMES), "the README lacks a census row for some game"
    for name, records, printed, mixed, stand_in, invented, fields in rows:
        census = games.get(NAMES[name]).provenance()
        total = {k: sum(row[k] for row in census.values()) for k in next(iter(census.values()))}
        assert [int(records), int(printed), int(mixed), int(stand_in), int(invented), int(fields)] == [
            total["records"], total["rulebook"], total["mixed"], total["stand-in"], total["stand-in fields"],
            total["fields"]], f"README census row for {name} is out of date: {total}"
