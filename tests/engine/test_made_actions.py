"""``Made``: one action object per value, built on first use, handed out again, and bounded."""

from __future__ import annotations

from dataclasses import dataclass

from homeroom.engine import Action
from homeroom.engine.actions import Made


@dataclass(frozen=True, slots=True)
class Pick(Action):
    card: str


@dataclass(frozen=True, slots=True)
class Put(Action):
    token: str
    cell: int


def test_the_same_value_is_the_same_object_and_equal_to_one_built_fresh() -> None:
    picks, puts = Made(Pick), Made(Put)
    assert picks["a"] is picks["a"] and picks["a"] == Pick("a") and hash(picks["a"]) == hash(Pick("a"))
    assert puts["bolt", 3] is puts["bolt", 3] and puts["bolt", 3] == Put("bolt", 3)
    assert puts["bolt", 3] is not puts["bolt", 4]


def test_a_table_starts_again_at_its_limit() -> None:
    picks = Made(Pick, limit=3)
    first = picks["a"]
    for card in "bcd":
        picks[card]
    assert len(picks) == 1 and "a" not in picks  # cleared when full, then "d" kept
    again = picks["a"]
    assert again == first and again is not first and len(picks) == 2
