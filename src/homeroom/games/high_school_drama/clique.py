"""A clique: the grid of cards in front of a player, its relationships and the breakup chain.

The main student sits at (0, 0); x grows to the east, y to the south. Every other card
joined the clique through one hookup, so it records the card it joined (``parent``) and the
bond markers on that relationship (rulebook: Hookups, Bonds). Cards never move once placed.
"""

from __future__ import annotations

from dataclasses import dataclass

from homeroom.games.high_school_drama.components import Card

STEP: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(eq=False)
class Placement:
    """Where a card sits in a clique and the relationship that holds it there."""

    x: int
    y: int
    parent: str | None
    """The card it joined (None for the main student)."""
    bonds: int
    """Bond markers on the relationship with ``parent`` (0 for the main student)."""


Clique = dict[str, Placement]
"""Card id -> placement, in the order the cards joined (the main student first)."""


def max_strength(a: Card, b: Card) -> int:
    """Maximum strength of a relationship: the sum of the two hearts (rulebook: Bonds)."""
    return a.heart + b.heart


def free_spots(clique: Clique, performer: str, cards: dict[str, Card], target: Card, span: int) -> list[tuple[int, int]]:
    """Positions where ``target`` can be placed so that its arrows line up with the
    performer's, on a free square, with the clique staying within ``span`` x ``span``
    squares (rulebook: Hookups, "the new card must physically fit")."""
    p = clique[performer]
    arrows = cards[performer].arrows
    taken = {(q.x, q.y) for q in clique.values()}
    xs = [q.x for q in clique.values()]
    ys = [q.y for q in clique.values()]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    out = []
    for d in ("N", "E", "S", "W"):
        if d in arrows and OPPOSITE[d] in target.arrows:
            dx, dy = STEP[d]
            x, y = p.x + dx, p.y + dy
            if (x, y) in taken:
                continue
            if max(hi_x, x) - min(lo_x, x) >= span or max(hi_y, y) - min(lo_y, y) >= span:
                continue
            out.append((x, y))
    return out


def open_spots(clique: Clique, cards: dict[str, Card], span: int) -> dict[tuple[int, int], list[str]]:
    """Every free square a student's arrow points at (a card with the opposite arrow may
    join there), with the arrow directions that reach it: used to draw the clique."""
    taken = {(q.x, q.y) for q in clique.values()}
    xs = [q.x for q in clique.values()]
    ys = [q.y for q in clique.values()]
    out: dict[tuple[int, int], list[str]] = {}
    for cid, p in clique.items():
        card = cards[cid]
        if not card.is_student:
            continue
        for d in ("N", "E", "S", "W"):
            if d not in card.arrows:
                continue
            dx, dy = STEP[d]
            x, y = p.x + dx, p.y + dy
            if (x, y) in taken:
                continue
            if max(max(xs), x) - min(min(xs), x) >= span or max(max(ys), y) - min(min(ys), y) >= span:
                continue
            out.setdefault((x, y), []).append(OPPOSITE[d])
    return out


def cut_loose(clique: Clique) -> list[str]:
    """Remove and return every card no longer connected to the main student through
    relationships with at least one bond marker: the breakup chain (rulebook: Breakups).
    Parents always joined before their children, so one pass in joining order suffices."""
    alive: set[str] = set()
    gone: list[str] = []
    for cid, p in clique.items():
        if p.parent is None or (p.bonds > 0 and p.parent in alive):
            alive.add(cid)
        else:
            gone.append(cid)
    for cid in gone:
        del clique[cid]
    return gone


def bonds_in_play(clique: Clique) -> int:
    return sum(p.bonds for p in clique.values())
