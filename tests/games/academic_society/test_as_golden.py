"""Golden playthrough: a fixed seed and action list must keep giving the same log and scores.

Regenerate (after an intended rule change) with
``AS_GOLDEN_WRITE=1 .venv/bin/pytest tests/games/academic_society/test_as_golden.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from homeroom.engine import Rng
from homeroom.engine.match import Match, Seat
from homeroom.games.academic_society import GAME

GOLDEN = Path(__file__).with_name("golden_2p.json")


def _play_random(seed: int) -> Match:
    match = Match.start(GAME, 2, seed, seats=[Seat("Ana"), Seat("Ben")])
    rng = Rng(seed + 99)
    while not match.state.is_terminal():
        acts = match.state.legal_actions()
        match.play(acts[rng.randrange(len(acts))])
    return match


def _log(match: Match) -> str:
    lines = [e.text for e in match.opening]
    lines += [e.text for entry in match.history for e in entry.events]
    return "\n".join(lines)


def test_golden_playthrough() -> None:
    if os.environ.get("AS_GOLDEN_WRITE"):
        match = _play_random(2026)
        GOLDEN.write_text(json.dumps({
            "seed": 2026,
            "actions": [entry.action.to_json() for entry in match.history],
            "scores": [s.to_json() for s in match.state.scores()],
            "log_sha256": hashlib.sha256(_log(match).encode()).hexdigest(),
            "log_tail": _log(match).splitlines()[-12:],
        }, indent=1))
    data = json.loads(GOLDEN.read_text())
    match = Match.start(GAME, 2, data["seed"], seats=[Seat("Ana"), Seat("Ben")])
    for raw in data["actions"]:
        match.play(GAME.action_from_json(raw))
    assert match.state.is_terminal()
    assert [s.to_json() for s in match.state.scores()] == data["scores"]
    assert _log(match).splitlines()[-12:] == data["log_tail"]
    assert hashlib.sha256(_log(match).encode()).hexdigest() == data["log_sha256"]
