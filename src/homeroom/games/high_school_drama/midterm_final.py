"""Midterm and Final Action: play a card from your hand, resolve it, and return it: a drama card
to its owner's face-down cards (or its stack), an event face up to the event discard pile
(rulebook: Midterm Action, Final Action, Public School Draft)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama.bonds import bond_options
from homeroom.games.high_school_drama.breakups import breakup_options
from homeroom.games.high_school_drama.effects import Effect
from homeroom.games.high_school_drama.hookups import hookup_options

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


def resolution_options(state: HSDState, seat: int, effect: Effect) -> list[Action]:
    """The ways a hookup, bond or breakup card can resolve now (none: it has no effect)."""
    if effect.kind == "hookup":
        return hookup_options(state, seat, effect)
    if effect.kind == "bond":
        return bond_options(state, seat, effect)
    if effect.kind == "breakup":
        return breakup_options(state, seat, effect)
    return []


def play(state: HSDState, seat: int, card: str, ev: list[Event]) -> Effect:
    """``seat`` plays ``card`` face up from its hand; returns the effect to resolve."""
    state.hands[seat].remove(card)
    if card in state.comps.drama and not state.public_draft and state.shown:
        state.shown[seat].append(card)  # face up, then back face down in front of its owner
    state.playing = card
    when = "midterm" if state.step == 0 else "final"
    if not state.quiet:
        ev.append(Event(f"{state.names[seat]} plays {state.name(card)} as their {when} action.", seat,
                        reveals=True))
    return state.comps.effect(card)


def owner(state: HSDState, card: str) -> int:
    """The seat whose own drama card this is (private draft)."""
    return next(s for s in range(state.players) if card in state.drama_of[s])


def where_it_goes(state: HSDState, card: str) -> str:
    """Where :func:`return_card` puts a played or discarded card, in words."""
    drama = state.comps.drama.get(card)
    if drama is None:
        return "face up onto the event discard pile"
    if state.public_draft:
        return f"back to the face-up {drama.kind} stack"
    return f"back face down among {state.names[owner(state, card)]}'s drama cards"


def return_card(state: HSDState, card: str, seat: int) -> None:
    """A played or discarded card goes back: drama to its owner (or its stack), events
    to the discard pile (rulebook: Midterm Action, Public School Draft)."""
    drama = state.comps.drama.get(card)
    if drama is None:
        state.event_discard.append(card)
    elif state.public_draft:
        state.stacks[drama.kind].append(card)
    else:
        state.reserve[owner(state, card)].append(card)
