"""Several servers on one PostgreSQL database, the work behind them (issue 34): a server that hears
of another's change plays only the actions after the ones it holds (the whole table only after an
undo reaching them); the notices a change sends reach the viewers on other servers; undo's check
and a ``policy:`` seat's model load stay off the event loop (the model loaded once per process)."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import TEST_LIMITS, Player, app_on, create, seated

from homeroom import agents
from homeroom.agents.base import Agent
from homeroom.engine.match import Match
from homeroom.server import bots
from homeroom.server.app import create_app
from homeroom.server.config import ServerConfig


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Counts of the engine work done: decisions played (:meth:`Match.play`) and matches started
    from the seed (:meth:`Match.start`, a whole rebuild)."""
    counts = {"plays": 0, "starts": 0}
    play, start = Match.play, Match.start.__func__  # type: ignore[attr-defined]

    def counted_play(self: Match, *args: Any, **kw: Any) -> Any:
        counts["plays"] += 1
        return play(self, *args, **kw)

    def counted_start(cls: type[Match], *args: Any, **kw: Any) -> Match:
        counts["starts"] += 1
        result: Match = start(cls, *args, **kw)
        return result

    monkeypatch.setattr(Match, "play", counted_play)
    monkeypatch.setattr(Match, "start", classmethod(counted_start))
    yield counts


def _move(me: Player, others: list[Player], index: int = 0) -> None:
    version = me.view["version"]
    me.act(me.view["legal"][index]["action"])
    for player in (me, *others):
        player.until_view(version + 1)


@contextmanager
def within(player: Player, seconds: float) -> Iterator[None]:
    """Make ``player``'s receiving fail after ``seconds`` instead of waiting for ever (a message
    that never comes fails the test rather than hanging it)."""
    import anyio

    ws = player.ws
    deadline = time.monotonic() + seconds

    async def timed() -> Any:
        with anyio.fail_after(max(0.01, deadline - time.monotonic())):
            return await ws._send_rx.receive()

    ws.receive = lambda: ws.portal.call(timed)  # type: ignore[method-assign]
    try:
        yield
    except TimeoutError:
        raise AssertionError(f"nothing more came within {seconds:g} s") from None
    finally:
        del ws.receive


def _notice(viewer: Player, words: str) -> str:
    """The next notice holding ``words`` within 10 s (earlier notices are passed over)."""
    with within(viewer, 10):
        for _ in range(50):
            text: str = viewer.until("notice")["text"]
            if words in text:
                return text
    raise AssertionError(f"no notice with {words!r}")


