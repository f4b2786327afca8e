"""The server core under contention (issue 34, written before the hub was split by job so the split
keeps the behaviour): two moves racing at one table, a human racing a bot and a clock, a bot that
resumes after a restart, eviction of tables in use, and the size of views."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bot_hooks
import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create, seated

from homeroom import games
from homeroom.server.app import create_app
from homeroom.server.config import ServerConfig
from homeroom.server.live import rebuild


@pytest.fixture
def test_kinds() -> Iterator[None]:
    bot_hooks.register()
    yield
    bot_hooks.unregister()


def app(data: Path, **settings: Any) -> TestClient:
    return TestClient(create_app(ServerConfig(data_dir=data, bot_workers=1, **settings)))


def stored_equals_memory(client: TestClient, table_id: str) -> Any:
    """The stored table replays, and the live table holds exactly what is stored."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rec = hub.store.load(table_id)
    assert rec is not None
    match = rebuild(games.get(rec.game), rec)
    live = hub.tables.get(table_id)
    if live is not None:
        assert live.version == rec.version and len(live.match.history) == rec.step == len(match.history)
        assert [e.action for e in live.match.history] == [e.action for e in match.history]
        assert [s.kind for s in live.rec.seats] == [s.kind for s in rec.seats]
    return rec


def test_two_moves_racing_at_one_table_one_wins(tmp_path: Path) -> None:
    """Two connections of one seat send a move for the same version at once: exactly one is
    played, the other is refused (stale), and both then hold the same new position."""
    with app(tmp_path) as client:
        table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=8)
        tid = table["table_id"]
        mover = client.get(f"/api/tables/{tid}").json()["to_move"]
        secret = table["seats"][mover]["secret"]
        for _ in range(3):
            with seated(client, tid, secret) as one, seated(client, tid, secret) as two:
                version = one.view["version"]
                if one.view["to_move"] != mover:
                    break
                legal = one.view["legal"]
                one.act(legal[0]["action"], version)
                two.act(legal[-1]["action"], version)
                one.until_view(version + 1)
                two.until_view(version + 1)
                rec = stored_equals_memory(client, tid)
                assert rec.version == version + 1  # one move, not two
                played = rec.actions[-1]["action"]
                assert played in (legal[0]["action"], legal[-1]["action"])
                loser = two if played == legal[0]["action"] else one
                assert loser.until("error")["code"] == "stale"
                assert one.view["step"] == two.view["step"] == rec.step


def test_a_host_taking_a_seat_back_while_its_bot_thinks_wins(tmp_path: Path, test_kinds: None) -> None:
    """The host gives a seat back to its human while the seat's bot is thinking: the bot's answer
    is for a position that moved on and is never played."""
    with app(tmp_path, bot_initializer=bot_hooks.register) as client:
        table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=8)
        tid, host = table["table_id"], {"Authorization": f"Bearer {table['host_secret']}"}
        start = client.get(f"/api/tables/{tid}").json()
        mover = start["to_move"]
        made = client.post(f"/api/tables/{tid}/seats/{mover}", json={"kind": "nap:pause=0.8"}, headers=host)
        assert made.status_code == 200, made.text
        time.sleep(0.2)  # the bot is thinking now
        back = client.post(f"/api/tables/{tid}/seats/{mover}", json={"kind": "human"}, headers=host)
        assert back.status_code == 200, back.text
        time.sleep(1.5)  # its think is over
        now = client.get(f"/api/tables/{tid}").json()
        assert now["step"] == start["step"] and now["version"] == start["version"] + 2
        rec = stored_equals_memory(client, tid)
        assert rec.seats[mover].kind == "human"


def test_a_move_racing_the_clock_is_either_played_or_timed_out(tmp_path: Path) -> None:
    """A player moves just as their clock runs out: either the move is played (and the seat is
    still theirs) or the seat went to the timeout bot first (and the move is refused); never both,
    and memory is what is stored either way."""
    outcomes = set()
    with app(tmp_path) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        for attempt in range(6):
            table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=attempt,
                           clock={"initial_seconds": 600})
            tid = table["table_id"]
            mover = client.get(f"/api/tables/{tid}").json()["to_move"]
            with seated(client, tid, table["seats"][mover]["secret"]) as player:
                version = player.view["version"]
                live = hub.tables[tid]
                # the clock runs out a few milliseconds from now, as the move arrives
                live.rec.turn_started_at = time.time() - (live.rec.seats[mover].clock_ms or 0) / 1000 + 0.003 * attempt
                client.portal.call(hub._schedule, live)  # type: ignore[union-attr]
                player.act(player.view["legal"][0]["action"], version)
                message = player.receive()
                while message["type"] not in ("error", "view") or (message["type"] == "view"
                                                                   and message["version"] == version):
                    message = player.receive()
                rec = stored_equals_memory(client, tid)
                if message["type"] == "error":
                    assert message["code"] in ("forbidden", "stale"), message
                    assert rec.seats[mover].kind == "greedy" and rec.version >= version + 1
                    outcomes.add("timed out")
                else:
                    played = [e for e in rec.actions if e["seat"] == mover]
                    assert rec.version >= version + 1
                    if rec.seats[mover].kind == "human":
                        assert played
                        outcomes.add("played")
                    else:
                        outcomes.add("played, then timed out")
    assert outcomes  # at least one attempt ran to an outcome


