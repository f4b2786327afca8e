"""Storage on SQLite and on a real PostgreSQL server: the schema creates and upgrades itself
without losing data, action lists are event-sourced (undone actions are kept, marked), writes are
atomic and versioned, and a whole server comes back from its database."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import create, seated, server
from sqlalchemy import Connection, func, insert, inspect, select, text

from homeroom.server.storage import (
    MIGRATIONS,
    SCHEMA_VERSION,
    SeatRecord,
    StorageError,
    Store,
    TableChange,
    TableRecord,
    actions_table,
    seats_table,
    tables_table,
)

pytestmark = pytest.mark.xdist_group("postgresql")  # one throwaway PostgreSQL server for all of them


def record(table_id: str = "t1", listed: bool = True) -> TableRecord:
    return TableRecord(
        id=table_id, game="academic-society", players=2, options={"a": 1}, seed=2**40 + 3, engine_version="1",
        listed=listed, host_hash="h" * 64, to_move=0,
        seats=[SeatRecord(0, "Ana", "human", "a" * 64), SeatRecord(1, "Ben", "greedy", None)])


def change(version: int, to_move: int | None = 0) -> TableChange:
    return TableChange(version=version, step=version, to_move=to_move, terminal=False, outcome=None,
                       turn_started_at=time.time())


def test_schema_is_created_and_reopened(db_url: str) -> None:
    store = Store.open(db_url)
    try:
        assert store.schema_version() == SCHEMA_VERSION
        store.create_table(record())
    finally:
        store.close()
    again = Store.open(db_url)
    try:
        assert again.schema_version() == SCHEMA_VERSION and again.count() == 1
    finally:
        again.close()


def test_actions_are_appended_undone_but_never_deleted(db_url: str) -> None:
    store = Store.open(db_url)
    try:
        store.create_table(record())
        for v in range(1, 6):
            store.append_action("t1", v - 1, v % 2, {"type": "Move", "n": v}, change(v))
        store.undo_actions("t1", 3, change(6))
        store.append_action("t1", 3, 1, {"type": "Move", "n": 99}, change(7, to_move=None))
        rec = store.load("t1")
        assert rec is not None
        assert [a["action"]["n"] for a in rec.actions] == [1, 2, 3, 99]
        assert rec.version == 7 and rec.to_move is None and rec.seed == 2**40 + 3 and rec.options == {"a": 1}
        assert [(s.name, s.kind, s.secret_hash) for s in rec.seats] == [("Ana", "human", "a" * 64),
                                                                         ("Ben", "greedy", None)]
        with store.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(actions_table)).scalar_one() == 6
        # a writer that lost the race writes nothing
        with pytest.raises(StorageError, match="version"):
            store.append_action("t1", 4, 0, {"type": "Move", "n": 100}, change(7))
        loaded = store.load("t1")
        assert loaded is not None and len(loaded.actions) == 4
    finally:
        store.close()


def test_group_commit_isolates_a_failing_write(db_url: str) -> None:
    store = Store.open(db_url)
    try:
        store.create_table(record("t1"))
        store.create_table(record("t2"))
        results = store.run_batch([
            store.append_op("t1", 0, 0, {"type": "Move"}, change(1)),
            store.append_op("t1", 1, 0, {"type": "Move"}, change(5)),  # not the next version: refused
            store.append_op("t2", 0, 0, {"type": "Move"}, change(1)),
        ])
        assert results[0] is None and isinstance(results[1], StorageError) and results[2] is None
        t1, t2 = store.load("t1"), store.load("t2")
        assert t1 is not None and t2 is not None
        assert (len(t1.actions), t1.version, len(t2.actions), t2.version) == (1, 1, 1, 1)
    finally:
        store.close()


def test_lookups(db_url: str) -> None:
    store = Store.open(db_url)
    try:
        store.create_table(record("t1"))
        store.create_table(record("t2", listed=False))
        store.update_seat("t2", 0, None, claimed=True)
        found = set(store.find_secrets(["a" * 64, "h" * 64, "z" * 64]))
        assert found == {("t1", 0), ("t2", 0), ("t1", None), ("t2", None)}
        assert [r.id for r in store.summaries(listed_open=True)] == ["t1"]
        summary = store.summaries(["t2"])[0]
        assert summary.seats[0].claimed and not summary.actions
        assert store.pending_ids() == []
        store.append_action("t1", 0, 0, {"type": "Move"}, change(1, to_move=1))  # the greedy seat is next
        assert store.pending_ids() == ["t1"]
        assert store.load("missing") is None
    finally:
        store.close()


def _add_note(conn: Connection) -> None:
    conn.execute(text("ALTER TABLE tables ADD COLUMN note TEXT"))
    conn.execute(text("UPDATE tables SET note = 'upgraded'"))


def test_schema_upgrades_in_place_and_a_newer_schema_is_refused(db_url: str) -> None:
    store = Store.open(db_url)
    store.create_table(record())
    store.append_action("t1", 0, 0, {"type": "Move"}, change(1))
    store.close()
    upgraded = Store.open(db_url, {**MIGRATIONS, SCHEMA_VERSION + 1: _add_note}, target=SCHEMA_VERSION + 1)
    try:
        assert upgraded.schema_version() == SCHEMA_VERSION + 1
        rec = upgraded.load("t1")
        assert rec is not None and len(rec.actions) == 1
        with upgraded.engine.connect() as conn:
            assert conn.execute(text("SELECT note FROM tables")).scalar_one() == "upgraded"
    finally:
        upgraded.close()
    with pytest.raises(StorageError, match="newer"):
        Store.open(db_url)
    with pytest.raises(StorageError, match="no upgrade step"):
        Store.open(db_url, MIGRATIONS, target=SCHEMA_VERSION + 2)


def test_a_bad_database_url_is_one_line() -> None:
    with pytest.raises(StorageError) as err:
        Store.open("postgresql+psycopg://nobody:secret@127.0.0.1:1/none")
    assert "secret" not in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(StorageError):
        Store.open("nosuchdialect://x")


def test_a_server_comes_back_from_its_database(db_url: str) -> None:
    rng = random.Random(5)
    with server(db_url=db_url) as client:
        table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"kind": "random"}], seed=8)
        tid, secret = table["table_id"], table["seats"][0]["secret"]
        with seated(client, tid, secret) as ana:
            for _ in range(30):
                view = ana.view
                if view["to_move"] == 0 and view["legal"]:
                    ana.act(rng.choice(view["legal"])["action"])
                    ana.until_view(view["version"] + 1)
                else:
                    ana.until("view")
            while ana.view["to_move"] != 0:
                ana.until("view")
            before: dict[str, Any] = ana.view
        assert before["step"] >= 10
    with server(db_url=db_url) as client, seated(client, tid, secret) as ana:
        after = dict(ana.view)
        assert after.pop("chat") == []  # only the first view after hello carries the chat
        for view in (before, after):
            view["seats"] = [{**s, "connected": None} for s in view["seats"]]
        assert after == before


def test_idle_tables_leave_memory_and_come_back_from_the_database(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from homeroom.server.app import create_app
    from homeroom.server.config import ServerConfig

    config = ServerConfig(data_dir=tmp_path, bot_workers=1, max_cached_tables=2)
    with TestClient(create_app(config)) as client:
        made = [create(client, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=i) for i in range(4)]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert len(hub.tables) == 2  # the two oldest idle tables were dropped from memory
        first = made[0]
        with seated(client, first["table_id"], first["seats"][0]["secret"]) as ana:
            assert ana.view["step"] == 0 and ana.view["seats"][0]["name"] == "Ana"
        assert first["table_id"] in hub.tables


@pytest.mark.parametrize("seed", [0, 2**31, 2**63 - 1, 2**63, 2**64 - 1])
def test_64_bit_seeds_are_stored_exactly(db_url: str, seed: int) -> None:
    """Server seeds have 64 random bits; a BIGINT column is signed, so the top half is stored
    wrapped and read back as it was."""
    store = Store.open(db_url)
    try:
        rec = record()
        rec.seed, rec.seed_chosen = seed, seed == 0
        store.create_table(rec)
        loaded = store.load("t1")
        assert loaded is not None and loaded.seed == seed and loaded.seed_chosen == (seed == 0)
        with pytest.raises(StorageError, match="seed"):
            store.create_table(TableRecord(**{**record("t2").__dict__, "seed": 2**64}))
    finally:
        store.close()


def test_a_failed_write_never_prints_its_values(db_url: str) -> None:
    """SQLAlchemy puts a statement's parameters in its errors; a table's seed is one of them, and
    an error ends up in the server log."""
    store = Store.open(db_url)
    try:
        rec = record()
        rec.seed = 2**62 + 12345
        store.create_table(rec)
        with pytest.raises(Exception) as err:
            store.create_table(rec)  # the same id again
        assert str(rec.seed) not in str(err.value) and "hidden" in str(err.value)
    finally:
        store.close()


def _create_v1_schema(conn: Connection) -> None:
    """Schema 1 as it was: tables without ``seed_chosen`` (nor ``archived_at``), seats without ``open``."""
    MIGRATIONS[1](conn)
    conn.execute(text('ALTER TABLE seats DROP COLUMN "open"'))
    conn.execute(text("ALTER TABLE tables DROP COLUMN seed_chosen"))
    conn.execute(text("ALTER TABLE tables DROP COLUMN archived_at"))


def test_a_schema_1_database_upgrades_with_its_seats_invited(db_url: str) -> None:
    """Schema 2 adds two columns in place: the stored tables read as seeds not chosen, their seats
    as invited (a stranger never gets a seat that was meant for a link)."""
    old = Store.open(db_url, {1: _create_v1_schema}, target=1)
    try:
        with old.engine.begin() as conn:
            conn.execute(insert(tables_table).values(
                id="t1", game="academic-society", players=2, options="{}", seed=1, engine_version="1",
                listed=True, host_hash="h" * 64, version=0, step=0, to_move=0, terminal=False,
                turn_started_at=1.0, created_at=1.0, updated_at=1.0))
            conn.execute(insert(seats_table), [
                {"table_id": "t1", "seat": 0, "name": "Ana", "kind": "human", "secret_hash": "a" * 64,
                 "claimed": False, "clock_ms": None},
                {"table_id": "t1", "seat": 1, "name": "Ben", "kind": "human", "secret_hash": "b" * 64,
                 "claimed": False, "clock_ms": None}])
    finally:
        old.close()
    store = Store.open(db_url)
    try:
        assert store.schema_version() == SCHEMA_VERSION == 5
        rec = store.load("t1")
        assert rec is not None and [s.open for s in rec.seats] == [False, False]  # invited: link only
        assert rec.seed == 1 and rec.seed_chosen is False
        assert [r.id for r in store.summaries(listed_open=True)] == ["t1"]
        assert store.summaries(listed_open=True, free_seat=True) == []  # nothing for the lobby to offer
        store.update_seat("t1", 1, None, open=True)
        assert [r.id for r in store.summaries(listed_open=True, free_seat=True)] == ["t1"]
    finally:
        store.close()


def _create_v2_schema(conn: Connection) -> None:
    """Schema 2 as it was: tables without ``archived_at``, and no ``chat`` table."""
    MIGRATIONS[1](conn)
    conn.execute(text("ALTER TABLE tables DROP COLUMN archived_at"))


def test_a_schema_2_database_upgrades_to_chat_and_archiving(db_url: str) -> None:
    """Schema 3 adds the chat table and ``tables.archived_at``: stored tables come back live (not
    archived, still listed) with an empty chat, and take chat lines (the oldest dropped past the keep)."""
    old = Store.open(db_url, {1: _create_v2_schema, 2: MIGRATIONS[2]}, target=2)
    try:
        assert "chat" not in inspect(old.engine).get_table_names()
        with old.engine.begin() as conn:
            conn.execute(insert(tables_table).values(
                id="t1", game="academic-society", players=2, options="{}", seed=1, engine_version="1",
                listed=True, host_hash="h" * 64, version=0, step=0, to_move=0, terminal=False,
                turn_started_at=1.0, created_at=1.0, updated_at=1.0))
            conn.execute(insert(seats_table), [
                {"table_id": "t1", "seat": 0, "name": "Ana", "kind": "human", "secret_hash": "a" * 64,
                 "claimed": True, "clock_ms": None, "open": False}])
    finally:
        old.close()
    store = Store.open(db_url)
    try:
        assert store.schema_version() == SCHEMA_VERSION == 5
        rec = store.load("t1")
        assert rec is not None and rec.archived_at is None and rec.chat == []
        assert [r.id for r in store.summaries(listed_open=True)] == ["t1"]
        for n in range(4):
            store.add_chat("t1", 0, "seat", "Ana", f"line {n}", keep=3)
        rec = store.load("t1")
        assert rec is not None and [c.text for c in rec.chat] == ["line 1", "line 2", "line 3"]
        assert store.archive_idle(before=2.0) == ["t1"] and store.archive_idle(before=2.0) == []
        assert store.summaries(listed_open=True) == [] and store.summaries(["t1"]) == []
        assert store.delete_table("t1") and store.load("t1") is None and not store.delete_table("t1")
    finally:
        store.close()


def test_a_schema_3_database_upgrades_to_stored_analyses(db_url: str) -> None:
    """Schema 4 adds the ``analyses`` table: stored tables have none, take one, keep it on reopening,
    and lose it with the table."""
    old = Store.open(db_url, {n: MIGRATIONS[n] for n in (1, 2, 3)}, target=3)
    try:
        old.create_table(record())
        assert not inspect(old.engine).has_table("analyses")
    finally:
        old.close()
    store = Store.open(db_url)
    try:
        assert store.schema_version() == SCHEMA_VERSION == 5
        assert store.analysis("t1") is None
        store.save_analysis("t1", "running", {"iterations": 10, "decisions": 3})
        store.touch_analysis("t1", 2)
        assert store.analysis("t1")["done"] == 2  # type: ignore[index]
        store.save_analysis("t1", "done", {"iterations": 10, "decisions": 3}, {"decisions": [1, 2, 3]}, done=3)
    finally:
        store.close()
    again = Store.open(db_url)
    try:
        row = again.analysis("t1")
        assert row is not None and row["status"] == "done" and row["result"] == {"decisions": [1, 2, 3]}
        again.touch_analysis("t1", 0)  # only a running row takes progress
        assert again.analysis("t1")["done"] == 3  # type: ignore[index]
        assert again.delete_table("t1") and again.analysis("t1") is None
    finally:
        again.close()


def _create_v4_schema(conn: Connection) -> None:
    """Schema 4 as it was: tables without ``data_set`` and ``data_digest``."""
    MIGRATIONS[1](conn)
    conn.execute(text("ALTER TABLE tables DROP COLUMN data_set"))
    conn.execute(text("ALTER TABLE tables DROP COLUMN data_digest"))


def test_a_schema_4_database_upgrades_to_tables_with_their_data_set(db_url: str) -> None:
    """Schema 5 adds ``tables.data_set`` and ``tables.data_digest`` (issue 37): stored tables read as
    played with the packaged data; a new table keeps its data set's name and digest across a reopening."""
    old = Store.open(db_url, {1: _create_v4_schema, **{n: MIGRATIONS[n] for n in (2, 3, 4)}}, target=4)
    try:
        assert "data_set" not in {c["name"] for c in inspect(old.engine).get_columns("tables")}
        with old.engine.begin() as conn:
            conn.execute(insert(tables_table).values(
                id="t1", game="academic-society", players=2, options="{}", seed=1, engine_version="1",
                listed=True, host_hash="h" * 64, version=0, step=0, to_move=0, terminal=False,
                turn_started_at=1.0, created_at=1.0, updated_at=1.0))
    finally:
        old.close()
    store = Store.open(db_url)
    try:
        assert store.schema_version() == SCHEMA_VERSION == 5
        rec = store.load("t1")
        assert rec is not None and rec.data_set is None and rec.data_digest is None
        mine = record("t2")
        mine.data_set, mine.data_digest = "my-cards", "0123456789ab"
        store.create_table(mine)
    finally:
        store.close()
    again = Store.open(db_url)
    try:
        rec = again.load("t2")
        assert rec is not None and (rec.data_set, rec.data_digest) == ("my-cards", "0123456789ab")
        assert [(r.id, r.data_set) for r in again.summaries(["t1", "t2"])] == [("t2", "my-cards"), ("t1", None)]
    finally:
        again.close()
