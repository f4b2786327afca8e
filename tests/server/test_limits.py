"""Rate limits, with the server's default settings: table creations, socket floods and sockets per
address are refused with a clear one-line error, while another address is still served; idle
addresses' buckets are forgotten."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, from_address, seated, server
from starlette.websockets import WebSocketDisconnect

from homeroom.server.limits import Buckets, Rate, RateLimits, address_key


@pytest.fixture
def defaults(tmp_path: Path) -> Iterator[TestClient]:
    with server(data_dir=tmp_path, limits=None, address="10.0.0.1") as test_client:
        yield test_client


def test_table_creations_past_the_limit_get_429_while_another_address_is_served(defaults: TestClient) -> None:
    body = {"game": "academic-society", "players": 2}
    allowed = RateLimits().creations.count
    for _ in range(allowed):
        assert defaults.post("/api/tables", json=body).status_code == 201
    for _ in range(300):
        refused = defaults.post("/api/tables", json=body)
        assert refused.status_code == 429
    error = refused.json()["error"]
    assert error.startswith("too many table creations from your address; try again in ") and error.endswith(" s")
    assert 1 <= int(refused.headers["retry-after"]) <= 30
    assert defaults.app.state.hub.store.count() == allowed  # type: ignore[attr-defined]  # nothing stored
    other = from_address(defaults, "10.0.0.2")
    assert other.post("/api/tables", json=body).status_code == 201


def test_joins_are_limited_per_address(defaults: TestClient) -> None:
    other = from_address(defaults, "10.0.0.3")
    statuses = [defaults.post("/api/tables/nosuchtable/join", json={}).status_code
                for _ in range(RateLimits().joins.count + 1)]
    assert statuses[:-1] == [404] * RateLimits().joins.count and statuses[-1] == 429
    assert other.post("/api/tables/nosuchtable/join", json={}).status_code == 404


def test_a_socket_flood_gets_rate_limited_then_closed(defaults: TestClient) -> None:
    table = create(defaults, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
    tid = table["table_id"]
    with seated(defaults, tid, table["seats"][0]["secret"]) as ana:
        for _ in range(200):
            ana.send({"type": "ping"})
        kinds: list[str] = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while len(kinds) < 200:  # without limits: 200 pongs, and the socket stays open
                message = ana.receive()
                kinds.append(message.get("code", message["type"]))
        assert closed.value.code == 4429
    assert 20 <= kinds.count("pong") < 40  # the burst, and a little refill
    assert kinds.count("rate_limited") == RateLimits().strikes + 1
    errors = [json.loads(m) for m in ana.messages if '"rate_limited"' in m]
    assert errors[0]["message"].startswith("too many messages on this connection; try again in")
    assert errors[-1]["message"].endswith("closing the connection")
    # Ben, from another address, plays on
    with seated(from_address(defaults, "10.0.0.2"), tid, table["seats"][1]["secret"]) as ben:
        ben.send({"type": "ping"})
        assert ben.until("pong")


def test_sockets_past_the_cap_of_an_address_are_refused_while_another_address_plays(defaults: TestClient) -> None:
    table = create(defaults, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=2)
    tid = table["table_id"]
    cap = RateLimits().sockets
    with ExitStack() as stack:
        for index in range(500):
            ws = stack.enter_context(defaults.websocket_connect(f"/ws/{tid}"))
            ws.send_text(json.dumps({"type": "hello", "spectate": True}))
            first = json.loads(ws.receive_text())
            if index < cap:
                assert first["type"] == "welcome"
                continue
            assert first["type"] == "error" and first["code"] == "rate_limited", (index, first)
            assert "too many connections from your address" in first["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4429
        other = from_address(defaults, "10.0.0.2")
        with seated(other, tid, table["seats"][1]["secret"]) as ben:
            seat = ben.view["to_move"]
            if seat == 1:
                version = ben.view["version"]
                ben.act(ben.view["legal"][0]["action"])
                assert ben.until_view(version + 1)["version"] == version + 1
            ben.send({"type": "ping"})
            assert ben.until("pong")
    assert defaults.app.state.limiter.sockets == {}  # type: ignore[attr-defined]  # every socket given back


def test_buckets_of_idle_addresses_are_forgotten() -> None:
    buckets = Buckets(Rate(2, 10), max_keys=1000)
    for n in range(5000):
        buckets.take(f"10.0.{n // 256}.{n % 256}", now=100.0)
        assert len(buckets.buckets) <= 1000
    assert buckets.take("10.0.0.0", now=100.0) >= 0
    assert buckets.take("192.168.1.1", now=200.0) == 0.0  # an hour later: a sweep...
    assert list(buckets.buckets) == ["192.168.1.1"]  # ...forgot every full bucket


def test_rates_and_addresses() -> None:
    assert Rate.parse("20/60") == Rate(20, 60) and str(Rate(20, 60)) == "20/60"
    assert Rate.parse("5") == Rate(5, 1)
    for bad in ("x/1", "0/5", "5/0", "5/-1", "5/nan", ""):
        with pytest.raises(ValueError, match="rate like|at least 1"):
            Rate.parse(bad)
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff") == "2001:db8::/64"
    assert address_key("::ffff:10.0.0.1") == "10.0.0.1" and address_key(None) == "unknown"


def test_messages_are_limited_per_address_too(defaults: TestClient) -> None:
    table = create(defaults, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=3)
    tid = table["table_id"]
    per_connection = RateLimits().messages.count - 2  # within each connection's own limit
    with ExitStack() as stack:
        players = [stack.enter_context(seated(defaults, tid, None)) for _ in range(10)]
        for player in players:
            for _ in range(per_connection):
                player.send({"type": "ping"})
        answers = [player.receive() for player in players for _ in range(per_connection)]
    refused = [a for a in answers if a.get("code") == "rate_limited"]
    assert refused and refused[0]["message"].startswith("too many messages from your address")
    assert sum(a["type"] == "pong" for a in answers) <= RateLimits().address_messages.count


def test_serve_defaults_are_the_servers() -> None:
    import inspect

    from homeroom.cli.serve import serve

    flags = inspect.signature(serve).parameters
    limits = RateLimits()
    assert [Rate.parse(flags[name].default) for name in ("rate_messages", "rate_address_messages",
                                                         "rate_creations", "rate_joins")] == \
        [limits.messages, limits.address_messages, limits.creations, limits.joins]
    assert flags["max_sockets"].default == limits.sockets
