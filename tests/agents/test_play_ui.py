"""Bots in the terminal game: thinking in the background, and 'hint'."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from homeroom import games
from homeroom.agents import make_agent
from homeroom.agents.base import Agent, AgentError
from homeroom.cli.main import app
from homeroom.cli.play import TerminalGame
from homeroom.engine.actions import Action
from homeroom.engine.match import Match, Seat
from homeroom.engine.state import State
from terminal_input import scripted


def ui(agents: list[Agent | None], lines: list[str], hint: Agent | None = None) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    match = Match.start(games.get("toy"), len(agents), 3, {}, [Seat(f"P{i}", "x") for i in range(len(agents))])
    read = scripted(lines)

    return TerminalGame(match, agents, Console(file=out, width=100), read, hint=hint), out


def test_hint_suggests_a_legal_move_with_its_reason() -> None:
    game, out = ui([None, make_agent("greedy")], ["hint", "q"], hint=make_agent("mcts:iterations=50", seed=1))
    game.run()
    text = out.getvalue()
    assert "Hint: " in text and "visits" in text
    number = int(text.split("Hint: ")[1].split()[0])
    assert 1 <= number <= len(game.state.legal_actions())


def test_hint_says_why_in_the_learner_modes_words() -> None:
    """The terminal hint gives the same explanation as the web's "Suggest a move" (issue 31)."""
    from homeroom.agents.advice import explain

    game, out = ui([None, make_agent("greedy")], ["hint", "q"], hint=make_agent("medium", seed=1))
    state = game.state.clone()
    game.run()
    text = " ".join(out.getvalue().split())
    action = make_agent("medium", seed=1).choose(state, 0)
    lines = explain(state, 0, action, seed=0)
    assert lines and all(" ".join(line.split()) in text for line in lines), (lines, text)


def test_hint_without_the_flag_says_how_to_turn_it_on() -> None:
    game, out = ui([None, make_agent("greedy")], ["hint", "q"])
    game.run()
    assert "--hint" in out.getvalue()


class Watcher(Agent):
    """Records the thread it was called on; must not be the UI's thread."""

    name = "watcher"

    def __init__(self) -> None:
        self.threads: set[str] = set()

    def choose(self, state: State, seat: int) -> Action:
        import threading

        self.threads.add(threading.current_thread().name)
        return self.check_turn(state, seat)[0]

    def budget(self) -> str:
        return "no time at all"


def test_bots_think_on_a_background_thread_on_a_copy() -> None:
    bot = Watcher()
    game, _ = ui([bot, make_agent("random")], [])
    before = game.state
    action = game.think(bot, game.state.to_move, "thinking")
    assert bot.threads == {"homeroom-bot"}
    assert action in game.state.legal_actions() and game.state is before


def test_a_bot_error_in_the_background_reaches_the_ui() -> None:
    class Broken(Agent):
        def choose(self, state: State, seat: int) -> Action:
            raise AgentError("cannot move")

    game, _ = ui([Broken(), make_agent("random")], [])
    try:
        game.think(Broken(), 0, "thinking")
    except AgentError as err:
        assert "cannot move" in str(err)
    else:  # pragma: no cover
        raise AssertionError("the error was swallowed")


def test_play_command_accepts_hint() -> None:
    out = CliRunner().invoke(app, ["play", "toy", "--seat", "greedy", "--seat", "greedy", "--seed", "1", "--hint"])
    assert out.exit_code == 0, out.output
    assert "game over" in out.output.lower() or "win" in out.output.lower()
