"""The reinforcement-learning encoding of Academic Society (read by ``homeroom.rl``; see
``src/homeroom/rl/ENCODING.md`` for the contract every game's ``rl.py`` follows).

Actions. Every action is a key of field values from fixed domains built from the component data:

| block | key (domain) |
| --- | --- |
| Declare | tile (Royal Commission tiles), achieve (no, yes) |
| Place | space (action spaces), pawn (scholar, then the Secretaries' subjects) |
| Sabbatical | subject, advance (no, yes) |
| TakeTreatise | tile (Treatise tiles), subject, slot (0-2), replace (no, yes) |
| Spend, Gain | counts: every (Mathematics, Physics, Astronomy, Chemistry) split of 0 to 8 Theories with at most the theory limit of one subject, in a stable order |
| Move | cell, to (Authority cells) |
| Maintain | cell (Authority cells), keep (no, yes) |
| Salon | exchange (no, yes) |
| Bonus, Done | (none) |
| Activate | tile (Treatise tiles) |

Observation (all from ``observation(seat)``; seats in the order "me, then the seats after me"):
the round, phase and the seat to move (relative); per seat: its place in the turn order, Influence,
Theories, Contribution and its stack, scholars in hand and held aside, its Authority scholars and
those laid down, Sabbatical scholars, the Treatises in its presentation spaces (subject and
position), its Secretaries in hand; the Secretariat and the Secretaries beside it; who stands on
every action space (and which Secretary); the Royal Commission pile size, revealed and achieved
tiles; the Treatise piles' sizes, the revealed, discarded and removed tiles; the pending decision
(kind, whose, its number, what it is for, its subjects), the queue length and the position being
activated.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from operator import itemgetter
from typing import Any, NamedTuple

from homeroom.engine import Action
from homeroom.engine.features import Run, Sparse, StatePart, dense, seat_runs
from homeroom.games.academic_society.actions import (
    Activate,
    Bonus,
    Declare,
    Done,
    Gain,
    Maintain,
    Move,
    Place,
    Sabbatical,
    Salon,
    Spend,
    TakeTreatise,
)
from homeroom.games.academic_society.components import SUBJECTS, components

FORMAT = 1
"""The encoding's version: raise it whenever an index or a feature changes meaning."""

MAX_PLAYERS = 4
MAX_SPLIT = 8
SLOTS = 3
KINDS = ("place", "declare", "maintain", "hq", "advance", "treatise", "spend", "gain", "blue", "red", "salon",
         "bonus", "activate", "effect")
CAUSES = ("", "effect", "bonus", "contribution", "penalty")
"""What a decision is for, besides the locations (a location's main or bonus action)."""


def _contexts() -> tuple[str, ...]:
    return CAUSES + tuple(loc for loc in components().locations if loc not in CAUSES)
Domains = tuple[tuple[str, tuple[Hashable, ...]], ...]


def _splits() -> tuple[tuple[int, int, int, int], ...]:
    cap = components().rules.theory_max
    out = []
    for n in range(MAX_SPLIT + 1):
        for a in range(n, -1, -1):
            for b in range(n - a, -1, -1):
                for c in range(n - a - b, -1, -1):
                    d = (a, b, c, n - a - b - c)
                    if max(d) <= cap:
                        out.append(d)
    return tuple(out)


def action_blocks() -> tuple[tuple[str, type[Action], Domains], ...]:
    """The blocks of indices in order: name, action type, the domains of the key's fields."""
    c = components()
    no_yes = (False, True)
    treatises = tuple(c.treatises)
    cells = tuple(c.cells)
    splits = _splits()
    blocks: tuple[tuple[type[Action], Domains], ...] = (
        (Declare, (("tile", tuple(c.commissions)), ("achieve", no_yes))),
        (Place, (("space", tuple(s.id for s in c.spaces)), ("pawn", ("scholar", *SUBJECTS)))),
        (Sabbatical, (("subject", SUBJECTS), ("advance", no_yes))),
        (TakeTreatise, (("tile", treatises), ("subject", SUBJECTS), ("slot", tuple(range(SLOTS))),
                        ("replace", no_yes))),
        (Spend, (("counts", splits),)),
        (Gain, (("counts", splits),)),
        (Move, (("cell", cells), ("to", cells))),
        (Maintain, (("cell", cells), ("keep", no_yes))),
        (Salon, (("exchange", no_yes),)),
        (Bonus, ()),
        (Activate, (("tile", treatises),)),
        (Done, ()),
    )
    return tuple((tp.type_name(), tp, fields) for tp, fields in blocks)


