"""Who may sit where: invited seats belong to their link and open seats to the lobby; the host may
hand a seat to a bot or open it again only once its player is away (or out of time), and the
player takes a seat back from the host's bot by opening their link."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, seated, server
from starlette.websockets import WebSocketDisconnect


def lobby_ids(client: TestClient) -> list[str]:
    return [t["table_id"] for t in client.get("/api/tables").json()["tables"]]


def host_of(table: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {table['host_secret']}"}


def test_a_stranger_cannot_take_an_invited_seat(client: TestClient) -> None:
    table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}])  # listed, both invited
    tid, ben_secret = table["table_id"], table["seats"][1]["secret"]
    with seated(client, tid, table["seats"][0]["secret"]):
        pass  # Ana came; Ben has not opened his link yet
    stranger = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Mallory"})
    assert stranger.status_code == 403
    assert "invited" in stranger.json()["error"] and "\n" not in stranger.json()["error"]
    any_seat = client.post(f"/api/tables/{tid}/join", json={"name": "Mallory"})
    assert any_seat.status_code == 409 and "no open seat" in any_seat.json()["error"]
    summary = client.get(f"/api/tables/{tid}").json()
    assert [s["open"] for s in summary["seats"]] == [False, False]
    assert summary["seats"][1]["name"] == "Ben"
    assert tid not in lobby_ids(client)
    with seated(client, tid, ben_secret) as ben:  # Ben's link still works
        assert ben.view["seat"] == 1 and ben.view["role"] == "seat"


def test_open_seats_are_joined_from_the_lobby(client: TestClient) -> None:
    table = create(client, "high-school-drama", 3, [{"name": "Ana"}, {"open": True}, {"kind": "random"}])
    full = create(client, "high-school-drama", 3, [{"name": "Ana"}, {"name": "Ben"}, {"kind": "random"}])
    hidden = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"open": True}], listed=False)
    tid = table["table_id"]
    assert [s["open"] for s in client.get(f"/api/tables/{tid}").json()["seats"]] == [False, True, False]
    ids = lobby_ids(client)
    assert tid in ids and full["table_id"] not in ids and hidden["table_id"] not in ids
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0}).status_code == 403  # Ana's, invited
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Zoë"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert not client.get(f"/api/tables/{tid}").json()["seats"][1]["open"]  # joined: no longer open
    assert tid not in lobby_ids(client)
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 1}).status_code == 409
    with seated(client, tid, joined.json()["secret"]) as zoe:
        assert zoe.view["seat"] == 1 and zoe.view["seats"][1]["name"] == "Zoë"
    bad = client.post("/api/tables", json={"game": "academic-society", "players": 2,
                                           "seats": [{"kind": "random", "open": True}]})
    assert bad.status_code == 400 and "only a human seat can be open" in bad.json()["error"]


@pytest.fixture
def quick(tmp_path: Path) -> Any:
    """A server where a player counts as away after 0.3 s (120 s by default)."""
    with server(data_dir=tmp_path, zombie_after=0.3) as test_client:
        yield test_client


def test_the_host_takes_a_seat_only_from_an_absent_player_who_takes_it_back(quick: TestClient) -> None:
    table = create(quick, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=5)
    tid, ben_secret = table["table_id"], table["seats"][1]["secret"]
    to_bot = f"/api/tables/{tid}/seats/1"
    with seated(quick, tid, table["seats"][0]["secret"]) as ana:
        with seated(quick, tid, ben_secret):
            refused = quick.post(to_bot, json={"kind": "random"}, headers=host_of(table))
            assert refused.status_code == 409 and "Ben is connected" in refused.json()["error"]
        refused = quick.post(to_bot, json={"kind": "random"}, headers=host_of(table))
        assert refused.status_code == 409 and "left only 0 s ago" in refused.json()["error"]
        time.sleep(0.4)
        handed = quick.post(to_bot, json={"kind": "random"}, headers=host_of(table))
        assert handed.status_code == 200 and handed.json()["seats"][1]["kind"] == "random"
        assert "handed" in ana.until("notice")["text"]
        # Ben opens his link again: the seat is his, and everyone hears of it
        with seated(quick, tid, ben_secret) as ben:
            assert "back" in ben.until("notice")["text"]
            assert not ben.until("view")["seats"][1]["bot"]
            assert "Ben has the seat back" in ana.until("notice")["text"]
        assert quick.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "human"


def test_a_seat_out_of_time_is_not_taken_back_by_reconnecting(quick: TestClient) -> None:
    table = create(quick, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=3,
                   clock={"initial_seconds": 30, "increment_seconds": 5})
    tid = table["table_id"]
    secrets = [s["secret"] for s in table["seats"]]
    hub = quick.app.state.hub  # type: ignore[attr-defined]
    with seated(quick, tid, secrets[0]) as ana:
        waiting = ana.view["to_move"]
    live = hub.tables[tid]
    live.rec.turn_started_at -= 3600  # the seat to move ran out of time long ago
    quick.portal.call(hub._schedule, live)  # type: ignore[union-attr]
    for _ in range(200):
        if live.rec.seats[waiting].kind != "human":
            break
        time.sleep(0.01)
    with seated(quick, tid, secrets[waiting]) as player:
        assert player.view["seats"][waiting]["bot"]  # the bot keeps it: no free refill of the clock
    assert quick.get(f"/api/tables/{tid}").json()["seats"][waiting]["kind"] == "greedy"


def test_the_host_reopens_an_absent_players_seat(quick: TestClient) -> None:
    table = create(quick, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=7)
    tid, ana_secret, ben_secret = table["table_id"], table["seats"][0]["secret"], table["seats"][1]["secret"]
    reopen = f"/api/tables/{tid}/seats/1/open"
    with seated(quick, tid, ana_secret) as ana:
        with seated(quick, tid, ben_secret):
            refused = quick.post(reopen, headers=host_of(table))
            assert refused.status_code == 409 and "connected" in refused.json()["error"]
        time.sleep(0.4)
        assert quick.post(reopen).status_code == 401
        assert quick.post(reopen, headers={"Authorization": f"Bearer {ana_secret}"}).status_code == 403
        opened = quick.post(reopen, headers=host_of(table))
        assert opened.status_code == 200 and opened.json()["seats"][1]["open"]
        assert "opened" in ana.until("notice")["text"]
        assert tid in lobby_ids(quick)
        # Ben's old link no longer opens the seat
        with quick.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "secret": ben_secret}))
            assert json.loads(ws.receive_text())["code"] == "unauthorized"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_text()
        joined = quick.post(f"/api/tables/{tid}/join", json={"name": "Zoë"}).json()
        assert joined["seat"] == 1
        with seated(quick, tid, joined["secret"]) as zoe:
            assert zoe.view["seat"] == 1
    unlisted = create(quick, "academic-society", 2, listed=False)
    refused = quick.post(f"/api/tables/{unlisted['table_id']}/seats/1/open", headers=host_of(unlisted))
    assert refused.status_code == 409 and "not listed" in refused.json()["error"]


def test_a_player_lets_a_bot_play_for_them_and_takes_the_seat_back(client: TestClient) -> None:
    table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=5)
    tid, ana_secret, ben_secret = table["table_id"], table["seats"][0]["secret"], table["seats"][1]["secret"]
    ben_seat = f"/api/tables/{tid}/seats/1"
    as_ben = {"Authorization": f"Bearer {ben_secret}"}
    with seated(client, tid, ana_secret) as ana, seated(client, tid, ben_secret) as ben:
        # Ana's secret is not Ben's: she may not hand his seat away
        assert client.post(ben_seat, json={"kind": "random"},
                           headers={"Authorization": f"Bearer {ana_secret}"}).status_code == 403
        assert client.post(ben_seat, json={"kind": "no-such-bot"}, headers=as_ben).status_code == 422
        # Ben is connected, yet his own secret hands his seat over at once (he consents)
        handed = client.post(ben_seat, json={"kind": "random"}, headers=as_ben)
        assert handed.status_code == 200 and handed.json()["seats"][1]["kind"] == "random"
        assert "Ben let a bot (random) play for them" in ana.until("notice")["text"]
        assert ben.until("view")["seats"][1]["bot"]
    # his page reconnecting (a reload, a network blip) does not undo his choice ...
    with seated(client, tid, ben_secret) as ben:
        assert ben.view["seats"][1]["bot"] and ben.view["role"] == "seat" and ben.view["seat"] == 1
        # ... "Take my seat back" does
        back = client.post(ben_seat, json={"kind": "human"}, headers=as_ben)
        assert back.status_code == 200 and back.json()["seats"][1]["kind"] == "human"
        assert "Ben has the seat back" in ben.until("notice")["text"]
    assert client.post(ben_seat, json={"kind": "human"}, headers=as_ben).status_code == 200  # already his
    # once taken back, a later handover by the host is again undone by opening the link
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert 1 not in hub.tables[tid].handed_by_player
