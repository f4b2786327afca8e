"""The bots' view of a position: a game's evaluation turned into margins and rewards.

Each game declares its evaluation and search settings as ``Game.bots`` (a
:class:`~homeroom.engine.bots.BotSettings`): ``evaluate(state, seat) -> list[float]`` is the
expected final score of each seat, computed only from what ``seat`` may see. Games that declare
none (the toy test game) get :func:`~homeroom.engine.bots.score_values`, the current totals.

The bots turn values into a margin (own value minus the best other) and the margin into a
win-probability-like reward in [0, 1] with :func:`reward`.
"""

from __future__ import annotations

import math

from homeroom import games
from homeroom.engine.bots import BotSettings, Evaluator, score_values
from homeroom.engine.state import State


def settings(game_id: str) -> BotSettings:
    """The bot settings ``game_id`` declares."""
    return games.get(game_id).bots


def evaluator(game_id: str) -> Evaluator:
    """The evaluation written for ``game_id``, or :func:`score_values` when there is none."""
    return settings(game_id).evaluate


def has_own_evaluation(game_id: str) -> bool:
    return settings(game_id).has_own_evaluation


def margin(values: list[float], seat: int) -> float:
    """``seat``'s value minus the best other seat's (its own value in a one-seat game)."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (max(others) if others else 0.0)


def final_values(state: State) -> list[float]:
    """The final scores; in a one-seat game against an automa, the game's own evaluation (for
    Class of '89 solo: the player's score minus Ed's), so the margin means "beat the automa"."""
    totals = [float(s.total) for s in state.scores()]
    if len(totals) == 1:
        return evaluator(state.game_id)(state, 0)
    return totals


def reward(state: State, values: list[float] | None = None) -> list[float]:
    """Each seat's reward in [0, 1]: at the end mostly the win (shared wins split) plus a
    margin term; before the end a smooth function of the estimated margin."""
    scale = settings(state.game_id).reward_scale
    if state.is_terminal():
        totals = final_values(state)
        winners = state.winner() or []
        out = []
        for seat in range(len(totals)):
            win = 1.0 / len(winners) if seat in winners else 0.0
            if len(totals) == 1:
                win = 1.0 if seat in winners else 0.0
            out.append(0.8 * win + 0.2 * (0.5 + 0.5 * math.tanh(margin(totals, seat) / scale)))
        return out
    if values is None:
        values = score_values(state, 0)
    return [0.5 + 0.5 * math.tanh(margin(values, seat) / scale) for seat in range(len(values))]


__all__ = ["Evaluator", "evaluator", "final_values", "has_own_evaluation", "margin", "reward",
           "score_values", "settings"]
