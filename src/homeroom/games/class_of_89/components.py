"""Class of '89 components: the schema of every data file, its loader and its checker.

The data folder holds one TOML file per component kind (students, teachers, staff, tiles,
objectives) and ``board.toml`` (school mat, yearbook, club tracks and rule tables). Every
problem found names its file, record and field, so a player who owns the game can replace
the stand-ins and be told exactly what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from homeroom.engine import DataError
from homeroom.engine.data import check_provenance
from homeroom.engine.datasets import DataSet, as_source, components_of, on_switch, read_source, sharing

DATA_DIR = Path(__file__).parent / "data"
CLUBS = ("council", "quiz", "pep", "arts", "athletics", "honor")
TOKENS = ("gavel", "bookmark", "bolt", "paint", "star")
LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
TILE_LETTERS = ("A", "B", "C", "D")
GAIN_WORDS = ("signature", "tile1x1", "draw_students", "draw_teachers", "pick_student", "pick_teacher")
COUNTS = {"students.toml": 78, "teachers.toml": 24, "staff.toml": 24, "objectives.toml": 24}
TILE_COUNTS = {"A": 8, "B": 12, "C": 10, "D": 12}
TEACHER_KINDS = {
    "per_student": (),
    "students_with_tokens": ("tokens",),
    "halficon_pairs": ("club",),
    "sequential_pairs": (),
}
TILE_KINDS = {
    "distinct_halficon_matches": ("thresholds", "points"),
    "classes_with_token_students": ("token", "students", "points"),
    "students_with_distinct_tokens": ("distinct", "points"),
    "superlative_tokens": ("token", "points"),
    "flat": ("points",),
    "tokens_per": ("token", "per", "points"),
}
FIELDS = {
    "student": ("id", "name", "letter", "left", "right", "provenance", "stand_in_fields"),
    "teacher": ("id", "name", "right", "scoring", "provenance", "stand_in_fields"),
    "staff": ("id", "name", "club", "gains", "provenance", "stand_in_fields"),
    "tile": ("id", "name", "letter", "width", "height", "gains", "superlative", "scoring", "provenance",
             "stand_in_fields"),
    "objective": ("id", "name", "club", "set", "min", "t1", "t2", "measure", "provenance", "stand_in_fields"),
}
MEASURES = {
    "students_token_same_class": ("token",),
    "tokens_same_row": ("token",),
    "tokens_same_column": ("token",),
    "connected_students_token": ("token",),
    "students_many_tokens": ("token", "at_least"),
    "full_classes": ("students",),
    "tokens_adjacent_teacher": ("token",),
    "tokens_adjacent_token": ("token", "other"),
    "alphabetical_runs": ("length",),
}


@dataclass(frozen=True)
class Student:
    id: str
    name: str
    letter: str
    left: str
    right: str
    provenance: str


@dataclass(frozen=True)
class Teacher:
    id: str
    name: str
    right: str
    scoring: dict[str, Any]
    provenance: str


@dataclass(frozen=True)
class Staff:
    id: str
    name: str
    club: str
    gains: tuple[str, ...]
    provenance: str


@dataclass(frozen=True)
class Tile:
    id: str
    name: str
    letter: str
    width: int
    height: int
    gains: tuple[str, ...]
    superlative: bool
    scoring: dict[str, Any] | None
    provenance: str


@dataclass(frozen=True)
class Objective:
    id: str
    name: str
    club: str
    set: str
    min: int
    t1: int
    t2: int
    measure: dict[str, Any]
    provenance: str


@dataclass(frozen=True)
class LocationCard:
    """Ed's Location card (solo): the X location and where each team member goes."""

    id: str
    x: str
    members: dict[str, str]
    provenance: str


