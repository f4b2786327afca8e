"""The fifth speed pass of issue 18: the memo a random simulation keeps adding to (the tile spots
per grid; the students' cells and Ed's facts per photo had one until the seventh pass) holds only
objects the garbage collector stops tracking, so a long simulation's full collections do not grow
with it."""

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
    spots = list(placement._SPOTS.items())
    assert spots
    for key, value in spots:
        assert not gc.is_tracked(key) and not gc.is_tracked(value), (key, value)
