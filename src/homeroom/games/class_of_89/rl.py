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

from collections.abc import Callable, Hashable, Mapping, Sequence
from operator import attrgetter
from typing import Any

from homeroom.engine import Action
from homeroom.engine.features import Run, StatePart, multi_hot, one_hot, seat_runs
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
        self.decks: tuple[str, ...] = ("student", "teacher", "staff", "tile-A", "tile-B", "tile-C", "tile-D")
        self.objectives: tuple[str, ...] = tuple(c.objectives)
        self.location_cards: tuple[str, ...] = tuple(c.location_cards)
        self.rows = int(board["photo_rows"])
        self.columns = int(board["photo_columns"])
        self.at = {card: i for i, card in enumerate(self.all_cards)}
        self.photo_at = {card: i for i, card in enumerate(self.photo_cards)}
        self.student_at = {card: i for i, card in enumerate(self.students)}
        self.tile_at = {card: i for i, card in enumerate(self.tiles)}
        self.staff_at = {card: i for i, card in enumerate(self.staff)}


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
    """The numbers ``seat`` sees, from its observation ``obs``."""
    d = _data()
    out = _head(obs, seat, players, d)
    books = obs["books"]
    for b in _book_order(seat, players, len(books)):
        out += _book(books[b], d)
    out += _pending(obs["pending"], seat, _rel(seat, players), d)
    out += _solo(obs.get("solo"), d)
    return out


Part = tuple[Callable[..., Any], Callable[..., list[float]], Callable[[int, int], Hashable] | None] | StatePart
"""A part of the feature vector: ``live``, ``encode``, ``share`` (see :class:`StatePart`)."""


def state_parts(players: int) -> tuple[Part, ...]:
    """:func:`observation_features` as consecutive parts read straight from the state, each with
    the sub-state it reads (``live``), its numbers (``encode``, the same functions over the same
    entries ``observation(seat)`` would give) and, for a part whose numbers do not depend on the
    viewer, a key naming it for every seat (``share``): the RL package encodes a part again only
    when its sub-state changed, without building the observation (see ``ENCODING.md``)."""
    parts: list[Part] = [
        StatePart(_turn_live, lambda st, seat, n, now: _turn_head(dict(zip(TURN_ENTRIES, now)), _rel(seat, n), _data()),
                  None, fresh=True),
        (lambda st, seat: st.objectives, lambda st, seat, n, now: _objectives(now, _data()),
         lambda seat, n: "objectives"),
        (lambda st, seat: (st.school, st.school_sups),
         lambda st, seat, n, now: _school({"school": now[0], "school_sups": now[1]}, _data()),
         lambda seat, n: "school"),
        (lambda st, seat: (st.spaces, st.space_members),
         lambda st, seat, n, now: _space_rows({"spaces": now[0], "space_members": now[1]}, _data()),
         lambda seat, n: "spaces"),
        (lambda st, seat: st.entrance, lambda st, seat, n, now: _entrance(now, _rel(seat, n), _data()), None),
        (_supply_live, lambda st, seat, n, now: _supply(dict(zip(("decks", "discards", "set_aside", "ones_supply"), now)),
                                                        _data()), lambda seat, n: "supply")]
    for r in range(_books(players)):
        book = _book_live(r, players)

        def share(k: int, r: int = r) -> Callable[[int, int], Hashable]:
            return lambda seat, n: ("book", r if r >= n else (seat + r) % n, k)

        parts += [(lambda st, seat, book=book: book(st, seat).photo,
                   lambda st, seat, n, now: _photo(now, _data()), share(0)),
                  (lambda st, seat, book=book: book(st, seat).tokens,
                   lambda st, seat, n, now: _tokens(now, _data()), share(1))]
        for k, (group, fields) in enumerate(BOOK_GROUPS, 2):
            get = _superlatives_as_tuples(attrgetter(*fields)) if "superlatives" in fields else attrgetter(*fields)
            parts.append((lambda st, seat, book=book, get=get: get(book(st, seat)),
                          lambda st, seat, n, now, group=group, fields=fields: group(_group_view(fields, now), _data()),
                          share(k)))
    parts.append(StatePart(_pending_live, lambda st, seat, n, now: _pending(now[0], seat, _rel(seat, n), _data())
                           + _solo(now[1], _data()), fresh=True))
    return tuple(parts)