def action_key(obs: Mapping[str, Any], seat: int, action: Action) -> tuple[str, tuple[Hashable, ...]]:
    """The block and key of a legal ``action``: its own fields (no observation needed)."""
    name = action.type_name()
    if isinstance(action, Declare):
        return name, (action.tile, action.achieve)
    if isinstance(action, Place):
        return name, (action.space, action.pawn)
    if isinstance(action, Sabbatical):
        return name, (action.subject, action.advance)
    if isinstance(action, TakeTreatise):
        return name, (action.tile, action.subject, action.slot, action.replace)
    if isinstance(action, Spend | Gain):
        return name, (tuple(action.counts),)
    if isinstance(action, Move):
        return name, (action.cell, action.to)
    if isinstance(action, Maintain):
        return name, (action.cell, action.keep)
    if isinstance(action, Salon):
        return name, (action.exchange,)
    if isinstance(action, Activate):
        return name, (action.tile,)
    return name, ()




def _seat_size() -> int:
    c = components()
    return 1 + 1 + 4 + 2 + 2 + 2 * len(c.cells) + 4 + 3 * len(c.treatises) + 4


def observation_size(players: int) -> int:
    """The length of the feature vector at ``players`` seats."""
    c = components()
    head = 2 + 6 + MAX_PLAYERS + 8 + len(c.spaces) * (MAX_PLAYERS + 4) + 1 + 2 * len(c.commissions)
    head += 4 + 3 * len(c.treatises) + len(KINDS) + MAX_PLAYERS + 1 + len(_contexts()) + 4 + 1 + 1 + len(SUBJECTS) * SLOTS
    return head + players * _seat_size()


def observation_layout(players: int) -> list[Run]:
    """The feature vector at ``players`` seats as named runs with their bounds, in order: 0-1 for
    flags, a count bounded by the components there are; Influence, Contribution, the decision's
    number, the queue and Sabbatical have no cap in the rules (``inf``)."""
    c = components()
    inf = float("inf")
    pawns = 0.5 * (c.rules.scholars + len(SUBJECTS))  # a seat's scholars and Secretaries on one space
    space = "action spaces: per space, pawns of each seat (relative) x 0.5, Secretaries' subjects"
    head: list[Run] = [("round / rounds", 1, 0, 1), ("round marker not at END", 1, 0, 1), ("phase", 6, 0, 1),
                       ("to move (relative)", MAX_PLAYERS, 0, 1), ("Secretariat", len(SUBJECTS), 0, 1),
                       ("Secretaries beside it", len(SUBJECTS), 0, 1)]
    head += [run for _ in c.spaces for run in ((space, MAX_PLAYERS, 0, pawns), (space, len(SUBJECTS), 0, 1))]
    head += [("Royal Commission pile / 10", 1, 0, len(c.commissions) / 10.0),
             ("Royal Commissions revealed", len(c.commissions), 0, 1),
             ("Royal Commissions achieved", len(c.commissions), 0, 1),
             ("Treatise piles / 9", len(SUBJECTS), 0, len(c.treatises) / 9.0),
             ("Treatises revealed", len(c.treatises), 0, 1), ("Treatises discarded", len(c.treatises), 0, 1),
             ("Treatises removed", len(c.treatises), 0, 1), ("decision: kind", len(KINDS), 0, 1),
             ("decision: whose (relative)", MAX_PLAYERS, 0, 1), ("decision: number / 10", 1, 0, inf),
             ("decision: what it is for", len(_contexts()), 0, 1), ("decision: subjects", len(SUBJECTS), 0, 1),
             ("queue length / 5", 1, 0, inf), ("position being activated (none, then 12)", 1 + len(SUBJECTS) * SLOTS,
                                               0, 1)]
    seat: list[Run] = [("turn order place", 1, 0, 1), ("Influence / 20", 1, 0, inf),
                       ("Theories / 6 per subject", 4, 0, c.rules.theory_max / 6.0),
                       ("Contribution / 6, its stack / 20", 2, 0, inf),
                       ("scholars in hand / 7, held aside / 7", 2, 0, c.rules.scholars / 7.0),
                       ("Authority scholars, laid down (per cell)", 2 * len(c.cells), 0, 1),
                       ("Sabbatical scholars / 3 per subject", 4, 0, inf),
                       ("presentation: per Treatise shown, subject row, position", 3 * len(c.treatises), 0, 1),
                       ("Secretaries in hand", len(SUBJECTS), 0, 1)]
    return head + seat_runs(seat, players)


