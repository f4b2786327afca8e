"""Class of '89 actions: every choice the rulebook gives a player, one small frozen dataclass each.

Targets for tokens: a class-photo cell 0-19 (reading order), 100 + k for the k-th Senior
Superlative in the Wildcat Way, STORAGE for token storage.
"""

from __future__ import annotations

from dataclasses import dataclass

from homeroom.engine import Action
from homeroom.games.class_of_89.components import components

STORAGE = -1
SUPERLATIVE = 100


def where(target: int, student: str = "") -> str:
    """A token target as a player reads it: 'Julie B (row 1, column 2)'."""
    if target == STORAGE:
        return "your token storage"
    name = components().card_name(student) if student else "the student"
    if target >= SUPERLATIVE:
        return f"{name} (Senior Superlative #{target - SUPERLATIVE + 1})"
    r, c = divmod(target, 5)
    return f"{name} (row {r + 1}, column {c + 1})"


def cell(at: int) -> str:
    r, c = divmod(at, 5)
    return f"row {r + 1}, column {c + 1}"


def grid_cell(at: int) -> str:
    w = int(components().board.get("grid_columns", 6))
    r, c = divmod(at, w)
    return f"grid row {r + 1}, column {c + 1}"


def _name(card: str) -> str:
    return components().card_name(card)


def _placed(card: str, at: int, abc: bool) -> str:
    kind = "tile" if card in components().tiles else "staff" if card in components().staff else "photo"
    if kind == "tile":
        return f"{_name(card)} at {grid_cell(at)}"
    if kind == "staff":
        return f"{_name(card)} into your staff section"
    return f"{_name(card)} at {cell(at)}" + (" using your ABC token" if abc else "")


@dataclass(frozen=True, slots=True)
class ChooseSide(Action):
    side: str

    def describe(self) -> str:
        return f"Use side {self.side} of your column completion board"


@dataclass(frozen=True, slots=True)
class Place(Action):
    member: str
    location: str
    cost: int = 0

    def describe(self) -> str:
        comp = components()
        if self.location == "entrance":
            return f"Send your {comp.member_name(self.member)} to the School Entrance"
        loc = next(lc.name for lc in comp.locations if lc.id == self.location)
        fee = "free" if self.cost == 0 else f"{self.cost} signature space"
        if self.member == "treasurer" and self.cost:
            fee = f"{self.cost} signature space, the Treasurer pays nothing"
        return f"Send your {comp.member_name(self.member)} to the {loc} ({fee})"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """The main action: take a card or tile from your location and place it at once."""

    card: str
    at: int = 0
    abc: bool = False

    def describe(self) -> str:
        return f"Take {_placed(self.card, self.at, self.abc)}"


@dataclass(frozen=True, slots=True)
class TakeEntrance(Action):
    def describe(self) -> str:
        return "Take a 1x1 tile and 2 signatures at the School Entrance"


@dataclass(frozen=True, slots=True)
class Photograph(Action):
    """The Photographer's action: an extra student from the location."""

    card: str
    at: int
    abc: bool = False

    def describe(self) -> str:
        return f"Photographer: also take {_placed(self.card, self.at, self.abc)}"


@dataclass(frozen=True, slots=True)
class BuyToken(Action):
    token: str = ""

    def describe(self) -> str:
        return f"Pay 1 signature for a {components().token_name(self.token) if self.token else 'location'} token"


@dataclass(frozen=True, slots=True)
class Refresh(Action):
    def describe(self) -> str:
        return "Pay 1 signature to wipe and refresh this location"


@dataclass(frozen=True, slots=True)
class UseMember(Action):
    member: str = ""
    club: str = ""
    token: str = ""

    def describe(self) -> str:
        comp = components()
        if self.member == "editor":
            return f"Editor: advance on {comp.club_name(self.club)}"
        if self.member == "designer":
            what = "any token" if self.token == "any" else f"a {comp.token_name(self.token)} token"
            return f"Designer: gain a signature and {what}"
        return "Use your team member's ability"


@dataclass(frozen=True, slots=True)
class Unstore(Action):
    token: str
    target: int
    student: str = ""

    def describe(self) -> str:
        return f"Move a stored {components().token_name(self.token)} onto {where(self.target, self.student)}"


@dataclass(frozen=True, slots=True)
class ShiftToken(Action):
    source: int
    token: str
    student: str = ""

    def describe(self) -> str:
        return (f"Pay 2 signatures to move a {components().token_name(self.token)} from "
                f"{where(self.source, self.student)}")


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    def describe(self) -> str:
        return "End your turn"


@dataclass(frozen=True, slots=True)
class Forgo(Action):
    def describe(self) -> str:
        return "Forgo your turn (no space you can pay for)"


@dataclass(frozen=True, slots=True)
class ChooseToken(Action):
    token: str

    def describe(self) -> str:
        return f"Choose a {components().token_name(self.token)} token"


@dataclass(frozen=True, slots=True)
class PutToken(Action):
    token: str
    target: int
    student: str = ""

    def describe(self) -> str:
        if self.target == STORAGE:
            return f"Put the {components().token_name(self.token)} into your token storage"
        return f"Put the {components().token_name(self.token)} on {where(self.target, self.student)}"


@dataclass(frozen=True, slots=True)
class PlaceOneByOne(Action):
    at: int

    def describe(self) -> str:
        return f"Place the 1x1 tile at {grid_cell(self.at)}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep a drawn card, or take a face-up one for a bonus, and place it."""

    card: str
    at: int
    abc: bool = False

    def describe(self) -> str:
        return f"Keep {_placed(self.card, self.at, self.abc)}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    def describe(self) -> str:
        return "Decline (take nothing)"


@dataclass(frozen=True, slots=True)
class Reward(Action):
    choice: str

    def describe(self) -> str:
        if self.choice == "signature":
            return "Take a signature"
        return f"Take a {components().token_name(self.choice)} token"


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseSide, Place, Take, TakeEntrance, Photograph, BuyToken, Refresh, UseMember, Unstore, ShiftToken,
    EndTurn, Forgo, ChooseToken, PutToken, PlaceOneByOne, Keep, Decline, Reward,
)
