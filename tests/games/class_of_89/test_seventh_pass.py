"""The seventh speed pass of issue 18 (Class of '89 solo playouts) changes no answer: the rewritten
helpers equal verbatim copies of the code before them on seeded random positions (the placement
scan, the objective measures, Ed's teacher points), the log's name tables give what the
components' methods give, and Ed's log lines carry no seat as they are written."""

from __future__ import annotations

from typing import Any

import pytest
from co89_helpers import random_solo_positions

from homeroom.engine import Rng
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89 import scoring
from homeroom.games.class_of_89.actions import Forgo, cell, grid_cell
from homeroom.games.class_of_89.components import NAMES, components
from homeroom.games.class_of_89.game import GAME
from homeroom.games.class_of_89.model import EMPTY, Yearbook
from homeroom.games.class_of_89.player_turn import _member_places, _place
from homeroom.games.class_of_89.state import Co89State


# ------------------------------------------------------------------ the code before (verbatim)
def old_scan_placement_actions(state: Co89State, seat: int, book: Yearbook, entrance: bool) -> list[Any]:
    out: list[Any] = []
    signatures = book.signatures
    anywhere: list[int] = []
    payable: list[int] = []
    for loc, row in enumerate(state.spaces):
        mine = seat in row
        base = loc * 3
        for cost, occ in enumerate(row):
            if occ == EMPTY:
                anywhere.append(base + cost)
                if not mine and signatures >= cost:
                    payable.append(base + cost)
    used = book.used
    for member in components().board["members"]:
        if member in used:
            continue
        places = _member_places(member)
        out += [places[spot] for spot in (anywhere if member == "treasurer" else payable)]
        if entrance:
            out.append(_place(member, "entrance", 0))
    if not out:
        out.append(Forgo())
    return out


def old_students(book: Yearbook) -> list[int]:
    return [s for s, c in enumerate(book.photo) if c and not pl.is_teacher(c)]


def old_measure(book: Yearbook, m: dict[str, Any]) -> int:
    kind = m["kind"]
    photo = book.photo
    tokens = book.tokens
    studs = old_students(book)
    if kind == "students_token_same_class":
        tok = m["token"]
        return max((sum(1 for s in st if tok in tokens[s]) for _, st in pl.classes(book)), default=0)
    if kind == "tokens_same_row":
        tok = m["token"]
        return max(sum(tokens[r * 5 + c].count(tok) for c in range(5)) for r in range(4))
    if kind == "tokens_same_column":
        tok = m["token"]
        return max(sum(tokens[r * 5 + c].count(tok) for r in range(4)) for c in range(5))
    if kind == "connected_students_token":
        tok = m["token"]
        have = {s for s in studs if tok in tokens[s]}
        best = 0
        while have:
            stack = [have.pop()]
            size = 0
            while stack:
                s = stack.pop()
                size += 1
                for n in pl.neighbours(s):
                    if n in have:
                        have.remove(n)
                        stack.append(n)
            best = max(best, size)
        return best
    if kind == "tokens_adjacent_teacher":
        tok = m["token"]
        return sum(tokens[s].count(tok) for s in studs
                   if any(photo[n] and pl.is_teacher(photo[n]) for n in pl.neighbours(s)))
    if kind == "tokens_adjacent_token":
        tok, other = m["token"], m["other"]
        return sum(tokens[s].count(tok) for s in studs
                   if any(other in tokens[n] for n in pl.neighbours(s) if photo[n]))
    return scoring.measure(book, m)  # the kinds this pass did not touch


def old_ed_teachers(state: Co89State) -> int:
    comp = components()
    ed = state.books[1]
    teachers = 0
    for c in range(5):
        cells = [ed.photo[r * 5 + c] for r in range(4)]
        if not any(x and pl.is_teacher(x) for x in cells):
            continue
        club = state.ed_priority[c]
        token = next(lc.token for lc in comp.locations if lc.club == club)
        n = state.ed_tokens.get(token, 0)
        remaining = n - (n + 1) // 2
        teachers += remaining * sum(1 for x in cells if x and not pl.is_teacher(x))
    return teachers


def old_classes(book: Yearbook) -> list[tuple[int, list[int]]]:
    out: list[tuple[int, list[int]]] = []
    for s, c in enumerate(book.photo):
        if not c:
            continue
        if pl.is_teacher(c):
            out.append((s, []))
        elif out:
            out[-1][1].append(s)
    return out


def old_grid_mask(book: Yearbook) -> int:
    occupied = 0
    bit = 1
    for v in book.grid:
        if v:
            occupied |= bit
        bit <<= 1
    return occupied


