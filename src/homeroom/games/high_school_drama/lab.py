"""The balance lab's view of a High School Drama decision (see :mod:`homeroom.sim.lab`).

Round: the term (school year times the seasons played in a year, plus the season, from 1).
Kind: a short name of the action (``pick-main``, ``play``, ``bond``, ``hookup`` ...). Component: the
student card picked (``PickMain``, ``PickTransfer``), the drama or event card played or bonded
(``PlayCard``, ``Bond``, ``Breakup``), the drama stack drawn from.
"""

from __future__ import annotations

from typing import Any

from homeroom.engine.bots import Line
from homeroom.games.high_school_drama import actions as a
from homeroom.games.high_school_drama.components import load


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


KINDS = {
    "pick-main": "Pick your main student", "pick-transfer": "Transfer student: pick a main student",
    "play": "Play a card", "bond": "Bond", "breakup": "Break up", "hookup": "Hook up",
    "draw-drama": "Draw a drama card", "drawevent": "Draw a special event", "discard": "Discard a kept card",
    "keephand": "Keep your hand", "exchange": "Exchange a bond for a signature", "exchangedone": "Stop exchanging",
}
"""Action kinds as the rulebook calls them."""


def label(key: str) -> str | None:
    """An action kind or card id as the rulebook names it; None when it is neither."""
    if key in KINDS:
        return KINDS[key]
    name = load().name(key)
    return name if name != key else None


def _hoard_events(state: Any, seat: int, legal: list[Any], memory: dict[str, Any]) -> Any:
    """Hoard events: draw from the special event deck whenever the rules allow."""
    return next((x for x in legal if isinstance(x, a.DrawEvent)), None)


PROBES = (
    Line("hoard-events", "Hoard events: draw a special event whenever possible", _hoard_events),
)
"""The scripted lines ``homeroom lab probe high-school-drama`` tries (seat kind ``probe:NAME``)."""
