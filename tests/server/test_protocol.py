"""The WebSocket protocol's refusals: stale versions, illegal, malformed and oversized messages,
wrong and missing secrets, acting for another seat, spectators acting; and undo and why."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create, seated
from starlette.websockets import WebSocketDisconnect


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """Academic Society for two people, so both seats are driven by the test."""
    return create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=11)


@pytest.fixture
def both(client: TestClient, table: dict[str, Any]) -> Iterator[tuple[Player, Player]]:
    tid = table["table_id"]
    with seated(client, tid, table["seats"][0]["secret"]) as ana, seated(client, tid, table["seats"][1]["secret"]) as ben:
        yield ana, ben


def mover(pair: tuple[Player, Player]) -> tuple[Player, Player, int]:
    ana, ben = pair
    seat = ana.view["to_move"]
    return (ana, ben, 0) if seat == 0 else (ben, ana, 1)


def error_of(player: Player) -> dict[str, Any]:
    return player.until("error")


def test_stale_version_changes_nothing_and_resends_the_view(both: tuple[Player, Player]) -> None:
    me, other, _ = mover(both)
    version = me.view["version"]
    action = me.view["legal"][0]["action"]
    me.act(action, version=version + 5)
    err = error_of(me)
    assert err["code"] == "stale" and "version" in err["message"]
    assert me.until("view")["version"] == version
    me.act(action, version=version - 1)
    assert error_of(me)["code"] == "stale"
    me.until("view")
    me.act(action)
    assert me.until_view(version + 1)["step"] == 1
    assert other.until_view(version + 1)["step"] == 1


def test_illegal_action_gets_the_engines_reason(both: tuple[Player, Player]) -> None:
    me, _, _ = mover(both)
    legal = [entry["action"] for entry in me.view["legal"]]
    first = dict(legal[0])
    # the same kind of action with a field changed to something not on offer
    for key, value in first.items():
        if key != "type" and isinstance(value, int) and not isinstance(value, bool):
            first[key] = value + 97
            break
        if key != "type" and isinstance(value, str):
            first[key] = value + "-nope"
            break
    assert first not in legal
    version = me.view["version"]
    me.act(first)
    err = error_of(me)
    assert err["code"] in ("illegal", "bad_request") and len(err["message"]) > 10
    me.send({"type": "ping"})
    assert me.until("pong")
    assert me.view["version"] == version


def test_not_your_turn_and_no_acting_for_another_seat(client: TestClient, table: dict[str, Any],
                                                      both: tuple[Player, Player]) -> None:
    me, other, seat = mover(both)
    action = me.view["legal"][0]["action"]
    other.act(action)  # the other seat tries the mover's move with its own secret
    err = error_of(other)
    assert err["code"] == "not_your_turn"
    # the other seat's socket using the mover's secret is signed out, and nothing is played
    mover_secret = table["seats"][seat]["secret"]
    other.send({"type": "act", "secret": mover_secret, "version": other.view["version"], "action": action})
    assert error_of(other)["code"] == "unauthorized"
    with pytest.raises(WebSocketDisconnect):
        for _ in range(5):
            other.receive()
    summary = client.get(f"/api/tables/{table['table_id']}").json()
    assert summary["step"] == 0


@pytest.mark.parametrize("secret", [None, "", "x" * 43, "y" * 5000])
def test_hello_with_a_wrong_or_missing_secret_is_refused(client: TestClient, table: dict[str, Any],
                                                          secret: str | None) -> None:
    with client.websocket_connect(f"/ws/{table['table_id']}") as ws:
        hello: dict[str, Any] = {"type": "hello"}
        if secret is not None:
            hello["secret"] = secret
        ws.send_text(json.dumps(hello))
        message = json.loads(ws.receive_text())
        assert message["type"] == "error" and message["code"] in ("unauthorized", "bad_request", "too_large")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code in (4401, 4400)


def test_unknown_table_and_acting_before_hello(client: TestClient, table: dict[str, Any]) -> None:
    with client.websocket_connect("/ws/nosuchtable") as ws:
        ws.send_text(json.dumps({"type": "hello", "spectate": True}))
        assert json.loads(ws.receive_text())["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4404
    with client.websocket_connect(f"/ws/{table['table_id']}") as ws:
        ws.send_text(json.dumps({"type": "act", "secret": table["seats"][0]["secret"], "version": 0,
                                 "action": {"type": "x"}}))
        assert json.loads(ws.receive_text())["code"] == "unauthorized"


def test_every_later_message_rechecks_the_secret(both: tuple[Player, Player]) -> None:
    me, _, _ = mover(both)
    me.send({"type": "act", "secret": None, "version": me.view["version"], "action": me.view["legal"][0]["action"]})
    assert error_of(me)["code"] == "unauthorized"
    with pytest.raises(WebSocketDisconnect):
        for _ in range(5):
            me.receive()


MALFORMED = [
    ("not json at all", "bad_request"),
    ("[1, 2, 3]", "bad_request"),
    ('"hello"', "bad_request"),
    ('{"no": "type"}', "bad_request"),
    ('{"type": "dance"}', "bad_request"),
    ('{"type": "act", "version": "3", "action": {}}', "bad_request"),
    ('{"type": "act", "version": true, "action": {}}', "bad_request"),
    ('{"type": "act", "version": 0, "action": [1]}', "bad_request"),
    ('{"type": "act", "version": 0, "action": {}, "extra": 1}', "bad_request"),
    ('{"type": "undo"}', "bad_request"),
    ('{"type": "hello", "spectate": true}', "bad_request"),
    ("[" * 5000 + "]" * 5000, "too_large"),
    ('{"type": "ping", "pad": "' + "x" * 9000 + '"}', "too_large"),
]


@pytest.mark.parametrize(("text", "code"), MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_and_oversized_messages_get_one_line_errors(both: tuple[Player, Player], text: str,
                                                              code: str) -> None:
    me, _, _ = mover(both)
    version = me.view["version"]
    if text.startswith("{") and '"type"' in text and "secret" not in text and len(text) < 8000:
        data = json.loads(text)
        data["secret"] = me.secret
        text = json.dumps(data)
    me.ws.send_text(text)
    err = error_of(me)
    assert err["code"] == code, err
    assert "\n" not in err["message"] and "Traceback" not in err["message"]
    me.send({"type": "ping"})
    me.until("pong")  # the connection survives a bad message
    assert me.view["version"] == version


def test_binary_messages_are_refused(both: tuple[Player, Player]) -> None:
    me, _, _ = mover(both)
    me.ws.send_bytes(b'{"type": "ping"}')
    assert error_of(me)["code"] == "bad_request"


def test_spectators_cannot_act(client: TestClient, table: dict[str, Any], both: tuple[Player, Player]) -> None:
    me, _, _ = mover(both)
    action = me.view["legal"][0]["action"]
    with seated(client, table["table_id"], None) as watcher:
        assert watcher.view["legal"] == [] and watcher.view["seat"] is None
        watcher.send({"type": "act", "version": watcher.view["version"], "action": action})
        assert error_of(watcher)["code"] == "forbidden"
        watcher.send({"type": "undo", "version": watcher.view["version"]})
        assert error_of(watcher)["code"] == "forbidden"
        watcher.send({"type": "why", "action": action})
        assert watcher.until("why")["reason"]  # explained as "spectators cannot act", not the mover's position
        # a spectator who sends someone's secret along is refused too
        watcher.send({"type": "act", "secret": me.secret, "version": watcher.view["version"], "action": action})
        assert error_of(watcher)["code"] == "forbidden"
    assert client.get(f"/api/tables/{table['table_id']}").json()["step"] == 0


def test_host_secret_watches_but_cannot_play(client: TestClient, table: dict[str, Any],
                                             both: tuple[Player, Player]) -> None:
    me, _, _ = mover(both)
    with seated(client, table["table_id"], table["host_secret"]) as host:
        assert host.view["role"] == "host" and host.view["legal"] == []
        host.act(me.view["legal"][0]["action"])
        assert error_of(host)["code"] == "forbidden"


def test_why_explains_for_the_seat_to_move_only(both: tuple[Player, Player]) -> None:
    me, other, _ = mover(both)
    legal = me.view["legal"][0]["action"]
    me.send({"type": "why", "action": legal})
    assert me.until("why")["reason"] is None
    me.send({"type": "why", "action": {"type": "NoSuchMove"}})
    assert "malformed" in me.until("why")["reason"]
    other.send({"type": "why", "action": legal})
    assert "decision" in other.until("why")["reason"]


def test_undo_own_move_with_a_notice_to_everyone(both: tuple[Player, Player]) -> None:
    ana, ben = both
    assert not ana.view["can_undo"] and not ben.view["can_undo"]
    for _ in range(40):  # play until a move that reveals nothing, so it may be taken back
        me, other, seat = mover(both)
        version, step = me.view["version"], me.view["step"]
        me.act(me.view["legal"][0]["action"])
        view = me.until_view(version + 1)
        other.until_view(version + 1)
        if view["can_undo"]:
            break
    else:
        pytest.fail("no move could be taken back in 40 decisions")
    assert not other.view["can_undo"] or other.view["to_move"] == 1 - seat
    # the other seat can never take back the mover's decision
    if other.view["to_move"] != 1 - seat or not other.view["can_undo"]:
        other.send({"type": "undo", "version": other.view["version"]})
        err = error_of(other)
        assert err["code"] == "illegal" and "undo" in err["message"]
    me.send({"type": "undo", "version": view["version"] - 1})
    assert error_of(me)["code"] == "stale"
    me.send({"type": "undo", "version": view["version"]})
    assert "took back" in other.until("notice")["text"]
    assert "took back" in me.until("notice")["text"]
    after = me.until_view(version + 2)
    assert after["step"] == step and after["to_move"] == seat
    assert other.until_view(version + 2)["step"] == step
