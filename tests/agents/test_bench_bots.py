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
