"""Helpers for High School Drama tests: build positions by hand, keeping every card in one place."""

from __future__ import annotations

from typing import Any

from homeroom import games
from homeroom.engine import Action, Rng
from homeroom.games.high_school_drama import constants as rules
from homeroom.games.high_school_drama.clique import Placement, bonds_in_play
from homeroom.games.high_school_drama.components import load
from homeroom.games.high_school_drama.state import HSDState

GAME = games.get("high-school-drama")
COMPS = load()


def new(players: int = 3, seed: int = 1, options: dict[str, Any] | None = None,
        names: list[str] | None = None) -> HSDState:
    st = GAME.new_state(players, seed, options, names)
    assert isinstance(st, HSDState)
    return st


def _take(st: HSDState, card: str) -> None:
    """Remove ``card`` from wherever it is (quad, decks, cliques)."""
    for pile in (st.quad, st.student_deck, st.org_deck, st.event_deck, st.event_discard):
        if card in pile:
            pile.remove(card)
            return
    for s in range(st.players):
        if card in st.cliques[s]:
            p = st.cliques[s].pop(card)
            st.supply[s] += p.bonds
            return
        if card in st.hands[s]:
            st.hands[s].remove(card)
            return
    raise AssertionError(f"{card} not found")


def set_quad(st: HSDState, cards: list[str]) -> None:
    """Make the quad exactly ``cards`` (the others go back to their decks)."""
    for c in list(st.quad):
        st.quad.remove(c)
        (st.student_deck if COMPS.cards[c].is_student else st.org_deck).append(c)
    for c in cards:
        _take(st, c)
        st.quad.append(c)


def set_clique(st: HSDState, seat: int, layout: list[tuple[str, int, int, str | None, int]]) -> None:
    """Replace seat's clique by ``layout`` rows (card, x, y, parent, bonds); markers follow."""
    for c in list(st.cliques[seat]):
        p = st.cliques[seat].pop(c)
        st.supply[seat] += p.bonds
        (st.student_deck if COMPS.cards[c].is_student else st.org_deck).append(c)
    for card, x, y, parent, bonds in layout:
        _take(st, card)
        st.cliques[seat][card] = Placement(x, y, parent, bonds)
        st.supply[seat] -= bonds
    for card, x, y, parent, _ in layout:  # only layouts a real table allows
        if parent is not None:
            q = st.cliques[seat][parent]
            way = {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}[(x - q.x, y - q.y)]
            back = {"N": "S", "S": "N", "E": "W", "W": "E"}[way]
            assert way in COMPS.cards[parent].arrows and back in COMPS.cards[card].arrows, \
                f"{card} at ({x},{y}) does not line up its arrows with {parent}"
    tracked = sum(st.signatures[seat].values()) if st.options["travel"] else rules.TRACKER
    assert st.supply[seat] + bonds_in_play(st.cliques[seat]) == rules.MARKERS - tracked


def give(st: HSDState, seat: int, cards: list[str]) -> None:
    """Put drama (by kind, from the seat's own) or event cards into a hand."""
    for c in cards:
        if c in ("hookup", "bond", "breakup"):
            pile = st.stacks[c] if st.public_draft else st.reserve[seat]
            card = next(d for d in pile if COMPS.drama[d].kind == c)
            pile.remove(card)
            st.hands[seat].append(card)
        else:
            _take(st, c)
            st.hands[seat].append(c)


def start_act(st: HSDState, leader: int = 0, step: int = 0) -> None:
    """Jump to the midterm (or final) action with the hands as they are."""
    for s in range(st.players):  # seats the test did not set up get some main student
        if st.enrolled[s] and not st.cliques[s]:
            spare = next(c for c in COMPS.students if c in st.student_deck)
            set_clique(st, s, [(spare, 0, 0, None, 0)])
    st.leader = leader
    st.phase = "act"
    st.step = step
    st.queue = [s for s in st.order_from(leader) if st.hands[s]]


def drama_in_hand(st: HSDState, seat: int, kind: str) -> str:
    return next(c for c in st.hands[seat] if c in COMPS.drama and COMPS.drama[c].kind == kind)


def random_playout(st: HSDState, seed: int, check: bool = False, stop: Any = None) -> HSDState:
    rng = Rng(seed)
    n = 0
    while not st.is_terminal():
        if stop is not None and stop(st):
            break
        legal: list[Action] = st.legal_actions()
        assert legal
        st.apply(rng.choice(legal))
        n += 1
        assert n < GAME.info.max_decisions
        if check:
            assert st.invariants() == []
    return st
