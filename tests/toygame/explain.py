"""Why a toy-game move is illegal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, IllegalAction
from toygame.actions import Draw, Play

if TYPE_CHECKING:
    from toygame.state import ToyState


def why_illegal(state: ToyState, action: Action) -> IllegalAction:
    if isinstance(action, Play) and state.phase == "play":
        return IllegalAction(f"you have no {action.card} in hand", "Turn")
    if isinstance(action, Draw) and state.phase == "after" and not state.deck:
        return IllegalAction("the deck is empty", "Turn")
    return IllegalAction(f"'{action.describe()}' is not allowed in the {state.phase} step", "Turn")
