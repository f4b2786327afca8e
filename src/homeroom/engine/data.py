"""Reading component data files: the part every game's loader shares."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: Path) -> tuple[dict[str, Any], str | None]:
    """Read one TOML data file: ``(data, None)``, or ``({}, problem)`` when the file is
    missing, unreadable or not valid TOML (the problem names no file: callers prefix it)."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh), None
    except FileNotFoundError:
        return {}, "file is missing"
    except tomllib.TOMLDecodeError as err:
        return {}, f"not valid TOML ({err})"
    except OSError as err:
        return {}, f"cannot be read ({err.strerror or err})"
