"""The toy game's score: the values of the cards in your pile, minus 1 per objection."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Score

if TYPE_CHECKING:
    from toygame.state import ToyState


def scores(state: ToyState) -> list[Score]:
    return [Score.of({"cards": sum(state.piles[s]), "objections": -state.penalties[s]})
            for s in range(state.players)]


def tiebreak(state: ToyState, seat: int) -> tuple[Any, ...]:
    """More cards played wins a tie (RULINGS.md "Ties")."""
    return (len(state.piles[seat]),)
