"""Strategy probes: a seat kind that plays one scripted line a designer worries about.

Each game's ``lab`` module declares ``PROBES``, a tuple of :class:`Line` (for example Class of
'89's ``entrance``: always the School Entrance). The seat kind ``probe:NAME`` plays the line's move
whenever the line has one among the legal actions and is otherwise the ``medium`` bot, so a probe
differs from ``medium`` only in the line it follows: put it in one seat against ``medium`` bots on
the same deals as an all-``medium`` table (``homeroom lab probe``) and the difference in its win rate
is what the line itself is worth.
"""

from __future__ import annotations

import importlib
from typing import Any

from homeroom.agents.base import Agent, AgentError
from homeroom.engine.actions import Action
from homeroom.engine.bots import Line, Pick
from homeroom.engine.state import State


def lines_of(game: Any) -> dict[str, Line]:
    """The lines ``game``'s package declares (its ``lab.PROBES``), by name; none without a ``lab``."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        lab = importlib.import_module(f"{package}.lab")
    except ModuleNotFoundError:
        return {}
    return {line.name: line for line in getattr(lab, "PROBES", ())}


def all_lines() -> dict[str, list[str]]:
    """Every declared line's name -> the games that declare it."""
    from homeroom import games

    out: dict[str, list[str]] = {}
    for game in games.all_games():
        for name in lines_of(game):
            out.setdefault(name, []).append(game.info.id)
    return out


class ProbeAgent(Agent):
    """Plays its line's move when the line has one, else what ``medium`` plays."""

    def __init__(self, line: str, seed: int = 0) -> None:
        from homeroom.agents.levels import medium

        self.line_name = line
        self.name = f"probe:{line}"
        self.fallback = medium(seed)
        self.memory: dict[str, Any] = {}
        self._line: Line | None = None

    def check_table(self, game_id: str, players: int) -> None:
        from homeroom import games

        self._resolve(games.get(game_id))

    def _resolve(self, game: Any) -> Line:
        if self._line is None:
            found = lines_of(game)
            if self.line_name not in found:
                known = ", ".join(found) or "none"
                raise AgentError(f"{game.info.id} has no probe '{self.line_name}' (its probes: {known})")
            self._line = found[self.line_name]
        return self._line

    def choose(self, state: State, seat: int) -> Action:
        from homeroom import games

        legal = self.check_turn(state, seat)
        line = self._resolve(games.get(state.game_id))
        move: Action | None = line.pick(state, seat, legal, self.memory)
        if move is not None:
            if move not in legal:
                raise AgentError(f"probe '{line.name}' picked an illegal move: {move!r}")
            return move
        return self.fallback.choose(state, seat)


def probe(seed: int = 0, line: str = "") -> Agent:
    """``probe:NAME``: the scripted line NAME of the table's game (see each game's ``lab.PROBES``)."""
    known = all_lines()
    if not line:
        raise AgentError("seat kind 'probe' needs a line: probe:NAME (lines: " + ", ".join(sorted(known)) + ")")
    if line not in known:
        raise AgentError(f"unknown probe '{line}' (lines: {', '.join(sorted(known)) or 'none'})")
    return ProbeAgent(line, seed=seed)


__all__ = ["Line", "Pick", "ProbeAgent", "all_lines", "lines_of", "probe"]
