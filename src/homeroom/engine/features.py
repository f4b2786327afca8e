"""Numeric feature helpers for a game's RL encoding (each game's ``rl.py``).

They live in the engine because games may not import ``homeroom.rl``; an unknown value is an error,
so that a new phase, decision kind or component cannot slip into an observation unencoded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple


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


Run = tuple[str, int, float, float]
"""``(name, count, low, high)``: ``count`` features, all in ``[low, high]`` (``high`` is ``inf`` where the
rules set no cap). A game's ``observation_layout`` lists its feature vector as runs, in order; runs
that share a name read as one entry of the documented layout."""


def runs_to_bounds(runs: Iterable[Run]) -> tuple[list[float], list[float]]:
    """The low and high bound of every feature, from the vector's runs in order (one-hot and
    multi-hot runs are ``(name, n, 0, 1)``, a count scaled by ``k`` is ``(name, 1, 0, cap / k)`` with
    the cap its components or rules set)."""
    low: list[float] = []
    high: list[float] = []
    for name, count, lo, hi in runs:
        if count < 0 or lo > hi:
            raise ValueError(f"a bad run of features {name!r}: {count} in [{lo}, {hi}]")
        low += [float(lo)] * count
        high += [float(hi)] * count
    return low, high


def seat_runs(runs: Sequence[Run], seats: int, label: str = "seat") -> list[Run]:
    """``runs`` once per seat, relative to the viewer: ``seat +0`` (the viewer), ``seat +1`` ..."""
    return [(f"{label} +{r}: {name}", n, lo, hi) for r in range(seats) for name, n, lo, hi in runs]


class StatePart(NamedTuple):
    """One consecutive part of a game's feature vector read straight from the state (a game's
    ``state_parts``, see ``src/homeroom/rl/ENCODING.md``).

    ``live(state, seat)``: what the part reads, the very sub-state values (not copies) or entries
    built from them; it must hold everything the numbers depend on, as the part is encoded again
    only when it differs from a copy of the last one encoded. ``encode(state, seat, players,
    live)``: the part's numbers, computed from ``live`` (the state only for what a game never
    changes, its components: a test encodes each part beside another game's state). ``share(seat, players)``: a key naming the part for every viewer
    when its numbers do not depend on the viewer (a yearbook, a seat's clique), so that it is
    encoded once for all seats; None when they do. ``fresh``: ``live`` returns new objects each
    time (entries built from the state, a tuple of numbers and text), never the state's own, so
    it needs no copy to be kept. ``size``: set for a sparse part, whose ``encode`` returns only
    its nonzero numbers, as ``{position in the part: value}`` (:data:`Sparse`), and is written in
    time proportional to them (most of a one-hot block is zeros); None when ``encode`` returns all
    the part's numbers as a list. Those numbers are only ever read, so an encoder may hand out
    the same remembered dict again for the same ``live`` value."""

    live: Callable[..., Any]
    encode: Callable[..., Any]
    share: Callable[..., Hashable] | None = None
    fresh: bool = False
    size: int | None = None


Sparse = dict[int, float]
"""A sparse part's numbers: position in the part -> value; every position left out is 0."""


def dense(values: Sparse, size: int) -> list[float]:
    """A sparse part's numbers as the full list of ``size`` (for ``observation_features``)."""
    out = [0.0] * size
    for at, value in values.items():
        if not 0 <= at < size:
            raise ValueError(f"a sparse part of {size} features sets position {at}")
        out[at] = value
    return out


__all__ = ["Run", "Sparse", "StatePart", "dense", "multi_hot", "one_hot", "runs_to_bounds", "seat_runs"]
