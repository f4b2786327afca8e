"""A game's RL encoding: its fixed action table (index <-> action key) and its observation vector.

Each game declares its encoding in its own ``rl.py`` (see ``ENCODING.md`` beside this module); this
module finds it through the game object (never by game id), builds the table and turns states into
numbers: ``mask(state)``, ``action(state, index)``, ``index(state, action)``, ``features(state, seat)``.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import marshal
import pickle
from array import array
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, Protocol, cast

import numpy as np

from homeroom import games
from homeroom.engine import Action, Game, HomeroomError, State
from homeroom.engine.features import Run, StatePart, dense, runs_to_bounds

FieldDomains = tuple[tuple[str, tuple[Hashable, ...]], ...]
Block = tuple[str, type[Action], FieldDomains]
"""A named block of indices: its name, the action type it encodes and its key's field domains."""


class RLError(HomeroomError, ValueError):
    """A game without an RL encoding, a bad index, or an encoding that breaks its own contract."""


_KNOWN_MAX = 200_000
"""Remembered action indices per seat before the memory starts again (a bound, never reached in practice)."""


class _LazyObservation(Mapping[str, Any]):
    """``state.observation(seat)``, built on the first read; ``reads`` counts the reads."""

    __slots__ = ("_obs", "_seat", "_state", "reads")

    def __init__(self, state: State, seat: int, obs: Mapping[str, Any] | None = None) -> None:
        self._state = state
        self._seat = seat
        self._obs = obs
        self.reads = 0

    @property
    def state(self) -> State:
        """The position itself, for a key that reads what ``observation(seat)`` would show straight
        from it (cheaper than building the observation); counted as a read, so such a key is never
        remembered."""
        self.reads += 1
        return self._state

    def _view(self) -> Mapping[str, Any]:
        self.reads += 1
        if self._obs is None:
            self._obs = self._state.observation(self._seat)
        return self._obs

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())


class GameEncodingModule(Protocol):
    """What a game's ``rl.py`` provides (see ``ENCODING.md``)."""

    FORMAT: int

    def action_blocks(self) -> tuple[Block, ...]: ...

    def action_key(self, obs: Mapping[str, Any], seat: int, action: Action) -> tuple[str, tuple[Hashable, ...]]: ...

    def observation_size(self, players: int) -> int: ...

    def observation_layout(self, players: int) -> list[Run]: ...

    def observation_features(self, obs: Mapping[str, Any], seat: int, players: int) -> list[float]: ...


@dataclass(frozen=True)
class _Block:
    """The indices of one block: ``offset`` + a mixed-radix number over its fields' domains."""

    name: str
    kind: type[Action]
    offset: int
    fields: tuple[str, ...]
    domains: tuple[tuple[Hashable, ...], ...]
    positions: tuple[dict[Hashable, int], ...] = field(compare=False)

    @property
    def size(self) -> int:
        n = 1
        for d in self.domains:
            n *= len(d)
        return n


def encoding_module(game: Game) -> GameEncodingModule:
    """The ``rl`` module beside the game's own module (``games/<pkg>/rl.py``)."""
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.rl"
    try:
        module: ModuleType = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name == name:
            raise RLError(f"{game.id} declares no RL encoding (no module {name})") from None
        raise
    return cast(GameEncodingModule, module)


