"""Table chat (issue 31): lines go to everyone at the table, are kept with the table across a
restart, are bounded (length, count, rate) and refuse bad input with one line; seats and the host
write, spectators read."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import TEST_LIMITS, Player, create, seated, server
from starlette.websockets import WebSocketDisconnect

from homeroom.server.chat import CHAT_CHARS
from homeroom.server.limits import Rate
from homeroom.server.protocol import ChatMessage, View
from homeroom.server.storage import CHAT_KEEP, Store


def two(client: TestClient) -> dict[str, Any]:
    return create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=11)


def say(player: Player, text: Any) -> None:
    player.send({"type": "chat", "text": text})


def line_of(player: Player) -> dict[str, Any]:
    message = player.until("chat")
    line: dict[str, Any] = message["line"]
    assert set(line) == {"id", "seat", "role", "name", "text", "at"}
    return line


def test_a_line_reaches_everyone_and_comes_with_the_first_view(client: TestClient) -> None:
    table = two(client)
    tid = table["table_id"]
    with seated(client, tid, table["seats"][0]["secret"]) as ana, \
            seated(client, tid, table["seats"][1]["secret"]) as ben, \
            seated(client, tid, None) as watcher, seated(client, tid, table["host_secret"]) as host:
        assert ana.view["chat"] == []
        say(ana, "hi <b>Ben</b>\nready?")
        for who in (ana, ben, watcher, host):
            line = line_of(who)
            assert (line["seat"], line["role"], line["name"]) == (0, "seat", "Ana")
            assert line["text"] == "hi <b>Ben</b> ready?"  # one line of plain text, never rewritten as HTML
        say(host, "  welcome   both ")
        assert line_of(ben)["name"] == "Host" and line_of(ana)["text"] == "welcome both"
        say(watcher, "can I say something?")  # spectators read only
        error = watcher.until("error")
        assert error["code"] == "forbidden" and "spectators" in error["message"]
        say(ben, "yes")
        assert line_of(watcher)["text"] == "yes"
        models = {"view": View, "chat": ChatMessage}
        for text in ana.messages + watcher.messages:  # every view and chat line matches the protocol's model
            kind = json.loads(text)["type"]
            if kind in models:
                models[kind].model_validate_json(text)
    with seated(client, tid, None) as late:
        lines = late.view["chat"]
        assert [(x["name"], x["text"]) for x in lines] == [("Ana", "hi <b>Ben</b> ready?"), ("Host", "welcome both"),
                                                           ("Ben", "yes")]
        assert lines[0]["id"] < lines[1]["id"] < lines[2]["id"]
        late.send({"type": "ping"})
        late.until("pong")
        views = [json.loads(m) for m in late.messages if '"type":"view"' in m]
        assert len(views) == 1  # later views do not repeat the chat


@pytest.mark.parametrize(("text", "why"), [
    ("", "empty"), (" \n\t ", "empty"), ("\x00\x07", "empty"), ("x" * (CHAT_CHARS + 1), "too long"),
    (5, "text"), (None, "text"), (["a"], "text"), ("y" * 5000, "text"),
])
def test_bad_lines_are_refused_in_one_line_and_nothing_is_kept(client: TestClient, text: Any, why: str) -> None:
    table = two(client)
    with seated(client, table["table_id"], table["seats"][0]["secret"]) as ana:
        say(ana, text)
        error = ana.until("error")
        assert error["code"] == "bad_request" and why in error["message"] and "\n" not in error["message"]
        ana.send({"type": "chat"})
        assert "text" in ana.until("error")["message"]
        say(ana, "x" * CHAT_CHARS)  # the longest line is fine
        assert len(line_of(ana)["text"]) == CHAT_CHARS
    with seated(client, table["table_id"], None) as late:
        assert [x["text"] for x in late.view["chat"]] == ["x" * CHAT_CHARS]


def test_a_wrong_secret_cannot_chat(client: TestClient) -> None:
    table = two(client)
    with seated(client, table["table_id"], table["seats"][0]["secret"]) as ana:
        ana.send({"type": "chat", "text": "hi", "secret": table["seats"][1]["secret"]})
        assert ana.until("error")["code"] == "unauthorized"
        with pytest.raises(WebSocketDisconnect):
            ana.receive()
    with seated(client, table["table_id"], None) as late:
        assert late.view["chat"] == []


def test_the_chat_keeps_its_last_lines_and_survives_a_restart(tmp_path: Path) -> None:
    with server(data_dir=tmp_path) as client:
        table = two(client)
        tid = table["table_id"]
        with seated(client, tid, table["seats"][0]["secret"]) as ana:
            for n in range(CHAT_KEEP + 5):
                say(ana, f"line {n}")
            assert line_of(ana)["text"] == "line 0"
            while (last := line_of(ana))["text"] != f"line {CHAT_KEEP + 4}":
                pass
    with server(data_dir=tmp_path) as client, seated(client, tid, table["seats"][1]["secret"]) as ben:
        texts = [x["text"] for x in ben.view["chat"]]
        assert texts == [f"line {n}" for n in range(5, CHAT_KEEP + 5)]  # the oldest 5 dropped
        assert ben.view["chat"][-1]["id"] == last["id"]
    store = Store.open(f"sqlite:///{(tmp_path / 'homeroom.db').resolve()}")
    try:
        rec = store.load(tid)
        assert rec is not None and len(rec.chat) == CHAT_KEEP
        with store.engine.connect() as conn:
            from sqlalchemy import func, select

            from homeroom.server.storage import chat_table

            assert conn.execute(select(func.count()).select_from(chat_table)).scalar() == CHAT_KEEP
    finally:
        store.close()


def test_chat_lines_have_a_rate_limit_per_address(tmp_path: Path) -> None:
    with server(data_dir=tmp_path, limits=replace(TEST_LIMITS, chat=Rate(3, 600))) as client:
        table = two(client)
        with seated(client, table["table_id"], table["seats"][0]["secret"]) as ana:
            for n in range(3):
                say(ana, f"line {n}")
                line_of(ana)
            say(ana, "one too many")
            error = ana.until("error")
            assert error["code"] == "rate_limited" and "chat lines" in error["message"]
            ana.send({"type": "ping"})  # the connection lives on; only chat is limited
            ana.until("pong")
        with seated(client, table["table_id"], None) as late:
            assert len(late.view["chat"]) == 3
