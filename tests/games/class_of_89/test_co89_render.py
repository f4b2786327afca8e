"""The terminal view: what each viewer may see, and that it fits 120 columns."""

from __future__ import annotations

from co89_helpers import new_state, started

from homeroom.engine import Rng
from homeroom.games.class_of_89 import GAME
from homeroom.games.class_of_89.components import components


def test_drawn_cards_show_only_to_the_drawer() -> None:
    state = started(3)
    state.pending.clear()
    state._gain(0, ["draw_students"])
    drawn = [components().card_name(c) for c in state.pending[0].cards]
    mine, theirs, spectator = GAME.render(state, 0), GAME.render(state, 1), GAME.render(state, None)
    assert all(name in mine for name in drawn)
    for view in (theirs, spectator):
        assert "Waiting for Player 1: draw students" in view
        assert not any(name in view.split("Waiting for")[1] for name in drawn)


def test_eds_face_down_priority_cards_stay_hidden_until_the_end() -> None:
    state = new_state(1, 4)
    view = GAME.render(state, 0)
    assert "col 1 face down" in view and "col 5 face down" in view
    assert "Ed's score if the game ended now: 84 (objectives 84," in view  # 6 objectives x 14, all public
    rng = Rng(9)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    final = GAME.render(state, 0)
    assert "face down" not in final and "Ed: " in final


def test_the_view_fits_in_120_columns_and_names_members() -> None:
    for players in (1, 2, 3, 4):
        state = new_state(players, players)
        rng = Rng(players)
        while not state.is_terminal():
            view = GAME.render(state, 0)
            assert max(len(line) for line in view.splitlines()) <= 120
            for _ in range(15):
                if not state.is_terminal():
                    state.apply(rng.choice(state.legal_actions()))
        assert "objectives" in GAME.render(state, None)
