"""Each game's RL encoding: every legal action has its own index and comes back from it, the
features have the declared length, and they hold only what the seat may see."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from homeroom import games
from homeroom.engine import OptionError, Rng
from homeroom.rl import RLError, encoding

GAMES = ("class-of-89", "academic-society", "high-school-drama")
CASES = [(g, p) for g in GAMES for p in games.get(g).info.player_counts]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_legal_action_has_its_own_index_in_random_games(game_id: str, players: int) -> None:
    game, enc = games.get(game_id), encoding(game_id)
    for seed in range(1):
        state = game.new_state(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = enc.legal_indices(state)  # raises if two legal actions share an index
            assert len(legal) == len(state.legal_actions())
            mask = enc.mask(state)
            assert mask.sum() == len(legal) and all(mask[i] for i in legal)
            index = rng.choice(sorted(legal))
            action = enc.action(state, index)
            assert enc.index(state, action) == index
            assert enc.describe_index(index).startswith(enc.key_of(index)[0])
            for seat in range(players) if rng.random() < 0.3 else ():
                features = enc.features(state, seat)
                assert features.shape == (enc.observation_size(players),) and features.dtype == np.float32
                assert np.isfinite(features).all() and np.abs(features).max() <= 4.0
            state.apply(action)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_features_do_not_change_when_hidden_information_is_redealt(game_id: str, players: int) -> None:
    """determinize(seat) re-deals every deck order and every other seat's hidden cards: what the
    seat's features say must not change (they come from observation(seat), never hidden state)."""
    game, enc = games.get(game_id), encoding(game_id)
    state = game.new_state(players, seed=11)
    rng = random.Random(4)
    checked = 0
    changed_for_someone = False
    while not state.is_terminal():
        if rng.random() < 0.15:
            for seat in range(players):
                mine = enc.features(state, seat)
                for k in range(2):
                    other = state.determinize(seat, Rng(1000 * checked + 10 * seat + k))
                    assert np.array_equal(enc.features(other, seat), mine), (game_id, seat)
                    if players > 1 and not np.array_equal(
                            enc.features(other, (seat + 1) % players), enc.features(state, (seat + 1) % players)):
                        changed_for_someone = True
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 3
    if game_id == "high-school-drama":  # hands are secret: another seat's view does change
        assert changed_for_someone


def test_the_hidden_hand_is_not_in_a_rivals_features() -> None:
    """Swapping a special event in seat 1's hand for another from the deck changes seat 1's
    features and nobody else's."""
    game, enc = games.get("high-school-drama"), encoding("high-school-drama")
    state = game.new_state(2, seed=3)
    events = state.comps.events  # type: ignore[attr-defined]
    rng = random.Random(0)
    while not any(c in events for c in state.hands[0]):  # type: ignore[attr-defined]
        state.apply(rng.choice(state.legal_actions()))
    mine, theirs = enc.features(state, 0), enc.features(state, 1)
    hand, deck = state.hands[0], state.event_deck  # type: ignore[attr-defined]
    at = next(i for i, c in enumerate(hand) if c in events)
    k = next(i for i, c in enumerate(deck) if c not in hand)
    hand[at], deck[k] = deck[k], hand[at]
    state.invalidate()
    assert np.array_equal(enc.features(state, 1), theirs)
    assert not np.array_equal(enc.features(state, 0), mine)


def test_bad_indices_are_refused_with_a_reason() -> None:
    enc = encoding("high-school-drama")
    state = games.get("high-school-drama").new_state(2, seed=0)
    with pytest.raises(RLError, match="out of range"):
        enc.describe_index(enc.n)
    illegal = int(np.flatnonzero(enc.mask(state) == 0)[0])
    with pytest.raises(RLError, match="is not legal now"):
        enc.action(state, illegal)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_set_plays_through_the_encoding(game_id: str) -> None:
    """The variants (Travel HSD, the public draft, a transfer student, solo difficulty...) bring
    phases and decisions of their own: each is known to the encoding (an unknown one raises)."""
    game, enc = games.get(game_id), encoding(game_id)
    for options in game.info.test_option_sets:
        for players in game.info.player_counts:
            try:
                state = game.new_state(players, seed=5, options=options)
            except OptionError:
                continue
            rng = random.Random(1)
            while not state.is_terminal():
                enc.legal_indices(state)
                enc.features(state, rng.randrange(players))
                state.apply(rng.choice(state.legal_actions()))
            break


def test_a_hookup_by_a_card_outside_the_seats_clique_is_named() -> None:
    """A hookup's arrow is read from the performer's square in the mover's clique: a performer not
    there is a one-line error naming it and the action (it was a bare KeyError)."""
    from homeroom.games.high_school_drama.actions import HookUp

    enc = encoding("high-school-drama")
    state = games.get("high-school-drama").new_state(2, seed=0)
    seat = state.to_move
    assert seat is not None
    stranger = next(c for c in state.comps.students if c not in state.cliques[seat])  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=f"'{stranger}' is not in seat {seat}'s clique"):
        enc.index(state, HookUp(stranger, stranger, 1, 0))
    lazy = sys.modules["homeroom.rl.encoding"]._LazyObservation(state, seat)  # the envs' path: the state itself
    with pytest.raises(ValueError, match=f"'{stranger}' is not in seat {seat}'s clique"):
        enc.module.action_key(lazy, seat, HookUp(stranger, stranger, 1, 0))
    assert lazy.reads == 1 and lazy._obs is None  # read through the state, the observation never built
