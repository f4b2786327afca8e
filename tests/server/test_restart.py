"""SIGKILL the real ``homeroom serve`` mid-game, start it again: every table is back exactly."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from homeroom.server.updates import apply_update


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start(data: Path, port: int) -> subprocess.Popen[bytes]:
    homeroom = Path(sys.executable).parent / "homeroom"
    proc = subprocess.Popen(
        [str(homeroom), "serve", "--port", str(port), "--data-dir", str(data), "--bot-workers", "1",
         "--bot-delay", "0", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "HOMEROOM_GAME_MODULES"})  # the toy game is tests-only
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"homeroom serve exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError("homeroom serve did not start within 60 s")


def kill(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the server and its bot workers (its whole process group)."""
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)
    if proc.stderr is not None:
        proc.stderr.close()


def receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return message


HELD: dict[int, dict[str, Any]] = {}
"""The view each socket holds (by id): updates apply to it."""


def next_view(ws: ClientConnection, min_version: int = 0) -> dict[str, Any]:
    while True:
        message = receive(ws)
        assert message["type"] != "error", message
        if message["type"] == "update":
            message = apply_update(HELD[id(ws)], message)
        if message["type"] == "view":
            HELD[id(ws)] = message
            if message["version"] >= min_version:
                return message


def views(base: str, table: dict[str, Any]) -> list[dict[str, Any]]:
    out = [httpx.get(f"{base}/api/tables/{table['table_id']}/view").json()]
    for seat in table["seats"]:
        if seat["secret"]:
            out.append(httpx.get(f"{base}/api/tables/{table['table_id']}/view",
                                 headers={"Authorization": f"Bearer {seat['secret']}"}).json())
    return out


def test_sigkill_mid_game_and_restart(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(tmp_path, port)
    try:
        duel = httpx.post(f"{base}/api/tables", json={
            "game": "high-school-drama", "players": 3, "seed": 21,
            "seats": [{"name": "Ana"}, {"kind": "random"}, {"name": "Cleo"}]}).json()
        solo = httpx.post(f"{base}/api/tables", json={
            "game": "class-of-89", "players": 1, "seed": 4, "seats": [{"name": "Dev"}]}).json()
        assert "table_id" in duel, duel
        tid = duel["table_id"]
        secrets = {s["seat"]: s["secret"] for s in duel["seats"] if s["secret"]}
        moves = 0
        with connect(f"ws://127.0.0.1:{port}/ws/{tid}") as ws0, connect(f"ws://127.0.0.1:{port}/ws/{tid}") as ws2:
            sockets = {0: ws0, 2: ws2}
            for seat, ws in sockets.items():
                ws.send(json.dumps({"type": "hello", "secret": secrets[seat]}))
                assert receive(ws)["type"] == "welcome"
            latest = {seat: next_view(ws) for seat, ws in sockets.items()}
            while moves < 12:
                version = max(v["version"] for v in latest.values())
                latest = {seat: next_view(ws, version) if latest[seat]["version"] < version else latest[seat]
                          for seat, ws in sockets.items()}
                mover = latest[0]["to_move"]
                if mover in sockets and latest[mover]["legal"]:
                    view = latest[mover]
                    sockets[mover].send(json.dumps({"type": "act", "secret": secrets[mover],
                                                    "version": view["version"],
                                                    "action": view["legal"][-1]["action"]}))
                    moves += 1
                    latest = {seat: next_view(ws, view["version"] + 1) for seat, ws in sockets.items()}
                else:  # the bot is thinking
                    latest[0] = next_view(sockets[0], latest[0]["version"] + 1)
            while latest[0]["to_move"] not in sockets:  # let the bot answer the last move
                latest[0] = next_view(sockets[0], latest[0]["version"] + 1)
        with connect(f"ws://127.0.0.1:{port}/ws/{solo['table_id']}") as ws:
            ws.send(json.dumps({"type": "hello", "secret": solo["seats"][0]["secret"]}))
            view = next_view(ws)
            for _ in range(5):
                ws.send(json.dumps({"type": "act", "secret": solo["seats"][0]["secret"],
                                    "version": view["version"], "action": view["legal"][0]["action"]}))
                view = next_view(ws, view["version"] + 1)
        before = {t["table_id"]: views(base, t) for t in (duel, solo)}
        assert before[tid][0]["step"] >= 12
    finally:
        kill(proc)

    proc = start(tmp_path, port)
    try:
        after = {t["table_id"]: views(base, t) for t in (duel, solo)}
        for table_id in before:
            for old, new in zip(before[table_id], after[table_id]):
                for view in (old, new):
                    for seat in view["seats"]:
                        seat.pop("connected")
                assert new == old, f"table {table_id} changed across the restart"
        # and play goes on
        view = after[solo["table_id"]][1]
        with connect(f"ws://127.0.0.1:{port}/ws/{solo['table_id']}") as ws:
            ws.send(json.dumps({"type": "hello", "secret": solo["seats"][0]["secret"]}))
            view = next_view(ws)
            ws.send(json.dumps({"type": "act", "secret": solo["seats"][0]["secret"], "version": view["version"],
                                "action": view["legal"][0]["action"]}))
            assert next_view(ws, view["version"] + 1)["step"] == view["step"] + 1
    finally:
        kill(proc)