@dataclass(frozen=True)
class ChoiceCard:
    """Ed's Choice card (solo): the item taken at each location, and the member order on its back."""

    id: str
    items: dict[str, str]
    back: tuple[str, ...]
    provenance: str


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    club: str
    token: str
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class Components:
    """Every component and rule table, loaded and checked once."""

    students: dict[str, Student]
    teachers: dict[str, Teacher]
    staff: dict[str, Staff]
    tiles: dict[str, Tile]
    objectives: dict[str, Objective]
    board: dict[str, Any]
    locations: tuple[Location, ...]
    tracks: dict[str, list[list[str]]]
    row_bonuses: list[list[str]]
    column_sides: dict[str, list[list[str]]]
    grid_icons: dict[int, list[str]]
    halves: dict[str, str]
    location_cards: dict[str, LocationCard]
    choice_cards: dict[str, ChoiceCard]

    def club_name(self, club: str) -> str:
        return self._names("clubs")[club]

    def token_name(self, token: str) -> str:
        return self._names("tokens")[token]

    def member_name(self, member: str) -> str:
        return self._names("members")[member]

    def _names(self, group: str) -> dict[str, str]:
        """The board's names of one group (clubs, tokens, members) as strings, converted once (a
        game with its log names them in most lines); a missing name is a KeyError as before."""
        cache: dict[str, dict[str, str]] = self.__dict__.setdefault("_name_tables", {})
        table = cache.get(group)
        if table is None:
            table = cache[group] = {k: str(v) for k, v in self.board["names"][group].items()}
        return table

    def card_name(self, card: str) -> str:
        """The card's (or tile's) name; an unknown id is its own name. From one table of every
        name, built on first use (a game with its log names cards in most lines)."""
        names: dict[str, str] | None = self.__dict__.get("_card_names")
        if names is None:
            names = {}
            for table in (self.tiles, self.staff, self.teachers, self.students):  # the first kind wins
                for key, value in table.items():
                    names[key] = str(value.name)
            self.__dict__["_card_names"] = names  # (not a field: equality and the codec ignore it)
        return names.get(card, card)


class _Checker:
    """Collects problems while reading records."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def text(self, rec: dict[str, Any], key: str, where: str, choices: tuple[str, ...] | None = None) -> str:
        value = rec.get(key)
        if not isinstance(value, str) or not value:
            self.bad(where, f"field '{key}' must be non-empty text")
            return ""
        if choices is not None and value not in choices:
            self.bad(where, f"field '{key}' is {value!r}, expected one of {', '.join(choices)}")
        return value

    def provenance(self, rec: dict[str, Any], where: str) -> str:
        """Check ``provenance`` (and a mixed record's ``stand_in_fields``); return the provenance."""
        for problem in check_provenance(rec):
            self.bad(where, problem)
        value = rec.get("provenance")
        return value if isinstance(value, str) else ""

    def number(self, rec: dict[str, Any], key: str, where: str, low: int = 0, high: int = 99) -> int:
        value = rec.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.bad(where, f"field '{key}' must be a whole number from {low} to {high}, got {value!r}")
            return low
        return value

    def gains(self, value: Any, where: str, key: str = "gains") -> tuple[str, ...]:
        if not isinstance(value, list):
            self.bad(where, f"field '{key}' must be a list of gains")
            return ()
        for g in value:
            if not _valid_gain(g):
                self.bad(where, f"field '{key}' has unknown gain {g!r} (expected signature, tile1x1, "
                                "token:<kind|any>, club:<club>, draw_students, draw_teachers, "
                                "pick_student, pick_teacher)")
        return tuple(g for g in value if isinstance(g, str))

    def params(self, rec: dict[str, Any], key: str, where: str, kinds: dict[str, tuple[str, ...]]) -> dict[str, Any]:
        value = rec.get(key)
        if not isinstance(value, dict):
            self.bad(where, f"field '{key}' must be a table with a 'kind'")
            return {}
        kind = value.get("kind")
        if kind not in kinds:
            self.bad(where, f"field '{key}.kind' is {kind!r}, expected one of {', '.join(kinds)}")
            return {}
        for need in kinds[kind]:
            if need not in value:
                self.bad(where, f"field '{key}' of kind {kind} needs '{need}'")
        for tk in ("token", "other"):
            if tk in value and value[tk] not in TOKENS:
                self.bad(where, f"field '{key}.{tk}' is {value[tk]!r}, not a token")
        if "tokens" in value and (not isinstance(value["tokens"], list)
                                  or any(t not in TOKENS for t in value["tokens"])):
            self.bad(where, f"field '{key}.tokens' must list tokens")
        if "club" in value and value["club"] not in CLUBS:
            self.bad(where, f"field '{key}.club' is {value['club']!r}, not a club")
        if kind == "distinct_halficon_matches":
            th, pts = value.get("thresholds"), value.get("points")
            if (not isinstance(th, list) or not isinstance(pts, list) or len(th) != len(pts) or not th
                    or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in th + pts)):
                self.bad(where, f"field '{key}.thresholds' and '{key}.points' must be lists of whole numbers "
                                "of the same length")
        for nk in ("points", "students", "distinct", "per", "at_least", "length"):
            v = value.get(nk)
            if v is not None and not isinstance(v, list) and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                self.bad(where, f"field '{key}.{nk}' must be a whole number >= 0")
        return dict(value)


