"""Per-game evaluations for the bots: an estimate of every seat's final score, seen by one seat.

Each game package ``homeroom.games.<pkg>`` may have a module ``homeroom.agents.heuristics.<pkg>``
with a function ``values(state, seat) -> list[float]``: the expected final score of each seat
(points banked plus points in reach, tempo and resources), computed only from what ``seat``
may see (public fields and its own hidden components). Games without one (the toy test game)
fall back to :func:`score_values`, the current score totals.

The bots turn values into a margin (own value minus the best other) and the margin into a
win-probability-like reward in [0, 1] with :func:`reward`.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable

from homeroom import games
from homeroom.engine.state import State

Evaluator = Callable[[State, int], list[float]]

_cache: dict[str, Evaluator] = {}

SCALE: dict[str, float] = {"class-of-89": 6.0, "academic-society": 6.0, "high-school-drama": 8.0}
"""Points of margin that make a clear lead, per game (the tanh scale of :func:`reward`)."""


PLAYOUT_DEPTH: dict[str, int] = {"class-of-89": 0}
"""How many random decisions an MCTS playout plays before the evaluation takes over, per game
(default :data:`DEFAULT_PLAYOUT_DEPTH`). Measured: in Class of '89 random moves (paying
signatures for nothing, misplacing students) wreck a position so fast that even 4 of them make
the search lose to greedy, while evaluating at once beats it."""

DEFAULT_PLAYOUT_DEPTH = 16

OWN_TURN_DEPTH: dict[str, int] = {"class-of-89": 4}
"""Down to which depth MCTS orders the children of the searching seat's own follow-up
decisions by the one-step evaluation (0: only the root, in greedy's order). A Class of '89 turn
is a chain of big choices (a location, then one of dozens of card-and-cell placements, then
tokens and abilities): expanded in random order, the average of a location's follow-ups hides
its best one, and the search lost to greedy 1-7; ordered, it came level (measured, 4 games)."""


def own_turn_depth(game_id: str) -> int:
    return OWN_TURN_DEPTH.get(game_id, 0)


def playout_depth(game_id: str) -> int:
    return PLAYOUT_DEPTH.get(game_id, DEFAULT_PLAYOUT_DEPTH)


def score_values(state: State, seat: int) -> list[float]:
    """The generic evaluation: every seat's current score total."""
    return [float(s.total) for s in state.scores()]


def evaluator(game_id: str) -> Evaluator:
    """The evaluation written for ``game_id``, or :func:`score_values` when there is none."""
    found = _cache.get(game_id)
    if found is None:
        found = score_values
        module_name = games.BUILTIN.get(game_id)
        if module_name is not None:
            pkg = module_name.rsplit(".", 1)[-1]
            try:
                module = importlib.import_module(f"{__name__}.{pkg}")
            except ModuleNotFoundError:
                module = None
            if module is not None and hasattr(module, "values"):
                found = module.values
        _cache[game_id] = found
    return found


def has_own_evaluation(game_id: str) -> bool:
    return evaluator(game_id) is not score_values


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
    scale = SCALE.get(state.game_id, 5.0)
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


__all__ = ["Evaluator", "evaluator", "final_values", "has_own_evaluation", "margin", "own_turn_depth", "playout_depth", "reward", "score_values"]
