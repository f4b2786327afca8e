"""What must hold in every Academic Society position (checked by the conformance suite)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.games.academic_society.components import SUBJECTS, components

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def game_invariants(st: AcademicState) -> list[str]:
    comps = components()
    problems = []
    rules = comps.rules
    cells = comps.cells
    on_board = [0] * st.players
    secs = [*st.secretariat, *st.beside]
    for pawns in st.board.values():
        for seat, pawn in pawns:
            if pawn == "scholar":
                on_board[seat] += 1
            else:
                secs.append(pawn)
    for held in st.sec_hand:
        secs.extend(held)
    for s in range(st.players):
        name, sab, th = st.names[s], st.sabbatical[s], st.theories[s]
        aside = st.held[s] if st.held else 0
        total = st.hand[s] + aside + len(st.authority[s]) + on_board[s] + len(sab) - sab.count(0)
        if aside and st.phase != 2:
            problems.append(f"{name} still has {aside} scholar(s) held aside after Phase 2")
        if total != rules.scholars:
            problems.append(f"{name} has {total} scholars in play, not {rules.scholars}")
        if min(th) < 0 or max(th) > rules.theory_max:
            problems.append(f"{name} has theories outside 0-{rules.theory_max}: {th}")
        if not 0 <= st.contribution[s] <= comps.top_contribution:
            problems.append(f"{name} has Contribution {st.contribution[s]} off the track")
        if st.influence[s] < 0:
            problems.append(f"{name} has negative Influence")
        for i, row in enumerate(st.presentation[s]):
            if not 0 <= sab[i] <= len(comps.rows[i].spaces):
                problems.append(f"{name}'s {SUBJECTS[i]} Sabbatical scholar is off the track ({sab[i]})")
            if row and (len(row) > comps.rows[i].capacity or not sab[i]):
                problems.append(f"{name} holds too many {SUBJECTS[i]} Treatises")
        if st.phase != 3 and len({cells[o].column for o in st.authority[s]}) != len(st.authority[s]):
            problems.append(f"{name} has two scholars in one Authority column")
    if len(secs) != len(SUBJECTS) or set(secs) != set(SUBJECTS):
        problems.append(f"Secretaries are not one of each subject in one place: {sorted(secs)}")
    tiles = [*st.tr_removed]
    for group in (st.tr_piles, st.tr_revealed, st.tr_discard):
        for v in group.values():
            tiles += v
    for board in st.presentation:
        for row in board:
            tiles += row
    if len(tiles) != len(comps.treatises) or set(tiles) != comps.treatises.keys():
        problems.append("Treatise tiles are not each in exactly one place")
    rcs = [*st.rc_pile, *st.rc_revealed, *st.rc_done]
    if len(rcs) != len(comps.commissions) or set(rcs) != comps.commissions.keys():
        problems.append("Royal Commission tiles are not each in exactly one place")
    if st.phase and not st.pending:
        problems.append("the game is not over but nobody has a decision")
    return problems
