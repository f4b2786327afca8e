"""The tournament harness: seat rotation, the interval and rating maths, the report and CLI."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from homeroom.cli.main import app
from homeroom.engine.errors import HomeroomError
from homeroom.sim.tournament import labels, rotation, solo, tournament, update_elo, wilson


def test_rotation_puts_every_agent_in_every_seat_once_per_block() -> None:
    agents = ["a", "b", "c"]
    blocks = [rotation(agents, g) for g in range(3)]
    assert blocks[0] == ["a", "b", "c"]
    assert blocks[1] == ["c", "a", "b"]
    for seat in range(3):
        assert sorted(b[seat] for b in blocks) == agents
    assert rotation(agents, 4) == blocks[1]


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(95, 100)
    assert lo == pytest.approx(0.8882, abs=1e-3) and hi == pytest.approx(0.9785, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    # the interval narrows as games are added and always holds the observed rate
    assert wilson(50, 100)[1] - wilson(50, 100)[0] < wilson(5, 10)[1] - wilson(5, 10)[0]


def test_elo_moves_rating_from_loser_to_winner() -> None:
    after = update_elo([1500.0, 1500.0], [10, 4], [0], k=16)
    assert after[0] == pytest.approx(1508.0) and after[1] == pytest.approx(1492.0)
    # an upset against a stronger player earns more
    upset = update_elo([1400.0, 1600.0], [10, 4], [0], k=16)
    assert upset[0] - 1400.0 > 8.0
    # a shared win with equal scores is a draw between equals: nothing moves
    assert update_elo([1500.0, 1500.0], [7, 7], [0, 1]) == [1500.0, 1500.0]
    three = update_elo([1500.0] * 3, [9, 5, 1], [0])
    assert math.isclose(sum(three), 4500.0) and three[0] > three[1] > three[2]


def test_labels_tell_equal_specs_apart() -> None:
    assert labels(["greedy", "random", "greedy"]) == ["greedy", "random", "greedy#2"]


def test_tournament_report_rotates_seats_and_counts_every_game() -> None:
    report = tournament("toy", 3, ["greedy", "random"], 7, seed=2)
    assert report["games"] == 9  # rounded up to whole blocks of 3 rotations
    assert [a["agent"] for a in report["agents"]] == ["greedy", "random", "random#2"]
    for agent in report["agents"]:
        assert agent["games"] == 9
        assert agent["games_per_seat"] == [3, 3, 3]
        lo, hi = agent["win_ci95"]
        assert lo <= agent["win_rate"] <= hi
    assert sum(a["wins"] for a in report["agents"]) == pytest.approx(9)
    greedy = report["agents"][0]
    assert greedy["elo"] > 1500 and greedy["think_ms_per_decision"] > 0


def test_tournament_rejects_bad_seats() -> None:
    with pytest.raises(HomeroomError):
        tournament("toy", 2, ["greedy", "random", "random"], 4)
    with pytest.raises(HomeroomError):
        tournament("toy", 2, ["human"], 4)
    with pytest.raises(HomeroomError):
        tournament("toy", 2, ["greedy"], 0)


def test_solo_reports_score_distribution_and_win_rate() -> None:
    report = solo("toy", ["random", "greedy"], 6, seed=1)
    rows = {r["agent"]: r for r in report["solo"]}
    assert set(rows) == {"random", "greedy"}
    for row in rows.values():
        q = row["score_quartiles"]
        assert row["games"] == 6 and q == sorted(q) and q[0] <= row["score_mean"] <= q[-1]
    assert rows["greedy"]["score_mean"] > rows["random"]["score_mean"]


def test_solo_needs_a_one_player_game() -> None:
    with pytest.raises(HomeroomError, match="solo"):
        solo("high-school-drama", ["random"], 1)


def test_tournament_command_prints_json_and_a_table() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["tournament", "toy", "--seat", "greedy", "--seat", "random", "--games", "4",
                              "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["games"] == 4 and report["agents"][0]["games_per_seat"] == [2, 2]
    out = runner.invoke(app, ["tournament", "toy", "--seat", "greedy", "--games", "2"])
    assert out.exit_code == 0 and "Elo" in out.output and "greedy" in out.output
    out = runner.invoke(app, ["tournament", "toy", "--players", "1", "--seat", "greedy", "--games", "2"])
    assert out.exit_code == 0 and "solo" in out.output
    out = runner.invoke(app, ["tournament", "toy", "--seat", "wizard", "--games", "2"])
    assert out.exit_code == 2 and "unknown seat kind" in out.output
