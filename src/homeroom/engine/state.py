"""The ``State`` contract every game implements, and the shared machinery behind it.

A game's state is a ``@dataclass`` subclass of :class:`State` whose fields are plain typed
values (see :mod:`homeroom.engine.codec`); the base class gives it legality checking with
readable reasons, cached legal actions, canonical JSON, cloning, determinization and the
default winner rule. Subclasses implement the underscore hooks.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, TypeVar

from homeroom.engine.actions import Action
from homeroom.engine.codec import CodecError, decode, dumps, encode
from homeroom.engine.copier import copier, sharing_copier
from homeroom.engine.errors import IllegalAction
from homeroom.engine.events import Event
from homeroom.engine.rng import RedealRng, Rng

S = TypeVar("S", bound="State")


@dataclass(frozen=True)
class Score:
    """A seat's score: the total and the per-category breakdown it is the sum of."""

    total: int
    breakdown: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, breakdown: dict[str, int]) -> Score:
        return cls(sum(breakdown.values()), dict(breakdown))

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "breakdown": dict(self.breakdown)}


def _same_field_types(a: Action, b: Action) -> bool:
    """Equal actions whose fields also have the same types (``True`` equals ``1`` in Python, but
    ``Play(card=True)`` is not a legal ``Play(card=1)``)."""
    return all(type(getattr(a, name)) is type(getattr(b, name)) for name in a.__dataclass_fields__)


