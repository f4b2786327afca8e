"""``hard`` plays the same moves on its fixed budget: a speed-only change must not change them.

``hard`` is measured over hundreds of games from one commit; a later change that is meant to
make the search faster (cheaper playouts, tree code, engine copies) must leave its moves, and
the search that chose them, exactly as they were. These positions come from seeded random play;
each pins the move ``hard`` picks, how many of its iterations visited that move, and the budget.
If a change *means* to change ``hard``'s play, it is re-measured (agents/BOTS.md) and these pins
are updated in the same commit.
"""

from __future__ import annotations

import pytest

from homeroom import games
from homeroom.agents import make_agent
from homeroom.agents.levels import HARD_ITERATIONS
from homeroom.agents.mcts import MctsAgent
from homeroom.engine import Rng

PINNED = [
    # game, players, seed, random steps, chosen action, its root visits
    # (issue 32's Sabbatical stand-ins: the same moves, 145 -> 208 and 200 -> 857 visits)
    ("academic-society", 2, 21, 30, "Spend(counts=(0, 0, 2, 0))", 208),
    ("academic-society", 3, 22, 90, "Place(space='library-1', pawn='scholar')", 857),
    ("high-school-drama", 2, 23, 40, "HookUp(performer='rich-kid', target='basketball', x=0, y=1)", 170),
    # (4 players: the game's budget of 3000 iterations; 134 visits of 1000 before 1 Dec 2026)
    ("high-school-drama", 4, 24, 120,
     "HookUp(performer='class-president', target='student-council', x=-1, y=-1)", 500),
]


def test_hard_is_a_fixed_budget() -> None:
    bot = make_agent("hard")
    assert isinstance(bot, MctsAgent) and bot.iterations == HARD_ITERATIONS == 1000
    assert bot.seconds == 3.0 and bot.budget() == "1000 iterations a decision, 2x that a turn, or 3 s a turn"


@pytest.mark.parametrize(("game_id", "players", "seed", "steps", "move", "visits"), PINNED)
def test_hard_chooses_the_pinned_move(game_id: str, players: int, seed: int, steps: int, move: str,
                                      visits: int) -> None:
    state = games.get(game_id).new_state(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 6:  # a position with a real choice
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    # the wall-clock cap raised so that a busy test machine cannot cut the search short
    bot = make_agent("hard:seconds=60", seed=5)
    assert isinstance(bot, MctsAgent)
    bot.settle = False  # the whole budget, so that the visits are pinned too (a settled search picks the same move)
    action = bot.choose(state, seat)
    assert bot.last_iterations == games.get(game_id).bots.hard_budget(players, HARD_ITERATIONS)
    assert bot.last_root is not None
    assert (repr(action), bot.last_root.children[action].visits) == (move, visits)
