"""The rules RULINGS.md's "Rule coverage" used to leave untested (issue 32): each test fails when
its rule breaks."""

from __future__ import annotations

from co89_helpers import new_state, take_out

from homeroom.agents import make_agent
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components


def _free(state: object, kind: str, n: int) -> list[str]:
    """``n`` cards of ``kind`` taken out of their deck (so they can be laid on the mat)."""
    cards = [c for c in state.decks[kind][:n]]  # type: ignore[attr-defined]
    for c in cards:
        take_out(state, c)  # type: ignore[arg-type]
    return cards


def test_ed_takes_the_left_most_teacher_or_staff_of_the_choice_cards_type() -> None:
    """Ruling 44: with two teachers (or two staff cards) at a location, Ed takes the left-most."""
    state = new_state(1, seed=5, difficulty="normal")
    loc = 0
    for kind in ("teacher", "staff"):
        old = list(state.school[loc])
        first, second = _free(state, kind, 2)
        students = [c for c in old if c and pl.lookup().kind[c] == "student"][:1]
        state.school[loc] = [*students, "", first, second, ""][:5]
        assert state._ed_option(loc, kind) == first
        assert state._ed_options(loc)[kind] == first
        state.school[loc] = [*students, "", second, first, ""][:5]
        assert state._ed_option(loc, kind) == second


def test_placed_cards_and_tiles_never_move_nor_leave_the_yearbook() -> None:
    """Rulebook: "Once placed, cards and tiles cannot be moved or discarded": through a whole game
    of random moves, every filled class-photo cell and Wildcat Way cell keeps its card or tile."""
    for players, seed in ((2, 7), (3, 8)):
        state = new_state(players, seed=seed)
        bots = [make_agent("random", i) for i in range(players)]
        while not state.is_terminal():
            before = [(list(b.photo), list(b.grid)) for b in state.books[:players]]
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].choose(state, seat))
            for (photo, grid), book in zip(before, state.books[:players]):
                for cell, card in enumerate(photo):
                    assert not card or book.photo[cell] == card, (cell, card, book.photo[cell])
                for cell, tile in enumerate(grid):
                    assert not tile or book.grid[cell] == tile, (cell, tile, book.grid[cell])


def test_signatures_and_attribute_tokens_have_no_supply_to_run_out() -> None:
    """Rulebook: signatures and attribute tokens "are meant to be unlimited": a player holding
    hundreds of signatures still gains more, and a Gavel is still gained when every student in
    both yearbooks already holds four Gavels (only the player's own room limits tokens)."""
    state = new_state(2, seed=3)
    book = state.books[0]
    book.signatures = 500
    state._gain(0, ["signature"] * 3)
    assert book.signatures == 503
    for b in state.books[:2]:
        for slot, card in enumerate(b.photo):
            if card and not pl.is_teacher(card):
                b.tokens[slot] = ["gavel"] * 4
    book.storage = []
    state.pending.clear()
    state._gain(0, ["token:gavel"])
    assert [p.token for p in state.pending if p.kind == "token"] == ["gavel"]


def _resolved(state: object, gains: list[str]) -> tuple[object, ...]:
    """Seat 0's signatures, tracks, 1x1 tiles and tokens held after ``gains`` and every choice
    they open (each resolved by the first legal choice)."""
    st = state.clone()  # type: ignore[attr-defined]
    st.pending.clear()
    st._gain(0, gains)
    while st.pending:
        st.apply(st.legal_actions()[0])
    book = st.books[0]
    tokens = sorted([t for ts in book.tokens for t in ts] + list(book.storage))
    return book.signatures, dict(book.tracks), sum(1 for g in book.grid if g), tokens


def test_a_staff_cards_gains_come_to_the_same_in_any_order() -> None:
    """Rulebook: staff "gain the bonuses shown in any order" (ruling 23: the order changes
    nothing, so the gains resolve in printed order): for every staff card, its gains in printed
    and in reverse order leave the player with the same signatures, steps, tiles and tokens."""
    state = new_state(2, seed=9)
    for slot, card in enumerate(state.books[0].photo):
        if card and not pl.is_teacher(card):
            state.books[0].tokens[slot] = []
    for staff in components().staff.values():
        gains = list(staff.gains)
        assert _resolved(state, gains) == _resolved(state, gains[::-1]), staff.id
