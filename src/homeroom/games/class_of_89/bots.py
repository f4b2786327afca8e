"""Class of '89 evaluation: points banked, the club objectives planned for, and points in reach.

The bots used to tally the endgame scoring of the yearbooks as they stand. Against Ed E. Tor
that loses: a club objective is all-or-nothing at its MIN (solo: 14 points to the player and 6
to Ed, or 0 and 14 when it is missed), so a yearbook that is two tokens short of every MIN scores
nothing for them and hands Ed 84 points. This evaluation plans instead. For each objective it
estimates the *chance to reach each target before the end*, from how far the yearbook is from it
(with partial credit for progress a count cannot see: a student with two of the three Stars
Team Captains needs, a class one student short of full) against the turns the seat has left,
and values the objective at the points each target brings times that chance:

* solo, the targets are the solo table's (Easy MIN; Normal MIN when the player's pin is above
  Ed's on the card's club track, else T1 for the full 14 and MIN for 6; Hard T1/T2 and MIN), and
  Ed's objective points are what the player's expected misses hand him;
* with 2-4 players, a seat short of MIN is worth its chance of reaching it times the place it
  would take there; a seat that qualifies is worth its place as it stands.

The chance is ``(1 - shortfall / reach) ** curve`` with ``reach = rate * own turns left +
slack``: the closer a target, the more a step toward it is worth (``curve`` > 1), so the bot
finishes objectives instead of spreading tokens thin. On top of that, while rounds remain:
students and teachers in the photo, tokens in storage (free to place later), signatures as
currency, club-track steps short of the top, Wildcat Way cells covered.

Everything read is public: yearbooks, tracks, signatures, the calendar, Ed's tokens (his
face-down priority cards matter for his teachers only once a token has turned them face up).
In the solo game the single value is the player's estimate minus Ed E. Tor's.

The weights live in :class:`Weights`; :data:`TUNED` were found by ``bench/tune_class_of_89.py``
(see ``BOTS.md`` beside this file for the command and the measurements).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from homeroom.engine.bots import BotSettings
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import Yearbook
from homeroom.games.class_of_89.scoring import (
    ed_score,
    measure,
    ranked_points,
    staff_points,
    teachers_total,
    wildcat_total,
)


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs (points, or points per unit)."""

    rate: float = 0.9
    """Objective progress a seat can still make per own turn left (tokens, students)."""
    slack: float = 0.6
    """Progress within reach even with no turn left in the round (track and round-end rewards)."""
    curve: float = 2.0
    """Exponent of the chance to reach a target: > 1 values steps close to a target more."""
    stored: float = 0.7
    """How much of a step toward an objective a token in storage counts for."""
    card: float = 1.2
    """Per student or teacher in the class photo, scaled by the time left."""
    stored_token: float = 0.6
    signature: float = 0.45
    """Per signature on top of the half point it scores at the end, scaled by the time left."""
    track_step: float = 0.55
    tile_cell: float = 0.15

    def as_dict(self) -> dict[str, float]:
        return {k: float(v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Weights:
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(raw) - names)
        if unknown:
            raise ValueError(f"unknown Class of '89 evaluation weight(s): {', '.join(unknown)}")
        return replace(cls(), **{k: float(v) for k, v in raw.items()})


TUNED = Weights()
"""The weights the bots use (see the module docstring for where they come from)."""

_active: list[Weights | None] = [TUNED]


def use_weights(weights: Weights | None) -> Weights | None:
    """Make ``weights`` the evaluation's weights (the tuning and benchmark scripts' hook; None: the
    evaluation from before the objective planning, kept to measure against); returns the old ones."""
    old = _active[0]
    _active[0] = weights
    return old


# ------------------------------------------------------------------ the calendar
def time_left(state: Any) -> float:
    """Fraction of the game still to play (1 at the start, 0 at the end)."""
    if state.phase == "over":
        return 0.0
    rounds = int(components().board.get("rounds", 4))
    return max(0.0, (rounds - int(state.round) + 1) / rounds)


def turns_left(state: Any, seat: int) -> int:
    """Team members ``seat`` has still to place this round and in the rounds after it."""
    if state.phase == "over":
        return 0
    board = components().board
    rounds = int(board.get("rounds", 4))
    per_round = int(board.get("turns_per_round", 3))
    if state.phase == "side":
        return rounds * per_round
    this_round = max(0, per_round - len(state.books[seat].used))
    return this_round + per_round * max(0, rounds - int(state.round))


# ---------------------------------------------------------- objective progress
def progress(book: Yearbook, m: dict[str, Any], stored: float) -> float:
    """The objective's measure plus partial credit a count cannot see, plus the tokens in storage
    that could still be placed toward it (each worth ``stored`` of a step)."""
    kind = m["kind"]
    v = float(measure(book, m))
    tok = m.get("token", "")
    if tok:
        v += stored * sum(1 for t in book.storage if t == tok)
    if kind == "students_many_tokens":
        need = int(m["at_least"])
        lists = [book.tokens[s] for s, c in enumerate(book.photo) if c and not pl.is_teacher(c)]
        lists += [x.tokens for x in book.superlatives]
        short = [t.count(tok) for t in lists if t.count(tok) < need]
        if short:
            v += max(short) / need
    elif kind == "full_classes":
        need = int(m["students"])
        best = 0.0
        for t, st in pl.classes(book):
            if len(st) >= need and all(book.photo[s] for s in range(t, st[-1] + 1)):
                continue
            run = 0  # students in an unbroken line from the teacher
            s = t + 1
            while s < len(book.photo) and book.photo[s] and not pl.is_teacher(book.photo[s]):
                run += 1
                s += 1
            best = max(best, min(run, need - 1) / need)
        v += best
    elif kind == "alphabetical_runs":
        need = int(m["length"])
        from homeroom.games.class_of_89.scoring import sequential_pairs

        best = 0
        for _, st in pl.classes(book):
            length = 1
            for ok in sequential_pairs(book, st) + [False]:
                if ok:
                    length += 1
                else:
                    if length < need:
                        best = max(best, length)
                    length = 1
        v += max(0, best - 1) / need
    return v


def chance(progress_made: float, target: int, reach: float, curve: float) -> float:
    """The chance to get from ``progress_made`` to ``target`` with ``reach`` progress in hand."""
    short = target - progress_made
    if short <= 0:
        return 1.0
    if reach <= 0:
        return 0.0
    return max(0.0, 1.0 - short / reach) ** curve


# ------------------------------------------------------------------ evaluation
def _rest(book: Yearbook, half_icons: bool) -> float:
    """Endgame points other than the objectives, for the yearbook as it stands."""
    comp = components()
    board = comp.board
    tops = sum(1 for club, steps in comp.tracks.items() if book.tracks[club] >= len(steps))
    return float(teachers_total(book, half_icons) + wildcat_total(book, half_icons) + staff_points(book)
                 + int(board["track_top_points"]) * tops
                 + book.signatures // int(board["signatures_per_point"])
                 + int(board["abc_points"]) * (book.abc_tokens - len(book.abc_slots)))


def _in_reach(book: Yearbook, left: float, w: Weights) -> float:
    """Resources that turn into points later: cards, stored tokens, signatures, track steps."""
    comp = components()
    v = w.card * sum(1 for c in book.photo if c) * (0.4 + 0.6 * left)
    v += w.stored_token * len(book.storage)
    v += w.signature * book.signatures * left
    for club, steps in book.tracks.items():
        if steps < len(comp.tracks.get(club, ())):
            v += w.track_step * steps
    v += w.tile_cell * sum(1 for g in book.grid if g)
    return v


def solo_objectives(state: Any, w: Weights) -> tuple[float, float]:
    """The player's and Ed's expected objective points in a solo game."""
    comp = components()
    solo = comp.board["solo"]
    win, lose = float(solo["win"]), float(solo["lose"])
    difficulty = state.options.get("difficulty", "normal")
    me, ed = state.books[0], state.books[1]
    reach = w.rate * turns_left(state, 0) + (w.slack if state.phase != "over" else 0.0)
    mine = eds = 0.0
    for oid in state.objectives:
        obj = comp.objectives[oid]
        p = progress(me, obj.measure, w.stored)
        higher = me.tracks[obj.club] > ed.tracks[obj.club]
        if difficulty == "easy":
            full, partial = obj.min, None
        elif difficulty == "normal":
            full, partial = (obj.min, None) if higher else (obj.t1, obj.min)
        else:
            full, partial = (obj.t1, obj.min) if higher else (obj.t2, obj.min)
        p_full = chance(p, full, reach, w.curve)
        p_part = max(p_full, chance(p, partial, reach, w.curve)) if partial is not None else p_full
        mine += win * p_full + lose * (p_part - p_full)
        eds += lose * p_full + win * (1.0 - p_full)
    return mine, eds


def ranked_objectives(state: Any, w: Weights) -> list[float]:
    """Each seat's expected objective points with 2-4 players (ranked scoring; the casual modes
    score a target alone, valued by the chance to reach it)."""
    comp = components()
    mode = state.options.get("objective_scoring", "ranked")
    n = state.players
    out = [0.0] * n
    reach = [w.rate * turns_left(state, s) + w.slack for s in range(n)]
    for oid in state.objectives:
        obj = comp.objectives[oid]
        books = state.books[:n]
        exact = [measure(b, obj.measure) for b in books]
        if mode != "ranked":
            target = {"casual": obj.min, "casual-t1": obj.t1, "casual-t2": obj.t2}[mode]
            casual = float(comp.board["casual_objectives"]["points"])
            for s in range(n):
                out[s] += casual * chance(progress(books[s], obj.measure, w.stored), target, reach[s], w.curve)
            continue
        table = list(comp.board["objective_points"][str(n)])
        qualified = [v >= obj.min for v in exact]
        now = ranked_points(exact, qualified, table)
        for s in range(n):
            if qualified[s]:
                out[s] += now[s]
                continue
            p = chance(progress(books[s], obj.measure, w.stored), obj.min, reach[s], w.curve)
            if p <= 0.0:
                continue
            at_min = list(exact)
            at_min[s] = obj.min
            would = ranked_points(at_min, [q or i == s for i, q in enumerate(qualified)], table)
            out[s] += p * would[s]
    return out


def values(state: Any, seat: int) -> list[float]:
    """Every seat's expected final score (solo: the player's minus Ed's), from public facts."""
    if state.phase == "over":
        totals = [float(s.total) for s in state.scores()]
        if state.players == 1:
            return [totals[0] - float(ed_score(state).total)]
        return totals
    w = _active[0]
    if w is None:
        return legacy_values(state, seat)
    half = bool(state.options.get("half_icons", True))
    left = time_left(state)
    if state.players == 1:
        mine, eds = solo_objectives(state, w)
        book = state.books[0]
        own = mine + _rest(book, half) + _in_reach(book, left, w)
        ed = ed_score(state)
        return [own - (float(ed.total) - float(ed.breakdown.get("objectives", 0)) + eds)]
    objectives = ranked_objectives(state, w)
    return [objectives[s] + _rest(b, half) + _in_reach(b, left, w)
            for s, b in enumerate(state.books[:state.players])]


def legacy_values(state: Any, seat: int) -> list[float]:
    """The evaluation before objective planning (issue 19), kept to measure the new one against:
    the endgame scoring as it stands plus resources in reach with the old hand-set weights."""
    totals = [float(s.total) for s in state.scores()]
    if state.phase != "over":
        left = time_left(state)
        old = Weights(card=1.2, stored_token=1.2, signature=0.45, track_step=0.55, tile_cell=0.15)
        totals = [t + _in_reach(b, left, old) for t, b in zip(totals, state.books[:state.players])]
    if state.players == 1:
        return [totals[0] - float(ed_score(state).total)]
    return totals


BOTS = BotSettings(
    evaluate=values,
    reward_scale=6.0,
    playout_depth=0,
    own_turn_depth=4,
)
"""Class of '89 search settings. Playout depth 0: random moves (paying signatures for nothing,
misplacing students) wreck a position so fast that even 4 of them made the search lose to greedy,
while evaluating at once beats it (measured). Own-turn depth 4: a turn is a chain of big choices
(a location, then one of dozens of card-and-cell placements, then tokens and abilities); expanded
in random order the average of a location's follow-ups hides its best one, and the search lost to
greedy 1-7; ordered by the one-step evaluation it came level (measured, 4 games)."""
