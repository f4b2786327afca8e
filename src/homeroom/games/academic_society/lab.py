"""The balance lab's view of an Academic Society decision (see :mod:`homeroom.sim.lab`).

Round: the game round (1-6). Kind: ``place:<location>`` for a placement on an action space
(the location, not the individual space, is the "action space" of the balance study),
``salon:influence`` / ``salon:exchange``, ``upkeep`` / ``skip-upkeep`` for Phase 3 (paying a Research
Report cost or laying the scholar down), ``treatise``, ``activate``, ``sabbatical``, ``commission``
and the action's class name otherwise. Component: the Treatise tile taken or activated
(``treatise-<n>``) or the Royal Commission achieved (``commission-<n>``).
"""

from __future__ import annotations

from typing import Any

from homeroom.games.academic_society import actions as a
from homeroom.games.academic_society.components import components


def describe(state: Any, seat: int, action: Any) -> tuple[int, str, str | None]:
    rnd = int(getattr(state, "round", 0))
    if isinstance(action, a.Place):
        try:
            location = components().space(action.space).location
        except KeyError:
            location = action.space
        return rnd, f"place:{location}", None
    if isinstance(action, a.Salon):
        return rnd, "salon:exchange" if action.exchange else "salon:influence", None
    if isinstance(action, a.Maintain):
        return rnd, "upkeep" if action.keep else "skip-upkeep", None
    if isinstance(action, a.TakeTreatise):
        return rnd, "treatise", f"treatise-{action.tile}"
    if isinstance(action, a.Activate):
        return rnd, "activate", f"treatise-{action.tile}"
    if isinstance(action, a.Declare):
        return rnd, "commission" if action.achieve else "commission:decline", (
            f"commission-{action.tile}" if action.achieve else None)
    if isinstance(action, a.Sabbatical):
        return rnd, "sabbatical:advance" if action.advance else "sabbatical:place", None
    return rnd, type(action).__name__.lower(), None
