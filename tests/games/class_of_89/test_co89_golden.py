"""Golden playthroughs: seed + actions + the expected log and scores, so any change in behaviour
shows up as a diff. Regenerate deliberately (and review the diff) when a rule changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homeroom.engine.match import Match
from homeroom.games.class_of_89 import GAME

GOLDEN = json.loads((Path(__file__).parent / "co89_golden.json").read_text())


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_golden_playthrough(key: str) -> None:
    case = GOLDEN[key]
    match = Match.start(GAME, case["players"], case["seed"], case["options"])
    for raw in case["actions"]:
        match.play(GAME.action_from_json(raw))
    log = [e.text for e in match.opening] + [e.text for entry in match.history for e in entry.events]
    assert log == case["log"]
    assert [s.to_json() for s in match.state.scores()] == case["scores"]
    assert match.state.winner() == case["winner"]
