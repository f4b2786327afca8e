"""The toy game's state; its contract hooks delegate to the rule, scoring and view modules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from homeroom.engine import Action, Event, IllegalAction, Rng, Score, State
from toygame import explain, invariants, scoring, turn, view


@dataclass(eq=False)
class ToyState(State):
    game_id = "toy"
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    penalties: list[int]
    turn: int = 0
    phase: str = "play"  # play | after | respond
    responder: int | None = None

    @property
    def to_move(self) -> int | None:
        if self.is_terminal():
            return None
        return self.responder if self.phase == "respond" else self.turn

    def is_terminal(self) -> bool:
        return self.phase == "play" and not any(self.hands)

    def _legal_actions(self) -> list[Action]:
        return turn.legal_actions(self)

    def why_illegal(self, action: Action) -> IllegalAction:
        return explain.why_illegal(self, action)

    def _apply(self, action: Action) -> list[Event]:
        return turn.apply(self, action)

    def scores(self) -> list[Score]:
        return scoring.scores(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        return scoring.tiebreak(self, seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return view.observation(self, seat)

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        turn.redeal_hidden(self, seat, rng)

    def game_invariants(self) -> list[str]:
        return invariants.violations(self)
