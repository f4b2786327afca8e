"""Property tests of the engine's building blocks (Hypothesis)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from homeroom.engine import Rng
from homeroom.engine.codec import decode, dumps, encode

json_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
nested = st.recursive(json_scalars, lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=5), kids, max_size=4), max_leaves=12)


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=1, max_value=10**6))
def test_randrange_in_bounds_and_reproducible(seed: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    values = [a.randrange(n) for _ in range(20)]
    assert all(0 <= v < n for v in values)
    assert values == [b.randrange(n) for _ in range(20)]


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@given(nested)
def test_canonical_json_is_stable(value: object) -> None:
    text = dumps(value)
    assert dumps(json.loads(text)) == text


@given(st.dictionaries(st.integers(min_value=-50, max_value=50), st.lists(st.tuples(st.integers(), st.text(max_size=4)), max_size=3), max_size=5))
def test_codec_round_trips_typed_containers(value: dict[int, list[tuple[int, str]]]) -> None:
    data = json.loads(json.dumps(encode(value)))
    assert decode(dict[int, list[tuple[int, str]]], data) == value
