"""``hard`` thinks a turn, not a decision (issue 36): a budget a turn, the tree carried from one
decision of the turn to the next, forced and indistinguishable decisions at once, and a search
that stops once its choice cannot change. Deterministic on a fixed seed throughout."""

from __future__ import annotations

from typing import Any

import pytest

from homeroom import games
from homeroom.agents import make_agent
from homeroom.agents.levels import HARD_TURN_FACTOR, HardAgent, alike
from homeroom.engine.rng import Rng


def long_turn(game_id: str = "class-of-89", players: int = 3, seed: int = 2) -> Any:
    """A position where the seat to move has a real choice, then another in the same turn."""
    state = games.get(game_id).new_state(players, seed)
    rng = Rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        seat = state.to_move
        if len(legal) > 1:
            for action in legal:
                after = state.clone()
                after.apply(action)
                if (after.to_move == seat and after.turn_seat() == state.turn_seat()
                        and len(after.legal_actions()) > 1):
                    return state
        state.apply(rng.choice(legal))
    raise AssertionError("no turn of two real decisions")


def play_turn(bot: HardAgent, state: Any) -> list[tuple[str, int, int]]:
    """The bot plays the whole turn from ``state``: (move, new iterations, visits carried over) each."""
    state = state.clone()
    seat, turn = state.to_move, state.turn_seat()
    out = []
    while not state.is_terminal() and state.to_move == seat and state.turn_seat() == turn:
        action = bot.choose(state, seat)
        out.append((repr(action), bot.last_iterations, bot.last_reused))
        state.apply(action)
    return out


def test_a_turn_never_exceeds_its_iteration_budget_and_carries_its_tree_on() -> None:
    start = long_turn()
    bot = HardAgent(seed=3, iterations=30, seconds=60, turn_iterations=40)
    moves = play_turn(bot, start)
    assert len(moves) >= 2
    assert sum(n for _, n, _ in moves) <= 40  # before: 30 a decision, 60+ for two decisions
    assert bot.turn_used <= 40 and bot.turn_decisions == len(moves)
    assert moves[1][2] > 0  # the second decision started from the subtree of the first move
    assert moves[0][1] == 30  # the first decision had its whole decision budget (nothing settled at 30)


def test_the_default_turn_budget_is_twice_the_games_decision_budget() -> None:
    start = long_turn()
    bot = make_agent("hard:seconds=60")
    assert isinstance(bot, HardAgent)
    assert bot.turn_budget(start) == HARD_TURN_FACTOR * 1000 == 2000
    assert bot.budget() == "1000 iterations a decision, 2x that a turn, or 60 s a turn"


def test_hard_is_deterministic_on_a_fixed_seed_across_a_turn() -> None:
    start = long_turn()
    runs = [play_turn(HardAgent(seed=9, iterations=40, seconds=60, turn_iterations=60), start) for _ in range(2)]
    assert runs[0] == runs[1]
    other = play_turn(HardAgent(seed=9, iterations=40, seconds=60, turn_iterations=60), long_turn(seed=4))
    assert other != runs[0]  # the figures do depend on the position


def test_a_forced_decision_is_played_without_search(monkeypatch: pytest.MonkeyPatch) -> None:
    state = games.get("class-of-89").new_state(3, 2)
    rng = Rng(2)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    bot = HardAgent(seed=1)

    def no_search(*_: Any, **__: Any) -> Any:
        raise AssertionError("searched a forced decision")

    monkeypatch.setattr(bot, "search", no_search)
    seat = state.to_move
    assert seat is not None
    assert bot.choose(state, seat) == state.legal_actions()[0]
    assert bot.last_iterations == 0 and bot.last_reason == "the only legal action"


def test_actions_that_lead_to_the_same_position_are_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    state = long_turn()
    seat = state.to_move
    legal = state.legal_actions()
    assert alike(state, seat, [legal[0], legal[0]])
    assert not alike(state, seat, legal[:2])
    bot = HardAgent(seed=1)
    monkeypatch.setattr(bot, "search", lambda *a, **k: (_ for _ in ()).throw(AssertionError("searched")))
    monkeypatch.setattr(type(state), "legal_actions", lambda self: [legal[0], legal[0]])
    assert bot.choose(state, seat) == legal[0]
    assert bot.last_reason == "every action leads to the same position"


def test_a_settled_search_stops_early_with_the_same_move() -> None:
    state = games.get("high-school-drama").new_state(2, 23)
    rng = Rng(23)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    full = HardAgent(seed=5, iterations=600, seconds=60)
    full.settle = False
    early = HardAgent(seed=5, iterations=600, seconds=60)
    assert full.choose(state, seat) == early.choose(state, seat)
    assert full.last_iterations == 600 > early.last_iterations


def test_a_fresh_bot_told_its_step_in_the_turn_spends_that_share() -> None:
    start = long_turn()
    for k, spent in ((0, 40), (1, 20), (2, 10), (3, 5)):
        bot = HardAgent(seed=3, iterations=40, seconds=60)
        bot.settle = False
        bot.turn_step = k  # what the server says: a fresh bot each decision, no tree to carry
        bot.choose(start, start.to_move)
        assert bot.last_iterations == spent, k


def test_the_server_tells_hard_its_step_in_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    import pickle

    from homeroom.server.bots import think

    start = long_turn()
    seen: list[int | None] = []

    def record(self: HardAgent, state: Any, seat: int) -> Any:
        seen.append(self.turn_step)
        return state.legal_actions()[0]

    monkeypatch.setattr(HardAgent, "choose", record)
    think(pickle.dumps(start), start.to_move, "hard", 1, False, 2)
    assert seen == [2]


def test_academic_society_keeps_a_whole_budget_for_every_decision_of_a_turn() -> None:
    """Sharing a turn's budget made ``hard`` weaker in Academic Society (BOTS.md: 7 of 26 paired
    games against a budget a decision): there every searched decision of a turn keeps a whole
    decision budget of new iterations, while games that share it still halve."""
    from homeroom.agents.evaluation import settings

    start = long_turn("academic-society", 2, seed=4)
    assert not settings("academic-society").hard_turn_shares and settings("class-of-89").hard_turn_shares
    budget = settings("academic-society").hard_budget(2, 1000)
    bot = make_agent("hard:seconds=60")
    assert isinstance(bot, HardAgent)
    bot.settle = False
    bot.turn_step = 2  # the third searched decision of a turn: a quarter where turns share
    bot.choose(start, start.to_move)
    assert bot.last_iterations == budget
