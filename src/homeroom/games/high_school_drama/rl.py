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

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from typing import Any

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
    """Each card's position in its domain and each part's offsets, built once per components
    object (a data set may change the cards), not per call."""

    def __init__(self, comps: Any) -> None:
        self.comps = comps
        _students, clique_cards, playable = _domains(comps)
        self.card_at = {c: i for i, c in enumerate(clique_cards)}
        self.play_at = {c: i for i, c in enumerate(playable)}
        self.events = frozenset(comps.events)
        cards, plays, events = len(clique_cards), len(playable), len(comps.events)
        self.table_size = cards + 3 + events
        self.play_size = plays + MAX_PLAYERS + len(DRAMA_KINDS)
        self.hand_size = 1 + plays + 2
        self.clique_size = 5 * cards + 1
        self.rest_size = len(CATEGORIES) + 1 + len(comps.drama)
        self.clique_at = {c: 5 * i for i, c in enumerate(clique_cards)}
        self.hand_at = {c: 1 + i for i, c in enumerate(playable)}
        self.hand_tail = 1 + plays
        self.discard_at = {c: cards + 3 + i for i, c in enumerate(comps.events)}
        self.supply_at = len(CATEGORIES)
        self.face_down_at = {c: len(CATEGORIES) + 1 + i for i, c in enumerate(comps.drama)}
        self.turns: dict[Hashable, Sparse] = {}
        self.plays: dict[Hashable, Sparse] = {}
        self.hands: dict[Hashable, Sparse] = {}
        """The numbers of the turn, the play and another seat's hand per the values they read: a few
        hundred values recur all game long (every game), so nearly every read finds them. Parts whose
        values keep changing (a hand of one's own, the quad, a clique) are encoded afresh: most of
        their values are new, and a memory of them costs more than it saves."""


MEMO_MAX = 4096
"""Numbers each memory of an :class:`_Index` holds before it starts again (a bound: a few
hundred values recur, so it is never reached in practice)."""


