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
The pure parts live here; :func:`~homeroom.games.class_of_89.bots.planned_objectives` feeds them
(this module imports nothing of ``bots``, so the imports go one way).
"""

from __future__ import annotations

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.model import Yearbook

MAX_TOKENS = 4
INF = float(10**9)


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
