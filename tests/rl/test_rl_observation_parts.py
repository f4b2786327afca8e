"""Observations encoded in parts kept between steps (issue 36): at every step of seeded random games,
every seat's observation equals a fresh full encoding, and the parts that did not change are not
encoded or converted again."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from homeroom import games
from homeroom.rl import aec_env, encoding

encoding_module = sys.modules["homeroom.rl.encoding"]  # the package's ``encoding`` is the function

GAMES = ("class-of-89", "academic-society", "high-school-drama")
CASES = [(g, p) for g in GAMES for p in games.get(g).info.player_counts]


def fresh(game_id: str, state: object, seat: int) -> np.ndarray:
    """The features from scratch: the game's whole encoding of a new observation, as float32."""
    enc = encoding(game_id)
    obs = state.observation(seat)  # type: ignore[attr-defined]
    return np.asarray(enc.module.observation_features(obs, seat, state.players), dtype=np.float32)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_seats_kept_observation_equals_a_fresh_encoding_at_every_step(game_id: str, players: int) -> None:
    env = aec_env(game_id, players)
    env.reset(seed=7)
    state = env.state
    assert state is not None
    rng = random.Random(7)
    steps = 0
    while not state.is_terminal():
        for seat, agent in enumerate(env.possible_agents):
            got = env.observe(agent)["observation"]
            assert got.dtype == np.float32
            assert np.array_equal(got, fresh(game_id, state, seat)), f"step {steps}, seat {seat}"
        env.step(rng.choice(sorted(env._legal)))
        steps += 1
    assert steps > 20


@pytest.mark.parametrize("game_id", ["class-of-89", "academic-society"])
def test_unchanged_parts_are_not_encoded_again(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A random game read by one learner: on average well under half of the vector is encoded and
    converted at a step (before: all of it, every step)."""
    converted: list[int] = []
    real = encoding_module.floats

    def counting(values: list[float]) -> np.ndarray:
        converted.append(len(values))
        out: np.ndarray = real(values)
        return out

    monkeypatch.setattr(encoding_module, "floats", counting)
    env = aec_env(game_id, 2)
    env.reset(seed=3)
    state = env.state
    assert state is not None
    rng = random.Random(3)
    reads = 0
    while not state.is_terminal():
        env.observe(env.possible_agents[0])
        reads += 1
        env.step(rng.choice(sorted(env._legal)))
    size = encoding(game_id).observation_size(2)
    assert sum(converted) / reads < 0.5 * size
