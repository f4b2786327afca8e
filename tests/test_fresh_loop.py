"""Tests run their coroutines through ``fresh_loop.run``, never ``asyncio.run`` itself (see
``tests/fresh_loop.py``: after a browser test in the same worker it fails)."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path

import fresh_loop

TESTS = Path(__file__).resolve().parent


def test_no_test_calls_asyncio_run_itself() -> None:
    calls = [f"{p.relative_to(TESTS)}:{n}" for p in sorted(TESTS.rglob("*.py")) if p.name != "fresh_loop.py"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\basyncio\.run\(", line) and not line.lstrip().startswith("#")]
    assert not calls, f"use fresh_loop.run: {calls}"


def test_a_coroutine_runs_beside_a_running_loop() -> None:
    """What the browser tests leave behind: a loop running in this thread."""
    async def inner() -> str:
        await asyncio.sleep(0)
        return threading.current_thread().name

    async def outer() -> str:
        return fresh_loop.run(inner())  # asyncio.run here would refuse

    assert fresh_loop.run(outer()).startswith("fresh-loop")


def test_its_exception_reaches_the_test() -> None:
    async def fails() -> None:
        raise KeyError("boom")

    try:
        fresh_loop.run(fails())
    except KeyError as e:
        assert "boom" in str(e)
    else:
        raise AssertionError("the coroutine's exception was lost")
