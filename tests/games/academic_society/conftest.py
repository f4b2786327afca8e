"""Academic Society test fixtures.

``issue17_layout``: the Individual Board's stand-in Sabbatical layout as issue 17 left it (ranks 1/2/2,
the Royal Commission reduction, the Research Report reduction and the Additional Theory gain left to
right, 18 Influence, Mathematics and Astronomy x2), laid over the packaged data as a data set. Issue
32 retuned those stand-ins; rule tests whose scenarios were built on the old layout (which effect a
first Sabbatical step gives, which Crest it needs, a full x2 row) keep testing the same rules on it,
while every other test, the golden files and the balance guard play the packaged data.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from homeroom import games

LAYOUT = Path(__file__).parent / "layout_issue17"


@pytest.fixture
def issue17_layout() -> Iterator[None]:
    game = games.get("academic-society")
    game.use_data(game.dataset(LAYOUT))
    try:
        yield
    finally:
        game.use_data(None)
