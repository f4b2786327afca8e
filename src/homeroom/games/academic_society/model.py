"""The records the rules build while a game runs: a pending decision, and what each kind of
decision asks of a player (with the rulebook section it comes from)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Pending:
    """A decision waiting for ``seat``. ``kind`` names it; ``n`` is an amount, a tile or a cell;
    ``ctx`` says what it is for; ``subjects`` filters Treatise placement."""

    kind: str
    seat: int
    n: int = 0
    ctx: str = ""
    subjects: list[str] = field(default_factory=list)


PHASE_NAMES = {
    1: "Phase 1: Contribution to the Nation",
    2: "Phase 2: Research Activities",
    3: "Phase 3: Maintaining Authority",
    4: "Phase 4: Effects of Contribution",
    5: "Phase 5: Treatise Presentation Results",
    6: "Phase 6: Preparation for the Next Round",
    0: "Game over",
}

KIND_TEXT = {
    "place": ("place a pawn on an action space", "Phase 2: Research Activities"),
    "declare": ("declare whether to achieve a Royal Commission tile", "Phase 1: Contribution to the Nation"),
    "maintain": ("keep or lay down a scholar on the Authority track", "Phase 3: Maintaining Authority"),
    "hq": ("place or advance a Sabbatical scholar", "Action Spaces: Society Headquarters"),
    "advance": ("advance a Sabbatical scholar", "Treatise Tiles"),
    "treatise": ("choose a revealed Treatise tile", "Action Spaces: Library"),
    "spend": ("choose which Theories to spend", "Action Spaces"),
    "gain": ("choose which Theories to gain", "Action Spaces"),
    "blue": ("move an Authority scholar along a blue arrow", "Action Spaces: Lecture Hall"),
    "red": ("move an Authority scholar along a red arrow", "Phase 4: Effects of Contribution"),
    "salon": ("choose the Salon action", "Action Spaces: Salon"),
    "bonus": ("take the bonus action or finish", "Phase 2: Research Activities"),
    "activate": ("activate a Treatise or skip it", "Phase 5: Treatise Presentation Results"),
}

CONTEXT_RULE = {"effect": "Phase 5: Treatise Presentation Results", "bonus": "Action Spaces (bonus action)",
                "contribution": "Phase 4: Effects of Contribution", "salon": "Action Spaces: Salon",
                "lecture_hall": "Action Spaces: Lecture Hall", "library": "Action Spaces: Library"}


def task_and_rule(kind: str, ctx: str) -> tuple[str, str]:
    """What the pending decision asks for, and the rulebook section it comes from (by its context)."""
    task, rule = KIND_TEXT.get(kind, (kind, "Game Overview"))
    return task, CONTEXT_RULE.get(ctx, rule)
