"""Nobody at a table learns the seed or another seat's hidden cards through the server.

A whole game of every title is played through the server by two people and a bot (a solo game:
one person against the automa), watched by a spectator socket and by a client with no secret that
polls ``GET /api/tables/{id}/view``, including past steps (the replay slider). Everything each of
them receives is searched for two needles:

- the table's seed (server-chosen: 64 random bits), which fixes every deal: with it, anyone can
  rebuild every hand; it must not appear before the game is over;
- the cards in the other seats' hands (and any other value only another seat's observation holds),
  taken from the engine's own observations of every seat at every step, the bot's included.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create, seated, wholes
from test_leak import readable, searchable, tokens

from homeroom.engine.match import Match, Seat

# (game, players, seats): two people and a bot, or one person against the automa
CASES = [
    ("high-school-drama", 3, [{"name": "Ana"}, {"name": "Ben"}, {"kind": "random", "name": "Robo"}]),
    ("academic-society", 3, [{"name": "Ana"}, {"name": "Ben"}, {"kind": "random", "name": "Robo"}]),
    ("class-of-89", 3, [{"name": "Ana"}, {"name": "Ben"}, {"kind": "random", "name": "Robo"}]),
    ("class-of-89", 1, [{"name": "Ana"}]),
]


def seed_needles(seed: int) -> list[str]:
    """The seed as a client could find it: in decimal (as JSON or in text) and in hex."""
    return [str(seed), f"{seed:x}", f"{seed:X}"]


@pytest.mark.parametrize(("game", "players", "seats"), CASES,
                         ids=[f"{c[0]}-{c[1]}p" for c in CASES])
def test_no_seed_and_no_other_hand_reaches_anyone(client: TestClient, game: str, players: int,
                                                   seats: list[dict[str, Any]]) -> None:
    table = create(client, game, players, seats)
    tid = table["table_id"]
    humans = [s for s in table["seats"] if s["secret"] is not None]
    rng = random.Random(f"{game}-{players}")
    # (recipient seat or None, step the message belongs to, game over when sent, raw text)
    received: list[tuple[int | None, int, bool, str]] = []
    with ExitStack() as stack:
        players_ws = {s["seat"]: stack.enter_context(seated(client, tid, s["secret"])) for s in humans}
        watcher = stack.enter_context(seated(client, tid, None))
        everyone: list[tuple[int | None, Player]] = [*players_ws.items(), (None, watcher)]
        mover = players_ws[humans[0]["seat"]]
        for turn in range(5000):
            view = mover.view
            if view["terminal"]:
                break
            if turn % 7 == 0:  # the no-secret client and the seats look back through the game
                for step in {0, view["step"] // 2, view["step"]}:
                    received.extend(http_views(client, tid, step, humans))
            to_move = view["to_move"]
            if to_move in players_ws and players_ws[to_move].view["legal"]:
                actor = players_ws[to_move]
                before = actor.view["version"]
                actor.act(rng.choice(actor.view["legal"])["action"])
                for _, player in everyone:
                    player.until_view(before + 1)
            else:  # the bot (or the automa) is to move: wait for its move
                before = view["version"]
                for _, player in everyone:
                    player.until_view(before + 1)
        else:
            pytest.fail("the game did not end")
        for recipient, player in everyone:
            received.extend(stepped(recipient, wholes(player.messages)))
    live = client.app.state.hub.tables[tid]  # type: ignore[attr-defined]
    seed = live.rec.seed
    checked = check_needles(received, seed, engine_observations(live, players))
    # High School Drama hides each seat's hand all game long. Academic Society hides only the order
    # of its face-down piles, from everyone alike (the seed is its needle), and Class of '89 only the
    # cards a seat is choosing from after a draw (checked whenever a game has one)
    if game == "high-school-drama":
        assert checked > 0, "the check saw other seats' hidden cards to protect"
    # after the end the seed may be shown (the replay file has it)
    replay = client.get(f"/api/tables/{tid}/replay").json()
    assert replay["seed"] == seed


def http_views(client: TestClient, tid: str, step: int,
               humans: list[dict[str, Any]]) -> Iterable[tuple[int | None, int, bool, str]]:
    """The view at ``step`` as the no-secret client and each person get it (a bot may end the game
    meanwhile: an answer counts as sent after the end only if the game was over when it came)."""
    live = client.app.state.hub.tables[tid]  # type: ignore[attr-defined]
    for seat in [None, *humans]:
        headers = {} if seat is None else {"Authorization": f"Bearer {seat['secret']}"}
        over = live.match.state.is_terminal()
        answer = client.get(f"/api/tables/{tid}/view", params={"step": step}, headers=headers)
        assert answer.status_code == 200, answer.text
        yield None if seat is None else seat["seat"], step, over, answer.text


def stepped(recipient: int | None, messages: list[str]) -> Iterable[tuple[int | None, int, bool, str]]:
    """Each message with the step of the position it was sent at (the last view's), and whether
    the game was over by then."""
    step, over = 0, False
    for text in messages:
        message = json.loads(text)
        if message["type"] == "view":
            step, over = message["step"], over or message["terminal"]
        yield recipient, step, over, text


def engine_observations(live: Any, players: int) -> list[dict[int | None, set[str]]]:
    """Every seat's (and a spectator's) observation tokens after each step, replayed by the engine."""
    rec = live.rec
    match = Match.start(live.game, rec.players, rec.seed, rec.options, [Seat(s.name, s.kind) for s in rec.seats])
    viewers: list[int | None] = [*range(players), None]
    out = [{v: tokens(match.state.observation(v)) for v in viewers}]
    for entry in live.match.history:
        match.play(entry.action)
        out.append({v: tokens(match.state.observation(v)) for v in viewers})
    return out


def check_needles(received: list[tuple[int | None, int, bool, str]], seed: int,
                  observed: list[dict[int | None, set[str]]]) -> int:
    """Check every message; returns how many carried other seats' hidden values to look for."""
    patterns: dict[str, re.Pattern[str]] = {}
    players = len(observed[0]) - 1
    # what each recipient may know at each step: everything its own observations held up to then
    known: dict[int | None, list[set[str]]] = {}
    for viewer in observed[0]:
        so_far: set[str] = set()
        known[viewer] = [so_far := so_far | at[viewer] for at in observed]
    hands_checked = 0
    for recipient, step, over, text in received:
        message = json.loads(text)
        if not over:
            for needle in seed_needles(seed):
                assert needle not in text, f"the seed reached recipient {recipient} at step {step}: {text[:200]}"
        seen = known[recipient][step] | {s["name"] for s in message.get("seats", [])}
        hidden: set[str] = set()
        for other in range(players):
            if other != recipient:
                hidden |= observed[step][other]
        hidden -= seen
        if not hidden:
            continue
        flat, lines = searchable(message)
        own = message.get("observation")
        for token in hidden:
            assert json.dumps(token) not in flat, f"{token!r} reached recipient {recipient} at step {step}"
            if own is not None and message.get("step") == step:
                assert token not in tokens(own), f"{token!r} is in recipient {recipient}'s observation"
            found = patterns.setdefault(token, readable(token)).search(lines)
            assert found is None, (f"{token!r} reached recipient {recipient} at step {step} in: "
                                   f"...{lines[max(0, found.start() - 80):found.end() + 40]}...")
        hands_checked += 1
    return hands_checked


