"""Test-only bot kinds, registered in the test process and (as a BotPool initializer) in each bot
worker: ``stuck`` never answers, ``nap:pause=S`` sleeps ``S`` seconds and then moves at random."""

from __future__ import annotations

import time

from homeroom.agents import KINDS, register_kind
from homeroom.agents.base import Agent, RandomAgent
from homeroom.engine.actions import Action
from homeroom.engine.state import State


class StuckAgent(Agent):
    """A bot whose think never ends (what mcts:seconds=nan did)."""

    name = "stuck"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int) -> Action:
        while True:
            time.sleep(60)


class NapAgent(RandomAgent):
    """A random bot that takes ``pause`` seconds a move."""

    name = "nap"

    def __init__(self, seed: int = 0, pause: float = 0.2) -> None:
        super().__init__(seed)
        self.pause = pause

    def choose(self, state: State, seat: int) -> Action:
        time.sleep(self.pause)
        return super().choose(state, seat)


TEST_KINDS = {"stuck": StuckAgent, "nap": NapAgent}


def register() -> None:
    """Add the test kinds (the BotPool initializer of the tests)."""
    for name, factory in TEST_KINDS.items():
        register_kind(name, factory)


def unregister() -> None:
    for name in TEST_KINDS:
        KINDS.pop(name, None)