class _Index(NamedTuple):
    """Where each component's numbers go in its part of the vector (built once per components object)."""

    treatise: dict[int, int]
    cell: dict[int, int]
    subject: dict[str, int]
    commission: dict[int, int]
    context: dict[str, int]
    space: dict[str, int]
    rounds: float
    memo: dict[Hashable, Sparse]
    """The numbers of the parts whose live values recur (the turn, the decision), by part, live value,
    viewer and player count (see :func:`_memoized`), and of each space's pawns on the board (see
    :func:`_board`)."""
    at: dict[str, dict[Any, int]]
    """Per multi-hot run: each value's position in its part (for :func:`_hot`)."""
    parts: dict[int, tuple[StatePart, ...]]
    """:func:`state_parts` by player count (an env builds a reader per seat for every game)."""


_INDEX: list[tuple[Any, _Index]] = []
PHASE_AT = {p: p for p in range(6)}
SEAT_AT = {r: r for r in range(MAX_PLAYERS)}
KIND_AT = {k: i for i, k in enumerate(KINDS)}
ACTIVATION_AT = {a: a + 1 for a in range(-1, len(SUBJECTS) * SLOTS)}
"""-1 (no position being activated) first, then the 12 positions."""
MEMO_MAX = 100_000
"""Remembered encodings of recurring parts before the memory starts again (a bound, rarely reached)."""


def _index() -> _Index:
    """The active components' :class:`_Index` (built again only when the components object changes)."""
    c = components()
    if not _INDEX or _INDEX[0][0] is not c:
        treatise, cell = {t: i for i, t in enumerate(c.treatises)}, {x: i for i, x in enumerate(c.cells)}
        subject, commission = {s: i for i, s in enumerate(SUBJECTS)}, {t: i for i, t in enumerate(c.commissions)}
        piles = 1 + 2 * len(commission) + len(SUBJECTS)  # where the Treatises' runs start in the piles part

        def shifted(index: dict[Any, int], base: int) -> dict[Any, int]:
            return {v: base + i for v, i in index.items()}
        at = {"secretariat": shifted(subject, 0), "beside": shifted(subject, len(subject)),
              "rc_revealed": shifted(commission, 1), "rc_done": shifted(commission, 1 + len(commission)),
              "tr_revealed": shifted(treatise, piles), "tr_discard": shifted(treatise, piles + len(treatise)),
              "tr_removed": shifted(treatise, piles + 2 * len(treatise)), "authority": shifted(cell, 10),
              "laid": shifted(cell, 10 + len(cell)), "sec_hand": shifted(subject, 3 * len(treatise)),
              "decision_subjects": shifted(subject, len(KINDS) + MAX_PLAYERS + 1 + len(_contexts()))}
        _INDEX[:] = [(c, _Index(treatise, cell, subject, commission, {x: i for i, x in enumerate(_contexts())},
                                {s.id: k for k, s in enumerate(c.spaces)}, float(c.rules.rounds), {}, at, {}))]
    return _INDEX[0][1]


class _Sizes(NamedTuple):
    """The sizes of the parts of the vector, in order (the seat's tracks and shown tiles once per seat)."""

    turn: int
    board: int
    piles: int
    decision: int
    tracks: int
    shown: int


def _part_sizes(ix: _Index) -> _Sizes:
    cells, subjects = len(ix.cell), len(ix.subject)
    return _Sizes(turn=2 + len(PHASE_AT) + MAX_PLAYERS, board=2 * subjects + len(ix.space) * (MAX_PLAYERS + subjects),
                  piles=1 + 2 * len(ix.commission) + len(SUBJECTS) + 3 * len(ix.treatise),
                  decision=len(KINDS) + MAX_PLAYERS + 1 + len(ix.context) + subjects + 1 + len(ACTIVATION_AT),
                  tracks=10 + 2 * cells + len(SUBJECTS), shown=3 * len(ix.treatise) + subjects)


