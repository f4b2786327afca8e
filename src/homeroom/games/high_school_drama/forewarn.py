"""Warnings before what hits a clique without its owner deciding: a relationship weak enough for a
rival's student to break up (rulebook: Breakups; "cruel enough" is cruel at least the bonds on it),
and the summer that follows the last semester of a year (the quad's leftovers leave, the Student
Standouts are voted). Read only from the cliques, the calendar and the options, which everyone
sees (an event's hidden cruel bonus is not counted). No rules run here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.games.high_school_drama.constants import YEARS

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState

SHOWN = 3
"""At most this many weak relationships are named in the warning."""


def warnings(st: HSDState, seat: int | None) -> list[dict[str, str]]:
    """The warnings for ``seat`` now (none for a spectator, a seat out of the game, or at the end)."""
    if seat is None or not 0 <= seat < st.players or st.phase == "over" or not st.enrolled[seat]:
        return []
    out: list[dict[str, str]] = []
    weak = weak_text(st, seat)
    if weak:
        out.append({"text": weak, "section": "Breakups"})
    if st.season == st.seasons_played - 1:
        last = st.year >= st.last_year
        after = ("the Student Standouts are voted and then everyone graduates" if last else
                 "the Student Standouts are voted (a signature each, ties count for all) and fresh cards arrive")
        out.append({"text": f"This is the last semester of the {YEARS[st.year]} year: then summer comes. The cards "
                            f"still in the quad leave (it is not refilled before then), {after}.",
                    "section": "Summer Semester"})
    return out


def weak_text(st: HSDState, seat: int) -> str:
    """The seat's relationships some rival's student is cruel enough to break up, cruellest first."""
    cards = st.cards
    attackers = [(cards[cid].cruel, rival, cid) for rival in range(st.players)
                 if rival != seat and st.enrolled[rival]
                 for cid in st.cliques[rival] if cards[cid].is_student]
    if not attackers:
        return ""
    cruel, rival, student = max(attackers)
    weak = [(p.bonds, cid, p.parent) for cid, p in st.cliques[seat].items()
            if p.parent is not None and 0 < p.bonds <= cruel]
    if not weak:
        return ""
    weak.sort()
    named = ", ".join(f"{st.name(parent)} & {st.name(cid)} ({bonds} bond{'s' if bonds > 1 else ''})"
                      for bonds, cid, parent in weak[:SHOWN])
    more = f" and {len(weak) - SHOWN} more" if len(weak) > SHOWN else ""
    return (f"{st.names[rival]}'s {st.name(student)} (cruel {cruel}) is cruel enough to break up {named}{more}: "
            "a breakup needs cruel at least the bonds on a relationship, takes one bond, and at 0 the card and "
            "everything hanging from it go back to the quad. More bonds protect it.")
