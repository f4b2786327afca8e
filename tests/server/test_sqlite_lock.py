"""SQLite is the one-process default: a second ``homeroom serve`` on the same database file is
refused with a one-line error, and the lock passes on when the first dies, even by SIGKILL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
from test_restart import free_port, kill, start


def _serve_again(data: Path) -> subprocess.CompletedProcess[str]:
    homeroom = Path(sys.executable).parent / "homeroom"
    return subprocess.run(
        [str(homeroom), "serve", "--port", str(free_port()), "--data-dir", str(data), "--log-level", "warning"],
        capture_output=True, text=True, timeout=60,
        env={k: v for k, v in os.environ.items() if k != "HOMEROOM_GAME_MODULES"})


def test_a_second_process_on_the_same_sqlite_file_is_refused_until_the_first_dies(tmp_path: Path) -> None:
    port = free_port()
    first = start(tmp_path, port)
    try:
        second = _serve_again(tmp_path)
        assert second.returncode != 0
        lines = [line for line in second.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, second.stderr
        assert "already served by another homeroom process" in lines[0]
        assert f"pid {first.pid}" in lines[0] and "homeroom.db" in lines[0]
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200  # untouched
    finally:
        kill(first)  # SIGKILL: no clean-up runs, the kernel drops the lock
    port = free_port()
    third = start(tmp_path, port)
    try:
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200
    finally:
        kill(third)
