"""Three ``homeroom serve`` processes on one PostgreSQL database (issue 34): two people connected to
different servers play a whole game of each title, every move made through one server reaching the
other's player within a second, and a spectator on the third server sees every version, in order."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from test_restart import free_port, kill
from websockets.sync.client import ClientConnection, connect

from homeroom.server.updates import apply_update

GAMES = [("class-of-89", {}), ("academic-society", {}), ("high-school-drama", {"early_graduation": True})]
"""Each title at two players, the shortest way its rules allow."""

REACH_SECONDS = 1.0


def _start(url: str, data: Path, ports: list[int]) -> list[subprocess.Popen[bytes]]:
    """The servers, started together (each on its own port and data folder); once all are healthy."""
    homeroom = Path(sys.executable).parent / "homeroom"
    env = {k: v for k, v in os.environ.items() if k != "HOMEROOM_GAME_MODULES"}
    procs = [subprocess.Popen(
        [str(homeroom), "serve", "--port", str(port), "--db", url, "--data-dir", str(data / str(port)),
         "--bot-workers", "1", "--log-level", "warning", "--no-rate-limits"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, env=env) for port in ports]
    deadline = time.time() + 90
    for proc, port in zip(procs, ports):
        while True:
            if proc.poll() is not None:
                for other in procs:
                    if other.poll() is None:
                        kill(other)
                raise AssertionError(f"homeroom serve exited: {proc.stderr.read().decode() if proc.stderr else ''}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.time() > deadline:
                for other in procs:
                    kill(other)
                raise AssertionError("the servers did not start within 90 s")
            time.sleep(0.1)
    return procs


class Client:
    """One WebSocket at a table on one server: the view it holds, updated, and every version it saw."""

    def __init__(self, stack: ExitStack, port: int, table_id: str, secret: str | None) -> None:
        self.ws: ClientConnection = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table_id}",
                                                                max_size=2**24))
        self.secret = secret
        self.view: dict[str, Any] = {}
        self.versions: list[int] = []
        hello = {"type": "hello", "secret": secret} if secret else {"type": "hello", "spectate": True}
        self.ws.send(json.dumps(hello))
        self.until(0, 30)

    def until(self, version: int, seconds: float) -> float:
        """Receive until the view is at ``version`` or later; when it got there (perf_counter)."""
        deadline = time.perf_counter() + seconds
        while not self.view or self.view["version"] < version:
            message = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.perf_counter())))
            if message["type"] == "error":
                raise AssertionError(f"error while waiting for version {version}: {message}")
            if message["type"] == "update":
                message = apply_update(self.view, message)
            if message["type"] == "view":
                self.view = message
                self.versions.append(message["version"])
        return time.perf_counter()

    def act(self, action: dict[str, Any]) -> None:
        self.ws.send(json.dumps({"type": "act", "secret": self.secret, "version": self.view["version"],
                                 "action": action}))


def test_two_people_on_different_servers_play_a_whole_game_of_each_title(pg_url: str, tmp_path: Path) -> None:
    ports = [free_port() for _ in range(3)]
    procs = _start(pg_url, tmp_path, ports)
    try:
        for number, (game, options) in enumerate(GAMES):
            rng = random.Random(number)
            created = httpx.post(f"http://127.0.0.1:{ports[number % 3]}/api/tables", json={
                "game": game, "players": 2, "seed": 11 + number, "options": options,
                "seats": [{"name": "Ana"}, {"name": "Ben"}]})
            assert created.status_code == 201, created.text
            table = created.json()
            tid, secrets = table["table_id"], [s["secret"] for s in table["seats"]]
            stack = ExitStack()
            people = [Client(stack, ports[0], tid, secrets[0]), Client(stack, ports[1], tid, secrets[1])]
            watcher = Client(stack, ports[2], tid, None)
            first = watcher.view["version"]
            slowest = 0.0
            moves = 0
            while not people[0].view["terminal"]:
                me = people[people[0].view["to_move"]]
                other = people[1 - people.index(me)]
                version = me.view["version"]
                sent = time.perf_counter()
                me.act(rng.choice(me.view["legal"])["action"])
                me.until(version + 1, 10)
                reached = other.until(version + 1, 10) - sent  # through the database's announcement
                watcher.until(version + 1, 10)
                slowest = max(slowest, reached)
                assert reached < REACH_SECONDS, f"{game}: move {moves} reached the other server after {reached:.2f} s"
                assert other.view["step"] == me.view["step"] == watcher.view["step"]
                moves += 1
            final = people[0].view
            assert people[1].view["terminal"] and watcher.view["terminal"]
            assert watcher.view["version"] == final["version"] and watcher.view["outcome"] == final["outcome"]
            assert watcher.versions == list(range(first, final["version"] + 1)), f"{game}: versions skipped"
            assert watcher.view["scores"] == final["scores"] == people[1].view["scores"]
            stack.close()
            print(f"{game}: {moves} moves, slowest reach {slowest * 1000:.0f} ms")
        for proc in procs:
            assert proc.poll() is None
    finally:
        for proc in procs:
            kill(proc)


def test_servers_starting_together_on_a_new_database_all_open_it(pg_url: str) -> None:
    """Several servers started at once on an empty database: one creates the schema, the others
    wait for it (without the lock, all but one failed on PostgreSQL's duplicate types)."""
    from concurrent.futures import ThreadPoolExecutor

    from homeroom.server.storage import SCHEMA_VERSION, Store

    def open_it(_: int) -> int:
        store = Store.open(pg_url)
        try:
            return store.schema_version()
        finally:
            store.close()

    with ThreadPoolExecutor(6) as pool:
        assert list(pool.map(open_it, range(6))) == [SCHEMA_VERSION] * 6