TURN_ENTRIES = ("round", "phase", "first", "turn", "to_move", "location", "member", "main_done", "sig_done",
                "member_done")
"""The observation entries :func:`_turn_head` reads ("turn" is the state's ``current``)."""
_turn_fields = attrgetter("round", "phase", "first", "current", "to_move", "location", "member", "main_done",
                          "sig_done", "member_done")


def _turn_live(st: Any, seat: int) -> tuple[Any, ...]:
    return _turn_fields(st)


def _supply_live(st: Any, seat: int) -> tuple[Any, ...]:
    return ({k: len(v) for k, v in st.decks.items()}, st.discards, st.set_aside, st.ones_supply)


def _book_live(r: int, players: int) -> Callable[[Any, int], Any]:
    """The yearbook ``r`` places after the viewer's (Ed's past the seats)."""
    if r >= players:
        return lambda st, seat: st.books[r]
    return lambda st, seat: st.books[(seat + r) % players]


def _group_view(fields: tuple[str, ...], now: tuple[Any, ...]) -> dict[str, Any]:
    """A yearbook group's entries of ``observation(seat)`` from what its ``live`` read (plain values
    read as they are; the Senior Superlatives, read as tuples, as the student each names)."""
    view = dict(zip(fields, now))
    if "superlatives" in view:
        view["superlatives"] = [{"student": student} for _tile, student, _tokens in view["superlatives"]]
    return view


def _superlatives_as_tuples(get: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], tuple[Any, ...]]:
    """``get`` with the yearbook's Senior Superlatives (the first field) as plain tuples, which the
    RL package copies fastest."""
    def live(book: Any) -> tuple[Any, ...]:
        sups, *rest = get(book)
        return ([(x.tile, x.student, x.tokens) for x in sups], *rest)
    return live


def _pending_live(st: Any, seat: int) -> tuple[Any, ...]:
    """The pending decisions and the solo part as ``observation(seat)`` has them (built afresh)."""
    pending = [{"kind": p.kind, "seat": p.seat, "token": p.token, "club": p.club, "source": p.source,
                "optional": p.optional, "cards": list(p.cards) if p.seat == seat else len(p.cards)} for p in st.pending]
    return (pending, _solo_view(st) if st.players == 1 else None)


def _book_order(seat: int, players: int, books: int) -> list[int]:
    """The yearbooks in feature order: the viewer's, the seats after it, then Ed's (solo)."""
    return [(seat + r) % players for r in range(players)] + list(range(players, books))


def _rel(seat: int, players: int) -> Callable[[Any], int | None]:
    def rel(s: Any) -> int | None:
        return None if s is None or s < 0 else (int(s) - seat) % players
    return rel


def _head(obs: Mapping[str, Any], seat: int, players: int, d: _Data) -> list[float]:
    """The numbers before the yearbooks: the turn, the school, the spaces, the decks and discards."""
    rel = _rel(seat, players)
    return _turn(obs, rel, d) + _school(obs, d) + _spaces(obs, rel, d) + _supply(obs, d)


def _turn(obs: Mapping[str, Any], rel: Callable[[Any], int | None], d: _Data) -> list[float]:
    return _turn_head(obs, rel, d) + _objectives(obs["objectives"], d)


