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

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from homeroom.engine import Action
from homeroom.engine.features import Run, StatePart, multi_hot, one_hot, seat_runs
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


def _domains() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    comps = load()
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
        where = {row[0]: (row[1], row[2]) for row in obs["players"][seat]["clique"]}
        px, py = where[action.performer]
        return name, (action.performer, action.target, _STEP[(action.x - px, action.y - py)])
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


_INDEXES: list[tuple[Any, tuple[dict[str, int], ...]]] = []


def _indexes(comps: Any) -> tuple[dict[str, int], ...]:
    """Each card's position in its domain, built once per components object (not per call)."""
    if not _INDEXES or _INDEXES[0][0] is not comps:
        _students, clique_cards, playable = _domains()
        _INDEXES[:] = [(comps, ({c: i for i, c in enumerate(clique_cards)}, {c: i for i, c in enumerate(playable)},
                                {c: i for i, c in enumerate(comps.events)}, {c: i for i, c in enumerate(comps.drama)}))]
    return _INDEXES[0][1]


def observation_features(obs: Mapping[str, Any], seat: int, players: int) -> list[float]:
    """The numbers ``seat`` sees, from its observation ``obs``."""
    idx = _indexes(load())
    out = _head(obs, seat, players, idx)
    for r in range(players):
        out += _seat_block(obs, (seat + r) % players, idx)
    return out


def state_parts(players: int) -> tuple[StatePart | tuple[Any, ...], ...]:
    """:func:`observation_features` as consecutive parts read straight from the state, each with
    what it reads (``live``, here mostly the very entries ``observation(seat)`` would hold) and its
    numbers (``encode``, the same functions over those entries): the RL package encodes a part
    again only when that changed, without building the whole observation (see ``ENCODING.md``)."""
    parts: list[StatePart | tuple[Any, ...]] = [
        StatePart(lambda st, seat: (st.year, st.season, st.phase, st.step, st.leader, st.to_move),
                  lambda st, seat, n, now: _head_turn(dict(zip(TURN_ENTRIES, (
                      YEARS[now[0]], SEASONS[now[1]], now[2], ("midterm", "final")[now[3]], *now[4:]))), _rel(seat, n)),
                  fresh=True),
        (lambda st, seat: (st.quad, len(st.student_deck), len(st.org_deck), len(st.event_deck), st.event_discard),
         lambda st, seat, n, now: _head_table({"quad": sorted(now[0]), "student_deck": now[1],
                                               "organization_deck": now[2], "event_deck": now[3],
                                               "event_discard": list(now[4])}, _indexes(load())),
         lambda seat, n: "table"),
        StatePart(lambda st, seat: (st.playing, list(st.ex_queue) if st.ex_queue is not None else None,
                                    {k: len(v) for k, v in st.stacks.items()} if st.public_draft else None),
                  lambda st, seat, n, now: _head_play(dict(zip(("playing", "exchanging", "stacks"), now)),
                                                      _rel(seat, n), _indexes(load())), fresh=True)]
    for r in range(players):
        parts += [(lambda st, seat, r=r: (st.enrolled[(seat + r) % st.players], st.hands[(seat + r) % st.players]),
                   lambda st, seat, n, now, r=r: _seat_hand(_hand_view(now[1], st.comps.events, r == 0), now[0],
                                                            _indexes(load())), None),
                  StatePart(lambda st, seat, r=r: [[cid, p.x, p.y, p.parent, p.bonds]
                                                   for cid, p in st.cliques[(seat + r) % st.players].items()],
                            lambda st, seat, n, now: _seat_clique({"clique": now}, _indexes(load())),
                            lambda seat, n, r=r: ("clique", (seat + r) % n), fresh=True),
                  StatePart(lambda st, seat, r=r: _rest_view(st, (seat + r) % st.players),
                            lambda st, seat, n, now: _seat_rest(now, _indexes(load())),
                            lambda seat, n, r=r: ("rest", (seat + r) % n), fresh=True)]
    return tuple(parts)


def _hand_view(hand: list[str], events: Any, own: bool) -> dict[str, Any]:
    """A seat's hand entries of ``observation(seat)`` (the cards only to their own seat)."""
    return {"hand": sorted(hand) if own else None, "hand_size": len(hand),
            "events_in_hand": sum(1 for c in hand if c in events)}


