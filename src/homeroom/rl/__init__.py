"""Reinforcement learning on homeroom's games (the ``rl`` extra: ``pip install -e '.[rl]'``).

- :func:`aec_env` -- a PettingZoo AEC environment for any game and player count;
- ``gymnasium.make("homeroom/<Game>-v0", players=N, opponents="greedy")`` -- one seat against bots
  (importing this package registers the ids: ``homeroom/ClassOf89-v0``, ``homeroom/AcademicSociety-v0``,
  ``homeroom/HighSchoolDrama-v0``);
- :func:`encoding` -- a game's fixed action table and observation features (declared by the game in
  its own ``rl.py``; ``ENCODING.md`` beside this file is the contract);
- the ``policy:PATH`` seat kind (:mod:`homeroom.rl.policy`) seats a trained MaskablePPO model.
"""

from __future__ import annotations

from homeroom.rl.aec import HomeroomAEC, aec_env
from homeroom.rl.encoding import Encoding, RLError, encoding
from homeroom.rl.gym_env import HomeroomEnv, env_name, register_envs

ENV_IDS = register_envs()

__all__ = ["ENV_IDS", "Encoding", "HomeroomAEC", "HomeroomEnv", "RLError", "aec_env", "encoding", "env_name",
           "register_envs"]
