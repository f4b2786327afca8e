"""A game being played or replayed: its state, seats, actions and log; save files and replays.

A replay (and a save file, which is the same thing) is the game id, engine version, player
count, options, seed, seats and the list of actions; loading one rebuilds the game and its
log exactly, and a bad file fails with a message naming the problem (and the action index).
The seed fixes every deal, so no log line carries it: a replay file holds it, and front ends
show it to the file's owner outside the log.

Undo is structural: each decision records whether its outcome depended on something hidden from
the seat that made it (a draw, a deal, a shuffle, another seat's hidden card), found by
:func:`depends_on_hidden`; no seat may undo past such a decision, nor past an event that
``reveals`` hidden information.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import stat
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from homeroom import ENGINE_VERSION
from homeroom.engine.actions import Action
from homeroom.engine.errors import HomeroomError, IllegalAction, OptionError, ReplayError, UnknownGame
from homeroom.engine.events import Event
from homeroom.engine.game import Game
from homeroom.engine.rng import Rng
from homeroom.engine.state import State

FORMAT = "homeroom-replay"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Seat:
    name: str
    agent: str = "human"


REDEALS = 5
"""Re-deals :func:`depends_on_hidden` tries per decision. A decision whose outcome depends on
something hidden is caught unless every re-deal happens to give the seat the same view as the real
deal: at worst (a hidden yes/no that is as likely either way) one chance in 2**5 = 32 per decision,
and a draw of one card from a deck of n distinct ones, (1/n)**5. Draws from the game's own
generator are caught always, before any re-deal. More re-deals cost more per decision on the
server (see CHANGELOG for the measured cost); the conformance suite checks with more."""

REDEAL_SEED = 0x5EED_0F_0D0_0B5
"""Fixed base of the re-deals' seeds (with the decision's index): the re-deals only decide whether
undo is allowed, so they need no secrecy, and nothing a player could use to learn the deal (the
game's seed, its generator) goes into them."""


@dataclass
class Entry:
    """One decision in the history: who made it, what it was, and what it caused.

    ``hidden``: the decision's outcome depended on something hidden from ``seat`` (a draw, a deal,
    a shuffle, another seat's hidden card), so no undo goes back past it; True (the safe value)
    where it was not worked out (see :meth:`Match.check_tail`).

    ``turn``: the turn the decision was made in (``turn_seat()`` and ``turn_marker()`` of the
    position before it), so that the server can tell where the turn in progress began."""

    seat: int
    action: Action
    events: list[Event]
    hidden: bool = True
    turn: tuple[int | None, Any] = (None, None)


def _view(state: State, seat: int) -> tuple[Any, ...]:
    """What ``seat`` knows of ``state``: its observation, who moves, and its legal actions if it
    moves (they too could depend on what is hidden)."""
    mover = state.to_move
    return state.observation(seat), mover, state.legal_actions() if mover == seat else None


def depends_on_hidden(before: State, action: Action, after: State, seat: int, *, redeals: int = REDEALS,
                      salt: int = 0) -> bool:
    """Whether ``action`` by ``seat`` in ``before`` (giving ``after``) had an outcome that depended on
    something hidden from ``seat``: the game's generator was drawn, or in one of ``redeals``
    re-deals of what ``seat`` cannot see (:meth:`State.determinize`) the action is illegal or leaves
    the seat a different view than ``after`` does. ``before`` is not changed. ``salt`` (the
    decision's index) varies the re-deals from one decision to the next."""
    if before.rng.state != after.rng.state:
        return True
    real = _view(after, seat)
    rng = Rng(REDEAL_SEED ^ salt)
    for _ in range(redeals):
        world = before.determinize(seat, rng)
        try:
            world.apply(action)
        except IllegalAction:
            return True
        if _view(world, seat) != real:
            return True
    return False


@dataclass
class Match:
    """A game in progress with its full history."""

    game: Game
    state: State
    seed: int
    options: dict[str, Any]
    seats: list[Seat]
    history: list[Entry] = field(default_factory=list)
    opening: list[Event] = field(default_factory=list)
    _tail: int | None = field(default=None, repr=False, compare=False)
    """Where the run of unchecked decisions that :meth:`check_tail` would check starts."""
    data: dict[str, str] | None = field(default=None, compare=False)
    """The data set the game is played with (``name`` and ``digest``; None: the game has no data)."""

    @classmethod
    def start(
        cls,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> Match:
        seat_list = list(seats) if seats is not None else [Seat(f"Player {i + 1}") for i in range(players)]
        state = game.new_state(players, seed, options, names=[s.name for s in seat_list])
        opening = [Event(f"New game of {game.info.name} for {players} player(s).")]  # never the seed: it fixes the deal
        opening += state.opening_events()
        ds = game.current_data()
        data = None if ds is None else {"name": ds.name, "digest": ds.digest}
        return cls(game, state, seed, dict(state.options), seat_list, [], opening, data=data)

    @property
    def players(self) -> int:
        return self.state.players

    def play(self, action: Action, *, check: bool = True) -> list[Event]:
        """Apply ``action`` for the seat to move; raises :class:`IllegalAction` and changes nothing.

        With ``check`` (live play) the entry records whether the outcome depended on something
        hidden from that seat (:func:`depends_on_hidden`). Without (a game being rebuilt) it is
        marked hidden for now, and :meth:`check_tail` (called by :meth:`undo_point`) works out the
        flags an undo could need: a rebuild pays for the check only if someone asks about undo."""
        self.check_data()
        seat = self.state.to_move
        turn = self.turn()
        if check:
            self.check_tail()
            before = self.state.clone()
            events = self.state.apply(action)
            hidden = seat is None or depends_on_hidden(before, action, self.state, seat, salt=len(self.history))
        else:
            last = self.history[-1] if self.history else None
            if self._tail is None or last is None or last.seat != seat or any(e.reveals for e in last.events):
                self._tail = len(self.history)  # a new run of one seat's decisions
            events = self.state.apply(action)
            hidden = True
        self.history.append(Entry(-1 if seat is None else seat, action, events, hidden, turn))
        return events

    def check_data(self) -> None:
        """Refuse (HomeroomError) to go on under another data set than the one the match started
        with: a server binds each table's own (see :mod:`homeroom.engine.datasets`), and a slip
        there must stop a move, never play it with another table's components."""
        if self.data is None:
            return
        ours = self.game.current_data()
        if ours is not None and ours.digest != self.data["digest"]:
            raise HomeroomError(f"this game is played with data set {self.data['name']!r} "
                                f"({self.data['digest']}), not {ours.label}")

    def turn(self) -> tuple[int | None, Any]:
        """The turn in progress: whose it is and the game's marker of it (see
        :meth:`State.turn_marker`); it changes when a turn ends."""
        return self.state.turn_seat(), self.state.turn_marker()

    def turn_start(self) -> int:
        """Index of the first decision of the turn in progress (``len(history)`` if none has been
        made in it yet): the decisions after it were all made in this turn. For Board Game Arena's
        undo policy, where a player takes back only decisions of her own turn in progress."""
        current = self.turn()
        index = len(self.history)
        while index > 0 and self.history[index - 1].turn == current:
            index -= 1
        return index

    def check_tail(self) -> None:
        """Work out the hidden flags of the decisions played with ``check=False`` that an undo could
        reach: the run at the end since the last decision of another seat (and since the last
        reveal). Earlier unchecked decisions stay marked hidden: an undo would have to go back past
        another seat's decision to reach them. The flags are the ones live play would have given
        (the same re-deals, seeded by the decision's index)."""
        if self._tail is None:
            return
        start, self._tail = self._tail, None
        # the state before the run, replayed without log text (cheaper than a copy at every run)
        state = self.game.new_state(self.players, self.seed, self.options, names=[s.name for s in self.seats])
        state.set_quiet()
        for entry in self.history[:start]:
            state.apply(entry.action)
        for index in range(start, len(self.history)):
            entry = self.history[index]
            before = state.clone()
            state.apply(entry.action)
            entry.hidden = depends_on_hidden(before, entry.action, state, entry.seat, salt=index)

    def log(self, viewer: int | None = None) -> list[str]:
        """The whole log as ``viewer`` may read it."""
        lines = [e.text_for(viewer) for e in self.opening]
        for entry in self.history:
            lines.extend(e.text_for(viewer) for e in entry.events)
        return lines

    # ------------------------------------------------------------------ undo
    def undo_point(self, seat: int) -> int | None:
        """Index of ``seat``'s last decision if it can be taken back, else None. Undo never goes
        back past an event that ``reveals`` hidden information, nor past a decision (of any seat)
        whose outcome depended on something hidden from the seat that made it: seeing the outcome
        and choosing again would use what the seat was not meant to know."""
        self.check_tail()
        for index in range(len(self.history) - 1, -1, -1):
            entry = self.history[index]
            if entry.hidden or any(e.reveals for e in entry.events):
                return None
            if entry.seat == seat:
                return index
        return None

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last decision and everything after it; returns how many decisions."""
        index = self.undo_point(seat)
        if index is None:
            raise IllegalAction("nothing to undo: you have made no decision since hidden information was revealed "
                                "or a draw, a deal or a hidden card decided an outcome")
        rebuilt = self.truncated(index)
        removed = len(self.history) - index
        self.state, self.history = rebuilt.state, rebuilt.history
        return removed

    def truncated(self, index: int) -> Match:
        """A new match of the same game and seats after the first ``index`` decisions, with their
        outcomes and hidden flags as recorded (the same seed and actions give the same results);
        this match is not changed. What :meth:`undo` swaps in, and what a server builds off its
        event loop before it stores an undo."""
        self.check_tail()
        rebuilt = Match.start(self.game, self.players, self.seed, self.options, self.seats)
        for old in self.history[:index]:
            events = rebuilt.state.apply(old.action)
            rebuilt.history.append(Entry(old.seat, old.action, events, old.hidden, old.turn))
        return rebuilt

    def tentative(self, action: Action) -> tuple[State, Entry]:
        """What :meth:`play` would do, without changing the match: the state after ``action`` and
        its history entry (with the hidden flag play records). For a server, which stores a
        decision before it changes memory, then calls :meth:`adopt`. Raises :class:`IllegalAction`."""
        self.check_data()
        self.check_tail()
        seat = self.state.to_move
        turn = self.turn()
        after = self.state.clone()
        events = after.apply(action)
        hidden = seat is None or depends_on_hidden(self.state, action, after, seat, salt=len(self.history))
        return after, Entry(-1 if seat is None else seat, action, events, hidden, turn)

    def adopt(self, after: State, entry: Entry) -> None:
        """Take a decision worked out by :meth:`tentative` (on this match, as it still is)."""
        self.state = after
        self.history.append(entry)

    # --------------------------------------------------------------- replays
    def to_replay(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game.id,
            "engine_version": ENGINE_VERSION,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "seats": [{"name": s.name, "agent": s.agent} for s in self.seats],
            "actions": [e.action.to_json() for e in self.history],
        }
        if self.data is not None:
            data["data"] = dict(self.data)
        if self.state.is_terminal():
            data["result"] = {
                "scores": [s.to_json() for s in self.state.scores()],
                "winner": self.state.winner(),
                "placings": self.state.placings(),
            }
        return data

    def save(self, path: str | Path) -> None:
        """Write the replay atomically: a crash mid-write never leaves a half-written file."""
        save_json(path, self.to_replay())

    @classmethod
    def from_replay(cls, data: Any, upto: int | None = None, *, recheck: bool = False) -> Match:
        """Rebuild a match from replay data (optionally only the first ``upto`` actions).

        A replay recorded with another data set than the one this process plays its game with is
        refused, naming both, unless ``recheck``: then every action is checked against this data."""
        from homeroom import games

        if not isinstance(data, dict):
            raise ReplayError("not a homeroom replay: expected a JSON object")
        if data.get("format") != FORMAT:
            raise ReplayError(f"not a homeroom replay: 'format' must be {FORMAT!r}")
        version = data.get("format_version")
        if version != FORMAT_VERSION:
            raise ReplayError(
                f"replay format_version {version!r} is not supported (this homeroom reads {FORMAT_VERSION})"
            )
        engine = data.get("engine_version")
        if engine != ENGINE_VERSION:
            raise ReplayError(
                f"replay was recorded with engine version {engine!r}; this homeroom is engine version "
                f"{ENGINE_VERSION!r} and could play it out differently"
            )
        for key in ("game", "players", "options", "seed", "seats", "actions"):
            if key not in data:
                raise ReplayError(f"replay is missing '{key}'")
        try:
            game = games.get(data["game"])
        except UnknownGame as err:
            raise ReplayError(str(err)) from None
        seats_raw = data["seats"]
        if not isinstance(seats_raw, list) or not all(
            isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats_raw
        ):
            raise ReplayError("replay 'seats' must be a list of objects with a 'name'")
        seats = [Seat(s["name"], str(s.get("agent", "human"))) for s in seats_raw]
        if not isinstance(data["actions"], list):
            raise ReplayError("replay 'actions' must be a list")
        if not isinstance(data["options"], dict):
            raise ReplayError("replay 'options' must be an object")
        recorded = data.get("data")
        ours = game.current_data()
        if isinstance(recorded, dict) and ours is not None and recorded.get("digest") != ours.digest and not recheck:
            raise ReplayError(
                f"replay was played with data set {recorded.get('name')!r} ({recorded.get('digest')}); this is "
                f"data set {ours.name!r} ({ours.digest}): give that data set (--data), or --recheck to check "
                "every action against this data")
        try:
            match = cls.start(game, data["players"], data["seed"], data["options"], seats)
        except OptionError as err:
            raise ReplayError(f"bad replay setup: {err}") from None
        actions = data["actions"] if upto is None else data["actions"][:upto]
        for index, raw in enumerate(actions):
            try:
                action = game.action_from_json(raw)
                match.play(action, check=False)  # (apply refuses an illegal action: with --recheck too)
            except IllegalAction as err:
                raise ReplayError(f"action {index} ({json.dumps(raw)[:80]}) is illegal: {err}") from None
        return match  # undo_point works out the flags an undo could need (check_tail) when asked

    @classmethod
    def load(cls, path: str | Path, upto: int | None = None, *, recheck: bool = False) -> Match:
        return cls.from_replay(load_json(path), upto, recheck=recheck)


MAX_FILE_BYTES = 32 * 1024 * 1024
"""Largest replay or save file read (a long game's replay is well under 1 MiB)."""

TEMP_SUFFIX = ".saving"
"""Suffix of the temporary file a save writes before it atomically replaces the target."""


def load_json(path: str | Path) -> Any:
    """Read a JSON file, with a clear :class:`ReplayError` if it is missing, not a regular file,
    too large, not JSON or nested too deeply. Reading never changes the file."""
    p = Path(path)
    try:
        info = p.stat()
    except FileNotFoundError:
        raise ReplayError(f"{p}: no such file") from None
    except OSError as err:
        raise ReplayError(f"{p}: cannot read: {err.strerror or err}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ReplayError(f"{p}: not a regular file (a folder, device or pipe cannot be a replay)")
    if info.st_size > MAX_FILE_BYTES:
        raise ReplayError(f"{p}: {info.st_size} bytes is too large for a replay (at most {MAX_FILE_BYTES})")
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ReplayError(f"{p}: cannot read: {err.strerror or err}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ReplayError(f"{p}: too large for a replay (at most {MAX_FILE_BYTES} bytes)")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ReplayError(f"{p}: not valid JSON (not UTF-8 text)") from None
    except json.JSONDecodeError as err:
        raise ReplayError(f"{p}: not valid JSON ({err})") from None
    except ValueError as err:  # a number of thousands of digits (Python's limit on int conversion)
        raise ReplayError(f"{p}: not a replay ({str(err).split(';')[0]})") from None
    except RecursionError:
        raise ReplayError(f"{p}: not a replay (JSON nested too deeply)") from None


def check_writable(path: str | Path) -> None:
    """Raise :class:`ReplayError` unless a file can be written at ``path`` (its folder exists
    and accepts a new file), so a game or a long run never starts only to lose its results."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        raise ReplayError(f"{p} is a folder, not a file")
    if not folder.is_dir():
        raise ReplayError(f"cannot write {p}: folder {folder} does not exist")
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{p.name}.", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as err:
        raise ReplayError(f"cannot write {p}: {err.strerror or err}") from None
    os.close(fd)
    os.unlink(probe)


def save_json(path: str | Path, data: Any) -> None:
    """Write ``data`` as JSON atomically and durably: a temporary file in the same folder is
    written, flushed to disk and renamed over the target (keeping its permissions), so a crash
    mid-write never leaves a half-written file; temporary files a killed save left are removed."""
    p = Path(path)
    text = json.dumps(data, indent=1, sort_keys=False) + "\n"
    directory = p.parent if str(p.parent) else Path(".")
    for stale in directory.glob(f".{glob.escape(p.name)}.*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            stale.unlink()
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=TEMP_SUFFIX, dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            mode = stat.S_IMODE(p.stat().st_mode)
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, p)
        with contextlib.suppress(OSError):
            dir_fd = os.open(directory, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


__all__ = ["FORMAT", "FORMAT_VERSION", "Entry", "HomeroomError", "Match", "Seat", "check_writable", "load_json",
           "save_json"]
