"""The terminal game's text helpers: choice labels that fit the screen whole, actions found from
the text the screen shows, and actions typed as KIND key=value with the fields only one value fits.

Kept apart from :mod:`homeroom.cli.play` so that module stays about the screen and the loop."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from homeroom.engine.actions import Action
from homeroom.engine.errors import IllegalAction
from homeroom.engine.textfind import Found, find_by_text, normal

__all__ = ["Found", "fill_fields", "find_by_text", "fit_labels", "normal"]


def fit_labels(labels: Sequence[str], shorts: Sequence[str | None], width: int) -> list[str]:
    """The label to show for each option: the long one when it fits ``width``, else its short form
    (the one ``all`` shows) when that fits better and no other option shows the same text. Labels
    are never cut: what still does not fit wraps at words."""
    out = list(labels)
    for i, (label, short) in enumerate(zip(labels, shorts, strict=True)):
        if short and len(label) > width and len(short) < len(label):
            out[i] = short
    # a short form that equals another option's text would make two lines the same: keep the long one
    seen: dict[str, list[int]] = {}
    for i, text in enumerate(out):
        seen.setdefault(text, []).append(i)
    for indices in seen.values():
        if len(indices) > 1:
            for i in indices:
                out[i] = labels[i]
    return out


def fill_fields(kind: str, tp: type[Action], data: dict[str, Any], legal: Sequence[Action],
                seat_field: Callable[[str], bool], now: str = "") -> dict[str, Any]:
    """``data`` with each missing field of ``tp`` filled when the legal actions of that kind that
    agree with the given fields all have one value there; else an error naming the missing field
    and the values it may take now (seats from 1)."""
    fields = [f.name for f in dataclasses.fields(tp)]
    defaults = {f.name for f in dataclasses.fields(tp)
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING}
    missing = [f for f in fields if f not in data]
    if not missing:
        return data
    same_kind = [a for a in legal if type(a) is tp]
    agree = [a for a in same_kind if all(getattr(a, k) == v for k, v in data.items() if k != "type")]
    filled = dict(data)
    for name in missing:
        values = sorted({getattr(a, name) for a in agree}, key=repr)
        if len(values) == 1:
            filled[name] = values[0]
            continue
        if not values and name in defaults:  # nothing legal agrees: the field's default, as the codec has it
            continue
        pool = values or sorted({getattr(a, name) for a in same_kind}, key=repr)
        shown = [str(v + 1) if seat_field(name) and isinstance(v, int) else str(v) for v in pool]
        if not same_kind:
            raise IllegalAction(f"{kind} needs {name}=...: no {kind} is legal now"
                                + (f" (now: {now})" if now else ""))
        given = " ".join(f"{k}={v + 1 if seat_field(k) and isinstance(v, int) else v}"
                         for k, v in data.items() if k != "type")
        head = f"{kind} {given}".strip()
        raise IllegalAction(f"{head} is missing the field {name!r}: choose {name}= one of "
                            + ", ".join(shown[:12]) + (" ..." if len(shown) > 12 else ""))
    return filled
