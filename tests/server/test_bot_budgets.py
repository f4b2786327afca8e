"""No request can stop the server's bots (issue 30, item 4): a seat kind with an endless budget is
refused (HTTP 422), a think that overruns its deadline is abandoned and its worker replaced while
the other tables' bots go on, waiting thinks are served round-robin by table, and a stored bot
seat whose kind is no longer valid comes back as ``medium`` with a notice instead of a hang."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import bot_hooks
import pytest
from fastapi.testclient import TestClient
from server_helpers import create, seated

import fresh_loop
from homeroom import games
from homeroom.engine.match import Match, Seat
from homeroom.engine.state import State
from homeroom.server.app import create_app
from homeroom.server.bots import BotOverran, BotPool
from homeroom.server.config import ServerConfig
from homeroom.server.storage import Store


@pytest.fixture
def test_kinds() -> Iterator[None]:
    bot_hooks.register()
    yield
    bot_hooks.unregister()


@contextmanager
def app(data: Path, **settings: Any) -> Iterator[TestClient]:
    config = ServerConfig(data_dir=data, bot_workers=2, **settings)
    with TestClient(create_app(config)) as client:
        yield client


def _state() -> tuple[State, int]:
    game = games.get("academic-society")
    state = Match.start(game, 2, 1, {}, [Seat("A", "random"), Seat("B", "random")]).state
    assert state.to_move is not None
    return state, state.to_move


@pytest.mark.parametrize("kind", ["mcts:seconds=nan", "mcts:seconds=inf", "hard:seconds=1e308",
                                  "mcts:iterations=" + "1" + "0" * 30, "mcts:seconds=-1", "greedy:beam=100"])
def test_an_endless_kind_is_refused_at_a_seat_change(client: TestClient, kind: str) -> None:
    table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=3)
    host = {"Authorization": f"Bearer {table['host_secret']}"}
    response = client.post(f"/api/tables/{table['table_id']}/seats/1", json={"kind": kind}, headers=host)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert "at most" in error and "\n" not in error
    summary = client.get(f"/api/tables/{table['table_id']}").json()
    assert summary["seats"][1]["kind"] == "human" and summary["version"] == 0


def test_an_overrunning_think_is_abandoned_and_its_worker_replaced(test_kinds: None) -> None:
    state, seat = _state()

    async def main() -> None:
        pool = BotPool(2, grace=0.2, cap=2.0, initializer=bot_hooks.register)
        try:
            await pool.warm()
            before = list(pool._workers)
            began = time.perf_counter()
            stuck = asyncio.create_task(pool.choose(state, seat, "stuck", 1, key="A"))
            await asyncio.sleep(0.05)
            moves, slowest = 0, 0.0
            while not stuck.done():  # another table's bot moves meanwhile, each move at once
                t0 = time.perf_counter()
                await pool.choose(state, seat, "random", moves, key="B")
                slowest = max(slowest, time.perf_counter() - t0)
                moves += 1
            with pytest.raises(BotOverran, match="did not answer within 2 s"):
                await stuck
            took = time.perf_counter() - began
            assert 2.0 <= took < 6.0, took
            assert moves >= 10 and slowest < 1.0, (moves, slowest)
            assert pool.replaced == 1
            gone = [w for w in before if w not in pool._workers]
            assert len(gone) == 1 and not gone[0].process.is_alive()  # killed, not left thinking
            assert len(pool._workers) == 2 and all(w.process.is_alive() for w in pool._workers)
            await pool.choose(state, seat, "random", 0, key="A")  # the table's next think is served
        finally:
            pool.close()

    fresh_loop.run(main())


def test_waiting_thinks_are_served_round_robin_by_table(test_kinds: None) -> None:
    state, seat = _state()

    async def main() -> list[str]:
        pool = BotPool(1, initializer=bot_hooks.register)
        order: list[str] = []

        async def ask(name: str, pause: float) -> None:
            await pool.choose(state, seat, f"nap:pause={pause}", 0, key=name[0])
            order.append(name)

        try:
            await pool.warm()
            blocker = asyncio.create_task(ask("X", 0.4))  # holds the one worker while the others queue
            await asyncio.sleep(0.1)
            tasks = [asyncio.create_task(ask(name, 0.01)) for name in ("A1", "A2", "A3", "B1")]
            await asyncio.gather(blocker, *tasks)
        finally:
            pool.close()
        return order

    assert fresh_loop.run(main()) == ["X", "A1", "B1", "A2", "A3"]  # first come would be A1 A2 A3 B1


def test_at_most_one_think_of_a_table_at_a_time(test_kinds: None) -> None:
    state, seat = _state()

    async def main() -> list[str]:
        pool = BotPool(2, initializer=bot_hooks.register)
        order: list[str] = []

        async def ask(name: str) -> None:
            await pool.choose(state, seat, "nap:pause=0.3", 0, key=name[0])
            order.append(name)

        try:
            await pool.warm()
            await asyncio.gather(*(ask(name) for name in ("A1", "A2", "B1")))
        finally:
            pool.close()
        return order

    assert fresh_loop.run(main())[-1] == "A2"  # B1 ran beside A1; A2 waited for A1


def _step(client: TestClient, table_id: str) -> int:
    step: int = client.get(f"/api/tables/{table_id}").json()["step"]
    return step


def test_a_stuck_bot_holds_neither_the_pool_nor_its_table(tmp_path: Path, test_kinds: None) -> None:
    with app(tmp_path, bot_think_cap=4.0, bot_initializer=bot_hooks.register) as client:
        stuck = create(client, "academic-society", 2, [{"kind": "stuck"}, {"kind": "stuck"}])
        busy = create(client, "academic-society", 2, [{"kind": "random"}, {"kind": "random"}], seed=4)
        began = time.perf_counter()
        with seated(client, stuck["table_id"], None) as watcher:
            while _step(client, busy["table_id"]) < 10:  # the other table's bots play on
                assert time.perf_counter() - began < 3.5, "the other table's bots waited for the stuck one"
                time.sleep(0.05)
            assert _step(client, stuck["table_id"]) == 0
            notice = watcher.until("notice")
            assert notice["text"] == "The stuck bot did not answer within 4 s; it played a random move instead."
            assert watcher.until("view")["step"] == 1  # and the game goes on
        assert time.perf_counter() - began >= 4.0


def test_a_stored_kind_no_longer_valid_is_handed_to_medium(tmp_path: Path) -> None:
    with app(tmp_path, bot_delay=60.0) as client:  # the bots wait: the tables are stored mid-think
        bots = create(client, "academic-society", 2, [{"kind": "greedy"}, {"kind": "greedy"}], seed=1)
        for seed in range(2, 40):
            people = create(client, "academic-society", 2, [{"name": "Ana"}, {"kind": "greedy"}], seed=seed)
            if client.get(f"/api/tables/{people['table_id']}").json()["to_move"] == 0:
                break
        else:
            raise AssertionError("no seed where Ana moves first")
    url = f"sqlite:///{(tmp_path / 'homeroom.db').resolve()}"
    store = Store.open(url)
    try:  # what an older server (or a policy file removed since) leaves behind
        store.update_seat(bots["table_id"], 0, None, kind="mcts:seconds=nan")
        store.update_seat(bots["table_id"], 1, None, kind="policy:gone.zip")
        store.update_seat(people["table_id"], 1, None, kind="mcts:iterations=" + "1" + "0" * 30)
    finally:
        store.close()
    with app(tmp_path) as client:
        deadline = time.perf_counter() + 30
        while _step(client, bots["table_id"]) < 4:  # restored and playing, not stuck in a think
            assert time.perf_counter() < deadline, "the restored bots did not move"
            time.sleep(0.1)
        seats = client.get(f"/api/tables/{bots['table_id']}").json()["seats"]
        assert [s["kind"] for s in seats] == ["medium", "medium"]
        for _ in range(2):  # everyone who connects before the next change is told
            with seated(client, people["table_id"], None) as watcher:
                notices = [json.loads(m)["text"] for m in watcher.messages if '"notice"' in m]
                assert len(notices) == 1 and "cannot run on this server" in notices[0], watcher.messages
                assert "the medium bot plays the seat now" in notices[0]
        ana = people["seats"][0]["secret"]
        with seated(client, people["table_id"], ana) as player:
            version = player.view["version"]
            player.act(player.view["legal"][0]["action"])
            player.until_view(version + 1)
        with seated(client, people["table_id"], None) as late:  # after a change the notice is old news
            assert not any('"notice"' in m for m in late.messages)
    store = Store.open(url)
    try:  # the hand-over is stored
        assert [s.kind for s in store.load(bots["table_id"]).seats] == ["medium", "medium"]
        assert store.load(people["table_id"]).seats[1].kind == "medium"
    finally:
        store.close()
