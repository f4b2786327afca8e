"""The state of a High School Drama game: the dataclass and the engine's contract hooks, which
delegate to the rule modules (the flow of the game is ``school_year``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from homeroom.engine import Action, Event, IllegalAction, Rng, Score, State
from homeroom.games.high_school_drama import explain, forewarn, hidden, invariants, school_year, scoring, view
from homeroom.games.high_school_drama.clique import Placement
from homeroom.games.high_school_drama.components import Card, Components, load
from homeroom.games.high_school_drama.constants import HAND_SIZE


@dataclass(eq=False)
class HSDState(State):
    game_id = "high-school-drama"
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    enrolled: list[bool]
    phase: str
    queue: list[int]
    quad: list[str]
    student_deck: list[str]
    org_deck: list[str]
    event_deck: list[str]
    event_discard: list[str]
    hands: list[list[str]]
    drama_of: list[list[str]]
    """Each seat's own hookup, bond and breakup cards (private draft)."""
    reserve: list[list[str]]
    """Each seat's face-down drama cards not in hand (private draft)."""
    stacks: dict[str, list[str]]
    """The face-up drama stacks (public draft)."""
    box: list[str]
    """Drama cards not used in this game."""
    cliques: list[dict[str, Placement]]
    supply: list[int]
    signatures: list[dict[str, int]]
    year: int = 0
    season: int = 0
    step: int = 0
    leader: int = 0
    playing: str | None = None
    ex_queue: list[int] | None = None
    shown: list[list[str]] = field(default_factory=list)
    """Per seat, the own drama cards played face up since that seat's last secret drama draw:
    everyone knows they are back among its face-down cards (private draft)."""

    # ------------------------------------------------------------ helpers
    @property
    def comps(self) -> Components:
        return load()

    @property
    def cards(self) -> dict[str, Card]:
        return load().cards

    @property
    def public_draft(self) -> bool:
        return bool(self.options.get("public_draft"))

    @property
    def seasons_played(self) -> int:
        return 4 if self.options.get("summer_school") else 3

    @property
    def last_year(self) -> int:
        return 2 if self.options.get("early_graduation") else 3

    @property
    def term(self) -> int:
        return self.year * self.seasons_played + self.season

    @property
    def hand_limit(self) -> int:
        return HAND_SIZE[self.year]

    def order_from(self, seat: int) -> list[int]:
        """Enrolled seats clockwise starting at ``seat``."""
        n = self.players
        return [s for s in ((seat + i) % n for i in range(n)) if self.enrolled[s]]

    def next_seat(self, seat: int) -> int:
        return self.order_from((seat + 1) % self.players)[0]

    def name(self, card: str) -> str:
        return self.comps.name(card)

    def total(self, seat: int) -> int:
        return sum(self.signatures[seat].values())

    # ------------------------------------------------------------ contract
    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "exchange":
            assert self.ex_queue
            return self.ex_queue[0]
        return self.queue[0]

    def turn_seat(self) -> int | None:
        if self.phase == "over":
            return None
        return self.queue[0] if self.queue else None

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def _legal_actions(self) -> list[Action]:
        return school_year.legal_actions(self)

    def _apply(self, action: Action) -> list[Event]:
        return school_year.apply(self, action)

    def scores(self) -> list[Score]:
        return scoring.scores(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Most bonds still in play after graduation (rulebook: Game End)."""
        return scoring.tiebreak(self, seat)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return view.observe(self, seat)

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        """Re-deal what ``seat`` cannot see (see :func:`hidden.redeal`)."""
        hidden.redeal(self, seat, rng)

    def game_invariants(self) -> list[str]:
        return invariants.check(self)

    def describe_action(self, action: Action) -> str:
        return view.describe_action(self, action)

    def choice_steps(self, action: Action) -> tuple[str, ...]:
        return view.choice_steps(self, action)

    def why_illegal(self, action: Action) -> IllegalAction:
        return explain.reason(self, action)

    def warnings(self, seat: int | None) -> list[dict[str, str]]:
        return forewarn.warnings(self, seat)

    def opening_events(self) -> list[Event]:
        return view.opening_events(self)