def _valid_gain(g: Any) -> bool:
    if not isinstance(g, str):
        return False
    if g in GAIN_WORDS:
        return True
    if g.startswith("token:"):
        return g[6:] in TOKENS or g[6:] == "any"
    if g.startswith("club:"):
        return g[5:] in CLUBS
    return False


def _read(directory: Path | DataSet, name: str, ck: _Checker) -> dict[str, Any]:
    data, problem = read_source(directory, name)
    if problem:
        ck.bad(name, problem)
    return data


def _records(data: dict[str, Any], key: str, name: str, ck: _Checker) -> list[tuple[str, dict[str, Any]]]:
    recs = data.get(key, [])
    if not isinstance(recs, list):
        ck.bad(name, f"'{key}' must be an array of tables")
        return []
    out = []
    seen: set[str] = set()
    for i, rec in enumerate(recs):
        rid = rec.get("id") if isinstance(rec, dict) else None
        where = f"{name} {key} #{i + 1}" + (f" ({rid})" if isinstance(rid, str) else "")
        if not isinstance(rec, dict):
            ck.bad(where, "must be a table")
            continue
        if not isinstance(rid, str) or not rid:
            ck.bad(where, "field 'id' must be non-empty text")
            continue
        if rid in seen:
            ck.bad(where, f"id {rid!r} is used twice")
        seen.add(rid)
        ck.text(rec, "name", where)
        ck.provenance(rec, where)
        for extra in sorted(set(rec) - set(FIELDS.get(key, rec))):
            ck.bad(where, f"unknown field '{extra}' (a {key} has {', '.join(FIELDS[key])})")
        out.append((where, rec))
    expected = COUNTS.get(name)
    if expected is not None and len(out) != expected and data:  # (a missing file is reported once)
        ck.bad(name, f"has {len(out)} {key} records; the game has {expected}")
    return out


