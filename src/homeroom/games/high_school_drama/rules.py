"""Rule numbers as data, and the choices each effect offers (rulebook: Hookups, Bonds,
Breakups, Events). The state module drives the turn; this module answers "what may this
player do with this effect now" and "what does it do"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action
from homeroom.games.high_school_drama.actions import Bond, Breakup, Exchange, HookUp
from homeroom.games.high_school_drama.clique import Clique, free_spots
from homeroom.games.high_school_drama.components import Card
from homeroom.games.high_school_drama.effects import Effect

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState

YEARS = ("freshman", "sophomore", "junior", "senior")
SEASONS = ("fall", "winter", "spring", "summer")

CONSTANTS: dict[str, object] = {
    "hand_size": (2, 3, 4, 5),
    "bond_markers_per_player": 18,
    "tracker_markers": 1,
    "quad_per_player_at_setup": 2,
    "quad_per_player_new_year": 1,
    "standout_signatures": 1,
    "transfer_signatures_per_missed_semester": 2,
    "clique_span": 5,
    "years": YEARS,
    "seasons": SEASONS,
}
"""Rule numbers (rulebook sections: Semester Start, Setup, Student Standouts, Expanded Play
Options); ``bond_markers_per_player`` and ``clique_span`` are rulings (RULINGS.md)."""

HAND_SIZE: tuple[int, ...] = (2, 3, 4, 5)
MARKERS = 18
TRACKER = 1
QUAD_SETUP = 2
QUAD_NEW_YEAR = 1
STANDOUT_SIGNATURES = 1
TRANSFER_PER_SEMESTER = 2
SPAN = 5


def relationship_has_type(card: Card, parent: Card, kind: str | None) -> bool:
    return kind is None or kind in card.types or kind in parent.types


def exchangeable(card: Card, parent: Card, kind: str | None) -> bool:
    """Does this relationship's bonds count for an exchange event of ``kind``? Organizations
    always joined through a student, so the organization is the joined card."""
    if kind == "couple":
        return card.is_student and parent.is_student
    return (not card.is_student) and kind in card.types


def hookup_options(state: HSDState, seat: int, effect: Effect) -> list[Action]:
    """Every (performer, target, square) a hookup with ``effect`` allows (rulebook: Hookups)."""
    if state.supply[seat] <= 0:
        return []
    cards = state.cards
    clique = state.cliques[seat]
    out: list[Action] = []
    for pid in clique:
        perf = cards[pid]
        if not perf.is_student:
            continue
        cool = perf.cool + effect.cool_bonus
        for tid in state.quad:
            target = cards[tid]
            if effect.target_type is not None and effect.target_type not in target.types:
                continue
            if not effect.match_any and target.cool > cool and not (perf.types & target.types):
                continue
            for x, y in free_spots(clique, pid, cards, target, SPAN):
                out.append(HookUp(pid, tid, x, y))
    return out


def bond_options(state: HSDState, seat: int, effect: Effect) -> list[Action]:
    """Every relationship of the seat's clique that can take another marker (rulebook: Bonds)."""
    if state.supply[seat] <= 0:
        return []
    cards = state.cards
    out: list[Action] = []
    for cid, p in state.cliques[seat].items():
        if p.parent is None:
            continue
        card, parent = cards[cid], cards[p.parent]
        if p.bonds < card.heart + parent.heart and relationship_has_type(card, parent, effect.target_type):
            out.append(Bond(cid))
    return out


def breakup_options(state: HSDState, seat: int, effect: Effect) -> list[Action]:
    """Every (performer, rival, relationship) a breakup with ``effect`` can hit (rulebook: Breakups)."""
    cards = state.cards
    mine = [(pid, cards[pid].cruel + effect.cruel_bonus) for pid in state.cliques[seat] if cards[pid].is_student]
    out: list[Action] = []
    for rival in state.order_from(seat):
        if rival == seat:
            continue
        for cid, p in state.cliques[rival].items():
            if p.parent is None or p.bonds <= 0:
                continue
            if not relationship_has_type(cards[cid], cards[p.parent], effect.target_type):
                continue
            for pid, cruel in mine:
                if cruel >= p.bonds:
                    out.append(Breakup(pid, rival, cid))
    return out


def exchange_options(clique: Clique, cards: dict[str, Card], kind: str | None) -> list[Action]:
    """The relationships whose bonds may be exchanged at an event of ``kind`` (rulebook: Events)."""
    return [
        Exchange(cid)
        for cid, p in clique.items()
        if p.parent is not None and p.bonds > 0 and exchangeable(cards[cid], cards[p.parent], kind)
    ]


def options(state: HSDState, seat: int, effect: Effect) -> list[Action]:
    if effect.kind == "hookup":
        return hookup_options(state, seat, effect)
    if effect.kind == "bond":
        return bond_options(state, seat, effect)
    if effect.kind == "breakup":
        return breakup_options(state, seat, effect)
    return []
