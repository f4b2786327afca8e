"""A small, strict codec between typed dataclasses and JSON-native values.

States and actions are dataclasses with type hints; this module turns them into plain
JSON values and back, checking every field against its declared type, so that a malformed
save file or action fails with a message naming the field instead of corrupting a game.
Supported types: bool, int, float, str, None, Optional/Union, list, tuple (fixed or
variadic), dict (str/int/Enum keys), set/frozenset (stored sorted), Enum, Literal, Any,
nested dataclasses and :class:`~homeroom.engine.rng.Rng`.

Each type gets an encoder and a decoder compiled once and cached, because states are
encoded at every step of the conformance suite and of search bots.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from homeroom.engine.rng import Rng

JSON = Any
Encoder = Callable[[Any], JSON]
Decoder = Callable[[JSON], Any]

_SCALARS = (bool, int, float, str, type(None))


class CodecError(ValueError):
    """A JSON value that does not fit the declared type; ``path`` says where."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path or 'value'}: {message}")

    def under(self, segment: str) -> CodecError:
        """The same error seen from the parent (``segment`` is a field name or ``[i]``)."""
        if not self.path:
            path = segment
        elif self.path.startswith("["):
            path = segment + self.path
        else:
            path = f"{segment}.{self.path}"
        return CodecError(path, self.message)


