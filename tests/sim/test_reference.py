"""The speed reference: with OpenSpiel installed, the median of every pure-Python game it
registers, counted the way our decisions are (a player's move is one decision, a simultaneous move
one per player; a chance outcome takes time but is not a decision, and the all-actions count is
reported beside it), mean-field games left out and a game that fails reported, not fatal.

A fake ``pyspiel`` stands in, so this runs whether OpenSpiel is installed or not."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from homeroom.sim import reference as ref


class _Dyn:
    SEQUENTIAL, SIMULTANEOUS, MEAN_FIELD = "seq", "sim", "mfg"


class _State:
    """Three nodes: a chance node, a simultaneous node for every player, a sequential one."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.step = 0
        self.joint: list[list[int]] = []

    def is_terminal(self) -> bool:
        return self.step == 3

    def is_chance_node(self) -> bool:
        return self.step == 0

    def is_simultaneous_node(self) -> bool:
        return self.step == 1

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def legal_actions(self, player: int | None = None) -> list[int]:
        return [0, 1, 2]

    def apply_action(self, action: int) -> None:
        self.step += 1

    def apply_actions(self, actions: list[int]) -> None:
        assert len(actions) == self.players
        self.joint.append(actions)
        self.step += 1


class _Game:
    def __init__(self, players: int, broken: bool = False) -> None:
        self.players = players
        self.broken = broken

    def num_players(self) -> int:
        return self.players

    def new_initial_state(self) -> _State:
        if self.broken:
            raise RuntimeError("needs a data file")
        return _State(self.players)


@pytest.fixture
def fake_openspiel(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    games = {"python_three": _Game(3), "python_two": _Game(2), "python_broken": _Game(2, broken=True),
             "python_crowd": _Game(1), "kuhn_poker": _Game(2)}
    dynamics = {"python_crowd": _Dyn.MEAN_FIELD}
    pyspiel = types.ModuleType("pyspiel")
    pyspiel.GameType = types.SimpleNamespace(Dynamics=_Dyn)  # type: ignore[attr-defined]
    pyspiel.registered_games = lambda: [  # type: ignore[attr-defined]
        types.SimpleNamespace(short_name=n, dynamics=dynamics.get(n, _Dyn.SEQUENTIAL)) for n in games]
    pyspiel.load_game = games.__getitem__  # type: ignore[attr-defined]
    open_spiel = types.ModuleType("open_spiel")
    python = types.ModuleType("open_spiel.python")
    python_games = types.ModuleType("open_spiel.python.games")
    for name, module in (("pyspiel", pyspiel), ("open_spiel", open_spiel), ("open_spiel.python", python),
                         ("open_spiel.python.games", python_games)):
        monkeypatch.setitem(sys.modules, name, module)
    return games


def test_only_playable_pure_python_games_are_listed(fake_openspiel: dict[str, Any]) -> None:
    # not the C++ kuhn_poker, not the mean-field game
    assert ref.openspiel_games() == ["python_broken", "python_three", "python_two"]


def test_decisions_count_each_player_of_a_simultaneous_move_and_no_chance_outcome(
        fake_openspiel: dict[str, Any]) -> None:
    three = ref._openspiel_rate("python_three", 0.01)
    two = ref._openspiel_rate("python_two", 0.01)
    # a playout of the 3-player game is a chance outcome, 3 simultaneous decisions and 1 more
    # decision: 4 decisions in 5 actions (the 2-player game: 3 in 4), over the same CPU time
    assert three["decisions"] / three["actions"] == pytest.approx(4 / 5)
    assert two["decisions"] / two["actions"] == pytest.approx(3 / 4)
    # so, for the same work, the 3-player game counts more decisions per action (compared by counts:
    # the rates over 0.01 s of CPU swing with the machine's load, and once made the ratio 0.9 in CI)
    assert three["decisions"] / three["actions"] > two["decisions"] / two["actions"]


def test_the_reference_is_the_median_and_names_what_it_skipped(fake_openspiel: dict[str, Any]) -> None:
    report = ref.reference(0.03)
    assert report["reference"] == "median of OpenSpiel's 2 pure-Python games, player decisions"
    assert set(report["games"]) == set(report["games_all_actions"]) == {"python_three", "python_two"}
    assert report["skipped"] == {"python_broken": "RuntimeError: needs a data file"}
    low, high = sorted(report["games"].values())
    assert report["decisions_per_second"] == pytest.approx((low + high) / 2, abs=0.1)
    low, high = sorted(report["games_all_actions"].values())
    assert report["all_actions_per_second"] == pytest.approx((low + high) / 2, abs=0.1)
    assert report["all_actions_per_second"] > report["decisions_per_second"]


def test_without_openspiel_the_builtin_stand_in_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import fails
    report = ref.reference(0.05)
    assert report["reference"] == "built-in OpenSpiel-style pure-Python tic-tac-toe"
    assert report["decisions_per_second"] > 0
