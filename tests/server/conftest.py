"""Fixtures of the server tests: an app on a fresh SQLite database per module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import server


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data: Path = tmp_path_factory.mktemp("serverdata")
    with server(data_dir=data) as test_client:
        yield test_client
