"""Warnings before the automatic rules: what a phase will do to a seat with no decision of its own
(the lowest-Contribution penalty of Phase 4, scholars laid down in Phase 3 for want of Theories,
Theories lost above the maximum), said while the seat can still act on it. Read only from the
table, which Academic Society shows to everyone (only the piles' order is hidden). No rules run here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.games.academic_society.actions import theories_text
from homeroom.games.academic_society.components import SUBJECT_NAME, SUBJECTS, components
from homeroom.games.academic_society.individual_board import can_pay, has_effect

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState

PHASE4 = "Phase 4: Effects of Contribution"
PHASE3 = "Phase 3: Maintaining Authority"
THEORY_MAX = "Action Spaces"


def warnings(st: AcademicState, seat: int | None) -> list[dict[str, str]]:
    """The warnings for ``seat`` now (none for a spectator or once the game is over)."""
    if seat is None or st.phase == 0 or not 0 <= seat < st.players:
        return []
    out: list[dict[str, str]] = []
    lowest = lowest_warning(st, seat)
    if lowest:
        out.append({"text": lowest, "section": PHASE4})
    laid = keep_warning(st, seat)
    if laid:
        out.append({"text": laid, "section": PHASE3})
    full = full_warning(st, seat)
    if full:
        out.append({"text": full, "section": THEORY_MAX})
    return out


def lowest_warning(st: AcademicState, seat: int) -> str:
    """Phases 1-3, and Phase 4 until the penalty ran: the seat is on the lowest Contribution space."""
    queued = any(kind == "p4penalty" and s == seat for kind, s, _ in st.queue)
    if not (st.phase in (1, 2, 3) or (st.phase == 4 and queued)):
        return ""
    lowest = min(st.contribution)
    if st.contribution[seat] != lowest:
        return ""
    space = components().contribution[lowest].name
    tied = [st.names[s] for s in range(st.players) if s != seat and st.contribution[s] == lowest]
    where = ("your marker goes back to START" if lowest else "your marker stays on START")
    text = (f"You are lowest on Contribution ({space}): in Phase 4 {where} and one of your Authority "
            "scholars must move down along its red arrow.")
    if tied:
        text += f" A tie counts for everyone in it: {', '.join(tied)} {'is' if len(tied) == 1 else 'are'} " \
                "lowest too."
    if st.phase < 4:
        text += " Gaining Contribution before then (a Royal Commission, a Treatise) gets you off the bottom."
    return text


def keep_warning(st: AcademicState, seat: int) -> str:
    """Phases 1-2, and Phase 3 before the seat's first Research Report: the Theories the seat holds
    do not cover keeping every scholar on the Authority track."""
    comps = components()
    cells = [c for c in sorted(st.authority[seat]) if c != comps.sink]
    if st.phase == 3:
        waiting = {cell for kind, s, cell in st.queue if kind == "maintain" and s == seat}
        top = st.pending[-1] if st.pending else None
        if top is not None and top.kind == "maintain" and top.seat == seat:
            waiting.add(top.n)
        cells = [c for c in cells if c in waiting]
    elif st.phase not in (1, 2):
        return ""
    if not cells:
        return ""
    total = [0, 0, 0, 0]
    for cell in cells:
        cost = st.research_cost(seat, cell)
        total = [a + b for a, b in zip(total, cost, strict=True)]
    if can_pay(st, seat, total):
        return ""
    short = [max(0, need - have) for need, have in zip(total, st.theories[seat], strict=True)]
    return (f"Keeping all {len(cells)} of your Authority scholars in Phase 3 costs {theories_text(tuple(total))}; "
            f"you are short of {theories_text(tuple(short))}. A scholar whose Research Report cost you cannot "
            "pay is laid down and moves along its red arrow.")


def full_warning(st: AcademicState, seat: int) -> str:
    """While Theories can still be gained: the subjects already at the maximum."""
    if st.phase not in (1, 2, 4, 5):
        return ""
    cap = components().rules.theory_max
    full = [SUBJECT_NAME[s] for s, n in zip(SUBJECTS, st.theories[seat], strict=True) if n >= cap]
    if not full:
        return ""
    return (f"Your {', '.join(full)} Theories are at the maximum of {cap}: any more of "
            f"{'it' if len(full) == 1 else 'them'} you gain are lost.")


def waste_note(st: AcademicState, seat: int, counts: tuple[int, ...] | list[int], *, counted: bool = False) -> str:
    """' (N over the maximum of 6 would be lost)' when gaining ``counts`` now would waste some
    (``counted``: a gain the Sabbatical track's Additional Theory adds 1 to, as :func:`gain` has it)."""
    cap = components().rules.theory_max
    lost = 0
    for i, (have, n) in enumerate(zip(st.theories[seat], counts, strict=True)):
        if n and counted and has_effect(st, seat, i, "theory_gain"):
            n += 1
        lost += max(0, have + n - cap)
    return f" ({lost} over the maximum of {cap} would be lost)" if lost > 0 else ""


def batches(st: AcademicState, seat: int | None) -> list[dict[str, object]]:
    """Phase 3: keeping every scholar still to be decided is one click when the seat can pay for them
    all (each keep is its own decision, one per cell in processing order, but paying for one never
    changes whether another can be kept if the Theories cover the total)."""
    top = st.pending[-1] if st.pending else None
    if seat is None or top is None or top.kind != "maintain" or top.seat != seat:
        return []
    cells = [top.n] + [cell for kind, s, cell in st.queue if kind == "maintain" and s == seat]
    if len(cells) < 2:
        return []
    total = [0, 0, 0, 0]
    for cell in cells:
        total = [a + b for a, b in zip(total, st.research_cost(seat, cell), strict=True)]
    if not can_pay(st, seat, total):
        return []
    return [{"label": f"Keep all {len(cells)} scholars (cells {', '.join(map(str, cells))}): pay "
                      f"{theories_text(tuple(total))} in all",
             "action": {"type": "Maintain", "keep": True}, "count": len(cells),
             "scope": f"round {st.round}, Phase 3"}]
