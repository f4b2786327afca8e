"""A small test-only game ("High Card Draw") that exercises the whole engine contract:
hidden hands, a hidden deck, an optional step with an explicit "done", a decision by a seat
other than the one whose turn it is, and component conservation.

Rules: a deck of cards 1-6 (three of each) is shuffled; each player is dealt 2. On your
turn play a card from your hand to your pile (scores its value), then either draw a card
or pass ("done"). After a 6 is played, the next player in order must say whether they
"object" (lose 1 point) or "allow" it. The game ends when nobody has a card in hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from homeroom.engine import Action, Event, Game, GameInfo, IllegalAction, OptionSpec, Rng, Score, State


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int

    def describe(self) -> str:
        return f"Play a {self.card}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def describe(self) -> str:
        return "Draw a card"


@dataclass(frozen=True, slots=True)
class Done(Action):
    def describe(self) -> str:
        return "End your turn"


@dataclass(frozen=True, slots=True)
class Respond(Action):
    allow: bool

    def describe(self) -> str:
        return "Allow the 6" if self.allow else "Object to the 6 (lose 1 point)"


@dataclass(eq=False)
class ToyState(State):
    game_id = "toy"
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    penalties: list[int]
    turn: int = 0
    phase: str = "play"  # play | after | respond
    responder: int | None = None

    @property
    def to_move(self) -> int | None:
        if self.is_terminal():
            return None
        return self.responder if self.phase == "respond" else self.turn

    def is_terminal(self) -> bool:
        return self.phase == "play" and not any(self.hands)

    def _legal_actions(self) -> list[Action]:
        if self.phase == "respond":
            return [Respond(True), Respond(False)]
        if self.phase == "after":
            return ([Draw()] if self.deck else []) + [Done()]
        return [Play(c) for c in sorted(set(self.hands[self.turn]))]

    def why_illegal(self, action: Action) -> IllegalAction:
        if isinstance(action, Play) and self.phase == "play":
            return IllegalAction(f"you have no {action.card} in hand", "Turn")
        if isinstance(action, Draw) and self.phase == "after" and not self.deck:
            return IllegalAction("the deck is empty", "Turn")
        return IllegalAction(f"'{action.describe()}' is not allowed in the {self.phase} step", "Turn")

    def _apply(self, action: Action) -> list[Event]:
        name = self.names[self.to_move or 0]
        if isinstance(action, Play):
            self.hands[self.turn].remove(action.card)
            self.piles[self.turn].append(action.card)
            events = [Event(f"{name} plays a {action.card}.", self.turn)]
            if action.card == 6 and self.players > 1:
                self.phase, self.responder = "respond", (self.turn + 1) % self.players
            else:
                self.phase = "after"
            return events
        if isinstance(action, Respond):
            self.phase, self.responder = "after", None
            if not action.allow:
                self.penalties[self.turn] += 1
            return [Event(f"{name} {'allows' if action.allow else 'objects to'} the 6.")]
        if isinstance(action, Draw):
            card = self.deck.pop()
            self.hands[self.turn].append(card)
            text = f"{name} draws a card."
            return [Event(text, self.turn, ((self.turn, f"You draw a {card}."),), reveals=True), *self._next()]
        return self._next()

    def _next(self) -> list[Event]:
        self.phase = "play"
        for step in range(1, self.players + 1):
            seat = (self.turn + step) % self.players
            if self.hands[seat]:
                self.turn = seat
                return []
        return [Event("Nobody has a card left: the game is over.")]

    def scores(self) -> list[Score]:
        return [
            Score.of({"cards": sum(self.piles[s]), "objections": -self.penalties[s]})
            for s in range(self.players)
        ]

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        return (len(self.piles[seat]),)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "deck": len(self.deck),
            "hands": [list(sorted(h)) if s == seat else len(h) for s, h in enumerate(self.hands)],
            "piles": [list(p) for p in self.piles],
            "penalties": list(self.penalties),
            "turn": self.turn,
            "phase": self.phase,
            "to_move": self.to_move,
        }

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        pool = list(self.deck)
        for s, hand in enumerate(self.hands):
            if s != seat:
                pool.extend(hand)
        rng.shuffle(pool)
        for s, hand in enumerate(self.hands):
            if s != seat:
                n = len(hand)
                self.hands[s] = [pool.pop() for _ in range(n)]
        self.deck = pool

    def game_invariants(self) -> list[str]:
        cards = sorted(self.deck + [c for h in self.hands for c in h] + [c for p in self.piles for c in p])
        expected = sorted([v for v in range(1, 7) for _ in range(self.options["copies"])])
        return [] if cards == expected else ["cards are not conserved"]


class ToyGame(Game):
    info = GameInfo(
        id="toy",
        name="High Card Draw (test game)",
        min_players=1,
        max_players=4,
        options=(OptionSpec("copies", 3, "copies of each card value", minimum=1, maximum=5),),
        max_decisions=200,
        summary="A tiny game that exists only to test the engine.",
    )
    action_types = (Play, Draw, Done, Respond)

    def setup(self, players: int, seed: int, options: dict[str, Any], names: list[str]) -> State:
        rng = Rng(seed)
        deck = [v for v in range(1, 7) for _ in range(options["copies"])]
        rng.shuffle(deck)
        hands = [[deck.pop(), deck.pop()] for _ in range(players)]
        return ToyState(players, seed, options, names, rng, deck, hands, [[] for _ in range(players)], [0] * players)

    def state_from_json(self, text: str) -> State:
        return ToyState.from_json(text)


GAME = ToyGame()
