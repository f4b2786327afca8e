"""Academic Society actions: every decision the rulebook gives a player, one small frozen dataclass each.

A Phase 2 turn is a sequence of them: Place, then the main action's choices (Sabbatical, TakeTreatise,
Spend, Gain, Move, Salon), then Bonus or Done for the optional bonus action.
"""

from __future__ import annotations

from dataclasses import dataclass

from homeroom.engine import Action
from homeroom.games.academic_society.components import SUBJECT_NAME, SUBJECTS, components


def theories_text(counts: tuple[int, ...]) -> str:
    """'2 Physics + 1 Chemistry' for a theory vector in SUBJECTS order ('nothing' when empty)."""
    parts = [f"{n} {SUBJECT_NAME[s]}" for s, n in zip(SUBJECTS, counts) if n]
    return " + ".join(parts) if parts else "nothing"


def space_text(space_id: str) -> str:
    comps = components()
    sp = comps.space(space_id)
    loc = comps.locations[sp.location]
    same = [s for s in comps.spaces if s.location == sp.location]
    label = loc.name if len(same) == 1 else f"{loc.name} ({same.index(sp) + 1})"
    return label + (" [bonus star]" if sp.star else "")


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Phase 1: declare whether you achieve a revealed Royal Commission tile."""

    tile: int
    achieve: bool

    def describe(self) -> str:
        return f"{'Achieve' if self.achieve else 'Do not achieve'} Royal Commission {self.tile}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Phase 2: place a pawn from hand ('scholar', or the subject of a Secretary) on an action space."""

    space: str
    pawn: str = "scholar"

    def describe(self) -> str:
        who = "a scholar" if self.pawn == "scholar" else f"the {SUBJECT_NAME.get(self.pawn, self.pawn)} Secretary"
        return f"Place {who} on {space_text(self.space)}"


@dataclass(frozen=True, slots=True)
class Sabbatical(Action):
    """Society Headquarters (or an Astronomy Treatise): a scholar onto or along a Sabbatical track."""

    subject: str
    advance: bool

    def describe(self) -> str:
        name = SUBJECT_NAME.get(self.subject, self.subject)
        if self.advance:
            return f"Advance your scholar on the {name} Sabbatical track one space"
        return f"Place a scholar from hand on the {name} Sabbatical track"


@dataclass(frozen=True, slots=True)
class TakeTreatise(Action):
    """Take a revealed Treatise tile to a presentation space: append at ``slot``, or replace the tile there."""

    tile: int
    subject: str
    slot: int
    replace: bool = False

    def describe(self) -> str:
        t = components().treatises.get(self.tile)
        name = f"Treatise {self.tile}" + (f" '{t.name}'" if t else "")
        where = SUBJECT_NAME.get(self.subject, self.subject)
        if self.replace:
            return f"Take {name} to {where}, discarding the tile in position {self.slot + 1}"
        return f"Take {name} to {where} (position {self.slot + 1})"


@dataclass(frozen=True, slots=True)
class Spend(Action):
    """Spend Theories of your choice (counts in Mathematics, Physics, Astronomy, Chemistry order)."""

    counts: tuple[int, int, int, int]

    def describe(self) -> str:
        return f"Spend {theories_text(self.counts)}"


@dataclass(frozen=True, slots=True)
class Gain(Action):
    """Gain Theories of your choice (counts in Mathematics, Physics, Astronomy, Chemistry order)."""

    counts: tuple[int, int, int, int]

    def describe(self) -> str:
        return f"Gain {theories_text(self.counts)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move your scholar on Authority cell ``cell`` one cell along an arrow to ``to``."""

    cell: int
    to: int

    def describe(self) -> str:
        return f"Move your Authority scholar from cell {self.cell} to cell {self.to}"


@dataclass(frozen=True, slots=True)
class Maintain(Action):
    """Phase 3: keep the scholar on ``cell`` by paying its Research Report cost, or lay it down."""

    cell: int
    keep: bool

    def describe(self) -> str:
        if self.keep:
            return f"Pay the Research Report cost to keep your scholar on cell {self.cell}"
        return f"Lay your scholar on cell {self.cell} down (it moves along the red arrow)"


@dataclass(frozen=True, slots=True)
class Salon(Action):
    """Salon main action: exchange any 2 Theories for any 2, or gain 1 Influence."""

    exchange: bool

    def describe(self) -> str:
        return "Salon: spend any 2 Theories and gain any 2" if self.exchange else "Salon: gain 1 Influence"


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """Carry out the bonus action of the space (spending 1 Contribution)."""

    def describe(self) -> str:
        return "Take the bonus action (spend 1 Contribution)"


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Phase 5: pay for and activate the effect of a Treatise tile."""

    tile: int

    def describe(self) -> str:
        t = components().treatises.get(self.tile)
        return f"Activate Treatise {self.tile}" + (f": {t.text}" if t else "")


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Decline an optional step (a bonus action, a Treatise effect, a placement)."""

    def describe(self) -> str:
        return "Done (skip this optional step)"


ACTION_TYPES: tuple[type[Action], ...] = (
    Declare, Place, Sabbatical, TakeTreatise, Spend, Gain, Move, Maintain, Salon, Bonus, Activate, Done,
)
