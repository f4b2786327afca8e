"""The terminal game's notes at a decision: warnings before the automatic rules (``State.warnings``)
printed above the prompt, and "Keep all"-style sets of decisions (``State.batches``) taken with one
command, then played for the seat at each of the set's next decisions, one at a time.

Kept apart from :mod:`homeroom.cli.play` so that module stays about the screen and the loop."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text

from homeroom.engine.actions import Action


def warning_lines(state: Any, seat: int, short: bool = False) -> list[Text]:
    """'Heads up: ...  [rule section]' for each warning of ``seat`` now; ``short``: only the first
    sentence of each (the screen's room is small; the command ``notes`` prints them whole)."""
    out = []
    for w in state.warnings(seat):
        text = str(w["text"])
        if short and ". " in text:
            text = text[:text.index(". ") + 1] + " ('notes': more)"
        section = f"  [{w['section']}]" if w.get("section") and not short else ""
        out.append(Text.assemble(("Heads up: ", "bold yellow"), (text, "yellow"), (section, "dim")))
    return out


def command_of(batch: dict[str, Any]) -> str:
    """The command that takes a set: its label's first two words ('keep all')."""
    return " ".join(str(batch["label"]).split()[:2]).lower()


def batch_lines(state: Any, seat: int) -> list[Text]:
    """A line per set of decisions ``seat`` may take in one go now, naming its command."""
    return [Text.assemble(("  ", ""), (command_of(b), "bold"), ("  ", ""), (str(b["label"]), ""))
            for b in state.batches(seat)]


def matching(legal: list[Action], pattern: dict[str, Any]) -> Action | None:
    """The legal action whose JSON has every field of ``pattern``."""
    for action in legal:
        data = action.to_json()
        if all(data.get(k) == v for k, v in pattern.items()):
            return action
    return None


@dataclass
class Batch:
    """A set in progress for ``seat``: ``left`` more decisions of ``scope`` to play by ``pattern``."""

    seat: int
    pattern: dict[str, Any]
    scope: str
    left: int

    @classmethod
    def start(cls, state: Any, seat: int, typed: str) -> tuple[Batch, Action] | None:
        """The set ``typed`` names for ``seat`` now, and its first action; None if none does."""
        for b in state.batches(seat):
            if command_of(b) == " ".join(typed.split()).lower():
                first = matching(list(state.legal_actions()), b["action"])
                if first is not None:
                    return cls(seat, dict(b["action"]), str(b["scope"]), int(b["count"]) - 1), first
        return None

    def next(self, state: Any, seat: int) -> Action | None:
        """The set's action at this decision of ``seat``, or None when the set is over (then the
        player decides: something else is asked, or the set's decisions are done)."""
        if seat != self.seat or self.left <= 0:
            return None
        scopes = {b["scope"] for b in state.batches(seat)}
        if scopes and self.scope not in scopes:
            return None
        action = matching(list(state.legal_actions()), self.pattern)
        if action is not None:
            self.left -= 1
        return action
