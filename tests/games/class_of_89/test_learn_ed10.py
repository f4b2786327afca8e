"""The tenth pass of issue 19: ``bench/learn_class_of_89.py``, a ridge regression of the solo game's
final margin on features of the position, fitted on greedy's own games, and greedy ranking with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from co89_helpers import bench_script, tune_script

from homeroom import games
from homeroom.agents import greedy as greedy_mod
from homeroom.games.class_of_89 import bots

learn = bench_script("learn_class_of_89")


pytestmark = pytest.mark.xdist_group("learn-ed10")  # one worker: the recorded games are played once, not per worker


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two solo Normal games by greedy, every position recorded (about 10 s)."""
    out = tmp_path_factory.mktemp("learn") / "gen.jsonl"
    learn.main(["gen", "--difficulty", "normal", "--seed", "9300", "--games", "2", "--out", str(out)])
    return out


def test_the_features_start_with_the_evaluation_and_match_their_names() -> None:
    state = games.get("class-of-89").new_state(1, 9301, {"difficulty": "hard"})
    f = learn.features(state)
    assert len(f) == len(learn.NAMES)
    assert f[0] == bots.values(state, 0)[0]
    assert all(0 <= c <= learn.CAP for c in f[10:22])     # the capped costs
    assert f[10:16] == sorted(f[10:16]) and f[16:22] == sorted(f[16:22])


def test_gen_records_every_decision_with_the_final_margin_and_resumes(recorded: Path) -> None:
    played = [json.loads(line) for line in recorded.read_text().splitlines()]
    assert [g["seed"] for g in played] == [9300, 9301]
    for g in played:
        assert g["margin"] == g["score"] - g["ed"]
        assert len(g["rows"]) > 50 and all(len(r["f"]) == len(learn.NAMES) for r in g["rows"])
        assert g["rows"][0]["tl"] == 12 and g["rows"][-1]["tl"] == 0   # to the last decision
    before = recorded.read_text()
    learn.main(["gen", "--difficulty", "normal", "--seed", "9300", "--games", "2", "--out", str(recorded)])
    assert recorded.read_text() == before    # both seeds were there: nothing played again
    with pytest.raises(SystemExit, match=r"holds another run \(difficulty: 'normal' there, 'hard' here\)"):
        learn.main(["gen", "--difficulty", "hard", "--seed", "9302", "--games", "1", "--out", str(recorded)])
    assert recorded.read_text() == before


def test_the_recorded_games_are_the_games_the_ed_measurement_plays(recorded: Path) -> None:
    """Same seed, same agent: ``compare`` may pair a recorded run with a ``tune_class_of_89.py ed`` run."""
    tune = tune_script()
    first = json.loads(recorded.read_text().splitlines()[0])
    played = tune.play_solo(tune.SoloJob(9300, "normal", "greedy", bots.TUNED.as_dict()))
    assert (first["score"], first["ed"]) == (played["score"], played["ed"])


def test_a_fitted_model_blends_into_the_evaluation_and_greedy_is_restored(recorded: Path, tmp_path: Path) -> None:
    model = tmp_path / "m.json"
    report = learn.fit(model, [recorded])
    assert report["games"] == 2 and report["positions"] > 100
    assert report["penalty"] in report["held_out_rmse"]
    state = games.get("class-of-89").new_state(1, 9302, {"difficulty": "normal"})
    value = bots.values(state, 0)[0]
    assert learn.Model(model, 0.0)(state, 0) == [value]
    full = learn.Model(model, 1.0)(state, 0)[0]
    assert learn.Model(model, 0.5)(state, 0)[0] == pytest.approx((value + full) / 2)
    old = greedy_mod.evaluator
    out = tmp_path / "play.jsonl"
    learn.main(["play", "--seed", "9302", "--games", "1", "--model", str(model), "--alpha", "0.5", "--out", str(out)])
    assert greedy_mod.evaluator is old
    row = json.loads(out.read_text())
    assert row["rows"] == [] and row["margin"] == row["score"] - row["ed"]
    (compared,) = learn.compare(out, [out])
    assert compared["deals"] == 1 and compared["difference"] == 0.0


def test_a_bad_model_file_is_named_and_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(learn.ModelError, match="bad.json: not a model file"):
        learn.Model(bad)
    bad.write_text(json.dumps({"mu": [0.0], "sd": [1.0], "w": [0.0]}))
    with pytest.raises(learn.ModelError, match="'mu' must be a list of 111 numbers"):
        learn.Model(bad)
    size = 3 + 3 * len(learn.NAMES)
    bad.write_text(json.dumps({"mu": [0.0] * size, "sd": [1.0] * size, "w": [0.0] * size, "names": ["x"]}))
    with pytest.raises(SystemExit, match="fitted on other features"):
        learn.main(["play", "--seed", "1", "--games", "1", "--model", str(bad), "--out", str(tmp_path / "o.jsonl")])
    assert not (tmp_path / "o.jsonl").exists()


def test_fit_needs_two_games(tmp_path: Path, recorded: Path) -> None:
    one = tmp_path / "one.jsonl"
    one.write_text(recorded.read_text().splitlines()[0] + "\n")
    with pytest.raises(learn.ModelError, match="at least 2 games"):
        learn.fit(tmp_path / "m.json", [one])
    assert not (tmp_path / "m.json").exists()
