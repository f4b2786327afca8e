"""The decisions a High School Drama player makes, one atomic choice each, and the tables that
hand out one (immutable) object per action value (:class:`Made`)."""

from __future__ import annotations

from dataclasses import dataclass

from homeroom.engine import Action
from homeroom.engine.actions import Made
from homeroom.games.high_school_drama.components import load


def _n(card: str) -> str:
    return load().name(card)


@dataclass(frozen=True, slots=True)
class PickMain(Action):
    """Pick your main student from the quad (rulebook: Pick Your Main Student)."""

    card: str

    def describe(self) -> str:
        return f"Pick {_n(self.card)} as your main student"


@dataclass(frozen=True, slots=True)
class PickTransfer(Action):
    """A transfer student picks a main student from the student deck (Expanded Play Options)."""

    card: str

    def describe(self) -> str:
        return f"Transfer in as {_n(self.card)}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card kept from last semester (rulebook: Final Action)."""

    card: str

    def describe(self) -> str:
        return f"Discard {_n(self.card)} from your hand"


@dataclass(frozen=True, slots=True)
class KeepHand(Action):
    """Keep the remaining cards of your hand and go on to drawing."""

    def describe(self) -> str:
        return "Keep the rest of your hand"


@dataclass(frozen=True, slots=True)
class DrawDrama(Action):
    """Draw a drama card of this kind (your own face-down one, or from a public stack)."""

    drama: str
    """hookup, bond or breakup"""

    def describe(self) -> str:
        return f"Draw a {self.drama} drama card"


@dataclass(frozen=True, slots=True)
class DrawEvent(Action):
    """Draw the top card of the special event deck."""

    def describe(self) -> str:
        return "Draw a special event card"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from your hand as this semester's midterm or final action."""

    card: str

    def describe(self) -> str:
        return f"Play {_n(self.card)}"


@dataclass(frozen=True, slots=True)
class HookUp(Action):
    """Your ``performer`` hooks up with ``target`` from the quad, placed at (x, y)."""

    performer: str
    target: str
    x: int
    y: int

    def describe(self) -> str:
        return f"{_n(self.performer)} hooks up with {_n(self.target)} at ({self.x},{self.y})"


@dataclass(frozen=True, slots=True)
class Bond(Action):
    """Add bond markers to the relationship that holds ``card`` in your clique."""

    card: str

    def describe(self) -> str:
        return f"Add a bond to {_n(self.card)}'s relationship"


@dataclass(frozen=True, slots=True)
class Breakup(Action):
    """Your ``performer`` attacks the relationship holding ``card`` in seat ``rival``'s clique."""

    performer: str
    rival: int
    card: str

    def describe(self) -> str:
        return f"{_n(self.performer)} attacks {_n(self.card)}'s relationship in seat {self.rival + 1}'s clique"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Turn one bond marker on the relationship holding ``card`` into a signature."""

    card: str

    def describe(self) -> str:
        return f"Exchange a bond with {_n(self.card)} for a signature"


@dataclass(frozen=True, slots=True)
class ExchangeDone(Action):
    """Stop exchanging bonds at this event."""

    def describe(self) -> str:
        return "Stop exchanging"


ACTION_TYPES: tuple[type[Action], ...] = (
    PickMain, PickTransfer, Discard, KeepHand, DrawDrama, DrawEvent, PlayCard,
    HookUp, Bond, Breakup, Exchange, ExchangeDone,
)


PICK_MAIN: Made[PickMain] = Made(PickMain)
PICK_TRANSFER: Made[PickTransfer] = Made(PickTransfer)
DISCARD: Made[Discard] = Made(Discard)
PLAY: Made[PlayCard] = Made(PlayCard)
BOND: Made[Bond] = Made(Bond)
EXCHANGE: Made[Exchange] = Made(Exchange)
BREAKUP: Made[Breakup] = Made(Breakup)
"""Keyed (performer, rival, card)."""
HOOKUP: Made[HookUp] = Made(HookUp)
"""Keyed (performer, target, x, y)."""
KEEP_HAND = KeepHand()
EXCHANGE_DONE = ExchangeDone()