def load(directory: Path | DataSet | None = None) -> tuple[Components | None, list[str]]:
    """Read and check a data folder (laid over the packaged data: see :mod:`homeroom.engine.datasets`)
    or data set; return the components (None if broken) and the problems."""
    directory, overlay_problems = as_source(DATA_DIR, directory)
    ck = _Checker()
    ck.problems.extend(overlay_problems)
    students: dict[str, Student] = {}
    for where, r in _records(_read(directory, "students.toml", ck), "student", "students.toml", ck):
        students[r["id"]] = Student(r["id"], r.get("name", ""), ck.text(r, "letter", where, LETTERS),
                                    ck.text(r, "left", where, CLUBS), ck.text(r, "right", where, CLUBS),
                                    r.get("provenance", ""))
    missing = sorted(set(LETTERS) - {s.letter for s in students.values()})
    if students and missing:
        ck.bad("students.toml", f"no student has the initial(s) {', '.join(missing)}")
    teachers: dict[str, Teacher] = {}
    for where, r in _records(_read(directory, "teachers.toml", ck), "teacher", "teachers.toml", ck):
        teachers[r["id"]] = Teacher(r["id"], r.get("name", ""), ck.text(r, "right", where, CLUBS),
                                    ck.params(r, "scoring", where, TEACHER_KINDS), r.get("provenance", ""))
    staff: dict[str, Staff] = {}
    for where, r in _records(_read(directory, "staff.toml", ck), "staff", "staff.toml", ck):
        staff[r["id"]] = Staff(r["id"], r.get("name", ""), ck.text(r, "club", where, CLUBS),
                               ck.gains(r.get("gains"), where), r.get("provenance", ""))
    tiles: dict[str, Tile] = {}
    board = _read(directory, "board.toml", ck)
    gw = board.get("grid_columns", 6) if isinstance(board.get("grid_columns"), int) else 6
    gh = board.get("grid_rows", 4) if isinstance(board.get("grid_rows"), int) else 4
    for where, r in _records(_read(directory, "tiles.toml", ck), "tile", "tiles.toml", ck):
        scoring = ck.params(r, "scoring", where, TILE_KINDS) if "scoring" in r else None
        sup = r.get("superlative", False)
        if not isinstance(sup, bool):
            ck.bad(where, "field 'superlative' must be true or false")
        tiles[r["id"]] = Tile(r["id"], r.get("name", ""), ck.text(r, "letter", where, TILE_LETTERS),
                              ck.number(r, "width", where, 1, gw), ck.number(r, "height", where, 1, gh),
                              ck.gains(r.get("gains"), where), bool(sup), scoring, r.get("provenance", ""))
    for letter, n in TILE_COUNTS.items():
        got = sum(1 for t in tiles.values() if t.letter == letter)
        if tiles and got != n:
            ck.bad("tiles.toml", f"has {got} {letter} tiles; the game has {n}")
    objectives: dict[str, Objective] = {}
    for where, r in _records(_read(directory, "objectives.toml", ck), "objective", "objectives.toml", ck):
        objectives[r["id"]] = Objective(
            r["id"], r.get("name", ""), ck.text(r, "club", where, CLUBS), ck.text(r, "set", where, TILE_LETTERS),
            ck.number(r, "min", where), ck.number(r, "t1", where), ck.number(r, "t2", where),
            ck.params(r, "measure", where, MEASURES), r.get("provenance", ""))
    for club in CLUBS:
        for s in TILE_LETTERS:
            n = sum(1 for o in objectives.values() if o.club == club and o.set == s)
            if objectives and n != 1:
                ck.bad("objectives.toml", f"set {s} has {n} {club} objectives; each set has one per club")
    locations, tracks, rows, sides, icons, halves = _board(board, ck, gw, gh)
    solo = _read(directory, "solo.toml", ck)
    if not locations:  # board.toml is broken: the solo cards cannot be checked against its locations
        solo = {}
    location_cards, choice_cards = _solo(solo, ck, locations)
    every = [*students, *teachers, *staff, *tiles]
    for dup in sorted({c for c in every if every.count(c) > 1}):
        ck.bad("data", f"id {dup!r} is used by two different components")
    if ck.problems:
        return None, ck.problems
    return Components(students, teachers, staff, tiles, objectives, board, locations, tracks, rows, sides,
                      icons, halves, location_cards, choice_cards), []


def _item(space: str) -> str:
    """The Choice card item a school space shows: student, teacher, staff or tile (any pile A-D)."""
    return "tile" if space.startswith("tile") else space


def _solo(data: dict[str, Any], ck: _Checker, mat: tuple[Location, ...]) -> tuple[dict[str, LocationCard],
                                                                                  dict[str, ChoiceCard]]:
    name = "solo.toml"
    locations = [lc.id for lc in mat]
    holds = {lc.id: {_item(s) for s in lc.spaces} for lc in mat}
    members = ("editor", "designer", "photographer", "treasurer")
    loc_cards: dict[str, LocationCard] = {}
    for i, rec in enumerate(data.get("location_card", [])):
        where = f"{name} location_card #{i + 1}" + (f" ({rec.get('id')})" if isinstance(rec.get("id"), str) else "")
        cid = ck.text(rec, "id", where)
        x = ck.text(rec, "x", where, tuple(locations))
        m = rec.get("members")
        if not isinstance(m, dict) or set(m) != set(members) or any(v not in locations for v in m.values()):
            ck.bad(where, "field 'members' must send editor, designer, photographer and treasurer to locations")
            m = {}
        elif x in m.values() or len(set(m.values())) != 4:
            ck.bad(where, "field 'members' must use the four locations other than x, one each")
        ck.provenance(rec, where)
        loc_cards[cid] = LocationCard(cid, x, dict(m), rec.get("provenance", ""))
    choice_cards: dict[str, ChoiceCard] = {}
    for i, rec in enumerate(data.get("choice_card", [])):
        where = f"{name} choice_card #{i + 1}" + (f" ({rec.get('id')})" if isinstance(rec.get("id"), str) else "")
        cid = ck.text(rec, "id", where)
        items = rec.get("items")
        if not isinstance(items, dict) or set(items) != set(locations) or any(
                v not in ("student", "teacher", "staff", "tile") for v in items.values()):
            ck.bad(where, "field 'items' must give student, teacher, staff or tile for every location")
            items = {}
        for loc, item in items.items():
            if item not in holds.get(loc, {item}):
                ck.bad(where, f"field 'items' asks for a {item} at the {loc}, which has no {item} space on the "
                              "school mat (board.toml), so that reveal could never succeed")
        back = rec.get("back")
        if not isinstance(back, list) or sorted(back) != sorted(members):
            ck.bad(where, "field 'back' must list the four team members in order")
            back = list(members)
        ck.provenance(rec, where)
        choice_cards[cid] = ChoiceCard(cid, dict(items), tuple(back), rec.get("provenance", ""))
    if data and len(loc_cards) + len(choice_cards) != 30:
        ck.bad(name, f"has {len(loc_cards) + len(choice_cards)} solo cards; the game has 30")
    if data and (not loc_cards or not choice_cards):
        ck.bad(name, "needs Location cards and Choice cards")
    return loc_cards, choice_cards


