"""Hookups: a student of your clique joins a card from the quad (rulebook: Hookups)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama.actions import HOOKUP, HookUp
from homeroom.games.high_school_drama.clique import OPPOSITE, STEP, Placement
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
    # free_spots() for every (performer, target) pair, with what does not depend on the target
    # (the free squares next to each performer that keep the clique within SPAN) worked out once
    taken = {(q.x, q.y) for q in clique.values()}
    xs = [q.x for q in clique.values()]
    ys = [q.y for q in clique.values()]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    targets = [cards[tid] for tid in state.quad]
    for pid, p in clique.items():
        perf = cards[pid]
        if not perf.is_student:
            continue
        spots = []
        for d in ("N", "E", "S", "W"):
            if d in perf.arrows:
                dx, dy = STEP[d]
                x, y = p.x + dx, p.y + dy
                if (x, y) in taken:
                    continue
                if max(hi_x, x) - min(lo_x, x) >= SPAN or max(hi_y, y) - min(lo_y, y) >= SPAN:
                    continue
                spots.append((OPPOSITE[d], x, y))
        if not spots:
            continue
        cool = perf.cool + effect.cool_bonus
        for target in targets:
            if effect.target_type is not None and effect.target_type not in target.types:
                continue
            if not effect.match_any and target.cool > cool and not (perf.types & target.types):
                continue
            arrows = target.arrows
            for opposite, x, y in spots:
                if opposite in arrows:
                    out.append(HOOKUP[pid, target.id, x, y])
    return out


def hook_up(state: HSDState, seat: int, a: HookUp, effect: Effect, ev: list[Event]) -> None:
    """Place the target and its bond marker(s) on the new relationship."""
    perf, target = state.cards[a.performer], state.cards[a.target]
    n = min(effect.amount, perf.heart + target.heart, state.supply[seat])
    state.quad.remove(a.target)
    state.cliques[seat][a.target] = Placement(a.x, a.y, a.performer, n)
    state.supply[seat] -= n
    if not state.quiet:
        ev.append(Event(f"{state.names[seat]}'s {perf.name} hooks up with {target.name} "
                        f"at ({a.x},{a.y}) with {n} bond(s).", seat))