def test_a_catch_up_after_one_move_plays_one_action(pg_url: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    with app_on(pg_url, tmp_path / "a") as one, app_on(pg_url, tmp_path / "b") as two:
        table = create(one, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
        tid = table["table_id"]
        secrets = [s["secret"] for s in table["seats"]]
        with seated(one, tid, secrets[0]) as ana, seated(two, tid, secrets[1]) as ben, \
                seated(two, tid, None) as watcher:
            players = (ana, ben)
            for _ in range(6):
                me = players[ana.view["to_move"]]
                _move(me, [p for p in (ana, ben, watcher) if p is not me])
            with counted(monkeypatch) as counts:
                for _ in range(4):  # through either server: the other plays that one action
                    me = players[ana.view["to_move"]]
                    before = dict(counts)
                    _move(me, [p for p in (ana, ben, watcher) if p is not me])
                    assert counts["starts"] == before["starts"], "the whole table was rebuilt"
                    assert counts["plays"] - before["plays"] == 1, counts
            held = [c.app.state.hub.tables[tid] for c in (one, two)]  # type: ignore[attr-defined]
            assert [len(t.match.history) for t in held] == [ana.view["step"]] * 2
            assert held[0].match.log() == held[1].match.log()
            assert [len(p.view["log"]) for p in (ana, ben, watcher)] == [len(ana.view["log"])] * 3
            # an undo takes back an action the other server holds: it reads the whole table again
            for _ in range(400):
                me = players[ana.view["to_move"]]
                if me.view["can_undo"]:
                    break
                _move(me, [p for p in (ana, ben, watcher) if p is not me])
            else:
                raise AssertionError("no undoable move")
            other = ben if me is ana else ana
            with counted(monkeypatch) as counts:
                version = me.view["version"]
                me.send({"type": "undo", "version": version})
                for player in (me, other, watcher):
                    player.until_view(version + 1)
                assert counts["starts"] >= 1
            assert other.view["step"] == me.view["step"] and len(other.view["log"]) == len(me.view["log"])
            assert held[0].match.log() == held[1].match.log()


def test_notices_reach_the_viewers_on_other_servers(pg_url: str, tmp_path: Path) -> None:
    with app_on(pg_url, tmp_path / "a") as one, app_on(pg_url, tmp_path / "b") as two:
        table = create(one, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=3,
                       clock={"initial_seconds": 30, "increment_seconds": 5})
        tid, host = table["table_id"], table["host_secret"]
        secrets = [s["secret"] for s in table["seats"]]
        with seated(one, tid, secrets[0]) as ana, seated(two, tid, secrets[1]) as ben, \
                seated(two, tid, None) as watcher:
            # the host hands Ben's seat to a bot through server one: Ben, on server two, is told
            response = one.post(f"/api/tables/{tid}/seats/1", json={"kind": "random"},
                                headers={"Authorization": f"Bearer {host}"})
            assert response.status_code == 200, response.text
            for viewer in (ben, watcher):
                _notice(viewer, "handed Ben's seat to a bot")
            one.post(f"/api/tables/{tid}/seats/1", json={"kind": "human"},
                     headers={"Authorization": f"Bearer {host}"})
            _notice(ben, "has the seat back")
            ben.until_view(one.get(f"/api/tables/{tid}").json()["version"])
            ana.until_view(ben.view["version"])
            # a clock runs out on the server holding the table's lease: both servers' viewers hear it
            waiting = ana.view["to_move"]
            for client in (one, two):
                hub = client.app.state.hub  # type: ignore[attr-defined]
                live = hub.tables[tid]
                live.rec.turn_started_at -= 3600
                client.portal.call(hub._schedule, live)  # type: ignore[union-attr]
            name = ("Ana", "Ben")[waiting]
            for viewer in (ana, ben, watcher):
                _notice(viewer, f"{name} ran out of time")


def test_an_undo_and_a_rematch_are_told_on_other_servers(pg_url: str, tmp_path: Path) -> None:
    with app_on(pg_url, tmp_path / "a") as one, app_on(pg_url, tmp_path / "b") as two:
        table = create(one, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
        tid = table["table_id"]
        secrets = [s["secret"] for s in table["seats"]]
        with seated(one, tid, secrets[0]) as ana, seated(two, tid, secrets[1]) as ben, \
                seated(two, tid, None) as watcher:
            for _ in range(400):
                if ana.view["to_move"] == 0 and ana.view["can_undo"]:
                    break
                me = (ana, ben)[ana.view["to_move"]]
                _move(me, [p for p in (ana, ben, watcher) if p is not me])
            else:
                raise AssertionError("no undoable move for Ana")
            version = ana.view["version"]
            ana.send({"type": "undo", "version": version})
            for viewer in (ana, ben, watcher):  # in the words each of them read
                _notice(viewer, "Ana took back")
                viewer.until_view(version + 1)
            # play to the end through both servers, then a rematch through server one
            while not ana.view["terminal"]:
                me = (ana, ben)[ana.view["to_move"]]
                _move(me, [p for p in (ana, ben, watcher) if p is not me])
            first = one.post(f"/api/tables/{tid}/rematch", headers={"Authorization": f"Bearer {secrets[0]}"})
            rematch = first.json()["table_id"]
            _notice(ben, f"table {rematch}")
            with within(ben, 5):
                while ben.view.get("rematch") != rematch:
                    ben.receive()


def test_undo_s_check_runs_off_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table loaded from the database (after a restart) works out its undo flags in the loading
    thread: neither the first view of its player nor the undo replays the game on the loop."""
    config = ServerConfig(data_dir=tmp_path, bot_workers=1, limits=TEST_LIMITS)
    with TestClient(create_app(config)) as client:
        table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
        tid = table["table_id"]
        secrets = [s["secret"] for s in table["seats"]]
        with seated(client, tid, secrets[0]) as ana, seated(client, tid, secrets[1]) as ben:
            for _ in range(400):
                me = (ana, ben)[ana.view["to_move"]]
                if me.view["can_undo"] and me.view["step"] > 20:
                    break
                _move(me, [ben if me is ana else ana])
            else:
                raise AssertionError("no undoable move")
            mover = ana.view["to_move"]
    checks: list[tuple[int, bool]] = []
    check_tail = Match.check_tail

    def watched(self: Match) -> None:
        checks.append((threading.get_ident(), self._tail is not None))
        check_tail(self)

    monkeypatch.setattr(Match, "check_tail", watched)
    with TestClient(create_app(config)) as client:  # a restart: the table is loaded again

        async def loop_thread() -> int:
            return threading.get_ident()

        loop = client.portal.call(loop_thread)  # type: ignore[union-attr]
        with seated(client, tid, secrets[mover]) as me:
            assert me.view["can_undo"]
            version = me.view["version"]
            me.send({"type": "undo", "version": version})
            me.until_view(version + 1)
    assert any(working for _, working in checks), "the test did not exercise the check"
    assert not [c for c in checks if c == (loop, True)], "undo's check replayed the game on the event loop"


class _SlowPolicy(Agent):
    """A stand-in for a trained policy: loading it takes a while; it plays the first legal move."""

    loads: list[int] = []

    def __init__(self, path: str = "", seed: int = 0) -> None:
        time.sleep(0.2)
        _SlowPolicy.loads.append(threading.get_ident())
        self.name = "policy"

    def check_table(self, game_id: str, players: int) -> None:
        return None

    def choose(self, state: Any, seat: int) -> Any:
        return state.legal_actions()[0]


def test_a_policy_seat_loads_its_model_off_the_loop_and_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "policies"
    folder.mkdir()
    (folder / "p.zip").write_bytes(b"model")
    monkeypatch.setenv(bots.POLICY_DIR, str(folder))
    monkeypatch.setitem(agents.KINDS, "policy", _SlowPolicy)
    monkeypatch.setattr(bots, "_policies", OrderedDict(), raising=False)  # nothing kept from other tests
    _SlowPolicy.loads = []
    with TestClient(create_app(ServerConfig(data_dir=tmp_path / "d", bot_workers=1, limits=TEST_LIMITS))) as client:

        async def loop_thread() -> int:
            return threading.get_ident()

        loop = client.portal.call(loop_thread)  # type: ignore[union-attr]
        for seed in (1, 2):
            create(client, "academic-society", 2, [{"name": "Ana"}, {"kind": "policy:p.zip"}], seed=seed)
        assert _SlowPolicy.loads and loop not in _SlowPolicy.loads, "the model was loaded on the event loop"
        assert len(_SlowPolicy.loads) == 1, "the model was loaded again for the second table"
    # a bot worker keeps its agents too: one load for every think of the seat
    from homeroom import games

    state = games.get("academic-society").new_state(2, 5)
    spec = bots.runnable("policy:p.zip")
    for seed in range(3):
        bots.think(__import__("pickle").dumps(state), state.to_move, spec, seed)
    assert len(_SlowPolicy.loads) == 1


def test_a_slow_catch_up_of_one_table_does_not_hold_up_the_others(pg_url: str, tmp_path: Path) -> None:
    """Tables are followed side by side: while server two takes seconds to read one table (bots
    playing it through server one), a move at another table still reaches its viewer there
    within a second."""
    with app_on(pg_url, tmp_path / "a") as one, app_on(pg_url, tmp_path / "b") as two:
        quick = create(one, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=2)
        slow = create(one, "academic-society", 2, [{"kind": "random"}, {"kind": "random"}], seed=1)
        store = two.app.state.hub.store  # type: ignore[attr-defined]
        load_after = store.load_after

        def slow_load_after(table_id: str, *args: Any) -> Any:
            if table_id == slow["table_id"]:
                time.sleep(3)
            return load_after(table_id, *args)

        store.load_after = slow_load_after
        secrets = [s["secret"] for s in quick["seats"]]
        with seated(two, slow["table_id"], None), seated(one, quick["table_id"], secrets[0]) as ana, \
                seated(one, quick["table_id"], secrets[1]) as ben, seated(two, quick["table_id"], None) as watcher:
            time.sleep(0.5)  # the bots moved: server two is reading the slow table
            me = (ana, ben)[ana.view["to_move"]]
            version = me.view["version"]
            me.act(me.view["legal"][0]["action"])
            began = time.perf_counter()
            with within(watcher, 2.5):
                watcher.until_view(version + 1)
            assert time.perf_counter() - began < 1.0
