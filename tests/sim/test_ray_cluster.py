"""A two-node Ray cluster on one machine (a head and a second node, both from ``ray start``)
plays the same games as the local backend, on both nodes.

Slow-ish (two Ray nodes start: ~20-60 s on a busy machine) but small: a dozen toy games. It is
skipped, with the reason, only where Ray cannot start a head node here. Only the processes this
test starts are stopped (by their process group), never other Ray sessions on the machine.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from homeroom import games
from homeroom.sim.runner import Job, run_job, simulate

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'homeroom[ray]')")


def _free_ports(k: int) -> list[int]:
    socks = [socket.socket() for _ in range(k)]
    for s in socks:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


def _worker_ports(seed: int) -> int:
    """The first of a node's 41 worker ports: between 11000 and 29040, so below Linux's ephemeral range
    (32768-60999, where the other ports come from) and clear of Ray's client port 10001. (From 20000
    up, a head port of 32768-39999 gave a worker range starting at the head port itself, and Ray
    refused to start: "the same port is used by multiple components".)"""
    return 11000 + seed % 18000


def _node_args(ports: list[int]) -> list[str]:
    agent, grpc, runtime, metrics, low = ports
    return ["--num-cpus=1", "--node-ip-address=127.0.0.1", "--disable-usage-stats", "--block",
            f"--dashboard-agent-listen-port={agent}", f"--dashboard-agent-grpc-port={grpc}",
            f"--runtime-env-agent-port={runtime}", f"--metrics-export-port={metrics}",
            f"--min-worker-port={low}", f"--max-worker-port={low + 40}"]


def _stop(proc: subprocess.Popen[bytes]) -> None:
    # a throwaway cluster: a few seconds to stop cleanly, then killed (`ray start --block` sat out the
    # whole 30 s grace this gave it before, the suite's slowest teardown)
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 10)):
        if proc.poll() is not None:
            break
        try:
            os.killpg(proc.pid, sig)  # the group this test started: ray start and its services
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # any service left behind in the group


@pytest.fixture
def two_nodes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    ray_bin = str(Path(sys.executable).with_name("ray"))
    head_port, *rest = _free_ports(9)
    # worker-port ranges of 40 starting at free ports well apart
    # a cluster of its own: no token shared through ~/.ray with other Ray sessions on the machine
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled", games.PLUGIN_ENV: os.environ.get(games.PLUGIN_ENV, ""),
           "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    address = f"127.0.0.1:{head_port}"
    short = tempfile.mkdtemp(prefix="hr-ray-", dir="/tmp")  # Ray's socket paths must stay under 107 bytes
    log_head = (tmp_path / "head.log").open("wb")
    log_node = (tmp_path / "node.log").open("wb")
    head = subprocess.Popen([ray_bin, "start", "--head", f"--port={head_port}", "--include-dashboard=false",
                             f"--temp-dir={short}",
                             *_node_args(rest[:4] + [_worker_ports(head_port)])],
                            stdout=log_head, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    node: subprocess.Popen[bytes] | None = None
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if head.poll() is not None:
                lines = (tmp_path / "head.log").read_text(errors="replace").strip().splitlines()
                pytest.skip("Ray cannot start a head node here: " + (lines[-1] if lines else "no output"))
            if "Ray runtime started" in (tmp_path / "head.log").read_text(errors="replace"):
                break
            time.sleep(0.5)
        else:
            pytest.skip("Ray's head node did not start within 120 s on this machine")
        node = subprocess.Popen([ray_bin, "start", f"--address={address}",
                                 *_node_args(rest[4:8] + [_worker_ports(head_port + 97)])],
                                stdout=log_node, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        yield address
    finally:
        if ray.is_initialized():
            ray.shutdown()
        if node is not None:
            _stop(node)
        _stop(head)
        log_head.close()
        log_node.close()
        shutil.rmtree(short, ignore_errors=True)


@pytest.mark.xdist_group("ray")
def test_a_two_node_cluster_plays_the_same_games_on_both_nodes(two_nodes: str, tmp_path: Path) -> None:
    ray.init(address=two_nodes, logging_level="ERROR",
             runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
                                       games.PLUGIN_ENV: os.environ.get(games.PLUGIN_ENV, "")}})
    deadline = time.monotonic() + 120
    while len([n for n in ray.nodes() if n["Alive"]]) < 2:
        assert time.monotonic() < deadline, "the second node never joined: " + (tmp_path / "node.log").read_text()
        time.sleep(0.5)
    nodes = sorted(n["NodeID"] for n in ray.nodes() if n["Alive"])
    assert len(nodes) == 2

    # the runner joins the running cluster (as it does with RAY_ADDRESS) and streams chunks to disk
    local = simulate("toy", 2, 12, seed=3)
    on_ray = simulate("toy", 2, 12, seed=3, backend="ray", run_dir=tmp_path / "run", chunk=2)
    assert [(r.seed, r.scores, r.winner) for r in on_ray] == [(r.seed, r.scores, r.winner) for r in local]
    assert len(list((tmp_path / "run").glob("chunk-*.json"))) == 6

    # and each node, asked explicitly, plays its share of the games with the same results
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    remote = ray.remote(run_job)
    jobs = [Job("toy", 2, (3 + 6 * i, 4 + 6 * i), {"copies": 2}, ("random", "random")) for i in range(2)]
    where = ray.remote(lambda: ray.get_runtime_context().get_node_id())
    ran_on = ray.get([where.options(scheduling_strategy=NodeAffinitySchedulingStrategy(n, soft=False)).remote()
                      for n in nodes])
    assert sorted(ran_on) == nodes
    outs = ray.get([remote.options(scheduling_strategy=NodeAffinitySchedulingStrategy(n, soft=False)).remote(job)
                    for n, job in zip(nodes, jobs)])
    expected = [run_job(job) for job in jobs]
    assert [[r.scores for r in out] for out in outs] == [[r.scores for r in out] for out in expected]