def _turn_head(obs: Mapping[str, Any], rel: Callable[[Any], int | None], d: _Data) -> list[float]:
    """The round, the phase, whose turn and move it is, and what is in use and done this turn."""
    locs = len(d.locations)
    out: list[float] = [obs["round"] / 4.0]
    out += one_hot(obs["phase"], PHASES)
    for key in ("first", "turn", "to_move"):
        out += one_hot(rel(obs[key]), range(MAX_PLAYERS))
    out += one_hot(obs["location"], range(-1, locs + 1))  # -1: none, the locations, the entrance
    out += one_hot(obs["member"], d.members)
    out += [float(bool(obs[k])) for k in ("main_done", "sig_done", "member_done")]
    return out


def _objectives(objectives: Sequence[str], d: _Data) -> list[float]:
    return multi_hot(objectives, {o: i for i, o in enumerate(d.objectives)})


def _school(obs: Mapping[str, Any], d: _Data) -> list[float]:
    locs = len(d.locations)
    school = [0.0] * (3 * len(d.all_cards))
    for li, row in enumerate(obs["school"]):
        for si, card in enumerate(row):
            if card in d.at:
                i = 3 * d.at[card]
                school[i:i + 3] = [1.0, (li + 1) / locs, (si + 1) / 5.0]
    return school + multi_hot(obs["school_sups"].values(), d.student_at)


def _spaces(obs: Mapping[str, Any], rel: Callable[[Any], int | None], d: _Data) -> list[float]:
    return _space_rows(obs, d) + _entrance(obs["entrance"], rel, d)


def _space_rows(obs: Mapping[str, Any], d: _Data) -> list[float]:
    """Who stands on each member space (seat / 2, empty, janitor) and which team member it is."""
    locs = len(d.locations)
    out: list[float] = []
    for li in range(locs):
        row = obs["spaces"][li] if li < len(obs["spaces"]) else []
        out += [(row[k] if k < len(row) else 0) / 2.0 for k in range(3)]
    kinds = (*d.members, "janitor")
    width = len(kinds)
    which = [0.0] * (3 * locs * width)  # one one-hot of the kinds per space, written where it is 1
    for li in range(locs):
        row = obs["space_members"][li] if li < len(obs["space_members"]) else []
        for k in range(min(3, len(row))):
            if row[k] != "" and row[k] is not None:
                if row[k] not in kinds:
                    raise ValueError(f"the RL encoding does not know the value {row[k]!r} (known: {list(kinds)})")
                which[(3 * li + k) * width + kinds.index(row[k])] = 1.0
    return out + which


def _entrance(entrance: Sequence[Any], rel: Callable[[Any], int | None], d: _Data) -> list[float]:
    """The team members at the entrance, per seat (relative)."""
    out = [0.0] * (MAX_PLAYERS * len(d.members))
    for who, member in entrance:
        r = rel(who)
        if r is not None and member in d.members:
            out[r * len(d.members) + d.members.index(member)] = 1.0
    return out


def _supply(obs: Mapping[str, Any], d: _Data) -> list[float]:
    out = [obs["decks"].get(k, 0) / 40.0 for k in d.decks]
    out += multi_hot([c for pile in obs["discards"].values() for c in pile], d.at)
    out += multi_hot(obs["set_aside"], d.at)
    out.append(obs["ones_supply"] / 24.0)
    return out


def _book(book: Mapping[str, Any], d: _Data) -> list[float]:
    return _photo(book["photo"], d) + _tokens(book["tokens"], d) + _book_rest(book, d)


def _photo(cards: Sequence[str], d: _Data) -> list[float]:
    """A yearbook's class photo: per photo card, there and its cell."""
    photo = [0.0] * (2 * len(d.photo_cards))
    for cell, card in enumerate(cards):
        if card in d.photo_at:
            i = 2 * d.photo_at[card]
            photo[i:i + 2] = [1.0, (cell + 1) / len(d.cells)]
    return photo


def _tokens(tokens: Sequence[Sequence[str]], d: _Data) -> list[float]:
    """The tokens on each cell of a class photo."""
    out: list[float] = []
    for cell in d.cells:
        toks = tokens[cell] if cell < len(tokens) else []
        out += [toks.count(t) / 4.0 for t in d.tokens]
    return out


