"""Class of '89's observation parts (issue 36): a step encodes only the numbers that changed, as
the nonzero numbers of sparse parts, and the numbers remembered between steps and games are
remembered by their live value; a value the encoding does not know is still an error naming it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from co89_helpers import new_state

from homeroom.engine.features import StatePart
from homeroom.games.class_of_89 import rl
from homeroom.rl import aec_env, encoding


def numbers_per_read(players: int, seed: int) -> float:
    """The numbers the parts' ``encode`` hand back per observation read in a seeded random AEC
    game (every seat reads every step), counted by wrapping each part's ``encode``."""
    enc = encoding("class-of-89")
    real = enc._state_parts
    assert real is not None
    handed: list[int] = []

    def counting(encode: Any) -> Any:
        def run(*args: Any) -> Any:
            values = encode(*args)
            handed.append(len(values))
            return values
        return run

    def counted(n: int) -> list[StatePart]:
        return [StatePart(*p)._replace(encode=counting(StatePart(*p).encode)) for p in real(n)]

    enc._state_parts = counted
    try:
        env = aec_env("class-of-89", players)
        env.reset(seed=seed)
        state = env.state
        assert state is not None
        rng = random.Random(seed)
        reads = 0
        while not state.is_terminal():
            for agent in env.possible_agents:
                env.observe(agent)
                reads += 1
            env.step(rng.choice(sorted(env._legal)))
    finally:
        enc._state_parts = real
    return sum(handed) / reads


@pytest.mark.parametrize("players", [2, 4])
def test_a_read_encodes_a_few_dozen_numbers_not_whole_parts(players: int) -> None:
    """Every part is sparse: a changed part hands back its nonzero numbers only (before, each
    changed part gave all its numbers: the school's 582, a photo's 204, the supply's 344)."""
    assert all(StatePart(*p).size is not None for p in rl.state_parts(players))
    assert numbers_per_read(players, seed=4) < 40


def test_remembered_numbers_are_not_encoded_again() -> None:
    """The turn's numbers are remembered across games by their ``live`` value: the same value
    (here from another game's state) gets the very numbers kept, not a new encoding."""
    state, other = new_state(2, seed=3), new_state(2, seed=4)
    turn = StatePart(*rl.state_parts(2)[0])
    now = turn.live(state, 0)
    first = turn.encode(state, 0, 2, now)
    assert turn.encode(other, 0, 2, now) is first
    assert turn.encode(state, 1, 2, turn.live(state, 1)) is not first  # another viewer: its own numbers


@pytest.mark.parametrize(("field", "value", "named"), [
    ("phase", "nap", "'nap'"),
    ("member", "mascot", "'mascot'"),
])
def test_an_unknown_value_is_an_error_naming_it(field: str, value: str, named: str) -> None:
    state = new_state(2, seed=3)
    setattr(state, field, value)
    with pytest.raises(ValueError, match=f"does not know the value {named}"):
        rl.observation_features(state.observation(0), 0, 2)
    turn = StatePart(*rl.state_parts(2)[0])
    with pytest.raises(ValueError, match=f"does not know the value {named}"):
        turn.encode(state, 0, 2, turn.live(state, 0))


def test_an_unknown_card_in_the_discards_or_a_member_space_is_an_error() -> None:
    state = new_state(2, seed=3)
    state.discards["student"].append("nobody")
    with pytest.raises(ValueError, match="does not know the value 'nobody'"):
        rl.observation_features(state.observation(0), 0, 2)
    state.discards["student"].pop()
    state.space_members[0][0] = "mascot"
    with pytest.raises(ValueError, match="does not know the value 'mascot'"):
        rl.observation_features(state.observation(0), 0, 2)
