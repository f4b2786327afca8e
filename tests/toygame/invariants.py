"""The toy game's invariant: every card is in exactly one place (deck, a hand or a pile)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toygame.components import card_values

if TYPE_CHECKING:
    from toygame.state import ToyState


def violations(state: ToyState) -> list[str]:
    cards = sorted(state.deck + [c for h in state.hands for c in h] + [c for p in state.piles for c in p])
    expected = sorted(v for v in card_values() for _ in range(state.options["copies"]))
    return [] if cards == expected else ["cards are not conserved"]
