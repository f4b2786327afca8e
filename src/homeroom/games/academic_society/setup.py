"""Setup: the boards, the shuffled Royal Commission and Treatise piles (2 revealed from each), each
player's pawns (one scholar on each of cells 1-4, three in hand), Theories on 4, and a random turn
order with the Contribution markers stacked on START, the first player's on top."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.games.academic_society.components import SUBJECTS, components
from homeroom.games.academic_society.preparation import reveal_treatises, revealed_text
from homeroom.games.academic_society.rounds import advance, begin_phase

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def setup(st: AcademicState) -> None:
    """Setup: boards, piles, pawns and a random turn order."""
    comps = components()
    rules = comps.rules
    n = st.players
    st.order = list(range(n))
    st.rng.shuffle(st.order)
    chosen = int(st.options.get("first_player", 0) or 0)
    if chosen:  # the players name who starts; the rest of the turn order stays random (G25)
        st.order.remove(chosen - 1)
        st.order.insert(0, chosen - 1)
    st.stamp = [0] * n
    for height, seat in enumerate(reversed(st.order)):  # first player's marker on top
        st.stamp[seat] = height + 1
    st.stamp_counter = n
    st.influence = [0] * n
    st.theories = [[rules.theory_start] * 4 for _ in range(n)]
    st.contribution = [0] * n
    starts = list(comps.start_cells)
    st.hand = [rules.scholars - len(starts)] * n
    st.held = [0] * n
    st.authority = [list(starts) for _ in range(n)]
    st.sabbatical = [[0, 0, 0, 0] for _ in range(n)]
    st.presentation = [[[], [], [], []] for _ in range(n)]
    st.sec_hand = [[] for _ in range(n)]
    st.laid = [[] for _ in range(n)]
    if n == 2:
        st.secretariat, st.beside = [], list(SUBJECTS)
    else:
        st.secretariat, st.beside = list(SUBJECTS), []
    st.board = {sp.id: [] for sp in comps.spaces}
    st.rc_pile = sorted(comps.commissions)
    st.rng.shuffle(st.rc_pile)
    st.tr_piles = {s: [] for s in SUBJECTS}
    st.tr_revealed = {s: [] for s in SUBJECTS}
    st.tr_discard = {s: [] for s in SUBJECTS}
    for tid, t in comps.treatises.items():
        if t.four_player and n < 4:
            st.tr_removed.append(tid)
        else:
            st.tr_piles[t.back].append(tid)
    for s in SUBJECTS:
        st.rng.shuffle(st.tr_piles[s])
        reveal_treatises(st, s)
    st.setup_log.append("Turn order: " + ", ".join(st.names[s] for s in st.order) + "."
                        + (f" {st.names[chosen - 1]} starts, as the players chose." if chosen else ""))
    if st.tr_removed:
        st.setup_log.append(f"The {len(st.tr_removed)} Treatise tiles with the 4-player icon are removed.")
    if n == 2:
        st.setup_log.append("2 players: the Secretaries wait beside the board.")
    st.setup_log.append("Revealed Treatises: " + revealed_text(st) + ".")
    st.phase = 1
    st.setup_log += [e.text for e in begin_phase(st, 1)]
    st.setup_log += [e.text for e in advance(st)]
