"""The reinforcement-learning encoding of High School Drama (read by ``homeroom.rl``; see
``src/homeroom/rl/ENCODING.md`` for the contract every game's ``rl.py`` follows).

Actions. Every action is a key of field values, each from a fixed domain built from the component
data, so the index of an action depends only on the data files, never on a game in progress:

| action | key (domain) |
| --- | --- |
| PickMain, PickTransfer | card (the students) |
| Discard, PlayCard | card (drama cards, then special events) |
| KeepHand, DrawEvent, ExchangeDone | (none) |
| DrawDrama | drama (hookup, bond, breakup) |
| HookUp | performer (students), target (students, then organizations), arrow (N, E, S, W): the
  performer's arrow the target joins along, which fixes the square (x, y) |
| Bond, Exchange | card (students, then organizations) |
| Breakup | performer (students), card (students, then organizations): every card is in one clique only, so
  the card names the rival |

Observation (all from ``observation(seat)``: what that seat sees; seats in the order "me, then the
seats after me"):

- the calendar: year, season, phase and step, one-hot; the leader and the seat to move, relative;
- the quad (multi-hot over students and organizations), the deck sizes, the special events
  discarded, the card being played, the seats still to exchange, the public drama stacks;
- per seat: enrolled; its hand (multi-hot over drama and events: only the viewer's own, others are
  hidden), hand size and events in hand; its clique (per card: present, main student, x, y, bond
  markers); its marker supply; its signatures per category; its drama cards known to be
  face down.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from typing import Any, TypeAlias, TypeVar

from homeroom.engine import Action
from homeroom.engine.features import Run, Sparse, StatePart, dense, seat_runs
from homeroom.games.high_school_drama.actions import (
    Bond,
    Breakup,
    Discard,
    DrawDrama,
    DrawEvent,
    Exchange,
    ExchangeDone,
    HookUp,
    KeepHand,
    PickMain,
    PickTransfer,
    PlayCard,
)
from homeroom.games.high_school_drama.components import DRAMA_KINDS, load
from homeroom.games.high_school_drama.constants import SEASONS, YEARS
from homeroom.games.high_school_drama.constants import SPAN as RULE_SPAN
from homeroom.games.high_school_drama.scoring import CATEGORIES

FORMAT = 1
"""The encoding's version: raise it whenever an index or a feature changes meaning."""

ARROWS = ("N", "E", "S", "W")
_STEP = {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}
PHASES = ("pick", "transfer", "draw", "review", "act", "resolve", "lovin", "exchange", "over")
MAX_PLAYERS = 5
MARKERS = 18.0
SPAN = 4.0


def _domains(comps: Any = None) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The students, the clique cards (students, then organizations) and the playable cards (drama,
    then special events) of ``comps`` (default: the active components)."""
    comps = load() if comps is None else comps
    students = tuple(comps.students)
    clique_cards = students + tuple(comps.organizations)
    playable = tuple(comps.drama) + tuple(comps.events)
    return students, clique_cards, playable


Domains = tuple[tuple[str, tuple[Hashable, ...]], ...]


def action_blocks() -> tuple[tuple[str, type[Action], Domains], ...]:
    """The blocks of indices in order: name, action type, the domains of the key's fields."""
    students, clique_cards, playable = _domains()
    blocks: tuple[tuple[type[Action], Domains], ...] = (
        (PickMain, (("card", students),)),
        (PickTransfer, (("card", students),)),
        (Discard, (("card", playable),)),
        (KeepHand, ()),
        (DrawDrama, (("drama", DRAMA_KINDS),)),
        (DrawEvent, ()),
        (PlayCard, (("card", playable),)),
        (HookUp, (("performer", students), ("target", clique_cards), ("arrow", ARROWS))),
        (Bond, (("card", clique_cards),)),
        (Breakup, (("performer", students), ("card", clique_cards))),
        (Exchange, (("card", clique_cards),)),
        (ExchangeDone, ()),
    )
    return tuple((tp.type_name(), tp, fields) for tp, fields in blocks)


