"""The toy game's decisions."""

from __future__ import annotations

from dataclasses import dataclass

from homeroom.engine import Action


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int

    def describe(self) -> str:
        return f"Play a {self.card}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def describe(self) -> str:
        return "Draw a card"


@dataclass(frozen=True, slots=True)
class Done(Action):
    def describe(self) -> str:
        return "End your turn"


@dataclass(frozen=True, slots=True)
class Respond(Action):
    allow: bool

    def describe(self) -> str:
        return "Allow the 6" if self.allow else "Object to the 6 (lose 1 point)"


ACTION_TYPES = (Play, Draw, Done, Respond)
