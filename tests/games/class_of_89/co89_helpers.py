"""Builders for Class of '89 scenario tests: hand-made yearbooks and states."""

from __future__ import annotations

from typing import Any

from homeroom.engine import Rng
from homeroom.games.class_of_89 import GAME, bots
from homeroom.games.class_of_89.components import CLUBS, components
from homeroom.games.class_of_89.model import Superlative, Yearbook
from homeroom.games.class_of_89.state import Co89State

TOKEN = {"G": "gavel", "K": "bookmark", "B": "bolt", "P": "paint", "S": "star"}


def blank_book() -> Yearbook:
    board = components().board
    cells = int(board["grid_columns"]) * int(board["grid_rows"])
    return Yearbook([""] * 20, [[] for _ in range(20)], [""] * cells, {c: 0 for c in CLUBS})


def put(book: Yearbook, slot: int, card: str, tokens: str = "") -> None:
    """Place ``card`` at ``slot`` with tokens given as letters (G Gavel, K Bookmark, B Bolt, P Paint, S Star)."""
    assert card in components().students or card in components().teachers, card
    book.photo[slot] = card
    book.tokens[slot] = [TOKEN[t] for t in tokens]


def superlative(book: Yearbook, tile: str, student: str, tokens: str = "") -> None:
    book.superlatives.append(Superlative(tile, student, [TOKEN[t] for t in tokens]))


def tile_at(book: Yearbook, tile: str, anchor: int) -> None:
    from homeroom.games.class_of_89.placement import tile_cells

    for c in tile_cells(tile, anchor):
        assert not book.grid[c]
        book.grid[c] = tile
    book.tiles.append(tile)


def grid(x: int, y: int) -> int:
    return y * int(components().board["grid_columns"]) + x


def new_state(players: int = 3, seed: int = 0, **options: Any) -> Co89State:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, Co89State)
    return state


def started(players: int = 3, seed: int = 0, sides: str = "A", **options: Any) -> Co89State:
    """A state past the column-board choice (everyone picks ``sides``)."""
    from homeroom.games.class_of_89.actions import ChooseSide

    state = new_state(players, seed, **options)
    for _ in range(players):
        state.apply(ChooseSide(sides))
    return state


def take_out(state: Co89State, card: str) -> None:
    """Remove ``card`` from wherever it is (deck, discard, school, a yearbook's photo)."""
    for pile in (*state.decks.values(), *state.discards.values(), state.set_aside):
        if card in pile:
            pile.remove(card)
            return
    for row in state.school:
        if card in row:
            row[row.index(card)] = ""
            state.school_sups.pop(card, None)
            return
    for book in state.books:
        if card in book.photo:
            i = book.photo.index(card)
            book.photo[i] = ""
            book.tokens[i] = []
            return
    raise AssertionError(f"{card} not found")


def stock(state: Co89State, location: int, cards: list[str]) -> None:
    """Put exactly ``cards`` at a school location (the others there go to their discard piles)."""
    for pos in range(5):
        state._discard_space(location, pos)
    for card in cards:
        take_out(state, card)
    lk_spaces = components().locations[location].spaces
    from homeroom.games.class_of_89.placement import lookup

    kinds = lookup().kind
    free = list(range(5))
    for card in cards:
        kind = kinds[card]
        pos = next(p for p in free if lk_spaces[p] == kind)
        free.remove(pos)
        state.school[location][pos] = card


def random_solo_positions(seed0: int, games_n: int, **options: Any) -> list[Co89State]:
    """Every position of ``games_n`` seeded random solo games (seeds from ``seed0``), quiet (no
    log text), cloned as they were reached. ``options`` maps an option to a value or to a
    function of the game's index (so games can alternate variants)."""
    out: list[Co89State] = []
    for k in range(games_n):
        chosen = {name: value(k) if callable(value) else value for name, value in options.items()}
        state = GAME.new_state(1, seed0 + k, chosen)
        assert isinstance(state, Co89State)
        state.set_quiet()
        rng = Rng(k)
        while not state.is_terminal():
            out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return out


def gavel_class_round_2(seed: int = 11) -> Co89State:
    """Normal solo, round 2, the player to place: its photo holds only Tony A, Derek B and Dana G
    (slots 1-3, one class, each with a Gavel: AP Government's MIN of 3 met, T1 is 5), with the
    objectives AP Government, Study Group, Preppies, Theater Kids, Team Captains and Perfect
    Attendance (the position the solo planning and member-worth tests build on)."""
    state = started(1, seed, difficulty="normal")
    state.objectives = ["ap-government", "study-group", "preppies", "theater-kids", "team-captains",
                        "perfect-attendance"]
    state.round = 2
    me = state.books[0]
    for slot in range(1, 20):
        if me.photo[slot]:
            take_out(state, me.photo[slot])
    for slot, card in ((1, "tony-a"), (2, "derek-b"), (3, "dana-g")):
        take_out(state, card)
        put(me, slot, card, "G")
    assert state.current == 0 and state.phase == "place"     # Ed went first: the player's turn
    return state


def value_with(state: Co89State, w: bots.Weights) -> float:
    """Seat 0's evaluation of ``state`` under weights ``w`` (the weights in use restored after)."""
    old = bots.use_weights(w)
    try:
        return bots.values(state, 0)[0]
    finally:
        bots.use_weights(old)


def tune_script() -> Any:
    """``bench/tune_class_of_89.py`` as a module."""
    return bench_script("tune_class_of_89")


def bench_script(name: str) -> Any:
    """``bench/NAME.py`` as a module, loaded once (see ``tests/bench_scripts.py``)."""
    from bench_scripts import bench_script as load

    return load(name)
