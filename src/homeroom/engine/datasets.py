"""Data sets: a game's packaged component data with an owner's or designer's folder laid over it.

A data set folder holds only what differs from the packaged data (``src/homeroom/games/<game>/data``):
a file there is merged into the packaged file of the same name. Tables merge key by key, an array
of records merges record by record (a record is matched by its ``id``, or ``order``, ``index`` or
``subject`` where the file has no ids): an overlay record replaces the packaged record with that key
whole, a record with a new key is added; any other value replaces the packaged one. The merged data
is what the game's own loader checks, so every problem is named by file, record and field.

Design: the active data set is chosen per process, per game (:func:`use`), and the game's loaders
read it when their cached ``components()`` is first built. Switching clears those caches once, so
the hot paths (``State.apply``, ``legal_actions``) keep reading the same cached singletons with no
per-call cost. A data set is known by its digest (of the merged data, not of the files' text: a
comment changes nothing) and a readable name (the folder's name; ``packaged`` for none).

A server holds tables of one game with different data sets in one process, so a data set can also
be *bound* for a stretch of code (:func:`bound`): a :class:`contextvars.ContextVar` per game that
every component lookup (``components()``, ``load()`` and the tables derived from them, see
:func:`per_data`) reads first, at call time. A context variable follows the code that runs for one
table and nothing else: an asyncio task gets a copy of it (a table's tasks are started in the table's
context), ``asyncio.to_thread`` carries it into its thread, and concurrent tables never see each
other's. Unbound, lookups fall back to the process's data set, so the terminal game and the
simulations are unchanged. Chosen over a worker process per data set (every view, move and replay
of such a table would be a round trip to it) and over states carrying their components (every rule
that reads a component would change).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from homeroom.engine.data import read_toml
from homeroom.engine.errors import DataError

PACKAGED = "packaged"
"""The readable name of the packaged data (no overlay folder)."""

RECORD_KEYS = ("id", "order", "index", "subject")
"""The fields that name a record in an array of records, in order of preference."""


def record_key(record: Any) -> str | None:
    """The key a record is matched by (``id``, else ``order``, ``index`` or ``subject``), or None."""
    if not isinstance(record, dict):
        return None
    for name in RECORD_KEYS:
        if name in record and not isinstance(record[name], (dict, list)):
            return f"{name}={record[name]}"
    return None


def _is_records(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(r, dict) for r in value)


@dataclass
class DataSet:
    """The merged data of one game: packaged files with an overlay folder's files laid over them."""

    packaged: Path
    overlay: Path | None
    files: dict[str, dict[str, Any]]
    """The merged data by file name."""
    changed: dict[str, set[str]] = field(default_factory=dict)
    """Per file: the keys (record keys, or top-level table keys) the overlay gave."""
    problems: list[str] = field(default_factory=list)
    """Problems of the overlay itself (unknown file, record without a key); the loader adds its own."""
    named: str | None = field(default=None, compare=False, repr=False)
    """The name it is offered by (``serve --data-set NAME=DIR``), where that is not the folder's."""
    frozen: str | None = field(default=None, compare=False, repr=False)
    """The digest kept once the data set is served (:meth:`freeze`): its data no longer changes."""

    def freeze(self) -> DataSet:
        """Keep the digest (computing it hashes every file): for a data set that is bound often."""
        self.frozen = None
        self.frozen = self.digest
        return self

    @property
    def name(self) -> str:
        return self.named or (PACKAGED if self.overlay is None else self.overlay.name)

    @property
    def digest(self) -> str:
        """Twelve hex digits of SHA-256 over the merged data (sorted keys): equal data, equal digest."""
        if self.frozen is not None:
            return self.frozen
        text = json.dumps(self.files, sort_keys=True, default=str, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]

    @property
    def label(self) -> str:
        """``name (digest)``: how errors and reports name the data set."""
        return f"{self.name} ({self.digest})"

    def read(self, name: str) -> tuple[dict[str, Any], str | None]:
        """A file's merged data, as :func:`read_toml` gives a file's: ``(data, None)`` or ``({}, problem)``."""
        if name in self.files:
            return self.files[name], None
        return {}, "file is missing"