def _remember(known: dict[Hashable, Sparse], key: Hashable, values: Sparse) -> Sparse:
    """``values`` kept in ``known`` under ``key`` and handed out again as they are (a sparse part's
    numbers are only read); the memory starts again when full."""
    if len(known) >= MEMO_MAX:
        known.clear()
    known[key] = values
    return values


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
    what it reads (``live``: fresh tuples of the state's values, nothing kept to copy) and its
    nonzero numbers (``encode``: the same functions over those values, sparse, with the card
    positions of the components the encoding was built for; the turn's, the play's and another
    seat's hand's remembered, as their few hundred values recur): the RL package encodes a part
    again only when what it reads changed, without building the whole observation (see
    ``ENCODING.md``). One part per piece: merging the pieces that change together (fewer parts to
    compare) cost more than it saved, as a merged part rewrites all its numbers."""
    idx = _index(load())
    parts = [StatePart(_turn_live, partial(_turn_encode, idx), fresh=True, size=TURN_SIZE),
             StatePart(_table_live, partial(_table_encode, idx), _table_key, fresh=True, size=idx.table_size),
             StatePart(_play_live, partial(_play_encode, idx), fresh=True, size=idx.play_size)]
    for r in range(players):
        parts += _seat_parts(r, idx)
    return tuple(parts)


def _table_key(seat: int, players: int) -> Hashable:
    """The share key of the table: every viewer sees it alike."""
    return "table"


def _hand_key(r: int, seat: int, players: int) -> Hashable:
    """The share key of seat ``seat + r``'s hand: alike for every viewer but that seat, so shared
    from three players on (the viewer's own hand, and another's at two players, one viewer reads)."""
    return None if r == 0 or players <= 2 else ("hand", (seat + r) % players)


def _seat_key(name: str, r: int, seat: int, players: int) -> Hashable:
    """The share key of seat ``seat + r``'s part ``name``: its numbers are the same for every viewer."""
    return name, (seat + r) % players


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


def _turn_live(st: Any, seat: int) -> tuple[Any, ...]:
    return st.year, st.season, st.phase, st.step, st.leader, st.to_move


def _turn_encode(idx: _Index, st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
    key = now, seat, n
    values = idx.turns.get(key)
    if values is None:
        year, season, phase, step, leader, to_move = now
        values = _remember(idx.turns, key, _turn(YEARS[year], SEASONS[season], phase, STEPS[step], (leader - seat) % n,
                                                  None if to_move is None else (to_move - seat) % n))
    return values


# ------------------------------------------------------------------ the table
def _table(quad: Any, student_deck: int, org_deck: int, event_deck: int, event_discard: Any, idx: _Index
           ) -> Sparse:
    """The quad (multi-hot), the deck sizes, the special events discarded (multi-hot)."""
    out: Sparse = {}
    card_at, discard_at = idx.card_at, idx.discard_at
    try:
        for c in quad:
            out[card_at[c]] = 1.0
        for c in event_discard:
            out[discard_at[c]] = 1.0
    except KeyError as err:
        raise _unknown(err) from None
    at = len(card_at)
    out[at], out[at + 1], out[at + 2] = student_deck / 30.0, org_deck / 24.0, event_deck / 40.0
    return out


def _table_live(st: Any, seat: int) -> tuple[Any, ...]:
    return tuple(st.quad), len(st.student_deck), len(st.org_deck), len(st.event_deck), tuple(st.event_discard)


def _table_encode(idx: _Index, st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
    quad, students, orgs, events, discard = now
    return _table(quad, students, orgs, events, discard, idx)


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


def _play_live(st: Any, seat: int) -> tuple[Any, ...]:
    queue, stacks = st.ex_queue, st.stacks
    return (st.playing, None if queue is None else tuple(queue),
            tuple([(k, len(v)) for k, v in stacks.items()]) if st.options.get("public_draft") else None)


def _play_encode(idx: _Index, st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
    key = now, seat, n
    values = idx.plays.get(key)
    if values is None:
        playing, queue, stacks = now
        values = _remember(idx.plays, key, _play(playing, [(s - seat) % n for s in queue] if queue else (),
                                                  stacks and dict(stacks), idx))
    return values


# ------------------------------------------------------------------ each seat
def _hand(enrolled: Any, hand: Any, size: int, events: int, idx: _Index) -> Sparse:
    """Enrolled; the hand (multi-hot, only the viewer's own: None for another seat's); its size / 5
    and special events in it / 5."""
    out: Sparse = {0: 1.0} if enrolled else {}
    if hand:
        hand_at = idx.hand_at
        try:
            for c in hand:
                out[hand_at[c]] = 1.0
        except KeyError as err:
            raise _unknown(err) from None
    at = idx.hand_tail
    out[at], out[at + 1] = size / 5.0, events / 5.0
    return out


def _clique(rows: Sequence[Sequence[Any]], idx: _Index) -> Sparse:
    """Per clique card (students, then organizations): present, main student, x / 4, y / 4 (the
    main student at 0, 0), bond markers / 5; then the clique's size / 10. ``rows``: the clique's
    cards as ``(card, x, y, parent, bonds)``."""
    out: Sparse = {}
    card_at = idx.clique_at
    try:
        for cid, x, y, parent, bonds in rows:
            i = card_at[cid]
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
        out[idx.clique_size - 1] = len(rows) / 10.0
    return out


_CATEGORY_AT = {k: i for i, k in enumerate(CATEGORIES)}


def _rest(signatures: Mapping[str, int], supply: int, face_down: Any, idx: _Index) -> Sparse:
    """Signatures per category / 10, the marker supply / 18, the drama cards known face down."""
    out: Sparse = {idx.supply_at: supply / MARKERS}
    for k, got in signatures.items():  # the few categories signed (any other is no feature)
        i = _CATEGORY_AT.get(k)
        if got and i is not None:
            out[i] = got / 10.0
    if face_down:
        _hots(out, idx.face_down_at, face_down, 0)
    return out


def _seat_parts(r: int, idx: _Index) -> list[StatePart]:
    """The parts of seat ``seat + r`` (relative to the viewer ``seat``): its hand, its clique, the
    rest. Each ``live`` is a plain function of this seat (no partial or shared helper in between,
    and the viewer's own seat read straight: every part's ``live`` runs at every read); a seat's
    clique and rest read alike for every viewer, another seat's hand alike for every viewer but that
    seat, read as their observations show it (its size and the events in it, remembered)."""
    is_event = idx.events.__contains__

    def clique_encode(st: Any, seat: int, n: int, now: list[tuple[Any, ...]]) -> Sparse:
        return _clique(now, idx)

    def rest_encode(st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
        return _rest(dict(now[0]), now[1], now[2], idx)

    if r == 0:
        def hand_live(st: Any, seat: int) -> tuple[Any, ...]:
            return st.enrolled[seat], tuple(st.hands[seat])

        def hand_encode(st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
            enrolled, hand = now
            return _hand(enrolled, hand, len(hand), sum(map(is_event, hand)), idx)

        def clique_live(st: Any, seat: int) -> list[tuple[Any, ...]]:
            return [(cid, p.x, p.y, p.parent, p.bonds) for cid, p in st.cliques[seat].items()]

        def rest_live(st: Any, seat: int) -> tuple[Any, ...]:
            return tuple(st.signatures[seat].items()), st.supply[seat], tuple(st.shown[seat]) if st.shown else None
    else:
        def hand_live(st: Any, seat: int) -> tuple[Any, ...]:
            s = (seat + r) % st.players
            hand = st.hands[s]
            return st.enrolled[s], len(hand), sum(map(is_event, hand))

        def hand_encode(st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
            values = idx.hands.get(now)
            return _remember(idx.hands, now, _hand(now[0], None, now[1], now[2], idx)) if values is None else values

        def clique_live(st: Any, seat: int) -> list[tuple[Any, ...]]:
            return [(cid, p.x, p.y, p.parent, p.bonds) for cid, p in st.cliques[(seat + r) % st.players].items()]

        def rest_live(st: Any, seat: int) -> tuple[Any, ...]:
            s = (seat + r) % st.players
            return tuple(st.signatures[s].items()), st.supply[s], tuple(st.shown[s]) if st.shown else None

    return [StatePart(hand_live, hand_encode, partial(_hand_key, r), fresh=True, size=idx.hand_size),
            StatePart(clique_live, clique_encode, partial(_seat_key, "clique", r), fresh=True, size=idx.clique_size),
            StatePart(rest_live, rest_encode, partial(_seat_key, "rest", r), fresh=True, size=idx.rest_size)]
