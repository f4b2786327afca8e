"""The (game, player count, options) cases the conformance suite plays."""

from __future__ import annotations

import json
from typing import Any

from homeroom import games
from homeroom.engine import OptionError


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for game in games.all_games():
        for players in game.info.player_counts:
            for options in game.info.test_option_sets:
                try:
                    game.validate(players, options)
                except OptionError:
                    continue
                out.append((game.id, players, dict(options)))
    return out


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = case
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}-{players}p" + (f"-{opts}" if opts else "")


def options_json(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True)
