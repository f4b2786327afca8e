"""The toy game's metadata, options and setup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from homeroom.engine import Game, GameInfo, OptionSpec, Rng, State
from toygame import components
from toygame.actions import ACTION_TYPES
from toygame.bots import BOTS
from toygame.state import ToyState


class ToyGame(Game):
    info = GameInfo(
        id="toy",
        name="High Card Draw (test game)",
        min_players=1,
        max_players=4,
        options=(OptionSpec("copies", 3, "copies of each card value", minimum=1, maximum=5,
                           label="Copies of each card value"),),
        max_decisions=200,
        summary="A tiny game that exists only to test the engine.",
    )
    action_types = ACTION_TYPES
    bots = BOTS

    def setup(self, players: int, seed: int, options: dict[str, Any], names: list[str]) -> State:
        rng = Rng(seed)
        deck = [v for v in components.card_values() for _ in range(options["copies"])]
        rng.shuffle(deck)
        hands = [[deck.pop(), deck.pop()] for _ in range(players)]
        return ToyState(players, seed, options, names, rng, deck, hands, [[] for _ in range(players)], [0] * players)

    def state_from_json(self, text: str) -> State:
        return ToyState.from_json(text)

    def check_data(self, directory: Path | None = None) -> list[str]:
        return components.check(directory)[1]


GAME = ToyGame()
