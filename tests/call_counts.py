"""Counting the calls of a module's function or a class's method within one test."""

from __future__ import annotations

from typing import Any

import pytest


def count_calls(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """Replace ``owner.name`` (a module's function or a class's method) for the test by a wrapper
    that counts its calls and calls through; ``[calls]``, read after the code under test ran."""
    calls = [0]
    real = getattr(owner, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls
