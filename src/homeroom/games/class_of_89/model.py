"""Class of '89 records the rules build: a player's yearbook, a Senior Superlative, a pending
decision, and the markers of the school mat's team-member spaces.

The full game state (:class:`~homeroom.games.class_of_89.state.Co89State`) holds these plus the
school mat and the decks; components are referred to by id only (their definitions live in data).
"""

from __future__ import annotations

from dataclasses import dataclass, field

EMPTY, JANITOR = -1, -2
"""A team-member space of the school mat holds a seat, or one of these."""
ENTRANCE = 5
"""``Co89State.location`` while a team member is at the School Entrance (locations are 0-4)."""


@dataclass
class Superlative:
    """A Senior Superlative tile in a yearbook: its student (not in any class) and tokens."""

    tile: str
    student: str
    tokens: list[str] = field(default_factory=list)


@dataclass
class Yearbook:
    """Everything on one player's yearbook board and beside it."""

    photo: list[str]            # 20 class-photo cells in reading order: card id or ""
    tokens: list[list[str]]     # attribute tokens on the card in each cell
    grid: list[str]             # Wildcat Way cells: "" empty, a tile id or "1x1"
    tracks: dict[str, int]      # club -> steps advanced
    signatures: int = 0
    abc_tokens: int = 1         # ABC tokens owned (solo: 0 for Ed, 2 for an eased player)
    abc_slots: list[int] = field(default_factory=list)   # cells the used ABC tokens cover
    storage: list[str] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)
    ones: int = 0
    superlatives: list[Superlative] = field(default_factory=list)
    staff: list[str] = field(default_factory=list)
    halves: list[str] = field(default_factory=list)
    rows_done: list[int] = field(default_factory=list)
    cols_done: list[int] = field(default_factory=list)
    side: str = ""
    used: list[str] = field(default_factory=list)   # team members placed this round


@dataclass
class Pending:
    """A decision someone owes before play goes on (a token to place, a bonus to resolve...).

    kinds: token (token may be "any"), move (a paid token move's destination), tile1x1,
    draw_students, draw_teachers, pick_student, pick_teacher, reward (end-of-round track leader).
    """

    kind: str
    seat: int
    token: str = ""
    club: str = ""
    source: int = -1
    cards: list[str] = field(default_factory=list)
    optional: bool = False      # a draw-3 that may keep none (the yearbook row bonus)
