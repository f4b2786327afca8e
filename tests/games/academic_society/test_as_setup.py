"""Setup, the invariants (they must be able to fail) and options/metadata."""

from __future__ import annotations

import pytest
from as_helpers import decline_phase1, give, new, refresh

from homeroom.engine import OptionError
from homeroom.games.academic_society import GAME
from homeroom.games.academic_society.actions import Place
from homeroom.games.academic_society.state import AcademicState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    st = new(players, 8)
    assert sorted(st.order) == list(range(players))
    assert all(a == [1, 2, 3, 4] for a in st.authority) and st.hand == [3] * players
    assert st.theories == [[4, 4, 4, 4]] * players and st.influence == [0] * players
    assert st.contribution == [0] * players
    # Contribution markers stacked at START in turn order, the first player's on top
    assert sorted(st.order, key=lambda s: -st.stamp[s]) == st.order
    assert all(len(v) == 2 for v in st.tr_revealed.values())
    assert len(st.tr_removed) == (0 if players == 4 else 4)
    assert st.round == 1 and st.phase == 1 and len(st.rc_revealed) == 1
    assert st.invariants() == []


def test_invariants_can_fail() -> None:
    st = new(3, 2)
    st.tr_revealed["math"].pop()
    st.hand[0] += 1
    st.theories[1][2] = 7
    st.secretariat.append("math")
    problems = " ".join(st.invariants())
    assert "Treatise tiles" in problems and "scholars" in problems and "theories outside" in problems
    assert "Secretaries" in problems
    st2 = new(2, 1)
    st2.sabbatical[0][1] = 4  # beyond the 3 spaces of the track
    st2.hand[0] -= 1
    st2.rc_done.append(st2.rc_pile[0])  # one tile in two places
    st2.authority[1] = [1, 5, 2, 3]  # two in the Physics column outside Phase 3
    problems = " ".join(st2.invariants())
    assert "Sabbatical scholar is off the track" in problems and "Royal Commission tiles" in problems
    assert "two scholars in one Authority column" in problems and "scholars in play" not in problems


def test_metadata_and_options() -> None:
    assert GAME.info.player_counts == (2, 3, 4)
    assert GAME.info.constants["rounds"] == 7
    with pytest.raises(OptionError):
        GAME.new_state(5, 1)
    with pytest.raises(OptionError):
        GAME.new_state(2, 1, {"colour": "red"})


def test_lost_crest_keeps_sabbatical_effects() -> None:
    """A Crest lost after placing a Sabbatical scholar does not affect it (Society Headquarters)."""
    st = new(2, 1)
    decline_phase1(st)
    a = st.to_move
    assert a is not None
    st.authority[a] = [13]
    st.hand[a] = 6
    st.sabbatical[a][1] = 3  # Physics: Additional Theory gain, though no Physics Crest is held now
    give(st, a, 0, 0, 0, 0)
    refresh(st)
    st.apply(Place("workshop-2"))
    assert st.theories[a][1] == 3


def test_json_round_trip_mid_game() -> None:
    st = new(4, 3)
    decline_phase1(st)
    st.apply(Place("salon"))
    again = GAME.state_from_json(st.to_json())
    assert again.to_json() == st.to_json()
    assert again.legal_actions() == st.legal_actions()


def test_first_player_option() -> None:
    """G25: first_player 0 keeps the random turn order (Setup); N puts seat N first, the rest stays
    random, and the Contribution stack on START follows the turn order (first player's on top)."""
    default = GAME.new_state(4, 7)
    same = GAME.new_state(4, 7, {"first_player": 0})
    assert isinstance(default, AcademicState) and isinstance(same, AcademicState)
    assert same.order == default.order and same.setup_log == default.setup_log
    for seat in range(1, 5):
        st = GAME.new_state(4, 7, {"first_player": seat})
        assert isinstance(st, AcademicState)
        assert st.order[0] == seat - 1 and sorted(st.order) == [0, 1, 2, 3]
        assert [o for o in st.order if o != seat - 1] == [o for o in default.order if o != seat - 1]
        assert sorted(range(4), key=lambda s: -st.stamp[s]) == st.order
        assert f"{st.names[seat - 1]} starts, as the players chose." in st.setup_log[0]
    with pytest.raises(OptionError):
        GAME.new_state(2, 1, {"first_player": 3})