class Encoding:
    """The encoding of one game: a fixed ``Discrete(n)`` action table and observation features."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.module = encoding_module(game)
        self.format = int(self.module.FORMAT)
        blocks: list[_Block] = []
        by_name: dict[str, _Block] = {}
        offset = 0
        for block_name, tp, fields in self.module.action_blocks():
            names = tuple(name for name, _ in fields)
            domains = tuple(tuple(dom) for _, dom in fields)
            positions = tuple({v: i for i, v in enumerate(dom)} for dom in domains)
            for name, dom, pos in zip(names, domains, positions):
                if len(pos) != len(dom):
                    raise RLError(f"{game.id}: the domain of {block_name}.{name} repeats a value")
            if block_name in by_name:
                raise RLError(f"{game.id}: two action blocks are named {block_name!r}")
            block = _Block(block_name, tp, offset, names, domains, positions)
            blocks.append(block)
            by_name[block_name] = block
            offset += block.size
        covered = {b.kind for b in blocks}
        missing = [tp.type_name() for tp in game.action_types if tp not in covered]
        if missing:
            raise RLError(f"{game.id}: the RL encoding has no indices for {', '.join(missing)}")
        self.blocks = tuple(blocks)
        self._by_name = by_name
        self.n = offset
        self._bounds: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._sizes: dict[int, int] = {}
        self._state_parts: Callable[[int], Sequence[Any]] | None = getattr(self.module, "state_parts", None)
        self._known: dict[int, dict[Action, int]] = {}
        """Per seat: the index of each action seen whose key read no observation."""
        self._by_id: dict[int, dict[int, int]] = {}
        """Per seat: the same indices by the ``id`` of the very object first remembered in ``_known``
        (which keeps it alive: an ``id`` is unique among live objects only)."""
        self._keyed: dict[tuple[type[Action], str, tuple[Hashable, ...]], int] = {}
        """The index of each (action type, block name, key) seen: :meth:`key_index` without its sum."""

    # ------------------------------------------------------------------ the action table
    def key_index(self, action: Action, block_name: str, key: Sequence[Hashable]) -> int:
        block = self._by_name.get(block_name)
        if block is None or not isinstance(action, block.kind):
            raise RLError(f"{self.game.id}: no action block {block_name!r} for {action.type_name()}")
        if len(key) != len(block.fields):
            raise RLError(f"{self.game.id}: a {block.name} key has {len(block.fields)} field(s), not {len(key)}")
        index = 0
        for value, pos, name in zip(key, block.positions, block.fields):
            at = pos.get(value)
            if at is None:
                raise RLError(f"{self.game.id}: {value!r} is not in the domain of {block.name}.{name} "
                              f"('{action.describe()}')")
            index = index * len(pos) + at
        return block.offset + index

    def describe_index(self, index: int) -> str:
        """What index ``index`` stands for, e.g. ``HookUp(performer='jock', target='poet', arrow='E')``."""
        name, key = self.key_of(index)
        block = self._by_name[name]
        inner = ", ".join(f"{field}={value!r}" for field, value in zip(block.fields, key))
        return f"{name}({inner})"

    def key_of(self, index: int) -> tuple[str, tuple[Hashable, ...]]:
        """The block name and key at ``index``."""
        if not 0 <= index < self.n:
            raise RLError(f"action index {index} is out of range 0-{self.n - 1} for {self.game.id}")
        for block in self.blocks:
            if index < block.offset + block.size:
                rest = index - block.offset
                key: list[Hashable] = []
                for dom in reversed(block.domains):
                    rest, at = divmod(rest, len(dom))
                    key.append(dom[at])
                return block.name, tuple(reversed(key))
        raise AssertionError("unreachable")

    def table(self) -> list[str]:
        """Every index described, in order (the documented table)."""
        return [self.describe_index(i) for i in range(self.n)]

    def digest(self) -> str:
        """A SHA-256 of the whole table: changes whenever any index changes meaning."""
        spec = [[b.name, b.kind.type_name(), list(b.fields), [[json.dumps(v) for v in d] for d in b.domains]]
                for b in self.blocks]
        return hashlib.sha256(json.dumps(spec).encode()).hexdigest()

    # ------------------------------------------------------------------ a position
    def legal_indices(self, state: State, obs: Mapping[str, Any] | None = None) -> dict[int, Action]:
        """Index -> the legal action it stands for, for the seat to move.

        ``state.observation(seat)`` is built only if the game's ``action_key`` reads it (High School
        Drama's hookups; pass ``obs`` when it is at hand), and the index of an action whose key read
        no observation is remembered, so the next position's same action costs one dict look-up:
        by the object's ``id`` where the game hands out the very same objects again (an action's own
        ``__hash__`` and ``__eq__`` are Python calls, a quarter of a µs each), else by value, both in
        C; a key seen before costs a look-up too, not the mixed-radix sum."""
        seat = state.to_move
        if seat is None:
            return {}
        legal = state.legal_actions()
        ids = self._by_id.get(seat)
        if ids is None:  # the seat's first position
            ids = self._by_id[seat] = {}
            self._known[seat] = {}
        out: dict[Any, Action] = dict(zip(map(ids.get, map(id, legal)), legal))
        if None in out:  # an object not found by its id (one hash look-up, not a scan): all by value
            indices = list(map(self._known[seat].get, legal))
            if None in indices:
                self._index_new(state, seat, obs, legal, indices)
            out = dict(zip(indices, legal))
        if len(out) != len(legal):
            self._shared_index(state, seat, legal)
        return out

    def _index_new(self, state: State, seat: int, obs: Mapping[str, Any] | None, actions: list[Action],
                   indices: list[int | None]) -> None:
        """Fill in the indices of ``actions`` missing from ``indices`` (``None``) from the game's
        ``action_key`` (a key seen before costs a look-up, not the mixed-radix sum), remembering,
        by value and by ``id``, each action whose key read no observation."""
        known, ids = self._known[seat], self._by_id[seat]
        view = _LazyObservation(state, seat, obs)
        for i, action in enumerate(actions):
            if indices[i] is not None:
                continue
            reads = view.reads
            name, key = self.module.action_key(view, seat, action)
            if key.__class__ is not tuple:
                key = tuple(key)
            index = self._keyed.get((action.__class__, name, key))
            if index is None:
                index = self.key_index(action, name, key)
                if len(self._keyed) >= _KNOWN_MAX:
                    self._keyed.clear()
                self._keyed[(action.__class__, name, key)] = index
            indices[i] = index
            if view.reads == reads:  # the key follows from the action alone: remember it
                if len(known) >= _KNOWN_MAX:
                    known.clear()
                    ids.clear()
                size = len(known)
                known[action] = index
                if len(known) > size:  # this very object is a key of ``known`` now, kept alive there:
                    ids[id(action)] = index  # no other object can take its id

    def _shared_index(self, state: State, seat: int, legal: list[Action]) -> None:
        """Raise naming two legal actions that share an index (the encoding breaks its contract)."""
        obs = state.observation(seat)
        seen: dict[int, Action] = {}
        for action in legal:
            index = self.key_index(action, *self.module.action_key(obs, seat, action))
            if index in seen:
                raise RLError(f"{self.game.id}: legal actions '{seen[index].describe()}' and "
                              f"'{action.describe()}' share the index {index}")
            seen[index] = action
        raise RLError(f"{self.game.id}: two legal actions are the same action")

    def mask(self, state: State) -> np.ndarray:
        mask = np.zeros(self.n, dtype=np.int8)
        mask[list(self.legal_indices(state))] = 1
        return mask

    def index(self, state: State, action: Action) -> int:
        seat = state.to_move
        if seat is None:
            raise RLError("the game is over: no action has an index")
        return self.key_index(action, *self.module.action_key(state.observation(seat), seat, action))

    def action(self, state: State, index: int) -> Action:
        """The legal action at ``index`` now, or :class:`RLError` saying why there is none."""
        legal = self.legal_indices(state)
        found = legal.get(int(index))
        if found is None:
            raise RLError(f"action index {index} ({self.describe_index(int(index))}) is not legal now")
        return found

    def observation_size(self, players: int) -> int:
        size = self._sizes.get(players)
        if size is None:
            size = self._sizes[players] = int(self.module.observation_size(players))
        return size

    def observation_bounds(self, players: int) -> tuple[np.ndarray, np.ndarray]:
        """Every feature's lowest and highest value at ``players`` seats (float32; ``inf`` where the
        rules set no cap), from the game's ``observation_layout``."""
        found = self._bounds.get(players)
        if found is None:
            low, high = (np.asarray(b, dtype=np.float32) for b in runs_to_bounds(self.observation_layout(players)))
            size = self.observation_size(players)
            if low.shape != (size,) or high.shape != (size,) or bool((low > high).any()):
                raise RLError(f"{self.game.id}: the observation bounds do not fit its {size} features")
            low.flags.writeable = high.flags.writeable = False
            found = self._bounds[players] = (low, high)
        return found

    def observation_layout(self, players: int) -> list[Run]:
        """The game's feature vector at ``players`` seats as ``(name, count, low, high)`` runs, in order."""
        return list(self.module.observation_layout(players))

    def layout_table(self, players: int) -> str:
        """The observation layout as a Markdown table (what ``ENCODING.md`` shows): runs that share a
        name are one row, with their offset, length and bounds; the other seats' blocks (``seat +1``
        on) are one row each, as they repeat the viewer's ``seat +0`` rows."""
        rows: list[list[Any]] = []  # name, offset, length, bounds seen
        offset = 0
        for name, count, lo, hi in self.observation_layout(players):
            head, _, rest = name.partition(": ")
            if rest and head.split(" +")[-1].isdigit() and not head.endswith(" +0"):
                name = f"{head}: as {head.split(' +')[0]} +0"
            if not rows or rows[-1][0] != name:
                rows.append([name, offset, 0, []])
            rows[-1][2] += count
            if (lo, hi) not in rows[-1][3]:
                rows[-1][3].append((lo, hi))
            offset += count

        def num(x: float) -> str:
            return "inf" if x == float("inf") else f"{x:g}" if x == int(x) else f"{x:.3g}"

        lines = ["| offset | length | features | bounds |", "| ---: | ---: | --- | --- |"]
        for name, start, length, bounds in rows:
            shown = ", ".join(f"{num(lo)}..{num(hi)}" for lo, hi in sorted(bounds))
            lines.append(f"| {start} | {length} | {name} | {shown} |")
        return "\n".join(lines)

    def reader(self, seat: int, players: int) -> Callable[[State, dict[Hashable, Any] | None], np.ndarray]:
        """``reader(state, shared)``: ``seat``'s features at ``players`` seats as :meth:`features`
        gives them with a memo of its own, without looking the kept parts up at every read (an
        env keeps one per agent; ``shared`` is the dict its seats share, None for one seat alone)."""
        if self._state_parts is None:
            return lambda state, shared: self.features(state, seat)
        return _Kept(self, seat, players).read

    def features(self, state: State, seat: int, memo: dict[Hashable, Any] | None = None,
                 shared: dict[Hashable, Any] | None = None) -> np.ndarray:
        """The observation vector of ``seat``, the numbers of ``state.observation(seat)`` alone.

        ``memo``: a dict the caller keeps for this seat of one game (an env does). For a game that
        declares ``state_parts`` the parts are read straight from the state and kept there, each
        encoded again only when what it reads changed (the vector is the same as without it; see
        ``ENCODING.md``); ``shared``: a dict the caller keeps for every seat of one game, where the
        parts every viewer reads alike are encoded once for all seats. Otherwise (or without
        ``memo``) the game's ``observation_features`` of ``state.observation(seat)``."""
        if memo is not None and self._state_parts is not None:
            kept = memo.get(_KEPT)
            if kept.__class__ is not _Kept or kept.seat != seat or kept.players != state.players:
                kept = memo[_KEPT] = _Kept(self, seat, state.players)
            return kept.read(state, shared)
        expected = self.observation_size(state.players)
        values = self.module.observation_features(state.observation(seat), seat, state.players)
        if len(values) != expected:
            raise RLError(f"{self.game.id}: the observation has {len(values)} features, not {expected}")
        return floats(values)


