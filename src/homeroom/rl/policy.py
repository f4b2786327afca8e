"""Trained policies at the table: the ``policy:PATH`` seat kind, saving with the game's encoding
stamp, and a win-rate evaluation against any seat kinds.

A policy file is a sb3-contrib ``MaskablePPO`` zip saved by :func:`save_policy`, which records the
game, the player count and the encoding's digest; loading refuses a file made for another game,
player count or encoding, with a one-line reason.
"""

from __future__ import annotations

import math
import os
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from homeroom import games
from homeroom.agents import Agent, AgentError, make_agent
from homeroom.engine import Action, State
from homeroom.rl.encoding import Encoding, encoding

META_KEY = "homeroom_meta"
_CACHE: dict[tuple[str, float], tuple[Any, dict[str, Any]]] = {}


def policy_meta(game_id: str, players: int) -> dict[str, Any]:
    enc = encoding(game_id)
    return {"game": game_id, "players": players, "actions": enc.n, "format": enc.format, "digest": enc.digest()}


def save_policy(model: Any, path: str | os.PathLike[str], game_id: str, players: int) -> Path:
    """Save a MaskablePPO model with the stamp that :func:`load_policy` checks."""
    setattr(model, META_KEY, policy_meta(game_id, players))
    out = Path(path)
    if out.suffix != ".zip":
        out = out.with_name(out.name + ".zip")
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    return out


def load_policy(path: str | os.PathLike[str]) -> tuple[Any, dict[str, Any]]:
    """The model in ``path`` and its stamp, or :class:`AgentError` saying what is wrong with the file."""
    file = Path(path).expanduser()
    if not file.is_file() and file.with_suffix(file.suffix + ".zip").is_file():
        file = file.with_suffix(file.suffix + ".zip")
    if not file.is_file():
        raise AgentError(f"policy file {str(path)!r} does not exist")
    key = (str(file.resolve()), file.stat().st_mtime)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    if not zipfile.is_zipfile(file):
        raise AgentError(f"policy file {str(path)!r} is not a saved model (not a zip file)")
    try:
        import torch
        from sb3_contrib import MaskablePPO

        torch.set_num_threads(1)
        model = MaskablePPO.load(file, device="cpu")
    except Exception as err:  # any broken or foreign file: one line, never a traceback
        raise AgentError(f"policy file {str(path)!r} cannot be loaded as a MaskablePPO model "
                         f"({type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''})") from None
    meta = getattr(model, META_KEY, None)
    if not isinstance(meta, dict) or not {"game", "players", "digest"} <= set(meta):
        raise AgentError(f"policy file {str(path)!r} has no homeroom stamp (save it with "
                         "homeroom.rl.policy.save_policy or examples/train_masked_ppo.py)")
    _CACHE[key] = (model, meta)
    return model, meta


class PolicyAgent(Agent):
    """Plays a seat with a trained masked policy (the ``policy:PATH`` seat kind)."""

    def __init__(self, path: str, seed: int = 0, deterministic: bool = True) -> None:
        self.model, self.meta = load_policy(path)
        self.path = str(path)
        self.name = f"policy:{Path(path).name}"
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        self._memos: dict[int, dict[Any, Any]] = {}
        """Per seat: its observation parts kept between decisions (compared by value, so any
        position may come next; only the parts that changed are encoded again)."""

    def check_table(self, game_id: str, players: int) -> None:
        meta = self.meta
        if meta["game"] != game_id:
            raise AgentError(f"policy {self.name[7:]!r} was trained for {meta['game']}, not {game_id}")
        if meta["players"] != players:
            raise AgentError(f"policy {self.name[7:]!r} was trained for {meta['players']} players, not {players}")
        if meta["digest"] != encoding(game_id).digest():
            raise AgentError(f"policy {self.name[7:]!r} was trained on another version of {game_id}'s "
                             "action encoding; train it again")

    def _check(self, state: State) -> Encoding:
        self.check_table(state.game_id, state.players)
        return encoding(state.game_id)

    def choose(self, state: State, seat: int) -> Action:
        self.check_turn(state, seat)
        enc = self._check(state)
        legal = enc.legal_indices(state)
        mask = np.zeros(enc.n, dtype=bool)
        mask[list(legal)] = True
        obs = enc.features(state, seat, self._memos.setdefault(seat, {}))
        index, _ = self.model.predict(obs, action_masks=mask, deterministic=self.deterministic)
        chosen = legal.get(int(index))
        if chosen is None:  # cannot happen with a mask; never play an illegal move anyway
            chosen = legal[int(self.rng.choice(sorted(legal)))]
        return chosen


def check_policy_file(path: str, game_id: str, players: int) -> None:
    """Raise :class:`AgentError` unless ``path`` holds a policy for ``game_id`` at ``players``."""
    PolicyAgent(path).check_table(games.get(game_id).id, players)


@dataclass(frozen=True)
class Evaluation:
    games: int
    wins: int
    shared: int
    """Wins shared with another seat (counted in ``wins``)."""
    mean_score: float
    mean_opponent_score: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
        n, p, z = self.games, self.win_rate, 1.96
        if n == 0:
            return (0.0, 1.0)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def line(self) -> str:
        lo, hi = self.interval()
        return (f"won {self.wins}/{self.games} = {100 * self.win_rate:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%, "
                f"{self.shared} shared); mean score {self.mean_score:.2f} vs {self.mean_opponent_score:.2f}")


def evaluate(spec: str, game_id: str, players: int, opponents: Sequence[str], games_count: int,
             seed: int = 0, options: dict[str, Any] | None = None) -> Evaluation:
    """Play ``spec`` (any seat kind, e.g. ``policy:model.zip``) against ``opponents`` for
    ``games_count`` seeded games, rotating its seat; a win counts when it is among the winners."""
    game = games.get(game_id)
    if len(opponents) != players - 1:
        raise AgentError(f"{players} players need {players - 1} opponent seat kind(s), got {len(opponents)}")
    wins = shared = 0
    mine: list[int] = []
    theirs: list[float] = []
    for g in range(games_count):
        seat = g % players
        specs = list(opponents)
        specs.insert(seat, spec)
        agents = [make_agent(s, seed * 1_000_003 + g * 101 + i) for i, s in enumerate(specs)]
        state = game.new_state(players, seed=seed * 7_919 + g, options=options)
        while not state.is_terminal():
            mover = state.to_move
            assert mover is not None
            state.apply(agents[mover].choose(state, mover))
        winners = state.winner() or []
        if seat in winners:
            wins += 1
            shared += len(winners) > 1
        scores = [s.total for s in state.scores()]
        mine.append(scores[seat])
        others = [v for i, v in enumerate(scores) if i != seat]
        theirs.append(sum(others) / len(others) if others else 0.0)
    n = max(1, games_count)
    return Evaluation(games_count, wins, shared, sum(mine) / n, sum(theirs) / n)
