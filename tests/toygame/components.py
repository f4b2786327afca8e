"""The toy game's components: the card values of its deck, read from ``data/deck.toml``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from homeroom.engine.data import check_provenance, read_toml

DATA = Path(__file__).parent / "data"


def check(directory: Path | None = None) -> tuple[list[int], list[str]]:
    """The card values and the problems found (each naming file and record)."""
    data, problem = read_toml((directory or DATA) / "deck.toml")
    if problem:
        return [], [f"deck.toml: {problem}"]
    values, problems = [], []
    for index, record in enumerate(data.get("card", [])):
        where = f"deck.toml card {index + 1}"
        problems += [f"{where}: {p}" for p in check_provenance(record)]
        value = record.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            problems.append(f"{where}: field 'value' must be a whole number of at least 1, not {value!r}")
        else:
            values.append(value)
    if not values and not problems:
        problems.append("deck.toml: no [[card]] records")
    return values, problems


@cache
def card_values() -> tuple[int, ...]:
    values, problems = check()
    if problems:
        raise ValueError("; ".join(problems))
    return tuple(values)
