"""The Academic Society state: the boards as plain typed fields, and the engine contract.

Component definitions stay in the data files; the state holds ids. Flow control is a stack of
``Pending`` decisions (the top one is what ``to_move`` decides now) fed by a queue of phase tasks;
:mod:`phases` runs everything automatic between two decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from homeroom.engine import Action, Event, IllegalAction, Rng, Score, State
from homeroom.games.academic_society import explain, phases
from homeroom.games.academic_society.actions import (
    Activate,
    Bonus,
    Declare,
    Done,
    Gain,
    Maintain,
    Move,
    Place,
    Salon,
    Spend,
)
from homeroom.games.academic_society.components import SUBJECTS, components
from homeroom.games.academic_society.render import describe_action as describe_line
from homeroom.games.academic_society.rules import (
    Pending,
    blue_moves,
    bounded,
    red_moves,
    room,
    sabbatical_options,
    treatise_options,
)

PHASE_NAMES = {
    1: "Phase 1: Contribution to the Nation",
    2: "Phase 2: Research Activities",
    3: "Phase 3: Maintaining Authority",
    4: "Phase 4: Effects of Contribution",
    5: "Phase 5: Treatise Presentation Results",
    6: "Phase 6: Preparation for the Next Round",
    0: "Game over",
}


@dataclass(eq=False)
class AcademicState(State):
    game_id = "academic-society"
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
        return phases.apply(self, action)

    def scores(self) -> list[Score]:
        comps = components()
        out = []
        for s in range(self.players):
            authority = sum(comps.cells[o].influence for o in self.authority[s])
            sabbatical = sum(row.influence for i, row in enumerate(comps.rows)
                             if self.sabbatical[s][i] == len(row.spaces))
            treatises = sum(comps.treatises[t].influence for row in self.presentation[s] for t in row)
            out.append(Score.of({"influence": self.influence[s], "authority": authority,
                                 "sabbatical": sabbatical, "treatises": treatises}))
        return out

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Most Theories in total, then earlier in the turn order (Scoring)."""
        return (sum(self.theories[seat]), -self.order.index(seat))

    def describe_action(self, action: Action) -> str:
        return describe_line(self, action)

    def why_illegal(self, action: Action) -> IllegalAction:
        return explain.why_illegal(self, action)

    def opening_events(self) -> list[Event]:
        return [Event(text) for text in self.setup_log]

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Everything on the table; the piles show only their sizes (their order is hidden)."""
        top = self.pending[-1] if self.pending else None
        return {
            "round": self.round,
            "phase": self.phase,
            "order": list(self.order),
            "influence": list(self.influence),
            "theories": [list(t) for t in self.theories],
            "contribution": list(self.contribution),
            "contribution_stack": list(self.stamp),
            "hand": list(self.hand),
            "authority": [list(a) for a in self.authority],
            "sabbatical": [list(s) for s in self.sabbatical],
            "presentation": [[list(r) for r in p] for p in self.presentation],
            "secretariat": list(self.secretariat),
            "beside": list(self.beside),
            "secretaries_in_hand": [list(h) for h in self.sec_hand],
            "board": {k: [list(p) for p in v] for k, v in self.board.items()},
            "royal_commission_pile": len(self.rc_pile),
            "royal_commissions_revealed": list(self.rc_revealed),
            "royal_commissions_done": list(self.rc_done),
            "treatise_piles": {k: len(v) for k, v in self.tr_piles.items()},
            "treatises_revealed": {k: list(v) for k, v in self.tr_revealed.items()},
            "treatise_discards": {k: sorted(v) for k, v in self.tr_discard.items()},
            "treatises_removed": sorted(self.tr_removed),
            "laid_down": [list(x) for x in self.laid],
            "to_move": self.to_move,
            "decision": None if top is None else {"kind": top.kind, "seat": top.seat, "n": top.n,
                                                   "for": top.ctx, "subjects": list(top.subjects)},
            "queue": [list(q) for q in self.queue],
            "activation": self.activation,
        }

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        """Only the order of the face-down piles is hidden from everyone."""
        rng.shuffle(self.rc_pile)
        for s in SUBJECTS:
            rng.shuffle(self.tr_piles[s])

    def game_invariants(self) -> list[str]:
        comps = components()
        problems = []
        rules = comps.rules
        cells = comps.cells
        on_board = [0] * self.players
        secs = [*self.secretariat, *self.beside]
        for pawns in self.board.values():
            for seat, pawn in pawns:
                if pawn == "scholar":
                    on_board[seat] += 1
                else:
                    secs.append(pawn)
        for held in self.sec_hand:
            secs.extend(held)
        for s in range(self.players):
            name, sab, th = self.names[s], self.sabbatical[s], self.theories[s]
            total = self.hand[s] + len(self.authority[s]) + on_board[s] + len(sab) - sab.count(0)
            if total != rules.scholars:
                problems.append(f"{name} has {total} scholars in play, not {rules.scholars}")
            if min(th) < 0 or max(th) > rules.theory_max:
                problems.append(f"{name} has theories outside 0-{rules.theory_max}: {th}")
            if not 0 <= self.contribution[s] <= comps.top_contribution:
                problems.append(f"{name} has Contribution {self.contribution[s]} off the track")
            if self.influence[s] < 0:
                problems.append(f"{name} has negative Influence")
            for i, row in enumerate(self.presentation[s]):
                if not 0 <= sab[i] <= len(comps.rows[i].spaces):
                    problems.append(f"{name}'s {SUBJECTS[i]} Sabbatical scholar is off the track ({sab[i]})")
                if row and (len(row) > comps.rows[i].capacity or not sab[i]):
                    problems.append(f"{name} holds too many {SUBJECTS[i]} Treatises")
            if self.phase != 3 and len({cells[o].column for o in self.authority[s]}) != len(self.authority[s]):
                problems.append(f"{name} has two scholars in one Authority column")
        if len(secs) != len(SUBJECTS) or set(secs) != set(SUBJECTS):
            problems.append(f"Secretaries are not one of each subject in one place: {sorted(secs)}")
        tiles = [*self.tr_removed]
        for group in (self.tr_piles, self.tr_revealed, self.tr_discard):
            for v in group.values():
                tiles += v
        for board in self.presentation:
            for row in board:
                tiles += row
        if len(tiles) != len(comps.treatises) or set(tiles) != comps.treatises.keys():
            problems.append("Treatise tiles are not each in exactly one place")
        rcs = [*self.rc_pile, *self.rc_revealed, *self.rc_done]
        if len(rcs) != len(comps.commissions) or set(rcs) != comps.commissions.keys():
            problems.append("Royal Commission tiles are not each in exactly one place")
        if self.phase and not self.pending:
            problems.append("the game is not over but nobody has a decision")
        return problems


def options_for(st: AcademicState, top: Pending) -> list[Action]:
    """The legal actions for the pending decision ``top``."""
    seat, kind = top.seat, top.kind
    if kind == "place":
        return phases.place_options(st, seat)
    if kind == "declare":
        return [Declare(top.n, True), Declare(top.n, False)]
    if kind == "maintain":
        return [Maintain(top.n, True), Maintain(top.n, False)]
    if kind == "hq":
        return list(sabbatical_options(st, seat, place=st.hand[seat] > 0, advance=True))
    if kind == "advance":
        return list(sabbatical_options(st, seat, place=False, advance=True))
    if kind == "treatise":
        acts: list[Action] = list(treatise_options(st, seat, top.subjects or SUBJECTS))
        if top.ctx == "effect":
            acts.append(Done())
        return acts
    if kind == "spend":
        return [Spend(d) for d in bounded(top.n, st.theories[seat])]
    if kind == "gain":
        r = room(st, seat)
        n = min(top.n, sum(r))
        return [Gain(d) for d in bounded(n, r)]
    if kind == "blue":
        return list(blue_moves(st, seat))
    if kind == "red":
        return list(red_moves(st, seat))
    if kind == "salon":
        acts = [Salon(True)] if sum(st.theories[seat]) >= 2 else []
        return [*acts, Salon(False)]
    if kind == "bonus":
        return [Bonus(), Done()] if phases.bonus_possible(st, seat, top.ctx) else [Done()]
    if kind == "activate":
        return [Activate(top.n), Done()]
    raise AssertionError(f"unknown decision {kind}")


__all__ = ["AcademicState", "Pending", "options_for", "Move", "Place", "PHASE_NAMES"]
