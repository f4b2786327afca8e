"""Every failure answers in one line (issue 30, 9): a full disk, an oversized chunked body, a
WebSocket message over the limit, odd board paths; and the connection goes on serving where it
can. Some run the real uvicorn, with the settings of ``homeroom serve``."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from homeroom.cli.serve import uvicorn_options
from homeroom.server.app import create_app
from homeroom.server.config import ServerConfig
from homeroom.server.protocol import MAX_WS_TRANSPORT


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(ServerConfig(data_dir=tmp_path, bot_workers=1))


@pytest.fixture
def served(app: FastAPI) -> Iterator[int]:
    """The app under uvicorn (as ``homeroom serve`` runs it) on a free port; yields the port."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on", **uvicorn_options())
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not server.started:
        assert time.time() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    port: int = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(30)


def http(sock: socket.socket, method: str, path: str, body: bytes = b"") -> tuple[int, dict[str, Any]]:
    """One keep-alive HTTP/1.1 request on ``sock``: (status, JSON body)."""
    head = (f"{method} {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    sock.sendall(head + body)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection"
        data += chunk
    header, _, rest = data.partition(b"\r\n\r\n")
    lines = header.decode().split("\r\n")
    length = next(int(v) for k, _, v in (line.partition(": ") for line in lines[1:]) if k.lower() == "content-length")
    while len(rest) < length:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection"
        rest += chunk
    return int(lines[0].split()[1]), json.loads(rest[:length])


def test_a_full_disk_is_one_line_and_the_connection_serves_on(app: FastAPI, served: int,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    """9b: the database says its disk is full: the request gets 507 and one line, no traceback,
    and the next request on the same connection is served (uvicorn did not drop it)."""
    store = app.state.hub.store

    def full(*_: Any) -> None:
        raise OperationalError("INSERT INTO tables", {}, Exception("database or disk is full"))

    store.create_table = full
    body = json.dumps({"game": "academic-society", "players": 2}).encode()
    with socket.create_connection(("127.0.0.1", served), timeout=30) as sock, caplog.at_level(logging.ERROR):
        status, answer = http(sock, "POST", "/api/tables", body)
        assert status == 507 and answer == {"error": "the server's disk is full: nothing was saved"}
        status, answer = http(sock, "GET", "/healthz")  # the same connection
        assert status == 200 and answer == {"ok": True}
        del store.create_table  # space again
        status, answer = http(sock, "POST", "/api/tables", body)
        assert status == 201
    assert not any(r.exc_info for r in caplog.records), [r.getMessage() for r in caplog.records]


def test_an_unexpected_error_is_one_line_and_the_connection_serves_on(app: FastAPI, served: int) -> None:
    """9b, any other failure: a one-line 500, and the connection is not reset."""
    def broken(*_: Any) -> None:
        raise RuntimeError("boom\nsecond line")

    app.state.hub.store.summaries = broken
    with socket.create_connection(("127.0.0.1", served), timeout=30) as sock:
        status, answer = http(sock, "GET", "/api/tables")
        assert status == 500 and answer == {"error": "internal server error (logged on the server)"}
        assert http(sock, "GET", "/healthz") == (200, {"ok": True})


def test_an_oversized_chunked_body_is_413(tmp_path: Path) -> None:
    """9c: a body over 64 KiB sent without a Content-Length (chunked) gets 413, like one with it."""
    with TestClient(create_app(ServerConfig(data_dir=tmp_path, bot_workers=1))) as client:
        big = b'{"game": "' + b"x" * (70 * 1024) + b'", "players": 2}'
        chunked = client.post("/api/tables", content=iter([big[:1000], big[1000:]]),
                              headers={"content-type": "application/json"})
        assert chunked.status_code == 413 and chunked.json() == {"error": "request body over 64 KiB"}
        sized = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
        assert sized.status_code == 413 and sized.json() == chunked.json()
        small = client.post("/api/tables", content=iter([b'{"game": "academic-society", ', b'"players": 2}']),
                            headers={"content-type": "application/json"})
        assert small.status_code == 201


def test_a_websocket_message_over_64_kib_gets_too_large_before_the_close(app: FastAPI, served: int) -> None:
    """9d: under uvicorn as served, a 100 KiB message is answered ``too_large`` and the socket
    closes with 1009 (the transport's own limit is higher, so the application sees it first)."""
    base = f"http://127.0.0.1:{served}"
    table = httpx.post(f"{base}/api/tables", json={"game": "academic-society", "players": 2}).json()
    secret = table["seats"][0]["secret"]
    with connect(f"ws://127.0.0.1:{served}/ws/{table['table_id']}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "secret": secret}))
        assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
        ws.send(json.dumps({"type": "ping", "secret": secret, "pad": "x" * (20 * 1024)}))  # over 8 KiB: refused
        messages = []
        while not messages or messages[-1]["type"] != "error":
            messages.append(json.loads(ws.recv(timeout=30)))
        assert messages[-1]["code"] == "too_large"
        ws.send(json.dumps({"type": "ping", "secret": secret}))
        while json.loads(ws.recv(timeout=30))["type"] != "pong":  # and the socket goes on
            pass
        ws.send(json.dumps({"type": "ping", "secret": secret, "pad": "x" * (100 * 1024)}))
        error = json.loads(ws.recv(timeout=30))
        assert error == {"type": "error", "code": "too_large", "message": "message over 64 KiB; closing"}
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=30)
        assert ws.close_code == 1009
    # beyond the transport's limit uvicorn itself closes with 1009 (PROTOCOL.md says so)
    with connect(f"ws://127.0.0.1:{served}/ws/{table['table_id']}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "secret": secret}))
        ws.send("x" * (MAX_WS_TRANSPORT + 1))
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=30)
        assert ws.close_code == 1009


@pytest.mark.parametrize("path", [
    "/boards/class-of-89/%00", "/boards/class-of-89/a%00b/board.js", "/boards/%00/board.js",
    "/boards/class-of-89/" + "a" * 5000, "/boards/class-of-89/" + "a/" * 2000 + "b",
    "/boards/class-of-89/..%2F..%2Fserver%2Fapp.py", "/boards/class-of-89/%2e%2e/%2e%2e/server/app.py",
    "/boards/class-of-89/%2Fetc%2Fpasswd", "/static/%00", "/api/tables/%00",
])
def test_odd_paths_are_a_one_line_404(client: TestClient, path: str, caplog: pytest.LogCaptureFixture) -> None:
    """9e: NUL bytes, over-long names and ``..`` in a path are a one-line 404, never a traceback."""
    with caplog.at_level(logging.WARNING):
        answer = client.get(path)
    assert answer.status_code == 404, answer.text
    assert "\n" not in answer.json()["error"]
    assert not caplog.records, [r.getMessage() for r in caplog.records]


def test_the_board_files_are_still_served(client: TestClient) -> None:
    assert client.get("/boards/class-of-89/board.js").status_code == 200
