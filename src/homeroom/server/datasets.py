"""The data sets a server offers (``homeroom serve --data-set NAME=DIR``) and which one a table plays.

Every game's packaged data is always offered (as ``packaged``); an operator adds named folders laid
over a game's packaged data (see :mod:`homeroom.engine.datasets`). A table records the name and
digest of its data set. Tables of one game with different data sets live in one process: each
table's code runs with its data set *bound* (a context variable every component lookup reads):
:meth:`homeroom.server.hubstore.TableStore.get` binds the caller's task to the table it returns, a
table's tasks start in :attr:`LiveTable.context`, a rebuild binds itself, a bot's think carries the
bound data sets to its worker process, and :meth:`Match.play` refuses a move under any other data.

A table whose data set this server does not offer (or offers with another digest) is still
readable (view, replay, log) but takes no move: :func:`unplayable` says why, in one line.
"""

from __future__ import annotations

import functools
import importlib
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.engine.datasets import PACKAGED, DataSet
from homeroom.engine.errors import DataError, UnknownGame

__all__ = ["PACKAGED", "Offered", "board_components", "digest_of", "packaged_data", "parse_spec", "resolve",
           "stand_ins"]

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")
"""A data set's name: what the create form, the lobby and the table page show."""


def parse_spec(text: str) -> tuple[str, str | None, Path]:
    """``NAME=DIR`` or ``NAME=GAME:DIR`` as (name, game id or None, folder); ValueError naming the problem."""
    name, sep, rest = text.partition("=")
    name = name.strip()
    if not sep or not rest.strip():
        raise ValueError(f"--data-set {text!r}: give NAME=DIR (or NAME=GAME:DIR)")
    if not NAME_PATTERN.match(name) or name == PACKAGED:
        raise ValueError(f"--data-set {text!r}: the name must be 1-40 letters, digits, '.', '_' or '-' "
                         f"(not {PACKAGED!r}, the packaged data's)")
    game_id, colon, folder = rest.partition(":")
    if colon and game_id in games.ids():
        return name, game_id, Path(folder).expanduser()
    return name, None, Path(rest).expanduser()


def _game_of(folder: Path) -> str:
    """The game whose data files hold every ``*.toml`` of ``folder`` (where several games have files
    of those names, the one whose data the folder makes valid); ValueError when none or several do."""
    files = {p.name for p in folder.glob("*.toml")}
    if not folder.is_dir():
        raise ValueError(f"{folder}: not a folder")
    if not files:
        raise ValueError(f"{folder}: no data files (*.toml) in it")
    fits = []
    for gid in games.ids():
        packaged = games.get(gid).data_directory()
        if packaged is not None and files <= {p.name for p in packaged.glob("*.toml")}:
            fits.append(gid)
    if len(fits) > 1:
        valid = [gid for gid in fits if not _problems(gid, folder)]
        fits = valid if len(valid) == 1 else fits
    if len(fits) != 1:
        what = "no game has data files named " + ", ".join(sorted(files)) if not fits else \
            "its files fit " + " and ".join(fits)
        raise ValueError(f"{folder}: {what}; say which game with NAME=GAME:DIR")
    return fits[0]


def _problems(game_id: str, folder: Path) -> bool:
    try:
        games.get(game_id).dataset(folder)
    except DataError:
        return True
    return False


@dataclass
class Offered:
    """The data sets a server offers, by game id and name (each game's packaged data always)."""

    sets: dict[str, dict[str, DataSet]] = field(default_factory=dict)
    """Per game id: the named data sets besides the packaged one."""
    recheck: bool = False
    """``serve --recheck``: a table whose data set changed since it began (an upgrade of the packaged
    data, an edited folder) goes on with this server's data when every move so far is still legal
    with it; without it (the default) such a table is readable only."""

    @classmethod
    def load(cls, specs: Iterable[str]) -> Offered:
        """The data sets of ``--data-set`` options, each checked as its game loads it: a bad one
        raises ValueError (or DataError naming every problem: file, record, field)."""
        offered = cls()
        for spec in specs:
            name, game_id, folder = parse_spec(spec)
            if game_id is None:
                game_id = _game_of(folder)
            try:
                game = games.get(game_id)
            except UnknownGame as err:
                raise ValueError(f"--data-set {spec!r}: {err}") from None
            by_name = offered.sets.setdefault(game_id, {})
            if name in by_name:
                raise ValueError(f"--data-set {spec!r}: {game_id} already has a data set named {name!r}")
            try:
                ds = game.dataset(folder)
            except DataError as err:
                raise DataError([f"--data-set {name}: {p}" for p in err.problems]) from None
            ds.named = name  # saves and replays of its tables name it as the server offers it
            by_name[name] = ds.freeze()
        return offered

    def names(self, game_id: str) -> list[str]:
        """The names offered for a game: ``packaged`` first."""
        return [PACKAGED, *self.sets.get(game_id, {})]

    def get(self, game_id: str, name: str | None) -> DataSet | None:
        """The named data set of a game (None: the packaged data); KeyError if not offered."""
        if name is None or name == PACKAGED:
            return None
        return self.sets.get(game_id, {})[name]

    def to_json(self, game_id: str) -> list[dict[str, Any]]:
        """The data sets offered for a game, as ``GET /api/games`` lists them."""
        out = []
        for name in self.names(game_id):
            ds = self.get(game_id, name)
            packaged = packaged_data(game_id) if ds is None else None
            digest = ds.digest if ds is not None else (packaged.digest if packaged is not None else None)
            out.append({"name": name, "digest": digest, "packaged": ds is None})
        return out


