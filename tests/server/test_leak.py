"""No message to a seat or a spectator tells it anything its own observation does not.

Whole games of each title are played by scripted people at every seat while a spectator watches.
At every version, the names of cards and other hidden values that some seat's observation holds
but this seat has never seen in its own observations must not appear anywhere in what this seat
was sent: not in the legal actions, the log, the scores, the notices or anywhere else (as data or
as readable names). Values of the whole state that no observation of this seat held (deck
orders, face-down cards) must not appear as data anywhere in what it was sent.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create, seated, wholes

from homeroom.engine.match import Match, Seat

CASES = [("high-school-drama", 3, 4), ("academic-society", 3, 5), ("class-of-89", 2, 6)]


def tokens(value: Any, out: set[str] | None = None, keys: bool = True) -> set[str]:
    """Every string (dict keys too) in an observation that could name a hidden thing."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for key, item in value.items():
            if keys:
                tokens(key, out)
            tokens(item, out, keys)
    elif isinstance(value, list):
        for item in value:
            tokens(item, out, keys)
    elif isinstance(value, str) and len(value) >= 4 and not value.isdigit():
        out.add(value)
    return out


def searchable(message: dict[str, Any]) -> tuple[str, str]:
    """What to search a received message for hidden values: its JSON without the recipient's own
    observation (what it may see, by definition), and its readable lines (log, legal actions,
    notice and error texts) joined."""
    body = dict(message)
    body.pop("observation", None)
    lines = " | ".join(
        [line["text"] for line in message.get("log", [])]
        + [entry["text"] for entry in message.get("legal", [])]
        + [str(message.get("text", "")), str(message.get("message", ""))])
    return json.dumps(body), lines


def readable(token: str) -> re.Pattern[str]:
    """``tennis-star`` as it would read in a log line: 'Tennis Star'."""
    words = re.split(r"[-_\s]+", token)
    return re.compile(r"\b" + r"[\s\-_]+".join(re.escape(w) for w in words) + r"\b", re.IGNORECASE)


@pytest.mark.parametrize(("game", "players", "seed"), CASES, ids=[c[0] for c in CASES])
def test_nothing_leaks_to_seats_or_spectators(client: TestClient, game: str, players: int, seed: int) -> None:
    table = create(client, game, players, [{"name": n} for n in ["Ana", "Ben", "Cleo"][:players]], seed=seed)
    tid = table["table_id"]
    rng = random.Random(seed)
    with ExitStack() as stack:
        seats = [stack.enter_context(seated(client, tid, s["secret"])) for s in table["seats"]]
        watcher = stack.enter_context(seated(client, tid, None))
        everyone: list[Player] = [*seats, watcher]
        for _ in range(3000):
            view = seats[0].view
            if view["terminal"]:
                break
            mover = seats[view["to_move"]]
            assert mover.view["legal"], "the seat to move is offered its actions"
            for other in seats:
                if other is not mover:
                    assert other.view["legal"] == [], "only the seat to move sees legal actions"
            mover.act(rng.choice(mover.view["legal"])["action"])
            for player in everyone:
                player.until_view(view["version"] + 1)
        else:
            pytest.fail("the game did not end")
        check_no_leaks(everyone, players, full_states(client, tid))


def full_states(client: TestClient, table_id: str) -> dict[int, set[str]]:
    """The values of the whole state (deck orders included) after each step, from the engine."""
    live = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    rec = live.rec
    match = Match.start(live.game, rec.players, rec.seed, rec.options, [Seat(s.name, s.kind) for s in rec.seats])
    out = {0: tokens(match.state.to_dict(), keys=False)}
    for step, entry in enumerate(live.match.history, start=1):
        match.play(entry.action)
        out[step] = tokens(match.state.to_dict(), keys=False)
    return out


def check_no_leaks(everyone: list[Player], players: int, full: dict[int, set[str]]) -> None:
    # each recipient's observation at each version
    observed: dict[int, dict[int, set[str]]] = defaultdict(dict)
    for index, player in enumerate(everyone):
        for text in wholes(player.messages):
            message = json.loads(text)
            if message["type"] == "view":
                seat = message["seat"]
                assert seat == (index if index < players else None), "each socket gets its own seat's view"
                observed[index][message["version"]] = tokens(message["observation"])
    versions = sorted(observed[0])
    patterns: dict[str, re.Pattern[str]] = {}
    checked = 0
    for index, player in enumerate(everyone):
        known: set[str] = set()
        version = -1
        for text in wholes(player.messages):
            message = json.loads(text)
            if message["type"] == "view":
                version = message["version"]
                known |= {s["name"] for s in message["seats"]}  # the table's public seat names
                # and its options (the lobby and GET /api/tables/{id} show them to anyone)
                known |= tokens(message.get("options", {}), keys=False)
            if version < 0:
                continue
            at = max(v for v in versions if v <= version)
            known |= observed[index].get(at, set())
            # hidden from everyone (deck orders...): must never appear as a value in what was sent
            secret_from_all = {t for t in full[at] if " " not in t} - known
            hidden: set[str] = set()
            for other in range(players):
                if other != index:
                    hidden |= observed[other].get(at, set())
            hidden -= known
            if not hidden and not secret_from_all:
                continue
            flat, lines = searchable(message)
            for token in secret_from_all - hidden:
                assert json.dumps(token) not in flat, f"{token!r} leaked to recipient {index}: {flat[:300]}"
            for token in hidden:
                assert json.dumps(token) not in flat, f"{token!r} leaked to recipient {index}: {flat[:300]}"
                pattern = patterns.setdefault(token, readable(token))
                found = pattern.search(lines)
                assert found is None, f"{token!r} leaked to recipient {index} in: ...{lines[max(0, found.start() - 80):found.end() + 40]}..."
            checked += 1
    assert checked > 0, "the check saw hidden information to protect"
