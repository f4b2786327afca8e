"""Game metadata declared as data, option validation, and the ``Game`` base class.

A game declares its name, player counts, options with defaults, named variants and rule
constants in one :class:`GameInfo` (as OpenSpiel's ``_GAME_TYPE``/``_GAME_INFO`` do);
``Game.new_state`` validates everything it is given before building a state.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from homeroom.engine.actions import Action, ActionCodec
from homeroom.engine.bots import BotSettings
from homeroom.engine.data import provenance_census
from homeroom.engine.datasets import DataSet, bound, current, overlay, use
from homeroom.engine.errors import DataError, OptionError

if TYPE_CHECKING:
    from homeroom.engine.state import State

MAX_SEED = 2**64 - 1
"""Seeds are whole numbers from 0 to 2**64 - 1 (the server draws 64 random bits); others are refused,
never wrapped."""
MAX_NAME = 40
"""Longest seat name, in characters."""

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_DATA_DIRS: dict[type, Path | None] = {}
"""Each game class's packaged data folder, found once (:meth:`Game.current_data` is asked at every move)."""


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its type, default, allowed values and the player counts it applies to."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    players: tuple[int, ...] | None = None
    """Player counts at which the option may be set to a non-default value (None: all)."""
    label: str = ""
    """What the option is, in the rulebook's words, as forms and tables show it ("Club objectives";
    for a true/false option, what "on" means: "Take a second ABC token (easier)"), never its id."""
    value_labels: tuple[tuple[Any, str], ...] = ()
    """(value, words) for the values a page shows ("A" -> "Club objective set A"; a true/false
    option whose default is on names its "off" too); pages never show a raw value."""
    seat_choice: bool = False
    """Values 1..N name seat N (pages show "Seat 2 (Ben)"); 0 and other values use ``value_labels``."""

    @property
    def kind(self) -> type:
        return type(self.default)

    @property
    def title(self) -> str:
        """The option's name as pages show it (``web/js/options.js`` optionLabel does the same)."""
        return self.label or self.description.split(":")[0] or "Option"

    def value_words(self, value: Any, names: Sequence[str] = ()) -> str:
        """Words for one value (options.js valueLabel): its ``value_labels`` entry, "Seat 2 (Ben)"
        for a chosen seat (``names``: the seats' names, seat 0 first), never a bare id or number."""
        for known, words in self.value_labels:
            if str(known) == str(value):
                return words
        if self.seat_choice and isinstance(value, int) and not isinstance(value, bool) and value >= 1:
            name = names[value - 1] if value - 1 < len(names) else ""
            return f"Seat {value} ({name})" if name else f"Seat {value}"
        if isinstance(self.default, bool):
            return self.title if value else f"Not: {self.title}"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return f"{self.title}: {value}"
        return str(value)

    def describe(self, value: Any, names: Sequence[str] = ()) -> str:
        """How a chosen value reads in a list of a table's rules (options.js describe): "Club
        objective set B", "Seat 2 (Ben) starts", "Take a second ABC token (easier)"."""
        if isinstance(self.default, bool) and value:
            return self.title
        if self.seat_choice and isinstance(value, int) and not isinstance(value, bool) and value >= 1:
            return f"{self.value_words(value, names)} starts"
        return self.value_words(value, names)

    def coerce(self, value: Any, game_id: str) -> Any:
        """Turn ``value`` (possibly a command-line string) into this option's type, or raise."""
        where = f"option '{self.name}' of {game_id}"
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                out: Any = value
            elif isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                out = value.lower() in _TRUE
            else:
                raise OptionError(f"{where} must be true or false, not {value!r}")
        elif kind is int:
            if isinstance(value, bool):
                raise OptionError(f"{where} must be a whole number, not {value!r}")
            try:
                out = int(value)
            except (TypeError, ValueError):
                raise OptionError(f"{where} must be a whole number, not {value!r}") from None
            if isinstance(value, float) and value != out:
                raise OptionError(f"{where} must be a whole number, not {value!r}")
        elif kind is str:
            if not isinstance(value, str):
                raise OptionError(f"{where} must be text, not {value!r}")
            out = value
        else:
            out = value
        if self.choices is not None and out not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"{where} must be one of: {shown} (got {value!r})")
        if self.minimum is not None and out < self.minimum:
            raise OptionError(f"{where} must be at least {self.minimum} (got {value!r})")
        if self.maximum is not None and out > self.maximum:
            raise OptionError(f"{where} must be at most {self.maximum} (got {value!r})")
        return out


