"""Bonds: one more marker on an existing relationship, up to the sum of the two hearts
(rulebook: Bonds; also Summer Lovin', "a free bond action")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama.actions import BOND
from homeroom.games.high_school_drama.components import Card
from homeroom.games.high_school_drama.effects import Effect

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState

FREE_BOND = Effect("bond")
"""Summer Lovin' "functions as a free bond action"."""


def relationship_has_type(card: Card, parent: Card, kind: str | None) -> bool:
    """Does a relationship involve a card of ``kind`` (None: any relationship)?"""
    return kind is None or kind in card.types or kind in parent.types


def bond_options(state: HSDState, seat: int, effect: Effect) -> list[Action]:
    """Every relationship of the seat's clique that can take another marker (rulebook: Bonds)."""
    if state.supply[seat] <= 0:
        return []
    cards = state.cards
    out: list[Action] = []
    for cid, p in state.cliques[seat].items():
        if p.parent is None:
            continue
        card, parent = cards[cid], cards[p.parent]
        if p.bonds < card.heart + parent.heart and relationship_has_type(card, parent, effect.target_type):
            out.append(BOND[cid])
    return out


def bond(state: HSDState, seat: int, card: str, effect: Effect, ev: list[Event], label: str = "") -> None:
    """Add the effect's markers to the relationship holding ``card``, never above its maximum."""
    p = state.cliques[seat][card]
    assert p.parent is not None
    cap = state.cards[card].heart + state.cards[p.parent].heart
    n = min(effect.amount, cap - p.bonds, state.supply[seat])
    p.bonds += n
    state.supply[seat] -= n
    if not state.quiet:
        ev.append(Event(f"{label}{state.names[seat]} adds {n} bond(s) between {state.name(p.parent)} and "
                        f"{state.name(card)} (now {p.bonds} of {cap}).", seat))
