"""What a player sees: the observation (everything on the table, piles only by size), the terminal
view (Management Board with the Authority track's arrows, Contribution track and Secretariat, Society
Board, revealed tiles, every Individual Board) and the line describing each action. No rules run
here: the costs shown are read through the state."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from homeroom.engine import Action
from homeroom.games.academic_society.actions import (
    Bonus,
    Declare,
    Done,
    Maintain,
    Move,
    Place,
    Sabbatical,
    TakeTreatise,
    theories_text,
)
from homeroom.games.academic_society.components import (
    SHORT,
    SUBJECT_NAME,
    SUBJECTS,
    Location,
    Vec,
    components,
)
from homeroom.games.academic_society.forewarn import waste_note
from homeroom.games.academic_society.model import PHASE_NAMES, task_and_rule

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState

WIDTH = 18
LINE = 80
EFFECT_SHORT = {"royal_commission": "RC", "research_report": "RR", "theory_gain": "TG"}


def cost_text(cost: Vec, influence: int = 0) -> str:
    parts = [f"{n}{SHORT[s]}" for s, n in zip(SUBJECTS, cost) if n]
    if influence:
        parts.append(f"{influence}Infl")
    return "+".join(parts) or "free"


def authority_lines(st: AcademicState) -> list[str]:
    comps = components()
    initials = labels(st)
    columns = [comps.cells[o].column for o in comps.start_cells]
    lines = ["AUTHORITY TRACK: #processing order, Crest (subject+rank), *end Influence,",
             "  keep = Research Report cost; red-> where a laid-down scholar falls,",
             "  blue-> where Lecture Hall / Treatise moves lead.",
             "    " + "".join(f"{SUBJECT_NAME[c]:<{WIDTH}}" for c in columns)]
    rows = sorted({c.row for c in comps.cells.values()})
    for r in rows:
        cells = [c for c in comps.cells.values() if c.row == r]
        slots: list[list[str]] = []
        for col in columns:
            here = [c for c in cells if c.column == col]
            slots.append(cell_box(st, here[0].order, initials) if here else [""] * 6)
        loose = [c for c in cells if c.column not in columns]
        for c in loose:  # the bottom cell spans the board
            slots = [cell_box(st, c.order, initials)]
        for i in range(6):
            pad = " " * (WIDTH * 3 // 2) if loose else ""
            label = f"r{r}" if i == 0 else ""
            lines.append(f"{label:<4}" + pad + "".join(f"{s[i]:<{WIDTH}}" for s in slots).rstrip())
        lines.append("")
    return lines


def labels(st: AcademicState) -> list[str]:
    """Short seat labels for the board (first letters of the name, or the seat number if those clash)."""
    short = [n[:4] for n in st.names]
    if len(set(short)) < len(short):
        short = [f"{n[:2]}{i + 1}" for i, n in enumerate(st.names)]
    return short


def cell_box(st: AcademicState, order: int, initials: list[str]) -> list[str]:
    c = components().cells[order]
    crest = f"{SHORT[c.crest]}{c.crest_rank}" if c.crest else "no Crest"
    red = f"red->{c.red}" if c.red else "red: none"
    blue = "blue->" + ",".join(map(str, c.blue)) if c.blue else "blue: none"
    who = [initials[s] for s in st.order if order in st.authority[s]]
    laid = [initials[s] + "(down)" for s in st.order if order in st.laid[s]]
    return [f"[#{order} {crest} *{c.influence}]", f" keep {cost_text(c.cost, c.cost_influence)}",
            f" {red}", f" {blue}", " " + (" ".join(who) or "."), " " + " ".join(laid)]


def render(st: AcademicState, viewer: int | None) -> str:
    comps = components()
    out = []
    phase = PHASE_NAMES.get(st.phase, "")
    marker = "END" if st.phase == 0 else f"{st.round}/{comps.rules.rounds}"
    out.append(f"=== ACADEMIC SOCIETY  Round {marker}  {phase} ===")
    out.append("Turn order: " + " > ".join(st.names[s] for s in st.order))
    if st.to_move is not None:
        out.append("To decide: " + decision_text(st, viewer))
    out.append("")
    out += authority_lines(st)
    track = []
    for cs in comps.contribution:
        here = sorted((p for p in range(st.players) if st.contribution[p] == cs.index), key=lambda p: -st.stamp[p])
        bonus = []
        if cs.influence:
            bonus.append(f"{cs.influence} Infl")
        if cs.theory_any:
            bonus.append(f"{cs.theory_any} any Theory")
        marks = "/".join(labels(st)[p] for p in here)
        track.append(f"{cs.name}({', '.join(bonus) or '-'}){': ' + marks if marks else ''}")
    out.append("CONTRIBUTION TRACK: space(Phase 4 bonus): markers, top of a stack first;")
    out.append("  beyond the top space each step gives 2 Influence instead.")
    out.append("  " + "  ".join(track))
    sec = ", ".join(SUBJECT_NAME[s] for s in st.secretariat) or "empty"
    out.append(f"SECRETARIAT: {sec}" + (f"   beside the board: {', '.join(SUBJECT_NAME[s] for s in st.beside)}"
                                        if st.beside else ""))
    out.append("")
    out.append("SOCIETY BOARD (* = bonus star)")
    for loc in comps.locations.values():
        out.append(f"  {loc.name}: {main_text(loc.main, loc.main_gain)}{bonus_text(loc)}")
        parts = []
        spots = [sp for sp in comps.spaces if sp.location == loc.id]
        for i, sp in enumerate(spots):
            closed = sp.four_player and st.players < 4
            who = ", ".join(st.names[s] + ("" if p == "scholar" else f" ({SUBJECT_NAME[p]} Secretary)")
                            for s, p in st.board[sp.id])
            status = "closed, 4-player icon" if closed else (who or "free")
            label = f"({i + 1}){'*' if sp.star else ''}" if len(spots) > 1 or sp.star else "pawns:"
            parts.append(f"{label} {status}")
        out.append("      " + "   ".join(parts))
    out.append("")
    rcs = ", ".join(f"#{t} cost {cost_text(comps.commissions[t].cost)} -> {comps.commissions[t].contribution} "
                    "Contribution" for t in st.rc_revealed)
    out.append(f"ROYAL COMMISSIONS revealed: {rcs or 'none'}   (pile: {len(st.rc_pile)})")
    out.append("TREATISES revealed:")
    for subject in SUBJECTS:
        for t in st.tr_revealed[subject]:
            out.append("  " + treatise_text(t))
    out.append("  piles: " + ", ".join(f"{SUBJECT_NAME[x]} {len(st.tr_piles[x])} (discards {len(st.tr_discard[x])})"
                                       for x in SUBJECTS))
    out.append("")
    scores = st.scores()
    for s in st.order:
        you = " (you)" if s == viewer else ""
        th = " ".join(f"{SHORT[x]}{n}" for x, n in zip(SUBJECTS, st.theories[s]))
        secs = "".join(f" +{SUBJECT_NAME[x]} Secretary" for x in st.sec_hand[s])
        out.append(f"{st.names[s]}{you}: Influence {st.influence[s]} (with end scoring {scores[s].total})  "
                   f"Theories {th}  Contribution {st.contribution[s]}")
        held = f" (+{st.held[s]} held aside until Phase 2 is over)" if st.held and st.held[s] else ""
        out.append(f"   hand: {st.hand[s]} scholar(s){held}{secs}   Authority cells: "
                   f"{', '.join(map(str, st.authority[s])) or 'none'}")
        for i, row in enumerate(comps.rows):
            pos = st.sabbatical[s][i]
            spaces = []
            for j, space in enumerate(row.spaces):
                mark = "S" if pos == j + 1 else ("+" if j + 1 < pos else " ")
                spaces.append(f"[{mark}{EFFECT_SHORT[space.effect]} {SHORT[row.subject]}{space.crest_rank}]")
            tiles = st.presentation[s][i]
            cap = row.capacity if pos else 0
            shown = ", ".join(f"{t} {comps.treatises[t].name}" for t in tiles) or "-"
            out.append(f"   {SUBJECT_NAME[row.subject]:<12}{''.join(spaces)} *{row.influence}  "
                       f"Treatises x{cap}: {shown}")
    out.append("Sabbatical: S = the scholar, + = a space it has passed (the effects of S and + spaces apply); "
               "RC/RR = Royal Commission/Research Report cost -1, TG = +1 Theory gain; M2 etc. = the Crest "
               "needed to enter the space.")
    return "\n".join(wrapped for line in out for wrapped in wrap(line))


def wrap(line: str) -> list[str]:
    if len(line) <= LINE:
        return [line]
    indent = " " * min(6, len(line) - len(line.lstrip()) + 3)
    return textwrap.wrap(line, LINE, subsequent_indent=indent, break_on_hyphens=False)


def main_text(main: str, main_gain: Vec) -> str:
    return {
        "headquarters": "1 of each Theory, then a scholar onto / along a Sabbatical track",
        "library": "take a revealed Treatise",
        "lecture_hall": "any 3 Theories, then a blue-arrow move",
        "salon": "any 2 Theories for any 2, or 1 Influence; holds any number",
    }.get(main, f"gain {cost_text(main_gain)}")


def bonus_text(loc: Location) -> str:
    if loc.bonus == "treatise":
        return "; bonus: a Treatise"
    if loc.bonus == "gain_any":
        return f"; bonus: {loc.bonus_gain_any} Theory of any subject"
    if loc.bonus == "gain":
        return f"; bonus: {cost_text(loc.bonus_gain)}"
    return ""


def treatise_text(tid: int) -> str:
    t = components().treatises[tid]
    subj = "/".join(SUBJECT_NAME[s] for s in t.subjects)
    flask = f", {t.flask} flask" if t.flask else ""
    return f"#{t.id} {t.name} [{subj}{flask}, *{t.influence}]: {t.text}"


CONTEXT = {"lecture_hall": "the Lecture Hall", "salon": "the Salon", "bonus": "the bonus action",
           "effect": "a Treatise effect", "contribution": "the Contribution bonus", "library": "the Library",
           "penalty": "the lowest Contribution"}


def decision_text(st: AcademicState, viewer: int | None) -> str:
    """'Ana (you) must choose which Theories to spend (3) for the Lecture Hall'."""
    top = st.pending[-1]
    what, rule = task_and_rule(top.kind, top.ctx)
    text = f"{st.names[top.seat]}{' (you)' if top.seat == viewer else ''} must {what}"
    if top.kind in ("spend", "gain"):
        text += f" ({top.n})"
    if top.kind == "declare":
        text += f" (#{top.n}, your cost {cost_text(st.commission_cost(top.seat, top.n))})"
    if top.kind == "activate":
        text += f" (#{top.n})"
    if top.kind == "maintain":
        text += f" (cell {top.n}, your cost {cost_text(st.research_cost(top.seat, top.n))})"
    if top.ctx in CONTEXT:
        text += f" for {CONTEXT[top.ctx]}"
    return text + (f"  [{rule}]" if rule else "")


# ------------------------------------------------------------------ action lines
EFFECT_TEXT = {"royal_commission": "Royal Commission cost -1", "research_report": "Research Report cost -1",
               "theory_gain": "+1 Theory gain"}
BONUS_TEXT = {"treatise": "for a revealed Treatise", "gain_any": "for {n} Theory of any subject"}


def describe_action(st: AcademicState, action: Action) -> str:
    """The action's line for the seat deciding now, with the costs and consequences read off the
    position (a Royal Commission's cost after reductions, what a bonus gives, a column return)."""
    try:
        return _describe(st, action) or action.describe()
    except (KeyError, IndexError, ValueError):
        return action.describe()


def _describe(st: AcademicState, action: Action) -> str:
    comps = components()
    top = st.pending[-1] if st.pending else None
    seat = top.seat if top else None
    if seat is None:
        return ""
    if isinstance(action, Declare) and action.achieve:
        cost = st.commission_cost(seat, action.tile)
        gain = comps.commissions[action.tile].contribution
        return f"Achieve Royal Commission {action.tile}: spend {theories_text(cost)}, gain {gain} Contribution"
    if isinstance(action, Maintain):
        cell = comps.cells[action.cell]
        if action.keep:
            return (f"Keep your scholar on cell {action.cell}: pay {theories_text(st.research_cost(seat, action.cell))}"
                    f" (Research Report cost); it keeps {cell.influence} Influence at game end")
        after = comps.cells[cell.red].influence if cell.red in comps.cells else 0
        return (f"Lay your scholar on cell {action.cell} down (it then moves along the red arrow to cell {cell.red}):"
                f" {cell.influence} -> {after} Influence at game end")
    if isinstance(action, Move):
        arrow = "red" if top is not None and top.kind == "red" else "blue"
        text = f"Move your Authority scholar from cell {action.cell} to cell {action.to} ({arrow} arrow)"
        column = comps.cells[action.to].column
        mine = [o for o in st.authority[seat] if o != action.cell] + [action.to]
        same = [o for o in mine if comps.cells[o].column == column]
        if len(same) > 1:
            back = sorted(same)[:-1]
            who = "this scholar" if action.to in back else "your scholar on cell " + ", ".join(map(str, back))
            later = " for a later round" if st.phase == 2 else ""
            text += f"; {who} then returns to hand{later} (column rule)"
        return text
    if isinstance(action, Bonus) and top is not None:
        loc = comps.locations[top.ctx]
        price = comps.rules.bonus_contribution_cost
        what = (f"for {theories_text(loc.bonus_gain)}" if loc.bonus == "gain"
                else BONUS_TEXT.get(loc.bonus, "").format(n=loc.bonus_gain_any))
        waste = waste_note(st, seat, loc.bonus_gain) if loc.bonus == "gain" else ""
        return (f"{loc.name} bonus action: spend {price} of your {st.contribution[seat]} Contribution "
                f"{what}".rstrip() + waste)
    if isinstance(action, Place):
        loc = comps.locations[comps.space(action.space).location]
        waste = waste_note(st, seat, loc.main_gain, counted=True) if loc.main == "gain" else ""
        return action.describe() + waste if waste else ""
    if isinstance(action, Done) and top is not None:
        return {"bonus": "Done: skip the bonus action",
                "activate": f"Do not activate Treatise {top.n}",
                "treatise": "Done: place no Treatise"}.get(top.kind, "")
    if isinstance(action, Sabbatical):
        i = SUBJECTS.index(action.subject)
        row = comps.rows[i]
        dest = st.sabbatical[seat][i] + 1 if action.advance else 1
        space = row.spaces[dest - 1]
        left = len(row.spaces) - dest
        end = (f"; {row.influence} Influence at game end" if left == 0
               else f"; {left} more space{'s' if left > 1 else ''} to {row.influence} Influence at game end")
        return f"{action.describe()} (space {dest}: {EFFECT_TEXT[space.effect]}{end})"
    if isinstance(action, TakeTreatise) and action.replace:
        t = comps.treatises[action.tile]
        old = comps.treatises[st.presentation[seat][SUBJECTS.index(action.subject)][action.slot]]
        return (f"Take Treatise {t.id} '{t.name}' to {SUBJECT_NAME[action.subject]}, discarding "
                f"{old.id} '{old.name}'")
    return ""


def unavailable(st: AcademicState, viewer: int | None) -> list[tuple[str, Action]]:
    """While a scholar is being placed on an action space: each space of this player count it
    cannot go to now, as (its line, the Place action), so the screen says why rather than leave it
    out (the engine's ``explain`` gives the reason)."""
    legal = st.legal_actions()
    if not any(isinstance(a, Place) and a.pawn == "scholar" for a in legal):
        return []
    taken = {a.space for a in legal if isinstance(a, Place) and a.pawn == "scholar"}
    out: list[tuple[str, Action]] = []
    for sp in components().spaces:
        if sp.id in taken or (sp.four_player and st.players < 4):
            continue
        action = Place(sp.id, "scholar")
        out.append((action.describe(), action))
    return out


# ------------------------------------------------------------------ observation
def observation(st: AcademicState, seat: int | None) -> dict[str, Any]:
    """Everything on the table; the piles show only their sizes (their order is hidden)."""
    top = st.pending[-1] if st.pending else None
    return {
        "round": st.round,
        "round_marker": "END" if st.phase == 0 else st.round,
        "phase": st.phase,
        "order": list(st.order),
        "influence": list(st.influence),
        "theories": [list(t) for t in st.theories],
        "contribution": list(st.contribution),
        "contribution_stack": list(st.stamp),
        "hand": list(st.hand),
        "held_aside": list(st.held) if st.held else [0] * st.players,
        "authority": [list(a) for a in st.authority],
        "sabbatical": [list(s) for s in st.sabbatical],
        "presentation": [[list(r) for r in p] for p in st.presentation],
        "secretariat": list(st.secretariat),
        "beside": list(st.beside),
        "secretaries_in_hand": [list(h) for h in st.sec_hand],
        "board": {k: [list(p) for p in v] for k, v in st.board.items()},
        "royal_commission_pile": len(st.rc_pile),
        "royal_commissions_revealed": list(st.rc_revealed),
        "royal_commissions_done": list(st.rc_done),
        "treatise_piles": {k: len(v) for k, v in st.tr_piles.items()},
        "treatises_revealed": {k: list(v) for k, v in st.tr_revealed.items()},
        "treatise_discards": {k: sorted(v) for k, v in st.tr_discard.items()},
        "treatises_removed": sorted(st.tr_removed),
        "laid_down": [list(x) for x in st.laid],
        "to_move": st.to_move,
        "decision": None if top is None else {"kind": top.kind, "seat": top.seat, "n": top.n,
                                               "for": top.ctx, "subjects": list(top.subjects)},
        "queue": [list(q) for q in st.queue],
        "activation": st.activation,
    }


# ------------------------------------------------------------------ choices in steps
def choice_steps(st: AcademicState, action: Action) -> tuple[str, ...]:
    """A Treatise in two steps, which one (with what it does) and then where it goes:
    ``("Take #12 Optics [Physics, *2]: ...", "to your Physics presentation, position 2")``."""
    if isinstance(action, TakeTreatise) and action.tile in components().treatises:
        where = f"to your {SUBJECT_NAME.get(action.subject, action.subject)} presentation, position {action.slot + 1}"
        if action.replace:
            try:
                old = components().treatises[st.presentation[action_seat(st)][SUBJECTS.index(action.subject)]
                                             [action.slot]]
                where += f", discarding #{old.id} {old.name}"
            except (KeyError, IndexError, ValueError):
                where += ", discarding the Treatise there"
        return (f"Take {treatise_text(action.tile)}", where)
    return (describe_action(st, action),)


def action_seat(st: AcademicState) -> int:
    """The seat deciding now."""
    return st.pending[-1].seat if st.pending else (st.to_move or 0)


# ------------------------------------------------------------------ compact board (terminal)
def compact_board(st: AcademicState, viewer: int | None) -> list[str]:
    """A few lines for the terminal's default screen: round and phase, each scholar's resources."""
    comps = components()
    phase = PHASE_NAMES.get(st.phase, "")
    marker = "END" if st.phase == 0 else f"{st.round} of {comps.rules.rounds}"
    out = [f"Round {marker}, {phase}", "Turn order: " + " > ".join(st.names[s] for s in st.order)]
    for s in range(st.players):
        out.append(f"{st.names[s]}: {st.influence[s]} Influence, {st.contribution[s]} Contribution, "
                   "Theories " + theories_short(st.theories[s]))
    return out


def decision_line(st: AcademicState, viewer: int | None) -> str:
    """What is being decided now and why (the rule)."""
    return decision_text(st, viewer) if st.pending else ""


def seat_board(st: AcademicState, seat: int, viewer: int | None) -> list[str]:
    """One scholar's individual board: resources, Authority, Sabbatical tracks and presentations."""
    comps = components()
    out = compact_board(st, viewer)[2 + seat:3 + seat]
    out.append("  Authority scholars on cells: " + (", ".join(map(str, st.authority[seat])) or "none"))
    out.append("  Sabbatical: " + ", ".join(f"{SUBJECT_NAME[s]} {st.sabbatical[seat][i]}"
                                           for i, s in enumerate(SUBJECTS)))
    for i, s in enumerate(SUBJECTS):
        tiles = st.presentation[seat][i]
        names = "; ".join(treatise_text(t) for t in tiles if t in comps.treatises) or "none"
        out.append(f"  {SUBJECT_NAME[s]} presentation: {names}")
    return out


def theories_short(counts: list[int]) -> str:
    """'4M 4P 3A 2C' (Mathematics, Physics, Astronomy, Chemistry)."""
    return " ".join(f"{n}{SHORT[s]}" for s, n in zip(SUBJECTS, counts)) or "none"
