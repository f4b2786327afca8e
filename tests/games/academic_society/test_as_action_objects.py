"""Academic Society hands out one object per action value (issue 36, the AEC step): two positions
offering the same action offer the very same object, so the RL layer finds its index by ``id``
(``Encoding.legal_indices``) instead of hashing a frozen dataclass; and a table built from the data
(the Authority track's arrows) follows a data-set switch instead of handing out the other data's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from as_helpers import new

from homeroom.engine import Action, Rng
from homeroom.engine.datadiff import to_toml
from homeroom.engine.datasets import bound, overlay
from homeroom.games.academic_society import GAME
from homeroom.games.academic_society.actions import ACTION_TYPES, Move
from homeroom.games.academic_society.components import DATA_DIR, components
from homeroom.games.academic_society.decisions import options_for
from homeroom.games.academic_society.model import Pending
from homeroom.games.academic_society.state import AcademicState


@pytest.fixture(autouse=True)
def packaged_again() -> Iterator[None]:
    yield
    GAME.use_data(None)


def test_two_positions_offering_the_same_action_hand_out_the_very_same_object() -> None:
    seen: dict[Action, Action] = {}
    offered: Counter[str] = Counter()
    for players in (2, 3, 4):
        for seed in range(4):
            state = GAME.new_state(players, seed)
            rng = Rng(seed + 70)
            while not state.is_terminal():
                legal = state.legal_actions()
                if seed == 0:  # a copy of the position offers the same objects too
                    twin = GAME.state_from_json(state.to_json())
                    assert all(a is b for a, b in zip(twin.legal_actions(), legal, strict=True))
                for action in legal:
                    first = seen.setdefault(action, action)
                    assert first is action, f"a new object for {action!r}"
                    offered[action.type_name()] += 1
                state.apply(rng.choice(legal))
    # every kind of action was offered at many positions (each time the very same object)
    assert {tp.type_name() for tp in ACTION_TYPES} <= {name for name, n in offered.items() if n >= 10}, offered


def _arrows_changed(tmp_path: Path) -> Path:
    """A data set where cell 9 loses its blue arrow to 8 and cell 5's red arrow leads to 9, not 10."""
    cells = overlay(DATA_DIR, None).files["authority_track.toml"]["cell"]
    nine = dict(next(c for c in cells if c["order"] == 9), blue=[5])
    five = dict(next(c for c in cells if c["order"] == 5), red=9)
    folder = tmp_path / "arrows"
    folder.mkdir()
    (folder / "authority_track.toml").write_text(to_toml({"cell": [five, nine]}), encoding="utf-8")
    return folder


def _moves(kind: str) -> list[Action]:
    st = new(2, 1)
    seat = st.order[0]
    st.authority[seat] = [5, 9]
    return options_for(st, Pending(kind, seat))


def test_a_data_set_switch_hands_out_moves_along_its_own_arrows(tmp_path: Path) -> None:
    packaged_blue = [Move(5, 1), Move(9, 5), Move(9, 8)]
    packaged_red = [Move(5, 10), Move(9, 13)]
    other_blue = [Move(5, 1), Move(9, 5)]
    other_red = [Move(5, 9), Move(9, 13)]
    assert (_moves("blue"), _moves("red")) == (packaged_blue, packaged_red)  # the tables built from the packaged data
    dataset = GAME.dataset(_arrows_changed(tmp_path))
    with bound(DATA_DIR, dataset):  # a table's data set, bound for its code (a server)
        assert components().cells[5].red == 9
        assert (_moves("blue"), _moves("red")) == (other_blue, other_red)
        assert (_moves("blue"), _moves("red")) == (other_blue, other_red)
    assert (_moves("blue"), _moves("red")) == (packaged_blue, packaged_red)
    GAME.use_data(dataset)  # the process's data set
    assert (_moves("blue"), _moves("red")) == (other_blue, other_red)
    GAME.use_data(None)
    assert (_moves("blue"), _moves("red")) == (packaged_blue, packaged_red)
    # the same move from either data set is still the one object
    with bound(DATA_DIR, dataset):
        assert _moves("blue")[1] is _moves("blue")[1] is next(m for m in _moves("blue") if m == Move(9, 5))
    assert _moves("blue")[1] is _moves("blue")[1]


def test_a_played_game_on_another_data_set_offers_only_its_arrows(tmp_path: Path) -> None:
    """Random play under the other data set, after the packaged data's tables are built: every Move
    offered follows that data's arrows."""
    new(2, 1).legal_actions()
    _moves("red")
    dataset = GAME.dataset(_arrows_changed(tmp_path))
    with bound(DATA_DIR, dataset):
        cells = components().cells
        arrows = {(o, b) for o, c in cells.items() for b in (*c.blue, *((c.red,) if c.red else ()))}
        moves = 0
        for seed in range(6):
            state = GAME.new_state(2, seed)
            assert isinstance(state, AcademicState)
            rng = Rng(seed)
            while not state.is_terminal():
                for a in state.legal_actions():
                    if isinstance(a, Move):
                        assert (a.cell, a.to) in arrows, a
                        moves += 1
                state.apply(rng.choice(state.legal_actions()))
    assert moves > 20
