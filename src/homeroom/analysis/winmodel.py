"""Win chances from a game's evaluation: the analysis's measure of how a game stands.

A game's evaluation (``Game.bots.evaluate(state, seat)``) estimates every seat's final score from
what ``seat`` may see. The analysis turns those estimates into chances to win with a softmax over
the seats: ``P(seat wins) = exp(v_seat / T) / sum_s exp(v_s / T)``. The chances of all seats add
up to 1 in every player count, and a solo game against an automa (whose evaluation gives one value,
the player's score minus the automa's) is the same formula over ``[v, 0]``.

``T`` is the uncertainty of the estimate in points. It shrinks as the game goes on, so it is a
straight line in the game's progress ``p`` (0 at the first decision, 1 at the last):
``T(p) = end + (start - end) * (1 - p)``. ``start`` and ``end`` are fitted per game and player count
by ``bench/calibrate_analysis.py`` on medium-against-medium games (maximum likelihood of who won)
and stored in ``calibration.toml`` beside this module; the docs' calibration table says how well
the fitted chances match who actually won.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from homeroom.engine.state import State

CALIBRATION = Path(__file__).with_name("calibration.toml")

DEFAULT_START = 30.0
DEFAULT_END = 6.0
"""Used for a game or player count the calibration file does not cover (the toy test game)."""


@dataclass(frozen=True, slots=True)
class Temperature:
    """``T(p)``: the estimate's uncertainty in points at progress ``p``."""

    start: float
    end: float

    def at(self, progress: float) -> float:
        p = min(1.0, max(0.0, progress))
        return max(0.5, self.end + (self.start - self.end) * (1.0 - p))


def win_chances(values: list[float], temperature: float) -> list[float]:
    """Each seat's chance to win from its estimated final score (softmax over ``values / T``); a
    one-seat game (a solo game's ``[player - automa]``) gives the chance to beat the automa."""
    if len(values) == 1:
        x = values[0] / temperature
        return [1.0 / (1.0 + math.exp(-x)) if x > -700 else 0.0]
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def final_chances(state: State) -> list[float]:
    """At the end of a game: each winner's share of the win (1 for a lone winner, 1/k for k tied)."""
    winners = state.winner() or []
    players = len(state.scores())
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def _load() -> dict[str, dict[int, Temperature]]:
    try:
        with CALIBRATION.open("rb") as fh:
            raw = tomllib.load(fh)
    except FileNotFoundError:
        return {}
    out: dict[str, dict[int, Temperature]] = {}
    for game_id, rows in raw.items():
        if not isinstance(rows, dict):
            continue
        for players, row in rows.items():
            if isinstance(row, dict) and "start" in row and "end" in row:
                out.setdefault(game_id, {})[int(players)] = Temperature(float(row["start"]), float(row["end"]))
    return out


_TABLE: dict[str, dict[int, Temperature]] | None = None


def temperature(game_id: str, players: int) -> Temperature:
    """The fitted ``T(p)`` for a game and player count (the defaults where none was fitted)."""
    global _TABLE
    if _TABLE is None:
        _TABLE = _load()
    return _TABLE.get(game_id, {}).get(players, Temperature(DEFAULT_START, DEFAULT_END))


def win_reward(temperature: float) -> Callable[[State, list[float] | None], list[float]]:
    """A search's reward in win chances (``MctsAgent.reward_fn``): at the end of a playout who won,
    at a cut-off the chances from the evaluation at the analysed decision's temperature."""

    def reward(world: State, values: list[float] | None = None) -> list[float]:
        if values is None:
            return final_chances(world)
        return win_chances(values, temperature)

    return reward


__all__ = ["CALIBRATION", "Temperature", "final_chances", "temperature", "win_chances", "win_reward"]
