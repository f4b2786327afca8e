"""The post-game analysis in the server (issue 35): started on a finished table, run in a worker
process with progress, stored with the table across a restart, once per table."""

from __future__ import annotations

import contextlib
import os
import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import create, play_with_bots, seated, server
from sqlalchemy import update

from homeroom.server.analysis import NICE, SERVER_ITERATIONS, STALE
from homeroom.server.config import ServerConfig
from homeroom.server.storage import analyses_table


def finished_table(client: TestClient) -> str:
    """A 2-player High School Drama played to its end by a random person and a random bot."""
    table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"kind": "random"}])
    with seated(client, table["table_id"], table["seats"][0]["secret"]) as ana:
        play_with_bots(ana, 0, random.Random(5))
    return str(table["table_id"])


def worker_priority(job: Any, limit: float = 20.0) -> int | None:
    """The analysis worker's nice value once it has lowered it (None if it never ran)."""
    deadline = time.monotonic() + limit
    base = os.getpriority(os.PRIO_PROCESS, 0)
    while time.monotonic() < deadline:
        process = job.process
        if process is not None and process.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                nice = os.getpriority(os.PRIO_PROCESS, process.pid)
                if nice > base:
                    return nice
        time.sleep(0.01)
    return None


def wait_done(client: TestClient, tid: str, seen: list[dict[str, Any]], limit: float = 90.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        status: dict[str, Any] = client.get(f"/api/tables/{tid}/analysis").json()
        seen.append(status)
        if status["status"] in ("done", "failed"):
            return status
        time.sleep(0.05)
    raise AssertionError(f"the analysis did not finish: {seen[-1]}")


def test_the_analysis_runs_once_is_stored_and_survives_a_restart(tmp_path: Path) -> None:
    with server(data_dir=tmp_path, analysis_iterations=40) as client:
        live = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"kind": "random"}])["table_id"]
        early = client.post(f"/api/tables/{live}/analysis")
        assert early.status_code == 409 and "once the game is over" in early.json()["error"]
        assert client.get(f"/api/tables/{live}/analysis").json() == {"status": "none", "done": 0, "total": 0}
        missing = client.post("/api/tables/nosuchtable/analysis")
        assert missing.status_code == 404
        assert client.get("/api/tables/nosuchtable/analysis").status_code == 404

        tid = finished_table(client)
        assert client.get(f"/api/tables/{tid}/analysis").json()["status"] == "none"
        first = client.post(f"/api/tables/{tid}/analysis")
        assert first.status_code == 202, first.text
        total = first.json()["total"]
        assert first.json()["status"] == "running" and total > 20
        again = client.post(f"/api/tables/{tid}/analysis")  # no second run: the first one's status
        assert again.status_code == 200 and again.json()["status"] in ("running", "done")
        analyses = client.app.state.analyses  # type: ignore[attr-defined]
        assert list(analyses.jobs) == [tid]
        niced = worker_priority(analyses.jobs[tid])  # a worker of its own, at a lower priority
        assert niced is not None and niced >= os.getpriority(os.PRIO_PROCESS, 0) + NICE
        began = time.monotonic()  # the event loop stays free while it runs
        assert client.get(f"/api/tables/{tid}").status_code == 200 and time.monotonic() - began < 1.0
        seen: list[dict[str, Any]] = []
        result = wait_done(client, tid, seen)
        assert result["status"] == "done", result
        running = [s for s in seen if s["status"] == "running"]
        assert all(s["total"] == total and 0 <= s["done"] <= total for s in running)
        assert any(0 < s["done"] < total for s in running), "no progress was seen"
        assert [s["done"] for s in running] == sorted(s["done"] for s in running)
        assert result["done"] == result["total"] == total
        doc = result["result"]
        assert doc["format"] == "homeroom-analysis" and doc["settings"]["iterations"] == 40
        assert [d["index"] for d in doc["decisions"]] == list(range(total))
        assert client.post(f"/api/tables/{tid}/analysis").json()["status"] == "done"
        assert list(analyses.jobs) == [tid]  # never started twice

    with server(data_dir=tmp_path, analysis_iterations=10) as client:  # the same database, a new app
        stored = client.get(f"/api/tables/{tid}/analysis").json()
        assert stored["status"] == "done" and stored["result"] == doc
        assert client.post(f"/api/tables/{tid}/analysis").status_code == 200  # stored: not run again
        assert client.app.state.analyses.jobs == {}  # type: ignore[attr-defined]


def test_another_servers_run_reads_running_until_its_heartbeat_stops(tmp_path: Path) -> None:
    with server(data_dir=tmp_path, analysis_iterations=10) as client:
        tid = finished_table(client)
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        store.save_analysis(tid, "running", {"iterations": 10, "seed": 0, "decisions": 50}, done=12)
        other = client.get(f"/api/tables/{tid}/analysis").json()  # another server's run, alive
        assert other == {"status": "running", "done": 12, "total": 50}
        assert client.post(f"/api/tables/{tid}/analysis").status_code == 200  # not started twice
        with store.engine.begin() as conn:  # its server stopped a while ago: no heartbeat since
            conn.execute(update(analyses_table).values(updated_at=time.time() - STALE - 1))
        cut = client.get(f"/api/tables/{tid}/analysis").json()
        assert cut["status"] == "failed" and "interrupted" in cut["error"]
        assert client.post(f"/api/tables/{tid}/analysis").status_code == 202
        assert wait_done(client, tid, [])["status"] == "done"


def test_the_server_budget_is_smaller_than_the_command_line_one() -> None:
    assert ServerConfig().analysis_iterations == SERVER_ITERATIONS == 100