def action_key(obs: Mapping[str, Any], seat: int, action: Action) -> tuple[str, tuple[Hashable, ...]]:
    """The block and key of a legal ``action`` of ``seat``, read with what ``obs`` (its observation) shows."""
    name = action.type_name()
    if isinstance(action, HookUp):
        performer = action.performer
        state = getattr(obs, "state", None)  # the envs' lazy observation offers the position itself
        if state is not None:  # the performer's square as the seat's own clique shows it, without the observation
            placed = state.cliques[seat].get(performer)
            if placed is not None:
                return name, (performer, action.target, _STEP[(action.x - placed.x, action.y - placed.y)])
        else:
            for row in obs["players"][seat]["clique"]:  # the performer's square (a scan: no dict per action)
                if row[0] == performer:
                    return name, (performer, action.target, _STEP[(action.x - row[1], action.y - row[2])])
        raise ValueError(f"{performer!r} is not in seat {seat}'s clique: '{action.describe()}' has no index")
    if isinstance(action, Breakup):
        return name, (action.performer, action.card)
    if isinstance(action, DrawDrama):
        return name, (action.drama,)
    if isinstance(action, PickMain | PickTransfer | Discard | PlayCard | Bond | Exchange):
        return name, (action.card,)
    return name, ()




def _per_player_size() -> int:
    students, clique_cards, playable = _domains()
    drama = len(load().drama)
    return 1 + len(playable) + 2 + 5 * len(clique_cards) + 1 + len(CATEGORIES) + 1 + drama


def observation_size(players: int) -> int:
    """The length of the feature vector at ``players`` seats."""
    students, clique_cards, playable = _domains()
    events = len(load().events)
    head = (len(YEARS) + len(SEASONS) + len(PHASES) + 2 + 2 * MAX_PLAYERS + len(clique_cards) + 3 + events
            + len(playable) + MAX_PLAYERS + len(DRAMA_KINDS))
    return head + players * _per_player_size()


def observation_layout(players: int) -> list[Run]:
    """The feature vector at ``players`` seats as named runs with their bounds, in order: 0-1 for
    flags; a count is bounded by the components there are; a clique card's square lies within the
    clique's span of its main student (at 0, 0); signatures have no cap (``inf``)."""
    comps = load()
    students, clique_cards, playable = _domains()
    events, drama = len(comps.events), len(comps.drama)
    reach = (RULE_SPAN - 1) / SPAN  # how far a card sits from the main student, scaled
    clique = "clique: per card (students, then organizations) present, main, x, y, bonds"
    head: list[Run] = [
        ("year", len(YEARS), 0, 1), ("season", len(SEASONS), 0, 1), ("phase", len(PHASES), 0, 1),
        ("step (midterm, final)", 2, 0, 1), ("leader (relative)", MAX_PLAYERS, 0, 1),
        ("to move (relative)", MAX_PLAYERS, 0, 1), ("quad", len(clique_cards), 0, 1),
        ("student deck / 30", 1, 0, len(students) / 30.0),
        ("organization deck / 24", 1, 0, len(comps.organizations) / 24.0),
        ("event deck / 40", 1, 0, events / 40.0), ("events discarded", events, 0, 1),
        ("card being played", len(playable), 0, 1), ("still to exchange (relative)", MAX_PLAYERS, 0, 1),
        ("drama stacks / 5", len(DRAMA_KINDS), 0, drama / 5.0)]
    seat: list[Run] = [
        ("enrolled", 1, 0, 1), ("hand (the viewer's own only)", len(playable), 0, 1),
        ("hand size / 5", 1, 0, len(playable) / 5.0), ("events in hand / 5", 1, 0, events / 5.0),
        *[run for _ in clique_cards for run in ((clique, 2, 0, 1), (clique, 2, -reach, reach),
                                                (clique, 1, 0, MARKERS / 5.0))],
        ("clique size / 10", 1, 0, min(len(clique_cards), RULE_SPAN**2) / 10.0),
        ("signatures per category / 10", len(CATEGORIES), 0, float("inf")),
        ("marker supply / 18", 1, 0, 1), ("drama known face down", drama, 0, 1)]
    return head + seat_runs(seat, players)


