"""Fast typed deep copies, compiled once per type from its type hints (as the codec compiles
its encoders and decoders).

A state is a tree of plain typed values (see :mod:`homeroom.engine.codec`), so a copy need not
be a pickle round trip: immutable parts (numbers, text, enums, frozen dataclasses of immutable
fields, tuples of those) are shared, lists and dicts of immutables are copied with one C call,
and everything else is rebuilt field by field by a function generated for its dataclass. A value
whose runtime type is not the declared one (a subclass, anything dynamic under ``Any``) is copied
by :func:`copy_any`, which falls back to :func:`copy.deepcopy` for types it does not know.

Like the JSON form, the copy does not keep two fields pointing at one shared mutable object:
states never rely on that (saving and loading would break it too).
"""

from __future__ import annotations

import copy as _copy
import dataclasses
import enum
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from homeroom.engine.rng import Rng

Copier = Callable[[Any], Any]

_IMMUTABLE_SCALARS = (int, float, str, bool, bytes, type(None))


def _is_immutable_value(v: Any) -> bool:
    return type(v) in _IMMUTABLE_SCALARS or isinstance(v, enum.Enum)


def copy_any(v: Any) -> Any:
    """A deep copy of a value whose type is only known at run time."""
    t = type(v)
    if t in _IMMUTABLE_SCALARS:
        return v
    if t is list:
        return [copy_any(x) for x in v]
    if t is dict:
        return {k: copy_any(x) for k, x in v.items()}
    if t is tuple:
        return tuple(copy_any(x) for x in v)
    if t is Rng:
        return Rng(state=v.state)
    if isinstance(v, enum.Enum):
        return v
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        f = copier(t)  # type: ignore[arg-type]
        return v if f is None else f(v)
    return _copy.deepcopy(v)


@cache
def _all_hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints.get(f.name, Any)) for f in dataclasses.fields(cls))


@cache
def copier(tp: Any) -> Copier | None:  # noqa: C901 - one branch per supported type
    """The deep-copy function for values of type ``tp``, or ``None`` when they are immutable
    (the value itself may be shared)."""
    if tp in _IMMUTABLE_SCALARS or tp is None or typing.get_origin(tp) is typing.Literal:
        return None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return None
    if tp is Rng:
        return lambda v: Rng(state=v.state)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_copier(tp)
    if origin is list or tp is list:
        item = copier(args[0]) if args else copy_any
        if item is None:
            return list.copy
        copy_item: Copier = item
        return lambda v: list(map(copy_item, v))  # map: a fifth faster than a comprehension
    if origin is set or tp is set:
        return set.copy  # set items are hashable, hence immutable in practice
    if origin is frozenset or tp is frozenset:
        return None
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = copier(args[0])
            if item is None:
                return None
            return lambda v: tuple([item(x) for x in v])
        if not args:
            return copy_any
        items = tuple(copier(a) for a in args)
        if all(c is None for c in items):
            return None
        return copy_any
    if origin is dict or tp is dict:
        vcopy = copier(args[1]) if args else copy_any
        if vcopy is None:
            return dict.copy
        return lambda v: dict(zip(v.keys(), map(vcopy, v.values())))  # a third faster than a comprehension
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        members = [copier(a) for a in args]
        if all(c is None for c in members):
            return None
        return copy_any
    return copy_any  # Any and anything dynamic


_IN_PROGRESS: set[type] = set()


def _dataclass_copier(tp: type) -> Copier | None:
    if tp in _IN_PROGRESS:  # a type that contains itself: copy the inner ones dynamically
        return copy_any
    _IN_PROGRESS.add(tp)
    try:
        return _compile_dataclass(tp)
    finally:
        _IN_PROGRESS.discard(tp)


@cache
def sharing_copier(tp: type, share: frozenset[str]) -> Copier:
    """Like :func:`copier` for the dataclass ``tp``, but the fields named in ``share`` are not
    copied: the copy starts with the very same values, for a caller that rebinds every one of them
    at once (as :meth:`State.determinize` rebinds the generator and what the re-deal replaces)."""
    if not (isinstance(tp, type) and dataclasses.is_dataclass(tp)):
        raise TypeError(f"sharing_copier needs a dataclass type, not {tp!r}")
    unknown = share - {name for name, _ in _all_hints(tp)}
    if unknown:
        raise TypeError(f"{tp.__qualname__} has no fields {sorted(unknown)}")
    fn = _compile_dataclass(tp, share)
    return (lambda v: v) if fn is None else fn


def _compile_dataclass(tp: type, share: frozenset[str] = frozenset()) -> Copier | None:
    fields = _all_hints(tp)
    params = getattr(tp, "__dataclass_params__", None)
    frozen = bool(params and params.frozen)
    field_copiers = {name: None if name in share else copier(ftp) for name, ftp in fields}
    if frozen and all(c is None for c in field_copiers.values()):
        return None
    if not any("__dict__" in vars(k) for k in tp.__mro__):  # slotted: instances have no __dict__
        return _copy.deepcopy
    names = tuple(name for name, _ in fields)
    env: dict[str, Any] = {"tp": tp, "new": object.__new__, "copy_any": copy_any, "names": frozenset(names)}
    parts = []
    for i, name in enumerate(names):
        c = field_copiers[name]
        if c is None:
            parts.append(f"{name!r}: d[{name!r}]")
        else:
            env[f"c{i}"] = c
            parts.append(f"{name!r}: c{i}(d[{name!r}])")
    body = ", ".join(parts)
    src = (
        "def copy_dataclass(v):\n"
        "    if type(v) is not tp:\n"
        "        return copy_any(v)\n"
        "    d = v.__dict__\n"
        "    out = new(tp)\n"
        f"    nd = {{{body}}}\n"
        "    if len(d) != len(nd):  # attributes besides the fields (search mode's flag, caches)\n"
        "        extra = [k for k in d.keys() - names if not k.startswith('_c_')]\n"
        "        if len(extra) > 1:  # in the instance's order\n"
        "            extra = [k for k in d if k in extra]\n"
        "        for k in extra:\n"
        "            nd[k] = copy_any(d[k])\n"
        "    out.__dict__.update(nd)\n"
        "    return out\n"
    )
    exec(compile(src, f"<copier for {tp.__qualname__}>", "exec"), env)  # noqa: S102 - generated from field names
    fn: Copier = env["copy_dataclass"]
    return fn
