"""``homeroom serve``: the web platform (lobby, tables, bots) on one port."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Any

import typer

from homeroom.cli.common import console, fail


def uvicorn_options() -> dict[str, Any]:
    """uvicorn's settings for ``homeroom serve`` (the tests run uvicorn with the same): the
    WebSocket transport reads messages up to ``MAX_WS_TRANSPORT``, so the application itself
    answers a message over its limits with ``too_large`` before it closes the socket."""
    from homeroom.server.protocol import MAX_WS_TRANSPORT

    return {"ws_max_size": MAX_WS_TRANSPORT, "proxy_headers": False, "server_header": False}


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (sqlite:///FILE or postgresql+psycopg://"
                                           "USER:PASS@HOST/DB); default $HOMEROOM_DB, else SQLite in --data-dir.")] = None,
    data_dir: Annotated[Path, typer.Option("--data-dir", help="Folder for the SQLite database.")] = Path("data"),
    bot_workers: Annotated[int, typer.Option("--bot-workers", help="Bot worker processes (0: one per CPU).")] = 0,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds a bot waits before moving.")] = 0.4,
    log_level: Annotated[str, typer.Option("--log-level", help="debug, info, warning or error.")] = "info",
) -> None:
    """Serve the web platform: the lobby at http://HOST:PORT/, tables, bots and storage."""
    try:
        import uvicorn

        from homeroom.server.app import create_app
        from homeroom.server.config import ServerConfig
        from homeroom.server.storage import StorageError, Store, redact
    except ImportError as err:
        raise fail(f"serving needs the web extra ({err.name} is missing): pip install -e '.[web]'") from None
    if not 0 < port < 65536:
        raise fail(f"--port must be between 1 and 65535, not {port}")
    if bot_workers < 0 or bot_delay < 0:
        raise fail("--bot-workers and --bot-delay must not be negative")
    if log_level.lower() not in ("debug", "info", "warning", "error"):
        raise fail(f"--log-level must be debug, info, warning or error, not {log_level!r}")
    config = ServerConfig(db_url=db, data_dir=data_dir, bot_workers=bot_workers, bot_delay=bot_delay)
    url = config.resolved_db_url()
    try:
        store = Store.open(url)
    except StorageError as err:
        raise fail(str(err)) from None
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    console.print(f"homeroom serving on http://{host}:{port}/  (database {redact(url)}, "
                  f"schema v{store.schema_version()}, {store.count()} table(s))", soft_wrap=True)
    app = create_app(config, store)
    try:
        uvicorn.run(app, host=host, port=port, log_level=log_level.lower(), **uvicorn_options())
    finally:
        store.close()
