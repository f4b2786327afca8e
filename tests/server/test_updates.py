"""Small updates (issue 34): a connection gets the whole view (the sync) when it connects and
after a ``stale`` error, and after that only what changed (``update``): the new log lines, and the
other view fields whose value changed. Applying the updates gives exactly the view the server
would send whole."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import create, seated

from homeroom.server.protocol import Update, View
from homeroom.server.updates import apply_update, view_update

CONNECTION = ("seats", "chat")
"""Fields that differ between two connections by who is connected (not by the game)."""


def _same_game(held: dict[str, Any], whole: dict[str, Any]) -> None:
    for key in set(held) | set(whole):
        if key not in CONNECTION:
            assert held.get(key) == whole.get(key), key


def test_after_the_sync_only_changes_are_sent_and_they_add_up_to_the_view(client: TestClient) -> None:
    table = create(client, "class-of-89", 2, [{"name": "Ana"}, {"kind": "random"}], seed=21)
    tid, secret = table["table_id"], table["seats"][0]["secret"]
    rng = random.Random(5)
    with seated(client, tid, secret) as ana, seated(client, tid, None) as watcher:
        assert json.loads(watcher.messages[-1])["type"] == "view"  # the sync
        checked = 0
        while not ana.view["terminal"]:
            if ana.view["to_move"] == 0 and ana.view["legal"]:
                ana.act(rng.choice(ana.view["legal"])["action"])
                ana.until_view(ana.view["version"] + 1)
            else:
                ana.until("view")
            if checked < 40 and not ana.view["terminal"]:
                watcher.until_view(ana.view["version"])
                if watcher.view["version"] == ana.view["version"]:
                    whole = client.get(f"/api/tables/{tid}/view").json()
                    if whole["version"] == watcher.view["version"]:
                        _same_game(watcher.view, whole)
                        checked += 1
        watcher.until_view(ana.view["version"])
        raw = [json.loads(m) for m in watcher.messages]
        updates = [m for m in raw if m["type"] == "update"]
        assert updates, "no update was sent"
        assert [m["type"] for m in raw].count("view") == 1  # the sync only
        for update in updates:
            Update.model_validate(update)
            assert "log" not in update or update["log_from"] > 0  # only the new lines of the log
        whole_bytes = sum(len(json.dumps(v, separators=(",", ":"))) for v in _replayed(raw))
        sent_bytes = sum(len(m) for m in watcher.messages)
        assert sent_bytes < whole_bytes * 0.5, (sent_bytes, whole_bytes)
        final = watcher.view
    assert checked >= 10
    with seated(client, tid, None) as late:  # a reconnect gets the whole view again
        View.model_validate(late.view)
        _same_game(final, late.view)


def _replayed(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each view the client held, as a whole view would have carried it."""
    held: dict[str, Any] = {}
    out = []
    for message in raw:
        if message["type"] == "view":
            held = message
        elif message["type"] == "update":
            held = apply_update(held, message)
        else:
            continue
        out.append(held)
    return out


def test_an_undo_sends_the_log_from_where_it_changed(client: TestClient) -> None:
    table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
    tid = table["table_id"]
    with seated(client, tid, table["seats"][0]["secret"]) as ana, \
            seated(client, tid, table["seats"][1]["secret"]) as ben, seated(client, tid, None) as watcher:
        players = (ana, ben)
        for _ in range(400):
            me = players[ana.view["to_move"]]
            version = me.view["version"]
            me.act(me.view["legal"][0]["action"])
            me.until_view(version + 1)
            for other in players:
                other.until_view(version + 1)
            if me.view["can_undo"]:
                break
        else:
            raise AssertionError("no undoable move")
        before = len(me.view["log"])
        me.send({"type": "undo", "version": me.view["version"]})
        me.until_view(me.view["version"] + 1)
        update = json.loads(me.messages[-1])
        assert update["type"] == "update" and update["log_from"] < before and len(me.view["log"]) < before
        watcher.until_view(me.view["version"])
        whole = client.get(f"/api/tables/{tid}/view").json()
        _same_game(watcher.view, whole)


def test_any_changed_field_is_carried_and_applies_back() -> None:
    """A field the update code does not know (a view field added later) is carried when it
    changes, and set to null when it is gone; applying the update gives the new view."""
    old = {"type": "view", "version": 3, "step": 2, "log": [{"step": 0, "text": "a"}], "x": 1}
    new = {"type": "view", "version": 4, "step": 3, "log": [{"step": 0, "text": "a"}, {"step": 3, "text": "b"}],
           "x": 1, "warnings": ["new field"]}
    update = view_update(old, new)
    assert update == {"type": "update", "version": 4, "step": 3, "warnings": ["new field"], "log_from": 1,
                      "log": [{"step": 3, "text": "b"}]}  # any changed field is carried, unknown ones too
    assert apply_update(old, update) == new
    gone = view_update(new, old)
    assert gone["warnings"] is None and gone["log_from"] == 1 and gone["log"] == []


def test_stale_answers_with_a_sync(client: TestClient) -> None:
    table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=6)
    tid = table["table_id"]
    mover = client.get(f"/api/tables/{tid}").json()["to_move"]
    with seated(client, tid, table["seats"][mover]["secret"]) as me:
        me.act(me.view["legal"][0]["action"], me.view["version"] + 5)
        assert me.until("error")["code"] == "stale"
        message = me.receive()
        assert json.loads(me.messages[-1])["type"] == "view" and message["version"] == me.view["version"]
