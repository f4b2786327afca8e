"""The reinforcement-learning encoding of Class of '89 (read by ``homeroom.rl``; see
``src/homeroom/rl/ENCODING.md`` for the contract every game's ``rl.py`` follows).

Actions. Every action is a key of field values from fixed domains built from the component data
(photo cards = the students, then the teachers; cells 0-19 of the class photo in reading order;
grid cells of the Wildcat Way; token targets: storage (-1), photo cells, Senior Superlatives 100+k):

| block | action | key (domain) |
| --- | --- | --- |
| ChooseSide | ChooseSide | side (A, B) |
| Place | Place | member, location (the locations, then entrance), cost (the space costs) |
| TakePhoto | Take of a student or teacher | card (photo cards), at (photo cells), abc (no, yes) |
| TakeStaff | Take of a staff card | card (staff) |
| TakeTile | Take of a tile | card (tiles), at (grid cells) |
| TakeEntrance, Refresh, EndTurn, Forgo, Decline | the action | (none) |
| Photograph, Keep | the action | card (photo cards), at (photo cells), abc |
| BuyToken | BuyToken | token ("" = the location's, then the tokens) |
| UseMember | UseMember | member ("" and the members), club ("" and the clubs), token ("", any, the tokens) |
| Unstore, PutToken | the action | token, target: the student there follows from the seat's own yearbook |
| ShiftToken | ShiftToken | source (photo cells, Superlatives), token |
| ChooseToken | ChooseToken | token (any, the tokens) |
| PlaceOneByOne | PlaceOneByOne | at (grid cells) |
| Reward | Reward | choice (signature, the tokens) |

Observation (all from ``observation(seat)``; seats in the order "me, then the seats after me"; in
a solo game Ed's yearbook comes second): the round, phase, first player, the seat whose turn it is
and the seat to move (relative), the location and team member in use and what is done this turn;
the objectives; every card in the school (location and space), the Senior Superlatives on offer,
the space costs and who stands where (entrance too), the deck sizes, the discards and set-aside
cards, the 1x1 supply; per yearbook: the class photo (where each card sits and the tokens on every
cell), the Wildcat Way grid, tiles, club tracks, signatures, ABC tokens and the cells they cover,
stored tokens, 1x1 tiles, Senior Superlatives, staff, halves, rows and columns done, side and team
members used; the first pending decision (kind, whose, token, club, optional, the cards it offers:
only to its own seat, others see a count) and how many are pending; solo: Ed's location card, deck
sizes, revealed priorities and tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import cache
from operator import attrgetter
from typing import Any

from homeroom.engine import Action
from homeroom.engine.features import Run, Sparse, StatePart, dense, seat_runs
from homeroom.games.class_of_89.actions import (
    STORAGE,
    SUPERLATIVE,
    BuyToken,
    ChooseSide,
    ChooseToken,
    Decline,
    EndTurn,
    Forgo,
    Keep,
    Photograph,
    Place,
    PlaceOneByOne,
    PutToken,
    Refresh,
    Reward,
    ShiftToken,
    Take,
    TakeEntrance,
    Unstore,
    UseMember,
)
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import EMPTY, JANITOR
from homeroom.games.class_of_89.view import _solo_view

FORMAT = 1
"""The encoding's version: raise it whenever an index or a feature changes meaning."""

PHASES = ("side", "place", "act", "round_end", "over")
PENDING = ("token", "move", "tile1x1", "draw_students", "draw_teachers", "pick_student", "pick_teacher", "reward")
MAX_PLAYERS = 4
DECKS = ("student", "teacher", "staff", "tile-A", "tile-B", "tile-C", "tile-D")
Domains = tuple[tuple[str, tuple[Hashable, ...]], ...]


