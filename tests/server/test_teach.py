"""What the server tells a newcomer: 'why' on text as the screen shows it (never 'type its JSON'),
warnings before a phase's automatic rules, and the lines since a seat's last decision (issue 31)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create, seated

GAMES = [("academic-society", 2), ("class-of-89", 2), ("high-school-drama", 2)]


@pytest.fixture
def players(client: TestClient, request: pytest.FixtureRequest) -> Iterator[list[Player]]:
    game, n = request.param
    table = create(client, game, n, [{"name": f"P{i}"} for i in range(n)], seed=7)
    with ExitStack() as stack:
        yield [stack.enter_context(seated(client, table["table_id"], s["secret"])) for s in table["seats"]]


def mover(players: list[Player]) -> Player:
    seat = players[0].view["to_move"]
    return players[seat]


def why_text(player: Player, text: str) -> dict[str, Any]:
    player.send({"type": "why", "text": text})
    return player.until("why")


@pytest.mark.parametrize("players", GAMES, indirect=True, ids=[g for g, _ in GAMES])
def test_why_understands_the_screens_words(players: list[Player]) -> None:
    me = mover(players)
    legal = me.view["legal"]
    first = legal[0]
    # a choice's whole label, typed in another case
    answer = why_text(me, first["text"].upper())
    assert answer["action"] == first["action"] and answer["reason"] is None and answer["label"] == first["text"]
    # a part of one choice's text that no other choice has (as a player types a piece's name)
    words = {w.strip(".,:;()'") for a in legal for w in a["text"].split()}
    unique = [w for w in sorted(words) if len(w) > 3 and sum(w.lower() in a["text"].lower() for a in legal) == 1]
    if unique:
        answer = why_text(me, unique[0].lower())
        assert answer["action"] is not None and answer["reason"] is None, answer
    # nothing matches: said in the screen's words, never asking for JSON
    answer = why_text(me, "zebra crossing")
    assert answer["action"] is None and "None of the choices" in answer["note"]
    assert "JSON" not in answer["note"] and "{" not in answer["note"]
    # the other seat is told whose decision it is
    other = players[1 - me.view["seat"]]
    assert "decision" in why_text(other, first["text"])["reason"]


@pytest.mark.parametrize("players", [GAMES[0]], indirect=True, ids=["academic-society"])
def test_several_choices_are_named_not_guessed(players: list[Player]) -> None:
    me = mover(players)
    texts = [a["text"] for a in me.view["legal"]]
    common = next(w for w in ("Royal Commission", "Place", "scholar") if sum(w.lower() in t.lower() for t in texts) > 1)
    answer = why_text(me, common)
    assert answer["action"] is None and "choices" in answer["note"] and "e.g." in answer["note"]


def test_why_needs_action_or_text(client: TestClient) -> None:
    table = create(client, "academic-society", 2, [{"name": "A"}, {"name": "B"}], seed=3)
    with seated(client, table["table_id"], table["seats"][0]["secret"]) as me:
        me.send({"type": "why"})
        assert "either 'action' or 'text'" in me.until("error")["message"]
        me.send({"type": "why", "action": {"type": "Done"}, "text": "Done"})
        assert "either 'action' or 'text'" in me.until("error")["message"]


def test_warnings_and_announcements_in_the_view(client: TestClient) -> None:
    """Academic Society: both seats start level on START, so each is warned it is lowest (a tie);
    after a decision the seat's view carries what followed it, the spectator's none."""
    table = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=11)
    tid = table["table_id"]
    with seated(client, tid, table["seats"][0]["secret"]) as ana, \
            seated(client, tid, table["seats"][1]["secret"]) as ben, seated(client, tid, None) as watcher:
        for p in (ana, ben):
            lowest = [w for w in p.view["warnings"] if "lowest on Contribution" in w["text"]]
            assert lowest and lowest[0]["section"] == "Phase 4: Effects of Contribution"
            assert "tie" in lowest[0]["text"]
        assert watcher.view["warnings"] == [] and watcher.view["announcements"] == []
        assert ana.view["announcements"] == []  # no decision yet
        me = ana if ana.view["to_move"] == 0 else ben
        version = me.view["version"]
        me.act(me.view["legal"][0]["action"])
        me.until_view(version + 1)
        other = ben if me is ana else ana
        other.until_view(version + 1)
        steps = [line for line in me.view["log"] if line["step"] == me.view["step"]]
        assert me.view["announcements"] == [line["text"] for line in steps[1:]][-8:]
        assert other.view["announcements"] == []  # the other seat has not decided yet
