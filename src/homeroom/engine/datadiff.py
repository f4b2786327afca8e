"""What a data set changes, field by field, and writing data back as TOML (export and template)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from homeroom.engine.datasets import DataSet, overlay, record_key

STAND_IN_MARK = "# STAND-IN: fill in from your card"
"""The comment the template puts after every stand-in field (and on every stand-in record's header)."""


@dataclass(frozen=True)
class Change:
    """One field that differs from the packaged data."""

    file: str
    record: str
    field: str
    old: Any
    new: Any
    provenance: str
    """Where the packaged value came from: ``rulebook``, ``stand-in``, or ``new`` (an added record)."""

    def line(self) -> str:
        return (f"{self.file} {self.record} {self.field}: {_shown(self.old)} -> {_shown(self.new)} "
                f"[{self.provenance}]")


_MISSING: Any = object()


def _shown(value: Any) -> str:
    return "(none)" if value is _MISSING else json.dumps(value, ensure_ascii=False, default=str)


def _field_provenance(record: dict[str, Any] | None, name: str) -> str:
    """A packaged field's provenance: its record's, or for a mixed record, by ``stand_in_fields``."""
    if record is None:
        return "new"
    kind = record.get("provenance")
    if kind == "mixed":
        return "stand-in" if name in (record.get("stand_in_fields") or []) else "rulebook"
    return str(kind) if kind in ("rulebook", "stand-in") else "rulebook"


def _walk(old: Any, new: Any, path: list[str], record: dict[str, Any] | None, label: str,
          file: str, out: list[Change]) -> None:
    if isinstance(old, dict) and "provenance" in old:
        record = old
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            a, b = old.get(key, _MISSING), new.get(key, _MISSING)
            if a != b:
                _walk(a, b, [*path, str(key)], record, label, file, out)
        return
    if isinstance(old, list) and isinstance(new, list) and any(record_key(r) for r in new):
        before = {record_key(r): r for r in old}
        for rec in new:
            key = record_key(rec)
            was = before.get(key)
            if was == rec:
                continue
            name = f"{path[-1] if path else ''}[{key}]".strip()
            if was is None:
                out.append(Change(file, name, "(record)", _MISSING, rec, "new"))
                continue
            _walk(was, rec, [], was if "provenance" in was else record, name, file, out)
        return
    name = ".".join(path)
    top = path[0] if path else ""
    out.append(Change(file, label or "(file)", name, old, new, _field_provenance(record, top)))


def diff(dataset: DataSet) -> list[Change]:
    """Every field the data set changes from the packaged data, record by record, in file order."""
    base = overlay(dataset.packaged, None).files
    out: list[Change] = []
    for name, merged in dataset.files.items():
        if name in base and merged != base[name]:
            top = base[name] if "provenance" in base[name] else None
            _walk(base[name], merged, [], top, "", name, out)
    return out


# ------------------------------------------------------------------ TOML writing
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _record_lines(rec: dict[str, Any], marks: bool) -> list[str]:
    lines = []
    for k, v in rec.items():
        line = f"{_key(k)} = {_value(v)}"
        if marks and k not in ("id", "provenance", "stand_in_fields", "note", "notes") \
                and _field_provenance(rec, k) == "stand-in":
            line += f"   {STAND_IN_MARK}"
        lines.append(line)
    return lines


def to_toml(data: dict[str, Any], marks: bool = False, prefix: str = "") -> str:
    """``data`` as TOML text; with ``marks``, every stand-in field ends with :data:`STAND_IN_MARK`."""
    simple = {k: v for k, v in data.items() if not isinstance(v, dict) and not _is_table_array(v)}
    lines = _record_lines(simple, marks) if "provenance" in data else [f"{_key(k)} = {_value(v)}"
                                                                        for k, v in simple.items()]
    for k, v in data.items():
        name = f"{prefix}{_key(k)}"
        if isinstance(v, dict):
            lines += ["", f"[{name}]", to_toml(v, marks, name + ".").rstrip("\n")]
        elif _is_table_array(v):
            for rec in v:  # (a record's own tables and arrays are written inline)
                lines += ["", f"[[{name}]]", *_record_lines(rec, marks)]
    return "\n".join(lines).lstrip("\n") + "\n"
