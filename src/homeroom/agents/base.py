"""The agent interface and the uniform random agent."""

from __future__ import annotations

import math
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
    if kind.strip() == "probe" and rest.strip() and "=" not in rest:
        return "probe", {"line": rest.strip()}  # probe:NAME (a game's scripted line)
    params: dict[str, Any] = {}
    if rest:
        for part in rest.split(","):
            key, eq, raw = part.partition("=")
            if not eq or not key.strip():
                raise AgentError(f"bad seat spec {spec!r}: expected key=value after ':'")
            params[key.strip()] = _value(raw.strip())
    return kind.strip(), params


MAX_SECONDS = 60.0
"""The longest a bot may be given to think a move (``seconds=``), anywhere."""
MAX_ITERATIONS = 1_000_000
"""The most search iterations a bot may be given a move (``iterations=``), anywhere."""
MAX_NUMBER = 1_000_000
"""The largest size of any other number a seat kind takes."""

LIMITS: dict[str, tuple[float, float, bool]] = {
    "seconds": (0.0, MAX_SECONDS, False),
    "iterations": (1, MAX_ITERATIONS, True),
    "epsilon": (0.0, 1.0, True),
    "greedy.depth": (0, 4, True),
    "greedy.beam": (1, 8, True),
    "depth": (-1, 1000, True),
    "own_depth": (0, 100, True),
    "c": (0.0, 100.0, True),
    "widen": (0.0, 100.0, True),
    "root_widen": (0.0, 100.0, True),
}
"""Bounds of a seat kind's numbers: ``name`` or ``kind.name`` -> (low, high, whether low itself is
allowed). Every budget is finite and bounded, so no spec can make a bot think for ever (``greedy``'s
depth and beam multiply its work: beam ** depth refinements a decision)."""


def check_param(kind: str, key: str, value: object) -> None:
    """Raise :class:`AgentError` naming ``key`` and its bound unless ``value`` is a finite number in
    its range (values of other types are left to the factory's own checks)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return
    low, high, low_ok = LIMITS.get(f"{kind}.{key}") or LIMITS.get(key) or (-MAX_NUMBER, MAX_NUMBER, True)
    ok = math.isfinite(value) and (low <= value if low_ok else low < value) and value <= high
    if not ok:
        above = f"at least {shown_number(low)}" if low_ok else f"more than {shown_number(low)}"
        raise AgentError(f"parameter '{key}' of '{kind}' must be {above} and at most {shown_number(high)}, "
                         f"not {shown_number(value)}")


def shown_number(x: float) -> str:
    """A number as a person reads it: ``60``, ``1000000``, ``0.5``, ``nan``, ``1e+30``."""
    if math.isfinite(x) and float(x).is_integer() and abs(x) < 10**12:
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) or abs(x) < 10**12 else f"{float(x):.3g}"


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
