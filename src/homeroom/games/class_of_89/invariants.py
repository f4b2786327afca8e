"""Class of '89 invariants: every component in exactly one place, limits never exceeded."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import CLUBS, components

if TYPE_CHECKING:
    from homeroom.games.class_of_89.state import Co89State

DECK_KINDS = ("student", "teacher", "staff", "tile-A", "tile-B", "tile-C", "tile-D")


def invariants(state: Co89State) -> list[str]:
    """Sentences for every violated invariant (empty when all hold)."""
    comp = components()
    lk = pl.lookup()
    problems = []
    seen: list[str] = []
    for kind in DECK_KINDS:
        seen += state.decks[kind]
        seen += state.discards[kind]
    seen += state.set_aside
    for row in state.school:
        seen += row
    seen += state.school_sups.values()
    for p in state.pending:
        seen += p.cards
    for s, b in enumerate(state.books):
        seen += b.photo
        seen += b.staff
        seen += b.tiles
        seen += [x.student for x in b.superlatives]
        if len(b.storage) > 2:
            problems.append(f"seat {s} stores {len(b.storage)} tokens (at most 2)")
        if b.signatures < 0:
            problems.append(f"seat {s} has {b.signatures} signatures")
        if len(b.staff) > 4:
            problems.append(f"seat {s} has {len(b.staff)} staff")
        for i, toks in enumerate(b.tokens):
            if len(toks) > 4 or (toks and (not b.photo[i] or pl.is_teacher(b.photo[i]))):
                problems.append(f"seat {s} has bad tokens {toks} at cell {i}")
        if any(len(x.tokens) > 4 for x in b.superlatives):
            problems.append(f"seat {s} has a superlative with more than 4 tokens")
        if sum(1 for c in b.grid if c == "1x1") != b.ones:
            problems.append(f"seat {s}: 1x1 tiles on the grid do not match the count")
    placed = [c for c in seen if c]
    every = lk.kind.keys()
    if len(placed) != len(every) or set(placed) != every:  # the fast path: each exactly once
        count = Counter(placed)
        for card in every:
            if count[card] != 1:
                problems.append(f"{card} is in {count[card]} places")
        extra = set(count) - set(every)
        if extra:
            problems.append(f"unknown components: {sorted(extra)}")
    if state.ones_supply < 0 or state.ones_supply + sum(b.ones for b in state.books) != comp.board["one_by_one_tiles"]:
        problems.append("1x1 tiles are not conserved")
    if state.players == 1:
        cards = sorted(state.solo_locations + state.solo_location_discard + [state.solo_location] * bool(state.solo_location))
        if cards != sorted(comp.location_cards):
            problems.append("solo Location cards are not conserved")
        if sorted(state.solo_choices + state.solo_choice_discard) != sorted(comp.choice_cards):
            problems.append("solo Choice cards are not conserved")
        if sorted(state.ed_priority) != sorted(c for c in CLUBS if c != "honor"):
            problems.append("Ed's priority cards are not one per club except Honor Society")
    return problems
