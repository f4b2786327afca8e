"""Suggest a move and say why, in words from the bots' own evaluation.

A learner asks "what would a decent player do here, and why?". The answer is the ``medium`` bot's
pick (greedy over the game's evaluation, :mod:`homeroom.agents.greedy`) and a few plain sentences
comparing the position before and after it, as the seat may see it:

* points now: the seat's own score ("if the game ended now") by category, after the move and the
  rest of the turn it leads to (the bot's best follow-ups), against before it;
* later: the game's evaluation split into named parts (``BotSettings.explain_parts``; by default
  one part, what the position may still bring beyond the score), the parts that moved most;
* how it compares: the bot's estimated margin for this move against the next best one.

Everything is computed on a determinization for the seat (hidden cards re-dealt), like the bots
themselves, so a suggestion never tells the seat anything its own observation does not hold: the
words are the seat's own score categories and numbers, and the text of its own legal actions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from homeroom.agents.evaluation import evaluator, settings
from homeroom.agents.greedy import GreedyAgent, value_of
from homeroom.engine.actions import Action
from homeroom.engine.errors import IllegalAction
from homeroom.engine.rng import Rng
from homeroom.engine.state import State

FOLLOW_UPS = 4
"""Further decisions of the seat's own turn followed (the bot's best) to see what a move leads to."""
SHOWN_PARTS = 3
"""At most this many evaluation parts are named in a "why"."""
NOTICEABLE = 0.25
"""A part that moved less than this (in points) is not worth a sentence."""


@dataclass
class Advice:
    """A suggested move for a seat: the action, its text as the seat's choices read, and why."""

    action: Action
    text: str
    why: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "text": self.text, "why": list(self.why)}


def label(key: str) -> str:
    """A score category's key as words (``club_tracks`` -> ``club tracks``)."""
    return key.replace("_", " ").replace("-", " ")


def points(x: float) -> str:
    """A signed amount of points as a player reads it (+6, -1.5)."""
    if abs(x - round(x)) < 0.05:
        return f"{round(x):+d}"
    return f"{x:+.1f}"


def parts_of(state: State, seat: int) -> dict[str, float]:
    """The seat's evaluation beyond its current score, by named part (see the module's doc)."""
    explain = settings(state.game_id).explain_parts
    if explain is not None:
        return explain(state, seat)
    if state.is_terminal():
        return {}
    values = evaluator(state.game_id)(state, seat)
    if len(values) == 1:  # a solo game: the evaluation is the lead over the automa
        return {"your estimated final lead over the automa": values[0]}
    return {"what the position may still bring": values[seat] - float(state.scores()[seat].total)}


def follow_turn(world: State, seat: int, action: Action) -> State:
    """``world`` after ``action`` and the rest of the seat's turn as the bot would play it (at most
    :data:`FOLLOW_UPS` more decisions, each the best by the evaluation); ``world`` is not changed."""
    turn = world.turn_marker()
    after = world.clone()
    after.apply(action)
    evaluate = evaluator(world.game_id)
    for _ in range(FOLLOW_UPS):
        if after.is_terminal() or after.to_move != seat or (turn is not None and after.turn_marker() != turn):
            break
        best: tuple[float, State] | None = None
        for follow in after.legal_actions():
            child = after.clone()
            try:
                child.apply(follow)
            except IllegalAction:
                continue
            value = value_of(child, seat, evaluate)
            if best is None or value > best[0]:
                best = (value, child)
        if best is None:
            break
        after = best[1]
    return after


def explain(state: State, seat: int, action: Action, ranked: list[tuple[Action, float]] | None = None,
            seed: int = 0) -> list[str]:
    """Plain sentences on why ``action`` is good for ``seat`` now (see the module's doc).
    ``ranked``: the bot's (action, estimated margin) list, best first, if it has one."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return ["It is the only move you have here."]
    world = state.determinize(seat, Rng(seed))
    try:
        after = follow_turn(world, seat, action)
    except IllegalAction:  # the re-dealt world disagrees with the real one about this move
        after = None
    why: list[str] = []
    if after is not None:
        before_score = world.scores()[seat].breakdown
        after_score = after.scores()[seat].breakdown
        deltas = {k: after_score.get(k, 0) - before_score.get(k, 0) for k in {*before_score, *after_score}}
        moved = sorted(((k, d) for k, d in deltas.items() if d), key=lambda kd: (-abs(kd[1]), kd[0]))
        gained = sum(deltas.values())
        if moved:
            detail = ", ".join(f"{label(k)} {points(d)}" for k, d in moved[:SHOWN_PARTS])
            unit = "point" if abs(gained) == 1 else "points"
            why.append(f"{points(gained)} {unit} now (if the game ended now): {detail}.")
        else:
            why.append("No points now: it builds for later.")
        before_parts, after_parts = parts_of(world, seat), parts_of(after, seat)
        changes = {k: after_parts.get(k, 0.0) - before_parts.get(k, 0.0) for k in {*before_parts, *after_parts}}
        shown = sorted(((k, d) for k, d in changes.items() if abs(d) >= NOTICEABLE),
                       key=lambda kd: (-abs(kd[1]), kd[0]))[:SHOWN_PARTS]
        if shown:
            why.append("Later: " + "; ".join(f"{k} {points(d)}" for k, d in shown) + " (estimated points).")
    if ranked:
        mine = next((v for a, v in ranked if a == action), None)
        others = [v for a, v in ranked if a != action and v > -math.inf]
        if mine is not None and mine > -math.inf and others:
            ahead = mine - max(others)
            if ahead > 0.05:
                why.append(f"The medium bot rates it {points(ahead)} points better than the next best move.")
            else:
                why.append("Other moves are about as good: this one is the bot's pick by a hair.")
    if not why:
        why.append("The medium bot's evaluation likes this move best.")
    return why


def suggest(state: State, seat: int, seed: int = 0) -> Advice:
    """The ``medium`` bot's move for ``seat`` and why (only from what the seat may know)."""
    agent = GreedyAgent(seed=seed)
    legal = agent.check_turn(state, seat)
    ranked = agent.rank(state, seat) if len(legal) > 1 else [(legal[0], 0.0)]
    action = ranked[0][0]
    return Advice(action, state.describe_action(action), explain(state, seat, action, ranked, seed))


__all__ = ["Advice", "explain", "follow_turn", "parts_of", "suggest"]
