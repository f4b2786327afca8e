"""Helpers shared by the commands: user-error handling and option parsing."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any, TypeVar

import typer
from rich.console import Console

from homeroom.engine.errors import HomeroomError

F = TypeVar("F", bound=Callable[..., Any])

console = Console(highlight=False, markup=False)
"""Markup is off: names and card texts print exactly as typed, brackets included."""
err_console = Console(stderr=True, highlight=False, markup=False)


def fail(message: str) -> typer.Exit:
    """Print a one-line error to stderr; the caller raises the returned Exit (code 2)."""
    err_console.print(f"error: {message}", markup=False, soft_wrap=True)
    return typer.Exit(2)


def user_errors(fn: F) -> F:
    """Turn homeroom's own errors (bad input) into a one-line message and exit code 2."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except HomeroomError as err:
            raise fail(str(err)) from None
        except KeyboardInterrupt:
            err_console.print("interrupted")
            raise typer.Exit(130) from None

    return wrapper  # type: ignore[return-value]


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["difficulty=hard", "objectives=random"]`` -> dict; a pair without '=' is an error."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise HomeroomError(f"--option expects KEY=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def stdin_is_interactive() -> bool:
    return sys.stdin.isatty()


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
