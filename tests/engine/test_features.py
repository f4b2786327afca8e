"""The RL feature helpers: one place for every game's encoding, unknown values refused."""

import pytest

from homeroom.engine.features import multi_hot, one_hot


def test_one_hot_marks_the_value_and_nothing_for_none() -> None:
    assert one_hot("b", ("a", "b", "c")) == [0.0, 1.0, 0.0]
    assert one_hot(None, ("a", "b")) == [0.0, 0.0]
    assert one_hot("", ("a", "b")) == [0.0, 0.0]
    with pytest.raises(ValueError, match="does not know the value 'z'"):
        one_hot("z", ("a", "b"))


def test_multi_hot_marks_every_value_and_refuses_an_unknown_one() -> None:
    index = {"x": 0, "y": 1, "z": 2}
    assert multi_hot(["x", "z"], index) == [1.0, 0.0, 1.0]
    assert multi_hot(None, index) == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="does not know the value 'w'"):
        multi_hot(["w"], index)
