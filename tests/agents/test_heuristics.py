"""The per-game evaluations: written for each game, blind to hidden information, and useful."""

from __future__ import annotations

import pytest

from homeroom import games
from homeroom.agents.evaluation import evaluator, has_own_evaluation, margin, reward, score_values
from homeroom.engine import Rng
from homeroom.sim.tournament import tournament

GAMES = ["class-of-89", "academic-society", "high-school-drama"]


def midgame(game_id: str, seed: int, steps: int):  # type: ignore[no-untyped-def]
    state = games.get(game_id).new_state(2, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_every_game_has_its_own_evaluation_and_the_toy_falls_back() -> None:
    for game_id in GAMES:
        assert has_own_evaluation(game_id)
    assert evaluator("toy") is score_values


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("steps", [25, 90])
def test_evaluation_reads_only_what_the_seat_may_see(game_id: str, steps: int) -> None:
    """Re-dealing everything seat 0 cannot see never changes seat 0's evaluation."""
    state = midgame(game_id, 3, steps)
    evaluate = evaluator(game_id)
    seen = evaluate(state, 0)
    assert len(seen) == 2 and all(isinstance(v, float) for v in seen)
    rng = Rng(8)
    for _ in range(6):
        assert evaluate(state.determinize(0, rng), 0) == pytest.approx(seen)


@pytest.mark.parametrize("game_id", GAMES)
def test_evaluation_at_the_end_is_the_final_score(game_id: str) -> None:
    state = midgame(game_id, 4, 100_000)
    assert state.is_terminal()
    values = evaluator(game_id)(state, 0)
    assert values == [float(s.total) for s in state.scores()]


@pytest.mark.parametrize("game_id", GAMES)
def test_evaluation_is_above_the_banked_score_early(game_id: str) -> None:
    """Early in the game a seat is worth more than the points it has banked (points in reach)."""
    state = midgame(game_id, 6, 20)
    values = evaluator(game_id)(state, 0)
    banked = [float(s.total) for s in state.scores()]
    assert all(v > b for v, b in zip(values, banked))


def test_reward_and_margin() -> None:
    assert margin([10.0, 4.0, 7.0], 0) == 3.0 and margin([10.0, 4.0, 7.0], 1) == -6.0
    state = midgame("high-school-drama", 2, 10)
    r = reward(state, [12.0, 4.0])
    assert 0.5 < r[0] < 1.0 and 0.0 < r[1] < 0.5 and r[0] + r[1] == pytest.approx(1.0)
    end = midgame("high-school-drama", 2, 100_000)
    r = reward(end)
    winners = end.winner() or []
    for seat in range(2):
        assert (r[seat] >= 0.8) == (seat in winners and len(winners) == 1)


@pytest.mark.parametrize(("game_id", "n"), [("high-school-drama", 8), ("academic-society", 4)])
def test_greedy_beats_random_with_the_game_evaluation(game_id: str, n: int) -> None:
    report = tournament(game_id, 2, ["greedy", "random"], n, seed=21)
    greedy, rand = report["agents"]
    assert report["errors"] == 0
    assert greedy["win_rate"] >= 0.75 and greedy["margin_mean"] > 3


def test_class_of_89_solo_values_the_margin_over_ed() -> None:
    from homeroom.agents.evaluation import final_values
    from homeroom.games.class_of_89.scoring import ed_score

    state = games.get("class-of-89").new_state(1, 7, {"difficulty": "hard"})
    rng = Rng(7)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    own, ed = state.scores()[0].total, ed_score(state).total
    assert final_values(state) == [float(own - ed)]
    assert (state.winner() == [0]) == (own > ed)