class _Data:
    """The domains, built once from the component data."""

    def __init__(self) -> None:
        c = components()
        board = c.board
        self.members: tuple[str, ...] = tuple(board["members"])
        self.locations: tuple[str, ...] = tuple(loc.id for loc in c.locations)
        self.tokens: tuple[str, ...] = tuple(board["names"]["tokens"])
        self.clubs: tuple[str, ...] = tuple(board["names"]["clubs"])
        self.photo_cards: tuple[str, ...] = tuple(c.students) + tuple(c.teachers)
        self.students: tuple[str, ...] = tuple(c.students)
        self.staff: tuple[str, ...] = tuple(c.staff)
        self.tiles: tuple[str, ...] = tuple(c.tiles)
        self.all_cards = self.photo_cards + self.staff + self.tiles
        self.cells = tuple(range(int(board["photo_rows"]) * int(board["photo_columns"])))
        self.grid = tuple(range(int(board["grid_rows"]) * int(board["grid_columns"])))
        self.superlatives = tuple(SUPERLATIVE + k for k in range(len(self.grid)))
        self.targets: tuple[int, ...] = (STORAGE, *self.cells, *self.superlatives)
        self.costs: tuple[int, ...] = tuple(board["space_costs"])
        self.decks: tuple[str, ...] = DECKS
        self.objectives: tuple[str, ...] = tuple(c.objectives)
        self.location_cards: tuple[str, ...] = tuple(c.location_cards)
        self.rows = int(board["photo_rows"])
        self.columns = int(board["photo_columns"])
        self.at = {card: i for i, card in enumerate(self.all_cards)}
        self.photo_at = {card: i for i, card in enumerate(self.photo_cards)}
        self.student_at = {card: i for i, card in enumerate(self.students)}
        self.tile_at = {card: i for i, card in enumerate(self.tiles)}
        self.staff_at = {card: i for i, card in enumerate(self.staff)}
        # the places of values in the observation's one-hot and multi-hot runs (see observation_features)
        self.phase_at = {p: i for i, p in enumerate(PHASES)}
        self.location_at = {loc: i for i, loc in enumerate(range(-1, len(self.locations) + 1))}
        self.member_at = {m: i for i, m in enumerate(self.members)}
        self.kinds_at = {k: i for i, k in enumerate((*self.members, "janitor"))}
        self.objective_at = {o: i for i, o in enumerate(self.objectives)}
        self.token_at = {t: i for i, t in enumerate(self.tokens)}
        self.club_at = {c: i for i, c in enumerate(self.clubs)}
        self.cell_at = {c: c for c in self.cells}
        self.cell_value = tuple((c + 1) / len(self.cells) for c in self.cells)
        self.row_at = {r: r for r in range(self.rows)}
        self.column_at = {c: c for c in range(self.columns)}
        self.pending_at = {k: i for i, k in enumerate(PENDING)}
        self.decision_tokens = (*self.tokens, "any")
        self.decision_token_at = {t: i for i, t in enumerate(self.decision_tokens)}
        self.deck_at = {k: i for i, k in enumerate(self.decks)}
        self.location_card_at = {c: i for i, c in enumerate(self.location_cards)}
        members, cards = len(self.members), len(self.all_cards)
        self.sizes = {
            "turn": 1 + len(PHASES) + 3 * MAX_PLAYERS + len(self.locations) + 2 + members + 3,
            "objectives": len(self.objectives), "school": 3 * cards + len(self.students),
            "spaces": 3 * len(self.locations) * (members + 2), "entrance": MAX_PLAYERS * members,
            "supply": len(self.decks) + 2 * cards + 1, "photo": 2 * len(self.photo_cards),
            "tokens": len(self.cells) * len(self.tokens), "wildcat": 2 * len(self.grid) + len(self.tiles),
            "counters": len(self.clubs) + 2 + len(self.cells) + len(self.tokens) + 1,
            "cards": len(self.students) + len(self.staff) + len(self.clubs) + self.rows + self.columns + 2 + members,
            "pending": len(PENDING) + 1 + MAX_PLAYERS + len(self.tokens) + 1 + len(self.clubs) + 1
                       + len(self.photo_cards) + 2,
            "solo": len(self.location_cards) + 2 + len(self.clubs) + len(self.tokens)}
        """Each part's count of features (see :func:`state_parts`)."""


_DATA: list[_Data] = []


def _data() -> _Data:
    if not _DATA:
        _DATA.append(_Data())
    return _DATA[0]


def action_blocks() -> tuple[tuple[str, type[Action], Domains], ...]:
    """The blocks of indices in order: name, action type, the domains of the key's fields."""
    d = _data()
    no_yes = (False, True)
    photo: Domains = (("card", d.photo_cards), ("at", d.cells), ("abc", no_yes))
    return (
        ("ChooseSide", ChooseSide, (("side", ("A", "B")),)),
        ("Place", Place, (("member", d.members), ("location", (*d.locations, "entrance")), ("cost", d.costs))),
        ("TakePhoto", Take, photo),
        ("TakeStaff", Take, (("card", d.staff),)),
        ("TakeTile", Take, (("card", d.tiles), ("at", d.grid))),
        ("TakeEntrance", TakeEntrance, ()),
        ("Photograph", Photograph, photo),
        ("BuyToken", BuyToken, (("token", ("", *d.tokens)),)),
        ("Refresh", Refresh, ()),
        ("UseMember", UseMember, (("member", ("", *d.members)), ("club", ("", *d.clubs)),
                                  ("token", ("", "any", *d.tokens)))),
        ("Unstore", Unstore, (("token", d.tokens), ("target", d.targets))),
        ("ShiftToken", ShiftToken, (("source", (*d.cells, *d.superlatives)), ("token", d.tokens))),
        ("EndTurn", EndTurn, ()),
        ("Forgo", Forgo, ()),
        ("ChooseToken", ChooseToken, (("token", ("any", *d.tokens)),)),
        ("PutToken", PutToken, (("token", d.tokens), ("target", d.targets))),
        ("PlaceOneByOne", PlaceOneByOne, (("at", d.grid),)),
        ("Keep", Keep, photo),
        ("Decline", Decline, ()),
        ("Reward", Reward, (("choice", ("signature", *d.tokens)),)),
    )


