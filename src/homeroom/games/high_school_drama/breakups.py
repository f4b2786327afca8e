"""Breakups: remove a marker from a rival's relationship if your student is cruel enough, and
the chain reaction that returns cut-off cards to the quad (rulebook: Breakups)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama.actions import BREAKUP, Breakup
from homeroom.games.high_school_drama.bonds import relationship_has_type
from homeroom.games.high_school_drama.clique import cut_loose
from homeroom.games.high_school_drama.effects import Effect

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


def breakup_options(state: HSDState, seat: int, effect: Effect) -> list[Action]:
    """Every (performer, rival, relationship) a breakup with ``effect`` can hit (rulebook: Breakups)."""
    cards = state.cards
    mine = [(pid, cards[pid].cruel + effect.cruel_bonus) for pid in state.cliques[seat] if cards[pid].is_student]
    out: list[Action] = []
    for rival in state.order_from(seat):
        if rival == seat:
            continue
        for cid, p in state.cliques[rival].items():
            if p.parent is None or p.bonds <= 0:
                continue
            if not relationship_has_type(cards[cid], cards[p.parent], effect.target_type):
                continue
            for pid, cruel in mine:
                if cruel >= p.bonds:
                    out.append(BREAKUP[pid, rival, cid])
    return out


def break_up(state: HSDState, seat: int, a: Breakup, effect: Effect, ev: list[Event]) -> None:
    p = state.cliques[a.rival][a.card]
    n = min(effect.amount, p.bonds)
    p.bonds -= n
    state.supply[a.rival] += n
    assert p.parent is not None
    if not state.quiet:
        ev.append(Event(f"{state.names[seat]}'s {state.name(a.performer)} attacks {state.names[a.rival]}'s "
                        f"{state.name(p.parent)} & {state.name(a.card)}: {n} bond(s) removed, "
                        f"{p.bonds} left.", seat))
    chain(state, a.rival, ev)


def chain(state: HSDState, seat: int, ev: list[Event]) -> None:
    """Return every card cut off from the main student to the quad; their markers go back to
    the owner's supply (rulebook: Breakups, the chain reaction)."""
    clique = state.cliques[seat]
    before = dict(clique)
    gone = cut_loose(clique)
    if gone:
        for c in gone:
            state.supply[seat] += before[c].bonds
            state.quad.append(c)
        if not state.quiet:
            ev.append(Event(f"{state.names[seat]} loses {', '.join(state.name(c) for c in gone)} "
                            "back to the quad.", seat))
