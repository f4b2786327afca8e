"""Announcements of committed changes for other server processes (issue 34): on PostgreSQL every
versioned write sends ``<table id>:<version>`` on commit, and nothing for a write that is refused;
SQLite announces nothing (and a listener refuses it in one line)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from homeroom.server.notify import Listener, parse
from homeroom.server.storage import SeatRecord, StorageError, Store, TableChange, TableRecord


def _table(store: Store) -> None:
    store.create_table(TableRecord(id="t1", game="academic-society", players=2, options={}, seed=1,
                                   engine_version="1", listed=True, host_hash="h" * 64, to_move=0,
                                   seats=[SeatRecord(0, "Ana", "human", "a" * 64),
                                          SeatRecord(1, "Ben", "human", None)]))


def _change(version: int, step: int) -> TableChange:
    return TableChange(version=version, step=step, to_move=0, terminal=False, outcome=None,
                       turn_started_at=time.time(), prev_step=step - 1)


def test_a_committed_write_is_announced_and_a_refused_one_is_not(pg_url: str) -> None:
    url = pg_url
    store = Store.open(url)
    listener = Listener(url)
    try:
        _table(store)
        store.append_action("t1", 0, 0, {"type": "x"}, _change(1, 1))
        with pytest.raises(StorageError):  # a stale write: refused, never announced
            store.append_action("t1", 0, 0, {"type": "x"}, _change(1, 1))
        store.run_batch([store.append_op("t1", 1, 0, {"type": "y"}, _change(2, 2))])
        heard = list(listener.poll(1.0))
        assert heard == [("t1", 1, None), ("t1", 2, None)]
    finally:
        listener.close()
        store.close()


def test_sqlite_announces_nothing_and_a_listener_needs_postgresql(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'h.db'}"
    store = Store.open(url)
    _table(store)
    store.append_action("t1", 0, 0, {"type": "x"}, _change(1, 1))  # no NOTIFY on SQLite: no error
    store.close()
    with pytest.raises(ValueError, match="need PostgreSQL, not sqlite"):
        Listener(url)
    assert parse("t1:7") == ("t1", 7) and parse("garbage") is None and parse("a:b") is None