def action_key(obs: Mapping[str, Any], seat: int, action: Action) -> tuple[str, tuple[Hashable, ...]]:
    """The block and key of a legal ``action`` of ``seat`` (the observation ``obs`` is not needed:
    every field left out of a key follows from the seat's own yearbook)."""
    d = _data()
    name = action.type_name()
    if isinstance(action, Take):
        if action.card in d.staff_at:
            return "TakeStaff", (action.card,)
        if action.card in d.tile_at:
            return "TakeTile", (action.card, action.at)
        return "TakePhoto", (action.card, action.at, action.abc)
    if isinstance(action, Photograph | Keep):
        return name, (action.card, action.at, action.abc)
    if isinstance(action, Place):
        return name, (action.member, action.location, action.cost)
    if isinstance(action, Unstore | PutToken):
        return name, (action.token, action.target)
    if isinstance(action, ShiftToken):
        return name, (action.source, action.token)
    if isinstance(action, UseMember):
        return name, (action.member, action.club, action.token)
    if isinstance(action, ChooseSide):
        return name, (action.side,)
    if isinstance(action, BuyToken | ChooseToken):
        return name, (action.token,)
    if isinstance(action, PlaceOneByOne):
        return name, (action.at,)
    if isinstance(action, Reward):
        return name, (action.choice,)
    return name, ()




def _books(players: int) -> int:
    return players + 1 if players == 1 else players


def _book_size() -> int:
    d = _data()
    return (2 * len(d.photo_cards) + len(d.cells) * len(d.tokens) + 2 * len(d.grid) + len(d.tiles)
            + len(d.clubs) + 2 + len(d.cells) + len(d.tokens) + 1 + len(d.students) + len(d.staff)
            + len(d.clubs) + d.rows + d.columns + 2 + len(d.members))


def observation_size(players: int) -> int:
    """The length of the feature vector at ``players`` seats (1 = solo against Ed)."""
    d = _data()
    locs = len(d.locations)
    head = (1 + len(PHASES) + 3 * MAX_PLAYERS + (locs + 2) + len(d.members) + 3 + len(d.objectives)
            + 3 * len(d.all_cards) + len(d.students) + 3 * locs + 3 * locs * (len(d.members) + 1)
            + MAX_PLAYERS * len(d.members) + len(d.decks) + 2 * len(d.all_cards) + 1)
    pending = (len(PENDING) + 1 + MAX_PLAYERS + len(d.tokens) + 1 + len(d.clubs) + 1 + len(d.photo_cards) + 1 + 1)
    solo = len(d.location_cards) + 2 + len(d.clubs) + len(d.tokens)
    return head + _books(players) * _book_size() + pending + solo


