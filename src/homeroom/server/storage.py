"""Storage: tables, seats and action lists in SQLAlchemy 2 (SQLite in WAL mode, or PostgreSQL).

A table is stored as its setup (game, options, seed, seats) plus the list of actions taken, each
row written in the same transaction that bumps the table's version; undone actions are marked,
never deleted. The schema carries a version number (table ``homeroom_schema``) and upgrades itself
step by step on open; a database written by a newer homeroom is refused rather than touched.

Every method is synchronous and short; the server calls them from a thread.
"""

from __future__ import annotations

import errno
import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Double,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.schema import CreateColumn

from homeroom.server.notify import announce, announce_chat

SCHEMA_VERSION = 5
"""The schema this code writes. Raise it with a new step in :data:`MIGRATIONS`."""


class StorageError(RuntimeError):
    """The database cannot be opened or used (named in one line)."""


class DatabaseGone(StorageError):
    """The SQLite file was removed or replaced while the server ran: what it writes now would
    not be there after a restart, so the store refuses everything until it is restarted."""


class AlreadyRematched(StorageError):
    """Another server started this game's rematch first (nothing was written): its table id."""

    def __init__(self, rematch: str) -> None:
        super().__init__(f"the rematch has started already: table {rematch}")
        self.rematch = rematch


GONE = "the database file was removed or replaced; the move was not saved (restart the server)"


def failure(err: BaseException) -> tuple[int, str] | None:
    """(HTTP status, one line) for a failure of the storage itself that a player or host should
    hear of: the disk is full (507), the database file is gone (503), the database cannot be
    reached (503); None for any other failure (a bug: a plain server error)."""
    text = str(err).lower()
    if isinstance(err, DatabaseGone):
        return 503, str(err)
    if "database or disk is full" in text or "no space left" in text or "disk full" in text \
            or (isinstance(err, OSError) and err.errno == errno.ENOSPC):
        return 507, "the server's disk is full: nothing was saved"
    if isinstance(err, OperationalError | StorageError):
        return 503, "the database cannot be used now: nothing was saved"
    return None


metadata = MetaData()

schema_table = Table(
    "homeroom_schema",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("upgraded_at", Double, nullable=False),
)

tables_table = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seed_chosen", Boolean, nullable=False, server_default=false()),
    Column("engine_version", String(16), nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("step", Integer, nullable=False),
    Column("to_move", Integer, nullable=True),
    Column("terminal", Boolean, nullable=False),
    Column("outcome", Text, nullable=True),
    Column("clock", Text, nullable=True),
    Column("turn_started_at", Double, nullable=False),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("created_at", Double, nullable=False),
    Column("updated_at", Double, nullable=False),
    Column("archived_at", Double, nullable=True),
    Column("data_set", String(64), nullable=True),
    Column("data_digest", String(16), nullable=True),
    Index("ix_tables_listed_terminal", "listed", "terminal", "updated_at"),
)

seats_table = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("kind", String(120), nullable=False),
    Column("secret_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),
    Column("clock_ms", BigInteger, nullable=True),
    Column("open", Boolean, nullable=False, server_default=false()),
    Index("ix_seats_secret_hash", "secret_hash"),
)

actions_table = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("ply", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("created_at", Double, nullable=False),
    Column("undone_version", Integer, nullable=True),
    UniqueConstraint("table_id", "seq", name="uq_actions_table_seq"),
    Index("ix_actions_table_ply", "table_id", "undone_version", "ply"),
)

chat_table = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("role", String(16), nullable=False),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", Double, nullable=False),
    Index("ix_chat_table_id", "table_id", "id"),
)

analyses_table = Table(
    "analyses",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("status", String(16), nullable=False),
    Column("done", Integer, nullable=False),
    Column("settings", Text, nullable=False),
    Column("result", Text, nullable=True),
    Column("error", Text, nullable=True),
    Column("created_at", Double, nullable=False),
    Column("updated_at", Double, nullable=False),
)

# The statements of every move, built once (building them is most of a write's cost).
_BUMP = update(tables_table).where(
    tables_table.c.id == bindparam("b_id"), tables_table.c.version == bindparam("b_prev")).values(
    {name: bindparam(name) for name in ("version", "step", "to_move", "terminal", "outcome", "turn_started_at",
                                        "updated_at")})
