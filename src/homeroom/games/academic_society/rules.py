"""Rule helpers shared by the phases: Theories, Contribution, Crests, the Sabbatical track,
Authority moves with the column rule, and Treatise placement. Functions take the state first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.academic_society.actions import Move, Sabbatical, TakeTreatise, theories_text
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECT_NAME, SUBJECTS, Vec, components

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState

ZERO: Vec = (0, 0, 0, 0)


@dataclass
class Pending:
    """A decision waiting for ``seat``. ``kind`` names it; ``n`` is an amount, a tile or a cell;
    ``ctx`` says what it is for; ``subjects`` filters Treatise placement."""

    kind: str
    seat: int
    n: int = 0
    ctx: str = ""
    subjects: list[str] = field(default_factory=list)


@cache
def distributions(n: int) -> tuple[Vec, ...]:
    """Every way to split ``n`` Theories over the four subjects, in a stable order."""
    out = []
    for a in range(n, -1, -1):
        for b in range(n - a, -1, -1):
            for c in range(n - a - b, -1, -1):
                out.append((a, b, c, n - a - b - c))
    return tuple(out)


def bounded(n: int, bound: list[int] | Vec) -> list[Vec]:
    return [d for d in distributions(n) if d[0] <= bound[0] and d[1] <= bound[1] and d[2] <= bound[2]
            and d[3] <= bound[3]]


def room(st: AcademicState, seat: int) -> list[int]:
    cap = components().rules.theory_max
    return [cap - n for n in st.theories[seat]]


# ------------------------------------------------------------------ Theories
def can_pay(st: AcademicState, seat: int, cost: Vec | list[int], any_count: int = 0) -> bool:
    th = st.theories[seat]
    if th[0] < cost[0] or th[1] < cost[1] or th[2] < cost[2] or th[3] < cost[3]:
        return False
    return sum(th) - sum(cost) >= any_count


def pay(st: AcademicState, seat: int, cost: Vec | list[int]) -> None:
    th = st.theories[seat]
    for i in range(4):
        th[i] -= cost[i]


def gain(st: AcademicState, seat: int, counts: Vec | list[int], *, counted: bool) -> str:
    """Gain Theories (capped at the maximum). ``counted``: a Phase 2 main action or a Phase 5 Treatise
    gaining named subjects, which triggers the Additional Theory gain of the Sabbatical track."""
    cap = components().rules.theory_max
    th = st.theories[seat]
    got = [0, 0, 0, 0]
    for i in range(4):
        n = counts[i]
        if n and counted and has_effect(st, seat, i, "theory_gain"):
            n += 1
        if n:
            new = min(cap, th[i] + n)
            got[i] = new - th[i]
            th[i] = new
    text = theories_text(tuple(got))
    extra = [SUBJECT_NAME[SUBJECTS[i]] for i in range(4) if counts[i] and counted
             and has_effect(st, seat, i, "theory_gain")]
    if extra:
        text += f" (Sabbatical bonus: {', '.join(extra)})"
    lost = sum(counts) + len(extra) - sum(got)
    if lost > 0:
        text += f" ({lost} lost above the maximum of {cap})"
    return text


# --------------------------------------------------------------- Contribution
def stack_top(st: AcademicState, seat: int) -> None:
    """Put the seat's Contribution marker on top of any others on its space."""
    st.stamp_counter += 1
    st.stamp[seat] = st.stamp_counter


def gain_contribution(st: AcademicState, seat: int, n: int) -> str:
    """Gain Contribution; steps beyond the top space give Influence instead (Phase 4, upper limit)."""
    comps = components()
    top = comps.top_contribution
    over = max(0, st.contribution[seat] + n - top)
    st.contribution[seat] = min(top, st.contribution[seat] + n)
    stack_top(st, seat)
    if over:
        bonus = over * comps.rules.overflow_influence
        st.influence[seat] += bonus
        return f"{n} Contribution ({over} beyond the top space: {bonus} Influence instead)"
    return f"{n} Contribution"


def spend_contribution(st: AcademicState, seat: int, n: int) -> None:
    st.contribution[seat] -= n
    stack_top(st, seat)


def order_key(st: AcademicState, seat: int) -> tuple[int, int]:
    """Higher Contribution first; on a shared space the marker on top first (Phase 4)."""
    return (-st.contribution[seat], -st.stamp[seat])


# ------------------------------------------------------------ Crests & Sabbatical
def crest(st: AcademicState, seat: int, subject: str) -> int:
    """The highest rank of ``subject`` Crest the seat holds on the Authority track (0: none)."""
    cells = components().cells
    best = 0
    for o in st.authority[seat]:
        c = cells[o]
        if c.crest == subject and c.crest_rank > best:
            best = c.crest_rank
    return best


