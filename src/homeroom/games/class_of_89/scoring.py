"""Class of '89 endgame scoring (rulebook "Endgame Scoring", "Club Objectives", "Teachers",
"Wildcat Way Tiles", "Staff"), as pure functions of the yearbooks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from homeroom.engine import Score
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import Yearbook

if TYPE_CHECKING:
    from homeroom.games.class_of_89.state import Co89State


def student_count(book: Yearbook) -> int:
    """Students in the yearbook: the class photo and the Senior Superlatives (tie-break 2)."""
    teachers = pl.lookup().teachers
    return sum(1 for c in book.photo if c and c not in teachers) + len(book.superlatives)


def _students(book: Yearbook) -> list[int]:
    teachers = pl.lookup().teachers
    return [s for s, c in enumerate(book.photo) if c and c not in teachers]


def sequential_pairs(book: Yearbook, students: list[int]) -> list[bool]:
    """For each neighbouring pair of a class's students (gaps skipped), whether the initials are
    consecutive letters (same letters and covered letters do not count)."""
    out = []
    for a, b in zip(students, students[1:]):
        la, lb = pl.letter_of(book, a), pl.letter_of(book, b)
        out.append(bool(la and lb and lb == la + 1))
    return out


# ------------------------------------------------------------------ teachers
def teacher_points(book: Yearbook, teacher_slot: int, students: list[int],
                   half_icons: bool = True) -> int:
    """A teacher's points from its own class only."""
    comp = components()
    sc = comp.teachers[book.photo[teacher_slot]].scoring
    kind, pts = sc["kind"], int(sc["points"])
    if kind == "per_student":
        return pts * len(students)
    if kind == "students_with_tokens":
        need = set(sc["tokens"])
        return pts * sum(1 for s in students if need <= set(book.tokens[s]))
    if kind == "halficon_pairs":
        if not half_icons:
            return 0
        members = {teacher_slot, *students}
        return pts * sum(1 for right, club in pl.all_pairs(book)
                         if club == sc["club"] and right in members and right - 1 in members)
    if kind == "sequential_pairs":
        return pts * sum(sequential_pairs(book, students))
    return 0


def teachers_total(book: Yearbook, half_icons: bool = True) -> int:
    return sum(teacher_points(book, t, st, half_icons) for t, st in pl.classes(book))


# ------------------------------------------------------------------- tiles
def _all_token_lists(book: Yearbook) -> list[list[str]]:
    return [book.tokens[s] for s in _students(book)] + [x.tokens for x in book.superlatives]