_KEPT = "_kept"
"""The key of a seat's :class:`_Kept` in an env's memo."""

_UNSEEN = object()


class _Kept:
    """One seat's feature vector kept between positions, for a game that declares ``state_parts``.

    Each part is encoded again only when what it reads differs from the copy taken when it was
    last encoded (compared by value, so any state may come next: a clone, a determinization, a
    position stepped back to), and only its slice of a float32 buffer is rewritten (a sparse
    part's: zeroed in one copy, then its nonzero numbers); ``read`` hands out a copy of the
    buffer (a trainer keeps observations). Nothing builds ``observation(seat)``. A part the game
    names for every viewer (``share``) is encoded once for all the seats of a game that share a
    ``shared`` dict (an AEC env's seats). The parts are :class:`StatePart`."""

    __slots__ = ("buffer", "fresh", "game_id", "keys", "parts", "players", "seat", "seen", "sizes", "views", "zeros")

    def __init__(self, enc: Encoding, seat: int, players: int) -> None:
        assert enc._state_parts is not None
        self.game_id = enc.game.id
        self.seat = seat
        self.players = players
        parts = [StatePart(*part) for part in enc._state_parts(players)]
        self.parts = tuple((part.live, part.encode) for part in parts)
        self.keys = tuple(None if part.share is None else part.share(seat, players) for part in parts)
        self.fresh = tuple(part.fresh for part in parts)
        self.sizes = tuple(part.size for part in parts)
        self.seen: list[Any] = [_UNSEEN] * len(self.parts)
        self.zeros: list[memoryview | None] = [None] * len(parts)
        """Per sparse part: its size in float32 zeros, copied over its slice before a new encoding is written."""
        self.views: list[memoryview] = []
        """Per part: its slice of the buffer, as a memoryview (a float written there is rounded to
        float32 as :func:`floats` rounds it)."""
        self.buffer = np.zeros(enc.observation_size(players), dtype=np.float32)

    def read(self, state: State, shared: dict[Hashable, Any] | None = None) -> np.ndarray:
        """``seat``'s features in ``state``, the parts whose sub-state is unchanged not encoded again."""
        if not self.views:
            return self._first(state)
        seat, seen, keys, sizes = self.seat, self.seen, self.keys, self.sizes
        for i, (live, encode) in enumerate(self.parts):
            now = live(state, seat)
            if now != seen[i]:
                key = keys[i]
                hit = None if key is None or shared is None else shared.get(key)
                if hit is not None and hit[0] == now:  # another seat encoded this very part
                    copy, values = hit
                else:
                    values = encode(state, seat, self.players, now)
                    copy = now if self.fresh[i] else snapshot(now)
                    if key is not None and shared is not None:
                        shared[key] = (copy, values)
                view: Any = self.views[i]  # a float32 memoryview: takes floats (typeshed says ints)
                if sizes[i] is None:
                    if len(values) != len(view):
                        raise RLError(f"{self.game_id}: observation part {i} has {len(values)} features, "
                                      f"not {len(view)}")
                    view[:] = array("f", values)
                else:  # zero the slice in one copy (cheaper than clearing the last positions one by one)
                    view[:] = self.zeros[i]
                    for at, value in values.items():
                        view[at] = value
                seen[i] = copy
        return self.buffer.copy()

    def _first(self, state: State) -> np.ndarray:
        """Encode every part once, which fixes each part's slice of the vector."""
        at = 0
        whole = self.buffer.data
        for i, (live, encode) in enumerate(self.parts):
            now = live(state, self.seat)
            values = encode(state, self.seat, self.players, now)
            size = self.sizes[i]
            if size is not None:
                self.zeros[i] = memoryview(array("f", bytes(4 * size)))
                values = dense(values, size)  # checks every position is in the part
            if at + len(values) > len(self.buffer):
                break
            view = whole[at:at + len(values)]
            view[:] = array("f", values)
            self.views.append(view)
            self.seen[i] = now if self.fresh[i] else snapshot(now)
            at += len(values)
        if len(self.views) != len(self.parts) or at != len(self.buffer):
            self.views = []
            raise RLError(f"{self.game_id}: the observation parts do not add up to its {len(self.buffer)} features")
        return self.buffer.copy()


def snapshot(value: Any) -> Any:
    """A deep copy of plain sub-state values (lists, dicts, tuples, dataclasses of them) to compare
    later values with, made in C: a ``marshal`` round trip for built-in values (about twice as fast),
    else a pickle round trip (dataclasses)."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:  # a value marshal does not know (a dataclass)
        return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def floats(values: Sequence[float]) -> np.ndarray:
    """``values`` as float32 (each rounded from its double as ``np.asarray`` would), through a C
    array of doubles: twice as fast as ``np.fromiter`` on a list of Python floats."""
    return np.frombuffer(array("d", values), dtype=np.float64).astype(np.float32)


@cache
def encoding(game_id: str) -> Encoding:
    """The encoding of a registered game (built once)."""
    return Encoding(games.get(game_id))