def _board(board: dict[str, Any], ck: _Checker, gw: int, gh: int) -> tuple[Any, ...]:
    name = "board.toml"
    if not board:
        return (), {}, [], {}, {}, {}
    for key in ("rounds", "turns_per_round", "photo_rows", "photo_columns", "track_top_points",
                "max_tokens_per_student", "storage_size", "one_by_one_tiles"):
        ck.number(board, key, name, 1, 99)
    if (board.get("photo_rows"), board.get("photo_columns")) != (4, 5):
        ck.bad(name, "the class photo must be 4 rows by 5 columns")
    locations = []
    for i, rec in enumerate(board.get("location", [])):
        where = f"{name} location #{i + 1}" + (f" ({rec.get('id')})" if isinstance(rec.get("id"), str) else "")
        spaces = rec.get("spaces")
        if not isinstance(spaces, list) or len(spaces) != 5 or any(
                s not in ("student", "teacher", "staff", "tile-A", "tile-B", "tile-C", "tile-D") for s in spaces):
            ck.bad(where, "field 'spaces' must list 5 of student, teacher, staff, tile-A..tile-D")
            spaces = []
        missing = [k for k in ("student", "teacher", "staff", "tile") if spaces and k not in {_item(x) for x in spaces}]
        if missing:
            ck.bad(where, f"field 'spaces' has no {' or '.join(missing)} space; the rulebook puts \"a mix of "
                          "students, teachers, staff, and Wildcat Way tiles\" at each location")
        ck.provenance(rec, where)
        locations.append(Location(ck.text(rec, "id", where), ck.text(rec, "name", where),
                                  ck.text(rec, "club", where, CLUBS), ck.text(rec, "token", where, TOKENS),
                                  tuple(spaces)))
    if len(locations) != 5:
        ck.bad(name, f"has {len(locations)} locations; the school has 5")
    tracks: dict[str, list[list[str]]] = {}
    raw_tracks = board.get("tracks", {})
    for club in CLUBS:
        steps = raw_tracks.get(club) if isinstance(raw_tracks, dict) else None
        if not isinstance(steps, list) or not steps:
            ck.bad(f"{name} tracks", f"track '{club}' must list its steps")
            continue
        tracks[club] = [list(ck.gains(s, f"{name} tracks.{club} step {j + 1}", "reward")) for j, s in enumerate(steps)]
    yb = board.get("yearbook", {})
    rows = [list(ck.gains(r, f"{name} yearbook row {j + 1}", "bonus")) for j, r in enumerate(yb.get("rows", []))]
    if len(rows) != 4:
        ck.bad(f"{name} yearbook", "field 'rows' must give 4 row bonuses")
    sides: dict[str, list[list[str]]] = {}
    for side, cols in board.get("column_board", {}).items():
        if not isinstance(cols, list) or len(cols) != 5:
            ck.bad(f"{name} column_board.{side}", "must give 5 column bonuses")
            continue
        sides[side] = [list(ck.gains(c, f"{name} column_board.{side} column {j + 1}", "bonus"))
                       for j, c in enumerate(cols)]
    if len(sides) != 2:
        ck.bad(f"{name} column_board", "must have two sides")
    grid = board.get("grid", {})
    icons: dict[int, list[str]] = {}
    for key, gains in grid.get("icons", {}).items():
        try:
            x, y = (int(v) for v in str(key).split(","))
        except ValueError:
            ck.bad(f"{name} grid.icons", f"cell {key!r} must be 'column,row'")
            continue
        if not (0 <= x < gw and 0 <= y < gh):
            ck.bad(f"{name} grid.icons", f"cell {key!r} is outside the {gw}x{gh} grid")
            continue
        icons[y * gw + x] = list(ck.gains(gains, f"{name} grid.icons {key}", "icons"))
    halves = grid.get("halves", {})
    if set(halves) != {"top", "bottom", "left", "right"} or any(c not in CLUBS for c in halves.values()):
        ck.bad(f"{name} grid.halves", "must give a club for top, bottom, left and right")
    for key in ("starting_signatures", "objective_points"):
        for n in ("2", "3", "4"):
            if not isinstance(board.get(key, {}).get(n), list):
                ck.bad(f"{name} {key}", f"needs a row for {n} players")
    return tuple(locations), tracks, rows, sides, icons, dict(halves)


