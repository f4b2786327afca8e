"""Actions found from the text a screen shows: a choice's label at any step (long or short form),
an action's whole line, or a choice listed as not possible now; exact text first, then a unique
part of one. Shared by the terminal game's ``why`` and the server's ``why`` on typed text, so a
player names a move as the screen shows it and is never asked for JSON."""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from homeroom.engine.actions import Action

_NUMBER = re.compile(r"^\s*\d+\s+")
_MORE = re.compile(r"\s*\[\d+ choices\]\s*$")


def normal(text: str) -> str:
    """Text as typed, compared loosely: case, spaces, a leading choice number and a trailing
    '[N choices]' (as copied from the screen) do not count."""
    text = _MORE.sub("", _NUMBER.sub("", text))
    return " ".join(text.split()).lower()


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


def view_call(state: Any, fn: str, *args: Any) -> Any:
    """The game's ``view.fn(state, *args)`` when its package has a ``view`` module with it, else None."""
    package = type(state).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(package + ".view")
    except ImportError:
        return None
    impl = getattr(module, fn, None)
    return impl(state, *args) if callable(impl) else None


def find_in_state(state: Any, text: str, viewer: int | None) -> Found | None:
    """What ``text`` names among the decision ``state`` offers now (its legal actions, their steps
    and short forms, and the choices the game lists as not possible now), for ``viewer``."""
    legal = list(state.legal_actions())
    steps = [tuple(state.choice_steps(a)) for a in legal]
    shorts = [tuple(view_call(state, "short_steps", a) or ()) for a in legal]
    gone = list(view_call(state, "unavailable", viewer) or [])
    return find_by_text(text, legal, steps, state.describe_action, shorts, gone)


def answer_text(state: Any, text: str, viewer: int | None) -> tuple[Action | None, str]:
    """``(action, "")`` when ``text`` names one action (legal or not: its reason is the engine's
    ``explain``), else ``(None, what to tell the player)``: the choices it matches or that none does,
    in the screen's words."""
    found = find_in_state(state, text, viewer)
    asked = text.strip()
    if found is None:
        legal = state.legal_actions()
        example = f", e.g. '{state.describe_action(legal[0])}'" if legal else ""
        return None, (f"None of the choices you have now reads '{asked}': type a piece's name or part of a "
                      f"choice's text as the page shows it{example}.")
    if found.action is not None:
        return found.action, ""
    if found.partial:
        return None, (f"{found.count} choices read '{found.label}', e.g. '{found.example}': give more of the "
                      "text to say which one.")
    return None, f"'{found.label}' is possible now: it leads to {found.count} choices, e.g. '{found.example}'."
