"""Academic Society's observation parts (issue 36): what recurs is encoded once, what is never
encoded is neither read nor copied, and the parts are built once. The numbers themselves are checked against the full encoding in
``test_rl_observation_parts.py`` and pinned in ``test_rl_observation_pins.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from homeroom import games
from homeroom.engine.features import StatePart
from homeroom.engine.rng import Rng
from homeroom.games.academic_society import rl
from homeroom.rl import encoding

GAME = "academic-society"


def test_a_redeal_of_the_face_down_piles_encodes_no_pile_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a face-down pile's size is encoded, so a re-deal of what no seat sees (a bot's
    determinized world) leaves the piles part as it was: it is not encoded or copied again."""
    enc = encoding(GAME)
    real = enc._state_parts
    assert real is not None
    encoded: list[int] = []

    def counted(players: int) -> list[StatePart]:
        def counting(i: int, encode: Any) -> Any:
            def run(*args: Any) -> Any:
                encoded.append(i)
                return encode(*args)
            return run
        return [part._replace(encode=counting(i, part.encode)) for i, part in enumerate(map(StatePart._make,
                                                                                          real(players)))]

    monkeypatch.setattr(enc, "_state_parts", counted)
    state = games.get(GAME).new_state(2, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    memo: dict[object, object] = {}
    enc.features(state, seat, memo)
    for k in range(5):
        world = state.determinize(seat, Rng(k))
        assert world.tr_piles != state.tr_piles  # type: ignore[attr-defined]  # the face-down order changed
        encoded.clear()
        enc.features(world, seat, memo)
        assert 2 not in encoded, f"re-deal {k}: the piles part was encoded again"


def test_a_space_of_the_board_is_encoded_once_per_pawns_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A space's pawns recur from game to game (a scholar or two of each seat): each space's
    numbers are remembered, so a game read a second time computes none of them again (and the
    memory is bounded: it starts again at ``MEMO_MAX``)."""
    spaces: list[object] = []
    real_space = rl._space

    def space(item: Any, *args: Any) -> Any:
        spaces.append(item)
        return real_space(item, *args)

    monkeypatch.setattr(rl, "_space", space)
    game = games.get(GAME)
    for replay in range(2):
        spaces.clear()
        enc = encoding(GAME)
        memos: dict[int, dict[object, object]] = {}
        state = game.new_state(2, seed=6)
        rng = random.Random(6)
        while not state.is_terminal():
            for seat in range(2):
                enc.features(state, seat, memos.setdefault(seat, {}))
            state.apply(rng.choice(state.legal_actions()))
        if replay == 0:
            assert spaces  # the first time, each was encoded
    assert spaces == []
    assert len(rl._index().memo) <= rl.MEMO_MAX


def test_the_parts_are_built_once_per_player_count() -> None:
    """An env makes a reader per seat for every game: the parts it reads are built once."""
    assert rl.state_parts(2) is rl.state_parts(2)
    assert rl.state_parts(3) is not rl.state_parts(2) and len(rl.state_parts(3)) == len(rl.state_parts(2)) + 2
