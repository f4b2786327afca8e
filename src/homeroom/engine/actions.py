"""Actions: small frozen dataclasses with a stable JSON form and a one-line description.

Each game declares its action classes; ``ActionCodec`` turns them into
``{"type": "<kind>", ...fields}`` and back, rejecting anything malformed with
:class:`~homeroom.engine.errors.IllegalAction` (like python-chess ``Move.uci()/from_uci()``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, TypeVar

from homeroom.engine.codec import CodecError, decode, encode
from homeroom.engine.errors import IllegalAction


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses are ``@dataclass(frozen=True, slots=True)``.

    ``kind`` is the stable name used in JSON and replays; it defaults to the class name.
    """

    kind: ClassVar[str] = ""

    def describe(self) -> str:
        """One line a player reads, e.g. 'Place Editor in the Library (cost 1)'."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{self.type_name()}({fields})"

    @classmethod
    def type_name(cls) -> str:
        return cls.kind or cls.__name__

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type_name()}
        data.update(encode(self))
        return data

    def __str__(self) -> str:
        return self.describe()


A = TypeVar("A", bound=Action)

MADE_MAX = 50_000
"""Actions a :class:`Made` table holds before it starts again (a bound on its memory whatever the data)."""


class Made(dict[Any, A], Generic[A]):
    """The actions of one class by their fields (the field itself for a one-field class, else the
    tuple of them), each built on first use and handed out again for every position that offers
    it: building a frozen dataclass costs more than a dict look-up, and the RL layer finds an
    object it has seen by its ``id`` instead of a Python ``__hash__``. Only for actions that hold
    their fields' values and nothing derived from the components (a data-set switch cannot make a
    kept one stale); the object depends on the action's value alone, never on which seat is offered
    it or what else a position holds (no hidden card shows through it). ``limit``: the table
    starts again when it holds that many."""

    __slots__ = ("cls", "limit", "many")

    def __init__(self, cls: type[A], limit: int = MADE_MAX) -> None:
        super().__init__()
        self.cls: Callable[..., A] = cls
        self.limit = limit
        self.many = len(dataclasses.fields(cls)) > 1

    def __missing__(self, key: Any) -> A:
        if len(self) >= self.limit:
            self.clear()
        act = self[key] = self.cls(*key) if self.many else self.cls(key)
        return act


class ActionCodec:
    """Encodes and decodes one game's actions."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {}
        for tp in types:
            name = tp.type_name()
            if name in self.types:
                raise ValueError(f"two action types are named {name!r}")
            self.types[name] = tp

    def to_json(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def from_json(self, data: Any) -> Action:
        """Decode an action, raising :class:`IllegalAction` naming what is malformed."""
        if not isinstance(data, dict):
            raise IllegalAction(f"malformed action: expected an object with a 'type', got {type(data).__name__}")
        kind = data.get("type")
        if not isinstance(kind, str):
            raise IllegalAction("malformed action: missing its 'type'")
        tp = self.types.get(kind)
        if tp is None:
            raise IllegalAction(
                f"malformed action: unknown type {kind!r} (known: {', '.join(sorted(self.types))})"
            )
        fields = {k: v for k, v in data.items() if k != "type"}
        try:
            action = decode(tp, fields)
        except CodecError as err:
            raise IllegalAction(f"malformed {kind} action: {err}") from None
        except (TypeError, ValueError) as err:
            raise IllegalAction(f"malformed {kind} action: {err}") from None
        assert isinstance(action, Action)
        return action
