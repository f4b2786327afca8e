"""Shared test set-up: the toy game is registered for the conformance suite; --soak runs long."""

from __future__ import annotations

import os

import pytest

import toygame
from homeroom import games

games.register(toygame.GAME)
os.environ[games.PLUGIN_ENV] = "toygame"  # so worker processes (Ray) find the toy game too


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", help="run thousands of random playouts per case")
    parser.addoption("--update-golden", action="store_true", help="rewrite the golden playthrough files")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "soak: long soak runs, only with --soak")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="soak run: pass --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def soak(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--soak"))
