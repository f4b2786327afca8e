"""The terminal game's text helpers: choice labels that fit the screen whole, actions found from
the text the screen shows, and actions typed as KIND key=value with the fields only one value fits.

Kept apart from :mod:`homeroom.cli.play` so that module stays about the screen and the loop."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any

from homeroom.engine.actions import Action
from homeroom.engine.errors import IllegalAction

_NUMBER = re.compile(r"^\s*\d+\s+")
_MORE = re.compile(r"\s*\[\d+ choices\]\s*$")


def normal(text: str) -> str:
    """Text as typed, compared loosely: case, spaces, a leading choice number and a trailing
    '[N choices]' (as copied from the screen) do not count."""
    text = _MORE.sub("", _NUMBER.sub("", text))
    return " ".join(text.split()).lower()


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


@dataclasses.dataclass
class Found:
    """What a text names: one action (legal or not), or a step of the menu leading to several."""

    action: Action | None = None
    label: str = ""
    count: int = 0
    example: str = ""
    partial: bool = False  # the text is a part of several choices' texts, not a step's whole label


def find_by_text(text: str, legal: Sequence[Action], steps: Sequence[tuple[str, ...]],
                 describe: Callable[[Action], str], shorts: Sequence[tuple[str, ...]],
                 unavailable: Sequence[tuple[str, Action]], chosen: tuple[str, ...] = ()) -> Found | None:
    """The action (or menu step) whose on-screen text is ``text``: a choice's label at any step
    (long or short form), an action's line as ``all`` shows it, or a choice the screen lists as
    not possible now. Exact text first, then a unique part of one."""
    needle = normal(text)
    if not needle:
        return None

    def texts(i: int) -> list[tuple[str, int]]:
        """(text, depth) of action ``i``: each step's label (long and short), then its whole line."""
        out = [(label, d) for d, label in enumerate(steps[i])]
        out += [(label, d) for d, label in enumerate(shorts[i])] if i < len(shorts) else []
        return [*out, (describe(legal[i]), -1)]

    for exact in (True, False):
        hits: dict[int, str] = {}
        steps_hit: dict[tuple[str, ...], set[int]] = {}
        for i in range(len(legal)):
            for label, depth in texts(i):
                ok = normal(label) == needle if exact else needle in normal(label)
                if not ok:
                    continue
                hits.setdefault(i, label)
                if depth >= 0:
                    steps_hit.setdefault(steps[i][:depth + 1], set()).add(i)
        gone = [a for label, a in unavailable
                if (normal(label) == needle if exact else needle in normal(label))]
        if hits and gone and not exact:  # a part of both a possible and an impossible choice
            example = describe(legal[min(hits)])
            return Found(label=text.strip(), count=len(hits) + len(gone), example=example, partial=True)
        if hits:
            # prefer what is under the steps chosen so far on screen
            under = {i: t for i, t in hits.items() if steps[i][:len(chosen)] == chosen}
            pick = under or hits
            if len(pick) == 1:
                (i, _), = pick.items()
                return Found(action=legal[i])
            prefixes = [p for p in steps_hit if set(pick) <= steps_hit[p]] if exact else []
            label = prefixes[0][-1] if prefixes else text.strip()
            return Found(label=label, count=len(pick), example=describe(legal[min(pick)]), partial=not prefixes)
        if len(gone) >= 1:
            return Found(action=gone[0])
    return None


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
