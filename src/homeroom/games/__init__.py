"""The game registry: ``homeroom.games.get(game_id)``.

Each game lives in its own package and is imported on first use. Tests may register extra
games (the conformance suite's toy game) with :func:`register`.
"""

from __future__ import annotations

import importlib
import os

from homeroom.engine.errors import UnknownGame
from homeroom.engine.game import Game

BUILTIN: dict[str, str] = {
    "class-of-89": "homeroom.games.class_of_89",
    "academic-society": "homeroom.games.academic_society",
    "high-school-drama": "homeroom.games.high_school_drama",
}
"""Game id -> module exposing ``GAME``."""

PLUGIN_ENV = "HOMEROOM_GAME_MODULES"
"""Comma-separated modules exposing ``GAME`` to register as well (games outside this package;
also how worker processes on other machines learn about them)."""

_loaded: dict[str, Game] = {}
_plugins_done: set[str] = set()


def _load_plugins() -> None:
    for name in filter(None, (m.strip() for m in os.environ.get(PLUGIN_ENV, "").split(","))):
        if name in _plugins_done:
            continue
        _plugins_done.add(name)
        try:
            module = importlib.import_module(name)
        except ImportError as err:
            raise UnknownGame(f"{PLUGIN_ENV} names the module {name!r}, which cannot be imported ({err})") from None
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            _loaded.setdefault(game.id, game)


def register(game: Game) -> Game:
    """Register a game object under its id (replacing any earlier one)."""
    _loaded[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _loaded.pop(game_id, None)


def _import(game_id: str) -> Game | None:
    module_name = BUILTIN[game_id]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name is not None and module_name.startswith(err.name):
            return None  # this game's package is not part of this build yet
        raise
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        return None
    _loaded[game_id] = game
    return game


def get(game_id: str) -> Game:
    """The registered game with that id, or :class:`UnknownGame` listing the known ids."""
    game = _loaded.get(game_id)
    if game is None:
        _load_plugins()
        game = _loaded.get(game_id)
    if game is None and game_id in BUILTIN:
        game = _import(game_id)
    if game is None:
        raise UnknownGame(f"unknown game '{game_id}' (known games: {', '.join(ids())})")
    return game


def ids() -> list[str]:
    """Ids of every game that can be played in this build."""
    _load_plugins()
    found = [g for g in BUILTIN if g in _loaded or _import(g) is not None]
    return found + sorted(g for g in _loaded if g not in BUILTIN)


def all_games() -> list[Game]:
    return [get(g) for g in ids()]
