"""Difficulty levels a person understands: ``easy``, ``medium`` and ``hard``.

A level is a documented recipe over the technical bots, the same in every game (each game's
evaluation and search settings come from its own ``bots.py``):

* ``easy``: greedy that looks at this decision only and makes a random move ``epsilon`` of the
  time (default 0.5), so it plays sensibly but blunders often enough to be beaten;
* ``medium``: greedy as it is (its own turn looked through, beam 3);
* ``hard``: MCTS with a think budget of ``seconds`` a decision (default 1.5 s, within the
  1-2 s a person will wait) and the settings measured best (see BOTS.md).

The parameters a level takes are few on purpose (``hard:seconds=2``); anything finer is the
technical kind's (``mcts:...``, ``greedy:...``). The measured win rates are in BOTS.md.
"""

from __future__ import annotations

from homeroom.agents.base import Agent
from homeroom.agents.greedy import GreedyAgent
from homeroom.agents.mcts import MctsAgent

EASY_EPSILON = 0.5
HARD_SECONDS = 1.5


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


def hard(seed: int = 0, seconds: float = HARD_SECONDS, iterations: int | None = None) -> Agent:
    """MCTS with a wall-clock budget of ``seconds`` a decision (and at most ``iterations``, when
    given: a fixed budget makes a measurement independent of the machine's load)."""
    if float(seconds) <= 0:
        raise ValueError("seconds must be more than 0")
    if iterations is not None and int(iterations) < 1:
        raise ValueError("iterations must be at least 1")
    agent = MctsAgent(seed=seed, seconds=float(seconds), iterations=iterations)
    agent.name = "hard"
    return agent


LEVELS = {"easy": easy, "medium": medium, "hard": hard}
"""The difficulty levels, weakest first."""

LABELS = {
    "easy": "Easy bot",
    "medium": "Medium bot",
    "hard": "Hard bot (1.5 s a move)",
}
"""The levels as a seat chooser names them (the web lobby's seat select, which is narrow)."""

__all__ = ["LABELS", "LEVELS", "easy", "hard", "medium"]
