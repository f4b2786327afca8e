"""Class of '89 evaluation: reputation points banked plus points in reach.

``scores()`` already tallies the endgame scoring (rulebook: End of the Game) for the yearbooks
as they stand: club objectives ranked against the other players, teachers, Wildcat Way, staff,
club tracks, signatures and unused ABC tokens. On top of it a seat is worth, while rounds remain:

* empty class-photo cells: room for students that feed objectives and teachers;
* attribute tokens in storage (not scored at the end, but free to place on a student);
* signatures beyond their endgame value: they pay for spaces, tokens, refreshes and moves;
* club-track steps short of the top (the top is worth 5 points and the steps give rewards);
* the round in progress: team members not yet placed are turns still to take.

Everything read is public (yearbooks, tracks, signatures, the calendar). In the solo game the
single value is the player's estimate minus Ed E. Tor's score, so "more" means "beating Ed".
"""

from __future__ import annotations

from typing import Any

from homeroom.engine.bots import BotSettings
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.scoring import ed_score

W_CARD = 1.2           # per student or teacher in the class photo, scaled by the time left
W_STORED_TOKEN = 1.2
W_SIGNATURE = 0.45     # on top of the half point a signature scores at the end
W_TRACK_STEP = 0.55
W_TILE_CELL = 0.15


def time_left(state: Any) -> float:
    """Fraction of the game still to play (1 at the start, 0 at the end)."""
    if state.phase == "over":
        return 0.0
    rounds = int(components().board.get("rounds", 4))
    return max(0.0, (rounds - int(state.round) + 1) / rounds)


def values(state: Any, seat: int) -> list[float]:
    scores = state.scores()
    totals = [float(s.total) for s in scores]
    if state.phase == "over":
        return _solo(state, totals)
    comp = components()
    left = time_left(state)
    top = {club: len(steps) for club, steps in comp.tracks.items()}
    out = []
    for s in range(state.players):
        book = state.books[s]
        v = totals[s]
        cards = sum(1 for c in book.photo if c)
        v += W_CARD * cards * (0.4 + 0.6 * left)
        v += W_STORED_TOKEN * len(book.storage)
        v += W_SIGNATURE * book.signatures * left
        for club, steps in book.tracks.items():
            if steps < top.get(club, 0):
                v += W_TRACK_STEP * steps
        v += W_TILE_CELL * sum(1 for g in book.grid if g)
        out.append(v)
    return _solo(state, out)


def _solo(state: Any, out: list[float]) -> list[float]:
    if state.players != 1:
        return out
    return [out[0] - float(ed_score(state).total)]


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
