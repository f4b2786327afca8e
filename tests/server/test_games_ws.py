"""Whole games of every title played through the WebSocket protocol against bots on the server."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel
from server_helpers import Player, create, play_with_bots, seated, wholes

from homeroom.server.protocol import ErrorMessage, Notice, SeatsMessage, Update, View, Welcome, WhyAnswer

MODELS: dict[str, type[BaseModel]] = {"view": View, "welcome": Welcome, "seats": SeatsMessage, "notice": Notice,
                                      "error": ErrorMessage, "why": WhyAnswer, "update": Update}


def conforms(player: Player) -> None:
    """Every message the player received matches the protocol's model of its type, exactly."""
    for text in player.messages + wholes(player.messages):  # an update, and the view it makes
        kind = json.loads(text)["type"]
        if kind != "pong":
            MODELS[kind].model_validate_json(text)

CASES = [
    ("class-of-89", 2, ["greedy"]),
    ("class-of-89", 1, []),
    ("academic-society", 3, ["random", "greedy"]),
    ("high-school-drama", 3, ["greedy", "random"]),
]


@pytest.mark.parametrize(("game", "players", "bots"), CASES, ids=[f"{g}-{p}p" for g, p, _ in CASES])
def test_whole_game_against_bots(client: TestClient, game: str, players: int, bots: list[str]) -> None:
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": k} for k in bots]
    table = create(client, game, players, seats, seed=7)
    secret = table["seats"][0]["secret"]
    assert all(s["secret"] is None for s in table["seats"][1:])
    with seated(client, table["table_id"], secret) as ana, seated(client, table["table_id"], None) as watcher:
        final = play_with_bots(ana, 0, random.Random(3))
        assert final["terminal"] and final["outcome"]
        assert final["legal"] == [] and final["to_move"] is None
        assert len(final["scores"]) == players
        for score in final["scores"]:
            assert score["total"] == sum(score["breakdown"].values())
        if players == 1:
            assert final["automa_scores"], "the solo game shows the automa's score"
        watched = watcher.until_view(final["version"])
        assert watched["seat"] is None and watched["role"] == "spectator" and watched["legal"] == []
        assert watched["outcome"] == final["outcome"] and watched["scores"] == final["scores"]
        conforms(ana)
        conforms(watcher)
    summary = client.get(f"/api/tables/{table['table_id']}").json()
    assert summary["terminal"] and summary["step"] == final["step"] and summary["version"] == final["version"]
    # every step of the finished game can be looked at again (the replay slider)
    mid = client.get(f"/api/tables/{table['table_id']}/view", params={"step": final["step"] // 2},
                     headers={"Authorization": f"Bearer {secret}"}).json()
    assert mid["replay"] and mid["step"] == final["step"] // 2 and mid["seat"] == 0 and not mid["terminal"]
    assert mid["log"] == [line for line in final["log"] if line["step"] <= mid["step"]]
