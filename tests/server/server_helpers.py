"""Helpers for the server tests: an app on a temporary database, and scripted WebSocket players."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from homeroom.server.app import create_app
from homeroom.server.config import ServerConfig
from homeroom.server.limits import Rate, RateLimits
from homeroom.server.updates import apply_update

TEST_LIMITS = RateLimits(messages=Rate(100_000, 1), address_messages=Rate(100_000, 1),
                         creations=Rate(10_000, 1), joins=Rate(10_000, 1), chat=Rate(100_000, 1), sockets=1000)
"""The limits of the shared test server: on, but far above what its tests send from their one
address (scripted players act as fast as they can). The rate-limit tests use the defaults."""


def app_on(url: str, data: Path) -> TestClient:
    """A server (unstarted TestClient) on the database at ``url``, with its own data folder: one
    of several servers sharing a database."""
    return TestClient(create_app(ServerConfig(db_url=url, data_dir=data, bot_workers=1, limits=TEST_LIMITS)))


@contextmanager
def server(db_url: str | None = None, data_dir: Path | None = None, workers: int = 1,
           limits: RateLimits | None = TEST_LIMITS, zombie_after: float = 120.0,
           address: str = "testclient", **settings: Any) -> Iterator[TestClient]:
    """A test client of a new app; ``limits=None`` gives the server's default rate limits; other
    :class:`ServerConfig` settings by name."""
    config = ServerConfig(db_url=db_url, data_dir=data_dir or Path("data"), bot_workers=workers,
                          limits=limits or RateLimits(), zombie_after=zombie_after, **settings)
    with TestClient(create_app(config), client=(address, 50000)) as client:
        yield client


def from_address(client: TestClient, address: str) -> TestClient:
    """Another client of the same running app (same event loop, no second start-up), whose
    requests and sockets come from ``address``."""
    other = TestClient(client.app, client=(address, 50001))
    other.portal = client.portal
    return other


def create(client: TestClient, game: str, players: int, seats: list[dict[str, Any]] | None = None,
           **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": players, "seats": seats or [], **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def wholes(messages: list[str]) -> list[str]:
    """The messages as received, each ``update`` replaced by the whole view it makes (JSON): what a
    server without small updates would have sent, for checks that read every view in full (an
    update holds a part of it, so what holds for the whole holds for what was sent)."""
    out = []
    held: dict[str, Any] = {}
    for text in messages:
        message = json.loads(text)
        if message["type"] == "view":
            held = message
        elif message["type"] == "update":
            held = apply_update(held, message)
            text = json.dumps(held, separators=(",", ":"))
        out.append(text)
    return out


class Player:
    """One WebSocket client at a table: records every message it receives (as sent); an
    ``update`` is applied to the view it holds and returned as that whole ``view``."""

    def __init__(self, ws: WebSocketTestSession, secret: str | None) -> None:
        self.ws = ws
        self.secret = secret
        self.messages: list[str] = []
        self.view: dict[str, Any] = {}

    def receive(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.messages.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "update":  # as the table page does: the view it holds, updated
            assert self.view, f"an update before any view: {text[:200]}"
            message = apply_update(self.view, message)
        if message["type"] == "view":
            self.view = message
        return message

    def send(self, message: dict[str, Any]) -> None:
        if self.secret is not None and "secret" not in message:
            message = {**message, "secret": self.secret}
        self.ws.send_text(json.dumps(message))

    def until(self, kind: str, **match: Any) -> dict[str, Any]:
        """Receive until a message of ``kind`` (with the given fields) arrives."""
        for _ in range(10_000):
            message = self.receive()
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message
        raise AssertionError(f"no {kind} message with {match}")

    def until_view(self, min_version: int) -> dict[str, Any]:
        while not self.view or self.view["version"] < min_version:
            message = self.receive()
            if message["type"] == "error":
                raise AssertionError(f"error while waiting for version {min_version}: {message}")
        return self.view

    def act(self, action: dict[str, Any], version: int | None = None) -> None:
        self.send({"type": "act", "version": self.view["version"] if version is None else version,
                   "action": action})


@contextmanager
def seated(client: TestClient, table_id: str, secret: str | None) -> Iterator[Player]:
    """A player (or a spectator, secret None) connected and greeted, its first view received."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        player = Player(ws, secret)
        hello = {"type": "hello", "secret": secret} if secret else {"type": "hello", "spectate": True}
        ws.send_text(json.dumps(hello))
        assert player.receive()["type"] == "welcome"
        player.until("view")
        yield player


def play_with_bots(player: Player, seat: int, rng: random.Random, max_moves: int = 5000) -> dict[str, Any]:
    """Play random legal moves for ``seat`` until the game ends (bots play the other seats)."""
    for _ in range(max_moves):
        view = player.view
        if view["terminal"]:
            return view
        if view["to_move"] == seat and view["legal"]:
            before = view["version"]
            player.act(rng.choice(view["legal"])["action"])
            player.until_view(before + 1)
        else:
            player.until("view")
    raise AssertionError("the game did not end")
