"""Errors a player or a file author can read: every one names what is wrong."""

from __future__ import annotations


class HomeroomError(Exception):
    """Base of every error homeroom raises on purpose."""


class IllegalAction(HomeroomError, ValueError):
    """An action that the rules do not allow now (or that is malformed).

    ``reason`` is a sentence a player can read; ``rule`` names the rulebook section.
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} (rulebook: {rule})" if rule else reason)


class OptionError(HomeroomError, ValueError):
    """A bad game option, player count or seed given to ``new_state``."""


class DataError(HomeroomError, ValueError):
    """A component data file that does not match its schema."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems) if len(problems) <= 3 else
                         "; ".join(problems[:3]) + f"; and {len(problems) - 3} more problem(s)")


class ReplayError(HomeroomError, ValueError):
    """A replay or save file that cannot be loaded, with the reason (and action index)."""


class UnknownGame(HomeroomError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
