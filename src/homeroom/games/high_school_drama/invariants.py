"""The game's invariants: every component in exactly one place, every seat's bond markers
adding up, cliques well formed (arrows lined up, relationships within their maximum)."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import TYPE_CHECKING

from homeroom.engine.datasets import per_data
from homeroom.games.high_school_drama.clique import OPPOSITE, bonds_in_play
from homeroom.games.high_school_drama.components import DATA_DIR, load
from homeroom.games.high_school_drama.constants import MARKERS, TRACKER

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState

_WAY = {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}


@per_data(DATA_DIR)
def _every_component() -> frozenset[str]:
    comps = load()
    return frozenset(chain(comps.cards, comps.drama, comps.events))


def check(state: HSDState) -> list[str]:
    problems: list[str] = []
    comps = state.comps
    placed = list(chain(
        state.quad, state.student_deck, state.org_deck, state.event_deck, state.event_discard, state.box,
        *state.stacks.values(), *state.hands, *state.reserve, *state.cliques,
        () if state.playing is None else (state.playing,),
    ))
    every = _every_component()
    if len(placed) != len(every) or every != set(placed):  # some card is missing, doubled or unknown
        where = Counter(placed)
        for c in (*comps.cards, *comps.drama, *comps.events):
            if where.get(c, 0) != 1:
                problems.append(f"{comps.name(c)} is in {where.get(c, 0)} places instead of exactly one")
        for c in where:
            if c not in comps.cards and c not in comps.drama and c not in comps.events:
                problems.append(f"unknown card {c!r} is in play")
    for s in range(state.players):
        tracked = state.total(s) if state.options.get("travel") else TRACKER
        used = bonds_in_play(state.cliques[s])
        if state.supply[s] < 0:
            problems.append(f"{state.names[s]} has a negative marker supply")
        if state.supply[s] + used + tracked != MARKERS:
            problems.append(f"{state.names[s]}'s markers do not add up to {MARKERS}")
        clique = state.cliques[s]
        cards = state.cards
        seen: set[str] = set()
        for cid, p in clique.items():
            if p.parent is not None:
                card, parent = cards[cid], cards[p.parent]
                who = f"{state.names[s]}'s {card.name}"
                if p.bonds <= 0:
                    problems.append(f"{who} holds on by a broken relationship")
                if p.bonds > card.heart + parent.heart:
                    problems.append(f"{who} has {p.bonds} bonds, above {card.heart + parent.heart}")
                q = clique.get(p.parent)
                way = None if q is None else _WAY.get((p.x - q.x, p.y - q.y))
                if q is None or way is None:
                    problems.append(f"{who} is not next to the card it joined")
                elif way not in parent.arrows or OPPOSITE[way] not in card.arrows:
                    problems.append(f"{who} does not line up its arrows with {parent.name}")
                if p.parent not in seen:  # the breakup chain reads the clique in joining order
                    problems.append(f"{who} is listed before the card it joined")
                if not parent.is_student:
                    problems.append(f"{who} joined an organization: only students hook up")
            seen.add(cid)
        if len({(p.x, p.y) for p in clique.values()}) != len(clique):
            problems.append(f"two cards of {state.names[s]}'s clique share a square")
        if sum(1 for p in clique.values() if p.parent is None) > 1:
            problems.append(f"{state.names[s]} has more than one main student")
        if state.enrolled[s] and state.phase != "pick" and not state.cliques[s]:
            problems.append(f"{state.names[s]} is enrolled without a main student")
    return problems
