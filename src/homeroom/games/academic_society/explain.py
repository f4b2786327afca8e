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
    theories_text,
)
from homeroom.games.academic_society.components import SUBJECT_NAME, SUBJECTS, components
from homeroom.games.academic_society.individual_board import capacity
from homeroom.games.academic_society.management_board import crest
from homeroom.games.academic_society.model import task_and_rule

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def why_illegal(st: AcademicState, act: Action) -> IllegalAction:
    comps = components()
    if not st.pending:
        return IllegalAction("nobody has a decision to make now")
    top = st.pending[-1]
    task, rule = task_and_rule(top.kind, top.ctx)
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
            aside = st.held[top.seat] if st.held else 0
            wait = (f" (the {aside} returned to hand this Phase 2 wait for a later round)" if aside > 1 else
                    " (the one returned to hand this Phase 2 waits for a later round)" if aside else "")
            return IllegalAction(f"{name} has no scholar in hand{wait}", rule)
        if act.pawn != "scholar" and act.pawn not in st.sec_hand[top.seat]:
            return IllegalAction(f"{name} does not hold the {SUBJECT_NAME.get(act.pawn, act.pawn)} Secretary", rule)
        if loc.main == "headquarters" and min(st.theories[top.seat]) < 1:
            return IllegalAction(f"Society Headquarters needs one Theory of each subject ({name} holds "
                                 f"{theories_text(tuple(st.theories[top.seat]))})",
                                 "Action Spaces: Society Headquarters")
        if loc.main == "headquarters":
            left = st.hand[top.seat] - (act.pawn == "scholar")
            return IllegalAction("no Sabbatical track can take or advance a scholar: "
                                 + sabbatical_reasons(st, top.seat, place=left > 0),
                                 "Action Spaces: Society Headquarters")
        if loc.main == "library":
            return IllegalAction("no revealed Treatise fits a presentation space (a space holds nothing until "
                                 "a scholar is on that subject's Sabbatical track)", "Action Spaces: Library")
        if loc.main == "lecture_hall":
            held = sum(st.theories[top.seat])
            if held < 3:
                return IllegalAction(f"the Lecture Hall costs any 3 Theories and {name} holds {held}",
                                     "Action Spaces: Lecture Hall")
            cells = ", ".join(map(str, st.authority[top.seat])) or "none"
            return IllegalAction(f"none of {name}'s Authority scholars (cells {cells}) stands on a cell with a "
                                 "blue arrow", "Action Spaces: Lecture Hall")
    if isinstance(act, (Declare, Maintain, Activate)) and act_number(act) != top.n:
        thing = {"declare": "Royal Commission", "maintain": "the scholar on cell", "activate": "Treatise"}[top.kind]
        return IllegalAction(f"the decision now is about {thing} {top.n}", rule)
    if isinstance(act, Bonus):
        price = comps.rules.bonus_contribution_cost
        if st.contribution[top.seat] < price:
            return IllegalAction(f"the bonus action costs {price} Contribution and {name} has "
                                 f"{st.contribution[top.seat]}", "Action Spaces")
        return IllegalAction("no revealed Treatise fits one of your presentation spaces", "Action Spaces")
    if isinstance(act, Sabbatical):
        if act.subject not in SUBJECTS:
            return IllegalAction(f"there is no '{act.subject}' Sabbatical track (subjects: {', '.join(SUBJECTS)})",
                                 rule)
        return IllegalAction(f"the {SUBJECT_NAME.get(act.subject, act.subject)} Sabbatical track cannot take that "
                             "move: " + sabbatical_reasons(st, top.seat, place=top.kind == "hq" and st.hand[top.seat] > 0,
                                                          only=act.subject), rule)
    if isinstance(act, TakeTreatise):
        return IllegalAction(treatise_reason(st, top.seat, act, top.subjects), rule)
    if isinstance(act, (Spend, Gain)):
        verb = "spend" if isinstance(act, Spend) else "gain"
        limit = (f"within what {name} holds ({theories_text(tuple(st.theories[top.seat]))})" if verb == "spend"
                 else f"in subjects below the maximum of {comps.rules.theory_max}")
        return IllegalAction(f"{name} must {verb} exactly {top.n} Theories in total, {limit}", rule)
    if isinstance(act, Move):
        if act.cell not in st.authority[top.seat]:
            return IllegalAction(f"{name} has no scholar on cell {act.cell}", rule)
        cell = comps.cells[act.cell]
        arrows = ([cell.red] if cell.red else []) if top.kind == "red" else list(cell.blue)
        kind = "red" if top.kind == "red" else "blue"
        lead = ", ".join(map(str, arrows)) or "nowhere (no arrow)"
        return IllegalAction(f"the {kind} arrow of cell {act.cell} leads to {lead}, not to cell {act.to}", rule)
    if isinstance(act, Salon):
        return IllegalAction("exchanging at the Salon needs 2 Theories to spend", rule)
    return IllegalAction(f"'{act.describe()}' is not possible now: {name} must {task}", rule)


def act_number(act: Declare | Maintain | Activate) -> int:
    return act.tile if isinstance(act, (Declare, Activate)) else act.cell


def sabbatical_reasons(st: AcademicState, seat: int, *, place: bool, only: str = "") -> str:
    """Why each Sabbatical track can take no scholar now (one clause per track)."""
    out = []
    for i, row in enumerate(components().rows):
        if only and row.subject != only:
            continue
        pos, subject = st.sabbatical[seat][i], SUBJECT_NAME[row.subject]
        if pos == 0 and not place:
            out.append(f"{subject}: no scholar left in hand to send (a Secretary never goes on Sabbatical)")
        elif pos >= len(row.spaces):
            out.append(f"{subject}: the scholar is already on the last space")
        else:
            need, held = row.spaces[pos].crest_rank, crest(st, seat, row.subject)
            if held < need:
                out.append(f"{subject}: space {pos + 1} needs a {subject} Crest of rank {need} on the Authority "
                           f"track ({'rank ' + str(held) if held else 'none'} held)")
            else:
                out.append(f"{subject}: that move is open, but not this way (place on an empty track, advance an "
                           "occupied one)")
    return "; ".join(out)


def treatise_reason(st: AcademicState, seat: int, act: TakeTreatise, subjects: list[str]) -> str:
    comps = components()
    tile = comps.treatises.get(act.tile)
    if tile is None or not any(act.tile in v for v in st.tr_revealed.values()):
        return f"Treatise {act.tile} is not among the revealed tiles"
    where = SUBJECT_NAME.get(act.subject, act.subject)
    if act.subject not in tile.subjects:
        return f"'{tile.name}' is a {'/'.join(SUBJECT_NAME[x] for x in tile.subjects)} Treatise, not {where}"
    if subjects and act.subject not in subjects:
        return f"this effect places only {' or '.join(SUBJECT_NAME[x] for x in subjects)} Treatises"
    row = SUBJECTS.index(act.subject)
    cap = capacity(st, seat, row)
    if not cap:
        return (f"the {where} presentation space holds 0 tiles until a scholar is on the {where} Sabbatical "
                "track")
    held = len(st.presentation[seat][row])
    if held < cap:
        return f"the {where} presentation space has room: the tile goes to position {held + 1} without a discard"
    return f"the {where} presentation space is full ({held} of {cap}): choose one of positions 1-{cap} to replace"