def packaged_data(game_id: str) -> DataSet | None:
    """The game's packaged data (this process's own, whatever the calling code has bound for a table)."""
    game = games.get(game_id)
    with game.bound_data(None):
        return game.current_data()


def digest_of(game_id: str, ds: DataSet | None) -> str | None:
    """The digest a table records for its data set (None: a game without component data)."""
    if ds is not None:
        return ds.digest
    current = packaged_data(game_id)
    return None if current is None else current.digest


def resolve(offered: Offered, game_id: str, name: str | None, digest: str | None) -> tuple[DataSet | None, str | None]:
    """A stored table's data set on this server and, if it cannot be played here, why (one line)."""
    shown = name or PACKAGED
    try:
        ds = offered.get(game_id, name)
    except KeyError:
        offers = ", ".join(offered.names(game_id))
        return None, (f"This table was played with the data set {shown!r}, which this server does not offer "
                      f"(it offers: {offers}): you can look at it and its replay, but no move can be made.")
    ours = digest_of(game_id, ds)
    if digest is not None and ours is not None and digest != ours:
        return ds, (f"This table was played with the data set {shown!r} at digest {digest}; this server's "
                    f"{shown!r} is {ours} (its data changed): you can look at it and its replay, but no move "
                    f"can be made.")
    return ds, None


def stand_ins(ds: DataSet | None, game_id: str) -> dict[str, Any]:
    """Per component (by its record's ``id``): ``"all"`` where every value is a stand-in, else the
    list of stand-in fields; components printed in the rulebook are left out. For tooltips."""
    if ds is None:
        packaged = packaged_data(game_id)
        if packaged is None:
            return {}
        ds = packaged
    out: dict[str, Any] = {}
    for data in ds.files.values():
        for value in data.values():
            if not isinstance(value, list):
                continue
            for rec in value:
                if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
                    continue
                prov = rec.get("provenance")
                if prov == "stand-in":
                    out[rec["id"]] = "all"
                elif prov == "mixed" and isinstance(rec.get("stand_in_fields"), list):
                    out[rec["id"]] = [str(f) for f in rec["stand_in_fields"]]
    return out


def board_components(game_id: str, name: str, ds: DataSet | None) -> str | None:
    """The text of a board's generated components file ``name`` (``components.json`` or
    ``components.js``, made by a script beside the board from the game's data) made from ``ds``
    instead of the packaged data; None if ``name`` is not such a file. A board loaded from
    ``/boards/GAME/data/NAME/board.js`` fetches its components relative to itself, so it draws that
    data set's names and values without a change to the board."""
    game = games.get(game_id)
    module = sys.modules[type(game).__module__]
    is_package = (module.__file__ or "").endswith("__init__.py")
    for script in _scripts(module.__name__ if is_package else module.__name__.rsplit(".", 1)[0]):
        out = getattr(script, "OUT", None)
        if isinstance(out, Path) and out.name == name and callable(getattr(script, "render", None)):
            with game.bound_data(ds):
                text: str = script.render()
            return text
    return None


@functools.cache
def _scripts(package: str) -> tuple[Any, ...]:
    """The modules of ``<package>.web`` that write a components file (``OUT`` and ``render()``)."""
    found = []
    for path in sorted((Path(sys.modules[package].__file__ or "").parent / "web").glob("*.py")):
        if path.stem.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.web.{path.stem}")
        if hasattr(module, "OUT") and hasattr(module, "render"):
            found.append(module)
    return tuple(found)
