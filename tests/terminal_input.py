"""What a person types, for tests of the terminal game: a ``read(prompt)`` that answers with the
given lines, then ends input (EOF) as a closed terminal would."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def scripted(lines: Iterable[str]) -> Callable[[str], str]:
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read
