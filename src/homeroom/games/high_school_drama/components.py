"""Component data: the schema of the four data files, their loader and checker.

Students, organizations, drama cards and special events live in ``data/*.toml`` (one
file per kind). Loading validates every record and raises :class:`DataError` listing each
problem with its file, record and field, so that a player who owns the physical game can
replace the stand-ins by editing the files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from homeroom.engine import DataError
from homeroom.engine.data import PROVENANCES, check_provenance
from homeroom.engine.datasets import DataSet, as_source, components_of, read_source
from homeroom.games.high_school_drama.effects import TYPES, Effect, parse_effect

DATA_DIR = Path(__file__).parent / "data"
DIRECTIONS = ("N", "E", "S", "W")
COLOURS = ("green", "pink", "purple", "grey", "blue")
DRAMA_KINDS = ("hookup", "bond", "breakup")

COUNTS = {"student": 30, "organization": 24, "drama": 15, "event": 40}
"""Component counts from the rulebook's Contents."""


@dataclass(frozen=True, slots=True)
class Card:
    """A student or organization card (both can sit in the quad and in a clique)."""

    id: str
    name: str
    is_student: bool
    types: frozenset[str]
    cool: int
    heart: int
    cruel: int
    arrows: frozenset[str]
    provenance: str
    quote: str = ""

    def type_label(self) -> str:
        return "/".join(t for t in TYPES if t in self.types)


@dataclass(frozen=True, slots=True)
class DramaCard:
    id: str
    kind: str
    name: str
    effect: Effect
    provenance: str


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    name: str
    colour: str
    effect: Effect
    text: str
    provenance: str


@dataclass(frozen=True)
class Components:
    cards: dict[str, Card]
    students: tuple[str, ...]
    organizations: tuple[str, ...]
    drama: dict[str, DramaCard]
    events: dict[str, EventCard]

    def name(self, card_id: str) -> str:
        if card_id in self.cards:
            return self.cards[card_id].name
        if card_id in self.drama:
            d = self.drama[card_id]
            return f"{d.kind.capitalize()} ({d.name})"
        if card_id in self.events:
            return self.events[card_id].name
        return card_id

    def effect(self, card_id: str) -> Effect:
        if card_id in self.drama:
            return self.drama[card_id].effect
        return self.events[card_id].effect


_FILES = {
    "student": "students.toml",
    "organization": "organizations.toml",
    "drama": "drama.toml",
    "event": "events.toml",
}


def _read(directory: Path | DataSet, kind: str, problems: list[str]) -> list[dict[str, Any]]:
    data, problem = read_source(directory, _FILES[kind])
    if problem:
        problems.append(f"{_FILES[kind]}: {problem}")
        return []
    extra = sorted(set(data) - {kind})
    if extra:
        problems.append(f"{_FILES[kind]}: unknown table(s) {extra}; records are [[{kind}]]")
    records = data.get(kind, [])
    if not isinstance(records, list):
        problems.append(f"{_FILES[kind]}: [[{kind}]] must be an array of tables")
        return []
    if len(records) != COUNTS[kind]:
        problems.append(f"{_FILES[kind]}: the game has {COUNTS[kind]} {kind} cards, the file has {len(records)}")
    return records


def _where(kind: str, index: int, record: dict[str, Any]) -> str:
    rid = record.get("id")
    return f"{_FILES[kind]}: {kind} #{index + 1}" + (f" ({rid})" if isinstance(rid, str) else "")


def _text(record: dict[str, Any], name: str, where: str, problems: list[str], required: bool = True) -> str:
    v = record.get(name)
    if v is None and not required:
        return ""
    if not isinstance(v, str) or not v.strip():
        problems.append(f"{where}: field '{name}' must be non-empty text")
        return ""
    return v


def _int(record: dict[str, Any], name: str, where: str, problems: list[str], low: int, high: int) -> int:
    v = record.get(name)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        problems.append(f"{where}: field '{name}' must be a whole number from {low} to {high} (got {v!r})")
        return low
    return v


def _choice(record: dict[str, Any], name: str, allowed: tuple[str, ...], where: str, problems: list[str]) -> str:
    v = record.get(name)
    if v not in allowed:
        problems.append(f"{where}: field '{name}' must be one of {', '.join(allowed)} (got {v!r})")
        return allowed[0]
    return str(v)


def _set(
    record: dict[str, Any], name: str, allowed: tuple[str, ...], where: str, problems: list[str], most: int
) -> frozenset[str]:
    v = record.get(name)
    if (
        not isinstance(v, list)
        or not 1 <= len(v) <= most
        or len(set(v)) != len(v)
        or any(x not in allowed for x in v)
    ):
        problems.append(
            f"{where}: field '{name}' must be a list of 1 to {most} different values from {', '.join(allowed)} (got {v!r})"
        )
        return frozenset()
    return frozenset(v)


def _provenance(record: dict[str, Any], where: str, problems: list[str]) -> str:
    """The record's provenance; a mixed record must name its stand-in fields (engine
    ``check_provenance``), each problem prefixed with file and record."""
    found = check_provenance(record)
    problems.extend(f"{where}: {p}" for p in found)
    value = record.get("provenance")
    return value if isinstance(value, str) and value in PROVENANCES else PROVENANCES[0]


