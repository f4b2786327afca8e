"""Board Game Arena's undo policy (issue 31): a player takes back only her own decisions of her turn
in progress. Once the turn has passed to someone else, or while a bot thinks or after it moved, Undo
is off for everyone; and the undo notice says which move was taken back, as each viewer read it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import TEST_LIMITS, Player, create, seated

from homeroom import games
from homeroom.engine.match import Match, Seat
from homeroom.server.app import create_app
from homeroom.server.config import ServerConfig


@contextmanager
def app(data: Path, bot_delay: float) -> Iterator[TestClient]:
    config = ServerConfig(data_dir=data, bot_workers=1, bot_delay=bot_delay, limits=TEST_LIMITS)
    with TestClient(create_app(config)) as client:
        yield client


def act_first(player: Player) -> dict[str, Any]:
    """Play the first legal action; returns the view after it."""
    version = player.view["version"]
    player.act(player.view["legal"][0]["action"])
    return player.until_view(version + 1)


def refused_undo(player: Player) -> dict[str, Any]:
    player.send({"type": "undo", "version": player.view["version"]})
    error = player.until("error")
    assert error["code"] == "illegal" and "your own" in error["message"], error
    return error


def test_no_undo_once_the_next_players_turn_started(client: TestClient) -> None:
    # Class of '89 for two, seed 1: Ana's first decision hands the turn to Ben and reveals nothing,
    # so the engine alone would let her take it back (the old rule did, while Ben saw "Your turn")
    table = create(client, "class-of-89", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
    tid = table["table_id"]
    game = games.get("class-of-89")
    mirror = Match.start(game, 2, 1, {}, [Seat("Ana"), Seat("Ben")])
    with seated(client, tid, table["seats"][0]["secret"]) as ana, \
            seated(client, tid, table["seats"][1]["secret"]) as ben:
        assert ana.view["to_move"] == 0
        mirror.play(game.action_from_json(ana.view["legal"][0]["action"]))
        act_first(ana)
        ben.until_view(ana.view["version"])
        assert ben.view["to_move"] == 1 and mirror.undo_point(0) == 0  # the engine would allow it
        assert not ana.view["can_undo"] and not ben.view["can_undo"]
        refused_undo(ana)
        act_first(ben)  # Ben's turn: a decision of his that hands the turn back to Ana
        ana.until_view(ben.view["version"])
        assert ana.view["to_move"] == 0 and not ben.view["can_undo"]
        # Ana's turn: several decisions, each can be taken back while her turn goes on
        start_step, start_version = ana.view["step"], ana.view["version"]
        texts = []
        for _ in range(3):
            view = act_first(ana)
            assert view["to_move"] == 0 and view["can_undo"]
            texts.append([line["text"] for line in view["log"] if line["step"] == view["step"]])
            assert not ben.until_view(view["version"])["can_undo"]
        for back in range(3):
            version = ana.view["version"]
            ana.send({"type": "undo", "version": version})
            notice = ben.until("notice")["text"]
            assert notice.startswith("Ana took back: ") and texts[2 - back][0] in notice, (notice, texts)
            ana.until_view(version + 1)
            ben.until_view(version + 1)
        assert ana.view["step"] == start_step and ana.view["version"] == start_version + 6
        assert not ana.view["can_undo"]  # back at the start of her turn: Ben's decision is final
        refused_undo(ana)


def test_no_undo_while_a_bot_thinks_nor_after_it_moved(tmp_path: Path) -> None:
    for delay, thinking in ((60.0, True), (0.0, False)):
        with app(tmp_path / str(delay), delay) as client:
            table = create(client, "class-of-89", 2, [{"name": "Ana"}, {"kind": "random"}], seed=1)
            with seated(client, table["table_id"], table["seats"][0]["secret"]) as ana:
                assert ana.view["to_move"] == 0
                view = act_first(ana)  # hands the turn to the bot; the engine would allow an undo
                if thinking:  # the bot waits 60 s before it moves: it is thinking all along
                    assert view["to_move"] == 1 and not view["can_undo"]
                    refused_undo(ana)
                    assert ana.view["step"] == 1
                else:
                    while ana.view["to_move"] != 0:
                        ana.until("view")
                    assert ana.view["step"] == 2 and not ana.view["can_undo"]
                    refused_undo(ana)


def test_the_undo_notice_names_the_move_as_each_viewer_read_it(client: TestClient) -> None:
    # High School Drama for two, seed 1, first legal actions: Ana at some point returns a drama card
    # unplayed and may take it back; she reads which card, Ben and spectators do not
    table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=1)
    tid = table["table_id"]
    game = games.get("high-school-drama")
    mirror = Match.start(game, 2, 1, {}, [Seat("Ana"), Seat("Ben")])
    with seated(client, tid, table["seats"][0]["secret"]) as ana, \
            seated(client, tid, table["seats"][1]["secret"]) as ben, seated(client, tid, None) as watcher:
        players = (ana, ben)
        for _ in range(400):
            mover = mirror.state.to_move
            assert mover is not None
            me = players[mover]
            action = me.view["legal"][0]["action"]
            mirror.play(game.action_from_json(action))
            view = act_first(me)
            for other in (players[1 - mover], watcher):
                other.until_view(view["version"])
            events = mirror.history[-1].events
            secret = [e for e in events if e.text_for(mover) != e.text_for(1 - mover)]
            if view["can_undo"] and secret:
                break
        else:
            raise AssertionError("no undoable decision with a hidden detail in 400 decisions")
        mine, theirs = secret[0].text_for(mover), secret[0].text_for(1 - mover)
        name = ("Ana", "Ben")[mover]
        me.send({"type": "undo", "version": view["version"]})
        assert me.until("notice")["text"] == f"{name} took back: " + " ".join(e.text_for(mover) for e in events)
        for other in (players[1 - mover], watcher):
            text = other.until("notice")["text"]
            assert text == f"{name} took back: " + " ".join(e.text_for(1 - mover) for e in events)
            assert theirs in text and mine not in text


def test_each_decision_records_its_turn_however_it_was_played() -> None:
    # Class of '89 solo: ending a turn plays Ed's turn at once and hands Ana the next one, so the
    # seat to move stays the same; the turn marker (round, turns taken) still ends her turn
    game = games.get("class-of-89")
    live = Match.start(game, 1, 3, {}, [Seat("Ana")])
    stored = Match.start(game, 1, 3, {}, [Seat("Ana")])
    starts = []
    for _ in range(30):
        action = live.state.legal_actions()[0]
        after, entry = live.tentative(action)  # the server's path: computed, stored, then adopted
        live.adopt(after, entry)
        stored.play(action, check=False)  # a table rebuilt from the database
        starts.append(live.turn_start())
        ended = live.history[-1].turn != live.turn()
        assert ended == (live.turn_start() == len(live.history))  # a new turn has no decision in it yet
        if type(action).__name__ == "EndTurn":
            assert ended and live.turn()[0] == 0  # Ed played in between: Ana's turn is over all the same
        if type(action).__name__ in ("Place", "Take", "BuyToken", "PutToken"):
            assert not ended
    assert [e.turn for e in live.history] == [e.turn for e in stored.history]
    assert starts[-1] == stored.turn_start() and len(set(starts)) > 2
    assert [e.turn for e in live.truncated(10).history] == [e.turn for e in live.history[:10]]