_BUMP_AT_STEP = _BUMP.where(tables_table.c.step == bindparam("b_prev_step"))
_SET_CLOCK = update(seats_table).where(
    seats_table.c.table_id == bindparam("b_id"), seats_table.c.seat == bindparam("b_seat")).values(
    clock_ms=bindparam("clock_ms"))
_INSERT_ACTION = insert(actions_table)

CHAT_KEEP = 200
"""Chat lines kept per table: writing one more drops the oldest."""

Migration = Callable[[Connection], None]
Op = Callable[[Connection], None]
"""One write, run inside a transaction."""


def _create_v1(conn: Connection) -> None:
    metadata.create_all(conn, tables=[tables_table, seats_table, actions_table])


def _v2(conn: Connection) -> None:
    """Schema 2 (issue 30): ``tables.seed_chosen``, true where the table's creator chose the seed
    (and so can know every card), and ``seats.open``, a seat anyone may join from the lobby.
    Tables stored before read as not chosen, and their seats stay invited: they belong to their
    link, never to a stranger. (A schema-1 database made by this code already has both.)"""
    if "seed_chosen" not in {c["name"] for c in inspect(conn).get_columns("tables")}:
        conn.execute(text("ALTER TABLE tables ADD COLUMN seed_chosen BOOLEAN NOT NULL DEFAULT FALSE"))
    if "open" not in {c["name"] for c in inspect(conn).get_columns("seats")}:
        column = CreateColumn(seats_table.c.open).compile(dialect=conn.dialect)
        conn.execute(text(f"ALTER TABLE seats ADD COLUMN {column}"))


def _v3(conn: Connection) -> None:
    """Schema 3 (issue 31): the ``chat`` table (a table's chat lines, kept with it), and
    ``tables.archived_at``, when a finished or abandoned table was archived (NULL: live). Tables
    stored before are not archived; the server's archiver looks at them like any other."""
    if "archived_at" not in {c["name"] for c in inspect(conn).get_columns("tables")}:
        column = CreateColumn(tables_table.c.archived_at).compile(dialect=conn.dialect)
        conn.execute(text(f"ALTER TABLE tables ADD COLUMN {column}"))
    chat_table.create(conn, checkfirst=True)


def _v4(conn: Connection) -> None:
    """Schema 4 (issue 35): the ``analyses`` table, a finished table's post-game analysis (its
    status and progress, the settings it ran with, the JSON document or the error), kept with the
    table; ``updated_at`` is the running server's heartbeat."""
    analyses_table.create(conn, checkfirst=True)


def _v5(conn: Connection) -> None:
    """Schema 5 (issue 37): ``tables.data_set`` and ``tables.data_digest``, the name and digest of
    the data set the table is played with (see :mod:`homeroom.engine.datasets`). Tables stored
    before were played with the packaged data: they read as such (NULL)."""
    have = {c["name"] for c in inspect(conn).get_columns("tables")}
    for column in (tables_table.c.data_set, tables_table.c.data_digest):
        if column.name not in have:
            conn.execute(text(f"ALTER TABLE tables ADD COLUMN {CreateColumn(column).compile(dialect=conn.dialect)}"))


MIGRATIONS: dict[int, Migration] = {1: _create_v1, 2: _v2, 3: _v3, 4: _v4, 5: _v5}
"""Step ``n`` takes a database at schema ``n - 1`` to ``n`` (step 1 creates the tables). Steps
only add (tables, columns, indexes) and may rewrite values; none drops data."""


@dataclass
class SeatRecord:
    seat: int
    name: str
    kind: str
    secret_hash: str | None
    claimed: bool = False
    clock_ms: int | None = None
    open: bool = False
    """Anyone may take the seat from the lobby (while nobody has claimed it); otherwise it is
    invited: reachable only by its link."""


