"""The balance lab's view of a Class of '89 decision (see :mod:`homeroom.sim.lab`).

Round: the game round. Kind: ``place:<location>`` for placing a club member, ``take`` /
``photograph`` / ``take-entrance`` for taking a student card or tile, ``member:<member>`` for using
a club member's ability, and the action's class name otherwise. Component: the card or tile taken
(``Take``, ``Photograph``) or the token bought or put.
"""

from __future__ import annotations

from typing import Any

from homeroom.engine.bots import Line
from homeroom.games.class_of_89 import actions as a
from homeroom.games.class_of_89.components import components


def describe(state: Any, seat: int, action: Any) -> tuple[int, str, str | None]:
    rnd = int(getattr(state, "round", 0))
    if isinstance(action, a.Place):
        return rnd, f"place:{action.location}", None
    if isinstance(action, a.Take):
        return rnd, "take", action.card
    if isinstance(action, a.Photograph):
        return rnd, "photograph", action.card
    if isinstance(action, a.TakeEntrance):
        return rnd, "take-entrance", None
    if isinstance(action, a.UseMember):
        return rnd, f"member:{action.member}" if action.member else "member", None
    if isinstance(action, a.BuyToken):
        return rnd, "buy-token", f"token-{action.token}" if action.token else None
    return rnd, type(action).__name__.lower(), None


KINDS = {
    "take": "Take a card or tile", "photograph": "Photographer: an extra student",
    "take-entrance": "Take a 1x1 tile at the School Entrance", "buy-token": "Buy a location token",
    "refresh": "Refresh a location", "unstore": "Move a stored token", "shifttoken": "Move a token (2 signatures)",
    "endturn": "End the turn", "forgo": "Forgo the turn", "choosetoken": "Choose a token",
    "puttoken": "Put a token", "placeonebyone": "Place the 1x1 tile", "keep": "Keep a drawn card",
    "decline": "Decline (take nothing)", "reward": "Take a reward", "chooseside": "Choose a column board side",
    "member": "Use a team member",
}
"""Action kinds as the rulebook calls them (the ``describe`` texts of :mod:`.actions`, shortened)."""


def label(key: str) -> str | None:
    """An action kind or component id as the rulebook names it; None when it is neither."""
    comp = components()
    if key in KINDS:
        return KINDS[key]
    head, _, rest = key.partition(":")
    if head == "place" and rest:
        if rest == "entrance":
            return "Place: School Entrance"
        names = {lc.id: lc.name for lc in comp.locations}
        return f"Place: {names.get(rest, rest)}"
    if head == "member" and rest:
        return f"Use the {comp.member_name(rest)}" if rest in comp.board["names"]["members"] else None
    if key.startswith("token-"):
        token = key[len("token-"):]
        return f"{comp.token_name(token)} token" if token in comp.board["names"]["tokens"] else None
    if key in comp.objectives:
        return str(comp.objectives[key].name)
    name = comp.card_name(key)
    return name if name != key else None


def _entrance(state: Any, seat: int, legal: list[Any], memory: dict[str, Any]) -> Any:
    """Always the School Entrance: send a team member there whenever the rules allow."""
    return next((x for x in legal if isinstance(x, a.Place) and x.location == "entrance"), None)


def _rush_club(state: Any, seat: int, legal: list[Any], memory: dict[str, Any]) -> Any:
    """Rush one club track: commit to the club the seat is furthest along (board order breaks ties),
    send the Editor to that club's location whenever it can and advance that club with it."""
    comp = components()
    club = memory.get("club")
    if club is None:
        tracks = state.books[seat].tracks
        order = [lc.club for lc in comp.locations]
        club = memory["club"] = max(order, key=lambda c: (tracks.get(c, 0), -order.index(c)))
    where = next(lc.id for lc in comp.locations if lc.club == club)
    editor = [x for x in legal if isinstance(x, a.Place) and x.member == "editor" and x.location == where]
    if editor:
        return min(editor, key=lambda x: x.cost)
    return next((x for x in legal if isinstance(x, a.UseMember) and x.member == "editor" and x.club == club), None)


PROBES = (
    Line("entrance", "Always the School Entrance: a team member goes there whenever it may", _entrance),
    Line("rush-club", "Rush one club track: the Editor to that club's location and up its track", _rush_club),
)
"""The scripted lines ``homeroom lab probe class-of-89`` tries (seat kind ``probe:NAME``)."""
