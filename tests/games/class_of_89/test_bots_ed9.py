"""Issue 19, ninth pass: the ``calibrate`` diagnosis (the solo evaluation's parts against the final
scores, and the objective plan at a grid of weights)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from co89_helpers import started, tune_script, value_with

from homeroom.games.class_of_89 import bots


def test_calibrate_plays_the_measured_game_and_its_parts_add_up_to_the_evaluation() -> None:
    script = tune_script()
    job = script.SoloJob(5012, "normal", "greedy:depth=0", bots.TUNED.as_dict())
    row = script.play_calibrate(job)
    played = script.play_solo(job)
    assert (row["score"], row["ed"]) == (played["score"], played["ed"])
    assert row["final"]["mine"] == played["by_category"]["objectives"]
    assert row["final"]["eds"] == played["ed_by_category"]["objectives"]
    assert row["final"]["value"] == played["score"] - played["ed"]
    assert len(row["turns"]) == 12                      # one snapshot per own turn: 4 rounds of 3
    assert [t["round"] for t in row["turns"]] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    w = bots.TUNED
    key = script._grid_key(w.solo_rate, w.solo_curve, w.plan_track)
    for t in row["turns"]:
        assert abs(t["mine"] - t["eds"] + t["my_other"] - t["ed_other"] - t["value"]) < 1e-9
        assert t["grid"][key] == [t["mine"], t["eds"]]     # the grid's point at today's weights is the plan
        assert len(t["grid"]) == len(script.CALIBRATION_GRID)


def test_the_calibration_report_ranks_an_exact_prediction_first() -> None:
    script = tune_script()
    exact, off = "solo_rate=4 solo_curve=0.75 plan_track=0.8", "solo_rate=2 solo_curve=1.5 plan_track=0.8"
    rows = [{"final": {"value": -5, "mine": 40, "eds": 60, "my_other": 30, "ed_other": 15},
             "turns": [{"value": -20.0, "mine": 30.0, "eds": 70.0, "my_other": 35.0, "ed_other": 15.0,
                        "grid": {exact: [40.0, 60.0], off: [30.0, 70.0]}},
                       {"value": -10.0, "mine": 36.0, "eds": 64.0, "my_other": 33.0, "ed_other": 15.0,
                        "grid": {exact: [40.0, 60.0], off: [36.0, 64.0]}}]}]
    report = script.calibrate_report(rows, off)
    assert report["best_calibrated"][0] == {"weights": exact, "rmse_mine": 0.0, "rmse_eds": 0.0,
                                            "bias_mine_by_turn": [0.0, 0.0]}
    assert report["current"]["bias_mine_by_turn"] == [-10.0, -4.0]
    assert report["current"]["rmse_mine"] == round(((100 + 16) / 2) ** 0.5, 1)
    assert report["predicted_by_turn"]["mine"] == [30.0, 36.0]
    assert script.calibrate_report([], off) == {"games": 0}


def test_the_players_resources_fade_with_its_turns_in_the_last_round_only() -> None:
    """``reach_fade``: before the last round the evaluation is unchanged; in it the resources still
    to turn into points (``_in_reach``) count by the player's turns left, nothing after its last
    placement; off (the default) the evaluation is as before."""
    from dataclasses import replace

    from homeroom.engine import Rng
    from homeroom.games.class_of_89.bots import _in_reach, reach_fade, storage_live, time_left, turns_left

    state = started(1, 21, difficulty="normal")
    rng = Rng(21)
    on = replace(bots.TUNED, reach_fade=1.0)
    seen = set()
    while not state.is_terminal():
        if not state.pending and state.member not in ("designer", "photographer"):  # no nested valuation
            fade = reach_fade(state, on)
            assert reach_fade(state, bots.TUNED) == 1.0
            if state.round < 4:
                assert fade == 1.0
                assert value_with(state, on) == value_with(state, bots.TUNED)
            else:
                assert abs(fade - turns_left(state, 0) / 3) < 1e-12
                seen.add(turns_left(state, 0))
                reach = _in_reach(state.books[0], time_left(state), on, solo=True, storage=storage_live(state))
                drop = value_with(state, bots.TUNED) - value_with(state, on)
                assert abs(drop - (1.0 - fade) * reach) < 1e-9
        state.apply(rng.choice(state.legal_actions()))
    assert seen == {0, 1, 2, 3}          # the last round from before its first placement to after its last


def test_a_run_directory_of_another_run_is_refused_naming_what_differs(tmp_path: Path) -> None:
    script = tune_script()
    weights = bots.TUNED.as_dict()
    manifest = {"command": "tracks", "difficulty": "normal", "agent": "greedy", "weights": weights, "seed": 5010}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    (tmp_path / "games.jsonl").write_text('{"seed": 5010}\n')
    assert script._load(tmp_path, manifest) == [{"seed": 5010}]
    other = {**manifest, "agent": "hard", "weights": {**weights, "reach_fade": 1.0}}
    with pytest.raises(SystemExit) as err:
        script._load(tmp_path, other)
    assert str(err.value) == (f"error: {tmp_path} holds a different run (agent: 'greedy' in the run, 'hard' here; "
                              "weight reach_fade: 0.0 in the run, 1.0 here); rerun with its settings, or use a "
                              "new directory")
    assert (tmp_path / "games.jsonl").read_text() == '{"seed": 5010}\n'    # nothing saved is changed


def test_a_run_made_before_a_weight_was_added_still_resumes(tmp_path: Path) -> None:
    """A new weight comes in off, so a manifest written without it matches one with its default."""
    script = tune_script()
    weights = bots.Weights().as_dict()
    manifest = {"command": "tracks", "difficulty": "normal", "agent": "greedy", "weights": weights, "seed": 5010}
    older = {**manifest, "weights": {k: v for k, v in weights.items() if k != "reach_fade"}}
    (tmp_path / "manifest.json").write_text(json.dumps(older))
    (tmp_path / "games.jsonl").write_text('{"seed": 5010}\n')
    assert script._load(tmp_path, manifest) == [{"seed": 5010}]
    assert json.loads((tmp_path / "manifest.json").read_text()) == older        # the saved manifest is left alone
    on = {**manifest, "weights": {**weights, "reach_fade": 1.0}}
    with pytest.raises(SystemExit, match="weight reach_fade: 0.0 in the run, 1.0 here"):
        script._load(tmp_path, on)
