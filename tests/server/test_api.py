"""The HTTP API: games, creating tables (and every way to get it wrong), the lobby, joining,
my tables, host seat changes, views at a step, rematch, pages and one-line errors."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, play_with_bots, seated


def test_games_lists_every_title_with_options_and_seat_kinds(client: TestClient) -> None:
    data = client.get("/api/games").json()
    ids = {g["id"] for g in data["games"]}
    assert {"class-of-89", "academic-society", "high-school-drama"} <= ids
    co89 = next(g for g in data["games"] if g["id"] == "class-of-89")
    assert co89["players"][0] == 1 and co89["options"] and "board" in co89
    assert {"human", "random", "greedy", "mcts", "easy", "medium", "hard"} <= set(data["seat_kinds"])
    # no HOMEROOM_POLICY_DIR here: a policy seat would only fail, so the lobby is not offered one
    assert "policy" not in data["seat_kinds"]
    assert not any(p["kind"].startswith("policy") for p in data["bot_presets"])


BAD_CREATES = [
    ({"game": "chess", "players": 2}, 400, "unknown game"),
    ({"game": "academic-society", "players": 9}, 400, "players"),
    ({"game": "academic-society", "players": "2"}, 422, "players"),
    ({"game": "academic-society", "players": 2, "options": {"nope": 1}}, 400, "unknown option"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "wizard"}]}, 422, "unknown seat kind"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "mcts:seconds=600"}]}, 422, "at most"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "greedy:depth=-1"}]}, 422, "'depth' of 'greedy'"),
    # endless budgets (issue 30): refused at creation, not a bot that thinks for ever
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "mcts:seconds=nan"}]}, 422, "at most 10 seconds"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "mcts:seconds=inf"}]}, 422, "at most 10 seconds"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "hard:seconds=1e308"}]}, 422, "at most 10 seconds"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "mcts:iterations=1" + "0" * 30}]}, 422,
     "at most 200000"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "mcts:iterations=-3"}]}, 422, "iterations"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "easy:epsilon=nan"}]}, 422, "'epsilon' of 'easy'"),
    ({"game": "academic-society", "players": 2, "seats": [{"kind": "human"}] * 3}, 400, "3 seats"),
    ({"game": "academic-society", "players": 2, "seats": [{"name": "Ana"}, {"name": "ana"}]}, 400, "differ"),
    ({"game": "academic-society", "players": 2, "seats": [{"name": "\x00\x07\u200b"}]}, 400, "visible"),
    ({"game": "academic-society", "players": 2, "secret": "x"}, 422, "extra"),
    ({"game": "academic-society", "players": 2, "clock": {"initial_seconds": 1}}, 422, "clock"),
    ({"players": 2}, 422, "game"),
]


@pytest.mark.parametrize(("body", "status", "words"), BAD_CREATES, ids=range(len(BAD_CREATES)))
def test_bad_tables_are_refused_in_one_line(client: TestClient, body: dict[str, Any], status: int,
                                            words: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert words.lower() in error.lower() and "\n" not in error and "Traceback" not in error


def test_malformed_bodies_and_unknown_paths(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{nope", headers={"content-type": "application/json"})
    assert response.status_code == 422 and "JSON" in response.json()["error"]
    response = client.post("/api/tables", content=b"x" * (70 * 1024), headers={"content-type": "application/json"})
    assert response.status_code == 413 and "KiB" in response.json()["error"]
    assert client.get("/api/nothing/here").json()["error"].startswith("no API endpoint")
    assert client.get("/api/tables/doesnotexist").status_code == 404
    assert client.get("/api/tables/" + "x" * 500).status_code == 404


def test_names_are_cleaned(client: TestClient) -> None:
    table = create(client, "academic-society", 2,
                   [{"name": "  <b>Ana</b>\x1b[31m\n\tthe   great and very long-named one "}, {"kind": "random"}])
    name = table["seats"][0]["name"]
    assert name == "<b>Ana</b>[31m the great"  # markup stays text (pages escape it); no control characters
    assert table["seats"][1]["name"].startswith("Bot 2")


def test_lobby_lists_listed_tables_without_any_secret(client: TestClient) -> None:
    listed = create(client, "high-school-drama", 3, [{"name": "Ana"}, {"kind": "random"}, {"open": True}])
    hidden = create(client, "high-school-drama", 3, [{"name": "Ana"}, {"open": True}], listed=False)
    response = client.get("/api/tables")
    ids = [t["table_id"] for t in response.json()["tables"]]
    assert listed["table_id"] in ids and hidden["table_id"] not in ids
    text = response.text + client.get(f"/api/tables/{listed['table_id']}").text
    for secret in [listed["host_secret"], *(s["secret"] for s in listed["seats"] if s["secret"])]:
        assert secret not in text
    summary = client.get(f"/api/tables/{listed['table_id']}").json()
    assert [s["open"] for s in summary["seats"]] == [False, False, True]


def test_join_an_open_seat_of_a_listed_table(client: TestClient) -> None:
    table = create(client, "academic-society", 3, [{"name": "Ana"}, {"kind": "random"}, {"open": True}])
    tid = table["table_id"]
    with seated(client, tid, table["seats"][0]["secret"]):
        pass  # Ana opened her invite link: her seat is taken
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Zoë\u0000"}).json()
    assert joined["seat"] == 2 and joined["secret"]
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["seats"][2]["name"] == "Zoë" and not summary["seats"][2]["open"]
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 2}).status_code == 409
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 1}).status_code == 409  # a bot's seat
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "zoë"}).status_code == 409
    with seated(client, tid, joined["secret"]) as zoe:
        assert zoe.view["seat"] == 2 and zoe.view["seats"][2]["connected"]
    hidden = create(client, "academic-society", 2, [{"open": True}], listed=False)
    assert client.post(f"/api/tables/{hidden['table_id']}/join", json={}).status_code == 403


def test_my_tables_says_where_it_is_my_turn(client: TestClient) -> None:
    a = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
    b = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=2)
    secrets = [a["seats"][0]["secret"], a["seats"][1]["secret"], b["seats"][1]["secret"], "made-up-secret"]
    rows = client.post("/api/my-tables", json={"secrets": secrets}).json()["tables"]
    assert len(rows) == 3
    mine = {(r["table_id"], r["seat"]): r for r in rows}
    to_move_a = client.get(f"/api/tables/{a['table_id']}").json()["to_move"]
    assert mine[(a["table_id"], to_move_a)]["your_turn"] and not mine[(a["table_id"], 1 - to_move_a)]["your_turn"]
    assert rows[0]["your_turn"]  # your turn first
    assert client.post("/api/my-tables", json={"secrets": ["x"] * 201}).status_code == 422
    only_host = client.post("/api/my-tables", json={"secrets": [a["host_secret"]]}).json()["tables"]
    assert only_host[0]["seat"] is None and not only_host[0]["your_turn"]


def test_host_hands_a_seat_to_a_bot_and_gives_it_back(client: TestClient) -> None:
    """Ben never opened his link, so the host may let a bot play his seat at once (when a player
    has been connected, see test_seats.py)."""
    table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=5)
    tid = table["table_id"]
    ana_secret, ben_secret = table["seats"][0]["secret"], table["seats"][1]["secret"]
    host = {"Authorization": f"Bearer {table['host_secret']}"}
    assert client.post(f"/api/tables/{tid}/seats/1", json={"kind": "random"}).status_code == 401
    assert client.post(f"/api/tables/{tid}/seats/1", json={"kind": "random"},
                       headers={"Authorization": f"Bearer {ana_secret}"}).status_code == 403
    assert client.post(f"/api/tables/{tid}/seats/1", json={"kind": "random"},
                       headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert client.post(f"/api/tables/{tid}/seats/7", json={"kind": "random"}, headers=host).status_code == 404
    assert client.post(f"/api/tables/{tid}/seats/1", json={"kind": "wizard"}, headers=host).status_code == 422
    with seated(client, tid, ana_secret) as ana, seated(client, tid, None) as watcher:
        response = client.post(f"/api/tables/{tid}/seats/1", json={"kind": "random"}, headers=host)
        assert response.status_code == 200 and response.json()["seats"][1]["bot"]
        assert "bot" in ana.until("notice")["text"]
        assert watcher.until("notice")
        changed = response.json()["version"]
        ana.until_view(changed)
        # Ana plays; the bot answers for Ben
        for _ in range(6):
            if ana.view["to_move"] == 0 and ana.view["legal"]:
                version = ana.view["version"]
                ana.act(ana.view["legal"][0]["action"])
                ana.until_view(version + 1)
            else:
                ana.until("view")
        assert any(line["text"] for line in ana.view["log"] if line["step"] > 0)
        back = client.post(f"/api/tables/{tid}/seats/1", json={"kind": "human"}, headers=host)
        assert back.status_code == 200 and not back.json()["seats"][1]["bot"]
        assert "back" in watcher.until("notice")["text"]
    with seated(client, tid, ben_secret) as ben:
        assert ben.view["seat"] == 1 and not ben.view["seats"][1]["bot"]


def test_views_at_a_step_are_per_seat(client: TestClient) -> None:
    table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"kind": "random"}], seed=9)
    tid, secret = table["table_id"], table["seats"][0]["secret"]
    with seated(client, tid, secret) as ana:
        for _ in range(3):
            if ana.view["to_move"] == 0:
                version = ana.view["version"]
                ana.act(ana.view["legal"][0]["action"])
                ana.until_view(version + 1)
            else:
                ana.until("view")
        step = ana.view["step"]
    auth = {"Authorization": f"Bearer {secret}"}
    at0 = client.get(f"/api/tables/{tid}/view", params={"step": 0}, headers=auth).json()
    assert at0["step"] == 0 and at0["seat"] == 0 and at0["replay"] and at0["legal"] == []
    spectator = client.get(f"/api/tables/{tid}/view", params={"step": 0}).json()
    assert spectator["seat"] is None and spectator["observation"] != at0["observation"]
    assert client.get(f"/api/tables/{tid}/view", params={"step": step + 100}).status_code == 404
    assert client.get(f"/api/tables/{tid}/view", params={"step": "x"}).status_code == 422
    assert client.get(f"/api/tables/{tid}/view", headers={"Authorization": "Bearer nope"}).status_code == 401


def test_rematch_keeps_seats_and_secrets(client: TestClient) -> None:
    table = create(client, "class-of-89", 1, [{"name": "Ana"}], seed=3)
    tid, secret = table["table_id"], table["seats"][0]["secret"]
    auth = {"Authorization": f"Bearer {secret}"}
    assert client.post(f"/api/tables/{tid}/rematch", headers=auth).status_code == 409
    assert client.post(f"/api/tables/{tid}/rematch").status_code == 401
    with seated(client, tid, secret) as ana:
        play_with_bots(ana, 0, random.Random(1))
        new_id = client.post(f"/api/tables/{tid}/rematch", headers=auth).json()["table_id"]
        assert ana.until("notice")["text"].startswith("A rematch")
        assert ana.until("view")["rematch"] == new_id
    assert client.post(f"/api/tables/{tid}/rematch", headers=auth).json()["table_id"] == new_id
    with seated(client, new_id, secret) as again:
        assert again.view["seat"] == 0 and again.view["step"] == 0 and not again.view["terminal"]
        assert again.view["seats"][0]["name"] == "Ana"


def test_pages_and_boards(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
    assert "frame-ancestors 'none'" in lobby.headers["content-security-policy"]
    assert client.get("/t/anything").status_code == 200
    assert client.get("/boards/no-such-game/board.js").status_code == 404
    assert client.get("/boards/class-of-89/../../../../etc/passwd").status_code == 404
    assert client.get("/healthz").json() == {"ok": True}
