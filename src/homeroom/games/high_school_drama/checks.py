"""Checks: the game's invariants (every component in exactly one place, markers conserved,
cliques well formed) and readable reasons why an action is illegal now."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import chain
from typing import TYPE_CHECKING

from homeroom.engine import Action, IllegalAction
from homeroom.games.high_school_drama import rules
from homeroom.games.high_school_drama.actions import Bond, Breakup, DrawDrama, Exchange, HookUp, PlayCard
from homeroom.games.high_school_drama.clique import bonds_in_play
from homeroom.games.high_school_drama.components import load

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


@cache
def _every_component() -> Counter[str]:
    comps = load()
    return Counter(chain(comps.cards, comps.drama, comps.events))


def invariants(state: HSDState) -> list[str]:
    problems: list[str] = []
    comps = state.comps
    where = Counter(chain(
        state.quad, state.student_deck, state.org_deck, state.event_deck, state.event_discard, state.box,
        *state.stacks.values(), *state.hands, *state.reserve, *state.cliques,
        () if state.playing is None else (state.playing,),
    ))
    if where != _every_component():
        for c in (*comps.cards, *comps.drama, *comps.events):
            if where.get(c, 0) != 1:
                problems.append(f"{comps.name(c)} is in {where.get(c, 0)} places instead of exactly one")
        for c in where:
            if c not in comps.cards and c not in comps.drama and c not in comps.events:
                problems.append(f"unknown card {c!r} is in play")
    for s in range(state.players):
        tracked = state.total(s) if state.options.get("travel") else rules.TRACKER
        used = bonds_in_play(state.cliques[s])
        if state.supply[s] < 0:
            problems.append(f"{state.names[s]} has a negative marker supply")
        if state.supply[s] + used + tracked != rules.MARKERS:
            problems.append(f"{state.names[s]}'s markers do not add up to {rules.MARKERS}")
        for cid, p in state.cliques[s].items():
            if p.parent is not None:
                if p.bonds <= 0:
                    problems.append(f"{state.names[s]}'s {comps.name(cid)} holds on by a broken relationship")
                cap = state.cards[cid].heart + state.cards[p.parent].heart
                if p.bonds > cap:
                    problems.append(f"{state.names[s]}'s {comps.name(cid)} has {p.bonds} bonds, above {cap}")
        clique = state.cliques[s]
        if len({(p.x, p.y) for p in clique.values()}) != len(clique):
            problems.append(f"two cards of {state.names[s]}'s clique share a square")
        for cid, p in clique.items():
            q = clique.get(p.parent) if p.parent is not None else None
            if p.parent is not None and (q is None or abs(q.x - p.x) + abs(q.y - p.y) != 1):
                problems.append(f"{state.names[s]}'s {comps.name(cid)} is not next to the card it joined")
        if sum(1 for p in clique.values() if p.parent is None) > 1:
            problems.append(f"{state.names[s]} has more than one main student")
        if state.enrolled[s] and state.phase != "pick" and not state.cliques[s]:
            problems.append(f"{state.names[s]} is enrolled without a main student")
    return problems


def reason(state: HSDState, action: Action) -> IllegalAction:
    phase = state.phase
    seat = state.to_move
    expected = {
        "pick": "pick a main student from the quad",
        "transfer": "pick a transfer student from the student deck",
        "review": "discard kept cards or keep the rest of your hand",
        "draw": "draw a card up to the year's hand size",
        "act": "play a card from your hand",
        "resolve": "choose how the played card resolves",
        "exchange": "exchange bonds for signatures or stop",
        "lovin": "place your Summer Lovin' bond",
    }
    rule = {
        "pick": "Pick Your Main Student", "transfer": "Transfer Student Bonus", "review": "Final Action",
        "draw": "Semester Start", "act": "Midterm Action", "resolve": "Midterm Action",
        "exchange": "Events", "lovin": "Summer Semester",
    }.get(phase, "Game Play Overview")
    if isinstance(action, HookUp) and phase == "resolve" and seat is not None:
        clique = state.cliques[seat]
        if action.performer not in clique:
            return IllegalAction(f"{state.name(action.performer)} is not in your clique", "Hookups")
        if not state.cards[action.performer].is_student:
            return IllegalAction("only students can perform the hookup action", "Hookups")
        if action.target not in state.quad:
            return IllegalAction(f"{state.name(action.target)} is not in the quad", "Hookups")
        return IllegalAction(
            f"{state.name(action.performer)} cannot hook up with {state.name(action.target)} at "
            f"({action.x},{action.y}): they must share a type or the target must be no cooler, and the "
            "card must fit with its arrows lined up on a free square", "Hookups")
    if isinstance(action, Breakup) and phase == "resolve":
        return IllegalAction("that breakup is not possible: pick a rival's relationship whose strength is "
                             "at most your performing student's cruel", "Breakups")
    if isinstance(action, Bond) and phase in ("resolve", "lovin"):
        return IllegalAction("that relationship cannot take a bond: it must be in your clique and below its "
                             "maximum strength (the two hearts added), and you need a marker", "Bonds")
    if isinstance(action, Exchange) and phase == "exchange" and state.playing is not None:
        kind = state.comps.effect(state.playing).exchange
        what = "bonds between two students" if kind == "couple" else f"bonds to {kind} organizations"
        return IllegalAction(f"{state.name(action.card)} is not held in your clique by one of the {what} "
                             f"this event exchanges", "Events")
    if isinstance(action, PlayCard) and phase == "act":
        return IllegalAction(f"{state.name(action.card)} is not in your hand", "Midterm Action")
    if isinstance(action, DrawDrama) and phase == "draw":
        return IllegalAction(f"there is no {action.drama} drama card left for you to draw", "Semester Start")
    return IllegalAction(f"'{action.describe()}' is not possible now: you must {expected.get(phase, 'wait')}",
                         rule)
