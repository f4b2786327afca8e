"""Class of '89 evaluation, the solo game's terms against Ed E. Tor: his points still to come, his
climb on the club tracks, what one more of his tokens is worth, and the objective plan (the player's
and Ed's expected objective points, by each card's targets and the race on its club track).

:mod:`~homeroom.games.class_of_89.bots` adds them into the solo evaluation (and still offers their
names); the joint plan's pure parts are in :mod:`~homeroom.games.class_of_89.solo_plan`. Public facts
only: yearbooks, tracks, the calendar, Ed's tokens and his face-up priority cards.
"""

from __future__ import annotations

from typing import Any

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import Yearbook
from homeroom.games.class_of_89.scoring import book_facts, measure, measure_of, staff_points
from homeroom.games.class_of_89.shortfall import (
    INF,
    MAX_TOKENS,
    _free,
    _reach,
    _student,
    cost,
    plan,
    shortfall,
    storage_live,
    turns_left,
)
from homeroom.games.class_of_89.solo_plan import free_room, joint_chances
from homeroom.games.class_of_89.weights import Weights


def ed_token_worth(state: Any, club: str) -> float:
    """Ed's teacher points to come from one more token of ``club``'s kind: it goes on his priority
    card of that club, and a column with a teacher scores the tokens there, half of them discarded,
    times its students (rulebook "Solo Rules / End of the Game"), so a token is worth half the
    column's students (0 without a teacher). Honor Society's token goes on the card above the column
    with a teacher and the most students. Public facts only: while the club's card is face down, the
    mean over the face-down columns (the clubs still face down are known, not their order)."""
    photo: list[str] = state.books[1].photo
    teachers = pl.lookup().teachers
    cols = pl.COLS

    def worth(c: int) -> float:
        cells = photo[c::cols]
        held = teachers.intersection(cells)
        if not held:
            return 0.0
        return 0.5 * (len(cells) - cells.count("") - len(held))

    if club not in state.ed_priority:     # Honor Society: the column with a teacher and most students
        return max((worth(c) for c in range(cols)), default=0.0)
    col = state.ed_priority.index(club)
    if state.ed_revealed[col]:
        return worth(col)
    hidden = [c for c in range(len(state.ed_priority)) if not state.ed_revealed[c]]
    return sum(worth(c) for c in hidden) / len(hidden)



