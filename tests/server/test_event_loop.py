"""The event loop's thread pools (issue 34): the group commit has its own thread, so a move is
stored while the shared pool is busy (table loads, chat, anything else); ``view?step=K`` rebuilds
run on a small pool of their own and are kept, never served once an undo changed that step."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import create, seated

from homeroom.server.app import create_app
from homeroom.server.config import ServerConfig


def test_a_move_is_stored_while_the_shared_thread_pool_is_busy(tmp_path: Path) -> None:
    with TestClient(create_app(ServerConfig(data_dir=tmp_path, bot_workers=1))) as client:
        table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=3)
        tid = table["table_id"]
        mover = client.get(f"/api/tables/{tid}").json()["to_move"]
        release = threading.Event()

        async def block() -> None:
            loop = asyncio.get_running_loop()
            for _ in range(64):  # more than the default pool's threads
                loop.run_in_executor(None, release.wait, 30)

        try:
            with seated(client, tid, table["seats"][mover]["secret"]) as me:
                client.portal.call(block)  # type: ignore[union-attr]
                version = me.view["version"]
                began = time.perf_counter()
                me.act(me.view["legal"][0]["action"])
                me.until_view(version + 1)
                assert time.perf_counter() - began < 10
        finally:
            release.set()


def test_replayed_steps_are_kept_and_an_undo_replaces_them(client: TestClient) -> None:
    table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
    tid = table["table_id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    secrets = [table["seats"][0]["secret"], table["seats"][1]["secret"]]
    with seated(client, tid, secrets[0]) as ana, seated(client, tid, secrets[1]) as ben:
        players = (ana, ben)
        for _ in range(400):
            me = players[ana.view["to_move"]]
            version = me.view["version"]
            me.act(me.view["legal"][0]["action"])
            for other in players:
                other.until_view(version + 1)
            if me.view["can_undo"]:
                break
        else:
            raise AssertionError("no undoable move")
        step = me.view["step"]
        auth = {"Authorization": f"Bearer {secrets[players.index(me)]}"}
        first = client.get(f"/api/tables/{tid}/view", params={"step": step - 1}, headers=auth).json()
        live = hub.tables[tid]
        assert step - 1 in live.replays
        kept = live.replays[step - 1][1]
        again = client.get(f"/api/tables/{tid}/view", params={"step": step - 1}, headers=auth).json()
        assert again == first and live.replays[step - 1][1] is kept  # served from the kept position
        # take the move back and play another: the step's replay is the new history's
        me.send({"type": "undo", "version": me.view["version"]})
        me.until_view(me.view["version"] + 1)
        others = [item["action"] for item in me.view["legal"][1:]]
        if others:
            version = me.view["version"]
            me.act(others[0])
            me.until_view(version + 1)
            now = client.get(f"/api/tables/{tid}/view", params={"step": step}, headers=auth).json()
            whole = client.get(f"/api/tables/{tid}/view", headers=auth).json()
            if whole["step"] == step:
                assert now["log"] == whole["log"]
        back = client.get(f"/api/tables/{tid}/view", params={"step": step - 1}, headers=auth).json()
        assert back["step"] == step - 1 and back["log"] == first["log"]
