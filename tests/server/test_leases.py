"""Several servers on one PostgreSQL database (issue 34): a table's bots move in the one process
that holds its lease, and when that process is killed (SIGKILL) mid-game another finishes the
game, every decision made exactly once (no second think racing the first to the database)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from server_helpers import TEST_LIMITS, create, play_with_bots, seated
from test_restart import free_port, kill

from homeroom.server.app import create_app
from homeroom.server.config import ServerConfig
from homeroom.server.leases import Leases


def _serve(url: str, data: Path, port: int) -> subprocess.Popen[bytes]:
    homeroom = Path(sys.executable).parent / "homeroom"
    proc = subprocess.Popen(
        [str(homeroom), "serve", "--port", str(port), "--db", url, "--data-dir", str(data), "--bot-workers", "1",
         "--bot-delay", "0.05", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "HOMEROOM_GAME_MODULES"})
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"homeroom serve exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    kill(proc)
    raise AssertionError("homeroom serve did not start within 60 s")


def _stored(url: str, table_id: str) -> tuple[int, bool]:
    """(step, terminal) of a table as stored."""
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as conn:
        row = conn.execute("SELECT step, terminal FROM tables WHERE id = %s", (table_id,)).fetchone()
    assert row is not None
    return int(row[0]), bool(row[1])


def _stderr(proc: subprocess.Popen[bytes]) -> str:
    assert proc.stderr is not None
    os.set_blocking(proc.stderr.fileno(), False)
    return (proc.stderr.read() or b"").decode(errors="replace")


def test_a_lease_is_one_process_s_until_that_process_dies(pg_url: str) -> None:
    one, two = Leases(pg_url), Leases(pg_url)
    try:
        assert one.take("t1") and one.take("t1")  # taken, and still held
        assert not two.take("t1") and two.take("t2")
        assert not one.holds("t2") and two.holds("t2")
        one.give_up("t1")
        assert two.take("t1")
        two.close()  # as a crash would: the connection ends, the locks go with it (once its backend sees)
        deadline = time.time() + 5
        while not one.take("t1"):
            assert time.time() < deadline, "the lease did not pass on"
            time.sleep(0.05)
        assert one.take("t2")
    finally:
        one.close()
        two.close()


def test_a_sweep_asks_for_many_leases_in_one_query(pg_url: str) -> None:
    """``take_many`` (a sweep's every pending table): one statement for the leases not held yet,
    the ones another process holds left out, the held ones kept without asking again."""
    one, two = Leases(pg_url), Leases(pg_url)
    try:
        assert two.take("t3")
        assert one.take("t1")
        sent: list[str] = []
        execute = one._conn.execute
        one._conn.execute = lambda q, *a: (sent.append(q), execute(q, *a))[1]  # type: ignore[method-assign]
        got = one.take_many(["t1", "t2", "t3", "t4", "t2"])
        assert got == {"t1", "t2", "t4"} and one.held == {"t1", "t2", "t4"}
        assert sum("pg_try_advisory_lock" in q for q in sent) == 1, sent
        one._conn.execute = execute  # type: ignore[method-assign]
        assert not two.take("t2") and not two.take("t4")  # each taken once, held by one
        one.give_up("t2")
        assert two.take("t2")
        assert one.take_many([]) == set()
    finally:
        one.close()
        two.close()


def test_a_lost_lease_connection_forgets_its_leases(pg_url: str) -> None:
    """The database ended the lease connection (a restart, a broken network): the process stops
    believing it holds the leases, and another process may take them."""
    import psycopg

    one, two = Leases(pg_url), Leases(pg_url)
    try:
        assert one.take("t1") and one.holds("t1")
        pid = one._conn.info.backend_pid
        with psycopg.connect(pg_url.replace("postgresql+psycopg", "postgresql"), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        one.check()
        assert not one.holds("t1")
        deadline = time.time() + 5
        while not two.take("t1"):
            assert time.time() < deadline, "the lease did not pass on"
            time.sleep(0.05)
        assert not one.take("t1")  # a new connection, and the lease is the other's now
    finally:
        one.close()
        two.close()


def test_a_killed_servers_bot_table_is_finished_by_the_other(pg_url: str, tmp_path: Path) -> None:
    ports = free_port(), free_port()
    first = _serve(pg_url, tmp_path / "a", ports[0])
    second = _serve(pg_url, tmp_path / "b", ports[1])
    base = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        table = httpx.post(f"{base[0]}/api/tables", json={
            "game": "academic-society", "players": 2, "seed": 9,
            "seats": [{"name": "Ana", "kind": "random"}, {"name": "Ben", "kind": "random"}]}).json()
        tid = table["table_id"]
        deadline = time.time() + 60  # (the second server does not hold the table: nothing wakes it there)
        while (step := httpx.get(f"{base[0]}/api/tables/{tid}").json()["step"]) < 12:
            assert time.time() < deadline, "the bots did not move"
            time.sleep(0.05)
        kill(first)
        killed_at = _stored(pg_url, tid)  # read from the database: a request would load it on the second server
        assert not killed_at[1], "the game ended before the kill: make it longer"
        deadline = time.time() + 30
        while not (now := _stored(pg_url, tid))[1]:  # the second server's lease sweep takes it over
            assert time.time() < deadline, f"the other server did not take the game over: step {now[0]}"
            time.sleep(0.1)
        assert now[0] > killed_at[0] >= step
        assert httpx.get(f"{base[1]}/api/tables/{tid}").json()["terminal"]
        log = _stderr(second)
        for sign in ("commit failed", "refused", "not at version"):
            assert sign not in log, log[-2000:]
    finally:
        for proc in (first, second):
            if proc.poll() is None:
                kill(proc)


def test_a_table_held_by_two_servers_has_each_bot_decision_made_once(pg_url: str, tmp_path: Path) -> None:
    """Both servers hold the bot table live (a spectator on each): only the lease holder thinks."""
    thinks: list[tuple[str, int]] = []

    def counted(client: TestClient, name: str) -> None:
        pool = client.app.state.hub.pool  # type: ignore[attr-defined]
        choose = pool.choose

        async def choose_counted(state: Any, seat: int, spec: str, seed: int, **kw: Any) -> Any:
            thinks.append((name, seed))
            return await choose(state, seat, spec, seed, **kw)

        pool.choose = choose_counted

    config = {"db_url": pg_url, "bot_workers": 1, "bot_delay": 0.01, "limits": TEST_LIMITS}
    with TestClient(create_app(ServerConfig(data_dir=tmp_path / "a", **config))) as one, \
            TestClient(create_app(ServerConfig(data_dir=tmp_path / "b", **config))) as two:
        counted(one, "one")
        counted(two, "two")
        table = create(one, "academic-society", 2, [{"kind": "random"}, {"kind": "random"}], seed=9)
        tid = table["table_id"]
        with seated(two, tid, None):  # the second server holds it live and follows every move
            deadline = time.time() + 90
            while not (summary := two.get(f"/api/tables/{tid}").json())["terminal"]:
                assert time.time() < deadline, "the game did not end"
                time.sleep(0.05)
        assert len(thinks) == summary["step"], thinks  # one think a move, no second one racing it
        assert len(set(thinks)) == len(thinks)
        assert {name for name, _ in thinks} == {"one"}


def test_a_rematch_asked_through_two_servers_is_created_once(pg_url: str, tmp_path: Path) -> None:
    """The second server still holds the finished table without the first one's rematch: it
    finds that rematch instead of starting another."""
    config = {"db_url": pg_url, "bot_workers": 1, "limits": TEST_LIMITS}
    with TestClient(create_app(ServerConfig(data_dir=tmp_path / "a", **config))) as one, \
            TestClient(create_app(ServerConfig(data_dir=tmp_path / "b", **config))) as two:
        table = create(one, "class-of-89", 1, [{"name": "Ana"}], seed=3)
        tid, secret = table["table_id"], table["seats"][0]["secret"]
        auth = {"Authorization": f"Bearer {secret}"}
        with seated(one, tid, secret) as ana:
            play_with_bots(ana, 0, random.Random(1))
        assert two.get(f"/api/tables/{tid}").json()["rematch"] is None  # held there too, before the rematch
        first = one.post(f"/api/tables/{tid}/rematch", headers=auth).json()["table_id"]
        assert two.post(f"/api/tables/{tid}/rematch", headers=auth).json()["table_id"] == first
        assert one.post(f"/api/tables/{tid}/rematch", headers=auth).json()["table_id"] == first
    import psycopg

    with psycopg.connect(pg_url.replace("postgresql+psycopg", "postgresql")) as conn:
        rows = conn.execute("SELECT id FROM tables WHERE rematch_of = %s", (tid,)).fetchall()
    assert [row[0] for row in rows] == [first]


def test_a_clock_held_by_two_servers_runs_out_once(pg_url: str, tmp_path: Path,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    """Both servers hold a clocked table live and both see its clock run out: only the lease holder
    hands the seat to a bot; the other follows (no second write refused, no table reloaded)."""
    config = {"db_url": pg_url, "bot_workers": 1, "limits": TEST_LIMITS}
    with TestClient(create_app(ServerConfig(data_dir=tmp_path / "a", **config))) as one, \
            TestClient(create_app(ServerConfig(data_dir=tmp_path / "b", **config))) as two:
        table = create(one, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=3,
                       clock={"initial_seconds": 30, "increment_seconds": 5})
        tid = table["table_id"]
        with seated(one, tid, table["seats"][0]["secret"]) as ana, seated(two, tid, None) as watcher:
            waiting = ana.view["to_move"]
            version = ana.view["version"]
            for client in (one, two):  # pretend the turn began an hour ago, on both servers
                hub = client.app.state.hub  # type: ignore[attr-defined]
                live = hub.tables[tid]
                live.rec.turn_started_at -= 3600
                client.portal.call(hub._schedule, live)  # type: ignore[union-attr]
            assert "ran out of time" in ana.until("notice")["text"]
            seen = watcher.until_view(version + 1)
            assert seen["seats"][waiting]["kind"] == "greedy"
            time.sleep(1.0)  # room for a second expiry, had the other server's clock run too
            hubs = [c.app.state.hub for c in (one, two)]  # type: ignore[attr-defined]
            assert [h.tables[tid].dead for h in hubs] == [False, False]
            assert not [r for r in caplog.records if "commit failed" in r.getMessage()]
            assert not [m for m in watcher.messages + ana.messages if '"type":"error"' in m]
