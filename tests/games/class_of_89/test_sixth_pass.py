"""The sixth speed pass of issue 18 (Class of '89 solo playouts) changes no answer: on every
position of seeded random solo games the rewritten helpers equal verbatim copies of the code
before them (Ed's photo facts from neighbour pairs, his choice of one item type, the one-pass
refill and wipe of the mat, the tables of card, club, token and member names), and
``bench/trace_hash.py`` (which compares whole games between two trees) is deterministic."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from co89_helpers import random_solo_positions

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.state import Co89State

BENCH = Path(__file__).resolve().parents[3] / "bench"


# ------------------------------------------------------------------ the code before (verbatim)
def old_photo_facts(key: tuple[str, ...]) -> pl.PhotoFacts:
    lk = pl.lookup()
    left_no, right_no = lk.left_no, lk.right_no
    teachers = lk.teachers
    lines = pl._LINES
    by_left = [pl.NO_CELL] * lk.icon_count
    by_right = [pl.NO_CELL] * lk.icon_count
    n = len(key)
    barred = 0
    for s, c in enumerate(key):
        if c:
            if c in teachers:
                barred |= lines[s]
            continue
        if s > 0 and key[s - 1]:
            club = right_no.get(key[s - 1], 0)
            if club and by_left[club] == pl.NO_CELL:
                by_left[club] = s
        if s + 1 < n and key[s + 1]:
            club = left_no.get(key[s + 1], 0)
            if club and by_right[club] == pl.NO_CELL:
                by_right[club] = s
    teacher = -1
    for s, c in enumerate(key):
        if not c and not barred >> s & 1:
            teacher = s
            break
    by_left[0] = by_right[0] = pl.NO_CELL
    return (tuple(by_left), tuple(by_right), teacher)


def old_card_name(card: str) -> str:
    comp = components()
    for table in (comp.students, comp.teachers, comp.staff, comp.tiles):
        if card in table:
            return str(table[card].name)
    return card


def old_wipe(state: Co89State, locs: range | tuple[int, ...]) -> None:
    for i in locs:
        for j in range(5):
            state._discard_space(i, j)


def old_refill(state: Co89State) -> None:
    for i in range(5):
        for j in range(5):
            if not state.school[i][j]:
                state._fill(i, j)


# ------------------------------------------------------------------ the comparison
def positions() -> list[Co89State]:
    return random_solo_positions(6100, 10, half_icons=lambda k: k % 3 != 0)


def test_photo_facts_and_refill_are_the_code_before() -> None:
    seen = 0
    for k, state in enumerate(positions()):
        for book in state.books:
            key = tuple(book.photo)
            assert pl._photo_facts(key) == old_photo_facts(key)
            assert pl.photo_facts(book) == old_photo_facts(key)
            seen += 1
        for loc in range(5):  # Ed's choice of one item type is what he would take of all of them
            every = state._ed_options(loc)
            for item in ("student", "teacher", "staff", "tile"):
                assert state._ed_option(loc, item) == every.get(item, "")
        if k % 7 == 0:  # empty a few spaces (some decks run dry), then refill both ways
            a, b = state.clone(), state.clone()
            for st in (a, b):
                for loc in range(5):
                    for pos in range(0, 5, 1 + k % 3):
                        st._discard_space(loc, pos)
                if k % 2:
                    st.decks["student"] = st.decks["student"][:3]
            a._refill()
            old_refill(b)
            assert a.to_json() == b.to_json()
            locs = (k % 5,) if k % 2 else range(5)  # a wipe of one location (Refresh) or all (Winter Break)
            a._wipe(locs)
            old_wipe(b, locs)
            assert a.to_json() == b.to_json()
    assert seen > 1000


def test_card_names_are_the_code_before() -> None:
    comp = components()
    ids = [*comp.students, *comp.teachers, *comp.staff, *comp.tiles, "1x1", "no-such-card", ""]
    for card in ids:
        assert comp.card_name(card) == old_card_name(card)
    names = comp.board["names"]
    for group, method in (("clubs", comp.club_name), ("tokens", comp.token_name), ("members", comp.member_name)):
        assert names[group]
        for key, name in names[group].items():
            assert method(key) == str(name)


def test_trace_hash_is_deterministic() -> None:
    spec = importlib.util.spec_from_file_location("trace_hash", BENCH / "trace_hash.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["trace_hash"] = module
    spec.loader.exec_module(module)
    for quiet in (False, True):
        one = module.trace("class-of-89", 1, {}, 3, quiet)
        assert one == module.trace("class-of-89", 1, {}, 3, quiet)
        assert one != module.trace("class-of-89", 1, {}, 4, quiet)