def observation_layout(players: int) -> list[Run]:
    """The feature vector at ``players`` seats as named runs with their bounds, in order: 0-1 for
    flags, a count bounded by the components or rules (a deck by its cards, a cell's tokens by the
    most a student holds); club tracks, signatures, ABC tokens, halves, the count of cards a decision
    offers and the pending decisions have no cap here (``inf``). Yearbooks: the viewer's first, then
    the seats after it (solo: Ed's second)."""
    d = _data()
    c = components()
    board = c.board
    inf = float("inf")
    locs = len(d.locations)
    ones = int(board["one_by_one_tiles"]) / 24.0
    decks = {"student": len(d.students), "teacher": len(c.teachers), "staff": len(d.staff)}
    head: list[Run] = [
        ("round / 4", 1, 0, 1), ("phase", len(PHASES), 0, 1), ("first player (relative)", MAX_PLAYERS, 0, 1),
        ("whose turn (relative)", MAX_PLAYERS, 0, 1), ("to move (relative)", MAX_PLAYERS, 0, 1),
        ("location in use (none, locations, entrance)", locs + 2, 0, 1), ("team member in use", len(d.members), 0, 1),
        ("main action, signature action, member done", 3, 0, 1), ("objectives", len(d.objectives), 0, 1),
        ("school: per card, there, location, space", 3 * len(d.all_cards), 0, 1),
        ("Senior Superlatives on offer", len(d.students), 0, 1),
        ("member spaces: who stands there (seat / 2, empty -0.5, janitor -1)", 3 * locs,
         min(EMPTY, JANITOR) / 2.0, (MAX_PLAYERS - 1) / 2.0),
        ("member spaces: which member", 3 * locs * (len(d.members) + 1), 0, 1),
        ("entrance: members per seat (relative)", MAX_PLAYERS * len(d.members), 0, 1)]
    head += [("deck sizes / 40", 1, 0, decks.get(k, len(d.tiles)) / 40.0) for k in d.decks]
    head += [("discards", len(d.all_cards), 0, 1), ("set aside", len(d.all_cards), 0, 1),
             ("1x1 supply / 24", 1, 0, ones)]
    book: list[Run] = [
        ("class photo: per card, there, cell", 2 * len(d.photo_cards), 0, 1),
        ("tokens per photo cell / 4", len(d.cells) * len(d.tokens), 0, int(board["max_tokens_per_student"]) / 4.0),
        ("Wildcat Way: per grid cell 1x1, tile", 2 * len(d.grid), 0, 1), ("tiles", len(d.tiles), 0, 1),
        ("club tracks / 6", len(d.clubs), 0, inf), ("signatures / 20, ABC tokens / 2", 2, 0, inf),
        ("cells under ABC tokens", len(d.cells), 0, 1),
        ("stored tokens / 2", len(d.tokens), 0, int(board["storage_size"]) / 2.0), ("1x1 tiles / 24", 1, 0, ones),
        ("Senior Superlatives", len(d.students), 0, 1), ("staff", len(d.staff), 0, 1),
        ("halves per club / 4", len(d.clubs), 0, inf), ("rows done", d.rows, 0, 1), ("columns done", d.columns, 0, 1),
        ("side (A, B)", 2, 0, 1), ("team members used", len(d.members), 0, 1)]
    pending: list[Run] = [
        ("decision: kind", len(PENDING), 0, 1), ("decision: the viewer's own", 1, 0, 1),
        ("decision: whose (relative)", MAX_PLAYERS, 0, 1), ("decision: token (tokens, any)", len(d.tokens) + 1, 0, 1),
        ("decision: club", len(d.clubs), 0, 1), ("decision: optional", 1, 0, 1),
        ("decision: cards offered (the viewer's own only)", len(d.photo_cards), 0, 1),
        ("decision: how many cards / 3", 1, 0, len(d.photo_cards) / 3.0), ("decisions pending / 4", 1, 0, inf)]
    solo: list[Run] = [
        ("solo: Ed's location card", len(d.location_cards), 0, 1),
        ("solo: location deck / 10", 1, 0, len(d.location_cards) / 10.0),
        ("solo: choice deck / 20", 1, 0, len(c.choice_cards) / 20.0),
        ("solo: revealed priority per club", len(d.clubs), 0, 1), ("solo: Ed's tokens / 20", len(d.tokens), 0, inf)]
    return head + seat_runs(book, _books(players), "yearbook") + pending + solo


def observation_features(obs: Mapping[str, Any], seat: int, players: int) -> list[float]:
    """The numbers ``seat`` sees, from its observation ``obs``: each part's numbers (the very
    functions :func:`state_parts` encodes with) as the full list."""
    d = _data()
    sizes = d.sizes
    books = obs["books"]
    out = dense(_turn_head(tuple(obs[k] for k in TURN_ENTRIES), seat, players), sizes["turn"])
    out += dense(_objectives(obs["objectives"]), sizes["objectives"])
    out += dense(_school(obs["school"], obs["school_sups"].values()), sizes["school"])
    out += dense(_space_rows(obs["spaces"], obs["space_members"]), sizes["spaces"])
    out += dense(_entrance(obs["entrance"], seat, players), sizes["entrance"])
    decks = obs["decks"]
    out += dense(_supply(tuple(decks), tuple(decks.values()), obs["discards"], obs["set_aside"], obs["ones_supply"]),
                 sizes["supply"])
    for b in _book_order(seat, players, len(books)):
        book = books[b]
        out += dense(_photo(book["photo"]), sizes["photo"])
        out += dense(_tokens(book["tokens"]), sizes["tokens"])
        out += dense(_wildcat(book["grid"], book["tiles"]), sizes["wildcat"])
        tracks = book["tracks"]
        out += dense(_counters(tuple(tracks), tuple(tracks.values()), *(book[k] for k in COUNTERS)),
                     sizes["counters"])
        students = [s["student"] for s in book["superlatives"]]  # the Senior Superlatives as their students
        out += dense(_cards(students, *(book[k] for k in CARDS)), sizes["cards"])
    pending = obs["pending"]
    first = pending[0] if pending else None
    decision = None if first is None else (first["kind"], first["seat"], first["token"], first["club"],
                                           first["optional"], first["cards"], len(pending))
    out += dense(_pending(decision, seat, players), sizes["pending"])
    out += dense(_solo(obs.get("solo")), sizes["solo"])
    return out


