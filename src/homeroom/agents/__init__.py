"""Agents that choose actions for a seat: ``random`` here, the bots of later modules.

Agents are built from a spec string such as ``random``, ``greedy`` or ``mcts:iterations=2000``.
An agent sees the full state object but must only use what its seat may know:
``legal_actions()``, ``observation(seat)`` and ``determinize(seat, rng)``.
"""

from __future__ import annotations

from collections.abc import Callable

from homeroom.agents.base import Agent, AgentError, RandomAgent, parse_spec

AgentFactory = Callable[..., Agent]

KINDS: dict[str, AgentFactory] = {"random": RandomAgent}
"""Seat kinds other than ``human``; later modules add theirs with :func:`register_kind`."""


def register_kind(name: str, factory: AgentFactory) -> None:
    KINDS[name] = factory


def _register_bots() -> None:
    from homeroom.agents.greedy import GreedyAgent
    from homeroom.agents.mcts import MctsAgent

    register_kind("greedy", GreedyAgent)
    register_kind("mcts", MctsAgent)


_register_bots()


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from ``kind[:key=value,...]``; raise :class:`AgentError` naming what is wrong."""
    kind, params = parse_spec(spec)
    factory = KINDS.get(kind)
    if factory is None:
        known = ", ".join(["human", *KINDS])
        raise AgentError(f"unknown seat kind '{kind}' (known: {known})")
    try:
        return factory(seed=seed, **params)
    except TypeError as err:
        raise AgentError(f"bad parameters for '{kind}': {err}") from None


def kinds() -> list[str]:
    return ["human", *KINDS]


__all__ = ["Agent", "AgentError", "RandomAgent", "kinds", "make_agent", "register_kind"]

