"""The rules RULINGS.md's "Rule coverage" used to leave untested (issue 32), each pinned."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from homeroom.agents import make_agent
from homeroom.games.high_school_drama import GAME
from homeroom.games.high_school_drama.components import load as components

DATA = Path(__file__).resolve().parents[3] / "src/homeroom/games/high_school_drama/data"


def _play(seed: int) -> tuple[list[str], list[int]]:
    """A seeded 3-player greedy game: every action taken and the final scores."""
    state = GAME.new_state(3, seed, {})
    bots = [make_agent("greedy", i) for i in range(3)]
    moves: list[str] = []
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state, seat)
        moves.append(repr(action))
        state.apply(action)
    return moves, [s.total for s in state.scores()]


def test_drama_flavour_text_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rulebook: drama cards "are effectively all the same except for their flavor text": the same
    seeded game with every flavour text changed takes the same moves to the same scores."""
    before = _play(21)
    drama = components().drama
    for cid, card in list(drama.items()):
        monkeypatch.setitem(drama, cid, dataclasses.replace(card, name=f"Flavour {cid[::-1]}"))
    assert _play(21) == before


def test_every_event_cards_text_says_what_its_effect_does() -> None:
    """The 39 stand-in event cards' texts (what a player reads) agree with their effects (what the
    program does): the kind, the exchange's type and bonus, the target type, and every number."""
    data = tomllib.loads((DATA / "events.toml").read_text())["event"]
    orgs = {o["id"]: o["name"] for o in tomllib.loads((DATA / "organizations.toml").read_text())["organization"]}
    kind_word = {"exchange": "Exchange", "hookup": "Hookup", "bond": "bond markers", "breakup": "Breakup"}
    assert len(data) == 40
    for e in data:
        text, where = e["text"], e["id"]
        assert kind_word[e["effect"]] in text, where
        if e["effect"] == "exchange":
            assert ("between two students" if e["exchange"] == "couple" else f"{e['exchange']} organizations") in text, where
        if "bonus_org" in e:
            assert f"Control {orgs[e['bonus_org']]}: +{e['bonus']}" in text, where
        if "target_type" in e:
            assert f" {e['target_type']} " in text, where
        if e.get("match_any"):
            assert "ignoring type and cool" in text, where
        if "cool_bonus" in e:
            assert f"{e['cool_bonus']} cooler" in text, where
        if "cruel_bonus" in e:
            assert f"{e['cruel_bonus']} crueler" in text, where
        if "amount" in e:
            assert f"{e['amount']} bond markers" in text, where
        assert components().events[where].text == text
