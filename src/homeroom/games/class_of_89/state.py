"""The Class of '89 game state: the dataclass and the engine contract's hooks.

The rules live in the modules named after the rulebook's sections, which this class mixes in
(:mod:`player_turn` <- :mod:`end_of_round` <- :mod:`solo` <- :mod:`bonuses`); scoring, the view,
the illegal-move reasons and the invariants are functions over a state that these hooks call.
Components are referred to by id only (their definitions live in ``data/``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from homeroom.engine import Action, Event, IllegalAction, Rng, Score, State
from homeroom.games.class_of_89 import explain, forewarn, view
from homeroom.games.class_of_89.invariants import invariants
from homeroom.games.class_of_89.model import EMPTY, ENTRANCE, JANITOR, Pending, Yearbook
from homeroom.games.class_of_89.player_turn import PlayerTurn
from homeroom.games.class_of_89.scoring import ed_score, final_scores, solo_objective_points, student_count

__all__ = ["EMPTY", "ENTRANCE", "JANITOR", "Co89State"]


@dataclass(eq=False)
class Co89State(PlayerTurn, State):
    """A Class of '89 position: the school mat, the decks, every yearbook (Ed's last in a solo
    game), the round and turn, and the decisions someone owes."""


    game_id = "class-of-89"
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    books: list[Yearbook]
    school: list[list[str]]                 # 5 locations x 5 card/tile spaces ("" empty)
    school_sups: dict[str, str]             # Senior Superlative tile on the mat -> its student
    spaces: list[list[int]]                 # 5 locations x 3 member spaces: seat, EMPTY or JANITOR
    space_members: list[list[str]]
    entrance: list[tuple[int, str]]
    janitors: list[tuple[int, int]]         # (location, cost spot)
    decks: dict[str, list[str]]             # top of each deck is the end of the list
    discards: dict[str, list[str]]
    set_aside: list[str]
    ones_supply: int
    objectives: list[str]
    round: int = 1
    first: int = 0
    turns_taken: int = 0
    phase: str = "side"                     # side | place | act | round_end | over
    location: int = -1
    member: str = ""
    main_done: bool = False
    sig_done: bool = False
    member_done: bool = False
    pending: list[Pending] = field(default_factory=list)
    # solo game only (rulebook "Solo Rules"): Ed's decks, priority cards and tokens
    solo_locations: list[str] = field(default_factory=list)
    solo_location: str = ""
    solo_location_discard: list[str] = field(default_factory=list)
    solo_choices: list[str] = field(default_factory=list)
    solo_choice_discard: list[str] = field(default_factory=list)
    ed_priority: list[str] = field(default_factory=list)
    ed_revealed: list[bool] = field(default_factory=list)
    ed_tokens: dict[str, int] = field(default_factory=dict)


    # ------------------------------------------------------------ who moves
    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending[0].seat
        return self.current

    def turn_seat(self) -> int | None:
        if self.phase == "over":
            return None
        return self.current if self.current < self.players else self.to_move  # never Ed (not a seat)

    def turn_marker(self) -> Any:
        """Solo: the round and the turns taken in it, so that greedy's lookahead stops where the
        player's turn ends. Ending a turn plays Ed's turn at once and hands the player the next
        one, and the lookahead went on into it (its best placement, with the unused ability's
        potential) while every other option of the turn was valued at its depth: ending the turn
        looked about 2 points better than it is, and the Editor's free step was skipped (BOTS.md,
        sixth pass). With 2-4 players None: the lookahead already stops at another seat's move."""
        return (self.round, self.turns_taken) if self.players == 1 else None

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # ------------------------------------------------------ actions
    _legal_actions = PlayerTurn._choices  # (no extra call per position)

    def _apply(self, action: Action) -> list[Event]:
        events = self._play(action)
        if self.pending or self.phase != "act":  # (mid-turn with nothing owed, _settle has nothing to do)
            events += self._settle()
        if self.quiet:  # search mode: nobody reads the log (not even the final line's scores)
            return events
        if self.phase == "over":
            events.append(self._final_line())
        return events  # (Ed is not a seat: the rules give his log lines no seat as they write them)

    def _final_line(self) -> Event:
        """The last log line: every score and the winner (solo: the player's score against Ed's)."""
        with self._scores_memo():
            return self._final_text()

    def _final_text(self) -> Event:
        scores = self.scores()
        win = self.winner() or []
        if self.players == 1:
            ed = self._ed_score()
            verdict = f"{self.names[0]} beats Ed" if win else "Ed wins"
            return Event(f"The game is over. {self.names[0]} {scores[0].total}, Ed {ed.total} "
                         f"{ed.breakdown}. {verdict}.", reveals=True)
        line = ", ".join(f"{self.names[s]} {scores[s].total}" for s in range(self.players))
        return Event(f"The game is over. Final scores: {line}. "
                     f"Winner: {' and '.join(self.names[s] for s in win)}.")

    def describe_action(self, action: Action) -> str:
        return view.describe_action(self, action)

    def choice_steps(self, action: Action) -> tuple[str, ...]:
        return view.choice_steps(self, action)

    def why_illegal(self, action: Action) -> IllegalAction:
        return explain.why_illegal(self, action)

    def warnings(self, seat: int | None) -> list[dict[str, str]]:
        return forewarn.warnings(self, seat)

    # ---------------------------------------------------------- scores
    def scores(self) -> list[Score]:
        cached: list[Score] | None = self.__dict__.get("_c_scores")
        return final_scores(self) if cached is None else list(cached)

    def _ed_score(self) -> Score:
        cached: Score | None = self.__dict__.get("_c_ed")
        return ed_score(self) if cached is None else cached

    @contextmanager
    def _scores_memo(self) -> Iterator[None]:
        """Within the block, the end-game scoring is computed once (``winner`` otherwise asks for
        it once per seat in ``tiebreak``); the memo never outlives the call, so hand edits made
        between calls are always seen."""
        d = self.__dict__
        if "_c_scores" in d:  # an outer block already holds it
            yield
            return
        if self.players == 1:  # the objective cards are measured once for both scores
            solo = solo_objective_points(self)
            d["_c_scores"] = final_scores(self, solo)
            d["_c_ed"] = ed_score(self, solo)
        else:
            d["_c_scores"] = final_scores(self)
        try:
            yield
        finally:
            d.pop("_c_scores", None)
            d.pop("_c_ed", None)

    @contextmanager
    def results_memo(self) -> Iterator[None]:
        """One end-game scoring (and Ed's) for everything asked inside the block."""
        with self._scores_memo():
            yield

    def winner(self) -> list[int] | None:
        """Solo: the player wins with more points than Ed (else nobody: Ed wins)."""
        if not self.is_terminal():
            return None
        with self._scores_memo():
            if self.players != 1:
                return super().winner()
            return [0] if self.scores()[0].total > self._ed_score().total else []

    def placings(self) -> list[int] | None:
        with self._scores_memo():
            return super().placings()

    def automa_scores(self) -> dict[str, Score]:
        """Solo: Ed E. Tor's score (all of it public), for the score tables."""
        if self.players != 1:
            return {}
        return {"Ed E. Tor": self._ed_score()}

    def outcome(self) -> str:
        """Solo: say how the player fared against Ed ("you win with more points than Ed")."""
        if self.players != 1 or not self.is_terminal():
            return super().outcome()
        with self._scores_memo():
            return self._solo_outcome()

    def _solo_outcome(self) -> str:
        mine, eds = self.scores()[0].total, self._ed_score().total
        if mine > eds:
            return f"{self.names[0]} beats Ed E. Tor, {mine} to {eds}."
        return f"Ed E. Tor wins, {eds} to {mine} (a tie goes to Ed: you need more points than him)."

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Rulebook "Endgame Scoring": the most club objective points, then the most students."""
        return (self.scores()[seat].breakdown.get("objectives", 0), student_count(self.books[seat]))

    # ---------------------------------------------------------- what a seat sees
    def observation(self, seat: int | None) -> dict[str, Any]:
        return view.observation(self, seat)

    def opening_events(self) -> list[Event]:
        return view.opening_events(self)

    redeal_replaces = ("decks",)  # redeal_hidden builds a new dict of new decks

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        decks: dict[str, list[str]] = {}
        for kind, deck in self.decks.items():
            hidden = [p for p in self.pending if p.seat != seat and p.kind == f"draw_{kind}s"]
            pool = list(deck)
            for p in hidden:
                pool += p.cards
            rng.shuffle(pool)
            for p in hidden:
                n = len(p.cards)
                p.cards = pool[:n]
                del pool[:n]
            decks[kind] = pool
        self.decks = decks
        if self.players == 1:
            self._redeal_solo(seat, rng)

    def game_invariants(self) -> list[str]:
        return invariants(self)
