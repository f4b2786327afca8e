"""Picking main students, in turn from the youngest player; the last to pick takes the semester
leader icon (rulebook: Pick Your Main Student)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Event
from homeroom.games.high_school_drama.clique import Placement

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


RULEBOOK_WAY = "seat 1 is the youngest player, who picks first"
"""What ``first_player = 0`` means: "The youngest player picks their main student first"."""


def first_picker(options: dict[str, Any]) -> int:
    """The seat (0-based) that picks its main student first: seat 1 stands for the youngest
    player unless the players named another seat (option ``first_player``)."""
    chosen = int(options.get("first_player", 0))
    return chosen - 1 if chosen else 0


def who_starts(state: HSDState) -> str:
    """The log line naming who picks first and why."""
    seat = first_picker(state.options)
    why = ("seat 1 stands for the youngest player" if not state.options.get("first_player")
           else "the players chose")
    return (f"{state.names[seat]} picks a main student first ({why}), then clockwise; the last to pick "
            "leads the first semester.")


def place_main(state: HSDState, seat: int, card: str, ev: list[Event]) -> None:
    """``card`` becomes the nucleus of ``seat``'s clique, at (0, 0)."""
    state.cliques[seat] = {card: Placement(0, 0, None, 0)}
    if not state.quiet:
        ev.append(Event(f"{state.names[seat]} picks {state.name(card)} as main student.", seat))


def pick(state: HSDState, seat: int, card: str, ev: list[Event]) -> bool:
    """``seat`` picks ``card`` from the quad; True when everyone has picked (the last to pick
    then holds the semester leader icon)."""
    place_main(state, seat, card, ev)
    state.quad.remove(card)
    state.queue.pop(0)
    if state.queue:
        return False
    state.leader = seat
    if not state.quiet:
        ev.append(Event(f"{state.names[seat]} picked last and takes the semester leader icon.", seat))
    return True
