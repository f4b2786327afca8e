"""A small, strict codec between typed dataclasses and JSON-native values.

States and actions are dataclasses with type hints; this module turns them into plain
JSON values and back, checking every field against its declared type, so that a malformed
save file or action fails with a message naming the field instead of corrupting a game.
Supported types: bool, int, float, str, None, Optional/Union, list, tuple (fixed or
variadic), dict (str/int keys), set/frozenset (stored sorted), Enum, Literal, Any,
nested dataclasses and :class:`~homeroom.engine.rng.Rng`.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from functools import cache
from typing import Any

from homeroom.engine.rng import Rng

JSON = Any


class CodecError(ValueError):
    """A JSON value that does not fit the declared type; ``path`` says where."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path or 'value'}: {message}")


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def encode(value: Any) -> JSON:
    """Encode a value (dataclass, container, scalar) into JSON-native data."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: encode(getattr(value, name)) for name, _ in _hints(type(value))}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k.value if isinstance(k, enum.Enum) else k): encode(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((encode(v) for v in value), key=lambda x: json.dumps(x, sort_keys=True))
    if isinstance(value, Rng):
        return value.state
    raise TypeError(f"cannot encode {type(value).__name__}")


def decode(tp: Any, data: JSON, path: str = "") -> Any:
    """Decode JSON-native ``data`` into type ``tp``, raising :class:`CodecError` on mismatch."""
    if tp is Any:
        return data
    if tp is type(None) or tp is None:
        if data is not None:
            raise CodecError(path, f"expected null, got {_show(data)}")
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(arg, data, path)
            except CodecError as err:
                errors.append(err.message)
        raise CodecError(path, " or ".join(errors))
    if origin is typing.Literal:
        allowed = typing.get_args(tp)
        if data not in allowed:
            raise CodecError(path, f"expected one of {list(allowed)}, got {_show(data)}")
        return data
    if tp is bool:
        if not isinstance(data, bool):
            raise CodecError(path, f"expected true/false, got {_show(data)}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CodecError(path, f"expected an integer, got {_show(data)}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise CodecError(path, f"expected a number, got {_show(data)}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise CodecError(path, f"expected a string, got {_show(data)}")
        return data
    if tp is Rng:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CodecError(path, f"expected a generator state (integer), got {_show(data)}")
        return Rng(state=data)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise CodecError(path, f"expected one of {[m.value for m in tp]}, got {_show(data)}") from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise CodecError(path, f"expected an object, got {_show(data)}")
        hints = _hints(tp)
        names = {n for n, _ in hints}
        extra = sorted(set(data) - names)
        if extra:
            raise CodecError(path, f"unknown field(s) {extra}")
        kwargs = {}
        for name, ftp in hints:
            if name not in data:
                raise CodecError(path, f"missing field '{name}'")
            kwargs[name] = decode(ftp, data[name], f"{path}.{name}" if path else name)
        return tp(**kwargs)
    if origin in (list, tuple, set, frozenset):
        if not isinstance(data, list):
            raise CodecError(path, f"expected a list, got {_show(data)}")
        args = typing.get_args(tp)
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise CodecError(path, f"expected {len(args)} items, got {len(data)}")
            return tuple(decode(a, d, f"{path}[{i}]") for i, (a, d) in enumerate(zip(args, data)))
        item = args[0] if args else Any
        items = [decode(item, d, f"{path}[{i}]") for i, d in enumerate(data)]
        return origin(items) if origin is not list else items
    if origin is dict:
        if not isinstance(data, dict):
            raise CodecError(path, f"expected an object, got {_show(data)}")
        ktp, vtp = typing.get_args(tp) or (str, Any)
        out = {}
        for k, v in data.items():
            key: Any = k
            if ktp is int:
                try:
                    key = int(k)
                except ValueError:
                    raise CodecError(path, f"expected integer keys, got {k!r}") from None
            elif isinstance(ktp, type) and issubclass(ktp, enum.Enum):
                key = decode(ktp, k, path)
            out[key] = decode(vtp, v, f"{path}.{k}" if path else str(k))
        return out
    if tp in (list, dict, tuple):
        return decode(tp[Any] if tp is not tuple else tuple[Any, ...], data, path)
    raise CodecError(path, f"unsupported type {tp!r}")


def _show(data: JSON) -> str:
    text = json.dumps(data)
    return text if len(text) <= 40 else text[:37] + "..."


def dumps(data: JSON) -> str:
    """Canonical JSON text: sorted keys, no spaces, so equal states give equal bytes."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
