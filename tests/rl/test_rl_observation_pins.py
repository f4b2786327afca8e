"""The observation vectors are stable across versions: a SHA-256 of every seat's features at every
step of one seeded random game per game and player count is pinned here, read both ways (the
game's ``observation_features`` of ``observation(seat)`` and the AEC env's kept parts). Making the
encoding faster must not move a number; if a change is meant, raise the game's FORMAT and update
the pins (saved policies record the format)."""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from homeroom import games
from homeroom.rl import aec_env, encoding

PINS = {
    ("class-of-89", 1): "b0ba854ec0fb899eb1730cbcdbcf48f3e3c4c74cc0734c106ec0d70cc6989ea2",
    ("class-of-89", 2): "99fb677d40fdb01f8f7b4116b0825e68693039cdd43b4d3d4f3313a07ca92749",
    ("class-of-89", 3): "fec773fdd52a2788f6318bcc26cbca36038c39a4b8e0f8f5e512ce49586e05f6",
    ("class-of-89", 4): "d40373cd469d091cbd751a5263ef34ef457cbf4d0a01eb5e497c888dadc299d0",
    ("academic-society", 2): "134b6ae4df1ca175ed9a7a62c8de4b84a47ae05ed497546d5c802e66cacef151",
    ("academic-society", 3): "552039759dfb12ac68b13e58bfeb9df4420c6570099e56d85905f5b006dbf055",
    ("academic-society", 4): "16e088c23ad9d0f918cfbd23a85ad621ff8a3b58b690021cac9002fe8640f350",
    ("high-school-drama", 2): "1412ab359c12c37c94ca339fd6aa83b279e85a2b537d7300ca62831f01dc6906",
    ("high-school-drama", 3): "5569571cca4a11669af97153d28c8f648aaf519c973dfc9e8adca7ae98b246c0",
    ("high-school-drama", 4): "0c64aadc647c2b4a0d0b814e6840111c792b044f418bce07d91125b3ddd07871",
    ("high-school-drama", 5): "8d8c50f60b52ba5824477dd7a73bcae2b114a74b4eead42187b200e114798fd7",
}


def digests(game_id: str, players: int) -> tuple[str, str]:
    """The SHA-256 of the whole game's observations from scratch, and from the env's kept parts."""
    enc = encoding(game_id)
    env = aec_env(game_id, players)
    env.reset(seed=17)
    state = env.state
    assert state is not None
    rng = random.Random(17)
    scratch, kept = hashlib.sha256(), hashlib.sha256()
    while not state.is_terminal():
        for seat, agent in enumerate(env.possible_agents):
            values = enc.module.observation_features(state.observation(seat), seat, players)
            scratch.update(np.asarray(values, dtype=np.float32).tobytes())
            kept.update(env.observe(agent)["observation"].tobytes())
        env.step(rng.choice(sorted(env._legal)))
    return scratch.hexdigest(), kept.hexdigest()


@pytest.mark.parametrize(("game_id", "players"), sorted(PINS))
def test_every_observation_of_a_seeded_game_is_pinned(game_id: str, players: int) -> None:
    assert players in games.get(game_id).info.player_counts
    scratch, kept = digests(game_id, players)
    assert scratch == kept
    assert scratch == PINS[(game_id, players)]
