"""The Individual Board (Component Overview): the Theory track (at most 6 a subject), the Sabbatical
tracks and their effects (Sabbatical Effects), and the Treatise presentation spaces. Functions take
the state first."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from homeroom.engine import Event
from homeroom.engine.actions import Made
from homeroom.games.academic_society.actions import Sabbatical, TakeTreatise, theories_text
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECT_NAME, SUBJECTS, Vec, components
from homeroom.games.academic_society.management_board import crest

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState

ZERO: Vec = (0, 0, 0, 0)


# ------------------------------------------------------------------ Theories
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
    if st.quiet:  # the rest only words what happened
        return ""
    text = theories_text(tuple(got))
    extra = [SUBJECT_NAME[SUBJECTS[i]] for i in range(4) if counts[i] and counted
             and has_effect(st, seat, i, "theory_gain")]
    if extra:
        text += f" (Sabbatical bonus: {', '.join(extra)})"
    lost = sum(counts) + len(extra) - sum(got)
    if lost > 0:
        text += f" ({lost} lost above the maximum of {cap})"
    return text


# ------------------------------------------------------------ Sabbatical track
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
                out.append(SABBATICAL[row.subject, False])
        elif advance and pos < len(row.spaces) and crest(st, seat, row.subject) >= row.spaces[pos].crest_rank:
            out.append(SABBATICAL[row.subject, True])
    return out


SABBATICAL: Made[Sabbatical] = Made(Sabbatical, 1024)
"""Sabbatical actions by (subject, advance), built once."""


def has_sabbatical_option(st: AcademicState, seat: int, *, place: bool) -> bool:
    """Whether :func:`sabbatical_options` (advancing allowed) would offer anything, without building it."""
    sab = st.sabbatical[seat]
    for i, row in enumerate(components().rows):
        pos = sab[i]
        if pos == 0:
            if place and crest(st, seat, row.subject) >= row.spaces[0].crest_rank:
                return True
        elif pos < len(row.spaces) and crest(st, seat, row.subject) >= row.spaces[pos].crest_rank:
            return True
    return False


def reduced(st: AcademicState, seat: int, cost: Vec, effect: str) -> Vec:
    """``cost`` less 1 in each subject it includes whose Sabbatical ``effect`` (a cost reduction) the
    seat has (Sabbatical Effects: Royal Commission / Research Report cost reduction)."""
    out = list(cost)
    for i in range(4):
        if out[i] and has_effect(st, seat, i, effect):
            out[i] -= 1
    return (out[0], out[1], out[2], out[3])


# ------------------------------------------------- Treatise presentation spaces
def capacity(st: AcademicState, seat: int, row: int) -> int:
    """A presentation space holds nothing until a scholar is on that subject's Sabbatical track."""
    return components().rows[row].capacity if st.sabbatical[seat][row] else 0


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
                out.append(TAKE[tid, subject, len(held), False])
            else:
                out.extend(TAKE[tid, subject, slot, True] for slot in range(cap))
    return out


TAKE: Made[TakeTreatise] = Made(TakeTreatise, 16_384)
"""TakeTreatise actions by (tile, subject, slot, replace), built once (tiles x subjects x slots x 2)."""


_TILE_ROWS: list[Any] = [None, {}, ()]
"""For the components in slot 0: each Treatise tile's subjects as a bit mask of presentation rows,
and each row's capacity."""


def has_treatise_option(st: AcademicState, seat: int) -> bool:
    """Whether :func:`treatise_options` (all subjects) would offer anything, without building it:
    a revealed tile with a subject whose row has room (a Sabbatical scholar there gives it its
    capacity), as bit masks of the rows."""
    comps = components()
    if _TILE_ROWS[0] is not comps:
        _TILE_ROWS[1] = {tid: sum(1 << SUBJECT_INDEX[s] for s in set(t.subjects))
                         for tid, t in comps.treatises.items()}
        _TILE_ROWS[2] = tuple(row.capacity for row in comps.rows)
        _TILE_ROWS[0] = comps
    tile_rows: dict[int, int] = _TILE_ROWS[1]
    capacity: tuple[int, ...] = _TILE_ROWS[2]
    sab = st.sabbatical[seat]
    rows = 0
    for i in range(4):
        if sab[i] and capacity[i]:
            rows |= 1 << i
    if not rows:
        return False
    revealed = st.tr_revealed
    for s in SUBJECTS:
        for tid in revealed[s]:
            if tile_rows[tid] & rows:
                return True
    return False


def take_treatise(st: AcademicState, seat: int, act: TakeTreatise) -> list[Event]:
    comps = components()
    for pile in st.tr_revealed.values():
        if act.tile in pile:
            pile.remove(act.tile)
            break
    row = SUBJECT_INDEX[act.subject]
    held = st.presentation[seat][row]
    old = -1
    if act.replace:
        old = held[act.slot]
        held[act.slot] = act.tile
        st.tr_discard[comps.treatises[old].back].append(old)
    else:
        held.append(act.tile)
    if st.quiet:
        return []
    tile = comps.treatises[act.tile]
    text = f"{st.names[seat]} takes Treatise {tile.id} '{tile.name}' to {SUBJECT_NAME[act.subject]}"
    if act.replace:
        text += f", discarding '{comps.treatises[old].name}'"
    return [Event(text + ".", seat)]


def flasks(st: AcademicState, seat: int, kind: str) -> int:
    tiles = components().treatises
    return sum(1 for row in st.presentation[seat] for t in row if tiles[t].flask == kind)
