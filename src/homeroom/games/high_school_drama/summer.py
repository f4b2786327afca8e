"""Summer Semester: flunk out, vote for the student standouts, Summer Lovin', shuffle events and
a new year's cards; after the last summer, graduation (rulebook: Summer Semester, Game End)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Event
from homeroom.games.high_school_drama.bonds import FREE_BOND, bond_options
from homeroom.games.high_school_drama.constants import QUAD_NEW_YEAR, STANDOUT_SIGNATURES, YEARS
from homeroom.games.high_school_drama.scoring import gain
from homeroom.games.high_school_drama.standouts import STANDOUTS, standout_winners

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


def graduating(state: HSDState) -> bool:
    """Is this the last summer (senior, or junior with early graduation)?"""
    return state.year >= state.last_year


def announce(state: HSDState, ev: list[Event]) -> None:
    state.season = 3
    steps = ("flunk out and student standouts, then graduation" if graduating(state)
             else "flunk out, student standouts, Summer Lovin', new year")
    ev.append(Event(f"{YEARS[state.year].capitalize()} year is over; summer: {steps}."))


def flunk_out(state: HSDState, ev: list[Event]) -> None:
    """1. Quad cards go to the bottom of their decks, in quad order."""
    cards = state.cards
    for c in state.quad:
        (state.student_deck if cards[c].is_student else state.org_deck).insert(0, c)
    if state.quad:
        ev.append(Event(f"Flunk out: {len(state.quad)} card(s) leave the quad for the bottom of their decks."))
    state.quad = []


def vote_standouts(state: HSDState, ev: list[Event]) -> None:
    """2. Each standout earns its holders (all tied ones) a signature."""
    cliques = {s: state.cliques[s] for s in range(state.players) if state.enrolled[s]}
    for name, _ in STANDOUTS:
        winners, value = standout_winners(name, cliques, state.cards)
        for s in winners:
            gain(state, s, STANDOUT_SIGNATURES, "standouts")
        if winners:
            ev.append(Event(f"{name} ({value}): {', '.join(state.names[s] for s in winners)}."))


def graduate(state: HSDState, ev: list[Event]) -> None:
    state.phase, state.queue = "over", []
    totals = ", ".join(f"{state.names[s]} {state.total(s)}" for s in range(state.players))
    ev.append(Event(f"Graduation! Signatures: {totals}."))


def start_lovin(state: HSDState, ev: list[Event]) -> bool:
    """3. Summer Lovin': everyone who can place a free bond does, in turn order from the
    leader. False when nobody can."""
    state.queue = [s for s in state.order_from(state.leader) if bond_options(state, s, FREE_BOND)]
    state.phase = "lovin"
    if state.queue:
        ev.append(Event("Summer Lovin': everyone with a relationship below its maximum places a free bond."))
    return bool(state.queue)


def new_year(state: HSDState, ev: list[Event]) -> None:
    """4. Every event card (played, in the deck or in a hand) is shuffled into the deck; 5. one
    new student and one new organization per player come to the quad."""
    if not state.options.get("summer_school"):
        state.leader = state.next_seat(state.leader)  # the summer semester ends too
    for s in range(state.players):
        kept = [c for c in state.hands[s] if c in state.comps.events]
        for c in kept:
            state.hands[s].remove(c)
        state.event_deck.extend(kept)
    state.event_deck.extend(state.event_discard)
    state.event_discard = []
    state.rng.shuffle(state.event_deck)
    n = sum(state.enrolled)
    for deck in (state.student_deck, state.org_deck):
        for _ in range(min(n * QUAD_NEW_YEAR, len(deck))):
            state.quad.append(deck.pop())
    state.year += 1
    state.season = 0
    ev.append(Event(f"Events are reshuffled and {len(state.quad)} new card(s) arrive in the quad."))
