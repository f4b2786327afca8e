"""``greedy``: one decision of lookahead over the game's own evaluation.

Every legal action is tried on a determinization of the state (so that a card it draws comes
from a re-dealt deck, never the real one) and the result is valued by the game's evaluation in
:mod:`homeroom.agents.evaluation` as a margin: own estimated final score minus the best other.

A decision is often one step of a compound turn (place a worker, *then* take a card, *then*
end the turn). Valuing the half-done turn alone would undervalue the first step, so when the
same seat is still to move after an action, its value is that of the best follow-up, searched
the same way over the most promising few candidates (a narrow beam over the rest of the turn).
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import repeat
from operator import is_

from homeroom.agents.base import Agent
from homeroom.agents.evaluation import evaluator, final_values, margin, reward
from homeroom.engine.actions import Action
from homeroom.engine.errors import IllegalAction
from homeroom.engine.rng import Rng
from homeroom.engine.state import State, _same_field_types

CHILDREN = "_c_children"
"""A cache a game's evaluation may leave on a position it looked one step ahead from: ``id`` of
each legal action (the very objects ``legal_actions()`` returns) -> the position after it, never
changed since. Expanding that position, greedy values those instead of copying and applying again
(the position must drop the cache when it changes: the state's ``cache_keys``)."""


class GreedyAgent(Agent):
    """Picks the action whose resulting state the game's evaluation likes best.

    ``depth``: how many further steps of its own turn it looks through (0: only this decision);
    ``beam``: how many of the best candidates it refines at each further step;
    ``epsilon``: chance of a uniformly random action (for varied playouts)."""

    name = "greedy"

    def __init__(self, seed: int = 0, depth: int = 2, beam: int = 3, epsilon: float = 0.0) -> None:
        if depth < 0 or beam < 1 or not 0.0 <= epsilon <= 1.0:
            raise TypeError("depth must be >= 0, beam >= 1 and epsilon in [0, 1]")
        self.rng = Rng(seed)
        self.depth = int(depth)
        self.beam = int(beam)
        self.epsilon = float(epsilon)
        self.last_reason = ""

    def budget(self) -> str:
        return f"one decision, then {self.depth} more of its own turn (beam {self.beam})"

    def choose(self, state: State, seat: int) -> Action:
        legal = self.check_turn(state, seat)
        if len(legal) == 1:
            self.last_reason = "the only legal action"
            return legal[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            self.last_reason = "a random exploration move"
            return self.rng.choice(legal)
        ranked = self.rank(state, seat)
        best, value = ranked[0]
        self.last_reason = f"estimated margin {value:+.1f} points (next best {ranked[1][1]:+.1f})"
        return best

    def rank(self, state: State, seat: int) -> list[tuple[Action, float]]:
        """Every legal action with its estimated margin, best first (ties keep the legal order)."""
        with collector_paused():
            world = state.determinize(seat, self.rng)
            scored = self._score(world, seat, state.legal_actions(), self.depth)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
        return [scored[i] for i in order]

    def _score(self, world: State, seat: int, legal: list[Action], depth: int) -> list[tuple[Action, float]]:
        evaluate = evaluator(world.game_id)
        results: list[tuple[Action, float, State]] = []
        children: dict[int, State] = world.__dict__.get(CHILDREN, {})
        own = world.legal_actions()
        turn = world.turn_marker() if depth > 0 else None
        last = len(legal) - 1
        for k, action in enumerate(legal):
            known = children.get(id(action))
            if known is not None:  # the evaluation already looked one step ahead from ``world``
                results.append((action, value_of(known, seat, evaluate), known))
                continue
            after = world if k == last else world.clone()  # ``world`` is this search's own: no copy left to make
            try:
                after.apply(legal_in(world, own, action, after))
            except IllegalAction:  # the sampled world disagrees with the real one: never pick it
                results.append((action, -math.inf, after))
                continue
            results.append((action, value_of(after, seat, evaluate), after))
        if depth > 0:
            order = sorted(range(len(results)), key=lambda i: -results[i][1])
            for i in order[: self.beam]:
                action, value, after = results[i]
                if value > -math.inf and not after.is_terminal() and after.to_move == seat \
                        and (turn is None or after.turn_marker() == turn):
                    follow = self._score(after, seat, after.legal_actions(), depth - 1)
                    results[i] = (action, max(v for _, v in follow), after)
        return [(a, v) for a, v, _ in results]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for one search, back on after it (if it was on).

    A search makes and drops thousands of copied positions, whose lists and dicts are freed by
    reference counting the moment they are dropped (positions hold no cycles); the allocations
    alone set off the collector again and again, to scan the memos and objects that live on: a
    fifth of a greedy decision in Academic Society, a third in Class of '89 (issue 36). Cyclic
    garbage made meanwhile, anywhere in the process, waits for the next collection after it. It
    only ever switches the collector off when it is on, and back on when it switched it off."""
    was_on = gc.isenabled()
    if was_on:
        gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def legal_in(world: State, own: list[Action], action: Action, copy: State) -> Action:
    """``action`` as ``copy`` (a fresh clone of ``world``) takes it without validating it again:
    ``world``'s own equal legal action with ``world``'s legal actions (``own``) handed to the copy,
    so ``apply`` takes its trusted path instead of computing the copy's legal actions (the same
    list) once more; ``action`` itself, left for ``apply`` to judge, when ``world`` has no such
    action (a determinized world that disagrees with the real one)."""
    if any(map(is_, own, repeat(action))):
        copy.__dict__["_c_legal"] = own
        return action
    try:
        same = world._legal_map().get(action)
    except TypeError:
        return action
    if same is None or not _same_field_types(same, action):
        return action
    copy.__dict__["_c_legal"] = own
    return same


def value_of(state: State, seat: int, evaluate: object = None) -> float:
    """``seat``'s estimated margin in ``state``; at the end, the real margin plus a win bonus."""
    if state.is_terminal():
        totals = final_values(state)
        won = seat in (state.winner() or [])
        return margin(totals, seat) + (1000.0 if won else 0.0)
    fn = evaluator(state.game_id) if evaluate is None else evaluate
    return margin(fn(state, seat), seat)  # type: ignore[operator]


__all__ = ["GreedyAgent", "reward", "value_of"]
