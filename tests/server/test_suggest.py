"""Learner mode's "Suggest a move" (issue 31): the ``suggest`` message answers the seat to move with a
legal action and a non-empty why, is refused to spectators, the host, other seats and out of turn,
never tells anything hidden from the seat, and is rate-limited."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import Player, create, seated, server

import homeroom.games.high_school_drama as hsd_package
from homeroom import games
from homeroom.agents.advice import suggest
from homeroom.engine.rng import Rng
from homeroom.server.protocol import ErrorMessage, Suggestion


def ask(player: Player) -> dict:
    player.send({"type": "suggest"})
    while True:
        message = player.receive()
        if message["type"] in ("suggestion", "error"):
            return message


def test_suggestion_for_the_seat_to_move_only(client: TestClient) -> None:
    table = create(client, "high-school-drama", 3, [{"kind": "human", "name": n} for n in ("Ana", "Ben", "Cy")],
                   seed=11)
    tid = table["table_id"]
    secrets = [s["secret"] for s in table["seats"]]
    with seated(client, tid, secrets[0]) as ana, seated(client, tid, secrets[1]) as ben, \
            seated(client, tid, secrets[2]) as cy, seated(client, tid, None) as watcher:
        players = [ana, ben, cy]
        rng = random.Random(2)
        for _ in range(12):  # into the semester, where hands are secret
            mover = players[ana.view["to_move"]]
            mover.until_view(ana.view["version"])
            answer = ask(mover)
            Suggestion.model_validate_json(json.dumps(answer))
            offered = [entry["action"] for entry in mover.view["legal"]]
            assert answer["action"] in offered, answer
            assert answer["text"] in [entry["text"] for entry in mover.view["legal"]]
            assert answer["why"] and all(isinstance(w, str) and w for w in answer["why"])
            assert answer["version"] == mover.view["version"]
            for other in players:
                if other is not mover:
                    refused = ask(other)
                    ErrorMessage.model_validate_json(json.dumps(refused))
                    assert refused["code"] == "not_your_turn", refused
            refused = ask(watcher)
            assert refused["type"] == "error" and refused["code"] == "forbidden", refused
            target = mover.view["version"] + 1
            mover.act(rng.choice(offered))
            for p in players:
                p.until_view(target)
        host = client.websocket_connect(f"/ws/{tid}")
        with host as ws:
            hosted = Player(ws, table["host_secret"])
            ws.send_text(json.dumps({"type": "hello", "secret": table["host_secret"]}))
            hosted.until("view")
            refused = ask(hosted)
            assert refused["code"] == "forbidden", refused


def _catalog_names() -> set[str]:
    """Every drama card and special event name of High School Drama (the cards kept in hands)."""
    data = Path(hsd_package.__file__).parent / "data"
    names: set[str] = set()
    for file in ("events.toml", "drama.toml"):
        for records in tomllib.loads((data / file).read_text()).values():
            if isinstance(records, list):
                names.update(r["name"] for r in records if isinstance(r, dict) and "name" in r)
    return names


def test_a_suggestion_uses_only_what_the_seat_may_know() -> None:
    """Re-dealing everything the seat cannot see never changes its suggestion, and no card name in
    it is one the seat's observation and choices do not already show."""
    game = games.get("high-school-drama")
    names = _catalog_names()
    assert len(names) > 40
    checked = 0
    for seed in range(3):
        state = game.new_state(3, seed, {})
        rng = random.Random(seed)
        for step in range(120):
            if state.is_terminal():
                break
            seat = state.to_move
            if step % 7 == 3 and len(state.legal_actions()) > 1:
                advice = suggest(state, seat, seed=5)
                other_world = state.determinize(seat, Rng(1000 + step))  # others' hands and decks re-dealt
                assert suggest(other_world, seat, seed=5).to_json() == advice.to_json()
                visible = json.dumps(state.observation(seat)) + " ".join(
                    state.describe_action(a) for a in state.legal_actions())
                said = advice.text + " " + " ".join(advice.why)
                leaked = [n for n in names if n in said and n not in visible]
                assert not leaked, (leaked, said)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 10


def test_suggestions_are_rate_limited(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path / 'db.sqlite'}", limits=None) as client:
        table = create(client, "academic-society", 2, [{"kind": "human"}, {"kind": "human"}], seed=3)
        secrets = [s["secret"] for s in table["seats"]]
        with seated(client, table["table_id"], secrets[0]) as ana, \
                seated(client, table["table_id"], secrets[1]) as ben:
            mover = [ana, ben][ana.view["to_move"]]
            answers = [ask(mover) for _ in range(13)]
    assert all(a["type"] == "suggestion" for a in answers[:12]), answers[:12]
    assert answers[12]["code"] == "rate_limited" and "suggestions" in answers[12]["message"]


def test_the_why_parts_add_up_to_the_bots_evaluation() -> None:
    """The named parts a "why" compares are the evaluation's own terms: score + parts = estimate."""
    from homeroom.games.academic_society.bots import static_values
    from homeroom.games.academic_society.bots import value_parts as as_parts
    from homeroom.games.high_school_drama.bots import value_parts as hsd_parts
    from homeroom.games.high_school_drama.bots import values as hsd_values

    for game, parts, estimate in (("academic-society", as_parts, lambda s, seat: static_values(s)[seat]),
                                  ("high-school-drama", hsd_parts, lambda s, seat: hsd_values(s, seat)[seat])):
        state = games.get(game).new_state(3, 2, {})
        rng = random.Random(0)
        for _ in range(150):
            if state.is_terminal():
                break
            for seat in range(3):
                total = float(state.scores()[seat].total)
                assert abs(total + sum(parts(state, seat).values()) - estimate(state, seat)) < 1e-6, game
            state.apply(rng.choice(state.legal_actions()))