def _show(data: JSON) -> str:
    text = json.dumps(data, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def dumps(data: JSON) -> str:
    """Canonical JSON text: sorted keys, no spaces, so equal states give equal bytes."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


@cache
def _optional_fields(cls: type) -> frozenset[str]:
    """Fields with a default, which decoding may omit (``why Place space=salon``)."""
    return frozenset(
        f.name for f in dataclasses.fields(cls)
        if f.init and (f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
    )


def _is_scalar(tp: Any) -> bool:
    return tp in _SCALARS or typing.get_origin(tp) is typing.Literal


# ------------------------------------------------------------------ encoding
_PLAIN = frozenset((str, int, float, bool, type(None)))
"""Exact scalar types, encoded as themselves (subclasses such as enums take the general path)."""


def encode(value: Any) -> JSON:
    """Encode a value (dataclass, container, scalar) into JSON-native data."""
    t = type(value)
    if t in _PLAIN:
        return value
    if t is list:  # the common case, one element at a time without the general dispatch
        return [x if type(x) in _PLAIN else encode(x) for x in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _encoder(type(value))(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {_key(k): encode(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((encode(v) for v in value), key=_sort_key)
    if isinstance(value, Rng):
        return value.state
    raise TypeError(f"cannot encode {type(value).__name__}")


def _key(k: Any) -> str:
    return str(k.value if isinstance(k, enum.Enum) else k)


def _sort_key(x: JSON) -> str:
    return json.dumps(x, sort_keys=True)


def _identity(v: Any) -> Any:
    return v


@cache
def _encoder(tp: Any) -> Encoder:
    if _is_scalar(tp):
        return _identity
    if tp is Rng:
        return lambda v: v.state
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        fields = tuple((name, _encoder(ftp)) for name, ftp in _hints(tp))

        def enc_dataclass(v: Any) -> JSON:
            if type(v) is not tp and dataclasses.is_dataclass(v):
                return encode(v)
            return {name: f(getattr(v, name)) for name, f in fields}

        return enc_dataclass
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda v: v.value
    if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = args[0] if args else Any
        if origin in (set, frozenset):
            inner = _encoder(item)
            return lambda v: sorted((inner(x) for x in v), key=_sort_key)
        if _is_scalar(item):
            return list
        inner = _encoder(item)
        return lambda v: [inner(x) for x in v]
    if origin is tuple:
        encs = tuple(_encoder(a) for a in args)
        return lambda v: [e(x) for e, x in zip(encs, v)]
    if origin is dict:
        ktp, vtp = args or (str, Any)
        venc = _encoder(vtp)
        if ktp is str and _is_scalar(vtp):
            return dict
        return lambda v: {_key(k): venc(x) for k, x in v.items()}
    return encode  # Any, unions and anything dynamic


# ------------------------------------------------------------------ decoding
def decode(tp: Any, data: JSON, path: str = "") -> Any:
    """Decode JSON-native ``data`` into type ``tp``, raising :class:`CodecError` on mismatch."""
    try:
        return _decoder(tp)(data)
    except CodecError as err:
        raise err.under(path) if path else err from None


def _fail(expected: str, data: JSON) -> CodecError:
    return CodecError("", f"expected {expected}, got {_show(data)}")


@cache
def _decoder(tp: Any) -> Decoder:  # noqa: C901 - one branch per supported type
    if tp is Any:
        return _identity
    if tp is type(None) or tp is None:
        def dec_none(d: JSON) -> None:
            if d is not None:
                raise _fail("null", d)
        return dec_none
    if tp is bool:
        def dec_bool(d: JSON) -> bool:
            if type(d) is not bool:
                raise CodecError("", f"expected true/false, got {_show(d)}")
            return d
        return dec_bool
    if tp is int:
        def dec_int(d: JSON) -> int:
            if type(d) is not int:
                raise _fail("an integer", d)
            return d
        return dec_int
    if tp is float:
        def dec_float(d: JSON) -> float:
            if type(d) not in (int, float):
                raise _fail("a number", d)
            return float(d)
        return dec_float
    if tp is str:
        def dec_str(d: JSON) -> str:
            if type(d) is not str:
                raise _fail("a string", d)
            return d
        return dec_str
    if tp is Rng:
        def dec_rng(d: JSON) -> Rng:
            if type(d) is not int:
                raise _fail("a generator state (integer)", d)
            return Rng(state=d)
        return dec_rng
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        arms = [_decoder(a) for a in args if a is not type(None)]
        nullable = type(None) in args

        def dec_union(d: JSON) -> Any:
            if d is None and nullable:
                return None
            errors = []
            for arm in arms:
                try:
                    return arm(d)
                except CodecError as err:
                    errors.append(err)
            if len(errors) == 1:
                raise errors[0]
            raise CodecError("", " or ".join(e.message for e in errors))
        return dec_union
    if origin is typing.Literal:
        allowed = args

        def dec_literal(d: JSON) -> Any:
            if d not in allowed or type(d) is bool and not any(a is d for a in allowed):
                raise CodecError("", f"expected one of {list(allowed)}, got {_show(d)}")
            return d
        return dec_literal
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        def dec_enum(d: JSON) -> Any:
            try:
                return tp(d)
            except ValueError:
                raise CodecError("", f"expected one of {[m.value for m in tp]}, got {_show(d)}") from None
        return dec_enum
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        fields = tuple((name, _decoder(ftp)) for name, ftp in _hints(tp))
        names = frozenset(name for name, _ in fields)
        optional = _optional_fields(tp)

        def dec_dataclass(d: JSON) -> Any:
            if type(d) is not dict:
                raise _fail("an object", d)
            kwargs = {}
            for name, f in fields:
                try:
                    raw = d[name]
                except KeyError:
                    if name in optional:
                        continue
                    raise CodecError("", f"missing field '{name}'") from None
                try:
                    kwargs[name] = f(raw)
                except CodecError as err:
                    raise err.under(name) from None
            if len(kwargs) != len(d):
                raise CodecError("", f"unknown field(s) {sorted(set(d) - names)}")
            return tp(**kwargs)
        return dec_dataclass
    if origin in (list, set, frozenset) or (origin is tuple and (not args or (len(args) == 2 and args[1] is Ellipsis))):
        item = _decoder(args[0] if args else Any)
        build: Callable[[list[Any]], Any] = list if origin is list else origin

        def dec_seq(d: JSON) -> Any:
            if type(d) is not list:
                raise _fail("a list", d)
            out = []
            for i, x in enumerate(d):
                try:
                    out.append(item(x))
                except CodecError as err:
                    raise err.under(f"[{i}]") from None
            return out if build is list else build(out)
        return dec_seq
    if origin is tuple:
        items = tuple(_decoder(a) for a in args)

        def dec_tuple(d: JSON) -> tuple[Any, ...]:
            if type(d) is not list:
                raise _fail("a list", d)
            if len(d) != len(items):
                raise CodecError("", f"expected {len(items)} items, got {len(d)}")
            out = []
            for i, (f, x) in enumerate(zip(items, d)):
                try:
                    out.append(f(x))
                except CodecError as err:
                    raise err.under(f"[{i}]") from None
            return tuple(out)
        return dec_tuple
    if origin is dict:
        ktp, vtp = args or (str, Any)
        vdec = _decoder(vtp)
        kdec: Callable[[str], Any]
        if ktp is int:
            def kdec(k: str) -> int:
                try:
                    return int(k)
                except ValueError:
                    raise CodecError("", f"expected integer keys, got {k!r}") from None
        elif isinstance(ktp, type) and issubclass(ktp, enum.Enum):
            kdec = _decoder(ktp)
        else:
            kdec = _identity

        def dec_dict(d: JSON) -> dict[Any, Any]:
            if type(d) is not dict:
                raise _fail("an object", d)
            out = {}
            for k, v in d.items():
                try:
                    out[kdec(k)] = vdec(v)
                except CodecError as err:
                    raise err.under(str(k)) from None
            return out
        return dec_dict
    if tp in (list, dict, tuple, set, frozenset):
        return _decoder({list: list[Any], dict: dict[str, Any], tuple: tuple[Any, ...],
                         set: set[Any], frozenset: frozenset[Any]}[tp])
    raise TypeError(f"unsupported type {tp!r}")
