"""What a game tells the bots: its evaluation and search settings, declared with the game.

A game sets ``Game.bots`` to a :class:`BotSettings`; the agents read it from the game object
and never look a game up by id, so adding a game never means editing the agents.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from homeroom.engine.state import State

Evaluator = Callable[["State", int], list[float]]
"""``values(state, seat)``: every seat's expected final score, as ``seat`` may see the game."""
PartsExplainer = Callable[["State", int], dict[str, float]]
"""``parts(state, seat)``: ``seat``'s estimate beyond its current score, by what produces it, in
words a player reads ("Theories to spend": 2.7); suggestions compare them before and after a move."""


def score_values(state: State, seat: int) -> list[float]:
    """The generic evaluation: every seat's current score total."""
    return [float(s.total) for s in state.scores()]


@dataclass(frozen=True)
class BotSettings:
    """A game's evaluation and the search settings tuned for it."""

    evaluate: Evaluator = score_values
    """Expected final score of each seat from what the evaluating seat may see; in a one-seat game
    against an automa, the seat's estimate minus the automa's (so "more" means "beat it")."""
    reward_scale: float = 5.0
    """Points of margin that make a clear lead (the tanh scale of the bots' reward)."""
    playout_depth: int = 16
    """Random decisions an MCTS playout plays before the evaluation takes over."""
    own_turn_depth: int = 0
    """Down to which depth MCTS orders the searching seat's own follow-up decisions by the
    one-step evaluation (0: only the root)."""
    hard_iterations: tuple[tuple[int, int], ...] = ()
    """The ``hard`` level's search budget where this game's measurements found the shared default
    too little within the second or two a person waits: ``(from this many players, iterations)``
    pairs, the last pair whose player count is reached applying. Empty: the shared default."""
    hard_turn_shares: bool = True
    """``hard``'s budget a turn: True, a turn's decisions share twice a decision's budget (the first a
    whole one, the second half...: ``agents.levels.turn_share``), for games whose turns are long;
    False, every searched decision keeps a whole decision budget of new iterations (the tree carried
    over from the move before comes on top), for games whose longest turn fits the wait that way and
    where sharing made ``hard`` weaker (BOTS.md)."""
    explain_parts: PartsExplainer | None = None
    """The evaluation split into named parts for a suggestion's "why" (None: the score's own
    breakdown and one "what the position may still bring" part)."""

    def hard_budget(self, players: int, default: int) -> int:
        """``hard``'s iterations a decision at ``players`` players (``default`` unless a pair applies)."""
        budget = default
        for at_least, iterations in sorted(self.hard_iterations):
            if players >= at_least:
                budget = iterations
        return budget

    @property
    def has_own_evaluation(self) -> bool:
        return self.evaluate is not score_values


__all__ = ["BotSettings", "Evaluator", "PartsExplainer", "score_values"]


Pick = Callable[[Any, int, list[Any], dict[str, Any]], Any]
"""``pick(state, seat, legal, memory) -> action or None``: a scripted line's move among ``legal``
(``None`` when it has none here); ``memory`` is the probe's own dict for the game (a committed track)."""


@dataclass(frozen=True)
class Line:
    """One scripted line of play a designer worries about, declared by a game's ``lab.PROBES``: its
    name (the seat kind is ``probe:NAME``), what it does in the rulebook's words, and how it picks
    its move (:mod:`homeroom.agents.probe` plays it)."""

    name: str
    description: str
    pick: Pick

