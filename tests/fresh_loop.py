"""``asyncio.run`` in a thread of its own, for tests that run a coroutine.

Once a browser test ran in a pytest worker, the session-long sync Playwright (``tests/web``) keeps an
event loop running in that worker's main thread until the session ends, and ``asyncio.run`` refuses
to start beside it ("cannot be called from a running event loop"). Which tests share a worker is the
scheduler's choice, so every test runs its coroutine here instead (``tests/test_fresh_loop.py`` checks
that none calls ``asyncio.run`` itself). The thread runs in a copy of the caller's context, so a
context variable set by the test (a bound data set) is seen by the coroutine."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on a fresh event loop in a new thread; its result, or its exception."""
    context = contextvars.copy_context()
    with ThreadPoolExecutor(1, thread_name_prefix="fresh-loop") as pool:
        return pool.submit(context.run, asyncio.run, main).result()
