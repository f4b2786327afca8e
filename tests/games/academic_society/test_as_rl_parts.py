"""Academic Society's observation parts are cheap to keep (issue 36): every part is sparse, so a
step of the AEC env writes only the numbers that are set, and the parts read small fresh values
or the state's own, so a copy of what they read is seldom made."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from homeroom import games
from homeroom.engine.features import StatePart
from homeroom.rl import aec_env, encoding

encoding_module = sys.modules["homeroom.rl.encoding"]  # the package's ``encoding`` is the function


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_part_is_sparse_and_gives_its_nonzero_numbers(players: int) -> None:
    """Only the numbers a part sets are written into the kept vector (its slice is cleared before
    its next encoding): every part is sparse, the parts fill the vector, and a part encoded twice
    gives the same nonzero numbers."""
    enc = encoding("academic-society")
    parts = [StatePart(*p) for p in enc.module.state_parts(players)]  # type: ignore[attr-defined]
    assert all(part.size for part in parts)
    assert sum(part.size or 0 for part in parts) == enc.observation_size(players)
    state = games.get("academic-society").new_state(players, seed=3)
    rng = random.Random(3)
    for step in range(200):
        if state.is_terminal():
            break
        if step % 7 == 0:
            for seat in range(players):
                for i, part in enumerate(parts):
                    now = part.live(state, seat)
                    first, again = part.encode(state, seat, players, now), part.encode(state, seat, players, now)
                    assert first == again, f"part {i}"
                    assert 0.0 not in first.values(), f"part {i} gives a zero at step {step}"
        state.apply(rng.choice(state.legal_actions()))


def test_a_step_encodes_few_numbers_and_copies_little(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded random 2-player games read by the AEC env (the mover reads at each step, as a
    learner does): on average the parts give under 60 numbers a step and under 0.4 copies of what
    a part read are made (before: every part a full list, ~370 numbers a step, and ~1.7 copies)."""
    counts = {"numbers": 0, "copies": 0}
    on = [False]  # counting (not during the first read of each seat, which encodes every part)
    enc = encoding("academic-society")
    real_parts, real_snapshot = enc._state_parts, encoding_module.snapshot
    assert real_parts is not None

    def counting(encode: Any) -> Any:
        def run(*args: Any) -> Any:
            values = encode(*args)
            counts["numbers"] += on[0] * len(values)
            return values
        return run

    def copying(value: object) -> object:
        counts["copies"] += on[0]
        return real_snapshot(value)

    monkeypatch.setattr(enc, "_state_parts", lambda players: [
        part._replace(encode=counting(part.encode)) for part in (StatePart(*p) for p in real_parts(players))])
    monkeypatch.setattr(encoding_module, "snapshot", copying)
    env = aec_env("academic-society", 2)
    rng = random.Random(5)
    reads = 0
    for seed in range(3):
        env.reset(seed=seed)
        state = env.state
        assert state is not None
        on[0] = False
        for agent in env.possible_agents:
            env.observe(agent)
        on[0] = True
        while not state.is_terminal():
            env.step(rng.choice(sorted(env._legal)))
            if not state.is_terminal():
                env.observe(env.agent_selection)
                reads += 1
    assert reads > 300
    assert counts["numbers"] / reads < 60, counts["numbers"] / reads
    assert counts["copies"] / reads < 0.4, counts["copies"] / reads
