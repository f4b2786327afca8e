"""Archiving idle tables and deleting tables (issue 31): an idle table (here after a fraction of a
second) leaves the lobby and "my tables", its bot stops, and it stays readable but not playable, also
after a restart; the host deletes a table with everything stored for it, and everyone at it is told
and disconnected."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, seated, server
from sqlalchemy import func, select
from starlette.websockets import WebSocketDisconnect

from homeroom.server.archive import DELETED_CLOSE
from homeroom.server.storage import Store, actions_table, chat_table, seats_table, tables_table


def lobby_ids(client: TestClient) -> set[str]:
    return {t["table_id"] for t in client.get("/api/tables").json()["tables"]}


def my_ids(client: TestClient, *secrets: str) -> set[str]:
    return {t["table_id"] for t in client.post("/api/my-tables", json={"secrets": list(secrets)}).json()["tables"]}


def wait_for(check: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_an_idle_table_is_archived_read_only_and_stays_so(tmp_path: Path) -> None:
    # the bot waits 5 s before each move, longer than the 0.6 s after which a table is archived
    with server(data_dir=tmp_path, archive_after=0.6, bot_delay=5.0) as client:
        people = create(client, "academic-society", 2, [{"name": "Ana"}, {"open": True}], seed=11)
        bots = create(client, "academic-society", 2, [{"kind": "random"}, {"kind": "random"}], seed=3)
        tid, ana_secret = people["table_id"], people["seats"][0]["secret"]
        assert tid in lobby_ids(client) and tid in my_ids(client, ana_secret)
        with seated(client, tid, ana_secret) as ana, seated(client, tid, None) as watcher:
            assert not ana.view["archived"]
            notice = watcher.until("notice")["text"]
            assert notice.startswith("This table was archived after") and "read, not played" in notice
            view = ana.until("view", archived=True)
            assert view["legal"] == [] and not view["can_undo"] and view["log"]
            ana.act({"type": "anything"}, version=view["version"])
            error = ana.until("error")
            assert error["code"] == "conflict" and "archived" in error["message"]
            ana.send({"type": "chat", "text": "still there?"})
            assert "archived" in ana.until("error")["message"]
        assert tid not in lobby_ids(client) and my_ids(client, ana_secret) == set()
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["archived"] and summary["step"] == 0
        response = client.post(f"/api/tables/{tid}/join", json={"seat": 1})
        assert response.status_code == 409 and "archived" in response.json()["error"]
        time.sleep(5.5)  # the bot table's think was stopped: no move after the bot's 5 s wait
        assert client.get(f"/api/tables/{bots['table_id']}").json()["step"] == 0
    with server(data_dir=tmp_path, bot_delay=0.0) as client:  # a restart keeps it archived, its bots idle
        time.sleep(1.0)
        for table_id in (tid, bots["table_id"]):
            summary = client.get(f"/api/tables/{table_id}").json()
            assert summary["archived"] and summary["step"] == 0
        with seated(client, tid, ana_secret) as ana:
            assert ana.view["archived"] and ana.view["legal"] == []
        assert tid not in lobby_ids(client)


def test_archive_after_zero_never_archives(tmp_path: Path) -> None:
    with server(data_dir=tmp_path, archive_after=0.0) as client:
        table = create(client, "academic-society", 2, [{"name": "Ana"}, {"open": True}], seed=11)
        time.sleep(0.5)
        assert not client.get(f"/api/tables/{table['table_id']}").json()["archived"]
        assert table["table_id"] in lobby_ids(client)


def _rows(store: Store, table_id: str) -> dict[str, int]:
    with store.engine.connect() as conn:
        return {t.name: conn.execute(select(func.count()).select_from(t).where(
            (t.c.id if t is tables_table else t.c.table_id) == table_id)).scalar() or 0
            for t in (tables_table, seats_table, actions_table, chat_table)}


def test_the_host_deletes_a_table_with_everything_stored_for_it(tmp_path: Path) -> None:
    url = f"sqlite:///{(tmp_path / 'homeroom.db').resolve()}"
    with server(data_dir=tmp_path) as client:
        table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=11)
        keep = create(client, "academic-society", 2, [{"name": "Cy"}, {"name": "Di"}], seed=12)
        tid = table["table_id"]
        ana_secret = table["seats"][0]["secret"]
        with seated(client, tid, ana_secret) as ana, seated(client, tid, None) as watcher:
            mover = ana if ana.view["to_move"] == 0 else None
            if mover is not None:
                version = ana.view["version"]
                ana.act(ana.view["legal"][0]["action"])
                ana.until_view(version + 1)
            ana.send({"type": "chat", "text": "bye"})
            watcher.until("chat")
            url_rows = Store.open(url)
            try:
                assert _rows(url_rows, tid)["chat"] == 1 and _rows(url_rows, tid)["seats"] == 2
            finally:
                url_rows.close()
            path = f"/api/tables/{tid}"
            assert client.delete(path).status_code == 401
            refused = client.delete(path, headers={"Authorization": f"Bearer {ana_secret}"})
            assert refused.status_code == 403 and "host" in refused.json()["error"]
            other_host = client.delete(path, headers={"Authorization": f"Bearer {keep['host_secret']}"})
            assert other_host.status_code == 401
            done = client.delete(path, headers={"Authorization": f"Bearer {table['host_secret']}"})
            assert done.status_code == 200 and done.json() == {"deleted": tid}
            for player in (ana, watcher):
                assert player.until("notice")["text"].startswith("The host deleted this table")
                with pytest.raises(WebSocketDisconnect) as closed:
                    player.receive()
                assert closed.value.code == DELETED_CLOSE
        assert client.get(path).status_code == 404
        again = client.delete(path, headers={"Authorization": f"Bearer {table['host_secret']}"})
        assert again.status_code == 404
        assert my_ids(client, ana_secret, table["host_secret"]) == set()
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "hello", "spectate": True})
            assert ws.receive_json()["code"] == "not_found"
        assert client.get(f"/api/tables/{keep['table_id']}").status_code == 200
    store = Store.open(url)
    try:
        assert _rows(store, tid) == {"tables": 0, "seats": 0, "actions": 0, "chat": 0}
        assert _rows(store, keep["table_id"])["tables"] == 1
    finally:
        store.close()
