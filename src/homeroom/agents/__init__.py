"""Agents that choose actions for a seat: ``random`` here, the bots of later modules.

Agents are built from a spec string such as ``random``, ``greedy`` or ``mcts:iterations=2000``.
An agent sees the full state object but must only use what its seat may know:
``legal_actions()``, ``observation(seat)`` and ``determinize(seat, rng)``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from homeroom.agents.base import Agent, AgentError, RandomAgent, check_param, parse_spec

AgentFactory = Callable[..., Agent]

KINDS: dict[str, AgentFactory] = {"random": RandomAgent}
"""Seat kinds other than ``human``: the difficulty levels ``easy``, ``medium``, ``hard``
(:mod:`homeroom.agents.levels`), then the technical kinds; other modules (such as the RL
``policy`` kind) add theirs with :func:`register_kind`."""


def register_kind(name: str, factory: AgentFactory) -> None:
    KINDS[name] = factory


def _register_bots() -> None:
    from homeroom.agents.greedy import GreedyAgent
    from homeroom.agents.levels import LEVELS
    from homeroom.agents.mcts import MctsAgent

    for level, factory in LEVELS.items():  # the difficulty levels first: what a person picks
        register_kind(level, factory)
    register_kind("greedy", GreedyAgent)
    register_kind("mcts", MctsAgent)


_register_bots()


def _policy(path: str = "", seed: int = 0) -> Agent:
    """``policy:PATH``: a trained model (homeroom.rl), imported only when a seat asks for one."""
    if not path:
        raise AgentError("seat kind 'policy' needs a model file: policy:PATH")
    try:
        from homeroom.rl.policy import PolicyAgent
    except ImportError as err:
        raise AgentError(f"seat kind 'policy' needs the rl extra (pip install -e '.[rl]'): {err}") from None
    return PolicyAgent(path, seed=seed)


register_kind("policy", _policy)


def _probe(seed: int = 0, line: str = "") -> Agent:
    """``probe:NAME``: a strategy probe, the scripted line NAME of the table's game (homeroom.agents.probe)."""
    from homeroom.agents.probe import probe

    return probe(seed=seed, line=line)


register_kind("probe", _probe)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from ``kind[:key=value,...]``; raise :class:`AgentError` naming what is wrong
    (this is where every seat kind is checked: its numbers within :data:`~homeroom.agents.base.LIMITS`)."""
    kind, params = parse_spec(spec)
    factory = KINDS.get(kind)
    if factory is None:
        known = ", ".join(["human", *KINDS])
        raise AgentError(f"unknown seat kind '{kind}' (known: {known})")
    accepted = _parameters(factory)
    for key, value in params.items():
        if accepted is not None and key not in accepted:
            known = ", ".join(sorted(accepted)) or "none"
            raise AgentError(f"unknown parameter '{key}' for '{kind}' (known: {known})")
        expected = accepted.get(key) if accepted is not None else None
        if expected is not None and not _fits(value, expected):
            raise AgentError(f"parameter '{key}' of '{kind}' must be {expected}, not {value!r}")
        check_param(kind, key, value)  # every budget finite and bounded (base.LIMITS)
    try:
        return factory(seed=seed, **params)
    except (TypeError, ValueError) as err:
        raise AgentError(f"bad parameters for '{kind}': {err}") from None


def _parameters(factory: AgentFactory) -> dict[str, str | None] | None:
    """A factory's keyword parameters (except ``seed``) and what kind of value each takes
    ("a number", "a whole number", "true or false", or None for text); None if it takes any."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return None
    out: dict[str, str | None] = {}
    for name, param in signature.parameters.items():
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            return None
        if name == "seed" or param.kind is inspect.Parameter.VAR_POSITIONAL:
            continue
        hint = str(param.annotation)
        if "bool" in hint:
            out[name] = "true or false"
        elif "float" in hint:
            out[name] = "a number"
        elif "int" in hint:
            out[name] = "a whole number"
        else:
            out[name] = None
    return out


def _fits(value: object, expected: str) -> bool:
    if expected == "true or false":
        return isinstance(value, bool)
    if expected == "a whole number":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, int | float) and not isinstance(value, bool)


def kinds() -> list[str]:
    return ["human", *KINDS]


__all__ = ["Agent", "AgentError", "RandomAgent", "kinds", "make_agent", "register_kind"]

