"""Hookups: a student of your clique joins a card from the quad (rulebook: Hookups)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama.actions import HookUp
from homeroom.games.high_school_drama.clique import Placement, free_spots
from homeroom.games.high_school_drama.constants import SPAN
from homeroom.games.high_school_drama.effects import Effect

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


def hookup_options(state: HSDState, seat: int, effect: Effect) -> list[Action]:
    """Every (performer, target, square) a hookup with ``effect`` allows: same type, or the
    target's cool at most the performer's; the target must fit (rulebook: Hookups)."""
    if state.supply[seat] <= 0:
        return []
    cards = state.cards
    clique = state.cliques[seat]
    out: list[Action] = []
    for pid in clique:
        perf = cards[pid]
        if not perf.is_student:
            continue
        cool = perf.cool + effect.cool_bonus
        for tid in state.quad:
            target = cards[tid]
            if effect.target_type is not None and effect.target_type not in target.types:
                continue
            if not effect.match_any and target.cool > cool and not (perf.types & target.types):
                continue
            for x, y in free_spots(clique, pid, cards, target, SPAN):
                out.append(HookUp(pid, tid, x, y))
    return out


def hook_up(state: HSDState, seat: int, a: HookUp, effect: Effect, ev: list[Event]) -> None:
    """Place the target and its bond marker(s) on the new relationship."""
    perf, target = state.cards[a.performer], state.cards[a.target]
    n = min(effect.amount, perf.heart + target.heart, state.supply[seat])
    state.quad.remove(a.target)
    state.cliques[seat][a.target] = Placement(a.x, a.y, a.performer, n)
    state.supply[seat] -= n
    ev.append(Event(f"{state.names[seat]}'s {perf.name} hooks up with {target.name} "
                    f"at ({a.x},{a.y}) with {n} bond(s).", seat))
