"""``mcts``: Information-Set Monte Carlo Tree Search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples ``state.determinize(seat, rng)``: a world in which everything the seat
cannot see is re-dealt (and future draws re-seeded), so the search never reads hidden
information. The tree is keyed by action sequences and shared by all determinizations; an
action's statistics count how often it was *available* as well as chosen (the ISMCTS form of
UCT), because an opponent's legal actions differ from one sampled world to the next.

Every seat in the tree maximises its own reward (the win, and its score margin), so the search
handles any number of players. Branching is kept in hand by progressive widening: a node may
have about ``widen * visits ** 0.5`` children before all are tried. At the root the children
are added in the order the greedy bot ranks the actions (its own-turn lookahead over the game's
evaluation), so the search spends its budget on the promising moves first and never does worse
than trying greedy's favourites. Below the root, the nodes where the searching seat is still
finishing its turn add theirs in the order of the one-step evaluation (in games whose turns
chain several big choices), all others in random order. Playouts are random (or epsilon-greedy with ``playout=greedy``) and cut off after ``depth`` decisions, where the game's
evaluation (:mod:`homeroom.agents.evaluation`) estimates the margin instead of playing to the end.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from homeroom.agents.base import Agent, AgentError
from homeroom.agents.evaluation import reward, settings
from homeroom.agents.greedy import GreedyAgent, value_of
from homeroom.engine.actions import Action
from homeroom.engine.rng import Rng
from homeroom.engine.state import State

DEFAULT_SECONDS = 1.0


@dataclass(slots=True)
class Node:
    """Statistics of the action that leads here, and the children tried below it (slotted: a
    search reads these attributes for every legal action of every node it passes)."""

    mover: int = -1          # the seat that chose the action leading here
    visits: int = 0
    total: float = 0.0       # sum of the mover's rewards
    avail: int = 0           # iterations in which this action was legal at its parent
    children: dict[Action, Node] = field(default_factory=dict)
    order: dict[Action, int] | None = None  # expansion order (own-turn nodes near the root)


class MctsAgent(Agent):
    """IS-MCTS with UCT, progressive widening and a heuristic playout cut-off.

    Budget: ``iterations=N`` and/or ``seconds=S`` (the first reached stops the search; with
    neither, ``seconds=1``). ``c``: UCT exploration; ``depth``: playout decisions before the
    evaluation takes over (0: evaluate at once; -1: play to the end; default: the game's
    :attr:`~homeroom.engine.bots.BotSettings.playout_depth`); ``playout``: ``random``
    or ``greedy`` (epsilon-greedy over the one-step evaluation); ``widen``: progressive widening
    factor (0: off); ``prior``: add the root's children in greedy's order; ``root_widen``: the
    widening factor at the root when ``prior`` is on; ``own_depth``: below the root, the nodes
    where the searching seat is still to move (the rest of its turn) up to this depth also add
    their children in the order of the one-step evaluation (default: the game's
    :attr:`~homeroom.engine.bots.BotSettings.own_turn_depth`)."""

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 c: float = 0.7, depth: int | None = None, playout: str = "random", widen: float = 2.0,
                 prior: bool = True, root_widen: float = 1.0, own_depth: int | None = None) -> None:
        if iterations is None and seconds is None:
            seconds = DEFAULT_SECONDS
        if iterations is not None and int(iterations) < 1:
            raise TypeError("iterations must be at least 1")
        if seconds is not None and float(seconds) <= 0:
            raise TypeError("seconds must be more than 0")
        if playout not in ("random", "greedy"):
            raise TypeError("playout must be random or greedy")
        self.rng = Rng(seed)
        self.iterations = None if iterations is None else int(iterations)
        self.seconds = None if seconds is None else float(seconds)
        self.c = float(c)
        self.depth = None if depth is None else int(depth)
        self.playout = playout
        self.widen = float(widen)
        self.root_widen = float(root_widen)
        self.own_depth = None if own_depth is None else int(own_depth)
        self._own_depth = 0
        self._prior = GreedyAgent(seed=seed + 2) if prior else None
        self._order: dict[Action, int] = {}
        self._depth = 0
        self._greedy = GreedyAgent(seed=seed + 1, depth=0, epsilon=0.25) if playout == "greedy" else None
        self.last_root: Node | None = None
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_reason = ""
        self.reward_fn: Callable[[State, list[float] | None], list[float]] = reward
        """What a finished or cut-off playout is worth to each seat: ``reward_fn(world, values)``
        (``values`` from the game's evaluation, ``None`` at the end of the game); the post-game
        analysis swaps in calibrated win chances (:mod:`homeroom.analysis.winmodel`)."""
        self.settle = False
        """Stop a search once its most visited action is certain to stay so (see :meth:`search`)."""

    def budget(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts) + " per decision"

    # ---------------------------------------------------------------- search
    def choose(self, state: State, seat: int) -> Action:
        legal = self.check_turn(state, seat)
        if len(legal) == 1:
            self.last_reason = "the only legal action"
            return legal[0]
        root = self.search(state, seat)
        ranked = self.ranked(root, legal)
        best, child = ranked[0]
        share = child.visits / max(1, root.visits)
        mean = child.total / child.visits if child.visits else 0.0
        self.last_reason = (f"{share:.0%} of {root.visits} visits, expected reward {mean:.2f} "
                            f"({self.last_iterations} iterations in {self.last_seconds:.2f} s)")
        return best

    def ranked(self, root: Node, legal: list[Action]) -> list[tuple[Action, Node]]:
        """The root's legal actions, most visited first (then best mean, then legal order)."""
        pairs = [(a, root.children.get(a) or Node()) for a in legal]
        order = sorted(range(len(pairs)), key=lambda i: (
            -pairs[i][1].visits, -(pairs[i][1].total / pairs[i][1].visits if pairs[i][1].visits else 0.0), i))
        return [pairs[i] for i in order]

    def search(self, state: State, seat: int, root: Node | None = None, fresh: int | None = None,
               seconds: float | None = None) -> Node:
        """Run the budget and return the root node (its children hold the statistics).

        ``root``: a tree to go on with (the subtree under the action just played, its visits
        counting towards ``iterations``); ``fresh``: at most this many new iterations (None: no
        limit but the budget); ``seconds``: the wall-clock cap instead of :attr:`seconds`. With
        :attr:`settle` on, the search stops as soon as no other action can overtake the most
        visited one within the iterations left, which never changes the move it picks."""
        if state.to_move != seat:
            raise AgentError(f"{self.name} was asked to search for seat {seat}, but seat {state.to_move} is to move")
        root = Node(mover=-1) if root is None else root
        tuned = settings(state.game_id)
        evaluate = tuned.evaluate
        self._depth = tuned.playout_depth if self.depth is None else self.depth
        self._own_depth = tuned.own_turn_depth if self.own_depth is None else self.own_depth
        start = time.perf_counter()
        self._order = {}
        if self._prior is not None:
            self._order = {a: i for i, (a, _) in enumerate(self._prior.rank(state, seat))}
        cap = self.seconds if seconds is None else seconds
        deadline = None if cap is None else start + cap
        done = 0
        while True:
            left = None if self.iterations is None else self.iterations - root.visits
            if fresh is not None:
                left = fresh - done if left is None else min(left, fresh - done)
            if left is not None and left <= 0:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if self.settle and left is not None and done % 16 == 0 and settled(root, left):
                break
            self._iterate(state.determinize(seat, self.rng), root, seat, evaluate)
            done += 1
        self.last_root = root
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        return root

    def _static_order(self, world: State, legal: list[Action], seat: int, evaluate: object) -> dict[Action, int]:
        """The actions in order of the evaluation one step ahead (best first)."""
        vals = []
        for i, action in enumerate(legal):
            after = world.clone()
            after.apply(action)
            vals.append((-value_of(after, seat, evaluate), i, action))
        vals.sort(key=lambda t: (t[0], t[1]))
        return {a: k for k, (_, _, a) in enumerate(vals)}

    def _iterate(self, world: State, root: Node, seat: int, evaluate: object) -> list[float]:
        """One iteration from ``world`` (a determinization at ``root``); returns each seat's reward."""
        node = root
        path: list[Node] = []
        rng = self.rng
        c = self.c
        sqrt, log = math.sqrt, math.log
        # selection and expansion
        while not world.is_terminal():
            legal = world.legal_actions()
            mover = world.to_move
            assert mover is not None
            children = node.children
            order = self._order if node is root else node.order
            if (order is None and self._order and mover == seat and len(path) <= self._own_depth
                    and len(legal) > 2):
                order = node.order = self._static_order(world, legal, seat, evaluate)
            if order:
                limit = max(2, int(self.root_widen * sqrt(node.visits + 1)))
            elif self.widen > 0:
                limit = max(1, int(self.widen * sqrt(node.visits + 1)))
            else:
                limit = len(legal)
            # one pass: count availability, list the untried actions and, when no child may be
            # added, find the UCT choice (the first of the best, in legal order)
            full = len(children) >= limit
            untried: list[Action] = []
            best_action: Action | None = None
            best_score = -math.inf
            get = children.get
            for a in legal:
                child = get(a)
                if child is None:
                    untried.append(a)
                    continue
                avail = child.avail = child.avail + 1
                if full:
                    visits = child.visits
                    if visits:
                        score = child.total / visits + c * sqrt(log(max(1, avail)) / visits)
                        if score > best_score:
                            best_score, best_action = score, a
            if untried and not full:
                if order:
                    action = min(untried, key=lambda a: order.get(a, len(order)))
                else:
                    action = untried[rng.randrange(len(untried))]
                child = Node(mover=mover, avail=1)
                children[action] = child
                world.apply(action)
                path.append(child)
                node = child
                break
            if not full:  # every legal action has been tried: UCT over them all
                for a in legal:
                    child = children[a]
                    visits = child.visits
                    if visits:
                        score = child.total / visits + c * sqrt(log(max(1, child.avail)) / visits)
                        if score > best_score:
                            best_score, best_action = score, a
            if best_action is None:  # every tried child is illegal in this world
                best_action = untried[rng.randrange(len(untried))]
                child = Node(mover=mover, avail=1)
                children[best_action] = child
                world.apply(best_action)
                path.append(child)
                node = child
                break
            world.apply(best_action)
            node = children[best_action]
            path.append(node)
        # playout
        steps = 0
        depth = self._depth
        while not world.is_terminal() and (depth < 0 or steps < depth):
            mover = world.to_move
            assert mover is not None
            if self._greedy is not None:
                action = self._greedy.choose(world, mover)
            else:
                action = rng.choice(world.legal_actions())  # legal[randrange(len(legal))], the same draw
            world.apply(action)
            steps += 1
        if world.is_terminal():
            rewards = self.reward_fn(world, None)
        else:
            rewards = self.reward_fn(world, evaluate(world, seat))  # type: ignore[operator]
        # backpropagation
        root.visits += 1
        for n in path:
            n.visits += 1
            n.total += rewards[n.mover]
        return rewards


def settled(root: Node, left: int) -> bool:
    """Whether ``left`` more iterations cannot change the root's most visited child: it leads every
    other child by more than that (an iteration adds at most one visit to one child)."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


__all__ = ["MctsAgent", "Node", "settled"]
