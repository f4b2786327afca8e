"""Scoring: Influence on the track plus the game-end Influence of the Authority cells holding a
scholar, the rightmost Sabbatical spaces reached and the Treatise tiles presented; ties go to the
most Theories in total, then the earlier player in the turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Score
from homeroom.games.academic_society.components import components

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def scores(st: AcademicState) -> list[Score]:
    comps = components()
    out = []
    for s in range(st.players):
        authority = sum(comps.cells[o].influence for o in st.authority[s])
        sabbatical = sum(row.influence for i, row in enumerate(comps.rows)
                         if st.sabbatical[s][i] == len(row.spaces))
        treatises = sum(comps.treatises[t].influence for row in st.presentation[s] for t in row)
        out.append(Score.of({"influence": st.influence[s], "authority": authority,
                             "sabbatical": sabbatical, "treatises": treatises}))
    return out


def score_totals(st: AcademicState) -> list[int]:
    """Each seat's :func:`scores` total without its breakdown (the bots' evaluation reads only the
    totals, thousands of times a decision)."""
    comps = components()
    cells, rows, tiles = comps.cells, comps.rows, comps.treatises
    out = []
    for s in range(st.players):
        sab = st.sabbatical[s]
        out.append(st.influence[s] + sum(cells[o].influence for o in st.authority[s])
                   + sum(row.influence for i, row in enumerate(rows) if sab[i] == len(row.spaces))
                   + sum(tiles[t].influence for row in st.presentation[s] for t in row))
    return out


def tiebreak(st: AcademicState, seat: int) -> tuple[Any, ...]:
    """Most Theories in total, then earlier in the turn order (Scoring)."""
    return (sum(st.theories[seat]), -st.order.index(seat))
