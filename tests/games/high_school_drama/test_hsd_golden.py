"""A golden playthrough: seed, options and actions with the expected logs and scores, so that a
change in behaviour shows up as a diff. Regenerate deliberately when a rule changes."""

from __future__ import annotations

import json
from pathlib import Path

from homeroom import ENGINE_VERSION
from homeroom.engine.match import Match

GOLDEN = Path(__file__).with_name("golden_3p.json")


def test_golden_three_player_game() -> None:
    data = json.loads(GOLDEN.read_text())
    data["engine_version"] = ENGINE_VERSION  # this test is about the game's behaviour
    match = Match.from_replay(data)
    assert match.state.is_terminal()
    assert match.log(None) == data["log"]
    assert match.log(0) == data["log_seat0"]
    assert [s.to_json() for s in match.state.scores()] == data["result"]["scores"]
    assert match.state.winner() == data["result"]["winner"]
