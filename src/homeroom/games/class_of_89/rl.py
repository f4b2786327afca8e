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

from collections.abc import Callable, Hashable, Mapping
from functools import cache
from operator import attrgetter
from typing import Any

from homeroom.engine import Action
from homeroom.engine.features import Run, Sparse, StatePart, dense, seat_runs
from homeroom.games.class_of_89 import rl_numbers as num
from homeroom.games.class_of_89.actions import (
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

Domains = tuple[tuple[str, tuple[Hashable, ...]], ...]


def action_blocks() -> tuple[tuple[str, type[Action], Domains], ...]:
    """The blocks of indices in order: name, action type, the domains of the key's fields."""
    d = num.data()
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
    d = num.data()
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
    d = num.data()
    return (2 * len(d.photo_cards) + len(d.cells) * len(d.tokens) + 2 * len(d.grid) + len(d.tiles)
            + len(d.clubs) + 2 + len(d.cells) + len(d.tokens) + 1 + len(d.students) + len(d.staff)
            + len(d.clubs) + d.rows + d.columns + 2 + len(d.members))


def observation_size(players: int) -> int:
    """The length of the feature vector at ``players`` seats (1 = solo against Ed)."""
    d = num.data()
    locs = len(d.locations)
    head = (1 + len(num.PHASES) + 3 * num.MAX_PLAYERS + (locs + 2) + len(d.members) + 3 + len(d.objectives)
            + 3 * len(d.all_cards) + len(d.students) + 3 * locs + 3 * locs * (len(d.members) + 1)
            + num.MAX_PLAYERS * len(d.members) + len(d.decks) + 2 * len(d.all_cards) + 1)
    pending = (len(num.PENDING) + 1 + num.MAX_PLAYERS + len(d.tokens) + 1 + len(d.clubs) + 1 + len(d.photo_cards) + 1 + 1)
    solo = len(d.location_cards) + 2 + len(d.clubs) + len(d.tokens)
    return head + _books(players) * _book_size() + pending + solo


def observation_layout(players: int) -> list[Run]:
    """The feature vector at ``players`` seats as named runs with their bounds, in order: 0-1 for
    flags, a count bounded by the components or rules (a deck by its cards, a cell's tokens by the
    most a student holds); club tracks, signatures, ABC tokens, halves, the count of cards a decision
    offers and the pending decisions have no cap here (``inf``). Yearbooks: the viewer's first, then
    the seats after it (solo: Ed's second)."""
    d = num.data()
    c = components()
    board = c.board
    inf = float("inf")
    locs = len(d.locations)
    ones = int(board["one_by_one_tiles"]) / 24.0
    decks = {"student": len(d.students), "teacher": len(c.teachers), "staff": len(d.staff)}
    head: list[Run] = [
        ("round / 4", 1, 0, 1), ("phase", len(num.PHASES), 0, 1), ("first player (relative)", num.MAX_PLAYERS, 0, 1),
        ("whose turn (relative)", num.MAX_PLAYERS, 0, 1), ("to move (relative)", num.MAX_PLAYERS, 0, 1),
        ("location in use (none, locations, entrance)", locs + 2, 0, 1), ("team member in use", len(d.members), 0, 1),
        ("main action, signature action, member done", 3, 0, 1), ("objectives", len(d.objectives), 0, 1),
        ("school: per card, there, location, space", 3 * len(d.all_cards), 0, 1),
        ("Senior Superlatives on offer", len(d.students), 0, 1),
        ("member spaces: who stands there (seat / 2, empty -0.5, janitor -1)", 3 * locs,
         min(EMPTY, JANITOR) / 2.0, (num.MAX_PLAYERS - 1) / 2.0),
        ("member spaces: which member", 3 * locs * (len(d.members) + 1), 0, 1),
        ("entrance: members per seat (relative)", num.MAX_PLAYERS * len(d.members), 0, 1)]
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
        ("decision: kind", len(num.PENDING), 0, 1), ("decision: the viewer's own", 1, 0, 1),
        ("decision: whose (relative)", num.MAX_PLAYERS, 0, 1), ("decision: token (tokens, any)", len(d.tokens) + 1, 0, 1),
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
    d = num.data()
    sizes = d.sizes
    books = obs["books"]
    out = dense(num.turn_head(tuple(obs[k] for k in TURN_ENTRIES), seat, players), sizes["turn"])
    out += dense(num.objectives(obs["objectives"]), sizes["objectives"])
    out += dense(num.school(obs["school"], obs["school_sups"].values()), sizes["school"])
    out += dense(num.space_rows(obs["spaces"], obs["space_members"]), sizes["spaces"])
    out += dense(num.entrance(obs["entrance"], seat, players), sizes["entrance"])
    decks = obs["decks"]
    out += dense(num.supply(tuple(decks), tuple(decks.values()), obs["discards"], obs["set_aside"], obs["ones_supply"]),
                 sizes["supply"])
    for b in _book_order(seat, players, len(books)):
        book = books[b]
        out += dense(num.photo(book["photo"]), sizes["photo"])
        out += dense(num.tokens(book["tokens"]), sizes["tokens"])
        out += dense(num.wildcat(book["grid"], book["tiles"]), sizes["wildcat"])
        tracks = book["tracks"]
        out += dense(num.counters(tuple(tracks), tuple(tracks.values()), *(book[k] for k in COUNTERS)),
                     sizes["counters"])
        students = [s["student"] for s in book["superlatives"]]  # the Senior Superlatives as their students
        out += dense(num.cards(students, *(book[k] for k in CARDS)), sizes["cards"])
    pending = obs["pending"]
    first = pending[0] if pending else None
    decision = None if first is None else (first["kind"], first["seat"], first["token"], first["club"],
                                           first["optional"], first["cards"], len(pending))
    out += dense(num.pending(decision, seat, players), sizes["pending"])
    out += dense(num.solo(obs.get("solo")), sizes["solo"])
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
    sizes = num.data().sizes
    parts = [
        StatePart(_turn_live, _turn_known, None, True, sizes["turn"]),
        StatePart(lambda st, seat: st.objectives, lambda st, seat, n, now: num.objectives(now),
                  lambda seat, n: "objectives", False, sizes["objectives"]),
        StatePart(_school_live, lambda st, seat, n, now: num.school(*now), lambda seat, n: "school", True,
                  sizes["school"]),
        StatePart(lambda st, seat: (st.spaces, st.space_members), lambda st, seat, n, now: num.space_rows(*now),
                  lambda seat, n: "spaces", False, sizes["spaces"]),
        StatePart(lambda st, seat: st.entrance, lambda st, seat, n, now: num.entrance(now, seat, n), None, False,
                  sizes["entrance"]),
        StatePart(_supply_live, lambda st, seat, n, now: num.supply(*now), lambda seat, n: "supply", False,
                  sizes["supply"])]
    for r in range(_books(players)):
        def share(k: int, r: int = r) -> Callable[[int, int], Hashable]:
            return lambda seat, n: ("book", r if r >= n else (seat + r) % n, k)

        parts += [StatePart(_book_live(r, players, attrgetter("photo")), lambda st, seat, n, now: num.photo(now),
                            share(0), False, sizes["photo"]),
                  StatePart(_book_live(r, players, attrgetter("tokens")), lambda st, seat, n, now: num.tokens(now),
                            share(1), False, sizes["tokens"])]
        parts += [StatePart(_book_live(r, players, attrgetter("grid", "tiles")),
                            lambda st, seat, n, now: num.wildcat(*now), share(2), False, sizes["wildcat"]),
                  StatePart(_counters_live(r, players), lambda st, seat, n, now: num.counters(*now), share(3), True,
                            sizes["counters"]),
                  StatePart(_cards_live(r, players), lambda st, seat, n, now: num.cards(*now), share(4), False,
                            sizes["cards"])]
    if players == 1:
        parts += [StatePart(_pending_live, _pending_known, None, True, sizes["pending"]),
                  StatePart(lambda st, seat: _solo_view(st), lambda st, seat, n, now: num.solo(now), None, True,
                            sizes["solo"])]
    else:
        parts.append(StatePart(_pending_live, _pending_known, None, True, sizes["pending"] + sizes["solo"]))
    return tuple(parts)


TURN_ENTRIES = ("round", "phase", "first", "turn", "to_move", "location", "member", "main_done", "sig_done",
                "member_done")
"""The observation entries :func:`rl_numbers.turn_head` reads ("turn" is the state's ``current``)."""
_turn_fields = attrgetter("round", "phase", "first", "current", "to_move", "location", "member", "main_done",
                          "sig_done", "member_done")


def _turn_live(st: Any, seat: int) -> tuple[Any, ...]:
    return _turn_fields(st)


def _memo(encode: Callable[[Any, int, int], Sparse]) -> Callable[[Any, int, int, Any], Sparse]:
    """A part's ``encode`` remembering its numbers per ``live`` value (a tuple of plain values),
    seat and player count, for a part whose values recur (the turn, a decision): most steps find
    them (in :attr:`rl_numbers.Data.known`), handed out again as they are (a sparse part's numbers
    are only read)."""
    def encode_known(st: Any, seat: int, players: int, now: Any) -> Sparse:
        known = num.data().known
        key = (encode, now, seat, players)
        values = known.get(key)
        if values is None:
            values = num.remember(known, key, encode(now, seat, players))
        return values
    return encode_known


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
    """The entries :func:`rl_numbers.counters` reads of the yearbook ``r`` places after the viewer's, as
    tuples (built afresh: they change at most steps, and a fresh tuple costs less than a copy kept
    of the yearbook's lists)."""
    def live(st: Any, seat: int) -> tuple[Any, ...]:
        book = st.books[r if r >= players else (seat + r) % players]
        tracks = book.tracks
        return (tuple(tracks), tuple(tracks.values()), book.signatures, book.abc_tokens, tuple(book.abc_slots),
                tuple(book.storage), book.ones)
    return live


def _cards_live(r: int, players: int) -> Callable[[Any, int], tuple[Any, ...]]:
    """The entries :func:`rl_numbers.cards` reads of the yearbook ``r`` places after the viewer's: the
    students its Senior Superlatives name, staff, halves, rows and columns done, side and team
    members used."""
    def live(st: Any, seat: int) -> tuple[Any, ...]:
        book = st.books[r if r >= players else (seat + r) % players]
        sups = book.superlatives
        return ([x.student for x in sups] if sups else [], book.staff, book.halves, book.rows_done,
                book.cols_done, book.side, book.used)
    return live


def _pending_live(st: Any, seat: int) -> tuple[Any, ...] | None:
    """The first pending decision as :func:`rl_numbers.pending` reads it (the cards only to their own seat,
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


COUNTERS = ("signatures", "abc_tokens", "abc_slots", "storage", "ones")
CARDS = ("staff", "halves", "rows_done", "cols_done", "side", "used")
"""The yearbook entries :func:`rl_numbers.counters` reads after the club tracks, and
:func:`rl_numbers.cards` after the Senior Superlatives, in order."""


_turn_known = _memo(num.turn_head)
_pending_known = _memo(num.pending)
"""The turn's and the first decision's numbers, remembered for every game (see :func:`_memo`)."""
