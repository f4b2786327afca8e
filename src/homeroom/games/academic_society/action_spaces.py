"""Action Spaces: where a pawn may be placed in Phase 2, each location's main action and the
bonus action of a starred space (1 Contribution)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Action, Event
from homeroom.games.academic_society.actions import Place, Salon, space_text
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECT_NAME, components
from homeroom.games.academic_society.individual_board import (
    gain,
    has_treatise_option,
    pay,
    sabbatical_options,
)
from homeroom.games.academic_society.management_board import has_blue_move, spend_contribution
from homeroom.games.academic_society.model import Pending

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


_PLACES: dict[str, dict[str, Place]] = {}
"""Place actions are immutable: one object per space and pawn, built once."""
_SPACES: list[Any] = [None, ()]
"""For the components in slot 0: each action space as (id, 4-player only, main action, unlimited)."""


def _space_table() -> tuple[tuple[str, bool, str, bool], ...]:
    comps = components()
    if _SPACES[0] is not comps:
        _SPACES[1] = tuple((sp.id, bool(sp.four_player), comps.locations[sp.location].main,
                            bool(comps.locations[sp.location].unlimited)) for sp in comps.spaces)
        _SPACES[0] = comps
    table: tuple[tuple[str, bool, str, bool], ...] = _SPACES[1]
    return table


def place_options(st: AcademicState, seat: int) -> list[Action]:
    sec = st.sec_hand[seat]
    pawns = (["scholar"] if st.hand[seat] else []) + (
        sorted(set(sec), key=SUBJECT_INDEX.__getitem__) if sec else [])
    out: list[Action] = []
    if not pawns:
        return out
    allowed: dict[str, list[str]] = {}  # main action -> the pawns it is possible with (main_possible)
    board = st.board
    few = st.players < 4
    for space, four_player, main, unlimited in _space_table():
        if four_player and few:
            continue
        if board[space] and not unlimited:
            continue
        ok = allowed.get(main)
        if ok is None:
            ok = allowed[main] = [pawn for pawn in pawns if main_possible(st, seat, main, pawn)]
        if ok:
            row = _PLACES.get(space)
            if row is None:
                row = _PLACES[space] = {}
            for pawn in ok:
                act = row.get(pawn)
                if act is None:
                    act = row[pawn] = Place(space, pawn)
                out.append(act)
    return out


def main_possible(st: AcademicState, seat: int, main: str, pawn: str) -> bool:
    """An action space may only be chosen when its main action can be carried out."""
    if main == "headquarters":
        if min(st.theories[seat]) < 1:
            return False
        left = st.hand[seat] - (pawn == "scholar")
        return bool(sabbatical_options(st, seat, place=left > 0, advance=True))
    if main == "library":
        return has_treatise_option(st, seat)
    if main == "lecture_hall":
        return sum(st.theories[seat]) >= 3 and has_blue_move(st, seat)
    return True


def do_place(st: AcademicState, seat: int, act: Place) -> list[Event]:
    comps = components()
    sp = comps.space(act.space)
    loc = comps.locations[sp.location]
    name = st.names[seat]
    if act.pawn == "scholar":
        st.hand[seat] -= 1
        who = "a scholar"
    else:
        st.sec_hand[seat].remove(act.pawn)
        who = f"the {SUBJECT_NAME[act.pawn]} Secretary"
    st.board[act.space].append((seat, act.pawn))
    quiet = st.quiet
    events = [] if quiet else [Event(f"{name} places {who} on {space_text(act.space)}.", seat)]
    if sp.star:
        st.pending.append(Pending("bonus", seat, 0, loc.id))
    if loc.main == "headquarters":
        pay(st, seat, (1, 1, 1, 1))
        if not quiet:
            events.append(Event(f"{name} spends one Theory of each subject.", seat))
        st.pending.append(Pending("hq", seat))
    elif loc.main == "library":
        st.pending.append(Pending("treatise", seat, 0, "library"))
    elif loc.main == "lecture_hall":
        st.pending.append(Pending("blue", seat, 0, "lecture_hall"))
        st.pending.append(Pending("spend", seat, 3, "lecture_hall"))
    elif loc.main == "gain":
        text = gain(st, seat, loc.main_gain, counted=True)
        if not quiet:
            events.append(Event(f"{name} gains {text}.", seat))
    elif loc.main == "salon":
        st.pending.append(Pending("salon", seat))
    return events


def salon(st: AcademicState, seat: int, act: Salon) -> list[Event]:
    name = st.names[seat]
    if act.exchange:
        st.pending.append(Pending("gain", seat, 2, "salon"))
        st.pending.append(Pending("spend", seat, 2, "salon"))
        return [Event(f"{name} exchanges Theories at the Salon.", seat)]
    st.influence[seat] += 1
    return [Event(f"{name} gains 1 Influence at the Salon.", seat)]


def bonus_possible(st: AcademicState, seat: int, location: str) -> bool:
    comps = components()
    if st.contribution[seat] < comps.rules.bonus_contribution_cost:
        return False
    if comps.locations[location].bonus == "treatise":
        return has_treatise_option(st, seat)
    return True


def do_bonus(st: AcademicState, seat: int, location: str) -> list[Event]:
    comps = components()
    loc = comps.locations[location]
    spend_contribution(st, seat, comps.rules.bonus_contribution_cost)
    events = [Event(f"{st.names[seat]} spends {comps.rules.bonus_contribution_cost} Contribution for the "
                    f"{loc.name} bonus action.", seat)]
    if loc.bonus == "treatise":
        st.pending.append(Pending("treatise", seat, 0, "bonus"))
    elif loc.bonus == "gain_any":
        st.pending.append(Pending("gain", seat, loc.bonus_gain_any, "bonus"))
    elif loc.bonus == "gain":
        events.append(Event(f"{st.names[seat]} gains {gain(st, seat, loc.bonus_gain, counted=False)}.", seat))
    return events
