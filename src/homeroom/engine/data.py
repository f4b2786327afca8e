"""Reading component data files: the part every game's loader shares."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: Path) -> tuple[dict[str, Any], str | None]:
    """Read one TOML data file: ``(data, None)``, or ``({}, problem)`` when the file is
    missing, unreadable or not valid TOML (the problem names no file: callers prefix it)."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh), None
    except FileNotFoundError:
        return {}, "file is missing"
    except tomllib.TOMLDecodeError as err:
        return {}, f"not valid TOML ({err})"
    except OSError as err:
        return {}, f"cannot be read ({err.strerror or err})"


PROVENANCES = ("rulebook", "stand-in", "mixed")
"""Where a component record's values come from: all printed in (or described by) the rulebook,
all designed by us to fit the rules (a stand-in), or some of each (``mixed``: the record then
lists its invented fields in ``stand_in_fields``)."""

_BOOKKEEPING = ("id", "provenance", "stand_in_fields", "note", "notes")
"""Keys of a record that are not component values (not counted as printed or stand-in fields)."""


def check_provenance(record: dict[str, Any]) -> list[str]:
    """Problems with a record's ``provenance`` and ``stand_in_fields`` (empty when fine); each
    problem names the field, callers prefix the file and record."""
    problems: list[str] = []
    value = record.get("provenance")
    if value not in PROVENANCES:
        shown = ", ".join(repr(p) for p in PROVENANCES)
        return [f"field 'provenance' must be one of {shown}, not {value!r}"]
    fields = record.get("stand_in_fields")
    if value != "mixed":
        if fields is not None:
            problems.append(f"field 'stand_in_fields' is only for provenance = 'mixed' (this record is {value!r})")
        return problems
    if not isinstance(fields, list) or not fields or not all(isinstance(f, str) for f in fields):
        return ["provenance 'mixed' needs 'stand_in_fields': a non-empty list of the invented fields' names"]
    known = [k for k in record if k not in _BOOKKEEPING]
    for name in fields:
        if name not in known:
            problems.append(f"'stand_in_fields' names {name!r}, which is not a field of this record "
                            f"(fields: {', '.join(known)})")
    if len(set(fields)) != len(fields):
        problems.append("'stand_in_fields' names a field twice")
    if set(fields) >= set(known):
        problems.append("every field is in 'stand_in_fields': use provenance = 'stand-in' instead")
    return problems


def _records(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        if "provenance" in node:
            return [node]
        return [r for value in node.values() for r in _records(value)]
    if isinstance(node, list):
        return [r for item in node for r in _records(item)]
    return []


def provenance_census(folder: Path | dict[str, dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per data file (by stem): how many component records are printed (``rulebook``), stand-ins,
    or ``mixed``, and how many of their value fields are stand-ins out of how many in all. Of a
    folder's files, or of data already read (by file name, as a data set's merged files)."""
    census: dict[str, dict[str, int]] = {}
    if isinstance(folder, dict):
        files = [(Path(name), data) for name, data in sorted(folder.items())]
    else:
        files = [(path, read_toml(path)[0]) for path in sorted(folder.glob("*.toml"))]
    for path, data in files:
        records = _records(data)
        if not records:
            continue
        row = {"records": 0, "rulebook": 0, "stand-in": 0, "mixed": 0, "fields": 0, "stand-in fields": 0}
        for rec in records:
            kind = rec.get("provenance")
            values = [k for k in rec if k not in _BOOKKEEPING]
            row["records"] += 1
            row["fields"] += len(values)
            if kind == "stand-in":
                row["stand-in"] += 1
                row["stand-in fields"] += len(values)
            elif kind == "mixed":
                row["mixed"] += 1
                invented = rec.get("stand_in_fields")
                row["stand-in fields"] += len(invented) if isinstance(invented, list) else 0
            else:
                row["rulebook"] += 1
        census[path.stem] = row
    return census
