"""Phase 1: Contribution to the Nation. Royal Commission tiles are revealed (1 a round in rounds 1-4,
2 in rounds 5-7); in turn order each player declares for each tile whether to achieve it, paying its
cost for 2 Contribution; then the tiles leave the game. With 2 players, a subject needing 2 or more
Theories over the revealed tiles brings its Secretary to the Secretariat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.academic_society.actions import Declare, theories_text
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECT_NAME, SUBJECTS, Vec, components
from homeroom.games.academic_society.individual_board import can_pay, pay, reduced
from homeroom.games.academic_society.management_board import gain_contribution
from homeroom.games.academic_society.model import Pending

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def begin(st: AcademicState) -> list[Event]:
    comps = components()
    count = comps.rules.royal_commission_per_round[st.round - 1]
    for _ in range(count):
        if st.rc_pile:
            st.rc_revealed.append(st.rc_pile.pop())
    events = [] if st.quiet else [Event(f"Round {st.round}. Phase 1: Royal Commission "
                    + ", ".join(f"{t} (cost {theories_text(comps.commissions[t].cost)})" for t in st.rc_revealed)
                    + " revealed.", reveals=True)]
    if st.players == 2:
        events += two_player_secretaries(st)
    st.queue = [("declare", seat, t) for seat in st.order for t in st.rc_revealed]
    return events


def finish(st: AcademicState) -> list[Event]:
    """Every player has declared: the revealed tiles leave the game."""
    st.rc_done += st.rc_revealed
    st.rc_revealed = []
    return []


def two_player_secretaries(st: AcademicState) -> list[Event]:
    """2 players, Phase 1: a subject with 2+ Theories over the revealed tiles brings its Secretary
    from beside the board to the Secretariat."""
    comps = components()
    events = []
    for i, subject in enumerate(SUBJECTS):
        total = sum(comps.commissions[t].cost[i] for t in st.rc_revealed)
        if total >= comps.rules.two_player_secretary_threshold and subject in st.beside:
            st.beside.remove(subject)
            st.secretariat.append(subject)
            st.secretariat.sort(key=SUBJECT_INDEX.__getitem__)
            if not st.quiet:
                    events.append(Event(f"The {SUBJECT_NAME[subject]} Secretary takes its place on the Secretariat."))
    return events


def commission_cost(st: AcademicState, seat: int, tile: int) -> Vec:
    """The tile's cost less 1 in each subject whose Royal Commission reduction the seat has."""
    return reduced(st, seat, components().commissions[tile].cost, "royal_commission")


def offer(st: AcademicState, seat: int, tile: int) -> list[Event]:
    """The seat's declaration for ``tile``: a decision if it can pay, else 'not achieved'."""
    if can_pay(st, seat, commission_cost(st, seat, tile)):
        st.pending.append(Pending("declare", seat, tile))
        return []
    if st.quiet:
        return []
    return [Event(f"{st.names[seat]} cannot pay for Royal Commission {tile} and does not achieve it.", seat)]


def declare(st: AcademicState, seat: int, act: Declare) -> list[Event]:
    name = st.names[seat]
    if not act.achieve:
        if st.quiet:
            return []
        return [Event(f"{name} does not achieve Royal Commission {act.tile}.", seat)]
    cost = commission_cost(st, seat, act.tile)
    pay(st, seat, cost)
    got = gain_contribution(st, seat, components().commissions[act.tile].contribution)
    if st.quiet:
        return []
    return [Event(f"{name} achieves Royal Commission {act.tile}, spending {theories_text(cost)}, "
                  f"and gains {got}.", seat)]
