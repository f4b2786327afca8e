"""Golden playthroughs: a seeded random game per game and player count, checked in with its
whole log (as each seat and a spectator read it) and final scores, so that any change of
behaviour shows up as a diff (as OpenSpiel's integration_tests/playthroughs do).

Regenerate after an intended rules change with ``pytest tests/golden --update-golden`` and
review the diff of ``tests/golden/data``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from homeroom import games
from homeroom.agents import make_agent
from homeroom.engine.match import Match, Seat

DATA = Path(__file__).parent / "data"
SEED = 2026


Case = tuple[str, int, dict[str, Any]]


def _cases() -> list[Case]:
    """Default options at every player count, and each other rule option set of the game at one
    player count where it applies."""
    out: list[Case] = []
    for game in games.all_games():
        out += [(game.id, n, {}) for n in game.info.player_counts]
        for options in game.info.test_option_sets:
            if not options:
                continue
            valid = [n for n in game.info.player_counts if _valid(game_id=game.id, players=n, options=options)]
            if valid:
                out.append((game.id, valid[len(valid) // 2], dict(options)))
    return out


def _valid(game_id: str, players: int, options: dict[str, Any]) -> bool:
    try:
        games.get(game_id).validate(players, options)
    except ValueError:
        return False
    return True


def _case_id(case: Case) -> str:
    game_id, players, options = case
    slug = "-".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}-{players}p" + (f"-{slug}" if slug else "")


def _play(game_id: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    game = games.get(game_id)
    seats = [Seat(f"Seat{i + 1}", "random") for i in range(players)]
    match = Match.start(game, players, SEED, options, seats)
    agents = [make_agent("random", SEED + i) for i in range(players)]
    while not match.state.is_terminal():
        seat = match.state.to_move
        assert seat is not None
        match.play(agents[seat].choose(match.state, seat))
    return {
        "replay": match.to_replay(),
        "log": {"spectator": match.log(None), **{f"seat{s}": match.log(s) for s in range(players)}},
        "scores": [s.to_json() for s in match.state.scores()],
        "winner": match.state.winner(),
    }


@pytest.mark.parametrize("case", _cases(), ids=_case_id)
def test_golden_playthrough(case: Case, request: pytest.FixtureRequest) -> None:
    game_id, players, options = case
    path = DATA / f"{_case_id(case)}.json"
    if request.config.getoption("--update-golden"):
        DATA.mkdir(exist_ok=True)
        path.write_text(json.dumps(_play(game_id, players, options), indent=1) + "\n")
        return
    if not path.exists():
        pytest.fail(f"no golden file {path.name}: run pytest tests/golden --update-golden")
    golden = json.loads(path.read_text())
    match = Match.from_replay(golden["replay"])
    assert [s.to_json() for s in match.state.scores()] == golden["scores"]
    assert match.state.winner() == golden["winner"]
    assert match.log(None) == golden["log"]["spectator"]
    for seat in range(players):
        assert match.log(seat) == golden["log"][f"seat{seat}"]