def ed_rest(state: Any) -> float:
    """Ed's points other than the objectives (rulebook "Solo Rules / End of the Game"): the same
    sums as :func:`~homeroom.games.class_of_89.scoring.ed_score` without measuring the player's
    objectives again (a test keeps the two equal)."""
    comp = components()
    board = comp.board
    ed = state.books[1]
    teachers = 0
    for c in range(pl.COLS):
        cells = [ed.photo[r * pl.COLS + c] for r in range(pl.ROWS)]
        if not any(x and pl.is_teacher(x) for x in cells):
            continue
        club = state.ed_priority[c]
        token = next(lc.token for lc in comp.locations if lc.club == club)
        n = state.ed_tokens.get(token, 0)
        teachers += (n - (n + 1) // 2) * sum(1 for x in cells if x and not pl.is_teacher(x))
    per_letter = board["solo"]["tile_points"]
    tiles = sum(int(per_letter.get(comp.tiles[t].letter, 0)) for t in ed.tiles
                if comp.tiles[t].scoring or comp.tiles[t].letter in ("A", "B"))
    tiles += ed.ones * int(board["one_by_one_points"]) + len(ed.halves) * int(board["half_points"])
    tops = sum(1 for club, steps in comp.tracks.items() if ed.tracks[club] >= len(steps))
    return float(teachers + tiles + staff_points(ed) + int(board["track_top_points"]) * tops)


ED_FUTURE = (0.0, 9.4, 14.2, 18.8, 24.7, 28.7, 33.6, 36.2, 38.3, 40.2, 41.0, 42.3, 43.5)
"""Ed E. Tor's points other than the objectives still to come, by his turns left (index): the mean
of final minus current :func:`ed_rest` over 40 Normal games (seeds 300-339, the player moving at
random; Easy measured within 3 points of it). His teachers score tokens times students, so the
points come late. Without this term every turn the player ends hands Ed a turn whose points the
evaluation sees as a loss, and a one-turn lookahead prefers dithering (paying 2 signatures to
move a token back and forth) to ending the turn."""


ED_MEAN_REST = 41.0
"""Ed's mean final points other than the objectives (50 Normal games, BOTS.md)."""


def ed_other_points(state: Any, w: Weights) -> float:
    """Ed's expected final points other than the objectives: his points as they stand plus those to
    come (``ed_realized``), the rest of the weight at his measured mean (:data:`ED_MEAN_REST`)."""
    now = ed_rest(state) + ed_future(state, w) if w.ed_realized > 0 else 0.0
    return w.ed_realized * now + (1.0 - w.ed_realized) * ED_MEAN_REST


def ed_turns_left(state: Any) -> int:
    """Ed's team members still to place this round and in the rounds after it."""
    return turns_left(state, 1)


def ed_future(state: Any, w: Weights) -> float:
    """Ed's expected points other than the objectives still to come (public facts: the calendar)."""
    if state.phase == "over":
        return 0.0
    return w.ed_future * ED_FUTURE[min(ed_turns_left(state), len(ED_FUTURE) - 1)]


def ed_gain(state: Any, w: Weights, club: str = "") -> float:
    """The steps Ed E. Tor is expected to climb on a club track before the end (public facts only:
    the calendar, and with ``club`` whether it is Honor Society or among the tracks the difficulty's
    setup advanced him on). Measured over 30 Normal games: about 0.7-1.0 a round on every track, his
    preferred one a little more, and 0.7-1.0 from the start of round 4 to the end; over 20 more
    (sixth pass) 3.2 steps from the start on the two setup tracks, 2.9 on the other three and 1.65
    on Honor Society, which has no priority card (``ed_climb_top``, ``ed_climb_honor``)."""
    if state.phase == "over":
        return 0.0
    if w.ed_round > 0 and club:
        return _ed_gain_this_round(state, w, club)
    rate = w.ed_climb
    if club == "honor":
        rate = w.ed_climb_honor
    elif club and club in state.ed_priority[:_setup_tracks(state)]:
        rate = w.ed_climb_top
    return rate * ed_turns_left(state) / int(components().board.get("turns_per_round", 3)) \
        + w.ed_climb_end


def _ed_gain_this_round(state: Any, w: Weights, club: str) -> float:
    """Ed's projected climb on ``club`` with this round's public Location card read (``ed_round``):
    while his Editor is still to be placed this round it goes to the location the card names for
    it and steps that location's club, if it is one of the members he places this round (he places
    3 of 4, in an order only the next Choice card's back shows: taken as even odds); if it is the
    one left unused, the round end steps his most preferred track instead (one of the setup's
    tracks, each as likely). His other steps this round (half-icon matches, tiles, staff, the
    round end) come at ``ed_round_rest`` a round on every track, and the rounds after this one at
    ``ed_climb``."""
    comp = components()
    per_round = int(comp.board.get("turns_per_round", 3))
    ed = state.books[1]
    now = max(0, per_round - len(ed.used))
    later = ed_turns_left(state) - now
    gain = w.ed_round_rest * now / per_round + w.ed_climb * later / per_round + w.ed_climb_end
    if now > 0 and "editor" not in ed.used and state.solo_location:
        members = len(comp.board["members"])
        used = now / max(1, members - len(ed.used))
        card = comp.location_cards[state.solo_location]
        where = next(lc.club for lc in comp.locations if lc.id == card.members["editor"])
        if club == where:
            gain += w.ed_round * used
        top = state.ed_priority[:_setup_tracks(state)]
        if club in top:
            gain += w.ed_round * (1.0 - used) / len(top)
    return gain


def _setup_tracks(state: Any) -> int:
    """How many of Ed's priority tracks the difficulty's setup advanced him on (public: which
    clubs, not their order; a re-deal of his face-down cards keeps them in that group)."""
    return int(components().board["solo"]["difficulty_tracks"][state.options.get("difficulty", "normal")])


def race(mine: int, eds: int, gain: float, top: int) -> float:
    """Steps the player still has to climb to end above Ed's projected pin (``eds`` now, ``gain``
    to come, never past the top): 0 when already that far ahead, INF when Ed is at the top."""
    if eds >= top:
        return float(INF)
    target = min(float(top), eds + gain + 1.0)
    return max(0.0, target - mine)


def _crowd(book: Yearbook, objs: list[Any], full: list[float], part: list[float | None], w: Weights) -> None:
    """Add to each objective's costs its share of the students the yearbook lacks room for: the
    tokens all the MINs still need against the free token places on its students (each objective's
    estimate alone assumes every free place is its own)."""
    need = [shortfall(book, o.measure, o.min)[0] for o in objs]
    total = sum(need)
    room = sum(_free(book, s) for s in range(pl.CELLS) if _student(book, s)) + len(book.storage)
    room += sum(MAX_TOKENS - len(x.tokens) for x in book.superlatives)
    if total <= room:
        return
    students = (total - room) / MAX_TOKENS
    for i, n in enumerate(need):
        extra = w.crowd * w.student_cost * students * n / total
        full[i] += extra
        if part[i] is not None:
            part[i] = float(part[i] or 0.0) + extra


def solo_objectives(state: Any, w: Weights) -> tuple[float, float]:
    """The player's and Ed's expected objective points in a solo game.

    On Normal and Hard a card's full 14 needs the higher target unless the player's pin ends above
    Ed's on its club track, so the full target's cost is the cheaper of the higher target and
    the lower one plus the track steps still to climb past Ed."""
    comp = components()
    solo = comp.board["solo"]
    win, lose = float(solo["win"]), float(solo["lose"])
    difficulty = state.options.get("difficulty", "normal")
    me, ed = state.books[0], state.books[1]
    facts = book_facts(me)
    full_costs: list[float] = []
    part_costs: list[float | None] = []
    for oid in state.objectives:
        obj = comp.objectives[oid]
        m = obj.measure
        have = measure_of(me, facts, oid)
        if difficulty == "easy":
            full_costs.append(cost(me, m, obj.min, w, have, facts))
            part_costs.append(None)
            continue
        climb = w.track_cost * race(me.tracks[obj.club], ed.tracks[obj.club], ed_gain(state, w, obj.club),
                                    len(comp.tracks[obj.club]))
        low, high = (obj.min, obj.t1) if difficulty == "normal" else (obj.t1, obj.t2)
        c_low = cost(me, m, low, w, have, facts)
        full_costs.append(c_low + climb if climb <= 0 else min(cost(me, m, high, w, have, facts), c_low + climb))
        if difficulty == "normal":
            part_costs.append(c_low)
        else:
            part_costs.append(cost(me, m, obj.min, w, have, facts))
    if w.crowd > 0:
        _crowd(me, [comp.objectives[oid] for oid in state.objectives], full_costs, part_costs, w)
    reach = _reach(state, 0, w)
    p_full = plan(full_costs, reach, w)
    p_part = plan([c if c is not None else full_costs[i] for i, c in enumerate(part_costs)], reach, w)
    return split_points(p_full, p_part, [c is not None for c in part_costs], win, lose)


def split_points(p_full: list[float], p_part: list[float], has_part: list[bool], win: float,
                 lose: float) -> tuple[float, float]:
    """The player's and Ed's expected objective points from each card's chance of the full award
    (``win`` to the player, ``lose`` to Ed) and, where the card has one, of the partial award
    (``lose`` to the player, ``win`` to Ed)."""
    mine = eds = 0.0
    for pf, pp, partial in zip(p_full, p_part, has_part):
        pp = max(pf, pp) if partial else pf
        mine += win * pf + lose * (pp - pf)
        eds += lose * pf + win * (1.0 - pf)
    return mine, eds


# ------------------------------------------------------------- the solo plan
def plan_parts(book: Yearbook, m: dict[str, Any], target: int, stored_weight: float,
               have: int | None = None) -> tuple[float, float]:
    """(tokens, students) the yearbook still needs for ``target`` on measure ``m``; a stored token
    of the kind counts as ``stored_weight`` of a placed one; (INF, INF) when out of reach."""
    if have is None:
        have = measure(book, m)
    n_tok, n_stu = shortfall(book, m, target, have)
    if n_stu >= 10**9:
        return float(INF), float(INF)
    if have < target and m["kind"] == "connected_students_token":
        # shortfall counts the students with the token anywhere in a connected group of students,
        # connected to each other or not: Bolts on columns 2, 3 and 5 of a row read as three
        # connected when the measure is two (the student on column 4 has none). At least the
        # missing count is still to place.
        n_tok = max(n_tok, target - have)
    tok = m.get("token", "")
    stored = sum(1 for t in book.storage if t == tok) if tok else 0
    return max(0.0, n_tok - stored_weight * min(stored, n_tok)), float(n_stu)


def planned_objectives(state: Any, w: Weights, step: str = "") -> tuple[float, float]:
    """The player's and Ed's expected objective points in a solo game, by the joint plan
    (:mod:`~homeroom.games.class_of_89.solo_plan`).

    Targets as in :func:`~homeroom.games.class_of_89.bots.solo_objectives`: Easy MIN; Normal the
    full 14 at T1, or at MIN with the player's pin ending above Ed's projected one (the steps to
    climb cost ``plan_track`` each, added to the tokens), and 6 at MIN; Hard the same a target
    higher (T2, or T1 above Ed), and 6 at MIN. ``step``: as if the player's pin on that club were
    one step higher (what an Editor's unused step would bring)."""
    comp = components()
    solo = comp.board["solo"]
    win, lose = float(solo["win"]), float(solo["lose"])
    difficulty = state.options.get("difficulty", "normal")
    me, ed = state.books[0], state.books[1]
    stored = w.stored if storage_live(state) else 0.0
    full: list[tuple[float, float]] = []
    part: list[tuple[float, float] | None] = []
    for oid in state.objectives:
        obj = comp.objectives[oid]
        m = obj.measure
        have = measure(me, m)
        if difficulty == "easy":
            full.append(plan_parts(me, m, obj.min, stored, have))
            part.append(None)
            continue
        mine = me.tracks[obj.club] + (1 if obj.club == step else 0)
        climb = w.plan_track * race(mine, ed.tracks[obj.club], ed_gain(state, w, obj.club),
                                    len(comp.tracks[obj.club]))
        low, high = (obj.min, obj.t1) if difficulty == "normal" else (obj.t1, obj.t2)
        p_low = plan_parts(me, m, low, stored, have)
        by_track = (p_low[0] + climb, p_low[1]) if climb < INF and p_low[0] < INF else (float(INF), float(INF))
        p_high = plan_parts(me, m, high, stored, have)
        full.append(min(by_track, p_high, key=lambda p: p[0] + w.student_cost * p[1]))
        part.append(p_low if difficulty == "normal" else plan_parts(me, m, obj.min, stored, have))
    reach = w.solo_rate * turns_left(state, 0) + (w.slack if state.phase != "over" else 0.0)
    room = free_room(me)
    p_full = joint_chances(full, reach, room, w.student_cost, w.solo_curve)
    p_part = joint_chances([p if p is not None else full[i] for i, p in enumerate(part)], reach, room,
                           w.student_cost, w.solo_curve)
    return split_points(p_full, p_part, [p is not None for p in part], win, lose)
