"""The Place actions from the prebuilt tables (issue 18) are the ones the scan before them listed,
in the same order, for every seat at positions of seeded random 2-4 player games."""

from __future__ import annotations

from homeroom import games
from homeroom.engine import Action, Rng
from homeroom.games.academic_society.action_spaces import _space_table, place_options
from homeroom.games.academic_society.actions import Place
from homeroom.games.academic_society.components import SUBJECT_INDEX
from homeroom.games.academic_society.individual_board import has_treatise_option, sabbatical_options
from homeroom.games.academic_society.management_board import has_blue_move
from homeroom.games.academic_society.state import AcademicState


def old_main_possible(st: AcademicState, seat: int, main: str, pawn: str) -> bool:
    if main == "headquarters":
        if min(st.theories[seat]) < 1:
            return False
        left = st.hand[seat] - (pawn == "scholar")
        return bool(sabbatical_options(st, seat, place=left > 0, advance=True))
    if main == "library":
        return has_treatise_option(st, seat)
    if main == "lecture_hall":
        return sum(st.theories[seat]) >= 3 and has_blue_move(st, seat)
    return True


def old_place_options(st: AcademicState, seat: int) -> list[Action]:
    sec = st.sec_hand[seat]
    pawns = (["scholar"] if st.hand[seat] else []) + (
        sorted(set(sec), key=SUBJECT_INDEX.__getitem__) if sec else [])
    out: list[Action] = []
    if not pawns:
        return out
    allowed: dict[str, list[str]] = {}
    for space, four_player, main, unlimited in _space_table():
        if four_player and st.players < 4:
            continue
        if st.board[space] and not unlimited:
            continue
        ok = allowed.get(main)
        if ok is None:
            ok = allowed[main] = [pawn for pawn in pawns if old_main_possible(st, seat, main, pawn)]
        out += [Place(space, pawn) for pawn in ok]
    return out


def test_place_options_are_the_scan_before_the_tables() -> None:
    game = games.get("academic-society")
    checked = 0
    for players in (2, 3, 4):
        for seed in range(6):
            state = game.new_state(players, seed)
            assert isinstance(state, AcademicState)
            rng = Rng(seed + 40)
            while not state.is_terminal():
                for seat in range(players):
                    assert place_options(state, seat) == old_place_options(state, seat)
                    checked += 1
                state.apply(rng.choice(state.legal_actions()))
    assert checked > 5000
