"""Treatise Tiles: every Treatise effect (activated in Phase 5, see :mod:`treatise_presentation`).

Each tile's effect is data (``treatises.toml``); this module interprets it. Effects with a price are
offered as Activate/Done; free effects run at once, and their choices become decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.academic_society.actions import theories_text
from homeroom.games.academic_society.components import components
from homeroom.games.academic_society.individual_board import can_pay, flasks, gain, pay, sabbatical_options
from homeroom.games.academic_society.management_board import blue_moves, gain_contribution, spend_contribution
from homeroom.games.academic_society.model import Pending

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def activate_treatise(st: AcademicState, seat: int, tid: int) -> list[Event]:
    t = components().treatises[tid]
    name = st.names[seat]
    if sum(t.cost) or t.cost_any or t.contribution_cost:
        why = effect_blocker(st, seat, tid)
        if why:
            if st.quiet:
                return []
            return [Event(f"{name}'s Treatise {tid} '{t.name}' cannot be activated: {why}.", seat)]
        st.pending.append(Pending("activate", seat, tid))
        return []
    st.pending.append(Pending("effect", seat, tid))
    return []


def effect_blocker(st: AcademicState, seat: int, tid: int) -> str:
    t = components().treatises[tid]
    if st.contribution[seat] < t.contribution_cost:
        return f"it costs {t.contribution_cost} Contribution"
    if not can_pay(st, seat, t.cost, t.cost_any):
        return "not enough Theories"
    if t.sabbatical_advance and not sabbatical_options(st, seat, place=False, advance=True):
        return "no Sabbatical scholar can advance"
    if t.blue_move and not blue_moves(st, seat):
        return "no Authority scholar stands on a cell with a blue arrow"
    return ""


def run_effect(st: AcademicState, seat: int, tid: int) -> list[Event]:
    """A Treatise effect after its price is paid: gains now, choices pushed as decisions."""
    t = components().treatises[tid]
    name = st.names[seat]
    parts = []
    if sum(t.gain):
        parts.append(gain(st, seat, t.gain, counted=True))
    if t.gain_influence:
        st.influence[seat] += t.gain_influence
        parts.append(f"{t.gain_influence} Influence")
    if t.gain_contribution:
        parts.append(gain_contribution(st, seat, t.gain_contribution))
    if t.per_triangle_flask:
        n = flasks(st, seat, "triangle") * t.per_triangle_flask
        st.influence[seat] += n
        parts.append(f"{n} Influence (triangle flasks)")
    if t.place:
        st.pending.append(Pending("treatise", seat, 0, "effect", list(t.place)))
    if t.blue_move:
        st.pending.append(Pending("blue", seat, 0, "effect"))
    if t.sabbatical_advance:
        st.pending.append(Pending("advance", seat, 0, "effect"))
    any_n = t.gain_any + flasks(st, seat, "round") * t.per_round_flask
    if any_n:
        st.pending.append(Pending("gain", seat, any_n, "effect"))
        parts.append(f"{any_n} Theories of any subject")
    if st.quiet:
        return []
    text = f"{name}'s Treatise {tid} '{t.name}'"
    return [Event(text + (f": {', '.join(parts)}." if parts else " takes effect."), seat)]


def pay_and_activate(st: AcademicState, seat: int, tid: int) -> list[Event]:
    """The owner chose to activate a Treatise with a price: pay it, then the effect follows."""
    t = components().treatises[tid]
    if t.contribution_cost:
        spend_contribution(st, seat, t.contribution_cost)
    pay(st, seat, t.cost)
    st.pending.append(Pending("effect", seat, tid))
    if t.cost_any:
        st.pending.append(Pending("spend", seat, t.cost_any, "effect"))
    if st.quiet:
        return []
    paid = [theories_text(t.cost)] if sum(t.cost) else []
    if t.contribution_cost:
        paid.append(f"{t.contribution_cost} Contribution")
    text = f"{st.names[seat]} activates Treatise {t.id} '{t.name}'"
    return [Event(text + (f", spending {' and '.join(paid)}." if paid else "."), seat)]
