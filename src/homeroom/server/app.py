"""The FastAPI application: pages, the lobby and table API, and the table WebSocket.

Every error leaves as one line (``{"error": ...}`` over HTTP, an ``error`` message on the socket),
never a traceback; unexpected failures are logged here and reported as a plain server error.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles

from homeroom import __version__, games
from homeroom.engine import textfind
from homeroom.engine.errors import UnknownGame
from homeroom.server import advice, chat
from homeroom.server.analysis import Analyses
from homeroom.server.archive import archiver, delete_table, require_live
from homeroom.server.bots import BOT_PRESETS, BotPool, offered_kinds
from homeroom.server.config import ServerConfig
from homeroom.server.datasets import PACKAGED, Offered, board_components, stand_ins
from homeroom.server.errors import ProtocolError
from homeroom.server.follow import follow, follows
from homeroom.server.leases import sweep
from homeroom.server.limits import RATE_LIMITED_CLOSE, Limiter, RateLimited, SocketGate, address_key
from homeroom.server.live import Conn, LiveTable
from homeroom.server.protocol import (
    MAX_HTTP_BODY,
    MAX_WS_CLOSE,
    MAX_WS_MESSAGE,
    Act,
    Chat,
    CreateTable,
    ErrorMessage,
    Hello,
    JoinSeat,
    MyTables,
    Ping,
    SetSeat,
    Suggest,
    Undo,
    Welcome,
    Why,
    WhyAnswer,
    client_message,
    one_line,
)
from homeroom.server.seats import hand_own_seat, reopen, seat_is_open
from homeroom.server.security import hash_secret
from homeroom.server.storage import StorageError, Store, TableRecord, failure
from homeroom.server.tables import Hub

log = logging.getLogger("homeroom.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'self'")

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>homeroom</title></head>
<body><h1>homeroom</h1><p>The {what} page is not installed in this build.</p>
<p>The API is at <code>/api/games</code>.</p></body></html>
"""


