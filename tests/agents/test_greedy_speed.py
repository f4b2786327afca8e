"""Where ``greedy``'s time went (issue 36), counted rather than timed: a copy applies its action
without computing its legal actions again, the last action of an expansion needs no copy, and
Class of '89 values a yearbook's teacher prospects once per content, not once per position."""

from __future__ import annotations

import random
from typing import Any

import pytest

from call_counts import count_calls as count
from homeroom import games
from homeroom.agents.greedy import GreedyAgent
from homeroom.engine.state import State
from homeroom.games.class_of_89 import bots as c89_bots
from homeroom.games.class_of_89 import scoring as c89_scoring

GAMES = ("class-of-89", "academic-society", "high-school-drama")


def position(game_id: str, seed: int = 5, steps: int = 30) -> State:
    """A seeded position a few random moves in, with a real choice to make."""
    state = games.get(game_id).new_state(2, seed=seed)
    rng = random.Random(seed)
    while True:
        legal = state.legal_actions()
        if steps <= 0 and len(legal) > 2:
            return state
        state.apply(rng.choice(legal))
        steps -= 1


class NeverKept(dict):  # type: ignore[type-arg]
    """A memo that keeps nothing."""

    def get(self, key: Any, default: Any = None) -> Any:
        return default


@pytest.mark.parametrize("game_id", GAMES)
def test_copies_take_their_action_without_legal_actions_again_and_the_last_needs_no_copy(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(game_id)
    cls = type(state)
    legal_built = count(monkeypatch, cls, "_legal_actions")
    clones = count(monkeypatch, cls, "clone")
    applied = count(monkeypatch, cls, "apply")
    ranked = GreedyAgent(seed=1).rank(state, state.to_move)  # type: ignore[arg-type]
    assert len(ranked) == len(state.legal_actions())
    # before: every copy computed its legal actions to check the action it was given, and every
    # action evaluated had its own copy
    assert clones[0] < applied[0]
    assert legal_built[0] < applied[0]  # now only the positions expanded compute theirs


def test_class_of_89_values_each_yearbooks_prospects_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position("class-of-89", seed=3, steps=40)
    c89_scoring._MEMO.clear()
    prospects = count(monkeypatch, c89_bots, "class_prospect")
    evaluations = count(monkeypatch, c89_bots, "ranked_objectives")
    GreedyAgent(seed=2).rank(state, state.to_move)  # type: ignore[arg-type]
    assert evaluations[0] > 20
    assert prospects[0] < evaluations[0]  # before: two a position (one per yearbook)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_cyclic_collector_is_paused_for_a_search_and_restored(game_id: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A search's copies are freed by reference counting: the collector, set off by their
    allocations over and over (a fifth to a third of a decision), is off while greedy searches,
    and afterwards as it was, also when the search fails, and never switched on by greedy when it
    was off."""
    import gc

    from homeroom.agents import greedy

    state = position(game_id)
    seat = state.to_move
    assert seat is not None
    seen: list[bool] = []
    real = greedy.value_of

    def watching(*args: Any, **kwargs: Any) -> float:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(greedy, "value_of", watching)
    was = gc.isenabled()
    try:
        gc.enable()
        GreedyAgent(seed=1).choose(state, seat)
        assert seen and not any(seen)
        assert gc.isenabled()
        gc.disable()
        GreedyAgent(seed=1).choose(state, seat)
        assert not gc.isenabled()
        gc.enable()

        def failing(*args: Any, **kwargs: Any) -> float:
            raise RuntimeError("an evaluation that fails")

        monkeypatch.setattr(greedy, "value_of", failing)
        with pytest.raises(RuntimeError):
            GreedyAgent(seed=1).choose(state, seat)
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_class_of_89_objectives_are_valued_once_per_yearbooks_reach_and_storage(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Greedy values many positions none of whose moves changed a yearbook: their ranked objective
    points are computed once (before: once per position valued), and each kept value is the one
    computed afresh, at every position of seeded random games and at each position one move on."""
    state = position("class-of-89")
    monkeypatch.setattr(c89_bots, "_VALUES", NeverKept())  # (the whole evaluation kept would hide them)
    computed = count(monkeypatch, c89_bots, "_ranked_objectives")
    asked = count(monkeypatch, c89_bots, "ranked_objectives")
    GreedyAgent(seed=1).rank(state, state.to_move)  # type: ignore[arg-type]
    assert computed[0] < 0.7 * asked[0]

    w = c89_bots.TUNED
    for seed in range(3):
        game = games.get("class-of-89").new_state(2 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal():
            for after in [game] + [game.clone() for _ in range(3)]:
                if after is not game:
                    after.apply(rng.choice(after.legal_actions()))
                facts = [c89_scoring.book_facts(b) for b in after.books[:after.players]]
                kept = c89_bots.ranked_objectives(after, w, facts)
                c89_bots._RANKED.clear()
                assert kept == c89_bots.ranked_objectives(after, w, facts)
            game.apply(rng.choice(game.legal_actions()))


def test_academic_society_kept_seat_values_need_no_score_totals_and_equal_fresh_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat value kept for its position is found without summing every seat's score total
    (before: the totals came first, at every position valued), and equals the value computed
    afresh, at every position of seeded random games and at positions one move on."""
    from homeroom.games.academic_society import bots as as_bots

    state = position("academic-society")
    totals = count(monkeypatch, as_bots, "score_totals")
    valued = count(monkeypatch, as_bots, "static_values")
    GreedyAgent(seed=1).rank(state, state.to_move)  # type: ignore[arg-type]
    assert totals[0] < 0.8 * valued[0]

    for seed in range(3):
        game = games.get("academic-society").new_state(2 + seed, seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal():
            for after in [game] + [game.clone() for _ in range(3)]:
                if after is not game:
                    after.apply(rng.choice(after.legal_actions()))
                kept = as_bots.static_values(after)
                as_bots._SEATS.clear()
                assert kept == as_bots.static_values(after)
            game.apply(rng.choice(game.legal_actions()))