class _Index:
    """Each card's position in its domain, each piece's size and the numbers remembered, built
    once per components object (a data set may change the cards), not per call."""

    def __init__(self, comps: Any) -> None:
        self.comps = comps
        _students, clique_cards, playable = _domains(comps)
        self.card_at = {c: i for i, c in enumerate(clique_cards)}
        self.play_at = {c: i for i, c in enumerate(playable)}
        self.event_at = {c: i for i, c in enumerate(comps.events)}
        self.drama_at = {c: i for i, c in enumerate(comps.drama)}
        self.events = frozenset(comps.events)
        cards, plays, events = len(clique_cards), len(playable), len(comps.events)
        self.quad_size = cards + 2
        self.events_size = 1 + events
        self.table_size = self.quad_size + self.events_size
        self.play_size = plays + MAX_PLAYERS + len(DRAMA_KINDS)
        self.hand_size = 1 + plays + 2
        self.clique_size = 5 * cards + 1
        self.rest_size = len(CATEGORIES) + 1 + len(comps.drama)
        self.turns: dict[Hashable, tuple[Block, Block]] = {}
        self.quads: dict[Hashable, Block] = {}
        self.discards: dict[Hashable, Block] = {}
        self.own_hands: dict[Hashable, Block] = {}
        self.hands: dict[Hashable, Block] = {}
        self.cliques: dict[Hashable, Block] = {}
        self.rests: dict[Hashable, Block] = {}
        """Per piece (the turn with the play, the quad, the events, the viewer's own hand, another
        seat's hand, a clique, a rest): its blocks per the values it reads (see :func:`_remember`)."""


Block: TypeAlias = "array[float]"
"""A piece's numbers as the kept vector holds them (an ``array("f")``: float32)."""

MEMO_MAX = 4096
"""Blocks each memory of an :class:`_Index` holds before it starts again (a bound on its memory:
a few MB, the cliques' blocks being the largest)."""

T = TypeVar("T")


def _block(values: Sparse, size: int) -> Block:
    """A piece's nonzero numbers as its float32 block of ``size`` (every position checked)."""
    block = array("f", bytes(4 * size))
    for at, value in values.items():
        if not 0 <= at < size:
            raise ValueError(f"a piece of {size} features sets position {at}")
        block[at] = value
    return block


def _remember(known: dict[Hashable, T], key: Hashable, found: T) -> T:
    """``found`` kept in ``known`` under ``key`` and handed out again as it is (the kept vector
    copies a part's block); the memory starts again when full."""
    if len(known) >= MEMO_MAX:
        known.clear()
    known[key] = found
    return found


_INDEX: list[_Index] = []


def _index(comps: Any) -> _Index:
    """The :class:`_Index` of ``comps`` (the one kept unless the components changed)."""
    if not _INDEX or _INDEX[0].comps is not comps:
        _INDEX[:] = [_Index(comps)]
    return _INDEX[0]


def observation_features(obs: Mapping[str, Any], seat: int, players: int) -> list[float]:
    """The numbers ``seat`` sees, from its observation ``obs``."""
    idx = _index(load())
    rel = _rel(seat, players)
    out = dense(_turn(obs["year"], obs["season"], obs["phase"], obs["step"], rel(obs["leader"]),
                      rel(obs["to_move"])), TURN_SIZE)
    out += dense(_table(obs["quad"], obs["student_deck"], obs["organization_deck"], obs["event_deck"],
                        obs["event_discard"], idx), idx.table_size)
    out += dense(_play(obs["playing"], [rel(s) for s in obs["exchanging"] or ()], obs["stacks"], idx),
                 idx.play_size)
    for r in range(players):
        s = (seat + r) % players
        p = obs["players"][s]
        out += dense(_hand(obs["enrolled"][s], p["hand"], p["hand_size"], p["events_in_hand"], idx),
                     idx.hand_size)
        out += dense(_clique(p["clique"], idx), idx.clique_size)
        out += dense(_rest(p["signatures"], p["supply"], p["drama_face_down"], idx), idx.rest_size)
    return out


