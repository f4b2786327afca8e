"""Difficulty levels a person understands: ``easy``, ``medium`` and ``hard``.

A level is a documented recipe over the technical bots, the same in every game (each game's
evaluation and search settings come from its own ``bots.py``):

* ``easy``: greedy that looks at this decision only and makes a random move ``epsilon`` of the
  time (default 0.5), so it plays sensibly but blunders often enough to be beaten;
* ``medium``: greedy as it is (its own turn looked through, beam 3);
* ``hard``: MCTS with a **fixed, seeded budget** of ``iterations`` a decision (default
  :data:`HARD_ITERATIONS`; a game may raise it for a player count where it measured that more
  search wins within a second or two, :attr:`BotSettings.hard_iterations
  <homeroom.engine.bots.BotSettings.hard_iterations>`; see BOTS.md) and **twice that a turn**
  (:data:`HARD_TURN_FACTOR`): a turn's first decision may spend a whole decision budget, the
  second half of one, the third a quarter (:func:`turn_share`), and each goes on from the subtree
  under its own previous move. Forced decisions and decisions whose actions all lead to the same
  position are played at once, and a search stops once its choice cannot change. A whole turn is
  capped at ``seconds`` of wall clock (default :data:`HARD_SECONDS`) as a safety net on a busy
  machine. Measured CPU time of a whole turn (``bench/bench_turns.py``, 2-4 players, 2 turns each):
  at most 2.5 s in Class of '89 (4.0 s before, with a budget a decision), 0.85 s in Academic
  Society (1.95 s) and 0.8 s in High School Drama (0.9 s; its turns are one decision). On a fixed budget the same seed and position
  give the same move, so a game against ``hard`` can be replayed and its measured strength does
  not depend on the machine's load (unless the cap is hit).

The parameters a level takes are few on purpose (``hard:iterations=3000``); anything finer is the
technical kind's (``mcts:...``, ``greedy:...``). The measured win rates are in BOTS.md.
"""

from __future__ import annotations

from typing import Any

from homeroom.agents.base import Agent
from homeroom.agents.evaluation import settings
from homeroom.agents.greedy import GreedyAgent
from homeroom.agents.mcts import MctsAgent, Node
from homeroom.engine.actions import Action
from homeroom.engine.state import State

