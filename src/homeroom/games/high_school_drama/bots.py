"""High School Drama evaluation: yearbook signatures banked plus those in reach.

Signatures come from two places (rulebook: Events, Student Standouts): exchanging bonds at
events, and the seven standouts voted every summer. So a seat's expected final total is

* signatures banked;
* for each standout, a share of a signature for every summer still to come, the larger the
  further ahead it is of the best rival (ties all score);
* bonds in play: each is a signature an event may turn it into (and the tie-break), worth a
  little more when the relationship is strong enough to survive a breakup;
* clique growth: students and organizations (room for bonds and standouts), and the bond
  capacity still unused (sum of hearts minus bonds).

Everything read is public: cliques, signatures, the calendar and hand sizes.
"""

from __future__ import annotations

from typing import Any

from homeroom.engine.bots import BotSettings
from homeroom.games.high_school_drama.standouts import STANDOUTS, standout_value

W_BOND = 0.45
W_STRONG = 0.15      # extra per bond on relationships of strength >= 2
W_CARD = 0.6
W_CAPACITY = 0.05
W_HAND = 0.25


def summers_left(state: Any) -> float:
    """Summers still to vote, counting this year's if it has not been voted yet."""
    if state.phase == "over":
        return 0.0
    left = state.last_year - state.year + 1
    if state.phase == "lovin" or state.season == 3 and not state.options.get("summer_school"):
        left -= 1  # this year's summer has been voted
    return float(max(0, left))


def values(state: Any, seat: int) -> list[float]:
    cards = state.cards
    n = state.players
    out = [float(state.total(s)) for s in range(n)]
    if state.phase == "over":
        return out
    summers = summers_left(state)
    enrolled = [s for s in range(n) if state.enrolled[s]]
    if summers > 0 and enrolled:
        for name, _ in STANDOUTS:
            vals = {s: standout_value(name, state.cliques[s], cards) for s in enrolled}
            for s in enrolled:
                rival = max((v for o, v in vals.items() if o != s), default=0)
                lead = vals[s] - rival
                if vals[s] <= 0:
                    share = 0.0
                elif lead > 0:
                    share = min(1.0, 0.6 + 0.15 * lead)
                elif lead == 0:
                    share = 0.5
                else:
                    share = max(0.0, 0.3 + 0.1 * lead)
                # this summer is near and likely to hold; later ones are less certain
                out[s] += share * (1.0 + 0.6 * (summers - 1))
    for s in enrolled:
        clique = state.cliques[s]
        for cid, p in clique.items():
            out[s] += W_CARD
            if p.parent is None:
                continue
            out[s] += W_BOND * p.bonds + (W_STRONG * p.bonds if p.bonds >= 2 else 0.0)
            a, b = cards[cid], cards[p.parent]
            out[s] += W_CAPACITY * max(0, a.heart + b.heart - p.bonds)
        out[s] += W_HAND * len(state.hands[s])  # hand sizes are public
    return out


def value_parts(state: Any, seat: int) -> dict[str, float]:
    """``seat``'s estimate beyond the signatures it has, split by what produces it (the terms of
    :func:`values`, so ``total + sum(parts)`` equals ``values(state, seat)[seat]``): the words a
    suggestion's "why" uses."""
    parts: dict[str, float] = {}
    if state.phase == "over" or not state.enrolled[seat]:
        return parts
    cards = state.cards
    summers = summers_left(state)
    enrolled = [s for s in range(state.players) if state.enrolled[s]]
    if summers > 0:
        standouts = 0.0
        for name, _ in STANDOUTS:
            vals = {s: standout_value(name, state.cliques[s], cards) for s in enrolled}
            rival = max((v for o, v in vals.items() if o != seat), default=0)
            lead = vals[seat] - rival
            share = 0.0 if vals[seat] <= 0 else min(1.0, 0.6 + 0.15 * lead) if lead > 0 else \
                0.5 if lead == 0 else max(0.0, 0.3 + 0.1 * lead)
            standouts += share * (1.0 + 0.6 * (summers - 1))
        parts["Student Standouts in reach at the summers to come"] = standouts
    clique = state.cliques[seat]
    parts["cards in your clique"] = W_CARD * len(clique)
    bonds = room = 0.0
    for cid, p in clique.items():
        if p.parent is None:
            continue
        bonds += W_BOND * p.bonds + (W_STRONG * p.bonds if p.bonds >= 2 else 0.0)
        room += W_CAPACITY * max(0, cards[cid].heart + cards[p.parent].heart - p.bonds)
    parts["bonds in play (signatures at events, harder to break)"] = bonds
    parts["room for more bonds"] = room
    parts["cards in hand"] = W_HAND * len(state.hands[seat])
    return parts


PLAYOUT_DEPTH = 4
"""MCTS playouts: 4 random decisions, then the evaluation (16 before 30 Nov 2026). At the same
think time (0.15 s a decision, 44 games, seats rotated) depth 4 scored even with 16 (51%,
mean margin -0.5) with 1.3-1.4x the iterations a second; see agents/BOTS.md."""

HARD_ITERATIONS = ((4, 3000),)
"""``hard`` searches 3000 iterations a decision from 4 players (1000 below). At 1000 it won 24%
[17%, 33%] of 100 games against three ``medium`` seats, under its share, using 0.2 s of CPU a
decision on an idle core; at 3000, 31% [23%, 41%] of 100 games (margin -2.0 against -3.1), about
0.7 s a decision: within the second or two a person waits. See agents/BOTS.md."""

BOTS = BotSettings(evaluate=values, reward_scale=8.0, playout_depth=PLAYOUT_DEPTH, hard_iterations=HARD_ITERATIONS,
                   explain_parts=value_parts)
"""High School Drama search settings: an 8-point margin is a clear lead."""