def observation_features(obs: Mapping[str, Any], seat: int, players: int) -> list[float]:
    """The numbers ``seat`` sees, from its observation ``obs`` (the same encoders as :func:`state_parts`)."""
    ix = _index()
    size = _part_sizes(ix)
    top = obs["decision"] or {}
    out = dense(_turn((obs["round"], obs["round_marker"] == "END", obs["phase"]), _rel(obs["to_move"], seat, players),
                      ix), size.turn)
    spaces = [(space, tuple(map(tuple, here))) for space, here in obs["board"].items()]
    out += dense(_board((obs["secretariat"], obs["beside"], spaces), seat, players, ix), size.board)
    out += dense(_piles((obs["royal_commission_pile"], obs["royal_commissions_revealed"], obs["royal_commissions_done"],
                         *(obs["treatise_piles"].get(s, 0) for s in SUBJECTS),
                         *(obs[k].get(s, ()) for k in ("treatises_revealed", "treatise_discards") for s in SUBJECTS),
                         obs["treatises_removed"]), ix), size.piles)
    out += dense(_decision((top.get("kind"), top.get("seat"), top.get("n"), top.get("for"), top.get("subjects", ()),
                            len(obs["queue"]), obs["activation"]), seat, players, ix), size.decision)
    for r in range(players):
        s = (seat + r) % players
        out += dense(_seat_tracks((obs["order"], *(obs[k][s] for k in TRACK_ENTRIES)), s, players, ix), size.tracks)
        out += dense(_seat_shown((obs["presentation"][s], obs["secretaries_in_hand"][s]), s, players, ix),
                     size.shown)
    return out


TRACK_ENTRIES = ("influence", "theories", "contribution", "contribution_stack", "hand", "held_aside",
                 "authority", "laid_down", "sabbatical")
"""The per-seat entries of the observation a seat's tracks read (after the turn order), in the order
:func:`_tracks_live` reads them from the state; its shown tiles read ``presentation`` and
``secretaries_in_hand``."""


def state_parts(players: int) -> tuple[StatePart, ...]:
    """:func:`observation_features` as consecutive parts read straight from the state, each with
    what it reads (``live``) and its numbers (``encode``, the same functions over the same entries
    ``observation(seat)`` has): the RL package encodes a part again only when that changed,
    without building the whole observation (see ``ENCODING.md``). Every part is sparse (its
    encoder gives only the numbers it sets); a seat's block is two parts, its tracks (changed by
    most moves) and its shown tiles (seldom)."""
    ix = _index()
    built = ix.parts.get(players)
    if built is None:
        built = ix.parts[players] = _build_parts(players, ix)
    return built


