"""Academic Society components: the schema of every data file, its loader and the checks.

Every component lives in ``data/*.toml`` (one file per kind). :func:`load` validates a folder and
raises :class:`DataError` listing each problem with its file, record and field; :func:`components`
caches the packaged data. The Authority track is also checked to be well formed: processing orders
1..N, cells 1-4 one per subject column, a single sink cell (no red arrow) with the highest order,
no red-arrow cycles, every cell reachable from the starting cells.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from homeroom.engine import DataError
from homeroom.engine.data import PROVENANCES, check_provenance
from homeroom.engine.datasets import DataSet, as_source, components_of, read_source

SUBJECTS: tuple[str, ...] = ("math", "physics", "astronomy", "chemistry")
"""Subject order of the Individual Board rows (top to bottom) and of every theory vector."""
SUBJECT_INDEX = {s: i for i, s in enumerate(SUBJECTS)}
SUBJECT_NAME = {"math": "Mathematics", "physics": "Physics", "astronomy": "Astronomy", "chemistry": "Chemistry"}
SHORT = {"math": "M", "physics": "P", "astronomy": "A", "chemistry": "C"}
SABBATICAL_EFFECTS = ("theory_gain", "royal_commission", "research_report")
MAIN_KINDS = ("headquarters", "library", "lecture_hall", "gain", "salon")
BONUS_KINDS = ("", "treatise", "gain_any", "gain")
DATA_DIR = Path(__file__).parent / "data"

Vec = tuple[int, int, int, int]
TYPE_WORDS: dict[type, str] = {int: "a whole number", str: "text in quotes", bool: "true or false",
                               list: "a list [...]", dict: "a table { ... }"}


@dataclass(frozen=True)
class Rules:
    rounds: int
    royal_commission_per_round: tuple[int, ...]
    commission_contribution: int
    treatise_reveal: int
    theory_start: int
    theory_max: int
    scholars: int
    overflow_influence: int
    bonus_contribution_cost: int
    two_player_secretary_threshold: int


@dataclass(frozen=True)
class Cell:
    """One cell of the Authority track."""

    order: int
    column: str
    row: int
    crest: str
    crest_rank: int
    red: int
    blue: tuple[int, ...]
    cost: Vec
    cost_influence: int
    influence: int
    provenance: str


@dataclass(frozen=True)
class ContributionSpace:
    index: int
    name: str
    influence: int
    theory_any: int


@dataclass(frozen=True)
class Commission:
    id: int
    cost: Vec
    contribution: int


@dataclass(frozen=True)
class SabbaticalSpace:
    crest_rank: int
    effect: str


@dataclass(frozen=True)
class BoardRow:
    """One subject row of the Individual Board: Sabbatical track and presentation space."""

    subject: str
    capacity: int
    influence: int
    spaces: tuple[SabbaticalSpace, ...]


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    main: str
    bonus: str
    main_gain: Vec
    bonus_gain: Vec
    bonus_gain_any: int
    unlimited: bool


@dataclass(frozen=True)
class ActionSpace:
    id: str
    location: str
    star: bool
    four_player: bool


@dataclass(frozen=True)
class Treatise:
    id: int
    name: str
    subjects: tuple[str, ...]
    back: str
    four_player: bool
    influence: int
    flask: str
    text: str
    cost: Vec = (0, 0, 0, 0)
    cost_any: int = 0
    contribution_cost: int = 0
    gain: Vec = (0, 0, 0, 0)
    gain_any: int = 0
    gain_influence: int = 0
    gain_contribution: int = 0
    per_round_flask: int = 0
    per_triangle_flask: int = 0
    sabbatical_advance: bool = False
    blue_move: bool = False
    place: tuple[str, ...] = ()

    @property
    def optional(self) -> bool:
        """Effects with a price (Theories or Contribution) or a placement are the owner's choice."""
        return bool(sum(self.cost) or self.cost_any or self.contribution_cost or self.place)


@dataclass(frozen=True)
class Components:
    rules: Rules
    cells: dict[int, Cell]
    contribution: tuple[ContributionSpace, ...]
    commissions: dict[int, Commission]
    rows: tuple[BoardRow, ...]
    locations: dict[str, Location]
    spaces: tuple[ActionSpace, ...]
    treatises: dict[int, Treatise]
    provenance: dict[str, int] = field(default_factory=dict)

    @property
    def sink(self) -> int:
        """The bottom cell (processing order 13 on the printed board): the one without a red arrow."""
        return max(self.cells)

    @property
    def start_cells(self) -> tuple[int, ...]:
        return tuple(sorted(o for o, c in self.cells.items() if c.row == 1))

    @property
    def top_contribution(self) -> int:
        return len(self.contribution) - 1

    def space(self, space_id: str) -> ActionSpace:
        for sp in self.spaces:
            if sp.id == space_id:
                return sp
        raise KeyError(space_id)