def _card(kind: str, index: int, record: Any, problems: list[str]) -> Card | None:
    if not isinstance(record, dict):
        problems.append(f"{_FILES[kind]}: {kind} #{index + 1}: must be a table")
        return None
    where = _where(kind, index, record)
    student = kind == "student"
    known = {"id", "name", "types", "cool", "heart", "arrows", "provenance", "stand_in_fields", "note", "quote"}
    if student:
        known.add("cruel")
    for extra in sorted(set(record) - known):
        problems.append(f"{where}: unknown field '{extra}'")
    before = len(problems)
    card = Card(
        id=_text(record, "id", where, problems),
        name=_text(record, "name", where, problems),
        is_student=student,
        types=_set(record, "types", TYPES, where, problems, 2),
        cool=_int(record, "cool", where, problems, 0, 9),
        heart=_int(record, "heart", where, problems, 0, 9),
        cruel=_int(record, "cruel", where, problems, 0, 9) if student else 0,
        arrows=_set(record, "arrows", DIRECTIONS, where, problems, 4),
        provenance=_provenance(record, where, problems),
        quote=_text(record, "quote", where, problems, required=False),
    )
    return card if len(problems) == before else None


def _load(directory: Path | DataSet | None) -> tuple[Components | None, list[str]]:
    directory, overlay_problems = as_source(DATA_DIR, directory)
    problems: list[str] = list(overlay_problems)
    cards: dict[str, Card] = {}
    order: dict[str, list[str]] = {"student": [], "organization": []}
    seen: set[str] = set()  # every id given, even on a record with other mistakes
    for kind in ("student", "organization"):
        for i, rec in enumerate(_read(directory, kind, problems)):
            rid = rec.get("id") if isinstance(rec, dict) else None
            if isinstance(rid, str) and rid in seen:
                problems.append(f"{_where(kind, i, rec)}: id '{rid}' is used twice")
                continue
            if isinstance(rid, str):
                seen.add(rid)
            card = _card(kind, i, rec, problems)
            if card is None:
                continue
            cards[card.id] = card
            order[kind].append(card.id)
    orgs = set(order["organization"])
    drama: dict[str, DramaCard] = {}
    per_kind = dict.fromkeys(DRAMA_KINDS, 0)
    for i, rec in enumerate(_read(directory, "drama", problems)):
        if not isinstance(rec, dict):
            problems.append(f"drama.toml: drama #{i + 1}: must be a table")
            continue
        where = _where("drama", i, rec)
        for extra in sorted(set(rec) - {"id", "kind", "name", "provenance", "stand_in_fields", "note"}):
            problems.append(f"{where}: unknown field '{extra}'")
        before = len(problems)
        did = _text(rec, "id", where, problems)
        dkind = _choice(rec, "kind", DRAMA_KINDS, where, problems)
        dname = _text(rec, "name", where, problems)
        prov = _provenance(rec, where, problems)
        if did in drama or did in cards:
            problems.append(f"{where}: id '{did}' is used twice")
        if len(problems) == before:
            drama[did] = DramaCard(did, dkind, dname, Effect(dkind), prov)
            per_kind[dkind] += 1
    if drama and any(n != COUNTS["drama"] // 3 for n in per_kind.values()):
        problems.append(f"drama.toml: there must be 5 cards of each kind (have {per_kind})")
    events: dict[str, EventCard] = {}
    ev_fields = {"id", "name", "colour", "effect", "text", "provenance", "stand_in_fields", "note", *(
        "amount", "cool_bonus", "cruel_bonus", "match_any", "target_type", "exchange", "bonus_org", "bonus")}
    for i, rec in enumerate(_read(directory, "event", problems)):
        if not isinstance(rec, dict):
            problems.append(f"events.toml: event #{i + 1}: must be a table")
            continue
        where = _where("event", i, rec)
        for extra in sorted(set(rec) - ev_fields):
            problems.append(f"{where}: unknown field '{extra}'")
        before = len(problems)
        eid = _text(rec, "id", where, problems)
        ename = _text(rec, "name", where, problems)
        colour = _choice(rec, "colour", COLOURS, where, problems)
        text = _text(rec, "text", where, problems)
        prov = _provenance(rec, where, problems)
        effect = parse_effect(rec, where, problems, orgs)
        if eid in events or eid in cards or eid in drama:
            problems.append(f"{where}: id '{eid}' is used twice")
        if len(problems) == before and effect is not None:
            events[eid] = EventCard(eid, ename, colour, effect, text, prov)
    if problems:
        return None, problems
    comps = Components(cards, tuple(order["student"]), tuple(order["organization"]), drama, events)
    return comps, []


_CACHE: dict[Path | str, Components] = {}


def _build(source: Path | DataSet) -> Components:
    """The components of one data folder or data set, validated once (by digest or folder)."""
    key: Path | str = source.digest if isinstance(source, DataSet) else source.resolve()
    comps = _CACHE.get(key)
    if comps is None:
        comps, problems = _load(source)
        if comps is None:
            raise DataError(problems)
        _CACHE[key] = comps
    return comps


_components = components_of(DATA_DIR, _build)


def load(directory: Path | DataSet | None = None) -> Components:
    """The components in ``directory`` (a folder laid over the packaged data: see
    :mod:`homeroom.engine.datasets`; default: the data set bound for the code running now, else
    the process's active one), validated and cached."""
    if directory is None:
        return _components()
    return _build(as_source(DATA_DIR, directory)[0])


def check(directory: Path | DataSet | None = None) -> list[str]:
    """Every problem in a data folder laid over the packaged data (empty when it is valid)."""
    return _load(directory)[1]

