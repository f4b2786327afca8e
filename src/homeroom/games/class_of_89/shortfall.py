"""Class of '89 evaluation, the calendar and the objective shortfall: how many turns each seat has
left, and how far a yearbook is from each club objective's target (tokens and students still to
place, as a cost), with the chance of closing that gap in the turns left. Split from ``bots.py``
(the evaluation that values these), which still offers the public names."""

from __future__ import annotations

from typing import Any

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import ENTRANCE, Yearbook
from homeroom.games.class_of_89.scoring import book_facts, measure, sequential_pairs
from homeroom.games.class_of_89.weights import Weights


# ------------------------------------------------------------------ the calendar
def time_left(state: Any) -> float:
    """Fraction of the game still to play (1 at the start, 0 at the end)."""
    if state.phase == "over":
        return 0.0
    rounds = int(components().board.get("rounds", 4))
    return max(0.0, (rounds - int(state.round) + 1) / rounds)


def turn_clock_left(state: Any, seat: int = 0) -> float:
    """Fraction of ``seat``'s turns still to come, counted from the next placement: 1 until the
    first team member is placed, then (own turns left + 1) / all turns, so it runs down when a
    member is placed and stays put through the rest of the turn, Ed's turn and the round end."""
    if state.phase == "over":
        return 0.0
    board = components().board
    total = int(board.get("rounds", 4)) * int(board.get("turns_per_round", 3))
    return min(1.0, (turns_left(state, seat) + 1) / total)


def buys_left(state: Any, seat: int = 0) -> int:
    """Signature actions ``seat`` can still take: one a turn, this turn's included while it is
    unused (not at the School Entrance, which has none)."""
    if state.phase == "over":
        return 0
    now = state.phase == "act" and state.current == seat and not state.sig_done and state.location != ENTRANCE
    return turns_left(state, seat) + (1 if now else 0)


def reach_fade(state: Any, w: Weights) -> float:
    """The weight of the solo player's resources still to turn into points: 1 until the last round,
    then, with ``w.reach_fade`` at 1, its own turns left in the game over a round's turns (0 once
    its last team member is placed)."""
    if w.reach_fade <= 0 or state.phase == "over":    # off by default: nothing looked up
        return 1.0
    board = components().board
    if int(state.round) < int(board.get("rounds", 4)):
        return 1.0
    per_round = float(board.get("turns_per_round", 3))
    return 1.0 - w.reach_fade * (1.0 - min(per_round, float(turns_left(state, 0))) / per_round)


def turns_left(state: Any, seat: int) -> int:
    """Team members ``seat`` has still to place this round and in the rounds after it."""
    if state.phase == "over":
        return 0
    comp = components()
    if _CALENDAR[0] is not comp:
        board = comp.board
        _CALENDAR[:] = [comp, int(board.get("rounds", 4)), int(board.get("turns_per_round", 3))]
    rounds: int = _CALENDAR[1]
    per_round: int = _CALENDAR[2]
    if state.phase == "side":
        return rounds * per_round
    this_round = max(0, per_round - len(state.books[seat].used))
    return this_round + per_round * max(0, rounds - int(state.round))


_CALENDAR: list[Any] = [None, 0, 0]
"""The components :func:`turns_left` last read, and their rounds and turns a round."""


def _seats_turns_left(state: Any, n: int) -> tuple[int, ...]:
    """:func:`turns_left` of seats 0 to ``n - 1`` at once (the calendar looked up once)."""
    if state.phase == "over":
        return (0,) * n
    turns_left(state, 0)  # (_CALENDAR brought up to date)
    rounds: int = _CALENDAR[1]
    per_round: int = _CALENDAR[2]
    if state.phase == "side":
        return (rounds * per_round,) * n
    later = per_round * max(0, rounds - int(state.round))
    return tuple([max(0, per_round - len(b.used)) + later for b in state.books[:n]])


def storage_live(state: Any, seat: int = 0) -> bool:
    """Whether a token in ``seat``'s storage can still reach a student: tokens move from storage
    only during the owner's own turn, so once the last one is over (the round-end reward and Ed's
    last turn may still be to come) a stored token scores nothing (rulebook "Endgame Scoring":
    tokens in storage are not worth any points)."""
    if state.phase == "over":
        return False
    if turns_left(state, seat) > 0:
        return True
    return bool(state.phase == "act" and state.current == seat)