class State(ABC):
    """A game position. Subclasses are dataclasses and must have the fields
    ``players: int``, ``seed: int``, ``options: dict[str, Any]``, ``names: list[str]``
    and ``rng: Rng``.
    """

    game_id: ClassVar[str] = ""
    quiet: ClassVar[bool] = False
    """Search mode (see :meth:`set_quiet`): nobody reads this position's log, so ``apply`` returns
    no events and the rules may skip formatting log text. Not part of the position: never in its
    JSON; copies (``clone``, ``determinize``) keep it."""
    redeal_replaces: ClassVar[tuple[str, ...]] = ()
    """Fields :meth:`redeal_hidden` always rebinds to new values, never changing the old ones in
    place: :meth:`determinize` does not copy them (nor the generator, which it replaces), as the
    re-deal throws the copies away."""
    cache_keys: ClassVar[tuple[str, ...]] = ()
    """Names of the game's own ``_c_*`` caches, dropped before each apply (with the engine's)."""
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng

    # ----------------------------------------------------------------- hooks
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that must decide now (not always the seat whose turn it is); None at the end."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action for ``to_move``, in a stable order."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action (already checked) and return its log events."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[Score]:
        """Each seat's score so far (final at the end), with its breakdown."""

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """JSON-able view for ``seat`` (``None``: a spectator) with everything hidden removed."""

    def why_illegal(self, action: Action) -> IllegalAction:
        """A specific reason ``action`` is illegal now; games override for better reasons."""
        return IllegalAction(f"'{action.describe()}' is not a legal move now")

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:  # noqa: B027
        """Re-deal, in place, everything ``seat`` cannot see (deck orders, others' hands)."""

    def automa_scores(self) -> dict[str, Score]:
        """Scores of participants that are not seats (a solo game's automa), by name."""
        return {}

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Keys compared after the total score to pick a winner (higher is better)."""
        return ()

    def game_invariants(self) -> list[str]:
        """Game-specific invariant violations (components conserved, supplies >= 0)."""
        return []

    def opening_events(self) -> list[Event]:
        """Log lines for what setup did (first player, starting hands as each seat may see)."""
        return []

    def turn_seat(self) -> int | None:
        """The seat whose turn it is (may differ from ``to_move``); default ``to_move``."""
        return self.to_move

    def turn_marker(self) -> Any:
        """An identity of the turn in progress, for bots that look through the rest of their own
        turn only: it changes when a turn ends, even where the same seat moves next because an
        automa's turn was played in between (None: not tracked, the default)."""
        return None

    # --------------------------------------------------------------- contract
    def legal_actions(self) -> list[Action]:
        cached: list[Action] | None = self.__dict__.get("_c_legal")
        if cached is None:
            cached = [] if self.is_terminal() else self._legal_actions()
            self.__dict__["_c_legal"] = cached
        return cached

    def _legal_map(self) -> dict[Action, Action]:
        cached: dict[Action, Action] | None = self.__dict__.get("_c_legal_map")
        if cached is None:
            cached = {a: a for a in self.legal_actions()}
            self.__dict__["_c_legal_map"] = cached
        return cached

    def explain(self, action: Any) -> str | None:
        """Why ``action`` is illegal now (with the rulebook section), or ``None`` if it is legal."""
        err = self._illegal(action)
        return None if err is None else str(err)

    def _illegal(self, action: Any) -> IllegalAction | None:
        # trusted fast path: one of the very objects legal_actions() returned (an identity scan in
        # C, no __eq__ calls: cheaper than hashing the ids into a set once per apply)
        if any(map(is_, self.legal_actions(), repeat(action))):
            return None
        if not isinstance(action, Action):
            return IllegalAction(f"malformed action: {action!r} is not an action of {self.game_id}")
        if self.is_terminal():
            return IllegalAction("the game is over: no more moves can be made")
        try:
            legal = self._legal_map().get(action)
        except TypeError:
            return IllegalAction(f"malformed action: {action!r} has unhashable fields")
        if legal is not None and (legal is action or _same_field_types(legal, action)):
            return None
        try:
            decode(type(action), encode(action))
        except (CodecError, TypeError, ValueError) as err:
            return IllegalAction(f"malformed {action.type_name()} action: {err}")
        try:
            return self.why_illegal(action)
        except (TypeError, KeyError, ValueError, IndexError, AttributeError) as err:
            return IllegalAction(f"malformed {action.type_name()} action: {action!r} does not fit this game "
                                 f"({type(err).__name__}: {err})")

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` or raise :class:`IllegalAction`, leaving the state unchanged."""
        d = self.__dict__
        legal = d.get("_c_legal")  # the trusted fast path of _illegal, without its calls
        if legal is None or not any(map(is_, legal, repeat(action))):
            err = self._illegal(action)
            if err is not None:
                raise err
        d.pop("_c_legal", None)
        d.pop("_c_legal_map", None)
        for key in self.cache_keys:
            d.pop(key, None)
        events = self._apply(action)
        return [] if d.get("quiet") else events

    def set_quiet(self, quiet: bool = True) -> None:
        """Turn search mode on (or off): from now on ``apply`` returns no log events, and rule code
        that checks :attr:`quiet` skips building their text. The moves, the position and its JSON
        are exactly what they would be otherwise. For states nobody shows a log of: the worlds a
        bot searches (:meth:`determinize` turns it on) and simulated games."""
        if quiet:
            self.__dict__["quiet"] = True
        else:
            self.__dict__.pop("quiet", None)

    def invalidate(self) -> None:
        """Drop everything cached about this position (``_c_*`` attributes, e.g. legal actions);
        call it after editing a state by hand, as scenario tests do. (``apply`` drops only the
        engine's caches and the game's declared :attr:`cache_keys`, without a scan.)"""
        for key in [k for k in self.__dict__ if k.startswith("_c_")]:
            del self.__dict__[key]

    @contextmanager
    def results_memo(self) -> Iterator[None]:
        """Within the block, :meth:`scores`, :meth:`winner`, :meth:`placings` and
        :meth:`automa_scores` may share one end-game scoring (a game whose scoring is costly
        overrides this; the default shares nothing). For callers that ask for all of them at the
        end of a game, as ``simulate`` does; the position must not change inside the block."""
        yield

    def winner(self) -> list[int] | None:
        """Winning seats (several on a shared win) after the tie-breaks; None before the end.
        Empty when no seat wins (a solo game lost to the automa)."""
        if not self.is_terminal():
            return None
        scores = self.scores()
        keys = [(scores[s].total, *self.tiebreak(s)) for s in range(len(scores))]
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    def placings(self) -> list[int] | None:
        """Each seat's place at the end (1 = first), by total score and then the tie-breaks of
        :meth:`tiebreak`; seats still level after every tie-break share a place (1, 1, 3). A seat
        of a solo game is 1st if it beat the automa, else 2nd. None before the end."""
        winners = self.winner()
        if winners is None:
            return None
        if self.automa_scores():
            return [1 if seat in winners else 2 for seat in range(self.players)]
        scores = self.scores()
        keys = [(scores[s].total, *self.tiebreak(s)) for s in range(len(scores))]
        places = [1 + sum(1 for other in keys if other > key) for key in keys]
        for seat in winners:  # a game that overrides winner() has the last word on first place
            places[seat] = 1
        return places

    def outcome(self) -> str:
        """The result in one line, for the end of a game ("Winner: Ana", "Ed E. Tor wins")."""
        winners = self.winner()
        if winners is None:
            return "The game is not over."
        if not winners:
            return "Nobody wins."
        names = " and ".join(self.names[w] for w in winners)
        return f"Shared win: {names}" if len(winners) > 1 else f"Winner: {names}"

    def invariants(self) -> list[str]:
        """Every violated invariant, as sentences (empty when all hold)."""
        problems = []
        for seat, score in enumerate(self.scores()):
            if score.total != sum(score.breakdown.values()):
                problems.append(
                    f"seat {seat}: score {score.total} is not the sum of its breakdown {score.breakdown}"
                )
        if self.is_terminal() and self.to_move is not None:
            problems.append("terminal state still has a seat to move")
        return problems + self.game_invariants()

    def determinize(self: S, seat: int | None, rng: Rng) -> S:
        """A copy in which everything hidden from ``seat`` is re-dealt consistently,
        and the future random draws (the generator) are re-seeded; it is in search mode
        (:attr:`quiet`), as only bots use it."""
        copy: S = sharing_copier(type(self), frozenset(("rng", *self.redeal_replaces)))(self)
        copy.__dict__["quiet"] = True  # only bots search determinized worlds: no log text needed
        copy.rng = Rng(rng.next32() << 32 | rng.next32())
        copy.redeal_hidden(seat, RedealRng(rng.next32() << 32 | rng.next32()))
        return copy

    def clone(self: S) -> S:
        """A fully independent copy (without the caches), by a copier compiled for the state's
        dataclass from its type hints (see :mod:`homeroom.engine.copier`)."""
        fn = copier(type(self))
        copy: S = self if fn is None else fn(self)
        return copy

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_c_")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = encode(self)
        return data

    def to_json(self) -> str:
        """Canonical JSON: the same seed and actions give byte-identical text."""
        return dumps(self.to_dict())

    @classmethod
    def from_json(cls: type[S], text: str) -> S:
        """Rebuild a state from :meth:`to_json`, raising ``ValueError`` naming any bad field."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ValueError(f"not valid JSON: {err}") from None
        try:
            state = decode(cls, data)
        except CodecError as err:
            raise ValueError(f"bad {cls.game_id or cls.__name__} state: {err}") from None
        assert isinstance(state, cls)
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def describe_seat(self, seat: int) -> str:
        return self.names[seat]

    def describe_action(self, action: Action) -> str:
        """One line for ``action`` in this position; games may name cards and rivals from the
        state (what the seat to move may see only). Default: ``action.describe()``."""
        return action.describe()

    def warnings(self, seat: int | None) -> list[dict[str, str]]:
        """Automatic rules about to hit ``seat`` (``None``: a spectator, who gets none), each as
        ``{"text": ..., "section": ...}`` with the rulebook section it comes from: said before the
        phase runs them, read only from what the seat may see. Default: none."""
        return []

    def batches(self, seat: int | None) -> list[dict[str, Any]]:
        """Sets of independent decisions ``seat`` may take in one go ("Keep all"), each as
        ``{"label", "action": the fields every action of the set has, "count", "scope"}``: a
        front end sends the offered action matching ``action`` at each of the next ``count``
        decisions of ``scope``, one at a time. Only while ``seat`` is to move. Default: none."""
        return []

    def choice_steps(self, action: Action) -> tuple[str, ...]:
        """``action`` as a path of short choices, for offering a long list of actions in steps:
        e.g. ``("Take Julie B (Athletics, Cheer)", "row 2, column 3")``. A front end shows the
        distinct first steps as a menu, then the next steps of the actions that share the chosen
        first one, and so on; actions with equal steps are told apart by a last step of their own.
        The engine's actions are unchanged: this is only how they are offered. Default: the one
        step :meth:`describe_action`."""
        return (self.describe_action(action),)
