"""The greedy and MCTS bots: legal moves only, clear errors, strength, and no peeking."""

from __future__ import annotations

from dataclasses import fields

import pytest

from homeroom import games
from homeroom.agents import AgentError, make_agent
from homeroom.agents.greedy import GreedyAgent
from homeroom.agents.mcts import MctsAgent
from homeroom.engine import Rng
from homeroom.sim.tournament import tournament
from toygame import Done, Draw, Respond, ToyState


class CanonToyState(ToyState):
    """The toy game with a redeal that depends only on the multiset of hidden cards (not on
    their hidden arrangement), so a bot that reads nothing hidden sees exactly the same worlds."""

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        hidden = sorted(self.deck + [c for s, h in enumerate(self.hands) if s != seat for c in h])
        self.deck = hidden[: len(self.deck)]
        pos = len(self.deck)
        for s, hand in enumerate(self.hands):
            if s != seat:
                self.hands[s] = hidden[pos: pos + len(hand)]
                pos += len(hand)
        super().redeal_hidden(seat, rng)


def canon(state: ToyState) -> CanonToyState:
    return CanonToyState(**{f.name: getattr(state, f.name) for f in fields(ToyState)})


def toy_state(hands: list[list[int]], deck: list[int], turn: int = 0, phase: str = "play") -> ToyState:
    state = games.get("toy").new_state(2, 0)
    assert isinstance(state, ToyState)
    state.hands = [list(h) for h in hands]
    state.deck = list(deck)
    state.piles = [[] for _ in hands]
    state.turn, state.phase = turn, phase
    return state


def test_specs_build_the_bots_and_bad_parameters_are_clear_errors() -> None:
    bot = make_agent("mcts:iterations=7,c=1.2", seed=3)
    assert isinstance(bot, MctsAgent) and bot.iterations == 7 and bot.seconds is None
    assert isinstance(make_agent("greedy"), GreedyAgent)
    assert make_agent("mcts").budget() == "1 s per decision"  # type: ignore[attr-defined]
    for bad in ("mcts:iterations=0", "mcts:playout=smart", "mcts:wizard=1", "greedy:beam=0"):
        with pytest.raises(AgentError):
            make_agent(bad)


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=20"])
def test_a_bot_asked_to_move_where_it_cannot_raises(spec: str) -> None:
    bot = make_agent(spec)
    state = toy_state([[1, 5], [2, 3]], [4, 4])
    with pytest.raises(AgentError, match="seat 1"):
        bot.choose(state, 1)
    over = toy_state([[], []], [4])
    assert over.is_terminal()
    with pytest.raises(AgentError, match="ended"):
        bot.choose(over, 0)


def test_mcts_finds_the_obviously_best_move() -> None:
    # the opponent played a 6: objecting costs them a point, allowing costs nothing
    state = toy_state([[1], [3]], [2, 4], turn=0, phase="respond")
    state.responder = 1
    assert MctsAgent(seed=1, iterations=200).choose(state, 1) == Respond(False)
    # after playing, drawing the last card (a 6) beats ending the turn
    state = toy_state([[], [3]], [6], phase="after")
    state.piles = [[2], []]
    assert MctsAgent(seed=2, iterations=200).choose(state, 0) == Draw()
    assert GreedyAgent(seed=2).choose(state, 0) == Draw()
    # with one legal action there is nothing to search
    only = toy_state([[], [3]], [], phase="after")
    bot = MctsAgent(seed=2, iterations=50)
    assert bot.choose(only, 0) == Done() and bot.last_reason == "the only legal action"


@pytest.mark.parametrize("spec", ["mcts:iterations=150", "greedy"])
def test_bots_never_read_what_their_seat_cannot_see(spec: str) -> None:
    """Two states that differ only in the opponent's hand and the deck order give the same
    choice and (for MCTS) the same search statistics: the bot only sees determinizations."""
    a = canon(toy_state([[2, 5], [6, 6, 1]], [3, 4, 1, 2, 6]))
    b = canon(toy_state([[2, 5], [1, 2, 3]], [6, 4, 6, 1, 6]))
    bot_a, bot_b = make_agent(spec, seed=9), make_agent(spec, seed=9)
    # the deal the bot cannot see is different, what it can see is identical
    assert a.observation(0) == b.observation(0) and a.to_json() != b.to_json()
    assert bot_a.choose(a, 0) == bot_b.choose(b, 0)
    if isinstance(bot_a, MctsAgent) and isinstance(bot_b, MctsAgent):
        assert bot_a.last_root is not None and bot_b.last_root is not None
        stats_a = {k: (v.visits, round(v.total, 9)) for k, v in bot_a.last_root.children.items()}
        stats_b = {k: (v.visits, round(v.total, 9)) for k, v in bot_b.last_root.children.items()}
        assert stats_a == stats_b


def test_mcts_budget_in_seconds_stops_in_time() -> None:
    bot = MctsAgent(seed=0, seconds=0.05)
    state = toy_state([[1, 2, 3], [4, 5, 6]], [1, 2, 3, 4, 5, 6])
    bot.choose(state, 0)
    assert bot.last_iterations >= 1
    assert bot.last_seconds < 0.5


def test_greedy_beats_random_on_the_toy_game() -> None:
    report = tournament("toy", 2, ["greedy", "random"], 30, seed=11)
    greedy, rand = report["agents"]
    assert report["errors"] == 0
    assert greedy["win_rate"] >= 0.85 > rand["win_rate"]
    assert greedy["margin_mean"] > 5


def test_mcts_beats_random_on_the_toy_game() -> None:
    report = tournament("toy", 2, ["mcts:iterations=40", "random"], 8, seed=4)
    mcts, _ = report["agents"]
    assert report["errors"] == 0 and mcts["win_rate"] >= 0.85


@pytest.mark.parametrize("game_id", ["class-of-89", "academic-society", "high-school-drama"])
def test_mcts_plays_only_legal_moves_in_every_game(game_id: str) -> None:
    state = games.get(game_id).new_state(2, 5)
    bot = MctsAgent(seed=5, iterations=8, depth=4)
    rng = Rng(5)
    for step in range(40):
        if state.is_terminal():
            break
        seat = state.to_move
        assert seat is not None
        action = bot.choose(state, seat) if step % 2 == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply(action)


def test_mcts_widens_the_root_in_greedy_order() -> None:
    state = toy_state([[2, 3, 4, 6], [3]], [6, 1], phase="play")
    ranked = [a for a, _ in GreedyAgent(seed=3).rank(state, 0)]
    bot = MctsAgent(seed=3, iterations=1)
    root = bot.search(state, 0)
    assert list(root.children) == ranked[:1]
    root = MctsAgent(seed=3, iterations=3).search(state, 0)
    assert list(root.children) == ranked[:2]  # max(2, sqrt(visits)) children while few visits
    wide = MctsAgent(seed=3, iterations=40, prior=False).search(state, 0)
    assert set(wide.children) == set(state.legal_actions())