def state_parts(players: int) -> tuple[StatePart, ...]:
    """:func:`observation_features` as consecutive parts read straight from the state, each with
    what it reads (``live``: fresh tuples of the state's values) and its numbers (``encode``: the
    same functions over those values, with the card positions of the components the encoding was
    built for): the RL package encodes a part again only when what it reads changed, without
    building the whole observation (see ``ENCODING.md``).

    A part that changed costs a read most (compared, encoded, written), so the parts follow what
    changes together between two reads of one seat: the head (the turn, the table, the play and
    the viewer's own hand: one of them changes at almost every step), then per seat its clique
    (it rarely changes) and its rest with the next seat's hand (both change at draws), the last
    seat's rest alone. Each part is made of pieces (the turn, the quad, ...) whose float32 blocks
    are remembered per the values they read, so a part that changed encodes only the pieces that
    did and is handed out as one block (copied at once, whatever its nonzero numbers)."""
    idx = _index(load())
    parts = [StatePart(_head_live, partial(_head_encode, idx), fresh=True)]
    for r in range(players):
        parts += _seat_parts(r, players, idx)
    return tuple(parts)


def _seat_key(name: str, r: int, seat: int, players: int) -> Hashable:
    """The share key of seat ``seat + r``'s part ``name``: its numbers are the same for every viewer."""
    return name, (seat + r) % players


def _pair_key(r: int, seat: int, players: int) -> Hashable:
    """The share key of seat ``seat + r``'s rest with the next seat's hand, which every viewer but
    that next seat reads alike: none at two players, where one viewer reads it."""
    return None if players <= 2 else ("rest and hand", (seat + r) % players)


def _rel(seat: int, players: int) -> Callable[[Any], int | None]:
    def rel(s: Any) -> int | None:
        return None if s is None else (int(s) - seat) % players
    return rel


def _unknown(err: KeyError) -> ValueError:
    """The error for a value the encoding has no feature for (a card of another data set, a new phase)."""
    return ValueError(f"the RL encoding does not know the value {err.args[0]!r}")


def _hots(out: Sparse, at: Mapping[Any, int], values: Any, offset: int) -> None:
    """1 at ``offset + at[v]`` for every ``v`` in ``values`` (a multi-hot written into ``out``)."""
    try:
        for v in values:
            out[offset + at[v]] = 1.0
    except KeyError as err:
        raise _unknown(err) from None


# ------------------------------------------------------------------ the calendar and the turn
_YEAR_AT = {y: i for i, y in enumerate(YEARS)}
_SEASON_AT = {s: len(YEARS) + i for i, s in enumerate(SEASONS)}
_PHASE_AT = {p: len(YEARS) + len(SEASONS) + i for i, p in enumerate(PHASES)}
STEPS = ("midterm", "final")
_STEP_AT = {s: len(YEARS) + len(SEASONS) + len(PHASES) + i for i, s in enumerate(STEPS)}
_LEADER = len(YEARS) + len(SEASONS) + len(PHASES) + len(STEPS)
_TO_MOVE = _LEADER + MAX_PLAYERS
TURN_SIZE = _TO_MOVE + MAX_PLAYERS


def _turn(year: str, season: str, phase: str, step: str, leader: int | None, to_move: int | None) -> Sparse:
    """The calendar (year, season, phase, step) one-hot; the leader and the seat to move relative
    to the viewer (none once the game is over)."""
    try:
        out = {_YEAR_AT[year]: 1.0, _SEASON_AT[season]: 1.0, _PHASE_AT[phase]: 1.0, _STEP_AT[step]: 1.0}
    except KeyError as err:
        raise _unknown(err) from None
    if leader is not None:
        out[_LEADER + leader] = 1.0
    if to_move is not None:
        out[_TO_MOVE + to_move] = 1.0
    return out


# ------------------------------------------------------------------ the table
def _quad(quad: Any, student_deck: int, org_deck: int, idx: _Index) -> Sparse:
    """The quad (multi-hot), the student and organization deck sizes."""
    out: Sparse = {}
    _hots(out, idx.card_at, quad, 0)
    at = len(idx.card_at)
    out[at], out[at + 1] = student_deck / 30.0, org_deck / 24.0
    return out


def _events(event_deck: int, event_discard: Any, idx: _Index, at: int = 0) -> Sparse:
    """The event deck size, the special events discarded (multi-hot), from position ``at``."""
    out = {at: event_deck / 40.0}
    _hots(out, idx.event_at, event_discard, at + 1)
    return out


