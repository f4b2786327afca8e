"""Academic Society evaluation: Influence banked plus Influence in reach.

The final Influence (rulebook: Scoring) is the Influence track plus the game-end Influence of
the Authority-track cells, the Sabbatical track ends and the Treatise tiles; ``scores()``
already gives that for the position as it stands. On top of it a seat is worth:

* Treatise tiles: each activates once per remaining round in Phase 5 (Influence, Theories or
  Contribution), so tiles are worth more early;
* Theories (capped at 6 a subject): the currency of Royal Commissions (2 Contribution each),
  the Lecture Hall, the Headquarters and the Research Report costs that keep scholars on the
  Authority track;
* Contribution: turn order, the Phase 4 bonuses and the bonus actions it pays for;
* Sabbatical steps: ongoing extra Theories and cost reductions for the rounds still to play;
* scholars and Secretaries in hand: actions in the rounds still to play.

Everything read is public on the table (the boards, tracks and revealed tiles).
"""

from __future__ import annotations

from typing import Any

from homeroom.engine.bots import BotSettings

ROUNDS = 7
W_THEORY = 0.4
W_CONTRIBUTION = 0.45
W_TREATISE_ROUND = 0.9
W_SABBATICAL_ROUND = 0.35
W_SCHOLAR_ROUND = 0.5


def rounds_left(state: Any) -> float:
    """Rounds still to come, counting what is left of this one (its Phase 5 too)."""
    if state.phase == 0:
        return 0.0
    here = 1.0 if state.phase <= 5 else 0.0
    return float(max(0, ROUNDS - state.round)) + here


def values(state: Any, seat: int) -> list[float]:
    totals = [float(s.total) for s in state.scores()]
    if state.phase == 0:
        return totals
    left = rounds_left(state)
    out = []
    for s in range(state.players):
        v = totals[s]
        v += W_THEORY * sum(min(6, t) for t in state.theories[s])
        v += W_CONTRIBUTION * state.contribution[s]
        tiles = sum(len(row) for row in state.presentation[s])
        v += W_TREATISE_ROUND * tiles * left
        v += W_SABBATICAL_ROUND * sum(state.sabbatical[s]) * left
        held = state.held[s] if state.held else 0
        v += W_SCHOLAR_ROUND * (state.hand[s] + held + len(state.sec_hand[s])) * max(0.0, left - 1)
        out.append(v)
    return out


BOTS = BotSettings(evaluate=values, reward_scale=6.0)
"""Academic Society search settings: a 6-point margin is a clear lead."""