def test_the_server_chooses_64_bit_seeds(client: TestClient) -> None:
    """Server seeds come from the operating system's generator with 64 bits (a 31-bit seed can be
    found by trying them all against one's own hand)."""
    seeds = []
    for _ in range(8):
        tid = create(client, "academic-society", 2)["table_id"]
        seeds.append(client.app.state.hub.tables[tid].rec.seed)  # type: ignore[attr-defined]
    assert all(0 <= s < 2**64 for s in seeds) and len(set(seeds)) == 8
    assert max(seeds) >= 2**53, "eight 64-bit seeds all below 2**53 would happen once in 2**88"


def test_a_chosen_seed_is_marked_for_everyone(client: TestClient) -> None:
    """Whoever chose the seed can know every card: the table says so in the lobby, its summary and
    every view; a server-chosen seed is not marked."""
    seats = [{"name": "Ana"}, {"name": "Ben", "open": True}]  # an open seat: the lobby lists it
    chosen = create(client, "high-school-drama", 2, seats, seed=42)
    drawn = create(client, "high-school-drama", 2, seats)
    lobby = {t["table_id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert lobby[chosen["table_id"]]["seed_chosen"] is True
    assert lobby[drawn["table_id"]]["seed_chosen"] is False
    assert client.get(f"/api/tables/{chosen['table_id']}").json()["seed_chosen"] is True
    with seated(client, chosen["table_id"], None) as watcher:
        assert watcher.view["seed_chosen"] is True and watcher.view["seed"] is None
    with seated(client, drawn["table_id"], drawn["seats"][0]["secret"]) as ana:
        assert ana.view["seed_chosen"] is False and ana.view["seed"] is None


def test_the_replay_waits_for_the_end(client: TestClient) -> None:
    """The replay file holds the seed: refused while the game runs, given to anyone after it, and it
    rebuilds the same game."""
    table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"kind": "random"}])
    tid = table["table_id"]
    early = client.get(f"/api/tables/{tid}/replay")
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
    from server_helpers import play_with_bots

    with seated(client, tid, table["seats"][0]["secret"]) as ana:
        final = play_with_bots(ana, 0, random.Random(3))
    seed = client.app.state.hub.tables[tid].rec.seed  # type: ignore[attr-defined]
    assert final["seed"] == seed
    # a past step's view is the same whenever it is asked for: never the seed, even after the end
    for step in (0, 1, final["step"] - 1):
        past = client.get(f"/api/tables/{tid}/view", params={"step": step}).json()
        assert past["replay"] is True and past["seed"] is None, step
    done = client.get(f"/api/tables/{tid}/replay")
    assert done.status_code == 200 and "attachment" in done.headers["content-disposition"]
    rebuilt = Match.from_replay(done.json())
    assert rebuilt.state.is_terminal() and rebuilt.seed == seed
    assert [s.to_json() for s in rebuilt.state.scores()] == final["scores"]


def test_no_server_log_line_carries_the_seed(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Creating a table, playing, bad requests and a refused duplicate write leave no seed in the log."""
    caplog.set_level("DEBUG")
    table = create(client, "academic-society", 2, [{"name": "Ana"}, {"kind": "random"}])
    tid = table["table_id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rec = hub.tables[tid].rec
    with seated(client, tid, table["seats"][0]["secret"]) as ana:
        ana.act({"type": "NoSuchMove"})
        ana.until("error")
        ana.act(ana.view["legal"][0]["action"] if ana.view["legal"] else {"type": "x"})
    try:
        hub.store.create_table(rec)  # the same table again: the database refuses it
    except Exception as err:
        import logging

        logging.getLogger("homeroom.server").exception("refused: %s", err)
    text = caplog.text
    assert "refused" in text
    for needle in seed_needles(rec.seed):
        assert needle not in text
