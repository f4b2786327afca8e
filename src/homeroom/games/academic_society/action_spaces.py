"""Action Spaces: where a pawn may be placed in Phase 2, each location's main action and the
bonus action of a starred space (1 Contribution)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Action, Event
from homeroom.games.academic_society.actions import Place, Salon, space_text
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECT_NAME, SUBJECTS, components
from homeroom.games.academic_society.individual_board import (
    gain,
    has_sabbatical_option,
    has_treatise_option,
    pay,
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


_ROWS: list[Any] = [None, (), ()]
"""For the components in slot 0: the action spaces open at fewer than 4 players (slot 1) and at 4
(slot 2), in runs of the same main action, each run as (main action, whether it may be impossible,
its spaces as (id, unlimited, its Place action for each pawn))."""
_SCHOLAR = ("scholar",)
_CHECKED = frozenset(("headquarters", "library", "lecture_hall"))
"""The main actions :func:`main_possible` may refuse (every other one is always possible)."""
_Run = tuple[str, bool, tuple[tuple[str, bool, dict[str, Place]], ...]]


def _place_runs(few: bool) -> tuple[_Run, ...]:
    comps = components()
    if _ROWS[0] is not comps:
        for slot, short in ((1, True), (2, False)):
            runs: list[tuple[str, list[tuple[str, bool, dict[str, Place]]]]] = []
            for space, four_player, main, unlimited in _space_table():
                if four_player and short:
                    continue
                places = _PLACES.setdefault(space, {})
                for pawn in ("scholar", *SUBJECTS):
                    if pawn not in places:
                        places[pawn] = Place(space, pawn)
                if not runs or runs[-1][0] != main:
                    runs.append((main, []))
                runs[-1][1].append((space, unlimited, places))
            _ROWS[slot] = tuple((main, main in _CHECKED, tuple(rows)) for main, rows in runs)
        _ROWS[0] = comps
    table: tuple[_Run, ...] = _ROWS[1 if few else 2]
    return table


_SCHOLAR_ROWS: list[Any] = [None, (), ()]
_ScholarRun = tuple[str, bool, tuple[tuple[str, bool, Place], ...]]


def _scholar_runs(few: bool) -> tuple[_ScholarRun, ...]:
    """:func:`_place_runs` with each space's Place action for the scholar alone."""
    _place_runs(few)  # built for the current components
    if _SCHOLAR_ROWS[0] is not _ROWS[0]:
        for slot, short in ((1, True), (2, False)):
            _SCHOLAR_ROWS[slot] = tuple((main, checked, tuple((space, unlimited, places["scholar"])
                                                                for space, unlimited, places in rows))
                                        for main, checked, rows in _place_runs(short))
        _SCHOLAR_ROWS[0] = _ROWS[0]
    table: tuple[_ScholarRun, ...] = _SCHOLAR_ROWS[1 if few else 2]
    return table


def place_options(st: AcademicState, seat: int) -> list[Action]:
    """Every Place action of ``seat``, in the order of the action spaces (then the pawns)."""
    hand = st.hand[seat]
    sec = st.sec_hand[seat]
    pawns: tuple[str, ...] | list[str]
    if sec:
        pawns = (["scholar"] if hand else []) + sorted(set(sec), key=SUBJECT_INDEX.__getitem__)
    elif hand:
        pawns = _SCHOLAR
    else:
        return []
    out: list[Action] = []
    allowed: dict[str, tuple[str, ...] | list[str]] = {}  # main action -> the pawns it is possible with
    board = st.board
    if pawns is _SCHOLAR:  # the usual case: one pawn, its Place action straight from the run
        for main, checked, spaces in _scholar_runs(st.players < 4):
            open_run = False
            for space, unlimited, place in spaces:
                if board[space] and not unlimited:
                    continue
                if not open_run:  # asked once a space of the run is open
                    if checked:
                        with_ = allowed.get(main)
                        if with_ is None:
                            with_ = allowed[main] = _possible_with(st, seat, main, pawns)
                        if not with_:
                            break
                    open_run = True
                out.append(place)
        return out
    for main, checked, rows in _place_runs(st.players < 4):
        ok: tuple[str, ...] | list[str] | None = None
        for space, unlimited, places in rows:
            if board[space] and not unlimited:
                continue
            if ok is None:  # asked once a space of the run is open
                if checked:
                    ok = allowed.get(main)
                    if ok is None:
                        ok = allowed[main] = _possible_with(st, seat, main, pawns)
                else:
                    ok = pawns
                if not ok:
                    break
            for pawn in ok:
                out.append(places[pawn])
    return out


def _possible_with(st: AcademicState, seat: int, main: str,
                   pawns: tuple[str, ...] | list[str]) -> tuple[str, ...] | list[str]:
    """The pawns with which :func:`main_possible` holds (only the Headquarters depend on the pawn)."""
    if main == "headquarters":
        if min(st.theories[seat]) < 1:
            return ()
        hand = st.hand[seat]
        known: dict[bool, bool] = {}  # whether a scholar is left to place on a track -> possible
        out = []
        for pawn in pawns:
            place = hand - (pawn == "scholar") > 0
            ok = known.get(place)
            if ok is None:
                ok = known[place] = has_sabbatical_option(st, seat, place=place)
            if ok:
                out.append(pawn)
        return out
    if main in ("library", "lecture_hall"):
        return pawns if main_possible(st, seat, main, pawns[0]) else ()
    return pawns


def main_possible(st: AcademicState, seat: int, main: str, pawn: str) -> bool:
    """An action space may only be chosen when its main action can be carried out."""
    if main == "headquarters":
        if min(st.theories[seat]) < 1:
            return False
        left = st.hand[seat] - (pawn == "scholar")
        return has_sabbatical_option(st, seat, place=left > 0)
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
        if st.quiet:
            return []
        return [Event(f"{name} exchanges Theories at the Salon.", seat)]
    st.influence[seat] += 1
    if st.quiet:
        return []
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
    quiet = st.quiet
    events = [] if quiet else [Event(f"{st.names[seat]} spends {comps.rules.bonus_contribution_cost} "
                                     f"Contribution for the {loc.name} bonus action.", seat)]
    if loc.bonus == "treatise":
        st.pending.append(Pending("treatise", seat, 0, "bonus"))
    elif loc.bonus == "gain_any":
        st.pending.append(Pending("gain", seat, loc.bonus_gain_any, "bonus"))
    elif loc.bonus == "gain":
        text = gain(st, seat, loc.bonus_gain, counted=False)
        if not quiet:
            events.append(Event(f"{st.names[seat]} gains {text}.", seat))
    return events
