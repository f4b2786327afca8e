"""Phase 6: Preparation for the Next Round. Pawns on the Society Board return (Secretaries to the
Secretariat), the Premier Bonus gives the lone holder of each of cells 1-4 that column's Secretary,
the revealed Treatises are discarded and 2 are revealed from each pile, and the round marker
advances."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECT_NAME, SUBJECTS, components

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


def revealed_text(st: AcademicState) -> str:
    tiles = components().treatises
    return ", ".join(f"{t} '{tiles[t].name}'" for s in SUBJECTS for t in st.tr_revealed[s]) or "none"


def reveal_treatises(st: AcademicState, back: str) -> None:
    """Reveal up to 2 from a pile; a pile that runs out is rebuilt from its shuffled discards."""
    want = components().rules.treatise_reveal
    pile = st.tr_piles[back]
    while len(st.tr_revealed[back]) < want:
        if not pile:
            if not st.tr_discard[back]:
                return
            pile.extend(st.tr_discard[back])
            st.tr_discard[back].clear()
            st.rng.shuffle(pile)
        st.tr_revealed[back].append(pile.pop())


def phase6(st: AcademicState) -> list[Event]:
    """Preparation: pawns home, the Premier Bonus, fresh Treatises."""
    comps = components()
    quiet = st.quiet
    events = [] if quiet else [Event("Phase 6: Preparation for the Next Round.")]
    for pawns in st.board.values():
        for seat, pawn in pawns:
            if pawn == "scholar":
                st.hand[seat] += 1
            else:
                st.secretariat.append(pawn)
        pawns.clear()
    st.secretariat.sort(key=SUBJECT_INDEX.__getitem__)
    for cell in comps.start_cells:
        holders = [s for s in range(st.players) for o in st.authority[s] if o == cell]
        if len(holders) != 1:
            continue
        seat, subject = holders[0], comps.cells[cell].column
        if subject in st.secretariat:
            st.secretariat.remove(subject)
            st.sec_hand[seat].append(subject)
            if quiet:
                continue
            events.append(Event(f"Premier Bonus: {st.names[seat]} alone holds cell {cell} and takes the "
                                f"{SUBJECT_NAME[subject]} Secretary into hand.", seat))
        elif not quiet:
            events.append(Event(f"Premier Bonus: {st.names[seat]} alone holds cell {cell}, but the "
                                f"{SUBJECT_NAME[subject]} Secretary is not on the Secretariat.", seat))
    for s in SUBJECTS:
        st.tr_discard[s] += st.tr_revealed[s]
        st.tr_revealed[s] = []
        reveal_treatises(st, s)
    if quiet:
        return events
    events.append(Event("New Treatises revealed: " + revealed_text(st) + ".", reveals=True))
    return events