def _rest_view(st: Any, s: int) -> dict[str, Any]:
    """Seat ``s``'s signatures, marker supply and face-down drama, as ``observation(seat)`` has them."""
    return {"signatures": dict(sorted(st.signatures[s].items())), "supply": st.supply[s],
            "drama_face_down": sorted(st.shown[s]) if st.shown else []}


def _rel(seat: int, players: int) -> Callable[[Any], int | None]:
    def rel(s: Any) -> int | None:
        return None if s is None else (int(s) - seat) % players
    return rel


TURN_ENTRIES = ("year", "season", "phase", "step", "leader", "to_move")
"""The observation entries :func:`_head_turn` reads."""


def _head(obs: Mapping[str, Any], seat: int, players: int, idx: tuple[dict[str, int], ...]) -> list[float]:
    """The calendar, the turn, the quad, the decks and the drama in play."""
    rel = _rel(seat, players)
    return _head_turn(obs, rel) + _head_table(obs, idx) + _head_play(obs, rel, idx)


def _head_turn(obs: Mapping[str, Any], rel: Callable[[Any], int | None]) -> list[float]:
    out: list[float] = []
    out += one_hot(obs["year"], YEARS)
    out += one_hot(obs["season"], SEASONS)
    out += one_hot(obs["phase"], PHASES)
    out += one_hot(obs["step"], ("midterm", "final"))
    out += one_hot(rel(obs["leader"]), range(MAX_PLAYERS))
    out += one_hot(rel(obs["to_move"]), range(MAX_PLAYERS))
    return out


def _head_table(obs: Mapping[str, Any], idx: tuple[dict[str, int], ...]) -> list[float]:
    card_at, play_at, event_at, drama_at = idx
    out = multi_hot(obs["quad"], card_at)
    out += [obs["student_deck"] / 30.0, obs["organization_deck"] / 24.0, obs["event_deck"] / 40.0]
    out += multi_hot(obs["event_discard"], event_at)
    return out


def _head_play(obs: Mapping[str, Any], rel: Callable[[Any], int | None], idx: tuple[dict[str, int], ...]
               ) -> list[float]:
    card_at, play_at, event_at, drama_at = idx
    out = multi_hot([obs["playing"]] if obs["playing"] else [], play_at)
    exchanging = {rel(s) for s in obs["exchanging"] or ()}
    out += [1.0 if r in exchanging else 0.0 for r in range(MAX_PLAYERS)]
    stacks = obs["stacks"] or {}
    out += [stacks.get(k, 0) / 5.0 for k in DRAMA_KINDS]
    return out


def _seat_block(obs: Mapping[str, Any], s: int, idx: tuple[dict[str, int], ...]) -> list[float]:
    """Seat ``s``'s enrolment, hand, clique, signatures, marker supply and face-down drama."""
    p = obs["players"][s]
    return _seat_hand(p, obs["enrolled"][s], idx) + _seat_clique(p, idx) + _seat_rest(p, idx)


def _seat_hand(p: Mapping[str, Any], enrolled: Any, idx: tuple[dict[str, int], ...]) -> list[float]:
    card_at, play_at, event_at, drama_at = idx
    out = [1.0 if enrolled else 0.0]
    out += multi_hot(p["hand"], play_at)
    out += [p["hand_size"] / 5.0, p["events_in_hand"] / 5.0]
    return out


def _seat_clique(p: Mapping[str, Any], idx: tuple[dict[str, int], ...]) -> list[float]:
    card_at, play_at, event_at, drama_at = idx
    clique = [0.0] * (5 * len(card_at))
    for cid, x, y, parent, bonds in p["clique"]:
        i = 5 * card_at[cid]
        clique[i:i + 5] = [1.0, 1.0 if parent is None else 0.0, x / SPAN, y / SPAN, bonds / 5.0]
    clique.append(len(p["clique"]) / 10.0)
    return clique


def _seat_rest(p: Mapping[str, Any], idx: tuple[dict[str, int], ...]) -> list[float]:
    card_at, play_at, event_at, drama_at = idx
    sig = p["signatures"]
    out = [sig.get(k, 0) / 10.0 for k in CATEGORIES]
    out += [p["supply"] / MARKERS]
    out += multi_hot(p["drama_face_down"], drama_at)
    return out
