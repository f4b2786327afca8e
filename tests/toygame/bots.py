"""The toy game declares no evaluation of its own: the bots use the current scores."""

from __future__ import annotations

from homeroom.engine import BotSettings

BOTS = BotSettings()
