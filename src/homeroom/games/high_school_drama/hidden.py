"""Hidden information, for search bots: the re-deal of what a seat may not see (rulebook:
Semester Start - hands are secret, the event deck is face down; others see hand sizes and
which pile a card was drawn from). What a seat may see is ``view.observe``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Rng

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


def redeal(state: HSDState, seat: int | None, rng: Rng) -> None:
    """Re-deal the event deck with the events in other hands (each keeps how many it drew
    from the deck, which everyone saw), the drama kinds in other hands (private draft; the
    drama cards played face up since that seat's last drama draw stay face down in front of
    it), and the order of the student and organization decks."""
    events = state.comps.events
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.event_deck)
    counts = {}
    for s in others:
        mine = [c for c in state.hands[s] if c in events]
        counts[s] = len(mine)
        pool.extend(mine)
        state.hands[s] = [c for c in state.hands[s] if c not in events]
    rng.shuffle(pool)
    for s in others:
        for _ in range(counts[s]):
            state.hands[s].append(pool.pop())
    state.event_deck = pool
    if not state.public_draft:
        for s in others:
            held = [c for c in state.hands[s] if c not in events]
            # played face up since the seat's last drama draw: everyone knows they are face down again
            shown = [c for c in state.shown[s] if c in state.reserve[s]] if state.shown else []
            own = [c for c in state.drama_of[s] if (c in held or c in state.reserve[s]) and c not in shown]
            rng.shuffle(own)
            state.hands[s] = [c for c in state.hands[s] if c in events] + own[: len(held)]
            state.reserve[s] = shown + own[len(held):]
    rng.shuffle(state.student_deck)
    rng.shuffle(state.org_deck)
