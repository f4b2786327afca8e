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
from typing import Any

from homeroom.engine import Action
from homeroom.engine.features import Run, StatePart, multi_hot, one_hot, seat_runs
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


_INDEXES: list[tuple[Any, tuple[Any, ...]]] = []


def _indexes(c: Any) -> tuple[Any, ...]:
    """Each component's position in its domain, built once per components object (not per call)."""
    if not _INDEXES or _INDEXES[0][0] is not c:
        _INDEXES[:] = [(c, ({t: i for i, t in enumerate(c.treatises)}, {x: i for i, x in enumerate(c.cells)},
                            {s: i for i, s in enumerate(SUBJECTS)}, {t: i for i, t in enumerate(c.commissions)},
                            _contexts()))]
    return _INDEXES[0][1]


def observation_features(obs: Mapping[str, Any], seat: int, players: int) -> list[float]:
    """The numbers ``seat`` sees, from its observation ``obs``."""
    c = components()
    idx = _indexes(c)
    rel = _rel(seat, players)
    out = _turn(obs, rel, c) + _table(obs, rel, c, idx) + _decision(obs, rel, idx)
    for r in range(players):
        out += _seat_block(obs, (seat + r) % players, players, c, idx)
    return out


SEAT_ENTRIES = ("influence", "theories", "contribution", "contribution_stack", "hand", "held_aside",
                "authority", "laid_down", "sabbatical", "presentation", "secretaries_in_hand")
"""The per-seat entries of the observation a seat's block reads (with the turn order)."""


def state_parts(players: int) -> tuple[StatePart | tuple[Any, ...], ...]:
    """:func:`observation_features` as consecutive parts read straight from the state, each with
    what it reads (``live``) and its numbers (``encode``, the same functions over the same entries
    ``observation(seat)`` has): the RL package encodes a part again only when that changed,
    without building the whole observation (see ``ENCODING.md``)."""
    parts: list[StatePart | tuple[Any, ...]] = [
        StatePart(lambda st, seat: (st.round, st.phase, st.to_move),
                  lambda st, seat, n, now: _turn({"round": now[0], "round_marker": "END" if now[1] == 0 else now[0],
                                                  "phase": now[1], "to_move": now[2]}, _rel(seat, n), components()),
                  fresh=True),
        (lambda st, seat: (st.secretariat, st.beside, st.board),
         lambda st, seat, n, now: _board(dict(zip(BOARD_ENTRIES, now)), _rel(seat, n), components(),
                                         _indexes(components())), None),
        StatePart(lambda st, seat: _piles_view(st), lambda st, seat, n, now: _piles(now, _indexes(components())),
                  lambda seat, n: "piles", fresh=True),
        StatePart(lambda st, seat: _decision_view(st),
                  lambda st, seat, n, now: _decision(now, _rel(seat, n), _indexes(components())), fresh=True)]
    for r in range(players):
        parts.append((lambda st, seat, r=r: _seat_live(st, (seat + r) % st.players),
                      lambda st, seat, n, now, r=r: _seat_block(_seat_view(now, (seat + r) % n), (seat + r) % n, n,
                                                                components(), _indexes(components())),
                      lambda seat, n, r=r: ("seat", (seat + r) % n)))
    return tuple(parts)


def _piles_view(st: Any) -> dict[str, Any]:
    """The entries of ``observation(seat)`` that :func:`_piles` reads."""
    return {"royal_commission_pile": len(st.rc_pile), "royal_commissions_revealed": list(st.rc_revealed),
            "royal_commissions_done": list(st.rc_done),
            "treatise_piles": {k: len(v) for k, v in st.tr_piles.items()},
            "treatises_revealed": {k: list(v) for k, v in st.tr_revealed.items()},
            "treatise_discards": {k: sorted(v) for k, v in st.tr_discard.items()},
            "treatises_removed": sorted(st.tr_removed)}


def _decision_view(st: Any) -> dict[str, Any]:
    top = st.pending[-1] if st.pending else None
    return {"decision": None if top is None else {"kind": top.kind, "seat": top.seat, "n": top.n, "for": top.ctx,
                                                  "subjects": list(top.subjects)},
            "queue": [list(q) for q in st.queue], "activation": st.activation}


def _seat_live(st: Any, s: int) -> tuple[Any, ...]:
    """What seat ``s``'s block reads of the state."""
    return (st.order, st.influence[s], st.theories[s], st.contribution[s], st.stamp[s], st.hand[s],
            st.held[s] if st.held else 0, st.authority[s], st.laid[s], st.sabbatical[s], st.presentation[s],
            st.sec_hand[s])


def _seat_view(live: tuple[Any, ...], s: int) -> dict[str, Any]:
    """Seat ``s``'s entries of ``observation(seat)`` from what :func:`_seat_live` read, as
    :func:`_seat_block` reads them."""
    return {"order": live[0], **{k: {s: v} for k, v in zip(SEAT_ENTRIES, live[1:])}}


def _rel(seat: int, players: int) -> Callable[[Any], int | None]:
    def rel(s: Any) -> int | None:
        return None if s is None or s < 0 else (int(s) - seat) % players
    return rel


