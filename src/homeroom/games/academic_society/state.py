"""The Academic Society state: the boards as plain typed fields, and the engine contract.

Component definitions stay in the data files; the state holds ids. Flow control is a stack of
``Pending`` decisions (the top one is what ``to_move`` decides now) fed by a queue of phase tasks;
:mod:`rounds` runs everything automatic between two decisions. The contract hooks delegate to the
rule, scoring, view, explain and invariant modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from homeroom.engine import Action, Event, IllegalAction, Rng, Score, State
from homeroom.games.academic_society import explain, forewarn, invariants, rounds, scoring, view
from homeroom.games.academic_society.components import SUBJECTS, Vec
from homeroom.games.academic_society.contribution_to_the_nation import commission_cost
from homeroom.games.academic_society.decisions import options_for
from homeroom.games.academic_society.maintaining_authority import research_cost
from homeroom.games.academic_society.model import Pending


@dataclass(eq=False)
class AcademicState(State):
    game_id = "academic-society"
    cache_keys: ClassVar[tuple[str, ...]] = ("_c_static_values", "_c_children")
    """What the bots' evaluation leaves on a position it looked ahead from (``bots.STATIC_KEY``,
    ``bots.CHILDREN_KEY``): stale once it changes."""
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    round: int = 1
    phase: int = 1
    order: list[int] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)
    theories: list[list[int]] = field(default_factory=list)
    contribution: list[int] = field(default_factory=list)
    stamp: list[int] = field(default_factory=list)
    stamp_counter: int = 0
    hand: list[int] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    """Scholars returned to hand during this Phase 2, held aside until it is over (per seat)."""
    authority: list[list[int]] = field(default_factory=list)
    sabbatical: list[list[int]] = field(default_factory=list)
    presentation: list[list[list[int]]] = field(default_factory=list)
    secretariat: list[str] = field(default_factory=list)
    beside: list[str] = field(default_factory=list)
    sec_hand: list[list[str]] = field(default_factory=list)
    board: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    rc_pile: list[int] = field(default_factory=list)
    rc_revealed: list[int] = field(default_factory=list)
    rc_done: list[int] = field(default_factory=list)
    tr_piles: dict[str, list[int]] = field(default_factory=dict)
    tr_revealed: dict[str, list[int]] = field(default_factory=dict)
    tr_discard: dict[str, list[int]] = field(default_factory=dict)
    tr_removed: list[int] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    queue: list[tuple[str, int, int]] = field(default_factory=list)
    cursor: int = 0
    laid: list[list[int]] = field(default_factory=list)
    activation: int = -1
    setup_log: list[str] = field(default_factory=list)

    # ------------------------------------------------------------ contract
    @property
    def to_move(self) -> int | None:
        return self.pending[-1].seat if self.pending else None

    def turn_seat(self) -> int | None:
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == 0

    def _legal_actions(self) -> list[Action]:
        cached: list[Action] | None = self.__dict__.get("_c_options")
        if cached is not None:
            return cached
        return options_for(self, self.pending[-1]) if self.pending else []

    def _apply(self, action: Action) -> list[Event]:
        self.__dict__.pop("_c_options", None)
        return rounds.apply(self, action)

    def scores(self) -> list[Score]:
        return scoring.scores(self)

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        return scoring.tiebreak(self, seat)

    def describe_action(self, action: Action) -> str:
        return view.describe_action(self, action)

    def choice_steps(self, action: Action) -> tuple[str, ...]:
        return view.choice_steps(self, action)

    def why_illegal(self, action: Action) -> IllegalAction:
        return explain.why_illegal(self, action)

    def warnings(self, seat: int | None) -> list[dict[str, str]]:
        return forewarn.warnings(self, seat)

    def batches(self, seat: int | None) -> list[dict[str, Any]]:
        return forewarn.batches(self, seat)

    def opening_events(self) -> list[Event]:
        return [Event(text) for text in self.setup_log]

    def observation(self, seat: int | None) -> dict[str, Any]:
        return view.observation(self, seat)

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        """Only the order of the face-down piles is hidden from everyone."""
        rng.shuffle(self.rc_pile)
        for s in SUBJECTS:
            rng.shuffle(self.tr_piles[s])

    def game_invariants(self) -> list[str]:
        return invariants.game_invariants(self)

    # ------------------------------------------------------------ read by the view
    def commission_cost(self, seat: int, tile: int) -> Vec:
        """What Royal Commission ``tile`` costs ``seat`` now (after Sabbatical reductions)."""
        return commission_cost(self, seat, tile)

    def research_cost(self, seat: int, cell: int) -> Vec:
        """The Research Report cost of Authority ``cell`` for ``seat`` now (after reductions)."""
        return research_cost(self, seat, cell)


__all__ = ["AcademicState", "Pending"]
