"""Vectorised environments: many games of one seat against bots, stepped together.

``vector_env("high-school-drama", 16)`` is a Gymnasium vector environment (Gymnasium's own
``SyncVectorEnv`` in this process, or ``AsyncVectorEnv`` over ``processes`` worker processes with
``processes=N``) of :class:`~homeroom.rl.gym_env.HomeroomEnv`. It resets a finished game in the same
step (``AutoresetMode.SAME_STEP``), so the observation and ``info["action_mask"]`` it returns are
always those of a game in progress (the finished game's are in ``info["final_obs"]`` and
``info["final_info"]``); :func:`action_masks` gives the masks as one ``(num_envs, n)`` bool array.

:class:`SB3VecEnv` wraps one for stable-baselines3 / sb3-contrib (``MaskablePPO`` reads its
``action_masks``), which is what ``examples/train_masked_ppo.py`` trains on.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv

from homeroom.rl.encoding import RLError
from homeroom.rl.gym_env import HomeroomEnv

VectorEnv = SyncVectorEnv | AsyncVectorEnv
"""What :func:`vector_env` returns: Gymnasium's own vector environments."""


def vector_env(game_id: str, num_envs: int, *, processes: int = 0, **env_kwargs: Any) -> VectorEnv:
    """``num_envs`` :class:`HomeroomEnv` games (``env_kwargs`` as for it: ``players``, ``opponents``,
    ``seat``, ``options``, ``shaping``, ...) as one Gymnasium vector environment.

    ``processes=0``: all in this process (``SyncVectorEnv``); ``processes=N``: ``AsyncVectorEnv``
    with one worker process per game (Gymnasium's own; N must then equal ``num_envs``)."""
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
        raise RLError(f"num_envs must be a whole number >= 1, not {num_envs!r}")
    if processes not in (0, num_envs):
        raise RLError(f"processes must be 0 (one process) or num_envs ({num_envs}), not {processes!r}")
    if "illegal" not in env_kwargs:
        env_kwargs["illegal"] = "lose"
    HomeroomEnv(game_id, **env_kwargs)  # a bad game, count, option or bot fails here, in one line

    def make() -> gymnasium.Env[Any, Any]:
        return HomeroomEnv(game_id, **env_kwargs)

    fns = [make] * num_envs
    if processes:
        return AsyncVectorEnv(fns, autoreset_mode=AutoresetMode.SAME_STEP)
    return SyncVectorEnv(fns, autoreset_mode=AutoresetMode.SAME_STEP)


def action_masks(venv: VectorEnv) -> np.ndarray:
    """Every game's legal indices now, as a ``(num_envs, n)`` bool array."""
    return np.stack(venv.call("action_masks"))


class SB3VecEnv:
    """A Gymnasium vector env of :class:`HomeroomEnv` as a stable-baselines3 ``VecEnv``.

    Built by :func:`sb3_vec_env` (which subclasses sb3's ``VecEnv`` when it is installed). A game
    that ends is reset at once; its last observation is in ``infos[i]["terminal_observation"]``
    and its ``score``/``place`` in ``infos[i]``, as sb3's own vector envs do."""

    def __init__(self, venv: VectorEnv) -> None:
        self.venv = venv
        self._actions: np.ndarray | None = None
        super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)  # type: ignore[call-arg]

    def reset(self) -> np.ndarray:
        seeds = getattr(self, "_seeds", None)  # what sb3's VecEnv.seed() set: one per game, consecutive
        seed = seeds[0] if seeds else None
        obs, _info = self.venv.reset(seed=seed)
        getattr(self, "_reset_seeds", lambda: None)()  # sb3's VecEnv: a seed is used once
        return np.asarray(obs)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        assert self._actions is not None
        obs, rewards, terms, truncs, info = self.venv.step(self._actions)
        dones = np.logical_or(terms, truncs)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]  # type: ignore[attr-defined]
        final = info.get("final_info", {})
        for i in np.flatnonzero(dones):
            row = {k: v[i] for k, v in final.items()
                   if not k.startswith("_") and (f"_{k}" not in final or final[f"_{k}"][i])}
            row["terminal_observation"] = info["final_obs"][i]
            row["TimeLimit.truncated"] = bool(truncs[i] and not terms[i])
            infos[i] = row
        return np.asarray(obs), np.asarray(rewards, dtype=np.float32), dones, infos

    def close(self) -> None:
        self.venv.close()

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))  # type: ignore[attr-defined]
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        values = self.venv.get_attr(attr_name)
        return [values[i] for i in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        if indices is not None:
            raise RLError("set_attr on some games only is not supported")
        self.venv.set_attr(attr_name, value)

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        values = self.venv.call(method_name, *args, **kwargs)
        return [values[i] for i in self._indices(indices)]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * len(self._indices(indices))

    def action_masks(self) -> np.ndarray:
        """What sb3-contrib's ``MaskablePPO`` reads: ``(num_envs, n)`` bools."""
        return action_masks(self.venv)


def sb3_vec_env(venv: VectorEnv) -> Any:
    """``venv`` as a stable-baselines3 ``VecEnv`` (needs stable-baselines3, in the ``rl`` extra)."""
    from stable_baselines3.common.vec_env import VecEnv

    cls = type("HomeroomSB3VecEnv", (SB3VecEnv, VecEnv), {})
    return cls(venv)
