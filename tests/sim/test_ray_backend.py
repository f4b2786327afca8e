"""The ray backend joins or starts Ray once per process and reports its overhead (issue 36): a
stand-in ``ray`` module records what the runner asks of it, so these run without a cluster
(tests/sim/test_ray_cluster.py plays on a real one)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

from homeroom.cli.main import app
from homeroom.engine.errors import HomeroomError
from homeroom.sim import ray_backend
from homeroom.sim.runner import simulate


class FakeRay:
    """What the backend uses of Ray, running each task at once in this process."""

    def __init__(self) -> None:
        self.inits: list[str | None] = []
        self.shutdowns = 0
        self.up = False

    def is_initialized(self) -> bool:
        return self.up

    def init(self, address: str | None = None, **_: Any) -> None:
        self.inits.append(address)
        self.up = True

    def shutdown(self) -> None:
        self.shutdowns += 1
        self.up = False

    def remote(self, fn: Callable[[Any], Any]) -> Any:
        class Remote:
            def remote(self, task: Any) -> Any:
                return fn(task)

        return Remote()

    def wait(self, pending: list[Any], num_returns: int = 1) -> tuple[list[Any], list[Any]]:
        return pending[:num_returns], pending[num_returns:]

    def get(self, ref: Any) -> Any:
        return ref


@pytest.fixture
def fake_ray(monkeypatch: pytest.MonkeyPatch) -> FakeRay:
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(ray_backend, "_joined", None)
    monkeypatch.setattr(ray_backend, "ADDRESS", None)
    monkeypatch.setattr("atexit.register", lambda fn: fn)
    return fake


def test_local_ray_starts_once_per_process_not_per_call(fake_ray: FakeRay) -> None:
    first = simulate("toy", 2, 4, seed=1, backend="ray")
    second = simulate("toy", 2, 4, seed=1, backend="ray")
    assert [r.scores for r in first] == [r.scores for r in second] == [r.scores for r in simulate("toy", 2, 4, seed=1)]
    assert fake_ray.inits == [None] and fake_ray.shutdowns == 0 and fake_ray.up
    assert ray_backend.LAST["startup_seconds"] == 0.0  # the second run found Ray up
    assert ray_backend.LAST["wall_seconds"] > 0


def test_address_joins_that_cluster_and_the_summary_shows_the_overhead(fake_ray: FakeRay) -> None:
    result = CliRunner().invoke(app, ["simulate", "toy", "--games", "4", "--backend", "ray",
                                      "--address", "10.0.0.5:6379", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert fake_ray.inits == ["10.0.0.5:6379"]
    assert set(summary["ray"]) == {"startup_seconds", "wall_seconds"}
    assert summary["ray"]["wall_seconds"] >= summary["ray"]["startup_seconds"] >= 0
    # a second cluster cannot be joined from the same process
    ray_backend.use_address("10.0.0.6:6379")
    with pytest.raises(HomeroomError, match="already running here"):
        simulate("toy", 2, 2, backend="ray")


def test_address_needs_the_ray_backend(fake_ray: FakeRay) -> None:
    result = CliRunner().invoke(app, ["simulate", "toy", "--games", "2", "--address", "10.0.0.5:6379"])
    assert result.exit_code != 0
    assert "--address is for --backend ray" in result.output
    assert fake_ray.inits == []
