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

from homeroom.engine.bots import Line
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


KINDS = {
    "salon:influence": "Salon: gain 1 Influence", "salon:exchange": "Salon: exchange 2 Theories",
    "upkeep": "Pay a Research Report", "skip-upkeep": "Lay a scholar down (no Research Report)",
    "treatise": "Take a Treatise", "activate": "Activate a Treatise", "commission": "Achieve a Royal Commission",
    "commission:decline": "Decline a Royal Commission", "sabbatical:advance": "Sabbatical: advance",
    "sabbatical:place": "Sabbatical: place a scholar", "spend": "Spend Theories", "gain": "Gain Theories",
    "move": "Move a scholar on the Authority track", "bonus": "Bonus action (1 Contribution)",
    "done": "Decline an optional step",
}
"""Action kinds as the rulebook calls them."""


def label(key: str) -> str | None:
    """An action kind or component id as the rulebook names it; None when it is neither."""
    comp = components()
    if key in KINDS:
        return KINDS[key]
    head, _, rest = key.partition(":")
    if head == "place" and rest in comp.locations:
        return f"Place: {comp.locations[rest].name}"
    kind, _, number = key.rpartition("-")
    if number.isdigit():
        if kind == "treatise" and int(number) in comp.treatises:
            return f"Treatise {number}: {comp.treatises[int(number)].name}"
        if kind == "commission" and int(number) in comp.commissions:
            return f"Royal Commission {number}"
    return None


def _one_sabbatical(state: Any, seat: int, legal: list[Any], memory: dict[str, Any]) -> Any:
    """Commit to one Sabbatical track: the Society Headquarters whenever it may, and on a Sabbatical
    step always the committed subject (the first one offered), advancing rather than placing anew."""
    sabbatical = [x for x in legal if isinstance(x, a.Sabbatical)]
    if sabbatical:
        subject = memory.setdefault("subject", max(sabbatical, key=lambda x: x.advance).subject)
        own = [x for x in sabbatical if x.subject == subject]
        return max(own, key=lambda x: x.advance) if own else None
    comp = components()
    return next((x for x in legal if isinstance(x, a.Place) and _location(comp, x.space) == "headquarters"), None)


def _location(comp: Any, space: str) -> str:
    try:
        return str(comp.space(space).location)
    except KeyError:
        return space


PROBES = (
    Line("one-sabbatical", "Commit to one Sabbatical track: Society Headquarters whenever possible, "
         "always the same subject", _one_sabbatical),
)
"""The scripted lines ``homeroom lab probe academic-society`` tries (seat kind ``probe:NAME``)."""
