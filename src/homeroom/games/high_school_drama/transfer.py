"""Transfer Student Bonus: the last seat joins late, picks any student of the deck, gets one of
each drama card and 2 signatures per semester missed (rulebook: Expanded Play Options)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Event
from homeroom.games.high_school_drama.constants import SEASONS, TRANSFER_PER_SEMESTER, YEARS
from homeroom.games.high_school_drama.main_student import place_main
from homeroom.games.high_school_drama.scoring import gain

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState

TRANSFER_CHOICES = ("none",) + tuple(
    f"{y}-{s}" for y in YEARS for s in SEASONS if (y, s) != ("freshman", "fall")
)
"""Values of the ``transfer_student`` option: no transfer, or the semester the transfer joins."""


def transfer_term(options: dict[str, Any]) -> int | None:
    """The index (0-based, counting played semesters) of the semester the transfer joins."""
    value = options.get("transfer_student", "none")
    if value == "none":
        return None
    year, season = value.split("-")
    per_year = 4 if options.get("summer_school") else 3
    return YEARS.index(year) * per_year + SEASONS.index(season)


def transfer_due(state: HSDState) -> bool:
    """Does the transfer student join at the start of this semester?"""
    ts = transfer_term(state.options)
    return ts is not None and state.term == ts and not state.enrolled[state.players - 1]


def join(state: HSDState, seat: int, card: str, ev: list[Event]) -> None:
    state.enrolled[seat] = True
    state.student_deck.remove(card)
    place_main(state, seat, card, ev)
    missed = state.term
    got = gain(state, seat, TRANSFER_PER_SEMESTER * missed, "transfer")
    for d in state.drama_of[seat]:  # "give them one of each drama card"
        state.box.remove(d)
        if state.public_draft:
            state.stacks[state.comps.drama[d].kind].append(d)
        else:
            state.reserve[seat].append(d)
    ev.append(Event(
        f"{state.names[seat]} transfers in, missed {missed} semester(s) and starts with {got} signature(s).",
        seat))
