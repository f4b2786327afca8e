"""A reference workload measured in the same run as ``bench``, so that speeds are ratios that
mean the same on a busy or a fast machine.

When OpenSpiel is installed (``pip install -e '.[bench]'``, which ``make bench`` does; not a runtime
dependency), the reference is the median of **all** its registered pure-Python games
(``python_*``; mean-field games, which have no random playout, are left out): random playouts
through ``pyspiel.load_game``, counted **the way our games count: player decisions per CPU second**.
A simultaneous move is one decision per player. A chance node (a deal, a die) is drawn by its
probabilities and its time is in the figure, but it is not a decision: our games do their
shuffles and draws inside ``apply`` and count only the decision that caused them, so counting
OpenSpiel's chance outcomes as well would compare our decisions against its decisions plus its
dice. The all-actions figure (chance outcomes counted) is reported beside it.

Measured on the 2-core machine of 2026-12-01 (OpenSpiel 2.0.2), player decisions per CPU second
(all actions in brackets): block and team dominoes 31-32k (72-73k), ant foraging 42k (42k), liar's
poker 44k (158k), tic-tac-toe 55k (55k), Kuhn poker 98k (185k), hangman 107k (121k), iterated
prisoner's dilemma 169k (254k), dynamic routing 179k (179k): median **55k** (all actions: 121k).
That is the scale of issue 18's "about 29k actions per CPU-second" for OpenSpiel's median on a
machine about 1.5x slower (the built-in stand-in below ran at 313k there and 448-487k here), which
the all-actions count (121k here, about 80k there) is not.

Without OpenSpiel it is the built-in stand-in below, tic-tac-toe written the way OpenSpiel writes
its pure-Python games but called directly, not through pyspiel: it runs several times faster than
OpenSpiel's ``python_tic_tac_toe`` (486k against 55k side by side), so ratios against it are not
ratios against OpenSpiel, and the report says which reference it used.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from homeroom.engine import Rng

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class _TicTacToeState:
    """OpenSpiel-style pure-Python tic-tac-toe (``open_spiel/python/games/tic_tac_toe.py``)."""

    def __init__(self) -> None:
        self._cur_player = 0
        self._player0_score = 0.0
        self._is_terminal = False
        self.board = ["."] * 9

    def current_player(self) -> int:
        return -4 if self._is_terminal else self._cur_player  # -4: terminal, as pyspiel

    def legal_actions(self) -> list[int]:
        return [a for a in range(9) if self.board[a] == "."]

    def apply_action(self, action: int) -> None:
        self.board[action] = "x" if self._cur_player == 0 else "o"
        if self._line_exists():
            self._is_terminal = True
            self._player0_score = 1.0 if self._cur_player == 0 else -1.0
        elif all(p != "." for p in self.board):
            self._is_terminal = True
        else:
            self._cur_player = 1 - self._cur_player

    def _line_exists(self) -> bool:
        b = self.board
        return any(b[x] != "." and b[x] == b[y] == b[z] for x, y, z in _LINES)

    def is_terminal(self) -> bool:
        return self._is_terminal

    def returns(self) -> list[float]:
        return [self._player0_score, -self._player0_score]


def builtin_rate(seconds: float = 1.0) -> float:
    """Actions per CPU second of random tic-tac-toe playouts in OpenSpiel's pure-Python style."""
    rng = Rng(7)
    actions = 0
    t0 = time.process_time()
    cpu = 0.0
    while cpu < seconds:
        for _ in range(200):
            state = _TicTacToeState()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
            state.returns()
        cpu = time.process_time() - t0
    return actions / cpu


def _openspiel_rate(name: str, seconds: float) -> dict[str, float]:
    """Seeded random playouts of one OpenSpiel game: ``decisions`` (players' moves, one per
    player at a simultaneous node) and ``actions`` (chance outcomes too) per CPU second. Chance
    outcomes are drawn by their probabilities; at a simultaneous node every player picks at random."""
    import random

    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    game = pyspiel.load_game(name)
    players = range(game.num_players())
    rnd = random.Random(7)
    decisions = chance = 0
    t0 = time.process_time()
    cpu = 0.0
    while cpu < seconds:
        for _ in range(50):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(rnd.choices(outcomes, probs)[0])
                    chance += 1
                elif state.is_simultaneous_node():
                    state.apply_actions([rnd.choice(state.legal_actions(p)) for p in players])
                    decisions += len(players)
                else:
                    state.apply_action(rnd.choice(state.legal_actions()))
                    decisions += 1
        cpu = time.process_time() - t0
    return {"decisions": decisions / cpu, "actions": (decisions + chance) / cpu}


def openspiel_games() -> list[str]:
    """The registered pure-Python OpenSpiel games a random playout can play (not mean-field)."""
    import pyspiel  # type: ignore[import-not-found,unused-ignore]
    mean_field = pyspiel.GameType.Dynamics.MEAN_FIELD
    return sorted(g.short_name for g in pyspiel.registered_games()
                  if g.short_name.startswith("python_") and g.dynamics != mean_field)


def reference(seconds: float = 1.0) -> dict[str, Any]:
    """The reference rate (``decisions_per_second``: player decisions per CPU second) and what it is."""
    try:
        import open_spiel.python.games  # type: ignore[import-not-found,unused-ignore]  # noqa: F401 - registers them
        import pyspiel  # noqa: F401
    except ImportError:
        return {"reference": "built-in OpenSpiel-style pure-Python tic-tac-toe",
                "decisions_per_second": round(builtin_rate(seconds), 1)}
    try:  # python_hangman warns through absl that it uses its default word list
        from absl import logging as absl_logging  # type: ignore[import-not-found,unused-ignore]
        absl_logging.set_verbosity(absl_logging.ERROR)
    except ImportError:
        pass
    rates: dict[str, float] = {}
    all_actions: dict[str, float] = {}
    skipped: dict[str, str] = {}
    names = openspiel_games()
    for name in names:
        try:
            rate = _openspiel_rate(name, seconds / len(names))
        except Exception as exc:  # noqa: BLE001 - a game that needs what this machine lacks
            skipped[name] = f"{type(exc).__name__}: {exc}"[:120]
            continue
        rates[name] = round(rate["decisions"], 1)
        all_actions[name] = round(rate["actions"], 1)
    if not rates:
        return {"reference": "built-in OpenSpiel-style pure-Python tic-tac-toe",
                "decisions_per_second": round(builtin_rate(seconds), 1), "skipped": skipped}
    return {"reference": f"median of OpenSpiel's {len(rates)} pure-Python games, player decisions",
            "games": rates, "games_all_actions": all_actions, "skipped": skipped,
            "decisions_per_second": round(statistics.median(rates.values()), 1),
            "all_actions_per_second": round(statistics.median(all_actions.values()), 1)}
