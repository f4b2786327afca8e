"""Game Overview: 7 rounds of six phases. The driver that runs a round.

``advance`` runs everything automatic (phase changes, forced steps, effects without a choice)
until a seat has a real decision; ``apply`` carries out one decision and then advances. The phases
themselves live in modules named after the rulebook's sections.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.academic_society import (
    contribution_to_the_nation,
    effects_of_contribution,
    maintaining_authority,
    research_activities,
    treatise_presentation,
)
from homeroom.games.academic_society.action_spaces import do_bonus, do_place, salon
from homeroom.games.academic_society.actions import (
    Activate,
    Bonus,
    Declare,
    Done,
    Gain,
    Maintain,
    Move,
    Place,
    Sabbatical,
    Salon,
    Spend,
    TakeTreatise,
    theories_text,
)
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECT_NAME, components
from homeroom.games.academic_society.decisions import options_for
from homeroom.games.academic_society.individual_board import gain, pay, take_treatise
from homeroom.games.academic_society.management_board import column_rule, move_scholar
from homeroom.games.academic_society.model import Pending
from homeroom.games.academic_society.preparation import phase6
from homeroom.games.academic_society.scoring import scores
from homeroom.games.academic_society.treatises import pay_and_activate, run_effect

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def advance(st: AcademicState) -> list[Event]:
    """Run automatic steps until someone must decide (or the game ends)."""
    events: list[Event] = []
    while True:
        if st.pending:
            top = st.pending[-1]
            if top.kind == "effect":
                st.pending.pop()
                events += run_effect(st, top.seat, top.n)
                continue
            opts = options_for(st, top)
            if len(opts) <= 1:
                # no real choice: carry out the only possibility (or drop an impossible optional step)
                st.pending.pop()
                if top.kind == "treatise" and (not opts or isinstance(opts[0], Done)):
                    if not st.quiet:
                        events.append(Event(f"{st.names[top.seat]} has no revealed Treatise that fits a "
                                            "presentation space.", top.seat))
                elif opts:
                    events += handle(st, top, opts[0])
                continue
            st.__dict__["_c_options"] = opts
            return events
        if st.phase == 0:
            return events
        if st.queue:
            events += run_task(st, st.queue.pop(0))
            continue
        events += next_step(st)


def apply(st: AcademicState, action: Action) -> list[Event]:
    top = st.pending.pop()
    events = handle(st, top, action)
    return events + advance(st)


def handle(st: AcademicState, top: Pending, act: Action) -> list[Event]:
    """Carry out ``act`` for the decision ``top`` (already popped)."""
    seat = top.seat
    name = st.names[seat]
    if isinstance(act, Place):
        return do_place(st, seat, act)
    if isinstance(act, Declare):
        return contribution_to_the_nation.declare(st, seat, act)
    if isinstance(act, Maintain):
        return maintaining_authority.maintain(st, seat, act)
    if isinstance(act, Sabbatical):
        row = SUBJECT_INDEX[act.subject]
        if act.advance:
            st.sabbatical[seat][row] += 1
            if st.quiet:
                return []
            return [Event(f"{name} advances the {SUBJECT_NAME[act.subject]} Sabbatical scholar to space "
                          f"{st.sabbatical[seat][row]}.", seat)]
        st.hand[seat] -= 1
        st.sabbatical[seat][row] = 1
        if st.quiet:
            return []
        return [Event(f"{name} sends a scholar on Sabbatical: {SUBJECT_NAME[act.subject]} track, space 1.", seat)]
    if isinstance(act, TakeTreatise):
        return take_treatise(st, seat, act)
    if isinstance(act, Spend):
        pay(st, seat, act.counts)
        if st.quiet:
            return []
        return [Event(f"{name} spends {theories_text(act.counts)}.", seat)]
    if isinstance(act, Gain):
        text = gain(st, seat, act.counts, counted=False)
        if st.quiet:
            return []
        return [Event(f"{name} gains {text}.", seat)]
    if isinstance(act, Move):
        move_scholar(st, seat, act.cell, act.to)
        if st.quiet:
            return column_rule(st, seat)
        arrow = "red" if top.kind == "red" else "blue"
        return [Event(f"{name} moves a scholar along the {arrow} arrow from cell {act.cell} to cell {act.to}.",
                      seat), *column_rule(st, seat)]
    if isinstance(act, Salon):
        return salon(st, seat, act)
    if isinstance(act, Bonus):
        return do_bonus(st, seat, top.ctx)
    if isinstance(act, Activate):
        return pay_and_activate(st, seat, act.tile)
    if isinstance(act, Done):
        if top.kind == "activate" and not st.quiet:
            return [Event(f"{name} does not activate Treatise {top.n}.", seat)]
        return []
    raise AssertionError(f"unhandled action {act!r}")


def begin_phase(st: AcademicState, phase: int) -> list[Event]:
    st.phase = phase
    if phase == 1:
        return contribution_to_the_nation.begin(st)
    if phase == 2:
        return research_activities.begin(st)
    if phase == 3:
        return maintaining_authority.begin(st)
    if phase == 4:
        return effects_of_contribution.begin(st)
    if phase == 5:
        return treatise_presentation.begin(st)
    raise AssertionError(phase)


def next_step(st: AcademicState) -> list[Event]:
    """Nothing pending and no task queued: the next Phase 2 turn, or the end of the phase."""
    if st.phase == 2 and research_activities.next_turn(st):
        return []
    return finish_phase(st)


def finish_phase(st: AcademicState) -> list[Event]:
    comps = components()
    if st.phase == 1:
        return contribution_to_the_nation.finish(st) + begin_phase(st, 2)
    if st.phase == 2:
        return research_activities.finish(st) + begin_phase(st, 3)
    if st.phase == 3:
        return maintaining_authority.finish(st) + begin_phase(st, 4)
    if st.phase == 4:
        return begin_phase(st, 5)
    if st.phase == 5:
        st.phase = 6
        events = phase6(st)
        if st.round >= comps.rules.rounds:  # the round marker moves on to the END space
            st.phase = 0
            final = scores(st)
            return events + [Event("The round marker reaches END. The game is over. " + "; ".join(
                f"{st.names[s]} {final[s].total} Influence" for s in range(st.players)) + ".")]
        st.round += 1
        return events + begin_phase(st, 1)
    raise AssertionError(st.phase)


def run_task(st: AcademicState, task: tuple[str, int, int]) -> list[Event]:
    kind, seat, arg = task
    if kind == "declare":
        return contribution_to_the_nation.offer(st, seat, arg)
    if kind == "maintain":
        return maintaining_authority.maintain_task(st, seat, arg)
    if kind == "p4bonus":
        return effects_of_contribution.space_bonus(st, seat)
    if kind == "p4penalty":
        return effects_of_contribution.lowest_penalty(st, seat)
    if kind == "p5start":
        return treatise_presentation.start_turn(st, seat)
    if kind == "p5next":
        return treatise_presentation.next_activation(st, seat)
    raise AssertionError(kind)