def _merge(base: Any, over: Any, where: str, changed: set[str], problems: list[str], top: bool) -> Any:
    """``over`` laid over ``base`` (see the module's rules); notes changed keys and problems."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            if top and not _is_records(base.get(key)):
                changed.add(key)
            out[key] = _merge(base[key], value, f"{where} {key}", changed, problems, False) if key in base \
                else copy.deepcopy(value)
        return out
    if _is_records(base) and isinstance(over, list):
        out_list = list(base)
        index = {record_key(r): i for i, r in enumerate(base)}
        for i, rec in enumerate(over):
            key = record_key(rec)
            if key is None:
                problems.append(f"{where} #{i + 1}: field 'id' is needed to say which record this replaces "
                                f"(or {', '.join(RECORD_KEYS[1:])} where the packaged records have no id)")
                continue
            changed.add(key)
            if key in index:
                out_list[index[key]] = copy.deepcopy(rec)
            else:
                index[key] = len(out_list)
                out_list.append(copy.deepcopy(rec))
        return out_list
    return copy.deepcopy(over)


def overlay(packaged: Path, directory: Path | None) -> DataSet:
    """The packaged folder's data with ``directory``'s files laid over it (None: the packaged data).
    Problems of the overlay (an unknown file, a file that is not valid TOML, a record with no key)
    are in ``problems``; the game's loader checks the merged data itself."""
    files: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for path in sorted(packaged.glob("*.toml")):
        data, problem = read_toml(path)
        if problem is None:
            files[path.name] = data
    ds = DataSet(packaged, None if directory is None else Path(directory), files, {}, problems)
    if directory is None:
        return ds
    directory = Path(directory)
    if not directory.is_dir():
        raise DataError([f"{directory}: not a folder"])
    for path in sorted(directory.glob("*.toml")):
        if path.name not in files:
            problems.append(f"{directory / path.name}: no such data file in this game "
                            f"(its files: {', '.join(sorted(files))})")
            continue
        data, problem = read_toml(path)
        if problem is not None:
            problems.append(f"{directory / path.name}: {problem}")
            continue
        changed: set[str] = set()
        files[path.name] = _merge(files[path.name], data, path.name, changed, problems, True)
        ds.changed[path.name] = changed
    return ds


# ------------------------------------------------------------------ the active data set per game
_ACTIVE: dict[Path, DataSet] = {}
_RESETS: dict[Path, list[Callable[[], None]]] = {}


_BINDINGS: dict[Path, ContextVar[DataSet | None]] = {}


def binding(packaged: Path) -> ContextVar[DataSet | None]:
    """The context variable holding the data set bound for the game whose data is ``packaged``
    (None: the process's data set). A game's loader reads it at every lookup."""
    var = _BINDINGS.get(packaged)
    if var is None:
        key = packaged.resolve()
        var = _BINDINGS.get(key)
        if var is None:
            var = _BINDINGS[key] = ContextVar(f"homeroom_data_{packaged.parent.name}", default=None)
        _BINDINGS[packaged] = var
    return var


class Sharing:
    """Whether this process has bound another data set of a game at some point (:func:`bound`): a
    table derived from the components may then be kept per data set only, never in a module global.
    A game's module keeps its object (:func:`sharing`) and reads ``.shared`` on its hot paths."""

    shared: bool = False


_SHARING: dict[Path, Sharing] = {}


def sharing(packaged: Path) -> Sharing:
    """The :class:`Sharing` of the game whose data is ``packaged`` (one object per game)."""
    return _SHARING.setdefault(packaged.resolve(), Sharing())


def shared(packaged: Path) -> bool:
    """Whether this process has bound another data set of this game at some point (see :class:`Sharing`)."""
    return sharing(packaged).shared


@contextlib.contextmanager
def bound(packaged: Path, dataset: DataSet | None) -> Iterator[None]:
    """Run the enclosed code with ``dataset`` as its game's data (None or the packaged data: the
    process's), in this context only (see the module's design)."""
    var = binding(packaged)
    value = None if dataset is None or dataset.overlay is None else dataset
    if value is not None and value.frozen is None:
        value.freeze()
    if value is not None and not sharing(packaged).shared:
        sharing(packaged).shared = True
        for reset in _RESETS.get(packaged.resolve(), []):  # module globals: from now on kept per data set
            reset()
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def bound_now() -> list[DataSet]:
    """The data sets bound for the code running now, one per game at most (for a worker process
    that must run a think with them: :func:`bound_all` there)."""
    return [ds for ds in (var.get() for var in set(_BINDINGS.values())) if ds is not None]


_INTERNED: dict[str, DataSet] = {}


@contextlib.contextmanager
def bound_all(datasets: list[DataSet]) -> Iterator[None]:
    """Bind each of ``datasets`` (sent from another process: one object per digest is kept, so
    each data set's components are built once in this process)."""
    with contextlib.ExitStack() as stack:
        for ds in datasets:
            kept = _INTERNED.setdefault(ds.frozen or ds.freeze().digest, ds)
            stack.enter_context(bound(kept.packaged, kept))
        yield


T = TypeVar("T")