# --------------------------------------------------------------------- schema checking
class _Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.incomplete: set[str] = set()  # files with a record dropped for its errors

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def field(self, rec: dict[str, Any], where: str, name: str, kind: type | tuple[type, ...],
              default: Any = ..., *, minimum: int | None = None, choices: tuple[Any, ...] | None = None) -> Any:
        if name not in rec:
            if default is ...:
                self.add(where, f"missing field '{name}'")
            return None if default is ... else default
        value = rec[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            names = " or ".join(TYPE_WORDS.get(k, k.__name__) for k in kinds)
            self.add(where, f"field '{name}' must be {names}, not {value!r}")
            return None if default is ... else default
        if minimum is not None and isinstance(value, int) and value < minimum:
            self.add(where, f"field '{name}' must be at least {minimum}, not {value}")
        if choices is not None and value not in choices:
            self.add(where, f"field '{name}' must be one of {', '.join(map(repr, choices))}, not {value!r}")
        return value

    def vec(self, rec: dict[str, Any], where: str, name: str, *, allow: tuple[str, ...] = ()) -> tuple[Vec, dict[str, int]]:
        table = self.field(rec, where, name, dict, {})
        out = [0, 0, 0, 0]
        extra: dict[str, int] = {}
        for key, n in (table or {}).items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                self.add(where, f"field '{name}.{key}' must be a whole number >= 0, not {n!r}")
                continue
            if key in SUBJECT_INDEX:
                out[SUBJECT_INDEX[key]] = n
            elif key in allow:
                extra[key] = n
            else:
                known = ", ".join((*SUBJECTS, *allow))
                self.add(where, f"field '{name}' has unknown key '{key}' (known: {known})")
        return (out[0], out[1], out[2], out[3]), extra

    def unknown(self, rec: dict[str, Any], where: str, known: set[str]) -> None:
        known = known | {"provenance", "stand_in_fields"}
        for key in rec:
            if key not in known:
                self.add(where, f"unknown field '{key}' (known: {', '.join(sorted(known))})")

    def provenance(self, rec: dict[str, Any], where: str, counts: dict[str, int]) -> None:
        """The record's provenance, checked field by field (engine ``check_provenance``): a record
        mixing printed and invented values says ``mixed`` and names the invented ones."""
        if "provenance" not in rec:
            self.add(where, "missing field 'provenance'")
            return
        problems = check_provenance(rec)
        for problem in problems:
            self.add(where, problem)
        prov = rec["provenance"]
        if not problems and prov in PROVENANCES:
            counts[prov] = counts.get(prov, 0) + 1


def _read(directory: Path | DataSet, name: str, ck: _Checker) -> dict[str, Any]:
    data, problem = read_source(directory, name)
    if problem:
        ck.add(name, problem)
    return data


def _records(data: dict[str, Any], name: str, key: str, ck: _Checker) -> list[tuple[str, dict[str, Any]]]:
    recs = data.get(key, [])
    if not isinstance(recs, list) or not all(isinstance(r, dict) for r in recs):
        ck.add(name, f"'{key}' must be a list of [[{key}]] tables")
        return []
    if not recs and data:
        ck.add(name, f"no [[{key}]] records")
    return [(f"{name} [[{key}]] #{i + 1}", r) for i, r in enumerate(recs)]


def _rules(directory: Path | DataSet, ck: _Checker, prov: dict[str, int]) -> Rules | None:
    name = "rules.toml"
    rec = _read(directory, name, ck)
    if not rec:
        return None
    ints = ("rounds", "commission_contribution", "treatise_reveal", "theory_start", "theory_max", "scholars",
            "overflow_influence", "bonus_contribution_cost", "two_player_secretary_threshold")
    ck.unknown(rec, name, {*ints, "royal_commission_per_round", "provenance"})
    ck.provenance(rec, name, prov)
    values = {k: ck.field(rec, name, k, int, minimum=0) for k in ints}
    per_round = ck.field(rec, name, "royal_commission_per_round", list)
    if per_round is not None and (not all(isinstance(n, int) and n >= 0 for n in per_round)):
        ck.add(name, "field 'royal_commission_per_round' must list whole numbers")
        per_round = None
    if any(v is None for v in values.values()) or per_round is None:
        return None
    if len(per_round) != values["rounds"]:
        ck.add(name, f"field 'royal_commission_per_round' lists {len(per_round)} rounds, not {values['rounds']}")
    if values["theory_start"] > values["theory_max"]:
        ck.add(name, "field 'theory_start' is above 'theory_max'")
    return Rules(royal_commission_per_round=tuple(per_round), **values)


def _cells(directory: Path | DataSet, ck: _Checker, prov: dict[str, int]) -> dict[int, Cell]:
    name = "authority_track.toml"
    cells: dict[int, Cell] = {}
    known = {"order", "column", "row", "crest", "crest_rank", "red", "blue", "cost", "influence", "provenance"}
    for where, rec in _records(_read(directory, name, ck), name, "cell", ck):
        ck.unknown(rec, where, known)
        ck.provenance(rec, where, prov)
        order = ck.field(rec, where, "order", int, minimum=1)
        column = ck.field(rec, where, "column", str, choices=(*SUBJECTS, "none"))
        row = ck.field(rec, where, "row", int, minimum=1)
        crest = ck.field(rec, where, "crest", str, choices=(*SUBJECTS, ""))
        rank = ck.field(rec, where, "crest_rank", int, minimum=0)
        red = ck.field(rec, where, "red", int, minimum=0)
        blue = ck.field(rec, where, "blue", list)
        cost, extra = ck.vec(rec, where, "cost", allow=("influence",))
        influence = ck.field(rec, where, "influence", int, minimum=0)
        if blue is not None and not all(isinstance(b, int) and not isinstance(b, bool) for b in blue):
            ck.add(where, "field 'blue' must list cell orders")
            blue = None
        if crest and rank is not None and not 1 <= rank <= 3:
            ck.add(where, f"field 'crest_rank' must be 1, 2 or 3 for a cell with a Crest, not {rank}")
        if crest == "" and rank:
            ck.add(where, "field 'crest_rank' must be 0 on a cell without a Crest")
        if None in (order, column, row, crest, rank, red, blue, influence):
            ck.incomplete.add(name)
            continue
        assert order is not None and blue is not None
        if order in cells:
            ck.add(where, f"processing order {order} is used twice")
            continue
        cells[order] = Cell(order, column, row, crest, rank, red, tuple(blue), cost,
                            extra.get("influence", 0), influence, rec.get("provenance", ""))
    if name in ck.incomplete:
        ck.add(name, "the track's shape (orders, arrows, columns, Crests) is checked once every cell above loads")
    else:
        _check_track(cells, name, ck)
    return cells


def _check_track(cells: dict[int, Cell], name: str, ck: _Checker) -> None:
    """The Authority track must be a well-formed board (see the module docstring)."""
    if not cells:
        return
    orders = sorted(cells)
    if orders != list(range(1, len(orders) + 1)):
        ck.add(name, f"processing orders must run 1..{len(orders)} without gaps, got {orders}")
    for o, c in cells.items():
        where = f"{name} cell {o}"
        if c.red and c.red not in cells:
            ck.add(where, f"red arrow leads to unknown cell {c.red}")
        if c.red == o:
            ck.add(where, "red arrow leads to the cell itself")
        for b in c.blue:
            if b not in cells:
                ck.add(where, f"blue arrow leads to unknown cell {b}")
            elif b == o:
                ck.add(where, "blue arrow leads to the cell itself")
        if c.cost_influence and c.red:
            ck.add(where, "only the bottom cell (no red arrow) may cost Influence")
    places: dict[tuple[int, str], int] = {}
    for o, c in sorted(cells.items()):
        if (c.row, c.column) in places:
            ck.add(f"{name} cell {o}", f"shares row {c.row} and column '{c.column}' with cell "
                   f"{places[c.row, c.column]}: each place on the board holds one cell")
        places.setdefault((c.row, c.column), o)
    sinks = [o for o, c in cells.items() if not c.red]
    if len(sinks) != 1:
        ck.add(name, f"exactly one cell must have no red arrow (the bottom cell), found {sinks}")
    elif sinks[0] != max(cells):
        ck.add(name, f"the cell without a red arrow must have the highest processing order, not {sinks[0]}")
    # no red-arrow cycles: following red arrows from any cell must reach the sink
    cycles: set[tuple[int, ...]] = set()
    for o in cells:
        path = [o]
        cur = cells[o].red
        while cur and cur in cells:
            if cur in path:
                loop = path[path.index(cur):]
                k = loop.index(min(loop))
                cycles.add(tuple(loop[k:] + loop[:k]))
                break
            path.append(cur)
            cur = cells[cur].red
    for cyc in sorted(cycles):
        ck.add(f"{name} cell {cyc[0]}", "red arrows run in a cycle: "
               + " -> ".join(map(str, (*cyc, cyc[0]))) + " (they must all lead down to the bottom cell)")
    top = [c for c in cells.values() if c.row == 1]
    columns = sorted(c.column for c in top)
    if sorted(columns) != sorted(SUBJECTS) or sorted(c.order for c in top) != [1, 2, 3, 4]:
        ck.add(name, "row 1 must hold cells 1-4, one in each subject column")
    # reachability from the starting cells along any arrow
    reach = {c.order for c in top}
    stack = list(reach)
    while stack:
        c = cells[stack.pop()]
        for nxt in (c.red, *c.blue):
            if nxt in cells and nxt not in reach:
                reach.add(nxt)
                stack.append(nxt)
    for o in orders:
        if o not in reach:
            ck.add(f"{name} cell {o}", "cannot be reached from cells 1-4 along any arrow")
    for subject in SUBJECTS:
        ranks = {c.crest_rank for c in cells.values() if c.crest == subject}
        if ranks != {1, 2, 3}:
            ck.add(name, f"{subject} must have Crests of ranks 1, 2 and 3 on the track, has {sorted(ranks)}")


def _contribution(directory: Path | DataSet, ck: _Checker, prov: dict[str, int]) -> tuple[ContributionSpace, ...]:
    name = "contribution_track.toml"
    out: list[ContributionSpace] = []
    for where, rec in _records(_read(directory, name, ck), name, "space", ck):
        ck.unknown(rec, where, {"index", "name", "influence", "theory_any", "provenance"})
        ck.provenance(rec, where, prov)
        index = ck.field(rec, where, "index", int, minimum=0)
        label = ck.field(rec, where, "name", str, "")
        infl = ck.field(rec, where, "influence", int, minimum=0)
        theory = ck.field(rec, where, "theory_any", int, minimum=0)
        if None in (index, infl, theory):
            continue
        if index != len(out):
            ck.add(where, f"spaces must be listed in order from 0 (START); expected index {len(out)}, got {index}")
        out.append(ContributionSpace(index, label or str(index), infl, theory))
    if 0 < len(out) < 2:
        ck.add(name, "the track needs START and at least one more space")
    return tuple(out)


def _commissions(directory: Path | DataSet, ck: _Checker, prov: dict[str, int]) -> dict[int, Commission]:
    name = "royal_commissions.toml"
    out: dict[int, Commission] = {}
    for where, rec in _records(_read(directory, name, ck), name, "tile", ck):
        ck.unknown(rec, where, {"id", "cost", "contribution", "provenance"})
        ck.provenance(rec, where, prov)
        tid = ck.field(rec, where, "id", int, minimum=1)
        cost, _ = ck.vec(rec, where, "cost")
        contrib = ck.field(rec, where, "contribution", int, minimum=0)
        if not sum(cost):
            ck.add(where, "field 'cost' must require at least one Theory")
        if tid is None or contrib is None:
            continue
        if tid in out:
            ck.add(where, f"tile id {tid} is used twice")
        out[tid] = Commission(tid, cost, contrib)
    return out


def _rows(directory: Path | DataSet, ck: _Checker, prov: dict[str, int]) -> tuple[BoardRow, ...]:
    name = "individual_board.toml"
    out = []
    for where, rec in _records(_read(directory, name, ck), name, "row", ck):
        ck.unknown(rec, where, {"subject", "capacity", "influence", "spaces", "provenance"})
        ck.provenance(rec, where, prov)
        subject = ck.field(rec, where, "subject", str, choices=SUBJECTS)
        capacity = ck.field(rec, where, "capacity", int, minimum=0)
        influence = ck.field(rec, where, "influence", int, minimum=0)
        if capacity is not None and capacity > 3:
            ck.add(where, f"field 'capacity' must be at most 3 (the rulebook's limit), not {capacity}")
        spaces = []
        for i, sp in enumerate(ck.field(rec, where, "spaces", list) or []):
            w = f"{where} spaces[{i}]"
            if not isinstance(sp, dict):
                ck.add(w, "must be a table { crest_rank = N, effect = \"...\" }")
                continue
            ck.unknown(sp, w, {"crest_rank", "effect"})
            rank = ck.field(sp, w, "crest_rank", int, minimum=0)
            effect = ck.field(sp, w, "effect", str, choices=SABBATICAL_EFFECTS)
            if rank is not None and rank > 3:
                ck.add(w, f"field 'crest_rank' must be 0-3, not {rank}")
            if rank is not None and effect in SABBATICAL_EFFECTS:
                spaces.append(SabbaticalSpace(rank, effect))
        if not spaces:
            ck.add(where, "the Sabbatical track needs at least one space")
        if None in (subject, capacity, influence):
            continue
        out.append(BoardRow(subject, capacity, influence, tuple(spaces)))
    if out and sorted(r.subject for r in out) != sorted(SUBJECTS):
        ck.add(name, "there must be exactly one row for each of the four subjects")
    return tuple(out)


def _society(directory: Path | DataSet, ck: _Checker, prov: dict[str, int]) -> tuple[dict[str, Location], tuple[ActionSpace, ...]]:
    name = "society_board.toml"
    data = _read(directory, name, ck)
    locations: dict[str, Location] = {}
    for where, rec in _records(data, name, "location", ck):
        ck.unknown(rec, where, {"id", "name", "main", "bonus", "main_gain", "bonus_gain", "bonus_gain_any",
                                "unlimited", "provenance"})
        ck.provenance(rec, where, prov)
        lid = ck.field(rec, where, "id", str)
        label = ck.field(rec, where, "name", str)
        main = ck.field(rec, where, "main", str, choices=MAIN_KINDS)
        bonus = ck.field(rec, where, "bonus", str, choices=BONUS_KINDS)
        main_gain, _ = ck.vec(rec, where, "main_gain")
        bonus_gain, _ = ck.vec(rec, where, "bonus_gain")
        gain_any = ck.field(rec, where, "bonus_gain_any", int, 0, minimum=0)
        unlimited = ck.field(rec, where, "unlimited", bool, False)
        if main == "gain" and not sum(main_gain):
            ck.add(where, "main = \"gain\" needs a main_gain table")
        if bonus == "gain" and not sum(bonus_gain):
            ck.add(where, "bonus = \"gain\" needs a bonus_gain table")
        if bonus == "gain_any" and not gain_any:
            ck.add(where, "bonus = \"gain_any\" needs bonus_gain_any")
        if None in (lid, label, main, bonus):
            continue
        assert lid is not None
        if lid in locations:
            ck.add(where, f"location id '{lid}' is used twice")
        locations[lid] = Location(lid, label, main, bonus, main_gain, bonus_gain, gain_any, unlimited)
    spaces: list[ActionSpace] = []
    for where, rec in _records(data, name, "space", ck):
        ck.unknown(rec, where, {"id", "location", "star", "four_player", "provenance"})
        ck.provenance(rec, where, prov)
        sid = ck.field(rec, where, "id", str)
        loc = ck.field(rec, where, "location", str)
        star = ck.field(rec, where, "star", bool)
        four = ck.field(rec, where, "four_player", bool)
        if loc is not None and loc not in locations:
            ck.add(where, f"unknown location '{loc}'")
            continue
        if None in (sid, loc, star, four):
            continue
        assert loc is not None
        if star and not locations[loc].bonus:
            ck.add(where, f"has a bonus star but {loc} has no bonus action")
        if any(s.id == sid for s in spaces):
            ck.add(where, f"space id '{sid}' is used twice")
        spaces.append(ActionSpace(str(sid), loc, bool(star), bool(four)))
    for lid, loc in locations.items():
        if not any(s.location == lid for s in spaces):
            ck.add(name, f"location '{lid}' has no action space")
        if loc.unlimited and not any(s.location == lid and not s.four_player for s in spaces):
            ck.add(name, f"location '{lid}' holds any number of pawns but has no space open to 2 players")
    if locations and not any(loc.unlimited for loc in locations.values()):
        ck.add(name, "one location (the Salon) must hold any number of pawns, or Phase 2 could stall")
    return locations, tuple(spaces)


def _treatises(directory: Path | DataSet, ck: _Checker, prov: dict[str, int]) -> dict[int, Treatise]:
    name = "treatises.toml"
    out: dict[int, Treatise] = {}
    known = {"id", "name", "subjects", "back", "four_player", "influence", "flask", "text", "cost",
             "contribution_cost", "gain", "gain_any", "gain_influence", "gain_contribution", "per_round_flask",
             "per_triangle_flask", "sabbatical_advance", "blue_move", "place", "provenance"}
    for where, rec in _records(_read(directory, name, ck), name, "tile", ck):
        ck.unknown(rec, where, known)
        ck.provenance(rec, where, prov)
        tid = ck.field(rec, where, "id", int, minimum=1)
        label = ck.field(rec, where, "name", str)
        subjects = ck.field(rec, where, "subjects", list)
        back = ck.field(rec, where, "back", str, choices=SUBJECTS)
        four = ck.field(rec, where, "four_player", bool)
        influence = ck.field(rec, where, "influence", int, minimum=0)
        flask = ck.field(rec, where, "flask", str, "", choices=("", "round", "triangle"))
        text = ck.field(rec, where, "text", str)
        cost, extra = ck.vec(rec, where, "cost", allow=("any",))
        gain, _ = ck.vec(rec, where, "gain")
        ints = {k: ck.field(rec, where, k, int, 0, minimum=0) for k in (
            "contribution_cost", "gain_any", "gain_influence", "gain_contribution", "per_round_flask",
            "per_triangle_flask")}
        bools = {k: ck.field(rec, where, k, bool, False) for k in ("sabbatical_advance", "blue_move")}
        place = ck.field(rec, where, "place", list, [])
        if subjects is not None and (not subjects or len(subjects) > 2 or any(s not in SUBJECTS for s in subjects)):
            ck.add(where, f"field 'subjects' must list one or two of {', '.join(SUBJECTS)}, not {subjects!r}")
            subjects = None
        if any(s not in SUBJECTS for s in place or []):
            ck.add(where, f"field 'place' must list subjects, not {place!r}")
            place = []
        if subjects and back is not None and back not in subjects:
            ck.add(where, f"field 'back' ({back}) must be one of the tile's subjects")
        if None in (tid, label, subjects, back, four, influence, text):
            continue
        assert tid is not None and subjects is not None
        if tid in out:
            ck.add(where, f"tile id {tid} is used twice")
        out[tid] = Treatise(tid, str(label), tuple(subjects), str(back), bool(four), int(influence or 0),
                            flask or "", str(text), cost, extra.get("any", 0), gain=gain,
                            place=tuple(place or ()), **ints, **bools)
    if out and sum(not t.four_player for t in out.values()) < 8:
        ck.add(name, "too few tiles for 2-3 players (the piles must reveal 2 each)")
    return out


def load(directory: Path | DataSet | None = None) -> Components:
    """Load and validate a data folder (laid over the packaged data: see
    :mod:`homeroom.engine.datasets`) or data set; raise :class:`DataError` naming every problem."""
    directory, overlay_problems = as_source(DATA_DIR, directory)
    ck = _Checker()
    ck.problems.extend(overlay_problems)
    prov: dict[str, int] = {}
    rules = _rules(directory, ck, prov)
    cells = _cells(directory, ck, prov)
    contribution = _contribution(directory, ck, prov)
    commissions = _commissions(directory, ck, prov)
    rows = _rows(directory, ck, prov)
    locations, spaces = _society(directory, ck, prov)
    treatises = _treatises(directory, ck, prov)
    if rules is not None and commissions and sum(rules.royal_commission_per_round) > len(commissions):
        ck.add("royal_commissions.toml", f"{len(commissions)} tiles cannot supply "
               f"{sum(rules.royal_commission_per_round)} reveals over the game")
    for row in rows if "authority_track.toml" not in ck.incomplete else ():
        for i, sp in enumerate(row.spaces):
            if sp.crest_rank and not any(c.crest == row.subject and c.crest_rank >= sp.crest_rank
                                         for c in cells.values()):
                ck.add(f"individual_board.toml row {row.subject} space {i + 1}",
                       f"requires a rank {sp.crest_rank} Crest that no Authority cell gives")
    if ck.problems or rules is None:
        raise DataError(ck.problems or ["rules.toml: could not be read"])
    order = {s: i for i, s in enumerate(SUBJECTS)}
    return Components(rules, dict(sorted(cells.items())), contribution, commissions,
                      tuple(sorted(rows, key=lambda r: order[r.subject])), locations, spaces, treatises, prov)


def check(directory: Path | DataSet | None = None) -> list[str]:
    try:
        load(directory)
    except DataError as err:
        return list(err.problems)
    return []


def _build(source: Path | DataSet) -> Components:
    return load(source)


components = components_of(DATA_DIR, _build)
"""The active data set's components (see :func:`homeroom.engine.datasets.components_of`)."""
