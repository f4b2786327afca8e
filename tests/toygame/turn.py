"""The toy game's turn (RULINGS.md "Turn"): play a card, then draw or pass; a 6 asks the next
player to allow it or object."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event, Rng
from toygame.actions import Done, Draw, Play, Respond

if TYPE_CHECKING:
    from toygame.state import ToyState


def legal_actions(state: ToyState) -> list[Action]:
    if state.phase == "respond":
        return [Respond(True), Respond(False)]
    if state.phase == "after":
        return ([Draw()] if state.deck else []) + [Done()]
    return [Play(c) for c in sorted(set(state.hands[state.turn]))]


def apply(state: ToyState, action: Action) -> list[Event]:
    name = state.names[state.to_move or 0]
    if isinstance(action, Play):
        state.hands[state.turn].remove(action.card)
        state.piles[state.turn].append(action.card)
        events = [Event(f"{name} plays a {action.card}.", state.turn)]
        if action.card == 6 and state.players > 1:
            state.phase, state.responder = "respond", (state.turn + 1) % state.players
        else:
            state.phase = "after"
        return events
    if isinstance(action, Respond):
        state.phase, state.responder = "after", None
        if not action.allow:
            state.penalties[state.turn] += 1
        return [Event(f"{name} {'allows' if action.allow else 'objects to'} the 6.")]
    if isinstance(action, Draw):
        card = state.deck.pop()
        state.hands[state.turn].append(card)
        text = f"{name} draws a card."
        return [Event(text, state.turn, ((state.turn, f"You draw a {card}."),), reveals=True), *_next(state)]
    assert isinstance(action, Done)
    return _next(state)


def _next(state: ToyState) -> list[Event]:
    state.phase = "play"
    for step in range(1, state.players + 1):
        seat = (state.turn + step) % state.players
        if state.hands[seat]:
            state.turn = seat
            return []
    return [Event("Nobody has a card left: the game is over.")]


def redeal_hidden(state: ToyState, seat: int | None, rng: Rng) -> None:
    """Shuffle the deck and the hands ``seat`` cannot see back together and deal them again."""
    pool = list(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend(hand)
    rng.shuffle(pool)
    for s, hand in enumerate(state.hands):
        if s != seat:
            state.hands[s] = [pool.pop() for _ in range(len(hand))]
    state.deck = pool
