"""Academic Society evaluation: an estimate of each seat's final Influence.

The final Influence (rulebook: Scoring) is the Influence track plus the game-end Influence of the
Authority-track cells, the Sabbatical track ends and the Treatise tiles; ``scores()`` gives that for
the position as it stands. On top of it a good player counts what the position will still produce:

* Treatise tiles: each activates once in every Phase 5 still to come, so a tile is worth its effect
  (Influence, Theories, Contribution, a blue-arrow or Sabbatical move, a further tile; a priced
  effect never below nothing, since it may be declined) times the activations left;
* a scholar on a Sabbatical track: the share of the row's end Influence its progress stands for
  (discounted when the Crest for the next space is missing or too few rounds are left to finish),
  the ongoing effects of the spaces it has reached, and the Library access it opens: each free place
  on that subject's Treatise presentation space is a Treatise still to take;
* Theories (capped at 6 a subject): the currency of Royal Commissions, the Lecture Hall, the
  Headquarters, the Treatises and the Research Report costs; worth little once the last Phase 5 is
  near (left over, they only break ties);
* Contribution: turn order, the Phase 4 bonuses and the bonus actions it pays for;
* scholars and Secretaries free to place: a placement in each Phase 2 still to come (the Salon's
  1 Influence is the least a placement yields).

Authority cells count at their printed end-game Influence (already in ``scores()``): the Research
Report cost of keeping them is what the Theories above are worth.

Everything read is public on the table (the boards, tracks, revealed tiles and Influence).
"""

from __future__ import annotations

from typing import Any

from homeroom.engine.bots import BotSettings
from homeroom.games.academic_society.components import components
from homeroom.games.academic_society.individual_board import flasks
from homeroom.games.academic_society.management_board import crest
from homeroom.games.academic_society.scoring import score_totals

ROUNDS = 7
W_THEORY = 0.45
"""A Theory: two buy a Royal Commission's 2 Contribution or a Calculus' 4 Influence (less upkeep)."""
W_CONTRIBUTION = 0.5
"""A Contribution: a bonus action, or a place higher on the Contribution track."""
W_PLACEMENT = 1.1
"""A placement in a Phase 2 still to come: at least the Salon's 1 Influence."""
W_BLUE_MOVE = 1.5
"""A blue-arrow move: a scholar one row up the Authority track (more end Influence, a better Crest)."""
W_SABBATICAL_MOVE = 2.0
"""A Sabbatical step taken by a Treatise (no action spent)."""
W_PLACE_TILE = 1.5
"""A Treatise effect that takes a revealed tile (if there is room)."""
EFFECT_ROUND = {"royal_commission": 0.3, "research_report": 0.35, "theory_gain": 0.5}
"""What each Sabbatical effect saves or gains per round still to play, in Influence."""
SLOT_SHARE = 0.45
"""The part of a typical Treatise's value a free presentation place stands for (it still costs an
action at the Library or Headquarters, and the tiles are contested)."""
RESOLVE = frozenset({"hq", "treatise", "blue", "advance"})
"""Pending choices that finish a main action or effect: valued by their best option."""
STATIC_KEY = "_c_static_values"
"""Where :func:`values` leaves a looked-ahead position's :func:`static_values` (a cache the
state's ``apply`` drops, see ``AcademicState.cache_keys``)."""
CHILDREN_KEY = "_c_children"
"""Where :func:`values` leaves the positions after each option of a pending choice (``id`` of the
legal action -> position), which ``greedy`` then expands instead of copying and applying again."""
TYPICAL_TILE_END = 1.5
"""A Treatise still to take: its end Influence (about what the tiles show) ..."""
TYPICAL_TILE_ROUND = 1.0
"""... and what one Phase 5 activation yields (2 Theories, or 1-2 Influence)."""


def rounds_left(state: Any) -> float:
    """Phase 5s still to come, counting this round's if it has not happened yet."""
    if state.phase == 0:
        return 0.0
    here = 1.0 if state.phase <= 5 else 0.0
    return float(max(0, ROUNDS - state.round)) + here


