"""Gymnasium single-agent environments: one seat learns, bots (any seat kind) play the others.

``gymnasium.make("homeroom/HighSchoolDrama-v0", players=2, opponents="greedy")`` after
``import homeroom.rl``. The observation is the learner's feature vector (see the game's ``rl.py``);
the legal actions are in ``info["action_mask"]`` and ``env.action_masks()`` (what sb3-contrib's
MaskablePPO reads). The reward is +1 when the learner wins (a shared win counts), -1 otherwise, at
the end of the game; ``info`` then also holds ``score``, ``place`` and ``scores``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from homeroom import games
from homeroom.agents import Agent, AgentError, make_agent
from homeroom.engine import Action, OptionError, State
from homeroom.rl.aec import BOOL, INT8, MAX_GAME_SEED, end_rewards, legal_mask, render_text
from homeroom.rl.encoding import Encoding, RLError, encoding, encoding_module


def env_name(game_id: str) -> str:
    """``high-school-drama`` -> ``HighSchoolDrama`` (``class-of-89`` -> ``ClassOf89``)."""
    return "".join(part.capitalize() for part in game_id.split("-"))


def register_envs() -> list[str]:
    """Register ``homeroom/<Game>-v0`` for every game that declares an RL encoding."""
    done = []
    for game in games.all_games():
        try:
            encoding_module(game)
        except RLError:
            continue
        env_id = f"homeroom/{env_name(game.id)}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="homeroom.rl.gym_env:HomeroomEnv",
                               kwargs={"game_id": game.id}, disable_env_checker=True)
        done.append(env_id)
    return done


class HomeroomEnv(gymnasium.Env):
    """A homeroom game from one seat's point of view, against bots.

    ``opponents``: one seat kind for every other seat (``"greedy"``, ``"random"``, ``"mcts:seconds=0.1"``,
    ``"policy:model.zip"``) or one per other seat, in seat order. ``seat``: the learner's seat
    (0-based), or ``"random"`` for a new seat every episode. ``illegal``: what an index that is not
    legal now does: ``"lose"`` (the default) ends the episode as a loss (reward -1,
    ``info["illegal_action"]``), ``"raise"`` raises :class:`RLError`. ``shaping``: adds
    ``shaping`` x the change of the learner's lead (its score minus the best other score, or the
    automa's) to every step's reward, a denser signal on the way to the +1/-1 at the end.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, players: int = 2, opponents: str | Sequence[str] = "greedy",
                 seat: int | str = "random", options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, illegal: str = "lose", shaping: float = 0.0) -> None:
        game = games.get(game_id)
        try:
            self.options = game.validate(players, options)
        except OptionError as err:
            raise RLError(str(err)) from None
        if render_mode not in (None, "ansi"):
            raise RLError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise RLError(f"{players} players need {players - 1} opponent seat kind(s), got {len(specs)}")
        for spec in specs:
            if spec.strip() == "human":
                raise RLError("an opponent must be a bot, not 'human'")
            make_agent(spec, 0)  # a bad spec fails here with the agent's own message
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise RLError(f"seat must be 0-{players - 1} or 'random', not {seat!r}")
        if illegal not in ("lose", "raise"):
            raise RLError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.shaping = float(shaping)
        self._lead = 0.0
        self._forfeit = False
        self.game = game
        self.players = players
        self.opponent_specs = specs
        self.seat_choice = seat
        self.render_mode = render_mode
        self.encoding: Encoding = encoding(game.id)
        low, high = self.encoding.observation_bounds(players)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.encoding.n)
        self.state: State | None = None
        self.seat = 0
        self._bots: dict[int, Agent] = {}
        self._legal: dict[int, Action] = {}
        self._read: Callable[[State, dict[Any, Any] | None], np.ndarray] | None = None
        """The learner's features' reader, with the parts the game keeps to reuse (see ``Encoding.reader``)."""

    # ------------------------------------------------------------------ Gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        self.seat = int(rng.integers(self.players)) if self.seat_choice == "random" else int(self.seat_choice)
        game_seed = int(rng.integers(0, MAX_GAME_SEED))
        self.state = self.game.new_state(self.players, seed=game_seed, options=self.options)
        self.state.set_quiet()  # the env never reads the log lines apply returns: skip their text
        self._forfeit = False
        self._read = self.encoding.reader(self.seat, self.players)
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = {s: make_agent(spec, int(rng.integers(0, 2**62))) for s, spec in zip(others, self.opponent_specs)}
        self._play_bots()
        self._lead = self._current_lead()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self._live()
        if state.is_terminal() or self._forfeit:
            raise RLError("the game is over: call reset()")
        chosen = self._legal.get(int(action))
        if chosen is None:
            if self.illegal == "raise":
                raise RLError(f"action index {action} ({self.encoding.describe_index(int(action))}) "
                              "is not legal now")
            self._forfeit = True
            self._legal = {}
            return self._observe(), -1.0, True, False, {**self._info(), "illegal_action": int(action)}
        state.apply(chosen)
        self._play_bots()
        done = state.is_terminal()
        reward = end_rewards(state)[self.seat] if done else 0.0
        if self.shaping:
            lead = self._current_lead()
            reward += self.shaping * (lead - self._lead)
            self._lead = lead
        return self._observe(), reward, done, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal action indices as booleans (sb3-contrib's MaskablePPO reads this)."""
        return legal_mask(self._legal, self.encoding.n, BOOL)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return render_text(self.state)

    # ------------------------------------------------------------------ helpers
    def _live(self) -> State:
        if self.state is None:
            raise RLError("call reset() before step()")
        return self.state

    def _play_bots(self) -> None:
        state = self._live()
        while not state.is_terminal() and state.to_move != self.seat:
            seat = state.to_move
            assert seat is not None
            try:
                state.apply(self._bots[seat].choose(state, seat))
            except AgentError as err:
                raise RLError(f"the bot at seat {seat + 1} failed: {err}") from None
        self._legal = {} if state.is_terminal() else self.encoding.legal_indices(state)

    def _current_lead(self) -> float:
        state = self._live()
        totals = [s.total for s in state.scores()]
        others = [t for i, t in enumerate(totals) if i != self.seat] + [s.total for s in state.automa_scores().values()]
        return float(totals[self.seat] - max(others)) if others else float(totals[self.seat])

    def _observe(self) -> np.ndarray:
        state = self._live()
        assert self._read is not None  # (set with the state, at reset)
        return self._read(state, None)

    def _info(self) -> dict[str, Any]:
        state = self._live()
        info: dict[str, Any] = {"action_mask": legal_mask(self._legal, self.encoding.n, INT8), "seat": self.seat}
        if state.is_terminal():
            scores = state.scores()
            info["scores"] = [s.total for s in scores]
            info["score"] = scores[self.seat].total
            info["place"] = (state.placings() or [0] * self.players)[self.seat]
        return info