def first_player_option(rulebook_way: str, max_players: int) -> OptionSpec:
    """The standard ``first_player`` option: 0 keeps the rulebook's way of choosing who starts
    (``rulebook_way`` says what it is), N lets the table name seat N (the youngest player, the
    one who graduated closest to 1989, ...)."""
    return OptionSpec(
        "first_player", 0,
        f"who starts: 0 = {rulebook_way}; 1-{max_players} = that seat (the players decide)",
        minimum=0, maximum=max_players, label="Who starts",
        value_labels=((0, f"As the rules say: {rulebook_way}"),), seat_choice=True,
    )


@dataclass(frozen=True)
class Variant:
    """A named set of option values the rulebook describes (e.g. 'casual objectives')."""

    name: str
    description: str
    options: Mapping[str, Any]


@dataclass(frozen=True)
class GameInfo:
    """Everything about a game that is known before a state exists."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    variants: tuple[Variant, ...] = ()
    constants: Mapping[str, Any] = field(default_factory=dict)
    max_decisions: int = 10_000
    """Upper bound on decisions in any game; random playouts must end within it."""
    hidden_information: bool = True
    test_option_sets: tuple[Mapping[str, Any], ...] = ({},)
    """Option sets the conformance suite plays at every player count where they are valid."""
    rulebook: str = ""
    summary: str = ""

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.min_players, self.max_players + 1))

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in self.options) or "none"
        raise OptionError(f"unknown option '{name}' for {self.id} (known options: {known})")

    def defaults(self) -> dict[str, Any]:
        return {s.name: s.default for s in self.options}

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "players": list(self.player_counts),
            "summary": self.summary,
            "hidden_information": self.hidden_information,
            "options": [
                {
                    "name": s.name,
                    "default": s.default,
                    "description": s.description,
                    **({"choices": list(s.choices)} if s.choices is not None else {}),
                    **({"players": list(s.players)} if s.players is not None else {}),
                    "label": s.label,
                    "value_labels": [[value, words] for value, words in s.value_labels],
                    "seat_choice": s.seat_choice,
                }
                for s in self.options
            ],
            "variants": [
                {"name": v.name, "description": v.description, "options": dict(v.options)}
                for v in self.variants
            ],
            "constants": json.loads(json.dumps(dict(self.constants), default=str)),
        }


class Game(ABC):
    """A registered game: metadata, option validation, state construction and action codec."""

    info: GameInfo
    action_types: Sequence[type[Action]] = ()
    bots: BotSettings = BotSettings()
    """The game's evaluation and search settings for the bots (default: current scores)."""

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)

    @property
    def id(self) -> str:
        return self.info.id

    def validate(self, players: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Check the player count and options; return the full option dict (defaults filled)."""
        info = self.info
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"the number of players must be a whole number, not {players!r}")
        if not info.min_players <= players <= info.max_players:
            raise OptionError(
                f"{info.name} is for {info.min_players}-{info.max_players} players, not {players}"
            )
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"options must be a mapping of name to value, not {type(options).__name__}")
        resolved = info.defaults()
        for name, raw in (options or {}).items():
            if name == "variant":
                continue
            spec = info.option(name)
            value = spec.coerce(raw, info.id)
            if spec.players is not None and players not in spec.players and value != spec.default:
                counts = ", ".join(map(str, spec.players))
                raise OptionError(f"option '{name}' of {info.id} applies only to {counts} player(s)")
            resolved[name] = value
        if options and "variant" in options:
            self._apply_variant(resolved, options["variant"], options)
        first = resolved.get("first_player")
        if isinstance(first, int) and first > players:
            raise OptionError(f"option 'first_player' of {info.id} names seat {first}, "
                              f"but there are only {players} player(s)")
        self.check_options(players, resolved)
        return resolved

    def _apply_variant(self, resolved: dict[str, Any], name: Any, given: Mapping[str, Any]) -> None:
        for variant in self.info.variants:
            if variant.name == name:
                for key, value in variant.options.items():
                    if key not in given:
                        resolved[key] = value
                return
        known = ", ".join(v.name for v in self.info.variants) or "none"
        raise OptionError(f"unknown variant {name!r} for {self.info.id} (known: {known})")

    def check_options(self, players: int, options: dict[str, Any]) -> None:  # noqa: B027
        """Cross-option checks a game needs (raise :class:`OptionError`); default none."""

    def new_state(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
    ) -> State:
        """A new game after setup, with validated options; the same arguments give the same state."""
        resolved = self.validate(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"the seed must be a whole number, not {seed!r}")
        if not 0 <= seed <= MAX_SEED:
            shown = str(seed) if len(str(seed)) <= 30 else f"a number of {len(str(seed))} digits"
            raise OptionError(f"the seed must be between 0 and {MAX_SEED} (2**64 - 1), not {shown}")
        seat_names = self.seat_names(players, names)
        return self.setup(players, seed, resolved, seat_names)

    def seat_names(self, players: int, names: Sequence[str] | None) -> list[str]:
        if names is None:
            return [f"Player {i + 1}" for i in range(players)]
        names = [str(n).strip() for n in names]
        for n in names:
            if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in n):
                raise OptionError(f"seat name {n!r} contains a control character (a name must not be able "
                                  "to fake a log line or colour the terminal)")
            if len(n) > MAX_NAME:
                raise OptionError(f"seat name {n[:MAX_NAME]!r}... is longer than {MAX_NAME} characters")
        if len(names) != players:
            raise OptionError(f"{players} seat name(s) needed, got {len(names)}")
        if any(not n for n in names):
            raise OptionError("seat names must not be empty")
        if len(set(names)) != len(names):
            raise OptionError("seat names must be different from each other")
        return names

    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, Any], names: list[str]) -> State:
        """Build the state after the rulebook's setup (options already validated)."""

    @abstractmethod
    def state_from_json(self, text: str) -> State:
        """Rebuild a state from ``State.to_json()``."""

    def action_from_json(self, data: Any) -> Action:
        return self.codec.from_json(data)

    def check_data(self, directory: Path | DataSet | None = None) -> list[str]:
        """Validate a component data folder (default: the packaged one); each problem names
        its file and record. Games without component data return no problems."""
        return []

    def data_directory(self) -> Path | None:
        """The packaged component data folder: ``data/`` beside the module defining the game."""
        module = sys.modules.get(type(self).__module__)
        file = getattr(module, "__file__", None)
        if file is None:
            return None
        folder = Path(file).parent / "data"
        return folder if folder.is_dir() else None

    def dataset(self, directory: Path | None = None) -> DataSet:
        """The game's data with ``directory`` laid over the packaged data (None: the packaged data),
        checked as the game would load it: a folder with any problem raises :class:`DataError`
        naming every one (file, record, field)."""
        packaged = self.data_directory()
        if packaged is None:
            raise DataError([f"{self.id} has no component data"])
        ds = overlay(packaged, directory)
        problems = ds.problems + self.check_data(ds) if directory is not None else []
        if ds.overlay is not None:  # a problem in a file the folder gives is named by its path there
            problems = [str(ds.overlay / p) if p.split(" ", 1)[0].rstrip(":") in ds.changed else p
                        for p in problems]
        if problems:
            raise DataError(list(dict.fromkeys(problems)))
        return ds

    def use_data(self, dataset: DataSet | None) -> None:
        """Play this game with ``dataset`` in this process from now on (None: the packaged data)."""
        packaged = self.data_directory()
        if packaged is not None:
            use(packaged, dataset)

    def current_data(self) -> DataSet | None:
        """The data set the game is played with here: the one bound for the code running now
        (:func:`homeroom.engine.datasets.bound`), else the process's (None: the game has no data)."""
        if type(self) not in _DATA_DIRS:
            _DATA_DIRS[type(self)] = self.data_directory()
        packaged = _DATA_DIRS[type(self)]
        return None if packaged is None else current(packaged)

    def bound_data(self, dataset: DataSet | None) -> AbstractContextManager[None]:
        """Run the enclosed code with ``dataset`` as this game's data, in this context only (None:
        the process's): how a server plays tables of one game with different data sets."""
        packaged = self.data_directory()
        return nullcontext() if packaged is None else bound(packaged, dataset)

    def provenance(self, directory: Path | None = None) -> dict[str, dict[str, int]]:
        """How many components (per data file) are printed in the rulebook, stand-ins, or mixed,
        and how many fields of mixed records are stand-ins (see :func:`provenance_census`)."""
        packaged = self.data_directory()
        if packaged is None:
            return {}
        return provenance_census(packaged if directory is None else overlay(packaged, directory).files)

    def render(self, state: State, viewer: int | None) -> Any:
        """What the terminal shows ``viewer``: a string or a rich renderable. Default: the observation."""
        return json.dumps(state.observation(viewer), indent=1, sort_keys=True)
