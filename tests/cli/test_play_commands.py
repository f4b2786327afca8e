"""The terminal game's commands, one test per item of issue 16's "screen" and "choices" sections."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from homeroom import games
from homeroom.agents import make_agent
from homeroom.agents.base import Agent
from homeroom.cli.play import Menu, TerminalGame
from homeroom.engine.actions import Action
from homeroom.engine.match import Match, Seat
from homeroom.engine.state import State
from terminal_input import scripted

ROOT = Path(__file__).resolve().parents[2]


def ui(game: str, lines: list[str], agents: list[Agent | None] | None = None, seed: int = 3,
       width: int = 100, height: int = 40) -> tuple[TerminalGame, io.StringIO]:
    agents = agents if agents is not None else [None, make_agent("random", seed=1)]
    out = io.StringIO()
    match = Match.start(games.get(game), len(agents), seed, {}, [Seat(n) for n in ("Ana", "Ben", "Cy")[:len(agents)]])
    read = scripted(lines)

    console = Console(file=out, width=width, height=height)
    return TerminalGame(match, agents, console, read), out


def reach(game: str, wanted: type[Action], players: int = 2, seed: int = 1) -> State:
    """A position of ``game`` (random play) where the seat to move may take a ``wanted`` action."""
    rng = random.Random(seed)
    state = games.get(game).new_state(players, seed, {}, names=["Ana", "Ben", "Cy"][:players])
    for _ in range(3000):
        legal = state.legal_actions()
        if any(isinstance(a, wanted) for a in legal):
            return state
        state.apply(rng.choice(legal))
        assert not state.is_terminal()
    raise AssertionError(f"no {wanted.__name__} reached")


# ---------------------------------------------------------------- choice steps
def test_choice_steps_default_is_the_action_line() -> None:
    state = games.get("toy").new_state(2, 1, {}, names=["Ana", "Ben"])
    for action in state.legal_actions():
        assert state.choice_steps(action) == (state.describe_action(action),)


def test_class_of_89_offers_a_card_then_where_with_what_it_does() -> None:
    from homeroom.games.class_of_89.actions import Take

    state = reach("class-of-89", Take)
    takes = [a for a in state.legal_actions() if isinstance(a, Take)]
    steps = [state.choice_steps(a) for a in takes]
    assert all(len(s) == 2 for s in steps)
    assert all(s[0].startswith("Take ") and "(" in s[0] for s in steps)  # name and clubs / scoring
    assert all(s[1].startswith(("at row", "at grid row", "into your staff")) for s in steps)
    assert len({s[0] for s in steps}) < len(takes)  # grouped: fewer cards than placements


def test_high_school_drama_hookup_is_whom_then_where() -> None:
    from homeroom.games.high_school_drama.actions import HookUp

    state = reach("high-school-drama", HookUp)
    hookups = [a for a in state.legal_actions() if isinstance(a, HookUp)]
    for action in hookups:
        first, second = state.choice_steps(action)
        assert first.startswith("Hook up with ") and "cool" in first and "heart" in first
        assert " of " in second


def test_academic_society_treatise_shows_what_it_does() -> None:
    from homeroom.games.academic_society.actions import TakeTreatise
    from homeroom.games.academic_society.components import components

    state = reach("academic-society", TakeTreatise, seed=2)
    action = next(a for a in state.legal_actions() if isinstance(a, TakeTreatise))
    first, second = state.choice_steps(action)
    assert components().treatises[action.tile].text in first
    assert second.startswith("to your ")


def test_menu_steps_back_and_unique_paths() -> None:
    menu = Menu(["a", "b", "c", "d"], [("X", "1"), ("X", "2"), ("Y", "1"), ("Y", "1")])  # type: ignore[list-item]
    assert [label for label, _ in menu.options()] == ["X", "Y"]
    assert menu.choose("X") is None and [label for label, _ in menu.options()] == ["1", "2"]
    assert menu.choose("2") == "b"
    assert menu.back() and menu.back() and not menu.back()
    menu.choose("Y")
    menu.choose("1")  # two actions with equal steps are told apart by a last step
    assert [label for label, _ in menu.options()] == ["option 1", "option 2"]


def test_choosing_in_steps_in_the_terminal() -> None:
    game, out = ui("class-of-89", ["1", "4", "back", "1", "1", "q"])  # side A, Treasurer, back, Editor, ...
    game.run()
    text = out.getvalue()
    assert "Send your Treasurer" in text and "Chosen: Send your Treasurer" in text
    assert "Chosen: Send your Editor" in text
    assert any(type(e.action).__name__ == "Place" for e in game.match.history)


# ---------------------------------------------------------------- filters, why, kinds
def test_a_filter_ends_with_its_decision_and_an_empty_one_shows_all() -> None:
    game, out = ui("class-of-89", ["/zzz", "/side B", "1", "q"])
    game.run()
    text = out.getvalue()
    assert "No action contains 'zzz': all 2 are shown." in text
    assert "1 of 2 actions contain 'side B'" in text
    assert game.match.history[0].action.describe().endswith("side B of your column completion board")
    after = text.split("Since your last decision")[-1]
    assert "contain" not in after and game.filter == ""


def test_why_works_on_what_the_screen_shows() -> None:
    game, out = ui("class-of-89", ["why 2", "why side A", "why flying car", "why Bogus x=1", "why ChooseSide side=Q",
                                   "kinds", "q"])
    game.run()
    text = out.getvalue()
    assert "'Use side B of your column completion board' is legal now." in text
    assert "'Use side A of your column completion board' is legal now." in text  # one action reads so
    assert "none of the choices you have now reads 'flying car'" in " ".join(text.split())
    assert "no such action kind 'Bogus'" in text and "ChooseSide" in text
    assert "side=<str> now: 'A', 'B'" in text


def test_seats_are_typed_from_1() -> None:
    game, out = ui("toy", [], agents=[None, make_agent("random", seed=1)])
    game.new_menu()
    with pytest.raises(Exception, match="no such player 'Zed': choose one of 1 Ana, 2 Ben"):
        game.find_seat("Zed")
    assert game.find_seat("2") == 1 and game.find_seat("ben") == 1


def test_rival_is_a_seat_number_from_1() -> None:
    from homeroom.engine.errors import IllegalAction
    from homeroom.games.high_school_drama.actions import Breakup

    game, _ = ui("high-school-drama", [])
    action = game.parse_action("Breakup performer=a rival=2 card=b", [])
    assert isinstance(action, Breakup) and action.rival == 1
    with pytest.raises(IllegalAction, match="no such seat 3: seats are 1-2"):
        game.parse_action("Breakup performer=a rival=3 card=b", [])


# ---------------------------------------------------------------- screen, board, log
def test_the_screen_has_a_marker_for_the_player_to_move_and_the_decision() -> None:
    game, out = ui("class-of-89", ["q"])
    game.run()
    text = out.getvalue()
    assert ">1 Ana" in text and " 2 Ben" in text
    assert "Deciding: Ana must choose the side of their column completion board" in text
    assert "Ben (random)" in text and "'help'" in text


def test_board_name_and_log_n() -> None:
    game, out = ui("class-of-89", ["1", "board Ben", "board Zed", "log 2", "q"])
    game.run()
    text = out.getvalue()
    assert "== Ben:" in text  # Ben's yearbook alone
    assert "no such player 'Zed'" in text
    tail = text.split("no such player 'Zed'")[1].split("Quit")[0].splitlines()[1:]
    log = game.match.log(0)
    assert tail == ["  " + log[-2], "  " + log[-1]]


def test_undo_says_what_it_took_back() -> None:
    game, out = ui("class-of-89", ["1", "undo", "q"])
    game.run()
    assert "Took back your Use side A of your column completion board" in out.getvalue()


def test_quit_asks_before_throwing_away_an_unsaved_game() -> None:
    game, out = ui("class-of-89", ["1", "quit", "n", "quit", "y"])
    assert game.run() is False
    text = out.getvalue()
    assert "not saved. Quit anyway?" not in text  # the question is the prompt itself
    assert "Not quitting." in text and "Quit without saving" in text


def test_quit_with_a_save_file_saves(tmp_path: Path) -> None:
    game, out = ui("class-of-89", ["1", "quit"])
    game.save_path = tmp_path / "g.json"
    assert game.run() is False
    assert "Saved to" in out.getvalue() and game.save_path.exists()


def test_the_first_screen_fits_80x24() -> None:
    for game_id in ("class-of-89", "academic-society", "high-school-drama"):
        game, out = ui(game_id, ["q"], width=80, height=24)
        game.run()
        screen = out.getvalue().split("Quit without saving")[0].splitlines()
        assert len(screen) <= 23, (game_id, len(screen))  # and the prompt on the 24th
        assert all(len(line) <= 80 for line in screen)


# ---------------------------------------------------------------- install
def test_make_play_installs_the_runtime_only() -> None:
    makefile = (ROOT / "Makefile").read_text()
    play = next(line for line in makefile.splitlines() if line.startswith("play:"))
    assert "$(RUNTIME)" in play and "$(STAMP)" not in play
    runtime = makefile.split("$(RUNTIME): pyproject.toml")[1].split("\n\n")[0]
    assert "install --quiet -e .\n" in runtime + "\n" and "[dev]" not in runtime
    assert "license = {" not in (ROOT / "pyproject.toml").read_text()  # the deprecated table form


def test_all_lists_every_action_and_its_numbers_choose() -> None:
    game, out = ui("class-of-89", ["1", "all", "12", "q"])
    game.run()
    text = out.getvalue()
    assert "All 32 actions ('back' for the menu in steps)." in text
    index = next(i for i, e in enumerate(game.match.history) if i > 0 and e.seat == 0)
    replay = Match.start(game.match.game, 2, 3, {}, game.match.seats)
    for entry in game.match.history[:index]:
        replay.play(entry.action)
    assert replay.state.legal_actions()[11] == game.match.history[index].action


def test_score_categories_in_human_words() -> None:
    game, out = ui("class-of-89", ["score", "q"])
    game.run()
    assert "Wildcat Way" in out.getvalue() and "wildcat_way" not in out.getvalue()


def test_the_seed_is_in_the_banner_not_in_the_log() -> None:
    game, out = ui("toy", ["log", "q"], seed=918273645)
    game.run()
    text = out.getvalue()
    assert "seed 918273645:" in text.splitlines()[0]  # the player's own banner (issue 30)
    assert text.count("918273645") == 1, "no log line shows the seed"