def _build_parts(players: int, ix: _Index) -> tuple[StatePart, ...]:
    size = _part_sizes(ix)

    def turn(st: Any, seat: int, n: int, now: tuple[int, int, int | None]) -> Sparse:
        return _turn((now[0], now[1] == 0, now[1]), _rel(now[2], seat, n), ix)

    def board(st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
        return _board(now, seat, n, ix)

    def piles(st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
        return _piles(now, ix)

    def decision(st: Any, seat: int, n: int, now: tuple[Any, ...]) -> Sparse:
        return _decision(now, seat, n, ix)

    parts = [StatePart(_turn_live, _memoized("turn", turn, ix), fresh=True, size=size.turn),
             StatePart(_board_live, board, fresh=True, size=size.board),
             StatePart(_piles_live, piles, _piles_key, size=size.piles),
             StatePart(_decision_live, _memoized("decision", decision, ix), fresh=True, size=size.decision)]
    for r in range(players):
        parts += [StatePart(_tracks_live(r), _seat_part(r, _seat_tracks, ix), _seat_key("tracks", r), fresh=True,
                            size=size.tracks),
                  StatePart(_shown_live(r), _seat_part(r, _seat_shown, ix),
                            _seat_key("shown", r), size=size.shown)]
    return tuple(parts)


def _memoized(name: str, encode: Callable[[Any, int, int, Any], Sparse], ix: _Index) -> Callable[..., Sparse]:
    """``encode`` for a part whose live value (hashable) recurs from game to game: each value is
    encoded once per viewer and player count, and the same numbers handed out again (a sparse
    part's numbers are only read)."""
    memo = ix.memo

    def run(st: Any, seat: int, players: int, now: Any) -> Sparse:
        key = (name, now, seat, players)
        hit = memo.get(key)
        if hit is None:
            hit = _remember(memo, key, encode(st, seat, players, now))
        return hit
    return run


# ------------------------------------------------------------------ what each part reads of the state
def _turn_live(st: Any, seat: int) -> tuple[int, int, int | None]:
    return st.round, st.phase, st.to_move


def _board_live(st: Any, seat: int) -> tuple[Any, ...]:
    """The Secretariat, the Secretaries beside it and each occupied space with its pawns (a tuple
    of tuples of a seat and a kind, never changed in place), copied: cheaper to build and compare
    every step than a copy of the whole board when it changed."""
    return tuple(st.secretariat), tuple(st.beside), [(k, tuple(v)) for k, v in st.board.items() if v]


_by_subject = itemgetter(*SUBJECTS)
"""A dict's values of every subject, in :data:`SUBJECTS` order."""


def _piles_live(st: Any, seat: int) -> tuple[Any, ...]:
    """The piles' entries of ``observation(seat)`` as :func:`_piles` reads them, one flat tuple: the
    Royal Commission pile's size, the state's own lists of the revealed and achieved ones, each
    subject's Treatise pile size (the face-down order is never encoded, so neither read nor copied),
    its revealed and its discarded Treatises, the removed ones (a flat tuple of lists of numbers is
    copied in half the time the dicts of lists took)."""
    try:
        return (len(st.rc_pile), st.rc_revealed, st.rc_done, *map(len, _by_subject(st.tr_piles)),
                *_by_subject(st.tr_revealed), *_by_subject(st.tr_discard), st.tr_removed)
    except KeyError:  # a position without some subject's piles (none in play): nothing there
        return (len(st.rc_pile), st.rc_revealed, st.rc_done, *(len(st.tr_piles.get(s, ())) for s in SUBJECTS),
                *(d.get(s, []) for d in (st.tr_revealed, st.tr_discard) for s in SUBJECTS), st.tr_removed)


def _piles_key(seat: int, players: int) -> Hashable:
    return "piles"


def _decision_live(st: Any, seat: int) -> tuple[Any, ...]:
    """The top decision's fields, the queue's length and the position being activated."""
    if st.pending:
        top = st.pending[-1]
        return top.kind, top.seat, top.n, top.ctx, tuple(top.subjects), len(st.queue), st.activation
    return None, None, None, None, (), len(st.queue), st.activation


def _tracks_live(r: int) -> Callable[[Any, int], tuple[Any, ...]]:
    """What the tracks of the seat ``r`` after the viewer read: the turn order, then the seat's
    values of :data:`TRACK_ENTRIES`, its lists copied as tuples (a new value each time: cheaper than
    a copy made when it changed, as a seat's tracks change at most of its steps)."""
    def live(st: Any, seat: int) -> tuple[Any, ...]:
        s = (seat + r) % st.players
        return (tuple(st.order), st.influence[s], tuple(st.theories[s]), st.contribution[s], st.stamp[s],
                st.hand[s], st.held[s] if st.held else 0, tuple(st.authority[s]), tuple(st.laid[s]),
                tuple(st.sabbatical[s]))
    return live


def _shown_live(r: int) -> Callable[[Any, int], tuple[Any, ...]]:
    """The presentation spaces and Secretaries in hand of the seat ``r`` after the viewer."""
    def live(st: Any, seat: int) -> tuple[Any, ...]:
        s = (seat + r) % st.players
        return st.presentation[s], st.sec_hand[s]
    return live


def _seat_part(r: int, block: Callable[[Any, int, int, _Index], Sparse], ix: _Index) -> Callable[..., Sparse]:
    def encode(st: Any, seat: int, players: int, now: tuple[Any, ...]) -> Sparse:
        return block(now, (seat + r) % players, players, ix)
    return encode


def _seat_key(name: str, r: int) -> Callable[[int, int], Hashable]:
    def key(seat: int, players: int) -> Hashable:
        return name, (seat + r) % players
    return key


# ------------------------------------------------------------------ the encoders (both paths)
def _rel(s: Any, seat: int, players: int) -> int | None:
    """Seat ``s`` relative to the viewer ``seat`` (None for no seat)."""
    return None if s is None or s < 0 else (int(s) - seat) % players


def _at(value: Any, index: Mapping[Any, int]) -> int | None:
    """``value``'s place in a one-hot's ``index`` (None for None or ""), as :func:`one_hot` checks it."""
    if value is None or value == "":
        return None
    at = index.get(value)
    if at is None:
        raise ValueError(f"the RL encoding does not know the value {value!r} (known: {list(index)})")
    return at


def _hot(out: Sparse, at: Mapping[Any, int], values: Any) -> None:
    """Set 1 at ``at[v]`` for every ``v`` in ``values`` (``at``: a run's positions in its part, from
    :attr:`_Index.at`), as :func:`multi_hot` does."""
    v = None
    try:
        for v in values or ():
            out[at[v]] = 1.0
    except KeyError:
        raise ValueError(f"the RL encoding does not know the value {v!r}") from None


def _turn(entries: tuple[int, bool, int], mover: int | None, ix: _Index) -> Sparse:
    """The round, whether the round marker is at END, the phase and the seat to move (relative)."""
    round_, ended, phase = entries
    out: Sparse = {0: round_ / ix.rounds}
    if not ended:
        out[1] = 1.0
    at = _at(phase, PHASE_AT)
    if at is not None:
        out[2 + at] = 1.0
    at = _at(mover, SEAT_AT)
    if at is not None:
        out[2 + len(PHASE_AT) + at] = 1.0
    return out


def _board(entries: tuple[Any, Any, Any], seat: int, players: int, ix: _Index) -> Sparse:
    """The Secretariat, the Secretaries beside it and who stands on each space of the board: per
    space, 0.5 per pawn of each seat (relative) and the subjects of the Secretaries there.
    ``entries``: the Secretariat, beside it, and ``(space, pawns)`` per space (a pawn: seat, kind).
    A space's numbers are remembered by its pawns, viewer and player count (the same few recur)."""
    secretariat, beside, spaces = entries
    memo, at = ix.memo, ix.at
    out: Sparse = {}
    _hot(out, at["secretariat"], secretariat)
    _hot(out, at["beside"], beside)
    for item in spaces:
        if item[1]:  # (an empty space sets nothing)
            key = ("space", item, seat, players)
            try:
                numbers = memo.get(key)
            except TypeError:  # pawns as lists (unhashable): not remembered
                numbers = _space(item, seat, players, ix)
            if numbers is None:
                numbers = _remember(memo, key, _space(item, seat, players, ix))
            out.update(numbers)
    return out


def _space(item: tuple[Any, ...], seat: int, players: int, ix: _Index) -> Sparse:
    """The numbers of one space of the board, ``item`` = ``(space, pawns)``, in the board's part."""
    space, here = item
    k = ix.space.get(space)
    out: Sparse = {}
    if k is None:
        return out
    subject_at = ix.subject
    base = 2 * len(subject_at) + k * (MAX_PLAYERS + len(subject_at))
    for who, pawn in here:
        if who is not None and who >= 0:
            at = base + (who - seat) % players
            out[at] = out.get(at, 0.0) + 0.5
        if pawn != "scholar":
            at = subject_at.get(pawn, -1)
            if at < 0:
                raise ValueError(f"the RL encoding does not know the value {pawn!r}")
            out[base + MAX_PLAYERS + at] = 1.0
    return out


def _remember(memo: dict[Hashable, Sparse], key: Hashable, numbers: Sparse) -> Sparse:
    """``numbers`` kept in ``memo`` under ``key`` (the memory starts again when full)."""
    if len(memo) >= MEMO_MAX:
        memo.clear()
    memo[key] = numbers
    return numbers


def _piles(entries: tuple[Any, ...], ix: _Index) -> Sparse:
    """The Royal Commissions (pile size, revealed, achieved) and the Treatises (pile sizes, revealed,
    discarded, removed); ``entries`` as :func:`_piles_live` reads them: the Royal Commission pile's
    size, the revealed and the achieved ones, then per subject (in :data:`SUBJECTS` order) its
    Treatise pile's size, then its revealed Treatises, then its discarded ones, and the removed
    Treatises last."""
    n = len(SUBJECTS)
    at = ix.at
    pile = entries[0]
    out: Sparse = {0: pile / 10.0} if pile else {}
    _hot(out, at["rc_revealed"], entries[1])
    _hot(out, at["rc_done"], entries[2])
    base = 1 + 2 * len(ix.commission)
    for i, size in enumerate(entries[3:3 + n]):
        if size:
            out[base + i] = size / 9.0
    for tiles in entries[3 + n:3 + 2 * n]:
        _hot(out, at["tr_revealed"], tiles)
    for tiles in entries[3 + 2 * n:3 + 3 * n]:
        _hot(out, at["tr_discard"], tiles)
    _hot(out, at["tr_removed"], entries[3 + 3 * n])
    return out


def _decision(entries: tuple[Any, ...], seat: int, players: int, ix: _Index) -> Sparse:
    """The pending decision (kind, whose, its number, what it is for, its subjects), the queue's
    length and the position being activated: ``entries`` as :func:`_decision_live` reads them."""
    kind, whose, n, ctx, subjects, queue, activation = entries
    out: Sparse = {}
    at = _at(kind, KIND_AT)
    if at is not None:
        out[at] = 1.0
    base = len(KINDS)
    at = _at(_rel(whose, seat, players), SEAT_AT)
    if at is not None:
        out[base + at] = 1.0
    base += MAX_PLAYERS
    if isinstance(n, int) and n:
        out[base] = float(n) / 10.0
    base += 1
    at = _at(ctx, ix.context)
    if at is not None:
        out[base + at] = 1.0
    base += len(ix.context)
    _hot(out, ix.at["decision_subjects"], subjects)
    base += len(SUBJECTS)
    if queue:
        out[base] = queue / 5.0
    at = _at(activation, ACTIVATION_AT)
    if at is not None:
        out[base + 1 + at] = 1.0
    return out


def _seat_tracks(entries: tuple[Any, ...], s: int, players: int, ix: _Index) -> Sparse:
    """Seat ``s``'s place in the turn order, Influence, Theories, Contribution and its stack,
    scholars in hand and held aside, Authority scholars and those laid down, Sabbatical scholars:
    ``entries`` as :func:`_tracks_live` reads them (the order, then :data:`TRACK_ENTRIES`)."""
    order, influence, theories, contribution, stack, hand, held, authority, laid, sabbatical = entries
    out: Sparse = {}  # only the nonzero numbers: each is written into the kept vector, and cleared later
    if s in order:
        out[0] = (order.index(s) + 1) / players
    if influence:
        out[1] = influence / 20.0
    for i, t in enumerate(theories):
        if t:
            out[2 + i] = t / 6.0
    if contribution:
        out[6] = contribution / 6.0
    if stack:
        out[7] = stack / 20.0
    if hand:
        out[8] = hand / 7.0
    if held:
        out[9] = held / 7.0
    cells = len(ix.cell)
    for i, v in enumerate(sabbatical):
        if v:
            out[10 + 2 * cells + i] = v / 3.0
    _hot(out, ix.at["authority"], authority)
    _hot(out, ix.at["laid"], laid)
    return out


def _seat_shown(entries: tuple[Any, Any], s: int, players: int, ix: _Index) -> Sparse:
    """The Treatises in seat ``s``'s presentation spaces (per tile: shown, subject row, position)
    and its Secretaries in hand: ``entries`` as :func:`_shown_live` reads them."""
    presentation, secretaries = entries
    out: Sparse = {}
    treatise_at = ix.treatise
    rows = len(SUBJECTS)
    for row, subject_row in enumerate(presentation):
        for pos, tile in enumerate(subject_row):
            i = treatise_at.get(tile)
            if i is not None:
                at = 3 * i
                out[at] = 1.0
                out[at + 1] = (row + 1) / rows
                out[at + 2] = (pos + 1) / SLOTS
    _hot(out, ix.at["sec_hand"], secretaries)
    return out