def tile_points(book: Yearbook, tile: str, half_icons: bool = True) -> int:
    sc = components().tiles[tile].scoring
    if not sc:
        return 0
    kind = sc["kind"]
    if kind == "flat":
        return int(sc["points"])
    if kind == "distinct_halficon_matches":
        if not half_icons:
            return 0
        distinct = len({club for _, club in pl.all_pairs(book)})
        best = 0
        for need, pts in zip(sc["thresholds"], sc["points"]):
            if distinct >= need:
                best = pts
        return best
    if kind == "classes_with_token_students":
        tok, need = sc["token"], int(sc["students"])
        return int(sc["points"]) * sum(
            1 for _, st in pl.classes(book) if sum(1 for s in st if tok in book.tokens[s]) >= need)
    if kind == "students_with_distinct_tokens":
        need = int(sc["distinct"])
        return int(sc["points"]) * sum(1 for t in _all_token_lists(book) if len(set(t)) >= need)
    if kind == "superlative_tokens":
        sup = next((x for x in book.superlatives if x.tile == tile), None)
        return int(sc["points"]) * (sup.tokens.count(sc["token"]) if sup else 0)
    if kind == "tokens_per":
        n = sum(t.count(sc["token"]) for t in _all_token_lists(book))
        return int(sc["points"]) * (n // int(sc["per"]))
    return 0


def wildcat_total(book: Yearbook, half_icons: bool = True) -> int:
    board = components().board
    return (sum(tile_points(book, t, half_icons) for t in book.tiles)
            + book.ones * int(board["one_by_one_points"]) + len(book.halves) * int(board["half_points"]))


def staff_points(book: Yearbook) -> int:
    comp = components()
    table = comp.board["staff_points"]["table"]
    distinct = len({comp.staff[s].club for s in book.staff})
    return int(table[min(distinct, len(table) - 1)])


# -------------------------------------------------------------- objectives
def measure(book: Yearbook, m: dict[str, Any]) -> int:
    """How much of an objective's requirement a yearbook has (rulebook "Objectives Examples")."""
    kind = m["kind"]
    photo = book.photo
    tokens = book.tokens
    if kind == "students_token_same_class":
        tok = m["token"]
        return max((sum(1 for s in st if tok in tokens[s]) for _, st in pl.classes(book)), default=0)
    if kind == "tokens_same_row":
        tok = m["token"]
        return max([sum([t.count(tok) for t in tokens[r * 5:r * 5 + 5]]) for r in range(4)])
    if kind == "tokens_same_column":
        tok = m["token"]
        return max([sum([t.count(tok) for t in tokens[c:20:5]]) for c in range(5)])
    if kind == "connected_students_token":
        tok = m["token"]
        have = {s for s in _students(book) if tok in tokens[s]}
        best = 0
        while have:
            stack = [have.pop()]
            size = 0
            while stack:
                s = stack.pop()
                size += 1
                for n in pl.neighbours(s):
                    if n in have:
                        have.remove(n)
                        stack.append(n)
            best = max(best, size)
        return best
    if kind == "students_many_tokens":
        tok, need = m["token"], int(m["at_least"])
        return sum(1 for t in _all_token_lists(book) if t.count(tok) >= need)
    if kind == "full_classes":
        need = int(m["students"])
        count = 0
        for t, st in pl.classes(book):
            if len(st) >= need and all(photo[s] for s in range(t, st[-1] + 1)):
                count += 1
        return count
    if kind == "tokens_adjacent_teacher":
        tok = m["token"]
        return sum(tokens[s].count(tok) for s in _students(book)
                   if any(photo[n] and pl.is_teacher(photo[n]) for n in pl.neighbours(s)))
    if kind == "tokens_adjacent_token":
        tok, other = m["token"], m["other"]
        return sum(tokens[s].count(tok) for s in _students(book)
                   if any(other in tokens[n] for n in pl.neighbours(s) if photo[n]))
    if kind == "alphabetical_runs":
        need = int(m["length"])
        runs = 0
        for _, st in pl.classes(book):
            length = 1
            for ok in sequential_pairs(book, st) + [False]:
                if ok:
                    length += 1
                else:
                    if length >= need:
                        runs += 1
                    length = 1
        return runs
    raise ValueError(f"unknown measure {kind}")


# ------------------------------------------------------------------ memo
_MEMO: dict[tuple[Any, ...], dict[Any, Any]] = {}
_MEMO_LIMIT = 4096
"""Entries per memo before it is dropped: a search revisits a few thousand yearbooks at most."""
_MEMO_COMPONENTS: list[Any] = [None]
_OBJ_MEMO: dict[tuple[Any, ...], list[dict[str, int]]] = {}


def _book_key(book: Yearbook) -> tuple[Any, ...]:
    """Everything of a yearbook that its objective measures, teachers and Wildcat Way points read."""
    return (tuple(book.photo), tuple(map(tuple, book.tokens)), tuple(book.abc_slots),
            tuple([(x.tile, x.student, tuple(x.tokens)) for x in book.superlatives]),
            tuple(book.tiles), book.ones, tuple(book.halves))


def book_facts(book: Yearbook) -> dict[Any, Any]:
    """The memo of one yearbook's scoring figures (objective id -> measure, ("teachers", half),
    ("wildcat", half); the bots' objective shortfalls), shared by every yearbook with the same content: a search scores thousands
    of positions whose yearbooks mostly did not change. Keyed on content, so a yearbook edited by
    hand is simply a new key; dropped whole when it grows past a bound or the components change."""
    return _facts_for(_book_key(book))


def _facts_for(key: tuple[Any, ...]) -> dict[Any, Any]:
    comp = components()
    if _MEMO_COMPONENTS[0] is not comp:
        _MEMO.clear()
        _OBJ_MEMO.clear()
        _MEMO_COMPONENTS[0] = comp
    facts = _MEMO.get(key)
    if facts is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
            _OBJ_MEMO.clear()
        facts = _MEMO[key] = {}
    return facts


def measure_of(book: Yearbook, facts: dict[Any, Any], oid: str) -> int:
    """Objective ``oid``'s :func:`measure` of ``book``, memoised in ``facts`` (its
    :func:`book_facts`)."""
    v: int | None = facts.get(oid)
    if v is None:
        v = facts[oid] = measure(book, components().objectives[oid].measure)
    return v


def _book_total(book: Yearbook, half_icons: bool, facts: dict[Any, Any] | None, name: str,
                total: Callable[[Yearbook, bool], int]) -> int:
    """``total(book, half_icons)``, memoised under ``name`` in ``facts`` (the yearbook's
    :func:`book_facts`)."""
    if facts is None:
        facts = book_facts(book)
    v: int | None = facts.get((name, half_icons))
    if v is None:
        v = facts[name, half_icons] = total(book, half_icons)
    return v


def book_teachers(book: Yearbook, half_icons: bool, facts: dict[Any, Any] | None = None) -> int:
    """:func:`teachers_total`, memoised in ``facts`` (the yearbook's :func:`book_facts`)."""
    return _book_total(book, half_icons, facts, "teachers", teachers_total)


def book_wildcat(book: Yearbook, half_icons: bool, facts: dict[Any, Any] | None = None) -> int:
    """:func:`wildcat_total`, memoised in ``facts`` (the yearbook's :func:`book_facts`)."""
    return _book_total(book, half_icons, facts, "wildcat", wildcat_total)


def ranked_points(values: list[int], qualified: list[bool], table: list[int]) -> list[int]:
    """Points by place among qualified players; tied players share the summed places rounded up,
    and the next player takes the place after the tied ones (rulebook "Endgame Scoring")."""
    out = [0] * len(values)
    order = sorted((v for v, q in zip(values, qualified) if q), reverse=True)
    for s, (v, q) in enumerate(zip(values, qualified)):
        if not q:
            continue
        place = order.index(v)
        ties = order.count(v)
        total = sum(table[place:place + ties])
        out[s] = -(-total // ties)
    return out


def solo_targets(difficulty: str, obj: Any, me: Yearbook, ed: Yearbook) -> tuple[tuple[str, int], int | None]:
    """The solo target in force for objective ``obj`` (rulebook "Club Objective Cards"): its name
    ('MIN', 'T1' or 'T2') and value for 14/6, and the MIN value that still gives 6/14 (None: easy,
    or normal with the player's pin above Ed's, where missing the target gives 0/14)."""
    higher = me.tracks[obj.club] > ed.tracks[obj.club]
    if difficulty == "easy":
        return ("MIN", obj.min), None
    if difficulty == "normal":
        return (("MIN", obj.min), None) if higher else (("T1", obj.t1), obj.min)
    return (("T1", obj.t1), obj.min) if higher else (("T2", obj.t2), obj.min)


def solo_objective_points(state: Co89State) -> tuple[dict[str, int], dict[str, int]]:
    """Solo objectives (rulebook "Solo Rules / End of the Game"): the player's and Ed's points per card,
    by difficulty and whether the player's pin is above Ed's on the card's club track."""
    comp = components()
    solo = comp.board["solo"]
    win, lose = int(solo["win"]), int(solo["lose"])
    difficulty = state.options.get("difficulty", "normal")
    me, ed = state.books[0], state.books[1]
    facts = book_facts(me)
    mine: dict[str, int] = {}
    eds: dict[str, int] = {}
    for oid in state.objectives:
        v = measure_of(me, facts, oid)
        (_, full), partial = solo_targets(difficulty, comp.objectives[oid], me, ed)
        if v >= full:
            mine[oid], eds[oid] = win, lose
        elif partial is not None and v >= partial:
            mine[oid], eds[oid] = lose, win
        else:
            mine[oid], eds[oid] = 0, win
    return mine, eds


SoloObjectives = tuple[dict[str, int], dict[str, int]]
"""What :func:`solo_objective_points` gives: the player's and Ed's points per objective card."""


def ed_score(state: Co89State, solo: SoloObjectives | None = None) -> Score:
    """Ed's points: objectives as the solo table, teachers by column, tiles by letter, staff, tracks
    (``solo``: the state's :func:`solo_objective_points`, when the caller has them already)."""
    comp = components()
    board = comp.board
    ed = state.books[1]
    teachers = 0
    teacher_ids = pl.lookup().teachers
    for c in range(5):
        cells = ed.photo[c:20:5]  # the column's 4 cells
        if teacher_ids.isdisjoint(cells):
            continue
        club = state.ed_priority[c]
        token = next(lc.token for lc in comp.locations if lc.club == club)
        n = state.ed_tokens.get(token, 0)
        remaining = n - (n + 1) // 2  # discard half, rounded up
        teachers += remaining * sum(1 for x in cells if x and x not in teacher_ids)
    per_letter = board["solo"]["tile_points"]
    # "3 points for every C tile with a scoring criteria, 4 points for every B tile, and 5 points for
    # every A tile": only C (and D) tiles need a scoring criterion (RULINGS.md 48)
    tiles = sum(int(per_letter.get(comp.tiles[t].letter, 0)) for t in ed.tiles
                if comp.tiles[t].scoring or comp.tiles[t].letter in ("A", "B"))
    tiles += ed.ones * int(board["one_by_one_points"]) + len(ed.halves) * int(board["half_points"])
    return Score.of({
        "objectives": sum((solo or solo_objective_points(state))[1].values()),
        "teachers": teachers,
        "wildcat_way": tiles,
        "staff": staff_points(ed),
        "club_tracks": int(board["track_top_points"]) * sum(
            1 for club, steps in comp.tracks.items() if ed.tracks[club] >= len(steps)),
    })


def objective_points(state: Co89State, keys: list[tuple[Any, ...]] | None = None,
                     solo: SoloObjectives | None = None) -> list[dict[str, int]]:
    """Points per objective per seat, under the chosen objective rule (``keys``: the yearbooks'
    memo keys, ``solo``: a solo game's :func:`solo_objective_points`, when the caller has them
    already)."""
    comp = components()
    if state.players == 1:
        return [(solo or solo_objective_points(state))[0]]
    mode = state.options.get("objective_scoring", "ranked")
    books = state.books
    if keys is None:
        keys = [_book_key(b) for b in books]
    memo_key = (mode, tuple(state.objectives), *keys)
    cached = _OBJ_MEMO.get(memo_key)
    if cached is not None and _MEMO_COMPONENTS[0] is comp:
        return [dict(d) for d in cached]
    if len(_OBJ_MEMO) >= _MEMO_LIMIT:
        _OBJ_MEMO.clear()
    facts = [_facts_for(k) for k in keys]
    per: list[dict[str, int]] = [{} for _ in range(state.players)]
    for oid in state.objectives:
        obj = comp.objectives[oid]
        values = [measure_of(b, f, oid) for b, f in zip(books, facts)]
        if mode == "ranked":
            table = list(comp.board["objective_points"][str(state.players)])
            pts = ranked_points(values, [v >= obj.min for v in values], table)
        else:
            target = {"casual": obj.min, "casual-t1": obj.t1, "casual-t2": obj.t2}[mode]
            casual = int(comp.board["casual_objectives"]["points"])
            pts = [casual if v >= target else 0 for v in values]
        for s in range(state.players):
            per[s][oid] = pts[s]
    _OBJ_MEMO[memo_key] = [dict(d) for d in per]
    return per


def final_scores(state: Co89State, solo: SoloObjectives | None = None) -> list[Score]:
    """Every seat's end-game score (``solo``: a solo game's :func:`solo_objective_points`, when the
    caller has them already)."""
    board = components().board
    half = bool(state.options.get("half_icons", True))
    keys = [_book_key(b) for b in state.books[:state.players]]  # (not Ed's: his scoring is ed_score's)
    objs = objective_points(state, keys, solo)
    out = []
    for s, b in enumerate(state.books[:state.players]):
        facts = _facts_for(keys[s])
        out.append(Score.of({
            "objectives": sum(objs[s].values()),
            "teachers": book_teachers(b, half, facts),
            "wildcat_way": book_wildcat(b, half, facts),
            "staff": staff_points(b),
            "club_tracks": int(board["track_top_points"]) * sum(
                1 for club, steps in components().tracks.items() if b.tracks[club] >= len(steps)),
            "signatures": b.signatures // int(board["signatures_per_point"]),
            "abc_token": int(board["abc_points"]) * (b.abc_tokens - len(b.abc_slots)),
        }))
    return out
