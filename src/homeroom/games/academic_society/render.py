"""The terminal view: Management Board (Authority track with its arrows, Contribution track,
Secretariat), Society Board, revealed tiles and every player's Individual Board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.games.academic_society.actions import space_text
from homeroom.games.academic_society.components import SHORT, SUBJECT_NAME, SUBJECTS, Vec, components

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState

WIDTH = 24


def cost_text(cost: Vec, influence: int = 0) -> str:
    parts = [f"{n}{SHORT[s]}" for s, n in zip(SUBJECTS, cost) if n]
    if influence:
        parts.append(f"{influence} Influence")
    return "+".join(parts) or "free"


def authority_lines(st: AcademicState) -> list[str]:
    comps = components()
    initials = labels(st)
    columns = [comps.cells[o].column for o in comps.start_cells]
    lines = ["AUTHORITY TRACK  (#order, Crest subject+rank, keep = Research Report cost, * = Influence at end;",
             "                 red: where a laid-down scholar falls; blue: where Lecture Hall moves lead)",
             "     " + "".join(f"{SUBJECT_NAME[c]:<{WIDTH}}" for c in columns)]
    rows = sorted({c.row for c in comps.cells.values()})
    for r in rows:
        cells = [c for c in comps.cells.values() if c.row == r]
        slots: list[list[str]] = []
        for col in columns:
            here = [c for c in cells if c.column == col]
            slots.append(cell_box(st, here[0].order, initials) if here else [""] * 5)
        loose = [c for c in cells if c.column not in columns]
        for c in loose:  # the bottom cell spans the board
            slots = [cell_box(st, c.order, initials)]
        for i in range(5):
            pad = " " * (WIDTH * 3 // 2) if loose else ""
            label = f"row {r}" if i == 0 else ""
            lines.append(f"{label:<5}" + pad + "".join(f"{s[i]:<{WIDTH}}" for s in slots).rstrip())
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
            f" {red} {blue}", " " + (" ".join(who) or "."), " " + " ".join(laid)]


def render(st: AcademicState, viewer: int | None) -> str:
    from homeroom.games.academic_society.state import PHASE_NAMES

    comps = components()
    out = []
    phase = PHASE_NAMES.get(st.phase, "")
    out.append(f"=== ACADEMIC SOCIETY  Round {min(st.round, comps.rules.rounds)}/{comps.rules.rounds}  {phase} ===")
    out.append("Turn order: " + " > ".join(st.names[s] for s in st.order))
    if st.to_move is not None:
        top = st.pending[-1]
        out.append(f"To decide: {st.names[top.seat]}" + (" (you)" if top.seat == viewer else "")
                   + f" [{top.kind}{' for ' + top.ctx if top.ctx else ''}]")
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
    out.append("CONTRIBUTION TRACK (top of a stack first; beyond the top: 2 Influence per step): " + "  ".join(track))
    sec = ", ".join(SUBJECT_NAME[s] for s in st.secretariat) or "empty"
    out.append(f"SECRETARIAT: {sec}" + (f"   beside the board: {', '.join(SUBJECT_NAME[s] for s in st.beside)}"
                                        if st.beside else ""))
    out.append("")
    out.append("SOCIETY BOARD")
    for sp in comps.spaces:
        loc = comps.locations[sp.location]
        closed = sp.four_player and st.players < 4
        who = ", ".join(st.names[s] + ("" if p == "scholar" else f" ({SUBJECT_NAME[p]} Secretary)")
                        for s, p in st.board[sp.id])
        status = "closed (4-player icon)" if closed else (who or "free")
        out.append(f"  {space_text(sp.id):<34} {main_text(loc.main, loc.main_gain):<48} {status}")
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
        out.append(f"{st.names[s]}{you}: Influence {st.influence[s]} (final so far {scores[s].total})  Theories {th}"
                   f"  Contribution {st.contribution[s]}  hand {st.hand[s]} scholar(s){secs}"
                   f"  Authority cells {st.authority[s]}")
        for i, row in enumerate(comps.rows):
            pos = st.sabbatical[s][i]
            spaces = []
            for j, space in enumerate(row.spaces):
                mark = "S" if pos == j + 1 else " "
                spaces.append(f"[{mark}{SHORT[row.subject]}{space.crest_rank}:{space.effect}]")
            tiles = st.presentation[s][i]
            cap = row.capacity if pos else 0
            shown = ", ".join(f"{t} {comps.treatises[t].name}" for t in tiles) or "-"
            out.append(f"   {SUBJECT_NAME[row.subject]:<12}{' '.join(spaces)} *{row.influence}  "
                       f"Treatises x{cap}: {shown}")
    return "\n".join(out)


def main_text(main: str, main_gain: Vec) -> str:
    return {
        "headquarters": "1 of each Theory -> Sabbatical (bonus: Treatise)",
        "library": "take a Treatise (bonus: another)",
        "lecture_hall": "3 Theories -> blue-arrow move (bonus: 1 Theory)",
        "salon": "2 Theories for 2, or 1 Influence",
    }.get(main, f"gain {cost_text(main_gain)} (bonus likewise)")


def treatise_text(tid: int) -> str:
    t = components().treatises[tid]
    subj = "/".join(SUBJECT_NAME[s] for s in t.subjects)
    flask = f", {t.flask} flask" if t.flask else ""
    return f"#{t.id} {t.name} [{subj}{flask}, *{t.influence}]: {t.text}"