def _reach(state: Any, seat: int, w: Weights) -> float:
    """The evaluation's reach for ``seat``: ``rate`` a turn left plus ``slack`` until the end."""
    return w.rate * turns_left(state, seat) + (w.slack if state.phase != "over" else 0.0)


# ---------------------------------------------------------- objective shortfall
INF = 10**9
MAX_TOKENS = 4


def _free(book: Yearbook, s: int) -> int:
    return MAX_TOKENS - len(book.tokens[s])


def _student(book: Yearbook, s: int) -> bool:
    c = book.photo[s]
    return bool(c) and not pl.is_teacher(c)


def _fill(need: int, room: int, cells: int) -> tuple[int, int]:
    """``need`` tokens to place where ``room`` token places are free and ``cells`` cells are empty:
    (tokens, students to add), students INF when even filling every cell is not enough."""
    if need <= 0:
        return 0, 0
    if need <= room:
        return need, 0
    students = -(-(need - room) // MAX_TOKENS)
    return need, students if students <= cells else INF


def shortfall(book: Yearbook, m: dict[str, Any], target: int, have: int | None = None,
              facts: dict[Any, Any] | None = None) -> tuple[int, int]:
    """What the yearbook lacks to meet ``target`` on objective measure ``m`` (whose value is
    ``have`` when the caller knows it): (tokens of the objective's kind to place, students to
    add), the cheapest way this estimate sees; (0, 0) when it is met; students INF when it cannot
    be met any more.

    Memoised on the yearbook's content (``facts``: its entry in the scoring memo,
    :func:`~homeroom.games.class_of_89.scoring.book_facts`, when the caller has it): a search
    evaluates thousands of leaves whose yearbooks mostly did not change. ``m`` is kept alive
    (:data:`_KEPT_MEASURES`), so a measure is never mistaken for another that later reuses its id,
    and the entry holds numbers only, which the cyclic garbage collector stops scanning."""
    if facts is None:
        facts = book_facts(book)
    i = id(m)
    if i not in _KEPT_MEASURES:
        _KEPT_MEASURES[i] = m
    key = ("shortfall", i, target, have)
    short: tuple[int, int] | None = facts.get(key)
    if short is None:
        short = facts[key] = _shortfall(book, m, target, have, facts)
    return short


_KEPT_MEASURES: dict[int, dict[str, Any]] = {}
"""Every objective measure :func:`shortfall` has read, by ``id``, kept alive so that its ``id``
stays its own (the components' few dozen)."""


def _shortfall(book: Yearbook, m: dict[str, Any], target: int, have: int | None,
               facts: dict[Any, Any]) -> tuple[int, int]:
    """:func:`shortfall` computed (not memoised; the yearbook's student cells kept in ``facts``)."""
    if have is None:
        have = measure(book, m)
    if have >= target:
        return 0, 0
    kind = m["kind"]
    tok = m.get("token", "")
    photo, tokens = book.photo, book.tokens
    studs: tuple[int, ...] | None = facts.get(("students",))
    if studs is None:
        studs = facts["students",] = tuple([s for s in range(pl.CELLS) if _student(book, s)])
    is_student = set(studs)
    best = (INF, INF)
    better = _better

    if kind in ("students_token_same_class", "connected_students_token"):
        if kind == "students_token_same_class":
            groups = [st for _, st in pl.classes(book)] or [[]]
        else:  # connected groups of students: tokened ones inside may join up
            groups, seen = [], set()
            for s0 in studs:
                if s0 in seen:
                    continue
                group, stack = [], [s0]
                seen.add(s0)
                while stack:
                    s = stack.pop()
                    group.append(s)
                    for n in pl.neighbours(s):
                        if n not in seen and n in is_student:
                            seen.add(n)
                            stack.append(n)
                groups.append(group)
            groups.append([])
        for st in groups:
            have = len([s for s in st if tok in tokens[s]])
            conv = len([s for s in st if tok not in tokens[s] and len(tokens[s]) < MAX_TOKENS])  # room left
            need = target - have
            best = better((need, max(0, need - conv)), best)
        return best
    if kind in ("tokens_same_row", "tokens_same_column"):
        for cells in _ROWS if kind == "tokens_same_row" else _COLUMNS:
            have = sum([tokens[s].count(tok) for s in cells])
            room = sum([MAX_TOKENS - len(tokens[s]) for s in cells if s in is_student])
            best = better(_fill(target - have, room, sum([1 for s in cells if not photo[s]])), best)
        return best
    if kind == "students_many_tokens":
        need_each = int(m["at_least"])
        counts = [(tokens[s].count(tok), MAX_TOKENS - len(tokens[s])) for s in studs]  # (kind's, free)
        done = len([1 for c, _ in counts if c >= need_each])
        done += sum(1 for x in book.superlatives if x.tokens.count(tok) >= need_each)
        costs = sorted([need_each - c for c, free in counts if c < need_each and free >= need_each - c])
        costs += sorted(need_each - x.tokens.count(tok) for x in book.superlatives
                        if need_each > x.tokens.count(tok) and MAX_TOKENS - len(x.tokens) >= need_each
                        - x.tokens.count(tok))
        costs.sort()
        more = target - done
        use = costs[:more]
        new = more - len(use)
        return sum(use) + need_each * new, new
    if kind == "full_classes":
        need_students = int(m["students"])
        done = have
        gaps = []
        for t, st in pl.classes(book):
            end = max([t, *st])
            holes = sum(1 for s in range(t + 1, end + 1) if not photo[s])
            gaps.append(holes + max(0, need_students - len(st)))
        gaps = sorted(g for g in gaps if g > 0)
        more = target - done
        use = gaps[:more]
        return 0, sum(use) + (need_students + 1) * (more - len(use))
    if kind in ("tokens_adjacent_teacher", "tokens_adjacent_token"):
        if kind == "tokens_adjacent_teacher":
            eligible = [s for s in studs
                        if any(photo[n] and pl.is_teacher(photo[n]) for n in pl.neighbours(s))]
            extra = 0
        else:
            other = m["other"]
            eligible = [s for s in studs if any(other in tokens[n] for n in pl.neighbours(s) if photo[n])]
            extra = 0 if eligible else 1  # a first token of the other kind to sit next to
        room = sum([MAX_TOKENS - len(tokens[s]) for s in eligible])
        n_tok, n_stu = _fill(target - have, room, len([1 for c in photo[:pl.CELLS] if not c]))
        return n_tok + extra, n_stu
    if kind == "alphabetical_runs":
        length = int(m["length"])
        runs, longest = 0, 1
        for _, st in pl.classes(book):
            run = 1
            for ok in sequential_pairs(book, st) + [False]:
                if ok:
                    run += 1
                else:
                    if run >= length:
                        runs += 1
                    else:
                        longest = max(longest, run)
                    run = 1
        more = target - runs
        return 0, (length - longest) + length * (more - 1)
    return best


def _better(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """The cheaper of two shortfalls (a student counts as two tokens), ``b`` on a tie."""
    return a if a[0] + 2 * a[1] < b[0] + 2 * b[1] else b


_ROWS = [[r * pl.COLS + c for c in range(pl.COLS)] for r in range(pl.ROWS)]
_COLUMNS = [[r * pl.COLS + c for r in range(pl.ROWS)] for c in range(pl.COLS)]
"""The photo's cells by row and by column."""


def cost(book: Yearbook, m: dict[str, Any], target: int, w: Weights, have: int | None = None,
         facts: dict[Any, Any] | None = None) -> float:
    """The shortfall in turns' worth of progress (tokens in storage of the kind count as placed,
    less ``stored``; ``facts``: as :func:`shortfall`)."""
    n_tok, n_stu = shortfall(book, m, target, have, facts)
    if n_stu >= INF:
        return float(INF)
    tok = m.get("token", "")
    stored = sum(1 for t in book.storage if t == tok) if tok else 0
    return max(0.0, n_tok - w.stored * min(stored, n_tok)) + w.student_cost * n_stu


def chance(short: float, reach: float, curve: float) -> float:
    """The chance to make up a shortfall of ``short`` with ``reach`` progress still in hand."""
    if short <= 0:
        return 1.0
    if reach <= 0:
        return 0.0
    return float(max(0.0, 1.0 - short / reach) ** curve)


def plan(costs: list[float], reach: float, w: Weights) -> list[float]:
    """The chance of each objective given the progress each still needs: the cheaper ones first,
    each later one with ``share`` of the earlier ones' costs on top (the turns spent on them)."""
    order = sorted(range(len(costs)), key=costs.__getitem__)
    out = [0.0] * len(costs)
    spent = 0.0
    for i in order:
        out[i] = chance(costs[i] + w.share * spent, reach, w.curve)
        if costs[i] < INF:
            spent += costs[i]
    return out
