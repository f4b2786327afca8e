"""Solo evaluation terms of the fourth pass (issue 19): tokens left in storage after the player's
last turn, and teacher points half earned."""

from __future__ import annotations

from dataclasses import replace

import pytest
from co89_helpers import blank_book, put, started, take_out

from homeroom.engine import Rng
from homeroom.games.class_of_89 import bots
from homeroom.games.class_of_89.bots import storage_live, teacher_potential, time_left, turns_left, values
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.state import Co89State


def _played(seed: int, until: str) -> Co89State:
    """A solo game played at random until the player's last turn is over (``"after"``) or until a
    decision of the player's own with turns still to come (``"during"``); never the end."""
    state = started(1, seed, difficulty="normal")
    rng = Rng(seed)
    while not state.is_terminal():
        if until == "during" and state.round >= 2 and state.phase == "act" and state.current == 0:
            return state
        if until == "after" and turns_left(state, 0) == 0 and state.phase != "over" \
                and not (state.phase == "act" and state.current == 0):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game ended first")


def _stored_worth(state: Co89State) -> float:
    """The evaluation with a Bookmark added to the player's storage, less without it."""
    with_token = state.clone()
    with_token.books[0].storage[:] = ["bookmark"]
    without = state.clone()
    without.books[0].storage[:] = []
    return values(with_token, 0)[0] - values(without, 0)[0]


def test_a_stored_token_counts_while_the_player_can_still_place_it() -> None:
    during = _played(3, "during")
    assert storage_live(during)
    assert _stored_worth(during) > 0.25


def test_a_token_still_in_storage_after_the_last_turn_is_worth_nothing() -> None:
    """Rulebook, Endgame Scoring: tokens in storage score nothing, and they move only during the
    owner's turn; so once the last one is over (Ed's turn and the round end may remain) they are 0."""
    for seed in (0, 2):              # a round-end reward still to choose after the last turn
        after = _played(seed, "after")
        assert not storage_live(after)
        assert _stored_worth(after) == 0.0


def test_a_teachers_pair_half_made_counts_half_its_points() -> None:
    teachers = components().teachers
    boudreau = teachers["ms-boudreau"].scoring["points"]  # a stand-in: 3 since issue 32's retune
    laporte = teachers["mr-laporte"].scoring["points"]    # printed: 2
    book = blank_book()
    put(book, 0, "ms-boudreau")                 # points per student with a Bolt and a Star
    put(book, 1, "amy-a", "B")                  # half made, room for the Star: half the points
    put(book, 2, "carla-b", "BS")               # made (scored by the teacher already): 0
    put(book, 3, "derek-b", "BBBB")             # no room for the Star: 0
    put(book, 4, "tony-a", "KK")                # neither: 0
    assert teacher_potential(book) == boudreau / 2
    put(book, 5, "mr-laporte")                  # Bookmark and Gavel: Tony A now in its class
    put(book, 6, "dana-g", "G")
    assert teacher_potential(book) == boudreau / 2 + laporte / 2


def test_the_evaluation_values_a_half_made_teachers_pair() -> None:
    state = started(1, 11, difficulty="normal")
    book = state.books[0]
    for card in ("ms-boudreau", "amy-a"):
        if card != book.photo[0]:
            take_out(state, card)
    put(book, 0, "ms-boudreau")
    put(book, 1, "amy-a", "B")
    old = bots.use_weights(replace(bots.TUNED, teach=0.0))
    try:
        without = values(state, 0)[0]
        bots.use_weights(replace(bots.TUNED, teach=1.5))
        with_term = values(state, 0)[0]
    finally:
        bots.use_weights(old)
    half = components().teachers["ms-boudreau"].scoring["points"] / 2   # Amy A's half-made pair
    assert with_term - without == pytest.approx(1.5 * time_left(state) * half)