def test_a_bot_resumes_after_a_restart_before_it_moved(tmp_path: Path) -> None:
    """The server stops while a bot is waiting to move (nothing of its move stored): the next start
    brings the table back and the bot moves, once."""
    with app(tmp_path, bot_delay=60.0) as client:
        table = create(client, "academic-society", 2, [{"kind": "random"}, {"kind": "random"}], seed=2)
        tid = table["table_id"]
        before = client.get(f"/api/tables/{tid}").json()
        time.sleep(0.2)
        assert client.get(f"/api/tables/{tid}").json()["step"] == before["step"]  # still waiting
    with app(tmp_path, bot_delay=0.3) as client:
        for _ in range(100):
            now = client.get(f"/api/tables/{tid}").json()
            if now["step"] > before["step"]:
                break
            time.sleep(0.05)
        assert now["step"] > before["step"], "the bot did not resume"
        stored_equals_memory(client, tid)


def test_eviction_keeps_tables_in_use_and_reloads_the_others(tmp_path: Path) -> None:
    """With room for one table in memory, a table with a connection or a thinking bot is never
    dropped (its live object and its connections go on); an idle one is dropped and loads again
    from the database unchanged."""
    with app(tmp_path, max_cached_tables=1, bot_delay=0.05) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        used = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=4)
        uid = used["table_id"]
        mover = client.get(f"/api/tables/{uid}").json()["to_move"]
        with seated(client, uid, used["seats"][mover]["secret"]) as player:
            live = hub.tables[uid]
            idle = create(client, "academic-society", 2, [{"name": "Cy"}, {"name": "Di"}], seed=5)
            bots = create(client, "academic-society", 2, [{"kind": "random"}, {"kind": "random"}], seed=6)
            assert hub.tables.get(uid) is live  # connected: kept
            assert idle["table_id"] not in hub.tables  # idle: dropped
            version = player.view["version"]
            player.act(player.view["legal"][0]["action"])
            player.until_view(version + 1)  # the connection still gets its table's changes
            stored_equals_memory(client, uid)
            # the idle table comes back from the database as it was stored
            again = client.get(f"/api/tables/{idle['table_id']}").json()
            assert again["version"] == 0 and again["step"] == 0
            assert hub.tables.get(uid) is live
        for _ in range(200):  # the bots' table, dropped or not, plays on to the end
            summary = client.get(f"/api/tables/{bots['table_id']}").json()
            if summary["terminal"]:
                break
            time.sleep(0.05)
        assert summary["terminal"], "the bot table stopped"
        stored_equals_memory(client, bots["table_id"])


def test_view_sizes_and_replay_steps_are_bounded(client: TestClient) -> None:
    """A whole game's views stay far below the 1 MiB a socket message may be, the replay of any
    step is the view of that step, and a step out of range is a one-line 404."""
    table = create(client, "class-of-89", 2, [{"name": "Ana"}, {"kind": "random"}], seed=11)
    tid, secret = table["table_id"], table["seats"][0]["secret"]
    rng = random.Random(3)
    largest = 0
    with seated(client, tid, secret) as ana:
        while not ana.view["terminal"]:
            if ana.view["to_move"] == 0 and ana.view["legal"]:
                ana.act(rng.choice(ana.view["legal"])["action"])
                ana.until_view(ana.view["version"] + 1)
            else:
                ana.until("view")
        largest = max(len(m) for m in ana.messages)
        final: Player = ana
    assert largest < 96 * 1024, f"a message of {largest} bytes"
    steps = final.view["step"]
    auth = {"Authorization": f"Bearer {secret}"}
    for step in (0, steps // 2, steps):
        past = client.get(f"/api/tables/{tid}/view", params={"step": step}, headers=auth)
        assert past.status_code == 200, past.text
        assert past.json()["step"] == step and len(past.content) < 96 * 1024
        assert all(line["step"] <= step for line in past.json()["log"])
    for step in (-1, steps + 1, 10**9):
        bad = client.get(f"/api/tables/{tid}/view", params={"step": step}, headers=auth)
        assert bad.status_code == 404 and "\n" not in json.dumps(bad.json()["error"])
