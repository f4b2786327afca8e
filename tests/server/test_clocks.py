"""Per-seat clocks (off unless asked for): time runs for the seat to move, the increment is added
after its decision, and a seat out of time is handed to a bot until the host gives it back."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import create, seated


def test_no_clocks_unless_asked(client: TestClient) -> None:
    table = create(client, "academic-society", 2)
    assert client.get(f"/api/tables/{table['table_id']}").json()["clock"] is None
    with seated(client, table["table_id"], table["seats"][0]["secret"]) as ana:
        assert all(s["clock"] is None for s in ana.view["seats"])


def test_clock_runs_adds_increment_and_times_out_to_a_bot(client: TestClient) -> None:
    table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=3,
                   clock={"initial_seconds": 30, "increment_seconds": 5})
    tid = table["table_id"]
    host = {"Authorization": f"Bearer {table['host_secret']}"}
    with seated(client, tid, table["seats"][0]["secret"]) as ana, seated(client, tid, table["seats"][1]["secret"]) as ben:
        players = [ana, ben]
        seat = ana.view["to_move"]
        clocks = ana.view["seats"]
        assert clocks[seat]["clock"]["running"] and not clocks[1 - seat]["clock"]["running"]
        assert 25_000 < clocks[seat]["clock"]["remaining_ms"] <= 30_000
        mover = players[seat]
        version = mover.view["version"]
        mover.act(mover.view["legal"][0]["action"])
        view = mover.until_view(version + 1)
        # the mover got its increment (minus the moment it took)
        assert 30_000 < view["seats"][seat]["clock"]["remaining_ms"] <= 35_000
        # now let the clock of the seat to move run out: pretend its turn began long ago
        hub = client.app.state.hub  # type: ignore[attr-defined]
        live = hub.tables[tid]
        waiting = view["to_move"]
        live.rec.turn_started_at -= 3600
        client.portal.call(hub._schedule, live)  # type: ignore[union-attr]
        notice = ana.until("notice")
        assert "ran out of time" in notice["text"]
        ben.until("notice")
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["seats"][waiting]["kind"] == "greedy"
        # the host gives the seat back: its clock is refilled to a minute
        back = client.post(f"/api/tables/{tid}/seats/{waiting}", json={"kind": "human"}, headers=host).json()
        assert back["seats"][waiting]["kind"] == "human"
        latest = ana.until_view(back["version"])
        assert latest["seats"][waiting]["clock"]["remaining_ms"] >= 50_000