@cache
def state_parts(players: int) -> tuple[StatePart, ...]:
    """:func:`observation_features` as consecutive parts read straight from the state, each with
    the sub-state it reads (``live``), its numbers (``encode``, the same functions over the same
    entries ``observation(seat)`` would give) and, for a part whose numbers do not depend on the
    viewer, a key naming it for every seat (``share``): the RL package encodes a part again only
    when its sub-state changed, without building the observation (see ``ENCODING.md``). Every part
    is sparse (its nonzero numbers only); with 2-4 players the solo numbers, all zero, end the
    decision part. Built once per player count (the parts keep nothing of a game)."""
    sizes = _data().sizes
    parts = [
        StatePart(_turn_live, _turn_known, None, True, sizes["turn"]),
        StatePart(lambda st, seat: st.objectives, lambda st, seat, n, now: _objectives(now),
                  lambda seat, n: "objectives", False, sizes["objectives"]),
        StatePart(_school_live, lambda st, seat, n, now: _school(*now), lambda seat, n: "school", True,
                  sizes["school"]),
        StatePart(lambda st, seat: (st.spaces, st.space_members), lambda st, seat, n, now: _space_rows(*now),
                  lambda seat, n: "spaces", False, sizes["spaces"]),
        StatePart(lambda st, seat: st.entrance, lambda st, seat, n, now: _entrance(now, seat, n), None, False,
                  sizes["entrance"]),
        StatePart(_supply_live, lambda st, seat, n, now: _supply(*now), lambda seat, n: "supply", False,
                  sizes["supply"])]
    for r in range(_books(players)):
        def share(k: int, r: int = r) -> Callable[[int, int], Hashable]:
            return lambda seat, n: ("book", r if r >= n else (seat + r) % n, k)

        parts += [StatePart(_book_live(r, players, attrgetter("photo")), lambda st, seat, n, now: _photo(now),
                            share(0), False, sizes["photo"]),
                  StatePart(_book_live(r, players, attrgetter("tokens")), lambda st, seat, n, now: _tokens(now),
                            share(1), False, sizes["tokens"])]
        parts += [StatePart(_book_live(r, players, attrgetter("grid", "tiles")),
                            lambda st, seat, n, now: _wildcat(*now), share(2), False, sizes["wildcat"]),
                  StatePart(_counters_live(r, players), lambda st, seat, n, now: _counters(*now), share(3), True,
                            sizes["counters"]),
                  StatePart(_cards_live(r, players), lambda st, seat, n, now: _cards(*now), share(4), False,
                            sizes["cards"])]
    if players == 1:
        parts += [StatePart(_pending_live, _pending_known, None, True, sizes["pending"]),
                  StatePart(lambda st, seat: _solo_view(st), lambda st, seat, n, now: _solo(now), None, True,
                            sizes["solo"])]
    else:
        parts.append(StatePart(_pending_live, _pending_known, None, True, sizes["pending"] + sizes["solo"]))
    return tuple(parts)


TURN_ENTRIES = ("round", "phase", "first", "turn", "to_move", "location", "member", "main_done", "sig_done",
                "member_done")
"""The observation entries :func:`_turn_head` reads ("turn" is the state's ``current``)."""
_turn_fields = attrgetter("round", "phase", "first", "current", "to_move", "location", "member", "main_done",
                          "sig_done", "member_done")


def _turn_live(st: Any, seat: int) -> tuple[Any, ...]:
    return _turn_fields(st)


def _memo(encode: Callable[[Any, int, int], Sparse]) -> Callable[[Any, int, int, Any], Sparse]:
    """A part's ``encode`` remembering its numbers per ``live`` value (a tuple of plain values),
    seat and player count, for a part whose values recur (the turn, a decision): most steps find
    them. Each call hands out a copy, as a sparse part's numbers must be a new dict."""
    known: dict[Hashable, Sparse] = {}

    def encode_known(st: Any, seat: int, players: int, now: Any) -> Sparse:
        key = (now, seat, players)
        values = known.get(key)
        if values is None:
            if len(known) >= _MEMO_MAX:
                known.clear()
            values = known[key] = encode(now, seat, players)
        return values.copy()
    return encode_known


_MEMO_MAX = 10_000
"""Numbers a memo of :func:`_memo` holds before it starts again (a bound on its memory)."""


def _school_live(st: Any, seat: int) -> tuple[Any, ...]:
    """The school mat's cards by location and the students of the Senior Superlatives on offer,
    as tuples (built afresh: cheaper than a copy kept of the mat)."""
    return tuple(map(tuple, st.school)), tuple(st.school_sups.values())


def _supply_live(st: Any, seat: int) -> tuple[Any, ...]:
    """The decks and their sizes, the discards, the cards set aside and the 1x1 supply."""
    decks = st.decks
    return tuple(decks), tuple(map(len, decks.values())), st.discards, st.set_aside, st.ones_supply


