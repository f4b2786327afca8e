"""``Rng.shuffle`` takes each bound's rejection threshold from a table and draws again only when
a draw falls below it: the same swaps and the same stream as drawing ``randrange(i + 1)`` one by
one, for decks inside and beyond the table, and when a draw is rejected."""

from __future__ import annotations

import pytest

from homeroom.engine import Rng


def slow_shuffle(r: Rng, seq: list[int]) -> None:
    for i in range(len(seq) - 1, 0, -1):
        n = i + 1
        threshold = (0x100000000 - n) % n
        while True:
            x = r.next32()
            if x >= threshold:
                break
        j = x % n
        seq[i], seq[j] = seq[j], seq[i]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 60, 255, 256, 257, 400])
def test_shuffle_matches_drawing_one_by_one(size: int) -> None:
    for seed in range(20):
        a, b = Rng(seed), Rng(seed)
        x, y = list(range(size)), list(range(size))
        a.shuffle(x)
        slow_shuffle(b, y)
        assert x == y and a.state == b.state


def test_a_rejected_draw_is_drawn_again() -> None:
    # from state 0 the first draw is 0, below the threshold of a bound of 3 (which is 1): rejected
    probe = Rng(state=0)
    assert probe.next32() == 0 and (0x100000000 - 3) % 3 == 1
    for size in (3, 6, 9, 300):
        a, b = Rng(state=0), Rng(state=0)
        x, y = list(range(size)), list(range(size))
        a.shuffle(x)
        slow_shuffle(b, y)
        assert x == y and a.state == b.state
