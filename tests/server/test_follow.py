"""Two server processes on one PostgreSQL database (issue 34, first step): a move made through one
reaches the players connected to the other within a second, as an update, and the other can then
play on from it."""

from __future__ import annotations

import time
from pathlib import Path

from server_helpers import app_on, create, seated


def test_a_move_through_one_server_reaches_the_other_servers_players(pg_url: str, tmp_path: Path) -> None:
    url = pg_url
    with app_on(url, tmp_path / "a") as one, app_on(url, tmp_path / "b") as two:
        table = create(one, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=4)
        tid = table["table_id"]
        first = one.get(f"/api/tables/{tid}").json()["to_move"]
        secrets = [s["secret"] for s in table["seats"]]
        with seated(one, tid, secrets[first]) as mover, seated(two, tid, secrets[1 - first]) as other, \
                seated(two, tid, None) as watcher:
            for _ in range(6):
                me, them = (mover, other) if mover.view["to_move"] == first else (other, mover)
                version = me.view["version"]
                me.act(me.view["legal"][0]["action"])
                me.until_view(version + 1)
                began = time.perf_counter()
                them.until_view(version + 1)  # through the database's announcement
                assert time.perf_counter() - began < 1.0
                watcher.until_view(version + 1)
                assert them.view["step"] == me.view["step"] and them.view["log"] == watcher.view["log"]


def test_a_chat_line_through_one_server_reaches_the_other_servers_players(pg_url: str,
                                                                          tmp_path: Path) -> None:
    url = pg_url
    with app_on(url, tmp_path / "a") as one, app_on(url, tmp_path / "b") as two:
        table = create(one, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=4)
        tid = table["table_id"]
        secrets = [s["secret"] for s in table["seats"]]
        with seated(one, tid, secrets[0]) as ana, seated(two, tid, secrets[1]) as ben, \
                seated(two, tid, None) as watcher:
            for text in ("hello from one", "and again"):
                ana.send({"type": "chat", "text": text})
                assert ana.until("chat")["line"]["text"] == text
                began = time.perf_counter()
                for other in (ben, watcher):
                    line = other.until("chat")["line"]  # through the database's announcement
                    assert line["text"] == text and line["name"] == "Ana"
                assert time.perf_counter() - began < 1.0
            ben.send({"type": "chat", "text": "hi Ana"})
            assert ben.until("chat")["line"]["text"] == "hi Ana"
            assert ana.until("chat")["line"]["text"] == "hi Ana"
