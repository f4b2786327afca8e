"""Helpers for the browser tests: a live server in a thread, screenshots, waiting on the page."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


class LiveServer:
    """A homeroom server in a thread; stop() and start() again on the same port and database
    is a server restart as a browser sees it."""

    def __init__(self, db_url: str, port: int = 0, bot_delay: float = 0.0, **settings: Any) -> None:
        self.settings = settings
        """Other :class:`ServerConfig` settings by name."""
        self.db_url = db_url
        self.port = port
        self.bot_delay = bot_delay
        self._server: Any = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        import uvicorn

        from homeroom.server.app import create_app
        from homeroom.server.config import ServerConfig

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        self.port = sock.getsockname()[1]
        from homeroom.server.limits import Rate, RateLimits

        # every browser of the tests shares one address: limits on, but far above what they send
        limits = RateLimits(messages=Rate(10_000, 1), address_messages=Rate(10_000, 1),
                            creations=Rate(10_000, 1), joins=Rate(10_000, 1), chat=Rate(10_000, 1), sockets=1000)
        app = create_app(ServerConfig(db_url=self.db_url, bot_workers=1, limits=limits, bot_delay=self.bot_delay,
                                      **self.settings))
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1, lifespan="on")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the homeroom server did not start")
            time.sleep(0.05)
        self._server, self._thread = server, thread
        return self

    def stop(self) -> None:
        if self._server is None or self._thread is None:
            return
        self._server.should_exit = True
        self._thread.join(20)
        self._server = self._thread = None

    def api(self, method: str, path: str, body: Any = None, secret: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if secret:
            req.add_header("Authorization", f"Bearer {secret}")
        try:
            with urllib.request.urlopen(req, timeout=20) as res:
                return json.loads(res.read())
        except urllib.error.HTTPError as err:
            raise AssertionError(f"{method} {path}: {err.code} {err.read()[:300]!r}") from None


def shot(page: Any, name: str, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def overflow_report(page: Any, width: int) -> str:
    """The page's scroll width and the deepest elements whose right edge passes `width`, so a
    failed narrow-screen check names what is too wide instead of only a number."""
    return page.evaluate(
        """(w) => {
            const out = [];
            for (const el of document.querySelectorAll('body *')) {
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.right <= w + 0.01) continue;
                if ([...el.children].some(c => c.getBoundingClientRect().right > w + 0.01)) continue;
                const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
                out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${cls} right=${r.right.toFixed(1)} `
                         + JSON.stringify((el.textContent || '').trim().slice(0, 40)));
                if (out.length >= 8) break;
            }
            return `scrollWidth=${document.documentElement.scrollWidth}; ` + (out.join('; ') || 'no element passes the edge');
        }""",
        width,
    )