BOARD_ENTRIES = ("secretariat", "beside", "board")
"""The observation entries :func:`_board` reads."""
PILE_ENTRIES = ("royal_commission_pile", "royal_commissions_revealed", "royal_commissions_done", "treatise_piles",
                "treatises_revealed", "treatise_discards", "treatises_removed")
"""The observation entries :func:`_piles` reads."""


def _turn(obs: Mapping[str, Any], rel: Callable[[Any], int | None], c: Any) -> list[float]:
    """The round, the phase and the seat to move."""
    rounds = float(c.rules.rounds)
    marker = obs["round_marker"]
    out: list[float] = [obs["round"] / rounds, 0.0 if marker == "END" else 1.0]
    out += one_hot(obs["phase"], range(6))
    out += one_hot(rel(obs["to_move"]), range(MAX_PLAYERS))
    return out


def _table(obs: Mapping[str, Any], rel: Callable[[Any], int | None], c: Any, idx: Any) -> list[float]:
    """The Secretariat, the board and the tile piles."""
    return _board(obs, rel, c, idx) + _piles(obs, idx)


def _board(obs: Mapping[str, Any], rel: Callable[[Any], int | None], c: Any, idx: Any) -> list[float]:
    """The Secretariat and who stands on each space of the board."""
    treatise_at, cell_at, subject_at, commission_at, contexts = idx
    out = multi_hot(obs["secretariat"], subject_at) + multi_hot(obs["beside"], subject_at)
    width = MAX_PLAYERS + len(subject_at)  # per space: pawns of each seat x 0.5, the Secretaries' subjects
    spaces = [0.0] * (len(c.spaces) * width)  # written only where a space holds pawns
    board = obs["board"]
    for k, space in enumerate(c.spaces):
        here = board.get(space.id)
        if not here:
            continue
        for who, pawn in here:
            r = rel(who)
            if r is not None:
                spaces[k * width + r] += 0.5
            if pawn != "scholar":
                if pawn not in subject_at:
                    raise ValueError(f"the RL encoding does not know the value {pawn!r}")
                spaces[k * width + MAX_PLAYERS + subject_at[pawn]] = 1.0
    return out + spaces


def _piles(obs: Mapping[str, Any], idx: Any) -> list[float]:
    """The Royal Commissions and the Treatise piles, revealed tiles and discards."""
    treatise_at, cell_at, subject_at, commission_at, contexts = idx
    out = [obs["royal_commission_pile"] / 10.0]
    out += multi_hot(obs["royal_commissions_revealed"], commission_at)
    out += multi_hot(obs["royal_commissions_done"], commission_at)
    out += [obs["treatise_piles"].get(s, 0) / 9.0 for s in SUBJECTS]
    out += multi_hot([t for s in SUBJECTS for t in obs["treatises_revealed"].get(s, [])], treatise_at)
    out += multi_hot([t for s in SUBJECTS for t in obs["treatise_discards"].get(s, [])], treatise_at)
    out += multi_hot(obs["treatises_removed"], treatise_at)
    return out


def _decision(obs: Mapping[str, Any], rel: Callable[[Any], int | None], idx: Any) -> list[float]:
    """The pending decision, the queue behind it and the Treatise being activated."""
    treatise_at, cell_at, subject_at, commission_at, contexts = idx
    decision = obs["decision"] or {}
    out = one_hot(decision.get("kind"), KINDS)
    out += one_hot(rel(decision.get("seat")), range(MAX_PLAYERS))
    out.append(float(decision.get("n", 0)) / 10.0 if isinstance(decision.get("n"), int) else 0.0)
    out += one_hot(decision.get("for"), contexts)
    out += multi_hot(decision.get("subjects", []), subject_at)
    out.append(len(obs["queue"]) / 5.0)
    out += one_hot(obs["activation"], range(-1, len(SUBJECTS) * SLOTS))  # -1: none, else a position
    return out


def _seat_block(obs: Mapping[str, Any], s: int, players: int, c: Any, idx: Any) -> list[float]:
    """Seat ``s``'s place in the turn order, tracks, hand, Authority cells, Sabbaticals and Treatises."""
    treatise_at, cell_at, subject_at, commission_at, contexts = idx
    order = list(obs["order"])
    out: list[float] = [(order.index(s) + 1) / players if s in order else 0.0, obs["influence"][s] / 20.0]
    out += [t / 6.0 for t in obs["theories"][s]]
    out += [obs["contribution"][s] / 6.0, obs["contribution_stack"][s] / 20.0]
    out += [obs["hand"][s] / 7.0, obs["held_aside"][s] / 7.0]
    out += multi_hot(obs["authority"][s], cell_at) + multi_hot(obs["laid_down"][s], cell_at)
    out += [v / 3.0 for v in obs["sabbatical"][s]]
    shown = [0.0] * (3 * len(c.treatises))
    for row, subject_row in enumerate(obs["presentation"][s]):
        for pos, tile in enumerate(subject_row):
            if tile in treatise_at:
                i = 3 * treatise_at[tile]
                shown[i:i + 3] = [1.0, (row + 1) / len(SUBJECTS), (pos + 1) / SLOTS]
    out += shown
    out += multi_hot(obs["secretaries_in_hand"][s], subject_at)
    return out
