"""The balance lab's view of a High School Drama decision (see :mod:`homeroom.sim.lab`).

Round: the term (school year times the seasons played in a year, plus the season, from 1).
Kind: a short name of the action (``pick-main``, ``play``, ``bond``, ``hookup`` ...). Component: the
student card picked (``PickMain``, ``PickTransfer``), the drama or event card played or bonded
(``PlayCard``, ``Bond``, ``Breakup``), the drama stack drawn from.
"""

from __future__ import annotations

from typing import Any

from homeroom.games.high_school_drama import actions as a


def describe(state: Any, seat: int, action: Any) -> tuple[int, str, str | None]:
    try:
        rnd = int(state.term) + 1
    except (AttributeError, TypeError, ValueError):
        rnd = 0
    if isinstance(action, a.PickMain):
        return rnd, "pick-main", action.card
    if isinstance(action, a.PickTransfer):
        return rnd, "pick-transfer", action.card
    if isinstance(action, a.PlayCard):
        return rnd, "play", action.card
    if isinstance(action, a.Bond):
        return rnd, "bond", action.card
    if isinstance(action, a.Breakup):
        return rnd, "breakup", action.card
    if isinstance(action, a.HookUp):
        return rnd, "hookup", None
    if isinstance(action, a.DrawDrama):
        return rnd, "draw-drama", None
    return rnd, type(action).__name__.lower(), None
