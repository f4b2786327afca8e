"""Yearbook signatures: how they are earned and recorded, the score table and the final
placings (rulebook: Events, Student Standouts, Game End, Travel HSD, Transfer Student Bonus)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Score
from homeroom.games.high_school_drama.clique import bonds_in_play

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState

CATEGORIES = ("events", "standouts", "transfer")
"""Where signatures come from: special events, summer standouts, a transfer student's bonus."""


def gain(state: HSDState, seat: int, amount: int, category: str) -> int:
    """Award signatures; with Travel HSD each costs a marker from the supply (rulebook: Travel
    HSD). Returns how many were recorded."""
    if state.options.get("travel"):
        amount = min(amount, state.supply[seat])
        state.supply[seat] -= amount
    if amount:
        state.signatures[seat][category] = state.signatures[seat].get(category, 0) + amount
    return amount


def categories(options: dict[str, Any]) -> tuple[str, ...]:
    """The rows of the score table: the transfer bonus only in a game with a transfer student."""
    if options.get("transfer_student", "none") == "none":
        return CATEGORIES[:2]
    return CATEGORIES


def scores(state: HSDState) -> list[Score]:
    rows = categories(state.options)
    return [
        Score.of({k: state.signatures[s].get(k, 0) for k in rows})
        for s in range(state.players)
    ]


def tiebreak(state: HSDState, seat: int) -> tuple[Any, ...]:
    """Most bonds still in play after graduation (rulebook: Game End)."""
    return (bonds_in_play(state.cliques[seat]),)