def _book_rest(book: Mapping[str, Any], d: _Data) -> list[float]:
    """A yearbook after its class photo and tokens: the Wildcat Way on."""
    out: list[float] = []
    for group, _fields in BOOK_GROUPS:
        out += group(book, d)
    return out


def _wildcat(book: Mapping[str, Any], d: _Data) -> list[float]:
    out: list[float] = []
    for cell in d.grid:
        what = book["grid"][cell] if cell < len(book["grid"]) else ""
        out += [1.0 if what == "1x1" else 0.0, 1.0 if what and what != "1x1" else 0.0]
    return out + multi_hot(book["tiles"], d.tile_at)


def _counters(book: Mapping[str, Any], d: _Data) -> list[float]:
    out = [book["tracks"].get(c, 0) / 6.0 for c in d.clubs]
    out += [book["signatures"] / 20.0, book["abc_tokens"] / 2.0]
    out += multi_hot(book["abc_slots"], {c: c for c in d.cells})
    out += [book["storage"].count(t) / 2.0 for t in d.tokens]
    out.append(book["ones"] / 24.0)
    return out


def _cards(book: Mapping[str, Any], d: _Data) -> list[float]:
    out = multi_hot([s["student"] for s in book["superlatives"]], d.student_at)
    out += multi_hot(book["staff"], d.staff_at)
    out += [book["halves"].count(c) / 4.0 for c in d.clubs]
    out += multi_hot(book["rows_done"], {r: r for r in range(d.rows)})
    out += multi_hot(book["cols_done"], {c: c for c in range(d.columns)})
    return out


def _side_used(book: Mapping[str, Any], d: _Data) -> list[float]:
    return one_hot(book["side"], ("A", "B")) + multi_hot(book["used"], {m: i for i, m in enumerate(d.members)})


BOOK_GROUPS: tuple[tuple[Callable[[Mapping[str, Any], _Data], list[float]], tuple[str, ...]], ...] = (
    (_wildcat, ("grid", "tiles")),
    (_counters, ("tracks", "signatures", "abc_tokens", "abc_slots", "storage", "ones")),
    (_cards, ("superlatives", "staff", "halves", "rows_done", "cols_done")),
    (_side_used, ("side", "used")))
"""A yearbook after its photo and tokens, in order: the parts kept apart, with the fields each reads."""


def _pending(pending: Sequence[Mapping[str, Any]], seat: int, rel: Any, d: _Data) -> list[float]:
    first = pending[0] if pending else None
    out: list[float] = []
    out += one_hot(first and first["kind"], PENDING)
    out.append(1.0 if first and first["seat"] == seat else 0.0)
    out += one_hot(rel(first["seat"]) if first else None, range(MAX_PLAYERS))
    out += one_hot(first and first["token"], (*d.tokens, "any"))
    out += one_hot(first and first["club"], d.clubs)
    out.append(1.0 if first and first["optional"] else 0.0)
    cards = first["cards"] if first else []
    out += multi_hot(cards if isinstance(cards, list) else [], d.photo_at)
    out.append((len(cards) if isinstance(cards, list) else int(cards)) / 3.0)
    out.append(len(pending) / 4.0)
    return out


def _solo(solo: Mapping[str, Any] | None, d: _Data) -> list[float]:
    if solo is None:
        return [0.0] * (len(d.location_cards) + 2 + len(d.clubs) + len(d.tokens))
    out = one_hot(solo["location_card"], d.location_cards)
    out += [solo["location_deck"] / 10.0, solo["choice_deck"] / 20.0]
    priority = solo["priority"]
    out += [(len(priority) - priority.index(c)) / len(priority) if c in priority else 0.0 for c in d.clubs]
    out += [solo["ed_tokens"].get(t, 0) / 20.0 for t in d.tokens]
    return out
