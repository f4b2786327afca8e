"""bench/bench_bots.py runs end to end on a small budget and reports against the targets."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_bots.py"


def test_bench_bots_prints_speed_and_head_to_head(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    status = module.main(["--game", "toy", "--games", "2", "--mcts", "mcts:iterations=10",
                          "--ips-seconds", "0.05", "--solo-games", "0", "--json", "--unknown-flag"])
    assert status == 0
    out = json.loads(capsys.readouterr().out)
    assert out["iterations_per_second"][0]["iterations_per_cpu_second"] > 0
    pairs = {(r["agent"], r["opponent"]): r for r in out["head_to_head"]}
    assert set(pairs) == {("mcts:iterations=10", "random"), ("mcts:iterations=10", "greedy"), ("greedy", "random")}
    for row in pairs.values():
        assert row["games"] == 2 and row["target"] in (0.95, 0.6, 0.8)
        lo, hi = row["win_ci95"]
        assert lo <= row["win_rate"] <= hi


def _bench() -> object:
    spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _timeless(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """The rows without the think times (which differ when a chunk is played again)."""
    return [{k: v for k, v in r.items() if k != "think_ms_per_decision"} for r in rows]


def test_levels_batch_saves_resumes_and_re_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = _bench()
    run = tmp_path / "run"
    argv = ["--levels", "--game", "toy", "--players", "2", "--players", "3", "--games", "6",
            "--hard", "hard:iterations=15,seconds=60", "--run-dir", str(run), "--json"]
    assert module.main(argv) == 0  # type: ignore[attr-defined]
    first = json.loads(capsys.readouterr().out)["levels"]
    pairs = [(r["players"], r["agent"], r["opponent"]) for r in first]
    assert pairs == [(2, "hard", "medium"), (2, "medium", "easy"), (2, "easy", "random"), (3, "hard", "medium")]
    hard3 = first[3]
    assert hard3["seats"] == ["hard:iterations=15,seconds=60", "medium", "medium"] and hard3["games"] == 6
    assert hard3["target"] == pytest.approx(1 / 3) and first[0]["target"] == 0.65
    assert (run / "results.json").exists() and (run / "games.csv").read_text().count("\n") == 6 * 3 + 6 + 1
    # an interrupted run: a lost chunk is played again, the rest is read back
    chunks = sorted((run / "toy" / "2p" / "hard-iterations-15-seconds-60-vs-medium" / "rotation-1").glob("chunk-*"))
    assert chunks
    chunks[-1].unlink()
    assert module.main(argv) == 0  # type: ignore[attr-defined]
    assert _timeless(json.loads(capsys.readouterr().out)["levels"]) == _timeless(first)
    # re-reporting plays nothing: with a deal missing from one rotation, only complete deals count
    chunks[-1].unlink()
    assert module.main([*argv, "--report"]) == 0  # type: ignore[attr-defined]
    again = json.loads(capsys.readouterr().out)["levels"]
    assert again[0]["games"] < 6 and again[1:] == first[1:]  # read back: the same think times too
    assert not chunks[-1].exists()


def test_levels_report_without_a_run_dir_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    module = _bench()
    assert module.main(["--levels", "--report", "--game", "toy"]) == 2  # type: ignore[attr-defined]
    err = capsys.readouterr().err
    assert err.strip() == "error: --report needs --run-dir (the directory of an earlier run)"


def test_levels_in_batches_play_the_same_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = _bench()
    argv = ["--levels", "--game", "toy", "--players", "3", "--games", "9", "--hard", "hard:iterations=10,seconds=60",
            "--json"]
    assert module.main(argv) == 0  # type: ignore[attr-defined]
    whole = json.loads(capsys.readouterr().out)["levels"]
    run = tmp_path / "run"
    assert module.main([*argv, "--batch", "4", "--run-dir", str(run)]) == 0  # type: ignore[attr-defined]
    batched = json.loads(capsys.readouterr().out)["levels"]
    assert _timeless(batched) == _timeless(whole) and batched[0]["games"] == 9
    sub = run / "toy" / "3p" / "hard-iterations-10-seconds-60-vs-medium"
    assert sorted(d.name for d in sub.iterdir()) == ["batch-1000", "batch-1002"]  # 2 deals, then 1
    # a stopped run: only the first batch is left, and --report counts its 2 complete deals
    for path in (sub / "batch-1002").glob("*/chunk-*.json"):
        path.unlink()
    assert module.main([*argv, "--batch", "4", "--run-dir", str(run), "--report"]) == 0  # type: ignore[attr-defined]
    assert json.loads(capsys.readouterr().out)["levels"][0]["games"] == 6


def test_versus_plays_two_specs_head_to_head_with_seats_rotated(capsys: pytest.CaptureFixture[str]) -> None:
    module = _bench()
    status = module.main(["--versus", "mcts:iterations=30", "random", "--game", "toy", "--games", "4",  # type: ignore[attr-defined]
                          "--json"])
    assert status == 0
    rows = json.loads(capsys.readouterr().out)["versus"]
    assert len(rows) == 1 and rows[0]["games"] == 4
    assert (rows[0]["agent"], rows[0]["opponent"]) == ("mcts:iterations=30", "random")
    assert rows[0]["win_rate"] >= 0.75  # MCTS beats random on the toy game
    assert module.main(["--versus", "mcts:wizard=1", "random", "--game", "toy"]) == 2  # type: ignore[attr-defined]
    assert "unknown parameter 'wizard'" in capsys.readouterr().err


def test_zero_skips_a_part_and_a_negative_size_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    module = _bench()
    assert module.main(["--game", "toy", "--games", "0", "--ips-seconds", "0.05", "--solo-games", "0",  # type: ignore[attr-defined]
                        "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["head_to_head"] == [] and len(out["iterations_per_second"]) == 1
    assert module.main(["--game", "toy", "--games", "-2"]) == 2  # type: ignore[attr-defined]
    assert capsys.readouterr().err.strip() == "error: --games, --ips-seconds and --solo-games take 0 (skip) or more"