def per_data(packaged: Path) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """``functools.cache`` kept per bound data set: for a table derived from the components
    (the unbound results are cleared by :func:`use` as a plain cache's are)."""
    var = binding(packaged)

    def wrap(fn: Callable[..., T]) -> Callable[..., T]:
        process = functools.cache(fn)
        per_set: dict[int, tuple[DataSet, Callable[..., T]]] = {}

        @functools.wraps(fn)
        def lookup(*args: Any) -> T:
            ds = var.get()
            if ds is None:
                return process(*args)
            hit = per_set.get(id(ds))
            if hit is None:  # the data set is kept with it, so its id is not reused meanwhile
                hit = per_set[id(ds)] = (ds, functools.cache(fn))
            return hit[1](*args)

        lookup.cache_clear = process.cache_clear  # type: ignore[attr-defined]
        return lookup
    return wrap


def components_of(packaged: Path, build: Callable[[Path | DataSet], T]) -> Callable[[], T]:
    """A game's ``components()``: ``build`` (the game's validating loader, raising
    :class:`DataError`) run once per data set. The data set bound for the code running now comes
    first (kept by its id, with the data set itself so the id is not reused), else the process's,
    cached until :func:`use` switches it (as a ``functools.cache`` of the game's module: the result
    carries ``build``'s ``__module__`` and a ``cache_clear``). The packaged data's components are
    built once per process, so switching back gives the same object again and a reference taken
    before a switch (a test's table, a module's constant) still means the game's data."""
    var = binding(packaged)
    by_set: dict[int, tuple[DataSet, T]] = {}
    built: dict[Path, T] = {}

    @functools.cache
    def process() -> T:
        source = active(packaged)
        if isinstance(source, DataSet):
            return build(source)
        key = source.resolve()
        if key not in built:
            built[key] = build(source)
        return built[key]

    def components() -> T:
        ds = var.get()
        if ds is None:
            return process()
        hit = by_set.get(id(ds))
        if hit is None:
            hit = by_set[id(ds)] = (ds, build(ds))
        return hit[1]

    components.__module__ = build.__module__
    components.__doc__ = ("The active data set's components: the one bound for the code running now, else the "
                          "process's (the packaged data unless homeroom.engine.datasets.use chose another).")
    components.cache_clear = process.cache_clear  # type: ignore[attr-defined]
    return components


def active(packaged: Path) -> Path | DataSet:
    """What a game's loader reads: the data set bound here (:func:`bound`), else the process's
    active data set laid over ``packaged``, else ``packaged`` itself."""
    ds = binding(packaged).get()
    if ds is not None:
        return ds
    return _ACTIVE.get(packaged.resolve(), packaged)


def on_switch(packaged: Path, reset: Callable[[], None]) -> None:
    """Call ``reset`` whenever the active data set of the game whose data is ``packaged`` changes
    (for a cache that is neither a ``functools.cache`` of the game's modules nor keyed by the
    components' identity)."""
    _RESETS.setdefault(packaged.resolve(), []).append(reset)


def use(packaged: Path, dataset: DataSet | None) -> None:
    """Make ``dataset`` the active data of its game in this process (None: the packaged data).
    The game's cached components and tables are cleared once, here; a state already built keeps
    the components it was built with only where it holds them itself, so switch between games."""
    key = packaged.resolve()
    old = _ACTIVE.get(key)
    if dataset is None or dataset.overlay is None:
        if old is None:
            return
        del _ACTIVE[key]
    else:
        if old is not None and old.digest == dataset.digest:
            return
        _ACTIVE[key] = dataset
    package = _package_of(key)
    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name:
                value.cache_clear()
    for reset in _RESETS.get(key, []):
        reset()
    _describe.cache_clear()


def _package_of(packaged: Path) -> str:
    """``homeroom.games.<game>`` for a packaged data folder (``.../games/<game>/data``)."""
    return f"homeroom.games.{packaged.parent.name}"


@cache
def _describe(packaged: Path) -> DataSet:
    return (_ACTIVE.get(packaged.resolve()) or overlay(packaged, None)).freeze()


def current(packaged: Path) -> DataSet:
    """The active data set of the game whose packaged data is ``packaged`` (its digest and name):
    the one bound here, else the process's."""
    return binding(packaged).get() or _describe(packaged)


def as_source(packaged: Path, directory: Path | DataSet | None) -> tuple[Path | DataSet, list[str]]:
    """What a loader reads for ``directory`` and the overlay's own problems: None is the packaged
    folder; a data set is itself (its overlay's problems first); a folder is read as it is, a
    complete data folder (a folder laid over the packaged data is a data set: :func:`overlay`)."""
    if directory is None:
        return packaged, []
    if isinstance(directory, DataSet):
        return directory, list(directory.problems)
    return Path(directory), []


def read_source(source: Path | DataSet, name: str) -> tuple[dict[str, Any], str | None]:
    """One data file's data from a folder or a data set, as :func:`read_toml` gives it."""
    return source.read(name) if isinstance(source, DataSet) else read_toml(source / name)
