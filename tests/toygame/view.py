"""What a toy-game seat sees: its own hand, the others' hand sizes, the piles."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toygame.state import ToyState


def observation(state: ToyState, seat: int | None) -> dict[str, Any]:
    return {
        "deck": len(state.deck),
        "hands": [sorted(h) if s == seat else len(h) for s, h in enumerate(state.hands)],
        "piles": [list(p) for p in state.piles],
        "penalties": list(state.penalties),
        "turn": state.turn,
        "phase": state.phase,
        "to_move": state.to_move,
    }