_SHARING = sharing(DATA_DIR)


def _build(source: Path | DataSet) -> Components:
    comp, problems = load(source)
    if comp is None:
        raise DataError(problems)
    return comp


components = components_of(DATA_DIR, _build)
"""The active data set's components (see :func:`homeroom.engine.datasets.components_of`)."""


class _CardNames(dict[str, str]):
    """Card and tile names by id; an unknown id is its own name (as :meth:`Components.card_name`)."""

    def __missing__(self, card: str) -> str:
        return card


class NameTables:
    """The names a game's log text uses, as plain tables of the packaged components, filled on first
    use: ``NAMES.card[id]`` is what ``components().card_name(id)`` gives (likewise ``token``,
    ``member``, ``club``), ``location[i]`` the i-th location's name, ``cell[at]`` and
    ``grid_cell[at]`` the texts of :func:`~homeroom.games.class_of_89.actions.cell` and
    :func:`~homeroom.games.class_of_89.actions.grid_cell`. A game with its log names something in
    most lines; a lookup here is one subscript instead of two method calls."""

    card: _CardNames
    token: dict[str, str]
    member: dict[str, str]
    club: dict[str, str]
    location: list[str]
    cell: list[str]
    grid_cell: list[str]

    def __getattr__(self, attr: str) -> Any:  # only while the tables are not filled yet
        if "card" in self.__dict__:
            raise AttributeError(attr)
        if _SHARING.shared:  # data sets bound per table: the tables of the components in use, never kept here
            comp = components()
            tables = comp.__dict__.get("_log_name_tables")
            if tables is None:
                tables = comp.__dict__["_log_name_tables"] = NameTables()
                tables.fill(comp)
            return getattr(tables, attr)
        self.fill(components())
        return getattr(self, attr)

    def fill(self, comp: Components) -> None:
        """Fill the tables from ``comp``."""
        comp.card_name("")  # (fills its table)
        self.card = _CardNames(comp.__dict__["_card_names"])
        self.token = dict(comp._names("tokens"))
        self.member = dict(comp._names("members"))
        self.club = dict(comp._names("clubs"))
        self.location = [lc.name for lc in comp.locations]
        self.cell = [f"row {r + 1}, column {c + 1}" for r, c in (divmod(at, 5) for at in range(20))]
        width = int(comp.board.get("grid_columns", 6))
        cells = width * int(comp.board.get("grid_rows", 4))
        self.grid_cell = [f"grid row {r + 1}, column {c + 1}" for r, c in (divmod(at, width) for at in range(cells))]


NAMES = NameTables()
"""The log's name tables of the active components (see :class:`NameTables`)."""


def _reset_tables() -> None:
    """A new data set: the name tables are built again (the placement and Place tables register
    their own resets, in their modules)."""
    NAMES.__dict__.clear()


on_switch(DATA_DIR, _reset_tables)