EASY_EPSILON = 0.5
HARD_ITERATIONS = 1000
"""``hard``'s search budget a decision (MCTS iterations)."""
HARD_TURN_FACTOR = 2
"""``hard``'s search budget a turn, in decision budgets: the new iterations of all the decisions of
one turn together: the first decision may use a whole decision budget, the second half of one, the
third a quarter... (:func:`turn_share`), so a turn stays under twice a decision's budget."""
HARD_SECONDS = 3.0
"""``hard``'s wall-clock cap a turn (all its decisions' thinking): reached only on a machine much slower or busier than an
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
    """MCTS on a fixed budget a decision and a fixed budget a turn; without an ``iterations`` of its
    own, the decision's budget is the game's for the table's player count (:meth:`BotSettings.hard_budget
    <homeroom.engine.bots.BotSettings.hard_budget>`), read at each search, and the turn's is
    :data:`HARD_TURN_FACTOR` times that.

    A turn is the run of this bot's decisions in which each follows its own previous move directly
    (the state it is given is the one its move led to: the same observation, the same seat, the same
    ``turn_seat``/``turn_marker``). Within a turn the search goes on from the subtree under the
    move just played (its visits count towards the decision's budget), the new iterations of all
    its decisions together never exceed ``turn_iterations``, and the wall-clock cap ``seconds``
    counts the whole turn's thinking. The ``k``-th searched decision of a turn (0: the first; forced
    ones are not counted) may spend at most half the one before (:func:`turn_share`: a whole decision budget, then a half, a quarter...).
    A decision with one legal action, or whose actions all lead
    to the same position as this seat sees it, is played at once; a search stops as soon as its
    choice cannot change (:func:`~homeroom.agents.mcts.settled`)."""

    name = "hard"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float = HARD_SECONDS,
                 turn_iterations: int | None = None) -> None:
        super().__init__(seed=seed, iterations=HARD_ITERATIONS if iterations is None else int(iterations),
                         seconds=float(seconds))
        self.games_budget = iterations is None
        self.turn_iterations = turn_iterations
        self.settle = True
        self.turn_used = 0
        """New iterations spent in the turn in progress (all its decisions)."""
        self.turn_seconds = 0.0
        """Wall-clock seconds of thinking in the turn in progress."""
        self.turn_decisions = 0
        self.turn_searched = 0
        """Decisions of the turn in progress that were searched (forced ones take no share)."""
        self.last_reused = 0
        """Visits the last decision's search started from (the subtree of the move before)."""
        self._next: tuple[tuple[int, Any, Any], Any, Node | None] | None = None
        self.turn_step: int | None = None
        """How many decisions of this turn the seat made before this one, when a caller that builds a
        fresh bot for each decision knows it (the server); None: the bot counts its own."""

    def budget(self) -> str:
        turn = f"{HARD_TURN_FACTOR}x that" if self.turn_iterations is None else str(self.turn_iterations)
        return f"{self.iterations} iterations a decision, {turn} a turn, or {self.seconds:g} s a turn"

    def turn_budget(self, state: State) -> int:
        """The most new iterations one turn may use at this table."""
        if self.turn_iterations is not None:
            return self.turn_iterations
        return HARD_TURN_FACTOR * settings(state.game_id).hard_budget(state.players, HARD_ITERATIONS) \
            if self.games_budget else HARD_TURN_FACTOR * int(self.iterations or HARD_ITERATIONS)

    def choose(self, state: State, seat: int) -> Action:
        legal = self.check_turn(state, seat)
        key = (seat, state.turn_seat(), state.turn_marker())
        root: Node | None = None
        if self._next is not None and self._next[0] == key and self._next[1] == state.observation(seat):
            root = self._next[2]  # the same turn goes on from the position our move led to
            self.turn_decisions += 1
        else:
            self.turn_used, self.turn_seconds, self.turn_decisions, self.turn_searched = 0, 0.0, 1, 0
        self._next = None
        self.last_reused = 0 if root is None else root.visits
        if self.games_budget:
            self.iterations = settings(state.game_id).hard_budget(state.players, HARD_ITERATIONS)
        if len(legal) == 1 or alike(state, seat, legal):
            self.last_iterations, self.last_seconds = 0, 0.0
            self.last_reason = "the only legal action" if len(legal) == 1 else "every action leads to the same position"
            action = legal[0]
            self._remember(state, seat, key, action, None if root is None else root.children.get(action))
            return action
        if root is not None:
            root = Node(mover=-1, visits=root.visits, children=root.children)
        k = self.turn_searched if self.turn_step is None else self.turn_step
        self.turn_searched += 1
        if self.turn_iterations is None and self.games_budget and not settings(state.game_id).hard_turn_shares:
            left = int(self.iterations or 0)  # a whole decision budget each (this game's turns have room)
        else:
            left = max(0, min(self.turn_budget(state) - self.turn_used, turn_share(int(self.iterations or 0), k)))
        cap = (self.seconds or HARD_SECONDS) - self.turn_seconds if self.turn_step is None \
            else turn_share(1, k, float(self.seconds or HARD_SECONDS))
        root = self.search(state, seat, root=root, fresh=left, seconds=max(1e-3, cap))
        self.turn_used += self.last_iterations
        self.turn_seconds += self.last_seconds
        ranked = self.ranked(root, legal)
        best, child = ranked[0]
        if child.visits == 0:  # no search left this turn and nothing reused: greedy's favourite
            best = min(legal, key=lambda a: self._order.get(a, len(self._order)))
            child = root.children.get(best) or Node()
        share = child.visits / max(1, root.visits)
        mean = child.total / child.visits if child.visits else 0.0
        self.last_reason = (f"{share:.0%} of {root.visits} visits, expected reward {mean:.2f} "
                            f"({self.last_iterations} iterations in {self.last_seconds:.2f} s, "
                            f"{self.last_reused} visits carried over)")
        self._remember(state, seat, key, best, child)
        return best

    def _remember(self, state: State, seat: int, key: tuple[int, Any, Any], action: Action,
                  child: Node | None) -> None:
        """If this seat moves again in the same turn after ``action``, what its next decision starts from."""
        after = state.clone()
        after.apply(action)
        if after.is_terminal() or after.to_move != seat or (seat, after.turn_seat(), after.turn_marker()) != key:
            return
        self._next = (key, after.observation(seat), child)

    def search(self, state: State, seat: int, root: Node | None = None, fresh: int | None = None,
               seconds: float | None = None) -> Node:
        if self.games_budget:
            self.iterations = settings(state.game_id).hard_budget(state.players, HARD_ITERATIONS)
        return super().search(state, seat, root=root, fresh=fresh, seconds=seconds)


def turn_share(budget: int, k: int, whole: float | None = None) -> Any:
    """What decision ``k`` (0: the first) of a turn may spend: the whole decision ``budget`` for the
    first, half for the second, a quarter for the third..., so a turn never spends more than twice a
    decision's (with ``whole``: that many seconds instead of iterations)."""
    if whole is not None:
        return whole / 2 ** min(k, 60)
    return budget >> min(k, 60)


ALIKE_MAX = 12
"""Up to this many legal actions, a decision checks whether they all lead to the same position."""


def alike(state: State, seat: int, legal: list[Action]) -> bool:
    """Whether every legal action leads to the same position as ``seat`` and the spectators see it
    (the search could not tell them apart: it would spend its budget for nothing)."""
    if len(legal) > ALIKE_MAX:
        return False
    first: tuple[Any, ...] | None = None
    for action in legal:
        after = state.clone()
        after.apply(action)
        seen = (after.to_move, after.observation(seat), after.observation(None))
        if first is None:
            first = seen
        elif seen != first:
            return False
    return True


def hard(seed: int = 0, iterations: int | None = None, seconds: float = HARD_SECONDS) -> Agent:
    """MCTS with a fixed budget of ``iterations`` a decision (default: the game's budget for the
    player count) and twice that a turn (:class:`HardAgent`), stopped early only if the turn takes
    ``seconds`` of wall clock."""
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