def has_effect(st: AcademicState, seat: int, row: int, effect: str) -> bool:
    pos = st.sabbatical[seat][row]
    if not pos:
        return False
    return any(sp.effect == effect for sp in components().rows[row].spaces[:pos])


def sabbatical_options(st: AcademicState, seat: int, *, place: bool, advance: bool) -> list[Sabbatical]:
    """Places on / moves along the Sabbatical tracks the seat's Crests allow (Society Headquarters)."""
    out = []
    for i, row in enumerate(components().rows):
        pos = st.sabbatical[seat][i]
        if pos == 0:
            if place and crest(st, seat, row.subject) >= row.spaces[0].crest_rank:
                out.append(Sabbatical(row.subject, False))
        elif advance and pos < len(row.spaces) and crest(st, seat, row.subject) >= row.spaces[pos].crest_rank:
            out.append(Sabbatical(row.subject, True))
    return out


def capacity(st: AcademicState, seat: int, row: int) -> int:
    """A presentation space holds nothing until a scholar is on that subject's Sabbatical track."""
    return components().rows[row].capacity if st.sabbatical[seat][row] else 0


# ---------------------------------------------------------- Authority track
def blue_moves(st: AcademicState, seat: int) -> list[Move]:
    cells = components().cells
    return [Move(o, b) for o in sorted(set(st.authority[seat])) for b in cells[o].blue]


def red_moves(st: AcademicState, seat: int) -> list[Move]:
    cells = components().cells
    return [Move(o, cells[o].red) for o in sorted(set(st.authority[seat])) if cells[o].red]


def move_scholar(st: AcademicState, seat: int, cell: int, to: int) -> None:
    cells = st.authority[seat]
    cells.remove(cell)
    cells.append(to)
    cells.sort()


def column_rule(st: AcademicState, seat: int) -> list[Event]:
    """Two of a player's scholars in one column: the one on the smaller-numbered cell returns to hand."""
    cells = components().cells
    by_column: dict[str, list[int]] = {}
    for o in st.authority[seat]:
        by_column.setdefault(cells[o].column, []).append(o)
    events = []
    for column, orders in by_column.items():
        if len(orders) < 2:
            continue
        keep = max(orders)
        returned = sorted(orders)[:-1]
        for o in returned:
            st.authority[seat].remove(o)
            st.hand[seat] += 1
        where = "the bottom cell" if column == "none" else f"the {SUBJECT_NAME[column]} column"
        events.append(Event(
            f"{st.names[seat]} has two scholars in {where}: the one on cell "
            f"{', '.join(map(str, returned))} returns to hand (cell {keep} stays).", seat))
    return events


# ----------------------------------------------------------------- Treatises
def revealed_tiles(st: AcademicState) -> list[int]:
    return [t for s in SUBJECTS for t in st.tr_revealed[s]]


def treatise_options(st: AcademicState, seat: int, subjects: tuple[str, ...] | list[str] = SUBJECTS) -> list[TakeTreatise]:
    """Every way to take a revealed tile of ``subjects`` to a matching presentation space."""
    comps = components()
    out: list[TakeTreatise] = []
    caps = [capacity(st, seat, i) for i in range(4)]
    if not any(caps):
        return out
    for tid in revealed_tiles(st):
        for subject in comps.treatises[tid].subjects:
            if subject not in subjects:
                continue
            row = SUBJECT_INDEX[subject]
            cap = caps[row]
            if not cap:
                continue
            held = st.presentation[seat][row]
            if len(held) < cap:
                out.append(TakeTreatise(tid, subject, len(held), False))
            else:
                out.extend(TakeTreatise(tid, subject, slot, True) for slot in range(cap))
    return out


def take_treatise(st: AcademicState, seat: int, act: TakeTreatise) -> Event:
    comps = components()
    tile = comps.treatises[act.tile]
    for pile in st.tr_revealed.values():
        if act.tile in pile:
            pile.remove(act.tile)
            break
    row = SUBJECT_INDEX[act.subject]
    held = st.presentation[seat][row]
    text = f"{st.names[seat]} takes Treatise {tile.id} '{tile.name}' to {SUBJECT_NAME[act.subject]}"
    if act.replace:
        old = held[act.slot]
        held[act.slot] = act.tile
        st.tr_discard[comps.treatises[old].back].append(old)
        text += f", discarding '{comps.treatises[old].name}'"
    else:
        held.append(act.tile)
    return Event(text + ".", seat)


def flasks(st: AcademicState, seat: int, kind: str) -> int:
    tiles = components().treatises
    return sum(1 for row in st.presentation[seat] for t in row if tiles[t].flask == kind)
