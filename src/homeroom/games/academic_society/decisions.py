"""The legal actions of each kind of pending decision (what a player may choose now)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action
from homeroom.engine.actions import Made
from homeroom.games.academic_society.action_spaces import bonus_possible, place_options
from homeroom.games.academic_society.actions import (
    Activate,
    Bonus,
    Declare,
    Done,
    Gain,
    Maintain,
    Salon,
    Spend,
)
from homeroom.games.academic_society.components import SUBJECTS, Vec
from homeroom.games.academic_society.individual_board import (
    bounded,
    room,
    sabbatical_options,
    treatise_options,
)
from homeroom.games.academic_society.management_board import blue_moves, red_moves
from homeroom.games.academic_society.model import Pending

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


_SPENDS: dict[Vec, Spend] = {}
_GAINS: dict[Vec, Gain] = {}


def _spend(counts: Vec) -> Spend:
    """One (immutable) Spend action per vector of counts, built once."""
    act = _SPENDS.get(counts)
    if act is None:
        act = _SPENDS[counts] = Spend(counts)
    return act


def _gain(counts: Vec) -> Gain:
    """One (immutable) Gain action per vector of counts, built once."""
    act = _GAINS.get(counts)
    if act is None:
        act = _GAINS[counts] = Gain(counts)
    return act


_DONE = Done()
_SALONS = (Salon(True), Salon(False))
_SALON_INFLUENCE = (_SALONS[1],)
_BONUS_OR_DONE = (Bonus(), _DONE)
_ONLY_DONE = (_DONE,)
"""Actions without fields (or with a flag only), built once for every position that offers them."""

DECLARE: Made[Declare] = Made(Declare, 4096)
MAINTAIN: Made[Maintain] = Made(Maintain, 4096)
ACTIVATE: Made[Activate] = Made(Activate, 4096)
"""By Royal Commission tile, Authority cell and Treatise tile (and whether): the decision's
actions, built once (an action holds its fields only, so one built under another data set is
still the same action; a few dozen numbers in any real data)."""


_VECTOR_ACTIONS: dict[tuple[type[Action], int, int, int, int, int], tuple[Action, ...]] = {}
"""The Spend or Gain actions of every split of n Theories within a bound, built once per key (a
few hundred in practice)."""


def _vector_actions(cls: type[Spend] | type[Gain], n: int, bound: list[int] | Vec) -> list[Action]:
    """``[_spend(d) for d in bounded(n, bound)]`` (or ``_gain``), a new list from a table."""
    key = (cls, n, bound[0], bound[1], bound[2], bound[3])
    found = _VECTOR_ACTIONS.get(key)
    if found is None:
        make = _spend if cls is Spend else _gain
        if len(_VECTOR_ACTIONS) >= 8192:
            _VECTOR_ACTIONS.clear()
        found = _VECTOR_ACTIONS[key] = tuple(make(d) for d in bounded(n, bound))
    return list(found)


def options_for(st: AcademicState, top: Pending) -> list[Action]:
    """The legal actions for the pending decision ``top``."""
    seat, kind = top.seat, top.kind
    if kind == "place":
        return place_options(st, seat)
    if kind == "declare":
        return [DECLARE[top.n, True], DECLARE[top.n, False]]
    if kind == "maintain":
        return [MAINTAIN[top.n, True], MAINTAIN[top.n, False]]
    if kind == "hq":
        return list(sabbatical_options(st, seat, place=st.hand[seat] > 0, advance=True))
    if kind == "advance":
        return list(sabbatical_options(st, seat, place=False, advance=True))
    if kind == "treatise":
        acts: list[Action] = list(treatise_options(st, seat, top.subjects or SUBJECTS))
        if top.ctx == "effect":
            acts.append(_DONE)
        return acts
    if kind == "spend":
        return _vector_actions(Spend, top.n, st.theories[seat])
    if kind == "gain":
        r = room(st, seat)
        n = min(top.n, sum(r))
        return _vector_actions(Gain, n, r)
    if kind == "blue":
        return list(blue_moves(st, seat))
    if kind == "red":
        return list(red_moves(st, seat))
    if kind == "salon":
        return list(_SALONS if sum(st.theories[seat]) >= 2 else _SALON_INFLUENCE)
    if kind == "bonus":
        return list(_BONUS_OR_DONE if bonus_possible(st, seat, top.ctx) else _ONLY_DONE)
    if kind == "activate":
        return [ACTIVATE[top.n], _DONE]
    raise AssertionError(f"unknown decision {kind}")
