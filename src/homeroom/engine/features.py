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


__all__ = ["multi_hot", "one_hot"]
