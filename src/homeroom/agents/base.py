"""The agent interface and the uniform random agent."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from homeroom.engine.actions import Action
from homeroom.engine.errors import HomeroomError
from homeroom.engine.rng import Rng
from homeroom.engine.state import State


class AgentError(HomeroomError, ValueError):
    """A bad agent spec, or an agent asked to move where it cannot."""


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iterations=2000,seconds=1"`` -> ``("mcts", {"iterations": 2000, "seconds": 1})``."""
    kind, _, rest = spec.strip().partition(":")
    if kind.strip() == "policy" and rest.strip() and not rest.startswith("path="):
        return "policy", {"path": rest.strip()}  # policy:PATH (a path may hold ',' and '=')
    params: dict[str, Any] = {}
    if rest:
        for part in rest.split(","):
            key, eq, raw = part.partition("=")
            if not eq or not key.strip():
                raise AgentError(f"bad seat spec {spec!r}: expected key=value after ':'")
            params[key.strip()] = _value(raw.strip())
    return kind.strip(), params


def _value(raw: str) -> Any:
    for conv in (int, float):
        try:
            return conv(raw)
        except ValueError:
            pass
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    return raw


class Agent(ABC):
    """Chooses an action for the seat to move."""

    name: str = "agent"

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """A legal action for ``seat`` (which must be ``state.to_move``)."""

    def check_table(self, game_id: str, players: int) -> None:
        """Raise :class:`AgentError` if this agent cannot play ``game_id`` at ``players`` (checked
        when a seat is given to it, before its first move; every built-in search agent plays any)."""
        return None

    def check_turn(self, state: State, seat: int) -> list[Action]:
        if state.is_terminal():
            raise AgentError(f"{self.name} was asked to move after the game ended")
        if state.to_move != seat:
            raise AgentError(f"{self.name} was asked to move for seat {seat}, but seat {state.to_move} is to move")
        legal = state.legal_actions()
        if not legal:
            raise AgentError(f"{self.name} has no legal action to choose from")
        return legal


class RandomAgent(Agent):
    """Uniform over the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(self.check_turn(state, seat))
