"""Difficulty levels a person understands: ``easy``, ``medium`` and ``hard``.

A level is a documented recipe over the technical bots, the same in every game (each game's
evaluation and search settings come from its own ``bots.py``):

* ``easy``: greedy that looks at this decision only and makes a random move ``epsilon`` of the
  time (default 0.5), so it plays sensibly but blunders often enough to be beaten;
* ``medium``: greedy as it is (its own turn looked through, beam 3);
* ``hard``: MCTS with a **fixed, seeded budget** of ``iterations`` a decision (default
  :data:`HARD_ITERATIONS`: about 0.2-0.4 s a decision in High School Drama and 1 s in Academic
  Society and Class of '89 on one core; a game may raise it for a player count where it measured
  that more search wins within a second or two, :attr:`BotSettings.hard_iterations
  <homeroom.engine.bots.BotSettings.hard_iterations>`; see BOTS.md), capped at ``seconds`` of
  wall clock (default :data:`HARD_SECONDS`) as a safety net on a busy machine. On a fixed budget
  the same seed and position give the same move, so a game against ``hard`` can be replayed and
  its measured strength does not depend on the machine's load (unless the cap is hit).

The parameters a level takes are few on purpose (``hard:iterations=3000``); anything finer is the
technical kind's (``mcts:...``, ``greedy:...``). The measured win rates are in BOTS.md.
"""

from __future__ import annotations

from homeroom.agents.base import Agent
from homeroom.agents.evaluation import settings
from homeroom.agents.greedy import GreedyAgent
from homeroom.agents.mcts import MctsAgent, Node
from homeroom.engine.state import State

EASY_EPSILON = 0.5
HARD_ITERATIONS = 1000
"""``hard``'s search budget a decision (MCTS iterations)."""
HARD_SECONDS = 3.0
"""``hard``'s wall-clock cap a decision: reached only on a machine much slower or busier than an
idle core, where it keeps the wait bounded (and the moves then depend on the load)."""


def easy(seed: int = 0, epsilon: float = EASY_EPSILON) -> Agent:
    """Greedy over this decision alone, with a ``epsilon`` chance of a random move."""
    if not 0.0 <= float(epsilon) <= 1.0:
        raise ValueError("epsilon must be between 0 and 1")
    agent = GreedyAgent(seed=seed, depth=0, epsilon=float(epsilon))
    agent.name = "easy"
    return agent


def medium(seed: int = 0) -> Agent:
    """Greedy with its defaults (the rest of its own turn looked through)."""
    agent = GreedyAgent(seed=seed)
    agent.name = "medium"
    return agent


class HardAgent(MctsAgent):
    """MCTS on a fixed budget; without an ``iterations`` of its own, the budget is the game's
    for the table's player count (:meth:`BotSettings.hard_budget
    <homeroom.engine.bots.BotSettings.hard_budget>`), read at each search."""

    name = "hard"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float = HARD_SECONDS) -> None:
        super().__init__(seed=seed, iterations=HARD_ITERATIONS if iterations is None else int(iterations),
                         seconds=float(seconds))
        self.games_budget = iterations is None

    def search(self, state: State, seat: int) -> Node:
        if self.games_budget:
            self.iterations = settings(state.game_id).hard_budget(state.players, HARD_ITERATIONS)
        return super().search(state, seat)


def hard(seed: int = 0, iterations: int | None = None, seconds: float = HARD_SECONDS) -> Agent:
    """MCTS with a fixed budget of ``iterations`` a decision (default: the game's budget for the
    player count), stopped early only if it takes ``seconds`` of wall clock."""
    if float(seconds) <= 0:
        raise ValueError("seconds must be more than 0")
    if iterations is not None and int(iterations) < 1:
        raise ValueError("iterations must be at least 1")
    return HardAgent(seed=seed, iterations=iterations, seconds=float(seconds))


LEVELS = {"easy": easy, "medium": medium, "hard": hard}
"""The difficulty levels, weakest first."""

LABELS = {
    "easy": "Easy bot",
    "medium": "Medium bot",
    "hard": "Hard bot (about 1 s a move)",
}
"""The levels as a seat chooser names them (the web lobby's seat select, which is narrow)."""

__all__ = ["LABELS", "LEVELS", "HardAgent", "easy", "hard", "medium"]
