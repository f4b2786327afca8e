"""The fifth speed pass of issue 18 changes no answer: at every position of seeded random 2-4
player games, the table-driven checks and option lists equal verbatim copies of the code before."""

from __future__ import annotations

import itertools

from homeroom import games
from homeroom.engine import Rng
from homeroom.games.academic_society.actions import Gain, Spend, TakeTreatise
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECTS, components
from homeroom.games.academic_society.decisions import _gain, _spend, _vector_actions
from homeroom.games.academic_society.individual_board import (
    bounded,
    capacity,
    has_treatise_option,
    revealed_tiles,
    treatise_options,
)
from homeroom.games.academic_society.management_board import has_blue_move
from homeroom.games.academic_society.state import AcademicState


def old_has_treatise_option(st: AcademicState, seat: int) -> bool:
    rows = components().rows
    sab = st.sabbatical[seat]
    caps = [rows[i].capacity if sab[i] else 0 for i in range(4)]
    if not any(caps):
        return False
    treatises = components().treatises
    for s in SUBJECTS:
        for tid in st.tr_revealed[s]:
            for subject in treatises[tid].subjects:
                if caps[SUBJECT_INDEX[subject]]:
                    return True
    return False


def old_has_blue_move(st: AcademicState, seat: int) -> bool:
    cells = components().cells
    return any(cells[o].blue for o in st.authority[seat])


def old_treatise_options(st: AcademicState, seat: int, subjects: tuple[str, ...] = SUBJECTS) -> list[TakeTreatise]:
    comps = components()
    out: list[TakeTreatise] = []
    caps = [capacity(st, seat, i) for i in range(4)]
    if not any(caps):
        return out
    for tid in revealed_tiles(st):
        for subject in comps.treatises[tid].subjects:
            if subject not in subjects:
                continue
            row = SUBJECT_INDEX[subject]
            cap = caps[row]
            if not cap:
                continue
            held = st.presentation[seat][row]
            if len(held) < cap:
                out.append(TakeTreatise(tid, subject, len(held), False))
            else:
                out.extend(TakeTreatise(tid, subject, slot, True) for slot in range(cap))
    return out


def test_checks_and_options_are_the_code_before() -> None:
    game = games.get("academic-society")
    checked = 0
    for players in (2, 3, 4):
        for seed in range(5):
            state = game.new_state(players, seed)
            assert isinstance(state, AcademicState)
            rng = Rng(seed + 70)
            while not state.is_terminal():
                for seat in range(players):
                    assert has_treatise_option(state, seat) == old_has_treatise_option(state, seat)
                    assert has_blue_move(state, seat) == old_has_blue_move(state, seat)
                    assert treatise_options(state, seat) == old_treatise_options(state, seat)
                    assert treatise_options(state, seat, ("physics",)) == old_treatise_options(state, seat, ("physics",))
                    checked += 1
                state.apply(rng.choice(state.legal_actions()))
    assert checked > 2000


def test_spend_and_gain_lists_are_the_splits_within_the_bound() -> None:
    for n in range(0, 7):
        for bound in itertools.product(range(0, 5), repeat=4):
            want_spend = [_spend(d) for d in bounded(n, bound)]
            want_gain = [_gain(d) for d in bounded(n, list(bound))]
            got = _vector_actions(Spend, n, bound)
            assert got == want_spend and got is not _vector_actions(Spend, n, bound)  # a new list each time
            assert _vector_actions(Gain, n, list(bound)) == want_gain
