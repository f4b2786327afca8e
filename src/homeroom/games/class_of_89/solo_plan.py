"""The solo plan against Ed E. Tor: which club objectives to go for, costed together.

The evaluation's per-objective plan (:func:`~homeroom.games.class_of_89.bots.plan`) costs each
objective alone and then adds a share of the cheaper ones' costs. Every objective's estimate
counts the *students* it needs as its own, although one student holds up to four tokens of
different kinds and serves every objective at once (set A's six MINs need 18 tokens and fit on
5-6 students). Summed, the six estimates come to about 45 units at the start against a reach of
11: the evaluation saw only the two cheapest objectives as reachable and gave no pull toward the
others (Study Group, a row of 5 Bookmarks, met its MIN in 40% of Easy games, 20% on Normal).

Here the objectives are taken cheapest first, and the cost of going for the first k of them is
costed *jointly*: the tokens each still needs add up (tokens are of each card's own kind and
place), the students do not (the most any one of them needs, or the students the tokens need to
find room, whichever is more). The chance of the k-th is ``(1 - joint cost of the first k /
reach) ** curve`` with ``reach = solo_rate * own turns left + slack``, ``solo_rate`` measured
from the yearbooks the bot builds (about 2 tokens' worth a turn, not 0.9). So the plan is a
commitment to the cheapest set the turns left can pay for, and every token or student toward
one of them is worth about the same, early as late.

Only public facts are read (the yearbooks, tracks, calendar), like the rest of the evaluation.
"""

from __future__ import annotations

from typing import Any

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import Yearbook
from homeroom.games.class_of_89.scoring import measure

MAX_TOKENS = 4
INF = float(10**9)


def parts(book: Yearbook, m: dict[str, Any], target: int, stored_weight: float,
          have: int | None = None) -> tuple[float, float]:
    """(tokens, students) the yearbook still needs for ``target`` on measure ``m``; a stored token
    of the kind counts as ``stored_weight`` of a placed one; (INF, INF) when out of reach."""
    from homeroom.games.class_of_89.bots import shortfall

    if have is None:
        have = measure(book, m)
    n_tok, n_stu = shortfall(book, m, target, have)
    if n_stu >= 10**9:
        return INF, INF
    if have < target and m["kind"] == "connected_students_token":
        # shortfall counts the students with the token anywhere in a connected group of students,
        # connected to each other or not: Bolts on columns 2, 3 and 5 of a row read as three
        # connected when the measure is two (the student on column 4 has none). At least the
        # missing count is still to place.
        n_tok = max(n_tok, target - have)
    tok = m.get("token", "")
    stored = sum(1 for t in book.storage if t == tok) if tok else 0
    return max(0.0, n_tok - stored_weight * min(stored, n_tok)), float(n_stu)


def free_room(book: Yearbook) -> int:
    """Free token places on the photo's students and the Senior Superlatives."""
    room = sum(MAX_TOKENS - len(book.tokens[s]) for s, c in enumerate(book.photo)
               if c and not pl.is_teacher(c))
    return room + sum(MAX_TOKENS - len(x.tokens) for x in book.superlatives)


def joint_chances(needs: list[tuple[float, float]], reach: float, room: int, student_cost: float,
                  curve: float) -> list[float]:
    """The chance of each objective when the cheapest are gone for first and each prefix of them
    is costed jointly (tokens summed; students the most any one needs or the room the tokens
    lack, whichever is more)."""
    def alone(i: int) -> float:
        t, s = needs[i]
        return INF if t >= INF else t + student_cost * s

    order = sorted(range(len(needs)), key=alone)
    out = [0.0] * len(needs)
    tokens = students = 0.0
    for i in order:
        t, s = needs[i]
        if t >= INF:
            continue
        tokens += t
        students = max(students, s)
        crowd = max(0.0, (tokens - room) / MAX_TOKENS)
        joint = tokens + student_cost * max(students, crowd)
        if joint <= 0:
            out[i] = 1.0
        elif reach > 0:
            out[i] = max(0.0, 1.0 - joint / reach) ** curve
    return out


def planned_objectives(state: Any, w: Any) -> tuple[float, float]:
    """The player's and Ed's expected objective points in a solo game, by the joint plan.

    Targets as in :func:`~homeroom.games.class_of_89.bots.solo_objectives`: Easy MIN; Normal the
    full 14 at T1, or at MIN with the player's pin ending above Ed's projected one (the steps to
    climb cost ``plan_track`` each, added to the tokens), and 6 at MIN; Hard the same a target
    higher (T2, or T1 above Ed), and 6 at MIN."""
    from homeroom.games.class_of_89.bots import ed_gain, race

    comp = components()
    solo = comp.board["solo"]
    win, lose = float(solo["win"]), float(solo["lose"])
    difficulty = state.options.get("difficulty", "normal")
    me, ed = state.books[0], state.books[1]
    gain = ed_gain(state, w)
    full: list[tuple[float, float]] = []
    part: list[tuple[float, float] | None] = []
    for oid in state.objectives:
        obj = comp.objectives[oid]
        m = obj.measure
        have = measure(me, m)
        if difficulty == "easy":
            full.append(parts(me, m, obj.min, w.stored, have))
            part.append(None)
            continue
        climb = w.plan_track * race(me.tracks[obj.club], ed.tracks[obj.club], gain,
                                    len(comp.tracks[obj.club]))
        low, high = (obj.min, obj.t1) if difficulty == "normal" else (obj.t1, obj.t2)
        p_low = parts(me, m, low, w.stored, have)
        by_track = (p_low[0] + climb, p_low[1]) if climb < INF and p_low[0] < INF else (INF, INF)
        p_high = parts(me, m, high, w.stored, have)
        full.append(min(by_track, p_high, key=lambda p: p[0] + w.student_cost * p[1]))
        part.append(p_low if difficulty == "normal" else parts(me, m, obj.min, w.stored, have))
    reach = w.solo_rate * _turns(state) + (w.slack if state.phase != "over" else 0.0)
    room = free_room(me)
    p_full = joint_chances(full, reach, room, w.student_cost, w.solo_curve)
    p_part = joint_chances([p if p is not None else full[i] for i, p in enumerate(part)], reach, room,
                           w.student_cost, w.solo_curve)
    mine = eds = 0.0
    for i in range(len(full)):
        pf = p_full[i]
        pp = max(pf, p_part[i]) if part[i] is not None else pf
        mine += win * pf + lose * (pp - pf)
        eds += lose * pf + win * (1.0 - pf)
    return mine, eds


def _turns(state: Any) -> int:
    from homeroom.games.class_of_89.bots import turns_left

    return turns_left(state, 0)