# ------------------------------------------------------------------ positions
def positions() -> list[Co89State]:
    return random_solo_positions(7100, 10, half_icons=lambda k: k % 3 != 0)


def multiplayer_positions(players: int, seed0: int, games_n: int) -> list[Co89State]:
    out = []
    for k in range(games_n):
        state = GAME.new_state(players, seed0 + k)
        rng = Rng(seed0 + k)
        while not state.is_terminal():
            out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return out


# ------------------------------------------------------------------ the comparisons
@pytest.mark.parametrize("players", [1, 2, 4])
def test_placement_scan_is_the_code_before(players: int) -> None:
    states = positions() if players == 1 else multiplayer_positions(players, 7200 + players, 4)
    seen = 0
    for state in states:
        for seat in range(state.players):
            book = state.books[seat]
            for entrance in (True, False):
                for signatures in (0, 1, 2, book.signatures):
                    book.signatures, kept = signatures, book.signatures
                    assert (state._scan_placement_actions(seat, book, entrance)
                            == old_scan_placement_actions(state, seat, book, entrance))
                    book.signatures = kept
                    seen += 1
    assert seen > 500


def test_objective_measures_and_eds_teachers_are_the_code_before() -> None:
    comp = components()
    kinds = {o.measure["kind"] for o in comp.objectives.values()}
    assert {"tokens_same_row", "tokens_same_column", "connected_students_token"} <= kinds
    seen = 0
    for state in [*positions()[::4], *multiplayer_positions(3, 7300, 2)[::4]]:
        for book in state.books:
            for obj in comp.objectives.values():
                assert scoring.measure(book, obj.measure) == old_measure(book, obj.measure)
                seen += 1
            assert scoring._students(book) == old_students(book)
            assert pl.classes(book) == old_classes(book)
            assert scoring.student_count(book) == len(old_students(book)) + len(book.superlatives)
        if state.players == 1:
            ed = scoring.ed_score(state)
            assert ed.breakdown["teachers"] == old_ed_teachers(state)
    assert seen > 5000


def test_name_tables_give_what_the_components_give() -> None:
    comp = components()
    for card in [*comp.students, *comp.teachers, *comp.staff, *comp.tiles, "1x1", "no-such-card", ""]:
        assert NAMES.card[card] == comp.card_name(card)
    for table, method, group in ((NAMES.token, comp.token_name, "tokens"), (NAMES.member, comp.member_name, "members"),
                                 (NAMES.club, comp.club_name, "clubs")):
        assert set(table) == set(comp.board["names"][group])
        for key, name in table.items():
            assert name == method(key)
        with pytest.raises(KeyError):  # an unknown id is an error, as with the methods
            table["no-such-id"]
    assert NAMES.location == [lc.name for lc in comp.locations]
    assert NAMES.cell == [cell(at) for at in range(20)]
    width, rows = int(comp.board["grid_columns"]), int(comp.board["grid_rows"])
    assert NAMES.grid_cell == [grid_cell(at) for at in range(width * rows)]
    with pytest.raises(AttributeError):
        NAMES.no_such_table  # noqa: B018


def test_eds_log_lines_have_no_seat_and_the_players_have_theirs() -> None:
    for k in range(12):
        state = GAME.new_state(1, 7400 + k, {"half_icons": k % 3 != 0})
        rng = Rng(k)
        seats: set[int | None] = set()
        while not state.is_terminal():
            for event in state.apply(rng.choice(state.legal_actions())):
                seats.add(event.seat)
                if event.text.startswith("Ed ") or event.text.startswith("Ed's "):
                    assert event.seat is None, event
        assert seats <= {None, 0} and 0 in seats


def test_photo_facts_and_grid_masks_without_their_memos() -> None:
    seen = 0
    for state in positions():
        for book in state.books:
            assert pl.photo_facts(book) == pl._photo_facts(tuple(book.photo))
            assert pl.photo_facts(book) == pl._photo_facts(tuple(book.photo))  # the kept answer
            assert pl.grid_mask(book) == old_grid_mask(book)
            seen += 1
    assert seen > 1000
    # the kept answer is for an equal photo only: the same list edited in place is a new photo
    book = next(b for st in positions() for b in st.books if pl._photo_facts(tuple(b.photo))[2] >= 0)
    kept = list(book.photo)
    before = pl.photo_facts(book)
    book.photo[:] = [c or "no-such-card" for c in kept]  # every cell filled: no cell for a teacher
    assert pl.photo_facts(book)[2] == -1 != before[2]
    book.photo[:] = kept
    assert pl.photo_facts(book) == before
