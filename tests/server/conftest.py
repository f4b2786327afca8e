"""Fixtures of the server tests: an app on a fresh SQLite database per module, and a throwaway
PostgreSQL server for the storage tests."""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
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


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_user() -> list[str]:
    """PostgreSQL refuses to run as root: as root, run its programs as an unprivileged user."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(PG_USER)
    except KeyError:
        made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER],
                              capture_output=True, text=True)
        if made.returncode != 0:
            try:
                pwd.getpwnam(PG_USER)  # another test process made it meanwhile
            except KeyError:
                pytest.fail(f"cannot create the user {PG_USER} to run PostgreSQL as: {made.stderr.strip()}")
    return ["runuser", "-u", PG_USER, "--"]


PG_USER = "homeroom-pg"


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A throwaway PostgreSQL cluster (initdb + pg_ctl in a temp folder, on a free port); yields
    the URL of its server without a database name. Needs Debian's postgresql (scripts/system-deps.sh)."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL (initdb, pg_ctl) is not installed: run scripts/system-deps.sh")
        pytest.skip("PostgreSQL (initdb, pg_ctl) is not installed: run scripts/system-deps.sh")
    prefix = _as_user()
    root = Path(tempfile.mkdtemp(prefix="homeroom-pg-"))
    root.chmod(0o755)
    data = root / "data"
    if prefix:
        shutil.chown(root, PG_USER)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    run = lambda *args: subprocess.run([*prefix, *args], check=True, capture_output=True, text=True)  # noqa: E731
    try:
        run(initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        run(pg_ctl, "-D", str(data), "-l", str(root / "log"), "-w", "-t", "60", "-o",
            f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    except subprocess.CalledProcessError as err:
        log = (root / "log").read_text() if (root / "log").exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        pytest.fail(f"could not start PostgreSQL: {err.stderr or err.stdout} {log[-500:]}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


_db_counter = itertools.count()


def new_database(server_url: str) -> str:
    """A fresh empty database on the PostgreSQL server at ``server_url`` (``postgres_server``); its URL."""
    import psycopg

    name = f"homeroom_test_{os.getpid()}_{next(_db_counter)}"
    with psycopg.connect(server_url.replace("postgresql+psycopg", "postgresql") + "/postgres",
                         autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{server_url}/{name}"


@pytest.fixture
def pg_url(postgres_server: str) -> str:
    """A fresh empty database on the throwaway PostgreSQL cluster (for tests that run several
    servers on one database)."""
    return new_database(postgres_server)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database: SQLite in a temp folder, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'homeroom.db'}"
    return new_database(request.getfixturevalue("postgres_server"))