def _book_live(r: int, players: int, get: Callable[[Any], Any]) -> Callable[[Any, int], Any]:
    """What ``get`` reads of the yearbook ``r`` places after the viewer's (Ed's past the seats)."""
    if r >= players:
        return lambda st, seat: get(st.books[r])
    return lambda st, seat: get(st.books[(seat + r) % players])


def _counters_live(r: int, players: int) -> Callable[[Any, int], tuple[Any, ...]]:
    """The entries :func:`_counters` reads of the yearbook ``r`` places after the viewer's, as
    tuples (built afresh: they change at most steps, and a fresh tuple costs less than a copy kept
    of the yearbook's lists)."""
    def live(st: Any, seat: int) -> tuple[Any, ...]:
        book = st.books[r if r >= players else (seat + r) % players]
        tracks = book.tracks
        return (tuple(tracks), tuple(tracks.values()), book.signatures, book.abc_tokens, tuple(book.abc_slots),
                tuple(book.storage), book.ones)
    return live


def _cards_live(r: int, players: int) -> Callable[[Any, int], tuple[Any, ...]]:
    """The entries :func:`_cards` reads of the yearbook ``r`` places after the viewer's: the
    students its Senior Superlatives name, staff, halves, rows and columns done, side and team
    members used."""
    def live(st: Any, seat: int) -> tuple[Any, ...]:
        book = st.books[r if r >= players else (seat + r) % players]
        sups = book.superlatives
        return ([x.student for x in sups] if sups else [], book.staff, book.halves, book.rows_done,
                book.cols_done, book.side, book.used)
    return live


def _pending_live(st: Any, seat: int) -> tuple[Any, ...] | None:
    """The first pending decision as :func:`_pending` reads it (the cards only to their own seat,
    others see a count) and how many are pending; None when none is (built afresh)."""
    pending = st.pending
    if not pending:
        return None
    p = pending[0]
    cards = tuple(p.cards) if p.seat == seat else len(p.cards)
    return (p.kind, p.seat, p.token, p.club, p.optional, cards, len(pending))


def _book_order(seat: int, players: int, books: int) -> list[int]:
    """The yearbooks in feature order: the viewer's, the seats after it, then Ed's (solo)."""
    return [(seat + r) % players for r in range(players)] + list(range(players, books))


def _unknown(value: Any, domain: Any = None) -> ValueError:
    known = "" if domain is None else f" (known: {list(domain)})"
    return ValueError(f"the RL encoding does not know the value {value!r}{known}")


def _one(out: Sparse, at: int, value: Any, index: Mapping[Any, int], domain: Sequence[Any]) -> None:
    """``out`` with a 1 at ``at`` + ``value``'s place (a one-hot over ``domain``; None or "": none)."""
    i = index.get(value)
    if i is not None:
        out[at + i] = 1.0
    elif value is not None and value != "":
        raise _unknown(value, domain)


def _many(out: Sparse, at: int, values: Any, index: Mapping[Any, int]) -> None:
    """``out`` with a 1 at ``at`` + the place of each of ``values`` (a multi-hot)."""
    for v in values:
        i = index.get(v)
        if i is None:
            raise _unknown(v)
        out[at + i] = 1.0


def _turn_head(turn: tuple[Any, ...], seat: int, players: int) -> Sparse:
    """The round, the phase, whose turn and move it is (relative), and what is in use and done
    this turn: ``turn`` holds the entries :data:`TURN_ENTRIES` names, in order."""
    rnd, phase, first, current, to_move, location, member, main_done, sig_done, member_done = turn
    d = _data()
    out: Sparse = {0: rnd / 4.0} if rnd else {}
    _one(out, 1, phase, d.phase_at, PHASES)
    at = 1 + len(PHASES)
    for s in (first, current, to_move):
        if s is not None and s >= 0:
            out[at + (int(s) - seat) % players] = 1.0
        at += MAX_PLAYERS
    _one(out, at, location, d.location_at, tuple(d.location_at))  # -1: none, the locations, the entrance
    at += len(d.location_at)
    _one(out, at, member, d.member_at, d.members)
    at += len(d.members)
    for done in (main_done, sig_done, member_done):
        if done:
            out[at] = 1.0
        at += 1
    return out


def _objectives(objectives: Sequence[str]) -> Sparse:
    out: Sparse = {}
    _many(out, 0, objectives, _data().objective_at)
    return out


def _school(school: Sequence[Sequence[str]], sups: Iterable[str]) -> Sparse:
    """Every card on the school mat (there, its location, its space) and the Senior Superlatives
    on offer."""
    d = _data()
    out: Sparse = {}
    for li, row in enumerate(school):
        key = ("school", li, tuple(row))
        values = _ROWS.get(key)
        out.update(_remember(key, _school_row(li, row, d)) if values is None else values)
    _many(out, 3 * len(d.all_cards), sups, d.student_at)
    return out


