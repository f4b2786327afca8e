"""Game-agnostic core: the Game/State contract, actions, events, RNG, errors, codec, replays."""

from homeroom.engine.actions import Action, ActionCodec
from homeroom.engine.bots import BotSettings
from homeroom.engine.errors import (
    DataError,
    HomeroomError,
    IllegalAction,
    OptionError,
    ReplayError,
    UnknownGame,
)
from homeroom.engine.events import Event
from homeroom.engine.game import Game, GameInfo, OptionSpec, Variant, first_player_option
from homeroom.engine.rng import Rng
from homeroom.engine.state import Score, State

__all__ = [
    "Action",
    "ActionCodec",
    "BotSettings",
    "DataError",
    "Event",
    "Game",
    "GameInfo",
    "HomeroomError",
    "IllegalAction",
    "OptionError",
    "OptionSpec",
    "ReplayError",
    "Rng",
    "Score",
    "State",
    "UnknownGame",
    "Variant",
    "first_player_option",
]
