"""The view carries what boards used to work out themselves (issue 31, "the board code"): the
table's options with the lobby's labels (no fetch of ``/api/tables/{id}``) and each seat's last
moves (no old positions kept), and the last moves never tell a viewer a hidden choice."""

from __future__ import annotations

import random
import re
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import create, seated

from homeroom.engine.events import Event
from homeroom.engine.match import Entry
from homeroom.games.high_school_drama.actions import DrawDrama, PlayCard
from homeroom.server.lastmoves import action_for, humanize, last_moves


def test_the_view_carries_the_tables_options_with_the_lobbys_labels(client: TestClient) -> None:
    table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}],
                   options={"early_graduation": True, "transfer_student": "none", "first_player": 2})
    tid = table["table_id"]
    summary = client.get(f"/api/tables/{tid}").json()
    with seated(client, tid, table["seats"][0]["secret"]) as ana, seated(client, tid, None) as watcher:
        for view in (ana.view, watcher.view):
            assert view["options"] == summary["options"]
            assert view["options"]["early_graduation"] is True
            # in the rulebook's words, as the lobby and the table page say them (options.js)
            labels = view["option_labels"]
            assert labels["early_graduation"] == "Graduate early, after junior year's summer (shorter game)"
            assert labels["transfer_student"] == "No transfer student"
            assert labels["public_draft"] == "Not: Public School Draft (shared face-up drama stacks)"
            assert labels["first_player"] == "Seat 2 (Ben) starts"
            for label in labels.values():
                assert "_" not in label and not label.strip().isdigit() and not label.endswith(": 0"), label
    past = client.get(f"/api/tables/{tid}/view", params={"step": 0}).json()
    assert past["options"]["early_graduation"] is True


def test_humanize_writes_option_names_as_the_lobby_does() -> None:
    assert humanize("solo_extra_abc") == "Solo extra ABC"
    assert humanize("first_player") == "First player"
    assert humanize("wildcatWay") == "Wildcat way"


def _lines_of(view: dict[str, Any], step: int) -> str:
    return " ".join(line["text"] for line in view["log"] if line["step"] == step)


def test_last_moves_per_seat_as_each_viewer_reads_them(client: TestClient) -> None:
    """Two people and a spectator through 80 decisions of High School Drama: after each one, every
    recipient finds the move last in the mover's ``last_moves``, with its log text as that recipient
    reads it; the mover gets its action, the others the action or null, and null whenever a word of
    the action is not in their own log line (the drama kind drawn, a card returned unplayed)."""
    table = create(client, "high-school-drama", 2, [{"name": "Ana"}, {"name": "Ben"}])
    tid = table["table_id"]
    rng = random.Random(31)
    hidden_from_others = 0
    with ExitStack() as stack:
        seats = [stack.enter_context(seated(client, tid, s["secret"])) for s in table["seats"]]
        watcher = stack.enter_context(seated(client, tid, None))
        for _ in range(80):
            view = seats[0].view
            if view["terminal"]:
                break
            mover = view["to_move"]
            action = rng.choice(seats[mover].view["legal"])["action"]
            before = view["version"]
            seats[mover].act(action)
            for recipient, player in [(0, seats[0]), (1, seats[1]), (None, watcher)]:
                got = player.until_view(before + 1)
                step = got["step"]
                last = got["last_moves"][mover][-1]
                assert last["step"] == step
                assert last["text"] == _lines_of(got, step)
                if recipient == mover:
                    assert last["action"] == action
                elif last["action"] is None:
                    hidden_from_others += 1
                else:
                    assert last["action"] == action
                # every seat's moves are of its latest turn, oldest first, and already in the log
                for moves in got["last_moves"]:
                    assert [m["step"] for m in moves] == sorted(m["step"] for m in moves)
                    for m in moves:
                        assert m["text"] == _lines_of(got, m["step"])
    assert hidden_from_others > 0, "High School Drama's drama draws are hidden from the other seats"


def test_a_hidden_choice_reaches_only_the_seat_that_made_it() -> None:
    """The drama kind Ana draws (private draft) reads "draws one of their drama cards" to the
    others: they get the move's text and no action; Ana gets her action. A card played face up,
    named in the line, is given to everyone."""
    draw = Entry(0, DrawDrama("hookup"), [Event("Ana draws one of their drama cards.")], True, (0, None))
    lines = ["Ana draws one of their drama cards."]
    assert action_for(draw, 0, lines) == {"type": "DrawDrama", "drama": "hookup"}
    assert action_for(draw, 1, lines) is None
    assert action_for(draw, None, lines) is None
    play = Entry(0, PlayCard("breakup-vicious-rumor"), [], True, (0, None))
    said = ["Ana plays Breakup (Vicious Rumor) as their final action."]
    assert action_for(play, None, said) == {"type": "PlayCard", "card": "breakup-vicious-rumor"}
    assert action_for(play, 1, ["Ana plays a card."]) is None


def test_last_moves_is_the_latest_turn_of_each_seat() -> None:
    """A seat's moves of its latest turn only (an earlier turn's moves are gone once it moves
    again), with steps counted as in the log."""

    class FakeMatch:
        players = 2

        def __init__(self, history: list[Entry]) -> None:
            self.history = history

    def entry(seat: int, turn: int, drama: str) -> Entry:
        return Entry(seat, DrawDrama(drama), [Event(f"Seat {seat} draws a {drama} drama card.")], True, (seat, turn))

    history = [entry(0, 1, "bond"), entry(0, 1, "hookup"), entry(1, 2, "bond"), entry(0, 3, "breakup"),
               entry(0, 3, "bond")]
    moves = last_moves(FakeMatch(history), None)  # type: ignore[arg-type]
    assert [m["step"] for m in moves[0]] == [4, 5]
    assert [m["step"] for m in moves[1]] == [3]
    assert moves[1][0]["action"] == {"type": "DrawDrama", "drama": "bond"}
    assert re.search("breakup", moves[0][0]["text"])