def _school_row(li: int, row: Sequence[str], d: _Data) -> Sparse:
    """The numbers of the cards at location ``li``: there, the location, the space."""
    where = (li + 1) / len(d.locations)
    out: Sparse = {}
    for si, card in enumerate(row):
        i = d.at.get(card)
        if i is not None:
            out[3 * i] = 1.0
            out[3 * i + 1] = where
            out[3 * i + 2] = (si + 1) / 5.0
    return out


def _space_rows(spaces: Sequence[Sequence[int]], members: Sequence[Sequence[str]]) -> Sparse:
    """Who stands on each member space (seat / 2, empty, janitor) and which team member it is."""
    out: Sparse = {}
    for li in range(len(_data().locations)):
        row = tuple(spaces[li]) if li < len(spaces) else ()
        kinds = tuple(members[li]) if li < len(members) else ()
        key = ("spaces", li, row, kinds)
        values = _ROWS.get(key)
        out.update(_remember(key, _space_row(li, row, kinds)) if values is None else values)
    return out


def _space_row(li: int, row: Sequence[int], members: Sequence[str]) -> Sparse:
    """The member spaces of location ``li``: who stands there and which team member."""
    d = _data()
    kinds = d.kinds_at
    width = len(kinds)
    out: Sparse = {}
    for k, who in enumerate(row[:3]):
        if who:
            out[3 * li + k] = who / 2.0
    at = 3 * len(d.locations)
    for k, kind in enumerate(members[:3]):
        if kind != "" and kind is not None:
            i = kinds.get(kind)
            if i is None:
                raise _unknown(kind, kinds)
            out[at + (3 * li + k) * width + i] = 1.0
    return out


_ROWS: dict[Hashable, Sparse] = {}
"""The numbers of a row of the school mat or of its member spaces, by the row: most rows stay as
they are from one change of the mat to the next, in every game."""


def _remember(key: Hashable, values: Sparse) -> Sparse:
    """``values`` kept in :data:`_ROWS` under ``key`` (which starts again when full)."""
    if len(_ROWS) >= _MEMO_MAX:
        _ROWS.clear()
    _ROWS[key] = values
    return values


def _entrance(entrance: Sequence[Any], seat: int, players: int) -> Sparse:
    """The team members at the entrance, per seat (relative)."""
    d = _data()
    width = len(d.members)
    out: Sparse = {}
    for who, member in entrance:
        i = d.member_at.get(member)
        if who is not None and who >= 0 and i is not None:
            out[(int(who) - seat) % players * width + i] = 1.0
    return out


def _supply(decks: Sequence[str], sizes: Sequence[int], discards: Mapping[str, Sequence[str]],
            set_aside: Sequence[str], ones: int) -> Sparse:
    """The size of each deck (``decks`` the kinds, ``sizes`` their sizes), the discards, the cards
    set aside, the 1x1 supply."""
    d = _data()
    out: Sparse = {}
    for kind, n in zip(decks, sizes):
        i = d.deck_at.get(kind)
        if i is not None and n:
            out[i] = n / 40.0
    at, cards = len(d.decks), len(d.all_cards)
    for pile in discards.values():
        _many(out, at, pile, d.at)
    _many(out, at + cards, set_aside, d.at)
    if ones:
        out[at + 2 * cards] = ones / 24.0
    return out


def _photo(cards: Sequence[str]) -> Sparse:
    """A yearbook's class photo: per photo card, there and its cell."""
    d = _data()
    at, where = d.photo_at, d.cell_value
    out: Sparse = {}
    for cell, card in enumerate(cards):
        i = at.get(card)
        if i is not None:
            out[2 * i] = 1.0
            out[2 * i + 1] = where[cell] if cell < len(where) else (cell + 1) / len(d.cells)
    return out


def _tokens(tokens: Sequence[Sequence[str]]) -> Sparse:
    """The tokens on each cell of a class photo (a count / 4; a token the encoding does not know
    is not counted)."""
    d = _data()
    at, width = d.token_at, len(d.tokens)
    out: Sparse = {}
    for cell, toks in enumerate(tokens[:len(d.cells)]):
        for t in toks:
            i = at.get(t)
            if i is not None:
                i += cell * width
                out[i] = out.get(i, 0.0) + 0.25  # exactly count / 4
    return out


def _wildcat(grid: Sequence[str], tiles: Sequence[str]) -> Sparse:
    """The Wildcat Way: per grid cell a 1x1 tile or another tile; the tiles taken."""
    d = _data()
    out: Sparse = {}
    for cell, what in enumerate(grid[:len(d.grid)]):
        if what:
            out[2 * cell if what == "1x1" else 2 * cell + 1] = 1.0
    _many(out, 2 * len(d.grid), tiles, d.tile_at)
    return out


