"""The balance lab's view of a Class of '89 decision (see :mod:`homeroom.sim.lab`).

Round: the game round. Kind: ``place:<location>`` for placing a club member, ``take`` /
``photograph`` / ``take-entrance`` for taking a student card or tile, ``member:<member>`` for using
a club member's ability, and the action's class name otherwise. Component: the card or tile taken
(``Take``, ``Photograph``) or the token bought or put.
"""

from __future__ import annotations

from typing import Any

from homeroom.games.class_of_89 import actions as a


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