@dataclass
class TableRecord:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    engine_version: str
    listed: bool
    host_hash: str
    seed_chosen: bool = False
    """The creator chose the seed (so may know every card): shown to everyone at the table."""
    version: int = 0
    step: int = 0
    to_move: int | None = None
    terminal: bool = False
    outcome: str | None = None
    clock: dict[str, Any] | None = None
    turn_started_at: float = 0.0
    rematch_of: str | None = None
    rematch: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    """The live action list (undone ones left out), in order: each ``{"seat", "action"}``."""
    archived_at: float | None = None
    """When the table was archived (read-only, out of the lists); None while it is live."""
    chat: list[ChatLine] = field(default_factory=list)
    """The chat lines kept (oldest first); filled by :meth:`Store.load` only."""
    data_set: str | None = None
    """The name of the data set the table is played with (None: the packaged data)."""
    data_digest: str | None = None
    """That data set's digest (None: the packaged data as it was when the table was made)."""


@dataclass
class ChatLine:
    """One line of a table's chat: who wrote it (a seat, or the host with ``seat`` None) and what."""

    id: int
    seat: int | None
    role: str
    name: str
    text: str
    created_at: float

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "role": self.role, "name": self.name, "text": self.text,
                "at": self.created_at}


@dataclass
class TableChange:
    """What one commit changes on a table row (the new version and derived columns)."""

    version: int
    step: int
    to_move: int | None
    terminal: bool
    outcome: str | None
    turn_started_at: float
    seat_clocks: dict[int, int | None] = field(default_factory=dict)
    prev_step: int | None = None
    """The step the table must be at for the write to apply (with the version before this one)."""

    def row(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "step": self.step,
            "to_move": self.to_move,
            "terminal": self.terminal,
            "outcome": self.outcome,
            "turn_started_at": self.turn_started_at,
            "updated_at": time.time(),
        }


_SEED_RANGE = 1 << 64


def _stored_seed(seed: int) -> int:
    """A seed of 0 to 2**64 - 1 as the signed 64-bit integer a BIGINT column holds (seeds of
    2**63 and up wrap to negative numbers; :func:`_read_seed` undoes it)."""
    if not 0 <= seed < _SEED_RANGE:
        raise StorageError(f"a table's seed must be between 0 and 2**64 - 1, not {seed}")
    return seed - _SEED_RANGE if seed >= _SEED_RANGE // 2 else seed


def _read_seed(value: Any) -> int:
    seed = int(value)
    return seed + _SEED_RANGE if seed < 0 else seed


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _migration_lock(conn: Connection) -> None:
    """On PostgreSQL: wait for other processes' schema changes, until this transaction ends."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(26734, 0)"))  # apart from the table leases (26733)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode and its folder created."""
    try:
        if url.startswith("sqlite"):
            path = url.split(":///", 1)[1] if ":///" in url else ""
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10},
                                   hide_parameters=True)
            event.listen(engine, "connect", _sqlite_pragmas)
        else:
            engine = create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True, hide_parameters=True)
    except (SQLAlchemyError, ValueError, ImportError) as err:
        raise StorageError(f"cannot use database {redact(url)}: {str(err).splitlines()[0]}") from None
    return engine


def sqlite_file(url: str) -> str | None:
    """The file of a SQLite URL (None for an in-memory database or another dialect)."""
    if not url.startswith("sqlite") or ":///" not in url:
        return None
    path = url.split(":///", 1)[1].split("?", 1)[0]
    return None if not path or path == ":memory:" else path