def _counters(clubs_on: Sequence[str], tracks: Sequence[int], signatures: int, abc_tokens: int,
              abc_slots: Sequence[int], storage: Sequence[str], ones: int) -> Sparse:
    """Club tracks (``clubs_on`` the clubs, ``tracks`` their steps), signatures, ABC tokens and the
    cells they cover, stored tokens, 1x1 tiles."""
    d = _data()
    clubs = len(d.clubs)
    out: Sparse = {}
    for c, steps in zip(clubs_on, tracks):
        i = d.club_at.get(c)
        if i is not None and steps:
            out[i] = steps / 6.0
    if signatures:
        out[clubs] = signatures / 20.0
    if abc_tokens:
        out[clubs + 1] = abc_tokens / 2.0
    _many(out, clubs + 2, abc_slots, d.cell_at)
    at = clubs + 2 + len(d.cells)
    for t in storage:
        i = d.token_at.get(t)
        if i is not None:
            out[at + i] = out.get(at + i, 0.0) + 0.5  # exactly count / 2
    if ones:
        out[at + len(d.tokens)] = ones / 24.0
    return out


def _cards(students: Sequence[str], staff: Sequence[str], halves: Sequence[str], rows_done: Sequence[int],
           cols_done: Sequence[int], side: str, used: Sequence[str]) -> Sparse:
    """The students of the Senior Superlatives, staff, halves per club, rows and columns done, the
    side and the team members used (one part: the side and members change at most turns, the rest
    seldom, and a part costs a read at every step)."""
    d = _data()
    out: Sparse = {}
    _many(out, 0, students, d.student_at)
    at = len(d.students)
    _many(out, at, staff, d.staff_at)
    at += len(d.staff)
    for h in halves:
        i = d.club_at.get(h)
        if i is not None:
            out[at + i] = out.get(at + i, 0.0) + 0.25  # exactly count / 4
    at += len(d.clubs)
    _many(out, at, rows_done, d.row_at)
    at += d.rows
    _many(out, at, cols_done, d.column_at)
    at += d.columns
    _one(out, at, side, SIDE_AT, SIDES)
    _many(out, at + len(SIDES), used, d.member_at)
    return out


SIDES = ("A", "B")
SIDE_AT = {s: i for i, s in enumerate(SIDES)}
COUNTERS = ("signatures", "abc_tokens", "abc_slots", "storage", "ones")
CARDS = ("staff", "halves", "rows_done", "cols_done", "side", "used")
"""The yearbook entries :func:`_counters` reads after the club tracks, and :func:`_cards` after the
Senior Superlatives, in order."""


def _pending(decision: tuple[Any, ...] | None, seat: int, players: int) -> Sparse:
    """The first pending decision: kind, the viewer's own or not, whose (relative), token, club,
    optional, the cards it offers (a list to its own seat, a count to others) and their count; and
    how many decisions are pending. ``decision``: those entries and the count, None if none."""
    if decision is None:
        return {}
    kind, whose, token, club, optional, cards, count = decision
    d = _data()
    out: Sparse = {}
    _one(out, 0, kind, d.pending_at, PENDING)
    at = len(PENDING)
    if whose == seat:
        out[at] = 1.0
    if whose is not None and whose >= 0:
        out[at + 1 + (int(whose) - seat) % players] = 1.0
    at += 1 + MAX_PLAYERS
    _one(out, at, token, d.decision_token_at, d.decision_tokens)
    at += len(d.decision_tokens)
    _one(out, at, club, d.club_at, d.clubs)
    at += len(d.clubs)
    if optional:
        out[at] = 1.0
    at += 1
    if isinstance(cards, int):
        n = cards
    else:
        _many(out, at, cards, d.photo_at)
        n = len(cards)
    at += len(d.photo_cards)
    if n:
        out[at] = n / 3.0
    out[at + 1] = count / 4.0
    return out


def _solo(solo: Mapping[str, Any] | None) -> Sparse:
    """Ed's location card, his decks' sizes, his revealed priorities and his tokens (solo only)."""
    if solo is None:
        return {}
    d = _data()
    out: Sparse = {}
    _one(out, 0, solo["location_card"], d.location_card_at, d.location_cards)
    at = len(d.location_cards)
    if solo["location_deck"]:
        out[at] = solo["location_deck"] / 10.0
    if solo["choice_deck"]:
        out[at + 1] = solo["choice_deck"] / 20.0
    priority = solo["priority"]
    for i, c in enumerate(d.clubs):
        if c in priority:
            out[at + 2 + i] = (len(priority) - priority.index(c)) / len(priority)
    at += 2 + len(d.clubs)
    for i, t in enumerate(d.tokens):
        if solo["ed_tokens"].get(t, 0):
            out[at + i] = solo["ed_tokens"][t] / 20.0
    return out


_turn_known = _memo(_turn_head)
_pending_known = _memo(_pending)
"""The turn's and the first decision's numbers, remembered for every game (see :func:`_memo`)."""
