"""Small updates (issue 34): after a change a connection gets only what changed since the view it
holds, not the whole view again; the log above all, which grows with the game, is sent as its new
lines only. The full view (the sync) is sent on connect, on reconnect and after a ``stale`` error.

An ``update`` carries ``version`` and ``step`` and every other field of the view whose value
changed (any field: a field added to views later is carried without a change here); ``log`` is
the lines from ``log_from`` on (the lines before it are kept: an undo sends them from where they
differ, 0 at worst). :func:`apply_update` is what a client does with it."""

from __future__ import annotations

from typing import Any

ALWAYS = ("version", "step")
"""Fields every update carries, changed or not."""


def view_update(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The ``update`` message that turns the view ``old`` (as its client holds it) into ``new``."""
    out: dict[str, Any] = {"type": "update"}
    for key in ALWAYS:
        out[key] = new.get(key)
    for key, value in new.items():
        if key in ("type", "log", "chat") or key in ALWAYS:
            continue
        if key not in old or old[key] != value:
            out[key] = value
    for key in old:
        if key not in new and key not in ("type", "chat"):
            out[key] = None
    old_log: list[Any] = old.get("log") or []
    new_log: list[Any] = new.get("log") or []
    same = 0
    for before, after in zip(old_log, new_log):
        if before != after:
            break
        same += 1
    if same < len(old_log) or len(new_log) > same:
        out["log_from"] = same
        out["log"] = new_log[same:]
    return out


def apply_update(view: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """The full view a client holds after ``update`` (a new dict; ``chat``, which only the sync
    carries, is left out)."""
    out = {key: value for key, value in view.items() if key != "chat"}
    for key, value in update.items():
        if key not in ("type", "log", "log_from"):
            out[key] = value
    if "log_from" in update:
        out["log"] = list(view.get("log") or [])[:update["log_from"]] + list(update.get("log") or [])
    out["type"] = "view"
    return out