def settled_authority(state: Any, seat: int) -> tuple[list[int], int]:
    """The seat's Authority cells once its laid-down scholars have followed their red arrows (Phase 3)
    and the column rule has returned the extra ones, and how many return to hand."""
    laid = state.laid[seat] if state.laid else []
    if not laid:
        return list(state.authority[seat]), 0
    cells = components().cells
    moved = list(state.authority[seat])
    for o in laid:
        if o in moved and cells[o].red:
            moved.remove(o)
            moved.append(cells[o].red)
    best: dict[str, int] = {}
    for o in moved:
        column = cells[o].column
        best[column] = max(best.get(column, 0), o)
    kept = sorted(best.values())
    return kept, len(moved) - len(kept)


_TILE_MEMO: dict[tuple[int, int, int], float] = {}
_TILE_COMPONENTS: list[Any] = [None]


def _tile_value(state: Any, seat: int, tid: int, counts: dict[str, int]) -> float:
    """:func:`tile_round_value`, memoised on the tile and the flask counts it reads (``counts``:
    the seat's flasks by kind, filled as needed): the evaluation values every presented tile of
    every seat in each of the thousands of positions a search looks at."""
    comps = components()
    if _TILE_COMPONENTS[0] is not comps:
        _TILE_MEMO.clear()
        _TILE_COMPONENTS[0] = comps
    t = comps.treatises[tid]
    key = (tid, _count(counts, state, seat, "triangle") if t.per_triangle_flask else -1,
           _count(counts, state, seat, "round") if t.per_round_flask else -1)
    v = _TILE_MEMO.get(key)
    if v is None:
        v = _TILE_MEMO[key] = tile_round_value(state, seat, tid)
    return v


def _count(counts: dict[str, int], state: Any, seat: int, kind: str) -> int:
    n = counts.get(kind)
    if n is None:
        n = counts[kind] = flasks(state, seat, kind)
    return n


def tile_round_value(state: Any, seat: int, tid: int) -> float:
    """One Phase 5 activation of Treatise ``tid`` for ``seat``, in Influence."""
    t = components().treatises[tid]
    v = float(t.gain_influence)
    v += W_THEORY * (sum(t.gain) + t.gain_any)
    v += W_CONTRIBUTION * t.gain_contribution
    if t.per_triangle_flask:
        v += t.per_triangle_flask * flasks(state, seat, "triangle")
    if t.per_round_flask:
        v += W_THEORY * t.per_round_flask * flasks(state, seat, "round")
    if t.blue_move:
        v += W_BLUE_MOVE
    if t.sabbatical_advance:
        v += W_SABBATICAL_MOVE
    if t.place:
        v += W_PLACE_TILE
    v -= W_THEORY * (sum(t.cost) + t.cost_any) + W_CONTRIBUTION * t.contribution_cost
    return max(0.0, v) if t.optional else v


def seat_value(state: Any, seat: int, total: float, left: float, scholars: dict[int, int] | None = None) -> float:
    """``seat``'s estimated final Influence (``scholars``: each seat's scholars on the board, when
    the caller counted them for every seat at once)."""
    comps = components()
    later = max(0, ROUNDS - state.round)  # Phase 2s after this round's
    v: float = total
    cells = comps.cells
    kept, returned = settled_authority(state, seat)
    if kept != sorted(state.authority[seat]):
        v += sum(cells[o].influence for o in kept) - sum(cells[o].influence for o in state.authority[seat])
    theory_weight = W_THEORY if left >= 2 else W_THEORY * 0.5 * left
    v += theory_weight * sum(min(6, t) for t in state.theories[seat])
    v += W_CONTRIBUTION * state.contribution[seat] * min(1.0, left / 2)
    # Treatises on the presentation spaces: their activations to come
    counts: dict[str, int] = {}
    for row in state.presentation[seat]:
        for tid in row:
            v += _tile_value(state, seat, tid, counts) * left
    # Sabbatical tracks: progress, effects, and the Library access they open
    free_places = 0
    for i, brow in enumerate(comps.rows):
        pos = state.sabbatical[seat][i]
        if not pos:
            continue
        n = len(brow.spaces)
        free_places += max(0, brow.capacity - len(state.presentation[seat][i]))
        for space in brow.spaces[:pos]:
            v += EFFECT_ROUND.get(space.effect, 0.0) * left
        if pos < n:
            to_go = n - pos
            feasible = min(1.0, later / to_go) if to_go else 1.0
            if crest(state, seat, brow.subject) < brow.spaces[pos].crest_rank:
                feasible *= 0.5
            v += brow.influence * (pos / n) * (0.5 + 0.5 * feasible)
    if free_places:
        typical = TYPICAL_TILE_END + TYPICAL_TILE_ROUND * max(0.0, left - 1)
        v += SLOT_SHARE * typical * min(free_places, later + (1 if state.phase <= 2 else 0))
    # Pawns free to place: this round's still in hand, and every free scholar in the rounds to come
    held = state.held[seat] if state.held else 0
    on_board = scholars.get(seat, 0) if scholars is not None else \
        sum(1 for pawns in state.board.values() for s, p in pawns if s == seat and p == "scholar")
    free = state.hand[seat] + held + on_board + returned
    if state.phase <= 2:
        v += W_PLACEMENT * (state.hand[seat] + len(state.sec_hand[seat]))
    elif later:
        v += W_PLACEMENT * len(state.sec_hand[seat])
    v += W_PLACEMENT * free * later
    return v


