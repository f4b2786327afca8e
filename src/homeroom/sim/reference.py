"""A reference workload measured in the same run as ``bench``, so that speeds are ratios that
mean the same on a busy or a fast machine.

When OpenSpiel is installed (``pip install open_spiel``; not a dependency), the reference is the
median of its pure-Python games (``python_tic_tac_toe``, ``python_kuhn_poker``,
``python_liars_poker``, ``python_block_dominoes``): random playouts through ``pyspiel.load_game``,
counted in actions (chance outcomes included) per CPU second; the report names each game's figure.
Otherwise it is the built-in stand-in below, tic-tac-toe written the way OpenSpiel writes its
pure-Python games but called directly, not through pyspiel: it runs about 6-9x faster than
OpenSpiel's ``python_tic_tac_toe`` (measured side by side on a busy 2-core machine), so ratios
against it are not ratios against OpenSpiel, and the report says which reference it used.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from homeroom.engine import Rng

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
OPENSPIEL_GAMES = ("python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker", "python_block_dominoes")


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


def _openspiel_rate(name: str, seconds: float) -> float:
    import random

    import pyspiel  # type: ignore[import-not-found,unused-ignore]
    game = pyspiel.load_game(name)
    rnd = random.Random(7)
    actions = 0
    t0 = time.process_time()
    cpu = 0.0
    while cpu < seconds:
        for _ in range(50):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(rnd.choices(outcomes, probs)[0])
                else:
                    state.apply_action(rnd.choice(state.legal_actions()))
                actions += 1
        cpu = time.process_time() - t0
    return actions / cpu


def reference(seconds: float = 1.0) -> dict[str, Any]:
    """The reference rate (actions per CPU second) and what it is."""
    try:
        import open_spiel.python.games  # type: ignore[import-not-found,unused-ignore]  # noqa: F401 - registers them
        import pyspiel  # noqa: F401
    except ImportError:
        return {"reference": "built-in OpenSpiel-style pure-Python tic-tac-toe",
                "actions_per_second": round(builtin_rate(seconds), 1)}
    rates = {}
    for name in OPENSPIEL_GAMES:
        try:
            rates[name] = round(_openspiel_rate(name, seconds / len(OPENSPIEL_GAMES)), 1)
        except Exception:  # noqa: BLE001, S112 - a game this OpenSpiel version lacks
            continue
    if not rates:
        return {"reference": "built-in OpenSpiel-style pure-Python tic-tac-toe",
                "actions_per_second": round(builtin_rate(seconds), 1)}
    return {"reference": "median of OpenSpiel's pure-Python games", "games": rates,
            "actions_per_second": round(statistics.median(rates.values()), 1)}
