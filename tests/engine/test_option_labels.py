"""Every option of every game has words from its rulebook for pages to show (issue 31): a label
that is not its id, and words for every value a page offers, so no form or table ever shows
"Objectives: A", "First player: 0" or "Solo extra abc"."""

from __future__ import annotations

from typing import Any

import pytest

from homeroom import games
from homeroom.engine import OptionSpec


def raw_forms(value: Any) -> set[str]:
    """How an id or value reads when a page shows it as is: "solo_extra_abc", "Solo extra abc", "0"."""
    text = str(value)
    spaced = text.replace("_", " ").replace("-", " ")
    return {text.casefold(), spaced.casefold(), spaced.capitalize().casefold()}


def offered_values(spec: OptionSpec) -> list[Any]:
    """The values a page offers for ``spec`` without naming a seat."""
    if spec.choices is not None:
        return list(spec.choices)
    if isinstance(spec.default, bool):
        return [not spec.default] if spec.default else []  # "on" is the label itself
    if spec.seat_choice:
        return [v for v in range(spec.minimum or 0, 1)]  # 1..N are seats: "Seat 2 (Ben)"
    return []


OPTIONS = [(g.id, spec) for g in games.all_games() for spec in g.info.options]


@pytest.mark.parametrize(("game", "spec"), OPTIONS, ids=[f"{g}-{s.name}" for g, s in OPTIONS])
def test_every_option_and_value_has_rulebook_words(game: str, spec: OptionSpec) -> None:
    assert spec.label.strip(), f"{game} option {spec.name} has no label"
    assert spec.label.casefold() not in raw_forms(spec.name), f"{game} option {spec.name} is labelled by its id"
    words = dict(spec.value_labels)
    for value in offered_values(spec):
        assert value in words, f"{game} option {spec.name}: the value {value!r} has no words"
        assert words[value].casefold() not in raw_forms(value), f"{game} {spec.name}={value!r} shows the raw value"
    if spec.name == "first_player":  # the engine's standard option: a seat, or the rulebook's way
        assert spec.seat_choice and 0 in words


def test_the_games_list_carries_the_words() -> None:
    info = games.get("class-of-89").info.to_json()
    by_name = {o["name"]: o for o in info["options"]}
    assert ["A", "Club objective set A"] in by_name["objectives"]["value_labels"]
    assert by_name["solo_extra_abc"]["label"] == "Take a second ABC token (easier)"
    assert by_name["first_player"]["seat_choice"] is True
    assert by_name["first_player"]["value_labels"][0][0] == 0
