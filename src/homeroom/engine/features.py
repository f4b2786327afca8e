"""Numeric feature helpers for a game's RL encoding (each game's ``rl.py``).

They live in the engine because games may not import ``homeroom.rl``; an unknown value is an error,
so that a new phase, decision kind or component cannot slip into an observation unencoded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def one_hot(value: Any, domain: Sequence[Any]) -> list[float]:
    """1 at ``value``'s place in ``domain``; all 0 for None or ""."""
    if value == "":
        value = None
    if value is not None and value not in domain:
        raise ValueError(f"the RL encoding does not know the value {value!r} (known: {list(domain)})")
    return [1.0 if value == x else 0.0 for x in domain]


def multi_hot(values: Iterable[Any] | None, index: Mapping[Any, int]) -> list[float]:
    """1 at ``index[v]`` for every ``v`` in ``values`` (None: all 0)."""
    out = [0.0] * len(index)
    for v in values or ():
        if v not in index:
            raise ValueError(f"the RL encoding does not know the value {v!r}")
        out[index[v]] = 1.0
    return out


Run = tuple[int, float, float]
"""``count`` features that all lie in ``[low, high]`` (``high`` may be ``inf`` where the rules set no cap)."""


def runs_to_bounds(runs: Iterable[Run]) -> tuple[list[float], list[float]]:
    """The low and high bound of every feature, from the vector's runs in order (a game's
    ``observation_bounds``: one-hot and multi-hot runs are ``(n, 0, 1)``, a count scaled by ``k``
    is ``(1, 0, cap / k)`` with the cap its components or rules set)."""
    low: list[float] = []
    high: list[float] = []
    for count, lo, hi in runs:
        if count < 0 or lo > hi:
            raise ValueError(f"a bad run of features: {count} in [{lo}, {hi}]")
        low += [float(lo)] * count
        high += [float(hi)] * count
    return low, high


__all__ = ["Run", "multi_hot", "one_hot", "runs_to_bounds"]