def _table(quad: Any, student_deck: int, org_deck: int, event_deck: int, event_discard: Any, idx: _Index
           ) -> Sparse:
    """The quad (multi-hot), the deck sizes, the special events discarded (multi-hot)."""
    return {**_quad(quad, student_deck, org_deck, idx), **_events(event_deck, event_discard, idx, idx.quad_size)}


def _play(playing: str | None, exchanging: Any, stacks: Mapping[str, int] | None, idx: _Index) -> Sparse:
    """The card being played, the seats still to exchange (relative), the public drama stacks / 5."""
    out: Sparse = {}
    if playing:
        _hots(out, idx.play_at, (playing,), 0)
    at = len(idx.play_at)
    for r in exchanging:
        if r is not None and 0 <= r < MAX_PLAYERS:
            out[at + r] = 1.0
    if stacks:
        at += MAX_PLAYERS
        for i, kind in enumerate(DRAMA_KINDS):
            left = stacks.get(kind, 0)
            if left:
                out[at + i] = left / 5.0
    return out


def _head_live(st: Any, seat: int) -> tuple[tuple[Any, ...], ...]:
    """The head's pieces: the calendar, the turn, the card being played, the exchange queue and
    the public stacks (the two pieces read relative to the viewer); the quad and its decks; the
    event deck and the events discarded; the viewer's own hand."""
    queue = st.ex_queue
    return ((st.year, st.season, st.phase, st.step, st.leader, st.to_move, st.playing,
             None if queue is None else tuple(queue),
             tuple([(k, len(v)) for k, v in st.stacks.items()]) if st.options.get("public_draft") else None),
            (tuple(st.quad), len(st.student_deck), len(st.org_deck)),
            (len(st.event_deck), tuple(st.event_discard)),
            (st.enrolled[seat], tuple(st.hands[seat])))


def _turn_play(idx: _Index, now: tuple[Any, ...], seat: int, n: int) -> tuple[Block, Block]:
    """The blocks of the turn and of the play (the head's pieces read relative to the viewer)."""
    year, season, phase, step, leader, to_move, playing, queue, stacks = now
    turn = _turn(YEARS[year], SEASONS[season], phase, STEPS[step], (leader - seat) % n,
                 None if to_move is None else (to_move - seat) % n)
    play = _play(playing, [(s - seat) % n for s in queue] if queue else (), stacks and dict(stacks), idx)
    return _block(turn, TURN_SIZE), _block(play, idx.play_size)


def _head_encode(idx: _Index, st: Any, seat: int, n: int, now: tuple[tuple[Any, ...], ...]) -> Block:
    """The head's numbers: each piece's block, remembered (encoded only when new), joined."""
    relative, quad, events, hand = now
    turns, quads, discards, hands = idx.turns, idx.quads, idx.discards, idx.own_hands
    key = relative, seat, n
    found = turns.get(key)
    if found is None:
        found = _remember(turns, key, _turn_play(idx, relative, seat, n))
    b = quads.get(quad)
    if b is None:
        b = _remember(quads, quad, _block(_quad(quad[0], quad[1], quad[2], idx), idx.quad_size))
    c = discards.get(events)
    if c is None:
        c = _remember(discards, events, _block(_events(events[0], events[1], idx), idx.events_size))
    e = hands.get(hand)
    if e is None:
        enrolled, cards = hand
        e = _remember(hands, hand, _block(_hand(enrolled, cards, len(cards), sum(map(idx.events.__contains__, cards)),
                                                idx), idx.hand_size))
    return found[0] + b + c + found[1] + e


# ------------------------------------------------------------------ each seat
def _hand(enrolled: Any, hand: Any, size: int, events: int, idx: _Index) -> Sparse:
    """Enrolled; the hand (multi-hot, only the viewer's own: None for another seat's); its size / 5
    and special events in it / 5."""
    out: Sparse = {0: 1.0} if enrolled else {}
    if hand:
        _hots(out, idx.play_at, hand, 1)
    at = 1 + len(idx.play_at)
    out[at], out[at + 1] = size / 5.0, events / 5.0
    return out


