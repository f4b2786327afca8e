"""``homeroom serve``: the web platform (lobby, tables, bots) on one port."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Any

import typer

from homeroom.cli.common import console, fail


def uvicorn_options(behind_proxy: bool = False) -> dict[str, Any]:
    """uvicorn's settings for ``homeroom serve`` (the tests run uvicorn with the same): the
    WebSocket transport reads messages up to ``MAX_WS_TRANSPORT``, so the application itself
    answers a message over its limits with ``too_large`` before it closes the socket; client
    addresses come from ``X-Forwarded-For`` only behind a proxy on this machine."""
    from homeroom.server.protocol import MAX_WS_TRANSPORT

    return {"ws_max_size": MAX_WS_TRANSPORT, "proxy_headers": behind_proxy, "forwarded_allow_ips": "127.0.0.1",
            "server_header": False}


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (sqlite:///FILE or postgresql+psycopg://"
                                           "USER:PASS@HOST/DB); default $HOMEROOM_DB, else SQLite in --data-dir.")] = None,
    data_dir: Annotated[Path, typer.Option("--data-dir", help="Folder for the SQLite database.")] = Path("data"),
    bot_workers: Annotated[int, typer.Option("--bot-workers", help="Bot worker processes (0: one per CPU).")] = 0,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds a bot waits before moving.")] = 0.4,
    log_level: Annotated[str, typer.Option("--log-level", help="debug, info, warning or error.")] = "info",
    zombie_after: Annotated[float, typer.Option("--zombie-after", help="Seconds a player must have been away "
                                                "before the host may hand their seat to a bot.")] = 120.0,
    rate_messages: Annotated[str, typer.Option("--rate-messages", help="WebSocket messages per connection, "
                                               "N/SECONDS.")] = "30/10",
    rate_address_messages: Annotated[str, typer.Option("--rate-address-messages", help="WebSocket messages of "
                                                       "all connections of one address, N/SECONDS.")] = "200/10",
    rate_creations: Annotated[str, typer.Option("--rate-creations", help="Tables created per address, "
                                                "N/SECONDS.")] = "20/600",
    rate_joins: Annotated[str, typer.Option("--rate-joins", help="Lobby joins per address, N/SECONDS.")] = "30/600",
    rate_chat: Annotated[str, typer.Option("--rate-chat", help="Chat lines per address, N/SECONDS.")] = "20/60",
    archive_after: Annotated[float, typer.Option("--archive-after", help="Days without a move before a table "
                                                 "(finished or abandoned) is archived: read-only and out of "
                                                 "the lists; 0: never.")] = 30.0,
    analysis_iterations: Annotated[int, typer.Option("--analysis-iterations", help="Search iterations a "
                                                     "decision of an analysis asked for in the browser "
                                                     "(homeroom analyse's default is 300).")] = 100,
    max_sockets: Annotated[int, typer.Option("--max-sockets", help="WebSocket connections open at once per "
                                             "address.")] = 50,
    no_rate_limits: Annotated[bool, typer.Option("--no-rate-limits", help="Turn every rate limit off.")] = False,
    behind_proxy: Annotated[bool, typer.Option("--behind-proxy", help="Trust X-Forwarded-For from a proxy on "
                                               "127.0.0.1 for the client address (rate limits count per "
                                               "address).")] = False,
    data_set: Annotated[list[str] | None, typer.Option("--data-set", help="NAME=DIR: offer a data set (a "
                                                       "folder laid over a game's packaged data, see 'homeroom "
                                                       "data') by NAME in the create form; NAME=GAME:DIR where "
                                                       "its files could be more than one game's. Repeatable.")] = None,
    recheck: Annotated[bool, typer.Option("--recheck", help="Let a table whose cards changed since it began (a "
                                          "new release's data, an edited --data-set folder) go on with this "
                                          "server's data when every move so far is still legal with it; "
                                          "without this such tables are readable only.")] = False,
) -> None:
    """Serve the web platform: the lobby at http://HOST:PORT/, tables, bots and storage."""
    try:
        import uvicorn

        from homeroom.server.app import create_app
        from homeroom.server.config import ServerConfig
        from homeroom.server.limits import Rate, RateLimits
        from homeroom.server.storage import StorageError, Store, hold_sqlite, redact
    except ImportError as err:
        raise fail(f"serving needs the web extra ({err.name} is missing): pip install -e '.[web]'") from None
    if not 0 < port < 65536:
        raise fail(f"--port must be between 1 and 65535, not {port}")
    if bot_workers < 0 or bot_delay < 0:
        raise fail("--bot-workers and --bot-delay must not be negative")
    if log_level.lower() not in ("debug", "info", "warning", "error"):
        raise fail(f"--log-level must be debug, info, warning or error, not {log_level!r}")
    if not 0 <= zombie_after <= 7 * 24 * 3600:
        raise fail(f"--zombie-after must be between 0 and 604800 seconds, not {zombie_after:g}")
    if not 0 <= archive_after <= 36500:
        raise fail(f"--archive-after must be between 0 and 36500 days, not {archive_after:g}")
    if not 10 <= analysis_iterations <= 100_000:
        raise fail(f"--analysis-iterations must be from 10 to 100,000, not {analysis_iterations}")
    if max_sockets < 1:
        raise fail(f"--max-sockets must be at least 1, not {max_sockets}")
    rates: dict[str, Rate] = {}
    for flag, text in (("messages", rate_messages), ("address-messages", rate_address_messages),
                       ("creations", rate_creations), ("joins", rate_joins), ("chat", rate_chat)):
        try:
            rates[flag] = Rate.parse(text)
        except ValueError as err:
            raise fail(f"--rate-{flag}: {err}") from None
    limits = RateLimits(enabled=not no_rate_limits, messages=rates["messages"],
                        address_messages=rates["address-messages"], creations=rates["creations"],
                        joins=rates["joins"], chat=rates["chat"], sockets=max_sockets)
    config = ServerConfig(db_url=db, data_dir=data_dir, bot_workers=bot_workers, bot_delay=bot_delay,
                          zombie_after=zombie_after, archive_after=archive_after * 86400, limits=limits,
                          analysis_iterations=analysis_iterations, data_sets=list(data_set or []),
                          recheck=recheck)
    from homeroom.engine.errors import DataError
    from homeroom.server.datasets import Offered

    try:
        offered = Offered.load(config.data_sets)  # before the database: a bad folder names every problem
    except DataError as err:  # every problem, one a line
        raise fail("a data set has problems:\n  " + "\n  ".join(err.problems)) from None
    except ValueError as err:
        raise fail(str(err)) from None
    url = config.resolved_db_url()
    try:
        lock = hold_sqlite(url)  # one process per SQLite file; held until this process ends
        store = Store.open(url)
    except StorageError as err:
        raise fail(str(err)) from None
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    console.print(f"homeroom serving on http://{host}:{port}/  (database {redact(url)}, "
                  f"schema v{store.schema_version()}, {store.count()} table(s))", soft_wrap=True)
    for gid, named in offered.sets.items():
        for name, ds in named.items():
            console.print(f"data set {name} for {gid}: {ds.overlay} ({ds.digest})", soft_wrap=True)
    app = create_app(config, store)
    try:
        uvicorn.run(app, host=host, port=port, log_level=log_level.lower(), **uvicorn_options(behind_proxy))
    finally:
        store.close()
        if lock is not None:
            lock.close()
