"""The fifth speed pass of issue 18: the memos a random simulation keeps adding to (Ed's facts per
photo, the tile spots per grid; the students' cells per photo had one until the seventh pass) hold
only objects the garbage collector stops tracking, so a long simulation's full collections do not
grow with them."""

from __future__ import annotations

import gc

from homeroom import games
from homeroom.engine import Rng
from homeroom.games.class_of_89 import placement


def _play(seeds: range) -> None:
    game = games.get("class-of-89")
    for seed in seeds:
        state = game.new_state(1, seed)
        state.set_quiet()
        rng = Rng(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))


def test_the_growing_memos_are_not_tracked_by_the_collector() -> None:
    _play(range(12))
    gc.collect()  # a collection stops tracking a tuple whose items are untracked; a tuple of
    gc.collect()  # tuples may need a second one (its items may come after it in the collector's list)
    facts = list(placement._MATCHES.items())
    spots = list(placement._SPOTS.items())
    assert facts and spots
    for memo in (facts, spots):
        for key, value in memo:
            assert not gc.is_tracked(key) and not gc.is_tracked(value), (key, value)
