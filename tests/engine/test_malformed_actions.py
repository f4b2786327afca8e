"""The Python API answers a wrongly typed action with IllegalAction (never TypeError or
KeyError) in every game, and changes nothing (issue 16)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from homeroom import games
from homeroom.engine import IllegalAction
from toygame import Play

BAD_VALUES = [None, "x", -1, 10**9, 1.5, [1], ("t",), True, False, ("x", 1)]


def test_true_is_not_the_card_1() -> None:
    state = games.get("toy").new_state(2, seed=1)
    card = next(a.card for a in state.legal_actions() if isinstance(a, Play))
    assert state.explain(Play(card)) is None
    reason = state.explain(Play(True)) if card == 1 else state.explain(Play(card=float(card)))  # type: ignore[arg-type]
    assert reason is not None and "malformed Play action" in reason


@pytest.mark.parametrize("game_id", ["class-of-89", "academic-society", "high-school-drama"])
def test_wrongly_typed_fields_are_illegal_actions(game_id: str) -> None:
    game = games.get(game_id)
    state = game.new_state(2, seed=5)
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        for kind in game.action_types:
            base = next((a for a in legal if type(a) is kind), None)
            if base is None:
                continue
            for field in dataclasses.fields(kind):
                for value in BAD_VALUES:
                    action = dataclasses.replace(base, **{field.name: value})
                    if state.explain(action) is None:
                        continue  # the value happens to be a legal one
                    before = state.to_json()
                    with pytest.raises(IllegalAction):
                        state.apply(action)
                    assert state.to_json() == before
                    checked += 1
        state.apply(rng.choice(legal))
    assert checked > 100
