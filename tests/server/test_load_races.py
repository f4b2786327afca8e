"""Loading a table while another server moves it (several servers on one PostgreSQL database): the
table read is one snapshot (its row, seats and actions agree), and a change announced while the
load is under way is not lost. Both once made ``bench/bench_server.py --servers 2`` flaky: a player
was answered a ``server`` error for an in-turn move (the row said version 0, the actions already
held the other server's move), or the table never moved on at the server that loaded it."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Player, app_on, create, seated

from homeroom import games
from homeroom.engine.match import Match, Seat
from homeroom.server.storage import SeatRecord, Store, TableChange, TableRecord


def _stored_table(store: Store) -> tuple[TableRecord, Match]:
    game = games.get("academic-society")
    match = Match.start(game, 2, 7, {}, [Seat("Ana", "human"), Seat("Ben", "human")])
    rec = TableRecord(id="t1", game=game.id, players=2, options={}, seed=7, engine_version="1", listed=False,
                      host_hash="h" * 64, to_move=match.state.to_move, turn_started_at=time.time(),
                      seats=[SeatRecord(0, "Ana", "human", "a" * 64), SeatRecord(1, "Ben", "human", "b" * 64)])
    store.create_table(rec)
    return rec, match


def _move_op(store: Store, match: Match) -> Any:
    """The write of the first legal move at version 0 (as a server's act stores it)."""
    action = match.state.legal_actions()[0]
    after, _ = match.tentative(action)
    change = TableChange(version=1, step=1, to_move=after.to_move, terminal=False, outcome=None,
                         turn_started_at=time.time(), prev_step=0)
    return store.append_op("t1", 0, match.state.to_move or 0, action.to_json(), change)


@pytest.mark.parametrize("read", ["load", "load_after"])
def test_a_table_is_read_in_one_snapshot(pg_url: str, read: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move committed by another server between reading the table's row and its actions: the
    record read is the table before the move or after it, never the row of one and the actions of
    the other (a server holding that saw its player to move at a version the move had passed)."""
    store, other = Store.open(pg_url), Store.open(pg_url)
    try:
        _, match = _stored_table(store)
        head = store._head
        moved: list[bool] = []

        def head_then_move(conn: Any, table_id: str) -> TableRecord | None:
            found = head(conn, table_id)
            if not moved:
                other.run(_move_op(other, match))  # another server's move, committed meanwhile
                moved.append(True)
            return found

        monkeypatch.setattr(store, "_head", head_then_move)
        found = store.load("t1") if read == "load" else store.load_after("t1", 0, 0)
        assert moved and found is not None
        rec = found if isinstance(found, TableRecord) else found[0]
        assert len(rec.actions) == rec.step and rec.version == rec.step, (rec.version, rec.step, rec.actions)
        again = store.load("t1")
        assert again is not None and again.version == 1 and len(again.actions) == 1
    finally:
        store.close()
        other.close()


def test_a_change_announced_while_a_server_loads_the_table_reaches_it(pg_url: str, tmp_path: Path) -> None:
    """Server two loads a table (its second player says hello) while server one stores the first
    player's move and announces it: two hears the announcement before the table is in its memory,
    and still brings the table to that move (else its player waits for ever for a turn it has)."""
    with app_on(pg_url, tmp_path / "a") as one, app_on(pg_url, tmp_path / "b") as two:
        table = create(one, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=4)
        tid = table["table_id"]
        first = one.get(f"/api/tables/{tid}").json()["to_move"]
        secrets = [s["secret"] for s in table["seats"]]
        store = two.app.state.hub.store  # type: ignore[attr-defined]
        load = store.load
        read, go = threading.Event(), threading.Event()

        def held_load(table_id: str) -> TableRecord | None:
            found = load(table_id)
            read.set()
            assert go.wait(20)  # the load is done reading: the move lands now
            return found

        store.load = held_load
        try:
            with seated(one, tid, secrets[first]) as mover, two.websocket_connect(f"/ws/{tid}") as ws:
                ws.send_text(json.dumps({"type": "hello", "secret": secrets[1 - first]}))  # two loads the table
                assert read.wait(20)
                mover.act(mover.view["legal"][0]["action"])
                mover.until_view(1)
                time.sleep(1.5)  # two hears the announcement (it polls every 0.5 s) while still loading
                go.set()
                other = Player(ws, secrets[1 - first])
                assert other.receive()["type"] == "welcome"
                other.until("view")
                began = time.monotonic()
                while other.view["version"] < 1:  # each ping is answered, so a missing update fails, not hangs
                    assert time.monotonic() - began < 5, f"two never brought the table to the move: {other.view}"
                    time.sleep(0.2)
                    ws.send_text(json.dumps({"type": "ping", "secret": other.secret}))
                    while (message := other.receive())["type"] != "pong" and other.view["version"] < 1:
                        assert message["type"] != "error", message
                assert other.view["to_move"] == 1 - first and other.view["legal"]
                other.act(other.view["legal"][0]["action"])  # and that player's move is taken
                other.until_view(2)
                mover.until_view(2)
        finally:
            go.set()  # (a load left waiting ends with the test)