class BodyLimit:
    """Refuses HTTP bodies over the limit with 413 (whether or not a Content-Length is sent).

    A chunked body is counted as it arrives; once over the limit the 413 is sent at once and
    whatever the application answers after that (FastAPI turns the aborted read into a 400) is
    dropped."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
                       send: Callable[[Any], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        seen = 0
        answered = started = False

        async def limited() -> Any:
            nonlocal seen, answered
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    if not answered and not started:
                        answered = True
                        await _too_large(send, self.limit)
                    raise _BodyTooLarge()
            return message

        async def guarded(message: Any) -> None:
            nonlocal started
            if answered:
                return
            started = True
            await send(message)

        try:
            await self.app(scope, limited, guarded)
        except Exception:
            if not answered:
                raise


class _BodyTooLarge(Exception):
    pass


class Unexpected:
    """The last guard of an HTTP request: an exception nothing else handled is logged and
    answered with a one-line 500. (Starlette's own handler re-raises it after answering, and
    uvicorn then closes the connection, so a client's next request on it would be reset.)"""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
                       send: Callable[[Any], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as err:
            found = storage_failure(err)
            if found is None:
                log.error("unexpected error at %s", scope.get("path", "?")[:200], exc_info=err)
            if started:
                raise
            status, message = found or (500, "internal server error (logged on the server)")
            body = json.dumps({"error": message}).encode()
            await send({"type": "http.response.start", "status": status,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})


def storage_failure(err: BaseException) -> tuple[int, str] | None:
    """(status, one line) for a failure of the database (full disk, file gone, unreachable)."""
    if isinstance(err, StorageError | SQLAlchemyError | OSError):
        found = failure(err)
        if found is not None:
            log.error("storage failure: %s", str(err).splitlines()[0] if str(err) else repr(err))
        return found
    return None


async def _too_large(send: Callable[[Any], Awaitable[None]], limit: int) -> None:
    body = json.dumps({"error": f"request body over {limit // 1024} KiB"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def iso(ts: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def game_name(game_id: str) -> str:
    try:
        return games.get(game_id).info.name
    except UnknownGame:
        return game_id


def summary(rec: TableRecord, live: LiveTable | None) -> dict[str, Any]:
    state = live.match.state if live is not None else None
    turn_seat = rec.to_move if live is None or state is None else live.context.copy().run(state.turn_seat)
    return {
        "table_id": rec.id, "game": rec.game, "game_name": game_name(rec.game), "players": rec.players,
        "options": rec.options, "listed": rec.listed, "version": rec.version, "step": rec.step,
        "terminal": rec.terminal, "to_move": rec.to_move,
        "turn_seat": turn_seat, "data_set": rec.data_set,
        "data_notice": live.data_notice if live is not None else None,
        "outcome": rec.outcome, "created_at": iso(rec.created_at), "updated_at": iso(rec.updated_at),
        "rematch": rec.rematch, "clock": rec.clock, "seed_chosen": rec.seed_chosen,
        "archived": rec.archived_at is not None,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.kind != "human",
                   "open": seat_is_open(s),
                   "connected": live.connected(s.seat) if live is not None else False} for s in rec.seats],
    }


def board_dir(game_id: str) -> Path | None:
    """The folder of a game's web board module (``homeroom/games/<package>/web``), if any."""
    try:
        game = games.get(game_id)
    except UnknownGame:
        return None
    # the game's folder holds the module defining its class (game.py, or the package's __init__.py)
    module = sys.modules.get(type(game).__module__)
    file = getattr(module, "__file__", None)
    if file is None:
        return None
    folder = Path(file).resolve().parent / "web"
    return folder if folder.is_dir() else None


async def start_up(hub: Hub) -> None:
    """Start the bot workers and bring back the tables where a bot or a clock has work to do."""
    try:
        await hub.pool.warm()
        restored = await hub.restore_pending()
        if restored:
            log.info("restored %d table(s) with a bot or a clock to run", restored)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("start-up failed")


def create_app(config: ServerConfig | None = None, store: Store | None = None) -> FastAPI:
    cfg = config or ServerConfig()
    offered = Offered.load(cfg.data_sets)  # a bad folder stops the start, every problem named
    offered.recheck = cfg.recheck

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = store if store is not None else await asyncio.to_thread(Store.open, cfg.resolved_db_url())
        pool = BotPool(cfg.workers(), grace=cfg.bot_grace, cap=cfg.bot_think_cap, initializer=cfg.bot_initializer)
        hub = Hub(opened, pool, bot_delay=cfg.bot_delay, max_cached=cfg.max_cached_tables,
                  zombie_after=cfg.zombie_after)
        hub.offered = offered
        app.state.hub = hub
        app.state.analyses = Analyses(opened, cfg.analysis_iterations)
        restore: asyncio.Task[Any] | None = None
        if cfg.restore_on_start:
            restore = asyncio.create_task(start_up(hub))
        archiving = asyncio.create_task(archiver(hub, cfg.archive_after)) if cfg.archive_after > 0 else None
        following = asyncio.create_task(follow(hub, opened.url)) if follows(opened.url) else None
        leasing = asyncio.create_task(sweep(hub)) if hub.leases.shared and cfg.restore_on_start else None
        try:
            yield
        finally:
            if leasing is not None:
                leasing.cancel()
                with contextlib.suppress(BaseException):
                    await leasing
            if following is not None:
                following.cancel()
                with contextlib.suppress(BaseException):
                    await following
            if restore is not None and not restore.done():
                restore.cancel()
            if archiving is not None:
                archiving.cancel()
                with contextlib.suppress(BaseException):
                    await archiving
            await app.state.analyses.close()
            await hub.close()
            await asyncio.to_thread(hub.leases.close)
            hub.stop_pools()
            await asyncio.to_thread(pool.close)
            if store is None:
                opened.close()

    server_run = secrets.token_hex(6)  # names this run of the server: a page sees a restart
    app = FastAPI(title="homeroom", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.add_middleware(Unexpected)
    app.add_middleware(BodyLimit, limit=MAX_HTTP_BODY)
    limiter = Limiter(cfg.limits)
    app.state.limiter = limiter

    def client_address(request: Request | WebSocket) -> str:
        return address_key(request.client.host if request.client is not None else None)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    # ------------------------------------------------------------ errors
    @app.exception_handler(ProtocolError)
    async def protocol_error(_: Request, err: ProtocolError) -> JSONResponse:
        headers = {"Retry-After": str(err.retry_after)} if isinstance(err, RateLimited) else None
        return JSONResponse({"error": err.message}, status_code=err.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, err: StarletteHTTPException) -> JSONResponse:
        text = err.detail if isinstance(err.detail, str) else "bad request"
        if err.status_code == 404 and text == "Not Found":
            text = "no such page"
        return JSONResponse({"error": text}, status_code=err.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, err: RequestValidationError) -> JSONResponse:
        problems = err.errors()
        first = problems[0] if problems else {}
        if first.get("type") == "json_invalid":
            message = "the request body is not valid JSON"
        else:
            where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
            message = f"{where}: {first.get('msg', 'invalid')}" if where else str(first.get("msg", "invalid"))
        return JSONResponse({"error": message}, status_code=422)

    # an exception no handler takes is answered by the Unexpected middleware (one line, 500;
    # 503 or 507 when the database failed), without closing the client's connection

    @app.middleware("http")
    async def headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if request.url.path.startswith("/api/"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    # ------------------------------------------------------------ pages
    def page(name: str, what: str) -> Response:
        path = WEB_DIR / name
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return HTMLResponse(PLACEHOLDER.format(what=what))

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return page("index.html", "lobby")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html", "table")

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/boards/{game_id}/{path:path}", include_in_schema=False)
    async def board_file(game_id: str, path: str) -> Response:
        folder = board_dir(game_id)
        if folder is None:
            raise ProtocolError("not_found", f"no board module for game {game_id[:64]!r}")
        missing = ProtocolError("not_found", f"no file {path[:100]!r} in the {game_id} board")
        if path.startswith("data/"):  # the board of a data set: its components file made from that data
            _, name, path = (path.split("/", 2) + ["", ""])[:3]
            try:
                ds = offered.get(game_id, name)
            except KeyError:
                raise ProtocolError("not_found", f"no data set {name[:64]!r} for {game_id[:64]!r}") from None
            made = board_components(game_id, path, ds)
            if made is not None:
                return Response(made, media_type="text/javascript" if path.endswith(".js") else "application/json")
        if not path or len(path) > 255 or "\0" in path:  # NUL or an over-long name: no such file
            raise missing
        try:
            target = (folder / path).resolve()
            if not target.is_relative_to(folder) or not target.is_file():
                raise missing
        except (OSError, ValueError):
            raise missing from None
        return FileResponse(target)

    @app.get("/api/tables/{table_id}/data")
    async def api_table_data(table_id: str, request: Request) -> dict[str, Any]:
        """The table's data set: its name, digest and which component values are stand-ins (tooltips)."""
        table = await hub_of(request).get(table_id)
        return {"data_set": table.rec.data_set or PACKAGED, "digest": table.rec.data_digest,
                "notice": table.data_notice, "stand_ins": stand_ins(table.data, table.game.id)}

    @app.get("/how-to-play/{game_id}", include_in_schema=False)
    async def how_to_play(game_id: str) -> Response:
        """A game's "How to play" page (``games/<game>/web/howto.html``); its learner data
        (decision texts, rule sections -> anchors) is ``/boards/<game>/learn.json``."""
        folder = board_dir(game_id)
        page_file = None if folder is None else folder / "howto.html"
        if page_file is None or not page_file.is_file():
            raise ProtocolError("not_found", f"no How to play page for game {game_id[:64]!r}")
        return FileResponse(page_file, media_type="text/html")

    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")

    # ------------------------------------------------------------ API
    @app.get("/api/games")
    async def api_games() -> dict[str, Any]:
        infos = []
        for game in games.all_games():
            info = game.info.to_json()
            folder = board_dir(game.id)
            info["board"] = folder is not None and (folder / "board.js").is_file()
            info["data_sets"] = offered.to_json(game.id)
            infos.append(info)
        return {"games": infos, "seat_kinds": offered_kinds(), "bot_presets": BOT_PRESETS}

    @app.post("/api/tables", status_code=201)
    async def api_create(body: CreateTable, request: Request) -> dict[str, Any]:
        limiter.creation(client_address(request))
        table, host, seat_secrets = await hub_of(request).create(body)
        tid = table.id
        return {
            "table_id": tid, "host_secret": host, "spectator_url": f"/t/{tid}#spectate",
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "open": s.open, "secret": seat_secrets[s.seat],
                       "invite_url": None if seat_secrets[s.seat] is None else f"/t/{tid}#seat={seat_secrets[s.seat]}"}
                      for s in table.rec.seats],
        }

    @app.get("/api/tables")
    async def api_list(request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        recs = await asyncio.to_thread(hub.store.summaries, None, True, 100, True)
        rows = [summary(hub.tables[r.id].rec if r.id in hub.tables else r, hub.tables.get(r.id)) for r in recs]
        return {"tables": [row for row in rows if any(s["open"] for s in row["seats"])]}

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str, request: Request) -> dict[str, Any]:
        table = await hub_of(request).get(table_id)
        return summary(table.rec, table)

    @app.post("/api/tables/{table_id}/join")
    async def api_join(table_id: str, body: JoinSeat, request: Request) -> dict[str, Any]:
        limiter.join(client_address(request))
        hub = hub_of(request)
        table = await hub.get(table_id)
        async with table.lock:
            require_live(table)
            seat, secret = await hub.join(table, body.seat, body.name)
        return {"seat": seat, "secret": secret, "invite_url": f"/t/{table_id}#seat={secret}"}

    @app.get("/api/tables/{table_id}/view")
    async def api_view(table_id: str, request: Request, step: int | None = None) -> Response:
        hub = hub_of(request)
        table = await hub.get(table_id)
        secret = bearer(request)
        seat, role = hub.authenticate(table, secret, spectate=secret is None)
        view = await hub.view_at(table, seat, role, step)
        return JSONResponse(view)

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(table_id: str, request: Request) -> Response:
        """The finished game as a replay file (``homeroom replay FILE``, ``homeroom analyse FILE``):
        seed, seats and actions. Only once the game is over: the seed fixes every deal."""
        table = await hub_of(request).get(table_id)
        if not table.match.state.is_terminal():
            raise ProtocolError("conflict", "the replay (with the seed, which fixes every card) is available "
                                "once the game is over")
        return JSONResponse(table.match.to_replay(), headers={
            "Content-Disposition": f'attachment; filename="homeroom-{table.rec.game}-{table.id}.json"'})

    @app.get("/api/tables/{table_id}/analysis")
    async def api_analysis(table_id: str, request: Request) -> dict[str, Any]:
        """The post-game analysis: ``{status: none|running|done|failed, done, total, result?}``."""
        table = await hub_of(request).get(table_id)
        status: dict[str, Any] = await request.app.state.analyses.status(table.id)
        return status

    @app.post("/api/tables/{table_id}/analysis")
    async def api_analyse(table_id: str, request: Request) -> Response:
        """Start the post-game analysis of a finished table (anyone who may watch it; one run per
        table: asking again gives the run's status). 202 when this request started it."""
        table = await hub_of(request).get(table_id)
        if not table.match.state.is_terminal():
            raise ProtocolError("conflict", "the analysis is available once the game is over")
        started, status = await request.app.state.analyses.start(table.id, table.match.to_replay())
        return JSONResponse(status, status_code=202 if started else 200)

    @app.post("/api/my-tables")
    async def api_my_tables(body: MyTables, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        hashes = sorted({hash_secret(s) for s in body.secrets if s})
        found = await asyncio.to_thread(hub.store.find_secrets, hashes)
        recs = {r.id: r for r in await asyncio.to_thread(hub.store.summaries, {t for t, _ in found}, False, 1000)}
        seated = {t for t, s in found if s is not None}
        rows: list[dict[str, Any]] = []
        for table_id, seat in found:
            rec = recs.get(table_id)
            if rec is None or (seat is None and table_id in seated):
                continue
            live = hub.tables.get(table_id)
            if live is not None:
                rec = live.rec
            seat_rec = rec.seats[seat] if seat is not None else None
            rows.append({
                "table_id": table_id, "game": rec.game, "game_name": game_name(rec.game), "seat": seat,
                "name": None if seat_rec is None else seat_rec.name,
                "your_turn": seat_rec is not None and seat_rec.kind == "human" and not rec.terminal
                and rec.to_move == seat,
                "terminal": rec.terminal, "outcome": rec.outcome, "version": rec.version,
                "updated_at": iso(rec.updated_at), "rematch": rec.rematch,
            })
        rows.sort(key=lambda r: r["updated_at"], reverse=True)
        rows.sort(key=lambda r: (not r["your_turn"], r["terminal"]))
        return {"tables": rows}

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def api_set_seat(table_id: str, seat: int, body: SetSeat, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        table = await hub.get(table_id)
        # the seat's own secret: its player lets a bot play for them, or takes the seat back
        own = 0 <= seat < table.rec.players and own_seat_secret(table, seat, request)
        if not own:
            require_host(table, request)
        if not 0 <= seat < table.rec.players:
            raise ProtocolError("not_found", f"no seat {seat} at this table")
        async with table.lock:
            require_live(table)
            if own:
                await hand_own_seat(hub, table, seat, body.kind)
            else:
                await hub.set_kind(table, seat, body.kind)
        return summary(table.rec, table)

    @app.post("/api/tables/{table_id}/seats/{seat}/open")
    async def api_reopen_seat(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        table = await hub.get(table_id)
        require_host(table, request)
        if not 0 <= seat < table.rec.players:
            raise ProtocolError("not_found", f"no seat {seat} at this table")
        async with table.lock:
            require_live(table)
            await reopen(hub, table, seat)
        return summary(table.rec, table)

    @app.post("/api/tables/{table_id}/rematch")
    async def api_rematch(table_id: str, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        table = await hub.get(table_id)
        secret = bearer(request)
        if secret is None:
            raise ProtocolError("unauthorized", "a seat or host secret is needed (Authorization: Bearer ...)")
        hub.authenticate(table, secret, spectate=False)
        require_live(table)
        return {"table_id": await hub.rematch(table)}

    @app.delete("/api/tables/{table_id}")
    async def api_delete(table_id: str, request: Request) -> dict[str, Any]:
        """Host only: remove the table (seats, actions, chat); everyone at it is told and disconnected."""
        hub = hub_of(request)
        table = await hub.get(table_id)
        require_host(table, request)
        await delete_table(hub, table)
        return {"deleted": table_id}

    def own_seat_secret(table: LiveTable, seat: int, request: Request) -> bool:
        """Whether the request carries seat ``seat``'s own secret."""
        from homeroom.server.security import secret_matches

        secret = bearer(request)
        return secret is not None and secret_matches(secret, table.seat_rec(seat).secret_hash)

    def require_host(table: LiveTable, request: Request) -> None:
        from homeroom.server.security import secret_matches

        secret = bearer(request)
        if secret is None:
            raise ProtocolError("unauthorized", "the host secret is needed (Authorization: Bearer ...)")
        if not secret_matches(secret, table.rec.host_hash):
            if any(secret_matches(secret, s.secret_hash) for s in table.rec.seats):
                raise ProtocolError("forbidden", "only the table's host may do this")
            raise ProtocolError("unauthorized", "this secret is not valid for this table")

    @app.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"], include_in_schema=False)
    async def api_unknown(rest: str) -> Response:
        raise ProtocolError("not_found", f"no API endpoint /api/{rest[:100]}")

    # ------------------------------------------------------------ WebSocket
    @app.websocket("/ws/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        address = client_address(ws)
        try:
            limiter.open_socket(address)
        except RateLimited as err:  # past the cap of sockets per address: refused, cheaply
            await ws.accept()
            await _send_error(ws, err)
            await ws.close(RATE_LIMITED_CLOSE)
            return
        try:
            await ws_session(hub_of(ws), ws, table_id, limiter.gate(address), server_run)
        finally:
            limiter.close_socket(address)

    return app


async def _send_error(ws: WebSocket, err: ProtocolError) -> None:
    await ws.send_text(ErrorMessage(code=err.code, message=err.message).model_dump_json())


class Oversized(ProtocolError):
    """A message over ``MAX_WS_CLOSE``: answered ``too_large``, then the socket closes (1009)."""


def _check_size(size: int) -> None:
    if size > MAX_WS_CLOSE:
        raise Oversized("too_large", f"message over {MAX_WS_CLOSE // 1024} KiB; closing")
    if size > MAX_WS_MESSAGE:
        raise ProtocolError("too_large", f"message over {MAX_WS_MESSAGE // 1024} KiB")


async def _receive(ws: WebSocket, gate: SocketGate | None = None) -> Hello | Act | Undo | Why | Suggest | Ping | Chat | None:
    """The next client message, validated (after the rate limits, before any parsing); None when
    the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    if gate is not None:
        gate()
    text = message.get("text")
    if text is None:
        raw = message.get("bytes") or b""
        _check_size(len(raw))
        raise ProtocolError("bad_request", "messages must be JSON text, not binary")
    _check_size(len(text))
    _check_size(len(text.encode("utf-8", "replace")))
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad_request", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_request", "a message must be a JSON object with a 'type'")
    try:
        return client_message.validate_python(data)
    except ValidationError as err:
        raise ProtocolError("bad_request", one_line(err)) from None


async def ws_session(hub: Hub, ws: WebSocket, table_id: str, gate: SocketGate | None = None,
                     server_run: str | None = None) -> None:
    await ws.accept()
    conn: Conn | None = None
    table: LiveTable | None = None
    try:
        try:
            first = await _receive(ws, gate)
            if first is None:
                return
            if not isinstance(first, Hello):
                raise ProtocolError("unauthorized", "the first message must be hello")
            table = await hub.get(table_id)
            seat, role = hub.authenticate(table, first.secret, first.spectate)
        except ProtocolError as err:
            await _send_error(ws, err)
            code = 1009 if isinstance(err, Oversized) else {
                "unauthorized": 4401, "not_found": 4404, "server": 1011, "rate_limited": RATE_LIMITED_CLOSE,
            }.get(err.code, 4400)
            await ws.close(code)
            return
        secret = first.secret if role != "spectator" else None

        async def close(code: int) -> None:
            with contextlib.suppress(Exception):
                await ws.close(code)

        conn = Conn(seat, role, secret, ws.send_text, close)
        conn.push(Welcome(table_id=table.id, game=table.game.id, seat=seat, role=role,  # type: ignore[arg-type]
                          server=server_run).model_dump_json())
        await hub.connect(table, conn)
        while conn.alive:
            try:
                msg = await _receive(ws, gate)
                if msg is None:
                    return
                await handle(hub, table, conn, msg, gate)
            except ProtocolError as err:
                conn.push(ErrorMessage(code=err.code, message=err.message).model_dump_json())
                if err.code == "stale":
                    conn.push(hub.sync_text(table, conn))
                closing = isinstance(err, Oversized) or (isinstance(err, RateLimited) and err.close)
                if err.code == "unauthorized" or closing:
                    await asyncio.sleep(0)
                    await conn.stop()
                    await close(4401 if err.code == "unauthorized" else 1009 if isinstance(err, Oversized)
                                else RATE_LIMITED_CLOSE)
                    return
    except Exception as err:
        found = storage_failure(err)
        if found is None:
            log.exception("websocket session at table %s failed", table_id)
        text = ErrorMessage(code="server", message=found[1] if found else "the server failed (logged); reconnect")
        with contextlib.suppress(Exception):  # the error first, then the close
            if conn is not None:
                conn.push(text.model_dump_json())
                await conn.stop()
            else:
                await ws.send_text(text.model_dump_json())
        with contextlib.suppress(Exception):
            await ws.close(1011)
    finally:
        if conn is not None and table is not None:
            await hub.disconnect(table, conn)


async def handle(hub: Hub, table: LiveTable, conn: Conn, msg: Act | Undo | Why | Suggest | Ping | Chat | Hello,
                 gate: SocketGate | None = None) -> None:
    if isinstance(msg, Hello):
        raise ProtocolError("bad_request", "already said hello")
    hub.check(table, conn, msg.secret)
    if isinstance(msg, Ping):
        conn.push('{"type":"pong"}')
        return
    if isinstance(msg, Suggest):
        advice.check(table, conn)
        if gate is not None:
            gate.limiter.suggestion(gate.address)
        advice.start(hub, table, conn)
        return
    if isinstance(msg, Why):
        conn.push(why_answer(table, conn, msg).model_dump_json())
        return
    if isinstance(msg, Chat):
        if gate is not None and conn.role != "spectator":
            gate.limiter.chat_line(gate.address)
        await chat.post(hub, table, conn, msg.text)
        return
    if conn.role != "seat" or conn.seat is None:
        raise ProtocolError("forbidden", "only a seated player can act; spectators and the host watch")
    async with table.lock:
        require_live(table)
        if isinstance(msg, Act):
            await hub.act(table, conn.seat, msg.version, msg.action)
        else:
            await hub.undo(table, conn.seat, msg.version)


def why_answer(table: LiveTable, conn: Conn, msg: Why) -> WhyAnswer:
    """The answer to ``why``: by the action's JSON, or by ``text`` as the screen shows it, found
    among the choices of the decision now (the seat to move only, like :func:`why_not`)."""
    if msg.action is not None:
        return WhyAnswer(action=msg.action, reason=why_not(table, conn, msg.action))
    text = msg.text or ""
    state = table.match.state
    first = why_not(table, conn, None)
    if first is not None:
        return WhyAnswer(action=None, reason=first, text=text)
    action, note = textfind.answer_text(state, text, conn.seat)
    if action is None:
        return WhyAnswer(action=None, reason=None, text=text, note=note)
    return WhyAnswer(action=action.to_json(), reason=state.explain(action), text=text,
                     label=state.describe_action(action))


def why_not(table: LiveTable, conn: Conn, action_json: dict[str, Any] | None) -> str | None:
    """The engine's reason, asked only for the seat to move: explaining the position to anyone
    else would tell them about the mover's hidden cards."""
    state = table.match.state
    if conn.role != "seat" or conn.seat is None:
        return "only a seated player can act; spectators and the host watch"
    if state.is_terminal():
        return "the game is over: no more moves can be made"
    if state.to_move != conn.seat:
        who = "nobody" if state.to_move is None else table.rec.seats[state.to_move].name
        return f"it is {who}'s decision now, not yours"
    if action_json is None:  # only whether this seat may be asked at all
        return None
    try:
        action = table.game.action_from_json(action_json)
    except Exception as err:  # a malformed action is its own reason
        return str(err)
    return state.explain(action)

