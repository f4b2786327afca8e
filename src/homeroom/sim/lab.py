"""What the balance lab records about each decision, declared by each game.

A game package may hold a ``lab`` module with

    def describe(state: State, seat: int, action: Action) -> tuple[int, str, str | None]

returning, for ``action`` chosen by ``seat`` in ``state`` (before it is applied), the round it
belongs to (the game's own notion: a round, a term, a school year), the kind of action (a short
stable name such as ``place:salon``; usage is counted per kind) and the component the seat takes
or plays with it (a card, tile, Treatise or event id), or ``None``. The simulator never asks
which game it runs: a game without a ``lab`` module is described generically (the state's
``round`` attribute when it has one, the action's class name, no component).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from homeroom.engine.game import Game

Describe = Callable[[Any, int, Any], tuple[int, str, str | None]]
"""``describe(state, seat, action) -> (round, kind, component_id | None)``."""


def generic(state: Any, seat: int, action: Any) -> tuple[int, str, str | None]:
    """The fallback description: the state's round (0 when it has none) and the action's class."""
    rnd = getattr(state, "round", 0)
    return (rnd if isinstance(rnd, int) else 0, type(action).__name__.lower(), None)


_cache: dict[str, Describe] = {}
Label = Callable[[str], str]
"""``label(key) -> str``: an action kind or component id as the rulebook names it."""


def plain_words(key: str) -> str:
    """An id as words when the game names it nowhere: ``place:lecture_hall`` -> ``Place: Lecture hall``."""
    head, sep, rest = key.partition(":")
    words = [w.replace("_", " ").replace("-", " ") for w in (head, rest) if w]
    return ": ".join(w[:1].upper() + w[1:] for w in words) if sep else words[0][:1].upper() + words[0][1:] if words else key


def labels_for(game_id: str) -> Label:
    """How the report names ``game_id``'s action kinds and components: the game package's
    ``lab.label(key) -> str | None`` (rulebook names), else :func:`plain_words`. A game that is not
    registered here (rows from elsewhere) gets plain words."""
    from homeroom import games

    try:
        module = importlib.import_module(f"{type(games.get(game_id)).__module__.rsplit('.', 1)[0]}.lab")
    except Exception:  # noqa: BLE001 - unknown game or no lab module: plain words
        return plain_words
    own = getattr(module, "label", None)
    if own is None:
        return plain_words

    def label(key: str) -> str:
        try:
            found = own(key)
        except Exception:  # noqa: BLE001 - a name is never worth failing a report
            found = None
        return str(found) if found else plain_words(key)

    return label


def hook_for(game: Game) -> Describe:
    """The ``describe`` function declared by ``game``'s package (its ``lab`` module), else :func:`generic`."""
    module = type(game).__module__
    if module in _cache:
        return _cache[module]
    package = module.rsplit(".", 1)[0] if "." in module else module
    found: Describe = generic
    try:
        lab = importlib.import_module(f"{package}.lab")
    except ModuleNotFoundError as err:
        if err.name not in (f"{package}.lab", package):
            raise
    else:
        found = getattr(lab, "describe", generic)
    _cache[module] = found
    return found


__all__ = ["Describe", "Label", "generic", "hook_for", "labels_for", "plain_words"]
