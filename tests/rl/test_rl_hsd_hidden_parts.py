"""High School Drama's observation parts read another seat's hand only as that seat's observation
shows it (its size and the events in it), issue 36: re-dealing everything a viewer cannot see leaves
every part's ``live`` value (what the kept vector compares to decide whether to encode a part again)
unchanged, so nothing hidden from the viewer is read, not even to notice a change."""

from __future__ import annotations

import random

import pytest

from homeroom import games
from homeroom.engine.features import StatePart
from homeroom.engine.rng import Rng
from homeroom.rl import encoding


@pytest.mark.parametrize("players", [2, 3])
def test_a_redeal_of_what_a_viewer_cannot_see_leaves_every_part_it_reads_unchanged(players: int) -> None:
    parts = [StatePart(*p) for p in encoding("high-school-drama").module.state_parts(players)]  # type: ignore[attr-defined]
    state = games.get("high-school-drama").new_state(players, seed=13)
    rng = random.Random(13)
    redealt = 0
    for step in range(150):
        if state.is_terminal():
            break
        for seat in range(players):
            other = state.determinize(seat, Rng(step * players + seat))
            redealt += other.hands != state.hands  # type: ignore[attr-defined]
            for i, part in enumerate(parts):
                assert part.live(other, seat) == part.live(state, seat), f"part {i}, seat {seat}, step {step}"
        state.apply(rng.choice(state.legal_actions()))
    assert redealt > 20  # the re-deals did change the hands the viewer cannot see