def _clique(rows: Sequence[Sequence[Any]], idx: _Index) -> Sparse:
    """Per clique card (students, then organizations): present, main student, x / 4, y / 4 (the
    main student at 0, 0), bond markers / 5; then the clique's size / 10. ``rows``: the clique's
    cards as ``(card, x, y, parent, bonds)``."""
    out: Sparse = {}
    card_at = idx.card_at
    try:
        for cid, x, y, parent, bonds in rows:
            i = 5 * card_at[cid]
            out[i] = 1.0
            if parent is None:
                out[i + 1] = 1.0
            if x:
                out[i + 2] = x / SPAN
            if y:
                out[i + 3] = y / SPAN
            if bonds:
                out[i + 4] = bonds / 5.0
    except KeyError as err:
        raise _unknown(err) from None
    if rows:
        out[5 * len(card_at)] = len(rows) / 10.0
    return out


def _rest(signatures: Mapping[str, int], supply: int, face_down: Any, idx: _Index) -> Sparse:
    """Signatures per category / 10, the marker supply / 18, the drama cards known face down."""
    out: Sparse = {}
    for i, k in enumerate(CATEGORIES):
        got = signatures.get(k, 0)
        if got:
            out[i] = got / 10.0
    out[len(CATEGORIES)] = supply / MARKERS
    _hots(out, idx.drama_at, face_down or (), len(CATEGORIES) + 1)
    return out


def _seat_parts(r: int, players: int, idx: _Index) -> list[StatePart]:
    """The clique of seat ``seat + r`` (relative to the viewer ``seat``), then its rest with the
    next seat's hand (as another seat's: its size and events in it), but the last seat's rest
    alone. Each ``live`` is a plain function of this seat (no partial or shared helper in between:
    every part's ``live`` runs at every read); a clique reads alike for every viewer."""
    cliques, rests, hands = idx.cliques, idx.rests, idx.hands
    is_event = idx.events.__contains__

    def clique_live(st: Any, seat: int) -> list[tuple[Any, ...]]:
        return [(cid, p.x, p.y, p.parent, p.bonds) for cid, p in st.cliques[(seat + r) % st.players].items()]

    def clique_encode(st: Any, seat: int, n: int, now: list[tuple[Any, ...]]) -> Block:
        key = tuple(now)
        block = cliques.get(key)
        return _remember(cliques, key, _block(_clique(now, idx), idx.clique_size)) if block is None else block

    def rest(now: tuple[Any, ...]) -> Block:
        block = rests.get(now)
        if block is None:
            block = _remember(rests, now, _block(_rest(dict(now[0]), now[1], now[2], idx), idx.rest_size))
        return block

    def rest_live(st: Any, seat: int) -> tuple[Any, ...]:
        s = (seat + r) % st.players
        return tuple(st.signatures[s].items()), st.supply[s], tuple(st.shown[s]) if st.shown else None

    def rest_encode(st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Block:
        return rest(now)

    def rest_hand_live(st: Any, seat: int) -> tuple[tuple[Any, ...], tuple[Any, int, int]]:
        s = (seat + r) % st.players
        hand = st.hands[(s + 1) % st.players]  # read as its observation shows it: its size, the events in it
        return ((tuple(st.signatures[s].items()), st.supply[s], tuple(st.shown[s]) if st.shown else None),
                (st.enrolled[(s + 1) % st.players], len(hand), sum(map(is_event, hand))))

    def rest_hand_encode(st: Any, seat: int, n: int, now: tuple[tuple[Any, ...], tuple[Any, int, int]]) -> Block:
        seen, hand = now
        block = hands.get(hand)
        if block is None:
            block = _remember(hands, hand, _block(_hand(hand[0], None, hand[1], hand[2], idx), idx.hand_size))
        return rest(seen) + block

    clique = StatePart(clique_live, clique_encode, partial(_seat_key, "clique", r), fresh=True)
    if r == players - 1:  # the last seat's rest: one viewer reads it
        return [clique, StatePart(rest_live, rest_encode, fresh=True)]
    return [clique, StatePart(rest_hand_live, rest_hand_encode, partial(_pair_key, r), fresh=True)]