def values(state: Any, seat: int) -> list[float]:
    """Each seat's estimated final Influence. A main action whose choice is still pending (which
    Sabbatical track at the Headquarters, which Treatise at the Library, which blue arrow) is valued
    by its best choice for the player making it: half an action is worth what it leads to."""
    d = state.__dict__
    if state.phase and state.pending and state.pending[-1].kind in RESOLVE:
        decider = state.pending[-1].seat
        best: tuple[float, list[float]] | None = None
        children: dict[int, Any] = {}
        legal = state.legal_actions()
        for action in legal:
            child = state.clone()
            child.__dict__["_c_legal"] = legal  # the same position: apply trusts its legal actions
            child.apply(action)
            vals = static_values(child)
            child.__dict__[STATIC_KEY] = vals
            children[id(action)] = child
            lead = vals[decider] - max((v for i, v in enumerate(vals) if i != decider), default=0.0)
            if best is None or lead > best[0]:
                best = (lead, vals)
        d[CHILDREN_KEY] = children  # the searches that expand this position next reuse them
        if best is not None:
            return list(best[1])
    cached = d.get(STATIC_KEY)
    return list(cached) if cached is not None else static_values(state)


def static_values(state: Any) -> list[float]:
    """Each seat's estimated final Influence from the position as it stands."""
    if state.phase == 0:
        return [float(t) for t in score_totals(state)]
    totals: list[float] | None = None  # summed only when a seat's value is not kept
    left = rounds_left(state)
    scholars: dict[int, int] = {}
    for pawns in state.board.values():
        for s, p in pawns:
            if p == "scholar":
                scholars[s] = scholars.get(s, 0) + 1
    comps = components()
    if _SEATS_COMPONENTS[0] is not comps or len(_SEATS) >= _SEATS_LIMIT:
        _SEATS.clear()
        _SEATS_COMPONENTS[0] = comps
    out = []
    for s in range(state.players):
        key = seat_key(state, s, state.influence[s], left, scholars)
        v = _SEATS.get(key)
        if v is None:
            if totals is None:
                totals = [float(t) for t in score_totals(state)]
            v = _SEATS[key] = seat_value(state, s, totals[s], left, scholars)
        out.append(v)
    return out


_SEATS: dict[tuple[Any, ...], float] = {}
_SEATS_COMPONENTS: list[Any] = [None]
_SEATS_LIMIT = 50_000
"""Seats' values kept before the memo starts again: within one search most positions leave all
but one seat as they were."""


def seat_key(state: Any, seat: int, influence: float, left: float, scholars: dict[int, int]) -> tuple[Any, ...]:
    """Everything :func:`seat_value` reads for ``seat`` (the components aside): its memo key. The
    seat's Influence stands for its score total, which it gives with the Authority cells, Sabbatical
    tracks and Treatises also in the key (so a kept value costs no summing of the totals)."""
    return (seat, influence, left, state.round, state.phase, tuple(state.laid[seat]) if state.laid else (),
            tuple(state.authority[seat]), tuple(state.theories[seat]), state.contribution[seat],
            tuple(map(tuple, state.presentation[seat])), tuple(state.sabbatical[seat]),
            state.held[seat] if state.held else 0, state.hand[seat], len(state.sec_hand[seat]), scholars.get(seat, 0))


