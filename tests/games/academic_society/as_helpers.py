"""Helpers for Academic Society scenario tests: build positions by hand and step through them."""

from __future__ import annotations

from homeroom.engine import Action, Event
from homeroom.games.academic_society import GAME, rounds
from homeroom.games.academic_society.actions import Declare
from homeroom.games.academic_society.model import Pending
from homeroom.games.academic_society.state import AcademicState


def new(players: int = 2, seed: int = 1) -> AcademicState:
    st = GAME.new_state(players, seed)
    assert isinstance(st, AcademicState)
    return st


def refresh(st: AcademicState) -> None:
    """Forget cached legal actions after editing a state by hand."""
    st.invalidate()


def run(st: AcademicState) -> list[Event]:
    """Run the automatic steps after a hand edit, up to the next decision."""
    refresh(st)
    events = rounds.advance(st)
    return events


def stage(st: AcademicState, phase: int, *pending: Pending, queue: list[tuple[str, int, int]] | None = None,
          round: int | None = None) -> list[Event]:
    """Put the game in ``phase`` with exactly these decisions (bottom first) and tasks, then advance."""
    st.phase = phase
    st.pending = list(pending)
    st.queue = list(queue or [])
    if round is not None:
        st.round = round
    return run(st)


def begin(st: AcademicState, phase: int, round: int | None = None) -> list[Event]:
    """Start ``phase`` from its beginning (as the game would) and advance to the first decision."""
    if round is not None:
        st.round = round
    st.pending, st.queue = [], []
    events = rounds.begin_phase(st, phase)
    return events + run(st)


def start_round_with(st: AcademicState, tiles: list[int], round: int = 1) -> list[Event]:
    """Begin Phase 1 of ``round`` revealing exactly ``tiles`` (Royal Commission ids) first."""
    st.rc_pile = [t for t in st.rc_pile + st.rc_revealed + st.rc_done if t not in tiles] + list(reversed(tiles))
    st.rc_revealed, st.rc_done = [], []
    return begin(st, 1, round)


def decline_phase1(st: AcademicState) -> None:
    while st.pending and st.pending[-1].kind == "declare":
        st.apply(Declare(st.pending[-1].n, False))


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def play(st: AcademicState, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for a in actions:
        events += st.apply(a)
    return events


def give(st: AcademicState, seat: int, math: int = 0, physics: int = 0, astronomy: int = 0,
         chemistry: int = 0) -> None:
    st.theories[seat] = [math, physics, astronomy, chemistry]
    refresh(st)
