"""Readable reasons why an action is illegal now, with the rulebook section."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, IllegalAction
from homeroom.games.academic_society.actions import (
    Activate,
    Bonus,
    Declare,
    Done,
    Gain,
    Maintain,
    Move,
    Place,
    Sabbatical,
    Salon,
    Spend,
    TakeTreatise,
    space_text,
)
from homeroom.games.academic_society.components import components

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


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


def why_illegal(st: AcademicState, act: Action) -> IllegalAction:
    comps = components()
    if not st.pending:
        return IllegalAction("nobody has a decision to make now")
    top = st.pending[-1]
    task, rule = KIND_TEXT.get(top.kind, (top.kind, "Game Overview"))
    name = st.names[top.seat]
    expected = {"place": Place, "declare": Declare, "maintain": Maintain, "hq": Sabbatical, "advance": Sabbatical,
                "treatise": TakeTreatise, "spend": Spend, "gain": Gain, "blue": Move, "red": Move,
                "salon": Salon, "bonus": Bonus, "activate": Activate}[top.kind]
    if not isinstance(act, (expected, Done)):
        return IllegalAction(f"{name} must now {task}; '{act.describe()}' is a different kind of move", rule)
    if isinstance(act, Done):
        return IllegalAction(f"this step is not optional: {name} must {task}", rule)
    if isinstance(act, Place):
        if not any(sp.id == act.space for sp in comps.spaces):
            return IllegalAction(f"there is no action space '{act.space}'", rule)
        sp = comps.space(act.space)
        loc = comps.locations[sp.location]
        if sp.four_player and st.players < 4:
            return IllegalAction(f"{space_text(act.space)} shows the 4-player icon and is closed with "
                                 f"{st.players} players", rule)
        if st.board[act.space] and not loc.unlimited:
            return IllegalAction(f"{space_text(act.space)} already holds a pawn; only the Salon holds any "
                                 "number", rule)
        if act.pawn == "scholar" and not st.hand[top.seat]:
            return IllegalAction(f"{name} has no scholar in hand", rule)
        if act.pawn != "scholar" and act.pawn not in st.sec_hand[top.seat]:
            return IllegalAction(f"{name} does not hold the {act.pawn} Secretary", rule)
        if loc.main == "headquarters" and min(st.theories[top.seat]) < 1:
            return IllegalAction("Society Headquarters needs one Theory of each subject",
                                 "Action Spaces: Society Headquarters")
        if loc.main == "headquarters":
            return IllegalAction("no Sabbatical track can take or advance a scholar: the Crest shown there "
                                 "must be held on the Authority track, and a Secretary cannot go on Sabbatical",
                                 "Action Spaces: Society Headquarters")
        if loc.main == "library":
            return IllegalAction("no revealed Treatise fits a presentation space (a space holds nothing until "
                                 "a scholar is on that subject's Sabbatical track)", "Action Spaces: Library")
        if loc.main == "lecture_hall":
            return IllegalAction("the Lecture Hall needs 3 Theories and a scholar on a cell with a blue arrow",
                                 "Action Spaces: Lecture Hall")
    if isinstance(act, Sabbatical):
        return IllegalAction(f"the {act.subject} Sabbatical track cannot take that move: the Crest on the "
                             "destination space must be held, a track holds one scholar, and it has 3 spaces", rule)
    if isinstance(act, TakeTreatise):
        return IllegalAction(f"Treatise {act.tile} cannot go to the {act.subject} presentation space that way "
                             "(it must be revealed, of that subject, and the space must have room or a tile to "
                             "replace)", rule)
    if isinstance(act, (Spend, Gain)):
        return IllegalAction(f"{name} must {task}: exactly {top.n} in total, within what is held / below the "
                             "maximum of 6", rule)
    if isinstance(act, Move):
        return IllegalAction(f"{name} has no scholar on cell {act.cell} with an arrow to cell {act.to}", rule)
    if isinstance(act, Salon):
        return IllegalAction("exchanging at the Salon needs 2 Theories to spend", rule)
    return IllegalAction(f"'{act.describe()}' is not possible now: {name} must {task}", rule)