def value_parts(state: Any, seat: int) -> dict[str, float]:
    """``seat``'s estimate beyond its current score, split by what produces it (the terms of
    :func:`seat_value`, in the same order, so ``scores()[seat].total + sum(parts)`` equals
    :func:`static_values` up to rounding): the words a suggestion's "why" uses."""
    parts: dict[str, float] = {}
    if state.phase == 0:
        return parts

    def add(label: str, amount: float) -> None:
        parts[label] = parts.get(label, 0.0) + amount

    comps = components()
    left = rounds_left(state)
    later = max(0, ROUNDS - state.round)
    cells = comps.cells
    kept, returned = settled_authority(state, seat)
    if kept != sorted(state.authority[seat]):
        add("Authority cells after this round's Phase 3 moves",
            sum(cells[o].influence for o in kept) - sum(cells[o].influence for o in state.authority[seat]))
    theory_weight = W_THEORY if left >= 2 else W_THEORY * 0.5 * left
    add("Theories to spend", theory_weight * sum(min(6, t) for t in state.theories[seat]))
    add("Contribution", W_CONTRIBUTION * state.contribution[seat] * min(1.0, left / 2))
    for row in state.presentation[seat]:
        for tid in row:
            add("Treatises activating in the Phase 5s to come", tile_round_value(state, seat, tid) * left)
    free_places = 0
    for i, brow in enumerate(comps.rows):
        pos = state.sabbatical[seat][i]
        if not pos:
            continue
        n = len(brow.spaces)
        free_places += max(0, brow.capacity - len(state.presentation[seat][i]))
        for space in brow.spaces[:pos]:
            add("Sabbatical effects in the rounds to come", EFFECT_ROUND.get(space.effect, 0.0) * left)
        if pos < n:
            to_go = n - pos
            feasible = min(1.0, later / to_go) if to_go else 1.0
            if crest(state, seat, brow.subject) < brow.spaces[pos].crest_rank:
                feasible *= 0.5
            add("Sabbatical scholars on their way to the track's end Influence",
                brow.influence * (pos / n) * (0.5 + 0.5 * feasible))
    if free_places:
        typical = TYPICAL_TILE_END + TYPICAL_TILE_ROUND * max(0.0, left - 1)
        add("free places for Treatises", SLOT_SHARE * typical * min(free_places, later + (1 if state.phase <= 2 else 0)))
    held = state.held[seat] if state.held else 0
    on_board = sum(1 for pawns in state.board.values() for s, p in pawns if s == seat and p == "scholar")
    free = state.hand[seat] + held + on_board + returned
    if state.phase <= 2:
        add("placements left this round", W_PLACEMENT * (state.hand[seat] + len(state.sec_hand[seat])))
    elif later:
        add("Secretaries to place next round", W_PLACEMENT * len(state.sec_hand[seat]))
    add("scholars free to place in the rounds to come", W_PLACEMENT * free * later)
    return parts


# hard keeps a whole budget for every decision of a turn: sharing a turn's budget made it weaker here
# (7 of 26 paired games against the budget a decision, 95% [14%, 46%], BOTS.md), and the longest turn
# with a budget a decision is 1.95 s of CPU, within the 3 s a person waits
BOTS = BotSettings(evaluate=values, reward_scale=6.0, explain_parts=value_parts, hard_turn_shares=False)
"""Academic Society search settings: a 6-point margin is a clear lead. Playouts keep the default
16 random decisions: shorter ones were measured weaker at the same think time (0.15 s a decision,
20 games each, seats rotated: depth 4 won 40% with mean margin -11.6, depth 8 45% and -14.3
against depth 16), probably because the evaluation judges a half-played round less well."""

__all__ = ["BOTS", "rounds_left", "static_values", "tile_round_value", "value_parts", "values"]
