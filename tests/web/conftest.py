"""Browser tests: Debian's Chromium driven by Playwright's sync API against a homeroom server
started in the test (uvicorn in a thread on a free loopback port, SQLite in a temp folder).

Without /usr/bin/chromium (or Playwright) the tests skip with a reason, except in CI (``CI=true``),
where they fail: CI must run them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import LiveServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _missing() -> str | None:
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is not installed (apt-get install chromium; make test installs it)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    try:
        import uvicorn  # noqa: F401

        import homeroom.server.app  # noqa: F401
    except ImportError as err:
        return f"the server cannot be imported: {err}"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if Path(str(item.fspath)).resolve().parent == here:
            # one xdist worker runs all browser tests: they share one browser and one server
            item.add_marker(pytest.mark.xdist_group("web-browser"))


@pytest.fixture(scope="session")
def browser_ready() -> None:
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def server(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("web-db") / "homeroom.db"
    live = LiveServer(f"sqlite:///{db}").start()
    yield live
    live.stop()


@pytest.fixture(scope="session")
def browser(browser_ready: None) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def new_page(browser: Any) -> Iterator[Any]:
    """new_page(width=1280, height=800) -> a page in a fresh context (its own localStorage);
    page errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.set_default_timeout(20_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
