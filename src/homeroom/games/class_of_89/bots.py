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

In the solo game a few more terms (see ``BOTS.md``): Ed's points still to come by his turns left
(so ending a turn is no loss to put off), his club tracks projected to the end (a card's full
target may be bought by ending above his *projected* pin), the share of the alphabet the photo's
empty cells no longer accept, a placed team member's unused ability, and the crowding of the
MINs' tokens on too few students.

Everything read is public: yearbooks, tracks, signatures, the calendar, Ed's tokens (his
face-down priority cards matter for his teachers only once a token has turned them face up).
In the solo game the single value is the player's estimate minus Ed E. Tor's.

The weights live in :class:`~homeroom.games.class_of_89.weights.Weights`; ``TUNED`` were found by
``bench/tune_class_of_89.py`` (see ``BOTS.md`` beside this file for the command and the
measurements). The calendar and the objective shortfalls this evaluation values are in
``shortfall.py``, the solo game's terms against Ed (his points and climb to come, the objective
plan) in ``solo_terms.py``.
"""

from __future__ import annotations

import itertools
import math
from operator import is_
from typing import Any

from homeroom.engine.bots import BotSettings
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import Photograph, UseMember
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import ENTRANCE, Yearbook
from homeroom.games.class_of_89.scoring import (
    book_facts,
    book_teachers,
    book_wildcat,
    ed_score,
    measure_of,
    ranked_points,
    staff_points,
    student_count,
)
from homeroom.games.class_of_89.shortfall import (
    INF,
    MAX_TOKENS,
    _free,
    _reach,
    _seats_turns_left,
    buys_left,
    chance,  # noqa: F401  (bots.chance, as before the split)
    cost,
    plan,
    reach_fade,
    storage_live,
    time_left,
    turn_clock_left,
    turns_left,
)
from homeroom.games.class_of_89.solo_terms import (
    ed_gain,
    ed_other_points,
    ed_token_worth,
    planned_objectives,
    race,
    solo_objectives,
)

# TUNED and use_weights are not used here: imported so that ``bots.TUNED`` and ``bots.use_weights`` stay
# what the tuning scripts and tests call (the weights live in weights.py since the split)
from homeroom.games.class_of_89.weights import TUNED, Weights, _active, use_weights  # noqa: F401


# ------------------------------------------------------------------ evaluation
def _rest(book: Yearbook, half_icons: bool, facts: dict[Any, Any] | None = None) -> float:
    """Endgame points other than the objectives, for the yearbook as it stands (teachers and
    Wildcat Way memoised on its content, as the scoring does; ``facts``: its
    :func:`~homeroom.games.class_of_89.scoring.book_facts` when the caller has them)."""
    comp = components()
    board = comp.board
    tops = sum(1 for club, steps in comp.tracks.items() if book.tracks[club] >= len(steps))
    if facts is None:
        facts = book_facts(book)
    return float(book_teachers(book, half_icons, facts) + book_wildcat(book, half_icons, facts) + staff_points(book)
                 + int(board["track_top_points"]) * tops
                 + book.signatures // int(board["signatures_per_point"])
                 + int(board["abc_points"]) * (book.abc_tokens - len(book.abc_slots)))


def _in_reach(book: Yearbook, left: float, w: Weights, solo: bool = False, storage: bool = True) -> float:
    """Resources that turn into points later: cards, stored tokens (``storage``: they can still be
    placed), signatures, track steps (solo: less the alphabet the photo's cells no longer accept)."""
    comp = components()
    v = w.card * sum(1 for c in book.photo if c) * (0.4 + 0.6 * left)
    if storage:
        v += w.stored_token * len(book.storage)
    v += w.signature * book.signatures * left
    for club, steps in book.tracks.items():
        if steps < len(comp.tracks.get(club, ())):
            v += w.track_step * steps
    v += w.tile_cell * sum(1 for g in book.grid if g)
    if solo and w.flex:
        v -= w.flex * left * shut(book)
    v += w.room * left * sum(MAX_TOKENS - len(book.tokens[s]) for s, c in enumerate(book.photo)
                             if c and not pl.is_teacher(c))
    return v


def book_teacher_potential(book: Yearbook, facts: dict[Any, Any]) -> float:
    """:func:`teacher_potential`, memoised in ``facts`` (the yearbook's ``book_facts``: it reads
    only the photo and the tokens, which that memo is keyed on)."""
    v: float | None = facts.get("teacher_potential")
    if v is None:
        v = facts["teacher_potential"] = teacher_potential(book)
    return v


def book_class_prospect(book: Yearbook, facts: dict[Any, Any], students: float, q_tokens: float,
                        q_pairs: float) -> float:
    """:func:`class_prospect`, memoised in ``facts`` (it reads only the photo and the alphabet
    slots, which the ``book_facts`` memo is keyed on)."""
    key = ("class_prospect", students, q_tokens, q_pairs)
    v: float | None = facts.get(key)
    if v is None:
        v = facts[key] = class_prospect(book, students, q_tokens, q_pairs)
    return v


def teacher_potential(book: Yearbook) -> float:
    """The teacher points half earned in each class: for a teacher paying per student holding two
    given tokens, each student of its class with some of them and room for the rest counts its
    share of the points (one of two: half). Placed tokens score only when a pair is complete, so
    without this a first token toward a teacher's pair looks like nothing."""
    comp = components()
    out = 0.0
    for t, st in pl.classes(book):
        sc = comp.teachers[book.photo[t]].scoring
        if sc["kind"] != "students_with_tokens":
            continue
        need = set(sc["tokens"])
        for s in st:
            miss = len(need - set(book.tokens[s]))
            if 0 < miss < len(need) and miss <= _free(book, s):
                out += int(sc["points"]) * (1.0 - miss / len(need))
    return out


def class_prospect(book: Yearbook, students: float, q_tokens: float, q_pairs: float) -> float:
    """The teacher points the ``students`` still to come would bring: shared among the classes by
    the share of the alphabet each empty cell of theirs still accepts (as :func:`shut` reads it),
    each student worth what its class's teacher pays a student (``q_tokens`` of a token-pair
    teacher's points, ``q_pairs`` of a pairs teacher's, a per-student teacher's in full); never
    more students than the cells can take. 0 with no student to come or no cell open."""
    if students <= 0:
        return 0.0
    comp = components()
    lk = pl.lookup()
    letters, teachers = lk.letter, lk.teachers
    photo, abc = book.photo, book.abc_slots
    n = len(photo)
    first, last = ord("A"), ord("Z")
    lo = [first] * n
    owner = [-1] * n
    cur, t = first, -1
    for s in range(n):
        c = photo[s]
        lo[s], owner[s] = cur, t
        if c in teachers:
            cur, t = first, s
        elif c and c in letters and s not in abc:
            cur = max(cur, letters[c])
    cap: dict[int, float] = {}
    hi = last
    for s in range(n - 1, -1, -1):
        c = photo[s]
        if c in teachers:
            hi = last
        elif c:
            if c in letters and s not in abc:
                hi = min(hi, letters[c])
        elif owner[s] >= 0:
            share = max(0, hi - lo[s] + 1) / (last - first + 1)
            if share > 0:
                cap[owner[s]] = cap.get(owner[s], 0.0) + share
    total = sum(cap.values())
    if total <= 0:
        return 0.0
    each = min(students, total) / total
    out = 0.0
    for slot, room in cap.items():
        sc = comp.teachers[photo[slot]].scoring
        kind, pts = sc["kind"], float(sc["points"])
        worth = pts if kind == "per_student" else pts * (q_tokens if kind == "students_with_tokens" else q_pairs)
        out += worth * room * each
    return out


def round_end_leads(state: Any, w: Weights) -> float:
    """The coming round end's track leaders' rewards to the solo player (``lead_mine`` per track it
    leads) less Ed's (``lead_ed`` per track he leads, or with ``lead_ed_exact`` what his token
    there is worth, :func:`ed_token_worth`); ties give nothing (rulebook "End of Round")."""
    if state.phase == "over":
        return 0.0
    me, ed = state.books[0].tracks, state.books[1].tracks
    odds = w.lead_odds > 0
    if odds:
        per_round = int(components().board.get("turns_per_round", 3))
        rate = w.ed_climb * max(0, per_round - len(state.books[1].used)) / per_round
    v = 0.0
    for club, mine in me.items():
        eds = ed[club]
        cost = ed_token_worth(state, club) if w.lead_ed_exact > 0 else w.lead_ed
        if odds:
            keep = poisson_at_most(mine - eds - 1, rate)        # Ed climbs fewer steps than the lead
            lose = 1.0 - poisson_at_most(mine - eds, rate)      # Ed climbs past the player's pin
            v += w.lead_mine * keep - cost * lose
        elif mine > eds:
            v += w.lead_mine
        elif eds > mine:
            v -= cost
    return v


def poisson_at_most(k: int, rate: float) -> float:
    """P(X <= k) for X Poisson with mean ``rate`` (0 for k < 0)."""
    if k < 0:
        return 0.0
    term = total = math.exp(-rate)
    for i in range(1, k + 1):
        term *= rate / i
        total += term
    return min(1.0, total)


def _potential(state: Any, w: Weights, objectives: float | None = None, base: float | None = None) -> float:
    """What the placed team member's unused ability is worth (see ``Weights.pot_editor``;
    ``objectives``: the solo plan's objective margin as it stands, for ``pot_exact``; ``base``: the
    solo evaluation as it stands without the ability, for ``pot_designer_exact`` and
    ``pot_photo_exact``)."""
    if state.phase != "act" or state.member_done or state.current != 0:
        return 0.0
    if w.pot_main > 0 and state.main_done:
        return 0.0
    comp = components()
    at_entrance = state.location == ENTRANCE
    if state.member == "editor":
        club = comp.board["entrance_club"] if at_entrance else comp.locations[state.location].club
        me, ed = state.books[0], state.books[1]
        if w.pot_exact > 0 and w.joint > 0 and objectives is not None \
                and state.options.get("difficulty", "normal") != "easy":
            return w.pot_exact * editor_step_value(state, w, club, objectives)
        steps = race(me.tracks[club], ed.tracks[club], ed_gain(state, w, club), len(comp.tracks[club]))
        return w.pot_editor * (3.0 if 0.0 < steps <= 3.0 else 1.0)
    if state.member == "designer":
        if w.pot_designer_exact > 0 and base is not None:
            return w.pot_designer_exact * member_use_value(state, base)
        return w.pot_designer
    if state.member == "photographer" and not at_entrance:
        if w.pot_photo_exact > 0 and base is not None:
            return w.pot_photo_exact * member_use_value(state, base)
        studs = sum(1 for c in state.school[state.location] if c in comp.students)
        return w.pot_photo * min(2, studs)
    return 0.0


def member_use_value(state: Any, base: float) -> float:
    """What using the placed Designer's or Photographer's ability now would bring the solo player:
    the best evaluation (:func:`values`) after it, its token choices resolved at their best (the
    Designer's token on each target it may go to, storage included, or declined; the
    Photographer's each student at the location in each cell it may take, a token its placement
    earns put at its best), minus ``base``, the
    evaluation as it stands without the unused ability. 0 when nothing can be taken or nothing
    gains (the ability is optional). With a choice still pending (the main action's token or tile,
    which the ability must wait for) the ability is valued as if it were done: that choice counts
    in neither evaluation. A state after the ability has it used, so :func:`values`
    there does not come back here."""
    comp = components()
    if state.member == "designer":
        token = "any" if state.location == ENTRANCE else comp.locations[state.location].token
        firsts: list[Any] = [UseMember("designer", "", token)]
    else:
        kinds = pl.lookup().kind
        firsts = state._placements_of(0, [c for c in state.school[state.location]
                                          if c and kinds[c] == "student"], Photograph)
    best = base
    for act in firsts:
        after = state.clone()
        after.pending.clear()    # a choice still pending (a token, a tile): the ability's own worth
        after.apply(act)
        best = max(best, _best_resolved(after, 2))
    return best - base


def _best_resolved(state: Any, depth: int) -> float:
    """The solo player's evaluation of ``state`` with a token pending for the player (the
    Designer's, or a bonus's: a kind to choose, then where it goes) resolved at its best, ``depth``
    choices deep; other choices (a tile, a drawn card: dozens of options, each with its own) and
    deeper ones valued as they stand."""
    if depth <= 0 or not state.pending or state.to_move != 0 or state.phase == "over" \
            or state.pending[0].kind != "token":
        return values(state, 0)[0]
    best = -float(INF)
    for act in state.legal_actions():
        after = state.clone()
        after.apply(act)
        best = max(best, _best_resolved(after, depth - 1))
    return best


def editor_step_value(state: Any, w: Weights, club: str, objectives: float) -> float:
    """What one more step on ``club`` is worth to the solo player now: the track term of the
    resources in reach and the change it makes to the objective plan (a card whose MIN is in reach
    and whose track it brings closer to ending above Ed's projected pin), the player's expected
    objective points minus Ed's, against ``objectives`` as they stand. At the top of the track a
    step is a signature."""
    if state.books[0].tracks[club] >= len(components().tracks[club]):
        return w.signature
    mine, eds = planned_objectives(state, w, club)
    return w.track_step + (mine - eds) - objectives


def _leads(state: Any, w: Weights) -> float:
    """The round-end rewards still to come on the club tracks the player leads Ed on (solo)."""
    if w.lead <= 0 or state.phase == "over":
        return 0.0
    ends = int(components().board.get("rounds", 4)) - int(state.round) + 1
    me, ed = state.books[0], state.books[1]
    return w.lead * ends * sum(1 for club in me.tracks if me.tracks[club] > ed.tracks[club])


def shut(book: Yearbook) -> float:
    """The share of the alphabet each empty class-photo cell no longer accepts, summed: its class's
    highest initial before it and lowest after it bound the students it can take (a teacher placed
    there later would open it again; ignored)."""
    letters = pl.lookup().letter
    photo, abc = book.photo, book.abc_slots
    n = len(photo)
    first, last = ord("A"), ord("Z")
    lo = [first] * n
    cur = first
    for s in range(n):
        c = photo[s]
        lo[s] = cur
        if c:
            cur = max(cur, letters[c]) if c in letters and s not in abc else cur if c in letters else first
    out = 0.0
    hi = last
    for s in range(n - 1, -1, -1):
        c = photo[s]
        if c:
            if c in letters:
                if s not in abc:
                    hi = min(hi, letters[c])
            else:
                hi = last
        else:
            out += 1.0 - max(0, hi - lo[s] + 1) / (last - first + 1)
    return out


def ranked_objectives(state: Any, w: Weights, facts: list[dict[Any, Any]] | None = None) -> list[float]:
    """Each seat's expected objective points with 2-4 players (ranked scoring: a seat short of MIN
    is worth its chance of reaching it times the place it would take there; the casual modes
    score a target alone, valued by the chance to reach it)."""
    comp = components()
    mode = state.options.get("objective_scoring", "ranked")
    n = state.players
    books = state.books[:n]
    if facts is None:  # each yearbook's book_facts, when the caller has not looked them up
        facts = [book_facts(b) for b in books]
    key = (mode, tuple(state.objectives), id(w), tuple(map(id, facts)),
           tuple(_reach(state, s, w) for s in range(n)), tuple(tuple(b.storage) for b in books))
    hit = _RANKED.get(key)
    if hit is not None and hit[0] is comp and hit[1] is w and all(map(is_, hit[2], facts)):
        return list(hit[3])
    out = _ranked_objectives(state, w, facts, comp, mode, books)
    if len(_RANKED) >= _RANKED_LIMIT:
        _RANKED.clear()
    _RANKED[key] = (comp, w, list(facts), list(out))
    return out


_RANKED: dict[tuple[Any, ...], tuple[Any, Weights, list[dict[Any, Any]], list[float]]] = {}
_RANKED_LIMIT = 4096
""":func:`ranked_objectives` by everything it reads: the objectives and scoring mode, the weights,
each yearbook's content (its ``book_facts``, held here so that its identity stays its own), each
seat's reach and storage (which the content leaves out). A search values many positions whose
yearbooks none of its moves changed (placements, moves on the school mat)."""


def _ranked_objectives(state: Any, w: Weights, facts: list[dict[Any, Any]], comp: Any, mode: str,
                       books: list[Yearbook]) -> list[float]:
    n = state.players
    objs = [comp.objectives[oid] for oid in state.objectives]
    out = [0.0] * n
    if mode != "ranked":
        casual = float(comp.board["casual_objectives"]["points"])
        for s in range(n):
            targets = [{"casual": o.min, "casual-t1": o.t1, "casual-t2": o.t2}[mode] for o in objs]
            odds = plan([cost(books[s], o.measure, t, w, None, facts[s]) for o, t in zip(objs, targets)],
                        _reach(state, s, w), w)
            out[s] = casual * sum(odds)
        return out
    table = list(comp.board["objective_points"][str(n)])
    exact = [[measure_of(b, f, oid) for b, f in zip(books, facts)] for oid in state.objectives]
    chances = [_chances(books[s], facts[s], objs, [exact[k][s] for k in range(len(objs))], _reach(state, s, w), w)
               for s in range(n)]
    places = _places_for(table)
    for k, o in enumerate(objs):
        qualified = [v >= o.min for v in exact[k]]
        now = places(exact[k], qualified)
        for s in range(n):
            if qualified[s]:
                out[s] += now[s]
                continue
            if chances[s][k] <= 0.0:
                continue
            at_min = list(exact[k])
            at_min[s] = o.min
            would = places(at_min, [q or i == s for i, q in enumerate(qualified)])
            out[s] += chances[s][k] * would[s]
    return out


def _places_for(table: list[int]) -> Any:
    """:func:`ranked_points` with the place table ``table``, kept by the measures and who qualified
    (numbers and flags only): a search ranks the same few measures over and over."""
    kept = _PLACES.get(tuple(table))
    if kept is None:
        if len(_PLACES) > 16:
            _PLACES.clear()
        kept = _PLACES[tuple(table)] = {}

    def places(measures: list[int], qualified: list[bool]) -> tuple[int, ...]:
        key = (*measures, *qualified)  # (as many flags as measures)
        hit: tuple[int, ...] | None = kept.get(key)
        if hit is None:
            if len(kept) >= _RANKED_LIMIT:
                kept.clear()
            hit = kept[key] = tuple(ranked_points(measures, qualified, table))
        return hit
    return places


_PLACES: dict[tuple[int, ...], dict[tuple[Any, ...], tuple[int, ...]]] = {}
""":func:`_places_for`'s memos, one per place table."""


def _chances(book: Yearbook, facts: dict[Any, Any], objs: list[Any], exact: list[int], reach: float,
             w: Weights) -> list[float]:
    """:func:`plan` of the objectives' costs to reach their MIN, memoised in ``facts`` (the
    yearbook's ``book_facts``) with what else it reads in the key: the objectives, their measures,
    the reach, the weights and the storage (which the content key leaves out)."""
    key = ("chances", tuple(id(o) for o in objs), tuple(exact), reach, id(w), tuple(book.storage))
    hit = facts.get(key)
    if hit is not None and hit[0] is w and all(a is b for a, b in zip(hit[1], objs)):
        out: list[float] = hit[2]
        return out
    out = plan([cost(book, o.measure, o.min, w, have, facts) for o, have in zip(objs, exact)], reach, w)
    facts[key] = (w, objs, out)
    return out


_resolving = [False]
"""Set while ``pot_pending`` resolves a pending token: the positions after it are valued as they
stand (a card paying 3 tokens would otherwise branch 10 x 10 x 10)."""


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
    if w.pot_pending > 0 and state.players == 1 and not _resolving[0] and state.pending \
            and state.pending[0].seat == 0 and state.pending[0].kind == "token":
        _resolving[0] = True
        try:
            return [_best_resolved(state, 2)]
        finally:
            _resolving[0] = False
    half = bool(state.options.get("half_icons", True))
    left = time_left(state)
    if state.players == 1:
        if w.turn_clock > 0:
            left = turn_clock_left(state, 0)
        mine, eds = planned_objectives(state, w) if w.joint > 0 else solo_objectives(state, w)
        book = state.books[0]
        live = storage_live(state) or w.joint <= 0
        exact = (w.pot_designer_exact > 0 and state.member == "designer") \
            or (w.pot_photo_exact > 0 and state.member == "photographer")
        own = mine + _rest(book, half) + reach_fade(state, w) * _in_reach(book, left, w, solo=True, storage=live) \
            + _leads(state, w) \
            + (0.0 if exact else _potential(state, w, mine - eds)) \
            + (w.teach * left * teacher_potential(book) if w.teach else 0.0) \
            + (w.teach_class * class_prospect(book, w.teach_rate * turns_left(state, 0), w.teach_q_tokens,
                                              w.teach_q_pairs) if w.teach_class else 0.0) \
            + (w.lead_end * round_end_leads(state, w) if w.lead_end else 0.0) \
            + (w.prod * (0.4 + 0.6 * left) * min(float(student_count(book)), w.prod_target) if w.prod else 0.0) \
            + (w.sig_buy * min(book.signatures, buys_left(state, 0)) if w.sig_buy else 0.0)
        ed_other = ed_other_points(state, w)
        if exact:    # the unused ability against the position without it (``member_use_value``)
            base = own - (ed_other + eds)
            return [base + _potential(state, w, mine - eds, base)]
        return [own - (ed_other + eds)]
    books = state.books[:state.players]
    facts = [book_facts(b) for b in books]
    wid = _weights_id(w)
    turns = _seats_turns_left(state, len(books))
    beside = [_beside_content(b) for b in books]
    objectives = state.objectives
    key = (wid, half, left, state.options.get("objective_scoring", "ranked"), len(books), len(objectives),
           *objectives, *map(_serial, facts), *turns, *itertools.chain.from_iterable(beside))  # (one flat tuple)
    hit = _VALUES.get(key)
    if hit is not None:
        return list(hit)
    points = ranked_objectives(state, w, facts)
    out = []
    for s, b in enumerate(books):
        rest, reach, teachers = _own_terms(state, s, b, facts[s], half, left, w, ("own", half, left, wid, turns[s],
                                                                                  *beside[s]))
        out.append(points[s] + rest + reach + teachers)  # summed in this order, as always
    if len(_VALUES) >= _VALUES_LIMIT:
        _VALUES.clear()
    _VALUES[key] = tuple(out)
    return out


def _own_terms(state: Any, seat: int, book: Yearbook, facts: dict[Any, Any], half: bool, left: float,
               w: Weights, key: tuple[Any, ...]) -> tuple[float, float, float]:
    """A seat's 2-4 player terms besides the objectives (:func:`_rest`, :func:`_in_reach` and
    :func:`_teachers_to_come`, apart: their sum is taken in the evaluation's order), memoised in ``facts`` (the yearbook's ``book_facts``) with what
    else they read in ``key``: the icon rule, the calendar, the weights' :func:`_weights_id`, the
    seat's turns left and :func:`_beside_content`. Another seat's move mostly leaves a yearbook as it
    was."""
    terms: tuple[float, float, float] | None = facts.get(key)
    if terms is None:
        terms = facts[key] = (_rest(book, half, facts), _in_reach(book, left, w),
                              _teachers_to_come(state, seat, book, left, w, facts))
    return terms


def _beside_content(book: Yearbook) -> tuple[Any, ...]:
    """What the 2-4 player evaluation reads of a yearbook beyond its content (its ``book_facts``
    key): tracks, signatures, ABC tokens owned, storage, staff, Wildcat Way cells; one flat tuple
    (each list behind its length, so that yearbooks laid end to end in a key stay apart), as nested
    tuples are so many more objects for the cyclic garbage collector to look at once kept."""
    tracks, storage, staff, grid = book.tracks, book.storage, book.staff, book.grid
    return (len(tracks), *itertools.chain.from_iterable(tracks.items()), book.signatures, book.abc_tokens,
            len(storage), *storage, len(staff), *staff, len(grid), *grid)


_VALUES: dict[tuple[Any, ...], tuple[float, ...]] = {}
_VALUES_LIMIT = 8192
"""The 2-4 player :func:`values` by everything it reads: the weights, the icon and objective rules,
the objectives, the calendar (fraction of the game left, each seat's turns left), each yearbook's
content (its ``book_facts``, by :func:`_serial`) and the rest of it (:func:`_beside_content`). A
greedy decision values about a hundred positions, half of them equal to one valued before under
everything the evaluation reads: a move on the school mat, the same card in another decision's
lookahead (issue 36). Keys and values hold numbers and text only, which the cyclic garbage
collector stops scanning: entries holding the weights or the facts themselves cost the collector
more, between greedy's decisions, than the memo saved."""

_SERIAL = ("serial",)
_serials = itertools.count(1)


def _serial(facts: dict[Any, Any]) -> int:
    """A number of its own for a yearbook's ``book_facts`` (never given to another, unlike ``id``,
    which a new memo may take over once the scoring memo is dropped): the components are fixed per
    facts, as that memo is dropped when they change."""
    n: int | None = facts.get(_SERIAL)
    if n is None:
        n = facts[_SERIAL] = next(_serials)
    return n


_KEPT_WEIGHTS: dict[int, Weights] = {}
"""Every weights object the 2-4 player evaluation has read, by ``id``, kept alive so that its
``id`` stays its own (a handful in a process: the tuned ones and a tuning run's)."""


def _weights_id(w: Weights) -> int:
    """``id(w)``, with ``w`` kept alive (:data:`_KEPT_WEIGHTS`)."""
    i = id(w)
    if i not in _KEPT_WEIGHTS:
        _KEPT_WEIGHTS[i] = w
    return i


def _teachers_to_come(state: Any, seat: int, book: Yearbook, left: float, w: Weights,
                      facts: dict[Any, Any] | None = None) -> float:
    """With 2-4 players, the teacher points a yearbook is building toward (``teach_mp``,
    ``teach_class_mp``); 0 with both off. ``facts``: the yearbook's ``book_facts``."""
    v = 0.0
    if facts is None:
        facts = book_facts(book)
    if w.teach_mp:
        v += w.teach_mp * left * book_teacher_potential(book, facts)
    if w.teach_class_mp:
        v += w.teach_class_mp * book_class_prospect(book, facts, w.teach_rate * turns_left(state, seat),
                                                    w.teach_q_tokens, w.teach_q_pairs)
    return v


def legacy_values(state: Any, seat: int) -> list[float]:
    """The evaluation before objective planning (issue 19), kept to measure the new one against:
    the endgame scoring as it stands plus resources in reach with the old hand-set weights."""
    totals = [float(s.total) for s in state.scores()]
    if state.phase != "over":
        left = time_left(state)
        old = Weights(card=1.2, stored_token=1.2, signature=0.45, track_step=0.55, tile_cell=0.15, room=0.0)
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
