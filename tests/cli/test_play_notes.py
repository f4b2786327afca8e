"""The terminal game's warnings above the prompt and 'keep all' (issue 31)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from homeroom import games
from homeroom.agents import make_agent
from homeroom.agents.base import Agent
from homeroom.cli.play import TerminalGame
from homeroom.engine.match import Match, Seat
from homeroom.games.academic_society.actions import Maintain
from terminal_input import scripted


def game_at(match: Match, lines: list[str]) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    read = scripted(lines)

    console = Console(file=out, width=100, height=40)
    return TerminalGame(match, [None, make_agent("random", seed=1)], console, read), out


def test_the_screen_warns_before_the_automatic_rule() -> None:
    match = Match.start(games.get("academic-society"), 2, 3, {}, [Seat("Ana"), Seat("Ben")])
    ui, out = game_at(match, ["notes"])
    ui.run()
    text = " ".join(out.getvalue().split())
    assert "red arrow. A tie" in text or "red arrow. Gaining" in text  # 'notes': the whole warning
    assert "[Phase 4: Effects of Contribution]" in text
    assert "Heads up: You are lowest on Contribution" in text and "('notes': more)" in text
    assert text.index("Heads up") > text.index("Deciding:")  # under the choices, above the prompt


def test_keep_all_keeps_every_scholar_with_one_command() -> None:
    rng = random.Random(2)
    for seed in range(1, 40):
        match = Match.start(games.get("academic-society"), 2, seed, {}, [Seat("Ana"), Seat("Ben")])
        state = match.state
        while not state.is_terminal() and not (state.to_move == 0 and state.batches(0)):
            legal = state.legal_actions()
            keeps = [a for a in legal if isinstance(a, Maintain) and a.keep]
            match.play(keeps[0] if keeps and state.round > 1 else rng.choice(legal))
            if state.round > 2:
                break
        if state.to_move == 0 and state.batches(0):
            break
    else:
        raise AssertionError("no Keep all reached")
    count = state.batches(0)[0]["count"]
    start = len(match.history)
    ui, out = game_at(match, ["keep all"])
    ui.run()
    screen = " ".join(out.getvalue().split())
    assert "keep all Keep all" in screen, screen[:2000]
    mine = [e.action for e in match.history[start:] if e.seat == 0]
    assert mine[:count] == [a for a in mine[:count] if isinstance(a, Maintain) and a.keep]
    assert len([a for a in mine if isinstance(a, Maintain) and a.keep]) == count >= 2


@pytest.mark.parametrize("game_id", ["academic-society", "class-of-89", "high-school-drama"])
def test_why_takes_a_piece_name_and_never_asks_for_json(game_id: str) -> None:
    """'why' with a word that only one choice's text has (as a player types a card's or a space's
    name) explains that choice; text no choice has is answered in the screen's words."""
    match = Match.start(games.get(game_id), 2, 5, {}, [Seat("Ana"), Seat("Ben")])
    state = match.state
    rng = random.Random(5)
    for _ in range(60):  # on to a decision where some choice names a piece no other choice names
        texts = [state.describe_action(a) for a in state.legal_actions()]
        shown = [" ".join((t, *state.choice_steps(a))) for t, a in zip(texts, state.legal_actions(), strict=True)]
        words = sorted({w.strip(".,:;()'") for t in texts for w in t.split()})
        unique = [w for w in words if len(w) > 3 and w.isalpha() and sum(w.lower() in t.lower() for t in shown) == 1]
        if unique:
            break
        match.play(rng.choice(state.legal_actions()))
    assert unique, texts
    seat = state.to_move
    out = io.StringIO()
    read = scripted([f"why {unique[0].lower()}", "why zebra crossing"])
    agents: list[Agent | None] = [None, None]
    ui = TerminalGame(match, agents, Console(file=out, width=100, height=40), read)
    ui.human_turn(seat)
    screen = " ".join(out.getvalue().split())
    chosen = next(t for t in texts if unique[0].lower() in t.lower())
    assert f"'{' '.join(chosen.split())}' is legal now." in screen, screen[-600:]
    assert "none of the choices you have now reads 'zebra crossing'" in screen
    assert "JSON" not in screen.split("zebra crossing")[-1] and "KIND" not in screen.split("zebra crossing")[-1]
