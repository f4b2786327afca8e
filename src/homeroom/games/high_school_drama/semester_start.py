"""Semester Start: keep or discard last semester's cards, then draw in turn, secretly, up to the
year's hand size from your drama cards or the special event deck (rulebook: Semester Start,
Final Action, Public School Draft)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama.actions import DrawDrama, DrawEvent
from homeroom.games.high_school_drama.components import DRAMA_KINDS
from homeroom.games.high_school_drama.midterm_final import return_card

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


def drama_source(state: HSDState, seat: int, kind: str) -> list[str] | None:
    """The pile a drama card of ``kind`` would come from, if one is there."""
    drama = state.comps.drama
    pile = state.stacks[kind] if state.public_draft else state.reserve[seat]
    for card in pile:
        if drama[card].kind == kind:
            return pile
    return None


_DRAW_EVENT = DrawEvent()
_DRAW = {kind: DrawDrama(kind) for kind in DRAMA_KINDS}
"""One (immutable) draw action per drama kind."""


def draw_options(state: HSDState, seat: int) -> list[Action]:
    out: list[Action] = []
    drama = state.comps.drama
    if state.public_draft:
        stacks = state.stacks
        for kind in DRAMA_KINDS:
            if any(drama[card].kind == kind for card in stacks[kind]):
                out.append(_DRAW[kind])
    else:  # what drama_source() finds for each kind, in one pass over the seat's reserve
        kinds = {drama[card].kind for card in state.reserve[seat]}
        out += [_DRAW[kind] for kind in DRAMA_KINDS if kind in kinds]
    if state.event_deck or state.event_discard:
        out.append(_DRAW_EVENT)
    return out


def can_draw(state: HSDState, seat: int) -> bool:
    return len(state.hands[seat]) < state.hand_limit and bool(draw_options(state, seat))


def discard(state: HSDState, seat: int, card: str, ev: list[Event]) -> bool:
    """Discard a kept card; True when ``seat`` has nothing left to review."""
    state.hands[seat].remove(card)
    return_card(state, card, seat)
    name = state.name(card)
    if card in state.comps.events:  # it lands face up on the event discard pile
        if not state.quiet:
            ev.append(Event(f"{state.names[seat]} discards {name}.", seat, reveals=True))
    elif state.public_draft:  # back onto a face-up stack: its kind is public (RULINGS.md 33)
        kind = state.comps.drama[card].kind
        if not state.quiet:
            ev.append(Event(f"{state.names[seat]} returns a {kind} to the drama stacks unplayed.", seat,
                            ((seat, f"You discard {name}."),)))
    else:
        if not state.quiet:
            ev.append(Event(f"{state.names[seat]} returns a drama card unplayed.", seat,
                            ((seat, f"You discard {name}."),)))
    return not state.hands[seat]


def keep(state: HSDState, seat: int, ev: list[Event]) -> None:
    if not state.quiet:
        ev.append(Event(f"{state.names[seat]} keeps {len(state.hands[seat])} card(s) in hand.", seat))


def draw(state: HSDState, seat: int, action: Action, ev: list[Event]) -> None:
    """Draw one card; ``seat`` goes to the back of the queue while it may draw more."""
    if isinstance(action, DrawDrama):
        kind = action.drama
        drama = state.comps.drama
        pile = state.stacks[kind] if state.public_draft else state.reserve[seat]  # drama_source's pile
        card = next(c for c in pile if drama[c].kind == kind)
        pile.remove(card)
        if state.shown:
            state.shown[seat] = []  # a secret draw: any of them may be in hand now
    else:
        if not state.event_deck:
            state.event_deck, state.event_discard = state.event_discard, []
            state.rng.shuffle(state.event_deck)
            if not state.quiet:
                ev.append(Event("The event deck is empty: the played events are shuffled into a new deck."))
        card = state.event_deck.pop()
    state.hands[seat].append(card)
    if not state.quiet:
        who = state.names[seat]
        if not isinstance(action, DrawDrama):
            public = f"{who} draws a special event."
        elif state.public_draft:
            public = f"{who} takes a {action.drama} from the drama stacks."
        else:
            public = f"{who} draws one of their drama cards."
        ev.append(Event(public, seat, ((seat, f"You draw {state.name(card)}."),), reveals=True))
    state.queue.pop(0)
    if can_draw(state, seat):
        state.queue.append(seat)
