"""Student Standouts: the seven titles voted every summer (rulebook: Student Standouts)."""

from __future__ import annotations

from homeroom.games.high_school_drama.clique import Clique
from homeroom.games.high_school_drama.components import Card

STANDOUTS: tuple[tuple[str, str], ...] = (
    ("Most Athletic", "most bond markers to jock organizations"),
    ("Most Popular", "most bond markers to popular organizations"),
    ("Most Artistic", "most bond markers to artsy organizations"),
    ("Biggest Dork", "most bond markers to geek organizations"),
    ("Cutest Couple", "the two students with the strongest bond"),
    ("Biggest Flirt", "the largest number of students"),
    ("Most School Spirit", "the largest number of organizations"),
)
_TYPE_OF = {"Most Athletic": "jock", "Most Popular": "popular", "Most Artistic": "artsy", "Biggest Dork": "geek"}


def standout_value(name: str, clique: Clique, cards: dict[str, Card]) -> int:
    """A clique's measure for one standout (higher wins)."""
    if name in _TYPE_OF:
        kind = _TYPE_OF[name]
        return sum(
            p.bonds for cid, p in clique.items() if not cards[cid].is_student and kind in cards[cid].types
        )
    if name == "Cutest Couple":
        return max(
            (p.bonds for cid, p in clique.items()
             if p.parent is not None and cards[cid].is_student and cards[p.parent].is_student),
            default=0,
        )
    if name == "Biggest Flirt":
        return sum(1 for cid in clique if cards[cid].is_student)
    if name == "Most School Spirit":
        return sum(1 for cid in clique if not cards[cid].is_student)
    raise KeyError(name)


def standout_winners(name: str, cliques: dict[int, Clique], cards: dict[str, Card]) -> tuple[list[int], int]:
    """The seats that earn a standout (every tied seat does) and the winning value.
    Nobody earns it when the best value is 0 (see RULINGS.md)."""
    values = {seat: standout_value(name, clique, cards) for seat, clique in cliques.items()}
    best = max(values.values(), default=0)
    if best <= 0:
        return [], 0
    return [s for s, v in values.items() if v == best], best
