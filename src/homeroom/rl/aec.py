"""PettingZoo AEC environments: every homeroom game as a turn-based multi-agent environment.

Agents are ``player_0`` ... ``player_{N-1}`` (seat 1 is ``player_0``); the agent selected is always the
seat that must decide now (which may be a seat answering an event, not the seat whose turn it is).
Each agent observes ``{"observation": float32 features, "action_mask": int8 0/1 per index}`` built
from its own ``observation(seat)`` only; the mask is all zeros for agents not to move. Rewards come
at the end: +1 to each winning seat, -1 to every other (a solo game: +1 for beating the automa,
else -1); ``infos[agent]`` then holds ``score`` and ``place``.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from homeroom import games
from homeroom.engine import Action, OptionError, State
from homeroom.rl.encoding import Encoding, RLError, encoding

MAX_GAME_SEED = 2**63 - 1


def render_text(state: State) -> str:
    """The spectator's text board (a rich renderable is rendered without colour)."""
    shown = games.get(state.game_id).render(state, None)
    if isinstance(shown, str):
        return shown
    from rich.console import Console

    console = Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)
    console.print(shown)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return str(text)


INT8 = np.dtype(np.int8)
BOOL = np.dtype(np.bool_)


def legal_mask(legal: Mapping[int, Any], n: int, dtype: Any) -> np.ndarray:
    """A fresh 0/1 array of ``n`` (``dtype`` int8 or bool: :data:`INT8` or :data:`BOOL`, a dtype
    object, is the quickest) with 1 at the ``legal`` indices, written byte by byte into a
    ``bytearray`` the array then owns (a few dozen legal indices: about half the time of zeroing an
    array and assigning through a list of them); ``frombuffer`` is called positionally (its keyword
    parsing cost a fifth of a µs)."""
    out = bytearray(n)
    for index in legal:
        out[index] = 1
    return np.frombuffer(out, dtype)


def end_rewards(state: State) -> list[float]:
    """+1 for each winning seat, -1 for every other (all -1 when a solo game's automa wins)."""
    winners = state.winner() or []
    return [1.0 if seat in winners else -1.0 for seat in range(state.players)]


class HomeroomAEC(AECEnv):  # type: ignore[misc]
    """One homeroom game at a fixed player count as a PettingZoo AEC environment."""

    metadata = {"name": "homeroom_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    agent_selection: str

    def __init__(self, game_id: str, players: int, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        game = games.get(game_id)
        self.options = game.validate(players, options)  # a bad count or option fails here, in one line
        if render_mode not in (None, "ansi"):
            raise RLError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.game = game
        self.players = players
        self.encoding: Encoding = encoding(game.id)
        self.metadata = {**self.metadata, "name": f"homeroom_{game.id.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{s}" for s in range(players)]
        low, high = self.encoding.observation_bounds(players)
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.encoding.n,), dtype=np.int8),
        })
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.encoding.n) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state: State | None = None
        self._legal: dict[int, Action] = {}
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        self._readers: dict[str, Callable[[State, dict[Any, Any]], np.ndarray]] = {}
        """Per agent: its features' reader, with the parts of its features the game keeps to reuse (see ``Encoding.features``)."""
        self._shared: dict[Any, Any] = {}
        """The parts every seat reads alike, encoded once for all (see ``Encoding.features``)."""
        self._steps = 0
        self._n = self.encoding.n
        self._max_decisions = game.info.max_decisions

    # ------------------------------------------------------------------ PettingZoo API
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, MAX_GAME_SEED))
        self.state = self.game.new_state(self.players, seed=game_seed, options=self.options)
        self.state.set_quiet()  # the env never reads the log lines apply returns: skip their text
        self._readers = {}
        self._shared = {}
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        """Whether the last step gave any reward (only the end does): until then ``rewards`` stay 0."""
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        read = self._readers.get(agent)
        if read is None:  # the agent's first read since reset (or not an agent at all)
            self._live()
            seat = self._seats.get(agent)
            if seat is None:
                raise RLError(f"no agent {agent!r} in this game (agents: {', '.join(self.possible_agents)})")
            read = self._readers[agent] = self.encoding.reader(seat, self.players)
        state = self.state
        assert state is not None  # (a reader exists only after reset)
        return {"observation": read(state, self._shared), "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> np.ndarray:
        """``agent``'s legal indices as int8 0/1 (all 0 unless it is to move), without building its
        observation: with ``last(observe=False)`` a masked agent that does not read the features
        (a random rollout) skips them."""
        if agent != self.agent_selection:
            return np.zeros(self._n, INT8)
        return legal_mask(self._legal, self._n, INT8)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        if state is None:
            state = self._live()  # raises, saying to reset first
        if action is None:
            raise RLError(f"{agent} must choose an action index, not None")
        chosen = self._legal.get(int(action))
        if chosen is None:
            raise RLError(f"action index {action} ({self.encoding.describe_index(int(action))}) "
                          f"is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        state.apply(chosen)
        self._steps += 1
        if self._rewarded:  # (mid-game every reward is 0: nothing to clear, nothing to add up)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if state.is_terminal() or self._steps >= self._max_decisions:
            self._after_move()
            if self._rewarded:
                self._accumulate_rewards()
            return
        # mid-game (most steps): what _after_move does, without its calls
        mover = state.to_move
        assert mover is not None
        self.agent_selection = self.possible_agents[mover]
        self._legal = self.encoding.legal_indices(state)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return render_text(self.state)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers
    def _live(self) -> State:
        if self.state is None:
            raise RLError("call reset() before using the environment")
        return self.state

    def _after_move(self) -> None:
        state = self._live()
        if state.is_terminal():
            rewards = end_rewards(state)
            scores = state.scores()
            places = state.placings() or []
            self._rewarded = True
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] = rewards[seat]
                self.terminations[agent] = True
                self.infos[agent] = {"score": scores[seat].total, "place": places[seat] if places else 0}
            self._legal = {}
            self.agent_selection = self.possible_agents[0]
            return
        if self._steps >= self.game.info.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        mover = state.to_move
        assert mover is not None
        self.agent_selection = self.possible_agents[mover]
        self._legal = self.encoding.legal_indices(state)


def aec_env(game_id: str, players: int = 2, options: Mapping[str, Any] | None = None,
            render_mode: str | None = None) -> HomeroomAEC:
    """A PettingZoo AEC environment for ``game_id`` at ``players`` seats with these game options."""
    try:
        return HomeroomAEC(game_id, players, options, render_mode)
    except OptionError as err:
        raise RLError(str(err)) from None
