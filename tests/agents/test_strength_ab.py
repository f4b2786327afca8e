"""bench/strength_ab.py: two trees' IS-MCTS play each other at equal CPU budgets, resumably, and a
disagreement between the trees' rules is an error, not a silent result."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "strength_ab.py"


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("strength_ab", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_plays_saves_resumes_and_re_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # the workers find the toy game (tests/toygame) through the plugin variable conftest sets
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]))
    bench = _bench()
    src = str(ROOT / "src")
    run = str(tmp_path / "run")
    args = ["--before", src, "--after", src, "--game", "toy", "--seconds", "0.002", "--rate-seconds", "0.05",
            "--rate-rounds", "1", "--run-dir", run]
    assert bench.main(args + ["--games", "2", "--workers", "2"]) == 0
    first = capsys.readouterr().out
    assert "budgets a decision" in first
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["budgets"] == {k: max(1, round(v * 0.002)) for k, v in manifest["rates"].items()}
    rows = [json.loads(line) for line in (tmp_path / "run" / "games.jsonl").read_text().splitlines()]
    assert sorted((r["seed"], r["after_seat"]) for r in rows) == [(9000, 0), (9000, 1)]
    for r in rows:
        assert r["margin"] == r["scores"][r["after_seat"]] - r["scores"][1 - r["after_seat"]]
        assert r["after_won"] in (0.0, 0.5, 1.0)

    # asked for 4, it plays only the 2 it lacks, with the saved budgets (no new rate measurement)
    assert bench.main(args + ["--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "budgets a decision" not in out
    report = json.loads(out[out.index("{"):])
    assert report["games"] == 4 and report["iterations"] == manifest["budgets"]
    lo, hi = report["ci95"]
    assert lo <= report["after_win_rate"] <= hi
    assert len((tmp_path / "run" / "games.jsonl").read_text().splitlines()) == 4

    assert bench.main(["--game", "toy", "--seconds", "0.002", "--run-dir", run, "--report"]) == 0
    again = capsys.readouterr().out
    assert json.loads(again[again.index("{"):]) == report


class _Side:
    """A worker stand-in that always picks the first action and reports the given final scores."""

    def __init__(self, scores: list[int] | None) -> None:
        self.scores = scores
        self.seen = 0

    def ask(self, **cmd: Any) -> Any:
        if cmd["op"] == "choose":
            return {"index": 0, "cpu": 0.0}
        if cmd["op"] == "end":
            return self.scores
        return None


def test_trees_that_disagree_on_the_rules_stop_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from homeroom import games

    bench = _bench()
    state = games.get("high-school-drama").new_state(2, 3)
    rng_free = state.clone()
    while not rng_free.is_terminal():
        rng_free.apply(rng_free.legal_actions()[0])
    truth = [s.total for s in rng_free.scores()]
    row = bench.play("high-school-drama", 3, 0, {"before": 1, "after": 1},
                     {"before": _Side(truth), "after": _Side(truth)})
    assert row["scores"] == truth
    wrong = [truth[0] + 1, truth[1]]
    with pytest.raises(RuntimeError, match="disagree on the final scores of seed 3: before"):
        bench.play("high-school-drama", 3, 0, {"before": 1, "after": 1},
                   {"before": _Side(wrong), "after": _Side(truth)})


def test_a_run_dir_of_another_game_is_a_one_line_error(tmp_path: Path) -> None:
    bench = _bench()
    (tmp_path / "manifest.json").write_text(json.dumps({"game": "class-of-89", "seconds": 0.1}))
    with pytest.raises(SystemExit, match="holds a run of class-of-89 at 0.1 s"):
        bench.main(["--game", "toy", "--seconds", "0.1", "--run-dir", str(tmp_path), "--report"])
    with pytest.raises(SystemExit, match="holds no run"):
        bench.main(["--game", "toy", "--run-dir", str(tmp_path / "empty"), "--report"])
