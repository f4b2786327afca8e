"""The difficulty levels: offered everywhere seat kinds are, in every game, and ordered."""

from __future__ import annotations

import dataclasses

import pytest

from homeroom import games
from homeroom.agents import AgentError, kinds, make_agent
from homeroom.agents.greedy import GreedyAgent
from homeroom.agents.levels import HARD_ITERATIONS, LABELS, LEVELS, HardAgent
from homeroom.agents.mcts import MctsAgent
from homeroom.engine.bots import BotSettings
from homeroom.engine.rng import Rng
from homeroom.server.bots import BOT_PRESETS, check_kind
from homeroom.sim.tournament import tournament

GAME_IDS = ["class-of-89", "academic-society", "high-school-drama"]


def test_the_levels_are_seat_kinds_listed_before_the_technical_ones() -> None:
    listed = kinds()
    assert listed[0] == "human"
    for level in ("easy", "medium", "hard"):
        assert level in listed
        assert listed.index(level) < listed.index("greedy") < listed.index("mcts")
    assert list(LEVELS) == ["easy", "medium", "hard"]
    # the web lobby offers them with words a player understands, weakest first
    presets = [p["kind"] for p in BOT_PRESETS]
    assert presets[:3] == ["easy", "medium", "hard"]
    assert all(LABELS[k] for k in LEVELS)
    assert check_kind("hard:seconds=2") == "hard:seconds=2"


def test_each_level_is_its_recipe() -> None:
    easy, medium, hard = make_agent("easy"), make_agent("medium"), make_agent("hard")
    assert isinstance(easy, GreedyAgent) and easy.depth == 0 and easy.epsilon == 0.5 and easy.name == "easy"
    assert isinstance(medium, GreedyAgent) and medium.epsilon == 0 and medium.depth == 2
    assert isinstance(hard, MctsAgent) and hard.iterations == 1000 and hard.seconds == 3.0 and hard.name == "hard"
    assert make_agent("hard:seconds=2,iterations=50").budget() == "50 iterations a decision, 2x that a turn, or 2 s a turn"  # type: ignore[attr-defined]


def test_a_games_hard_budget_applies_from_its_player_count() -> None:
    plain = BotSettings()
    assert [plain.hard_budget(n, 1000) for n in (1, 2, 5)] == [1000, 1000, 1000]
    tuned = BotSettings(hard_iterations=((5, 4000), (4, 3000)))  # pairs in any order
    assert [tuned.hard_budget(n, 1000) for n in (2, 3, 4, 5)] == [1000, 1000, 3000, 4000]


def test_hard_searches_with_the_games_budget_unless_given_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.get("high-school-drama")
    monkeypatch.setattr(game, "bots", dataclasses.replace(game.bots, hard_iterations=((3, 7), (4, 11))))
    for players, own, expected in ((2, None, HARD_ITERATIONS), (3, None, 7), (4, None, 11), (4, 5, 5)):
        state = game.new_state(players, 11)
        rng = Rng(3)
        while len(state.legal_actions()) < 2:
            state.apply(rng.choice(state.legal_actions()))
        seat = state.to_move
        assert seat is not None
        bot = make_agent("hard" if own is None else f"hard:iterations={own}", seed=1)
        assert isinstance(bot, HardAgent)
        bot.seconds = 600.0  # the budget, not the clock, must stop each search
        bot.settle = False  # and all of it (a settled search stops early: tests/agents/test_turns.py)
        assert bot.choose(state, seat) in state.legal_actions()
        assert bot.last_iterations == expected, (players, own)


@pytest.mark.parametrize("spec, words", [
    ("hard:seconds=0", "parameter 'seconds' of 'hard' must be more than 0 and at most 60, not 0"),
    ("hard:iterations=0", "parameter 'iterations' of 'hard' must be at least 1 and at most 1000000, not 0"),
    ("hard:depth=3", "unknown parameter 'depth' for 'hard' (known: iterations, seconds)"),
    ("easy:epsilon=2", "parameter 'epsilon' of 'easy' must be at least 0 and at most 1, not 2"),
    ("easy:epsilon=lots", "parameter 'epsilon' of 'easy' must be a number"),
    ("medium:beam=2", "unknown parameter 'beam' for 'medium' (known: none)"),
    ("hardest", "unknown seat kind 'hardest'"),
])
def test_a_bad_level_spec_is_a_one_line_error(spec: str, words: str) -> None:
    with pytest.raises(AgentError) as err:
        make_agent(spec)
    assert words in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_level_plays_every_game(game_id: str) -> None:
    game = games.get(game_id)
    state = game.new_state(2, 11)
    rng = Rng(3)
    while len(state.legal_actions()) < 2:  # a position with a real choice
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    for spec in ("easy", "medium", "hard:iterations=10"):
        action = make_agent(spec, seed=5).choose(state, seat)
        assert action in state.legal_actions()


def test_the_levels_are_ordered_in_a_small_seeded_match() -> None:
    # High School Drama is the quickest game: on the same rotated deals hard (on a fixed small
    # budget, so the match is reproducible) beats easy, medium beats easy and easy beats random,
    # each in at least 65% of the games (greedy games are cheap, so those get 20)
    for a, b, n in (("hard:iterations=40,seconds=60", "easy", 4), ("medium", "easy", 20), ("easy", "random", 20)):
        report = tournament("high-school-drama", 2, [a, b], n, seed=7)
        assert report["completed"] == n
        first = report["agents"][0]
        assert first["wins"] >= 0.65 * n and first["margin_mean"] > 0, (a, b, report["agents"])