def hold_sqlite(url: str) -> IO[str] | None:
    """Take the one-process lock of a SQLite database: an exclusive ``flock`` on ``FILE.lock``
    beside it, held while the returned file stays open. The kernel drops it when the process
    ends, even by SIGKILL, so a crash never leaves a stale lock. SQLite's own locking keeps the
    file consistent, but two servers would each hold tables live and run their bots and clocks
    twice; several servers need PostgreSQL. None for another dialect or an in-memory database.
    Raises :class:`StorageError` naming the holder's pid if another process holds it."""
    path = sqlite_file(url)
    if path is None:
        return None
    try:
        import fcntl
    except ImportError:  # no flock (Windows): SQLite alone, unguarded
        return None
    lock_path = Path(path + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(lock_path, "a+", encoding="utf-8")  # noqa: SIM115 - held open on purpose
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "unknown"
        handle.close()
        raise StorageError(f"database {path} is already served by another homeroom process (pid {holder}): "
                           "stop it first, or use PostgreSQL (--db postgresql+psycopg://...) to run several "
                           "servers") from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


def redact(url: str) -> str:
    """The URL without its password, for messages."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, cred = head.partition("://")
    user = cred.split(":", 1)[0]
    return f"{scheme}://{user}:***@{tail}"


class Store:
    """The database of tables. Open it with :meth:`open` (which creates or upgrades the schema)."""

    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url
        self.file = sqlite_file(url)
        self.identity: tuple[int, int] | None = None
        """(st_dev, st_ino) of the SQLite file as opened; checked before a write is acknowledged."""
        self.gone = False

    def check_file(self) -> None:
        """Raise :class:`DatabaseGone` if the SQLite file is no longer the one opened (deleted,
        or replaced by another file). Once seen, the store stays refused: its open connections
        still reach the old file, and what they read or write there a restart would not see."""
        if self.file is None:
            return
        if not self.gone:
            try:
                st = os.stat(self.file)
                now = (st.st_dev, st.st_ino)
            except OSError:
                now = None
            if self.identity is None and now is not None:
                self.identity = now
            elif now != self.identity:
                self.gone = True
        if self.gone:
            raise DatabaseGone(GONE)

    @classmethod
    def open(cls, url: str, migrations: dict[int, Migration] | None = None,
             target: int = SCHEMA_VERSION) -> Store:
        store = cls(make_engine(url), url)
        try:
            store.upgrade(migrations if migrations is not None else MIGRATIONS, target)
            store.check_file()  # the file exists now: remember which one it is
        except SQLAlchemyError as err:
            store.close()
            raise StorageError(f"cannot open database {redact(url)}: {str(err).splitlines()[0]}") from None
        except StorageError:
            store.close()
            raise
        return store

    def close(self) -> None:
        self.engine.dispose()

    # ---------------------------------------------------------------- schema
    def schema_version(self) -> int:
        with self.engine.connect() as conn:
            return self._version(conn)

    def _version(self, conn: Connection) -> int:
        if not inspect(conn).has_table("homeroom_schema"):
            return 0
        row = conn.execute(select(schema_table.c.version).where(schema_table.c.id == 1)).first()
        return 0 if row is None else int(row[0])

    def upgrade(self, migrations: dict[int, Migration], target: int) -> None:
        """Bring the schema to ``target`` one step at a time, each step in its own transaction
        (on PostgreSQL under a lock: several servers starting at once on a new database would
        otherwise create the same tables together, and all but one fail)."""
        with self.engine.begin() as conn:
            _migration_lock(conn)
            schema_table.create(conn, checkfirst=True)
        while True:
            with self.engine.begin() as conn:
                _migration_lock(conn)
                current = self._version(conn)
                if current > target:
                    raise StorageError(
                        f"database {redact(self.url)} has schema version {current}, newer than this "
                        f"homeroom's {target}: upgrade homeroom instead (nothing was changed)")
                if current == target:
                    return
                step = migrations.get(current + 1)
                if step is None:
                    raise StorageError(f"no upgrade step from schema version {current} to {current + 1}")
                step(conn)
                values = {"version": current + 1, "upgraded_at": time.time()}
                if current == 0:
                    conn.execute(insert(schema_table).values(id=1, **values))
                else:
                    conn.execute(update(schema_table).where(schema_table.c.id == 1).values(**values))

    # ---------------------------------------------------------------- writes
    def create_table(self, rec: TableRecord) -> None:
        now = time.time()
        rec.created_at = rec.updated_at = rec.created_at or now
        self.check_file()
        with self.engine.begin() as conn:
            conn.execute(insert(tables_table).values(
                id=rec.id, game=rec.game, players=rec.players, options=json.dumps(rec.options),
                seed=_stored_seed(rec.seed), seed_chosen=rec.seed_chosen, engine_version=rec.engine_version,
                listed=rec.listed,
                host_hash=rec.host_hash, version=rec.version, step=rec.step, to_move=rec.to_move,
                terminal=rec.terminal, outcome=rec.outcome,
                clock=None if rec.clock is None else json.dumps(rec.clock),
                turn_started_at=rec.turn_started_at or now, rematch_of=rec.rematch_of, rematch=None,
                created_at=rec.created_at, updated_at=rec.updated_at, data_set=rec.data_set,
                data_digest=rec.data_digest))
            conn.execute(insert(seats_table), [
                {"table_id": rec.id, "seat": s.seat, "name": s.name, "kind": s.kind,
                 "secret_hash": s.secret_hash, "claimed": s.claimed, "clock_ms": s.clock_ms,
                 "open": s.open}
                for s in rec.seats])
            if rec.rematch_of is not None:  # once: a second server's rematch finds the first one's
                done = conn.execute(update(tables_table).where(tables_table.c.id == rec.rematch_of,
                                                               tables_table.c.rematch.is_(None))
                                    .values(rematch=rec.id))
                if done.rowcount == 0:
                    first = conn.execute(select(tables_table.c.rematch)
                                         .where(tables_table.c.id == rec.rematch_of)).scalar()
                    if first is not None:
                        raise AlreadyRematched(str(first))  # rolls this table back
        self.check_file()

    def append_action(self, table_id: str, ply: int, seat: int, action: dict[str, Any],
                      change: TableChange) -> None:
        """Add one action and move the table to ``change.version`` in one transaction; fails
        (and writes nothing) if another writer got to this version first."""
        self.run(self.append_op(table_id, ply, seat, action, change))

    def undo_actions(self, table_id: str, from_ply: int, change: TableChange) -> None:
        """Mark the live actions from ``from_ply`` on as undone (kept, never deleted)."""
        self.run(self.undo_op(table_id, from_ply, change))

    def update_seat(self, table_id: str, seat: int, change: TableChange | None, **values: Any) -> None:
        self.run(self.seat_op(table_id, seat, change, **values))

    # Each write is also available as an operation on a connection, so that the server can
    # commit the moves of many tables in one transaction (group commit, see run_batch).
    def append_op(self, table_id: str, ply: int, seat: int, action: dict[str, Any],
                  change: TableChange) -> Op:
        row = {"table_id": table_id, "seq": change.version, "ply": ply, "seat": seat,
               "action": json.dumps(action, separators=(",", ":")), "created_at": time.time()}

        def op(conn: Connection) -> None:
            self._bump(conn, table_id, change)
            conn.execute(_INSERT_ACTION, row)

        return op

    def undo_op(self, table_id: str, from_ply: int, change: TableChange) -> Op:
        def op(conn: Connection) -> None:
            self._bump(conn, table_id, change)
            conn.execute(update(actions_table).where(
                actions_table.c.table_id == table_id, actions_table.c.undone_version.is_(None),
                actions_table.c.ply >= from_ply).values(undone_version=change.version))

        return op

    def seat_op(self, table_id: str, seat: int, change: TableChange | None, **values: Any) -> Op:
        def op(conn: Connection) -> None:
            if change is not None:
                self._bump(conn, table_id, change)
            if values:
                conn.execute(update(seats_table).where(
                    seats_table.c.table_id == table_id, seats_table.c.seat == seat).values(**values))

        return op

    def set_data_digest(self, table_id: str, digest: str | None) -> None:
        """Record that a table goes on with another digest of its data set (``serve --recheck``)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_table).where(tables_table.c.id == table_id).values(data_digest=digest))

    def add_chat(self, table_id: str, seat: int | None, role: str, name: str, line: str,
                 keep: int = CHAT_KEEP) -> ChatLine:
        """Store a chat line (and drop the table's oldest beyond ``keep``); returns it with its id."""
        now = time.time()
        with self.engine.begin() as conn:
            result = conn.execute(insert(chat_table).values(table_id=table_id, seat=seat, role=role, name=name,
                                                            text=line, created_at=now))
            key = result.inserted_primary_key
            assert key is not None
            new_id = int(key[0])
            announce_chat(conn, table_id, new_id)
            oldest_kept = conn.execute(select(chat_table.c.id).where(chat_table.c.table_id == table_id)
                                       .order_by(chat_table.c.id.desc()).offset(keep - 1).limit(1)).scalar()
            if oldest_kept is not None:
                conn.execute(delete(chat_table).where(chat_table.c.table_id == table_id,
                                                      chat_table.c.id < oldest_kept))
        return ChatLine(new_id, seat, role, name, line, now)

    def chat_after(self, table_id: str, after: int, keep: int = CHAT_KEEP) -> list[ChatLine]:
        """The table's chat lines after line id ``after`` (the last ``keep``), oldest first: those
        another server stored since this one last read them."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_table).where(chat_table.c.table_id == table_id, chat_table.c.id > after)
                                .order_by(chat_table.c.id.desc()).limit(keep)).mappings().all()
        return [ChatLine(r["id"], r["seat"], r["role"], r["name"], r["text"], r["created_at"]) for r in reversed(rows)]

    def archive_idle(self, before: float) -> list[str]:
        """Archive every live table with no change since ``before`` (finished or abandoned);
        returns their ids."""
        now = time.time()
        with self.engine.begin() as conn:
            ids = [r[0] for r in conn.execute(select(tables_table.c.id).where(
                tables_table.c.archived_at.is_(None), tables_table.c.updated_at < before))]
            if ids:
                conn.execute(update(tables_table).where(tables_table.c.id.in_(ids)).values(archived_at=now))
        return ids

    def delete_table(self, table_id: str) -> bool:
        """Remove a table with its seats, actions and chat (a rematch that points to it forgets
        it); False if there was no such table."""
        with self.engine.begin() as conn:
            for child in (analyses_table, chat_table, actions_table, seats_table):
                conn.execute(delete(child).where(child.c.table_id == table_id))
            conn.execute(update(tables_table).where(tables_table.c.rematch == table_id).values(rematch=None))
            conn.execute(update(tables_table).where(tables_table.c.rematch_of == table_id).values(rematch_of=None))
            gone = conn.execute(delete(tables_table).where(tables_table.c.id == table_id)).rowcount
        return bool(gone)

    def analysis(self, table_id: str) -> dict[str, Any] | None:
        """A table's stored analysis row (``status``, ``settings``, ``result``, ``error`` parsed), or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(analyses_table).where(analyses_table.c.table_id == table_id)).mappings().first()
        if row is None:
            return None
        return {"status": row["status"], "done": row["done"], "settings": json.loads(row["settings"]),
                "result": json.loads(row["result"]) if row["result"] is not None else None,
                "error": row["error"], "created_at": row["created_at"], "updated_at": row["updated_at"]}

    def touch_analysis(self, table_id: str, done: int) -> None:
        """A running analysis's progress and heartbeat (other servers read a silent one as cut short)."""
        with self.engine.begin() as conn:
            conn.execute(update(analyses_table).where(
                analyses_table.c.table_id == table_id, analyses_table.c.status == "running").values(
                done=done, updated_at=time.time()))

    def save_analysis(self, table_id: str, status: str, settings: dict[str, Any],
                      result: dict[str, Any] | None = None, error: str | None = None, done: int = 0) -> None:
        """Write a table's analysis row (replacing the one before: a run, then its result)."""
        self.check_file()
        now = time.time()
        with self.engine.begin() as conn:
            old = conn.execute(select(analyses_table.c.created_at).where(
                analyses_table.c.table_id == table_id)).first()
            conn.execute(delete(analyses_table).where(analyses_table.c.table_id == table_id))
            conn.execute(insert(analyses_table).values(
                table_id=table_id, status=status, done=done, settings=json.dumps(settings),
                result=json.dumps(result, separators=(",", ":")) if result is not None else None, error=error,
                created_at=old[0] if old is not None else now, updated_at=now))

    def run(self, op: Op) -> None:
        self.check_file()
        with self.engine.begin() as conn:
            op(conn)
        self.check_file()  # committed, but to the file a restart opens?

    def run_batch(self, ops: Sequence[Op]) -> list[Exception | None]:
        """Commit several independent writes in one transaction; if that fails, each one in its
        own, so one bad write never takes the others down. Returns each write's error or None."""
        if len(ops) > 1:
            try:
                self.check_file()
                with self.engine.begin() as conn:
                    for op in ops:
                        op(conn)
                self.check_file()
                return [None] * len(ops)
            except DatabaseGone as err:
                return [err] * len(ops)
            except Exception:  # find which write failed, and commit the others alone
                pass
        results: list[Exception | None] = []
        for op in ops:
            try:
                self.run(op)
                results.append(None)
            except Exception as err:
                results.append(err)
        return results

    def _bump(self, conn: Connection, table_id: str, change: TableChange) -> None:
        params = {"b_id": table_id, "b_prev": change.version - 1, **change.row()}
        if change.prev_step is None:
            result = conn.execute(_BUMP, params)
        else:
            result = conn.execute(_BUMP_AT_STEP, {**params, "b_prev_step": change.prev_step})
        if result.rowcount != 1:
            at = "" if change.prev_step is None else f" and step {change.prev_step}"
            raise StorageError(f"table {table_id} is not at version {change.version - 1}{at} any more")
        for seat, ms in change.seat_clocks.items():
            conn.execute(_SET_CLOCK, {"b_id": table_id, "b_seat": seat, "clock_ms": ms})
        announce(conn, table_id, change.version)  # other processes hear of it once it commits

    # ----------------------------------------------------------------- reads
    def _snapshot(self) -> Connection:
        """A connection whose reads until it closes all see one snapshot of the database. On
        PostgreSQL each statement of a default (read committed) transaction sees the commits made
        before it began, so another server's move committed between reading a table's row and
        its actions gave the row before the move with the actions after it: the player to move
        next saw its turn at a version the move had passed, and its move failed. SQLite serves
        one process, whose loads never race a write of the same table."""
        conn = self.engine.connect()
        if conn.dialect.name == "postgresql":
            conn.execution_options(isolation_level="REPEATABLE READ")
        return conn

    def _head(self, conn: Connection, table_id: str) -> TableRecord | None:
        """A table's row and its seats (no actions, no chat), or None."""
        row = conn.execute(select(tables_table).where(tables_table.c.id == table_id)).mappings().first()
        if row is None:
            return None
        rec = self._record(row)
        rec.seats = [self._seat(s) for s in conn.execute(
            select(seats_table).where(seats_table.c.table_id == table_id).order_by(seats_table.c.seat)
        ).mappings()]
        return rec

    def load(self, table_id: str) -> TableRecord | None:
        self.check_file()
        with self._snapshot() as conn:
            rec = self._head(conn, table_id)
            if rec is None:
                return None
            rec.actions = [
                {"seat": a.seat, "action": json.loads(a.action)}
                for a in conn.execute(
                    select(actions_table.c.seat, actions_table.c.action).where(
                        actions_table.c.table_id == table_id, actions_table.c.undone_version.is_(None))
                    .order_by(actions_table.c.ply))
            ]
            rows = conn.execute(select(chat_table).where(chat_table.c.table_id == table_id)
                                .order_by(chat_table.c.id.desc()).limit(CHAT_KEEP)).mappings().all()
            rec.chat = [ChatLine(r["id"], r["seat"], r["role"], r["name"], r["text"], r["created_at"])
                        for r in reversed(rows)]
        return rec

    def load_after(self, table_id: str, ply: int, version: int) -> tuple[TableRecord, bool] | None:
        """For catching a held table up (issue 34): the table's row and seats with only its live
        actions from ``ply`` on (no chat), and whether an undo since ``version`` took back any of
        the first ``ply`` actions (then those actions do not extend what the caller holds: it
        must load it all)."""
        with self._snapshot() as conn:
            rec = self._head(conn, table_id)
            if rec is None:
                return None
            rec.actions = [{"seat": a.seat, "action": json.loads(a.action)} for a in conn.execute(
                select(actions_table.c.seat, actions_table.c.action).where(
                    actions_table.c.table_id == table_id, actions_table.c.undone_version.is_(None),
                    actions_table.c.ply >= ply).order_by(actions_table.c.ply))]
            undone = conn.execute(select(actions_table.c.id).where(
                actions_table.c.table_id == table_id, actions_table.c.undone_version > version,
                actions_table.c.ply < ply).limit(1)).first()
        return rec, undone is not None

    def summaries(self, ids: Iterable[str] | None = None, listed_open: bool = False,
                  limit: int = 100, free_seat: bool = False) -> list[TableRecord]:
        """Table rows with their seats (no actions), never archived ones: the given ids, or the
        listed unfinished ones; with ``free_seat``, only tables with an open human seat nobody has
        taken (the lobby's)."""
        query = select(tables_table).where(tables_table.c.archived_at.is_(None))  # archived: out of every list
        if free_seat:
            query = query.where(select(seats_table.c.seat).where(
                seats_table.c.table_id == tables_table.c.id, seats_table.c.open.is_(True),
                seats_table.c.claimed.is_(False), seats_table.c.kind == "human").exists())
        if ids is not None:
            id_list = list(ids)
            if not id_list:
                return []
            query = query.where(tables_table.c.id.in_(id_list))
        if listed_open:
            query = query.where(tables_table.c.listed.is_(True), tables_table.c.terminal.is_(False))
        query = query.order_by(tables_table.c.updated_at.desc()).limit(limit)
        self.check_file()
        with self.engine.connect() as conn:
            recs = [self._record(r) for r in conn.execute(query).mappings()]
            by_id = {r.id: r for r in recs}
            if by_id:
                for s in conn.execute(select(seats_table).where(seats_table.c.table_id.in_(list(by_id)))
                                      .order_by(seats_table.c.seat)).mappings():
                    by_id[s["table_id"]].seats.append(self._seat(s))
        return recs

    def find_secrets(self, hashes: Sequence[str]) -> list[tuple[str, int | None]]:
        """(table id, seat) for every seat whose secret hash is given, and (table id, None) for
        every table whose host hash is."""
        if not hashes:
            return []
        with self.engine.connect() as conn:
            seats = conn.execute(select(seats_table.c.table_id, seats_table.c.seat)
                                 .where(seats_table.c.secret_hash.in_(list(hashes)))).all()
            hosts = conn.execute(select(tables_table.c.id).where(tables_table.c.host_hash.in_(list(hashes)))).all()
        return [(t, int(s)) for t, s in seats] + [(t, None) for (t,) in hosts]

    def pending_ids(self) -> list[str]:
        """Unfinished live (not archived) tables where the seat to move is a bot, or that run clocks."""
        with self.engine.connect() as conn:
            bots = conn.execute(
                select(tables_table.c.id).join(seats_table, (seats_table.c.table_id == tables_table.c.id)
                                               & (seats_table.c.seat == tables_table.c.to_move))
                .where(tables_table.c.terminal.is_(False), tables_table.c.archived_at.is_(None),
                       seats_table.c.kind != "human")).all()
            clocks = conn.execute(select(tables_table.c.id).where(
                tables_table.c.terminal.is_(False), tables_table.c.archived_at.is_(None),
                tables_table.c.clock.is_not(None))).all()
        return sorted({r[0] for r in bots} | {r[0] for r in clocks})

    def all_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(select(tables_table.c.id).order_by(tables_table.c.created_at))]

    def count(self) -> int:
        with self.engine.connect() as conn:
            return len(conn.execute(select(tables_table.c.id)).all())

    @staticmethod
    def _record(row: Any) -> TableRecord:
        return TableRecord(
            id=row["id"], game=row["game"], players=row["players"], options=json.loads(row["options"]),
            seed=_read_seed(row["seed"]), seed_chosen=bool(row["seed_chosen"]),
            engine_version=row["engine_version"], listed=bool(row["listed"]),
            host_hash=row["host_hash"], version=row["version"], step=row["step"], to_move=row["to_move"],
            terminal=bool(row["terminal"]), outcome=row["outcome"],
            clock=None if row["clock"] is None else json.loads(row["clock"]),
            turn_started_at=row["turn_started_at"], rematch_of=row["rematch_of"], rematch=row["rematch"],
            created_at=row["created_at"], updated_at=row["updated_at"], archived_at=row["archived_at"],
            data_set=row["data_set"], data_digest=row["data_digest"])

    @staticmethod
    def _seat(row: Any) -> SeatRecord:
        return SeatRecord(seat=row["seat"], name=row["name"], kind=row["kind"], secret_hash=row["secret_hash"],
                          claimed=bool(row["claimed"]),
                          clock_ms=None if row["clock_ms"] is None else int(row["clock_ms"]),
                          open=bool(row["open"]))
