"""The PettingZoo AEC environments pass PettingZoo's own API and seed tests for every game and
player count, and the Gymnasium environments pass Gymnasium's env checker."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import homeroom.rl as rl
from homeroom import games
from homeroom.agents import AgentError
from homeroom.rl import RLError, aec_env

GAMES = ("class-of-89", "academic-society", "high-school-drama")
CASES = [(g, p) for g in GAMES for p in games.get(g).info.player_counts]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_aec_env_passes_pettingzoo_api_and_seed_tests(game_id: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice to use a Box space: ours is a Dict with the mask
        api_test(aec_env(game_id, players=players), num_cycles=12)
        seed_test(lambda: aec_env(game_id, players=players), num_cycles=12)


@pytest.mark.parametrize(("game_id", "players"), [("high-school-drama", 3), ("class-of-89", 1)])
def test_aec_env_plays_a_whole_game_with_rewards_at_the_end(game_id: str, players: int) -> None:
    env = aec_env(game_id, players=players)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() == len(env.state.legal_actions())
        assert env.possible_agents.index(agent) == env.state.to_move
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    state = env.state
    assert state.is_terminal() and steps > 20
    winners = state.winner() or []
    assert [total[a] for a in env.possible_agents] == [1.0 if s in winners else -1.0 for s in range(players)]


def test_only_the_seat_to_move_has_a_mask() -> None:
    env = aec_env("high-school-drama", players=3)
    env.reset(seed=1)
    mover = env.agent_selection
    for agent in env.possible_agents:
        assert env.observe(agent)["action_mask"].any() == (agent == mover)


def test_an_illegal_index_or_bad_setup_fails_in_one_line() -> None:
    env = aec_env("high-school-drama", players=2)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(RLError, match="is not legal"):
        env.step(illegal)
    with pytest.raises(RLError, match="is for 2-5 players, not 7"):
        aec_env("high-school-drama", players=7)
    with pytest.raises(RLError, match="unknown option"):
        aec_env("high-school-drama", players=2, options={"nonsense": 1})
    with pytest.raises(RLError, match="declares no RL encoding"):
        aec_env("toy", players=2)


@pytest.mark.parametrize(("game_id", "players"), [("class-of-89", 1), ("class-of-89", 3), ("academic-society", 2),
                                                  ("high-school-drama", 2)])
def test_gym_env_passes_gymnasium_env_checker(game_id: str, players: int) -> None:
    env = gymnasium.make(f"homeroom/{rl.env_name(game_id)}-v0", players=players, opponents="greedy")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=True)


def test_gym_env_masks_and_a_whole_game_against_bots() -> None:
    env = gymnasium.make("homeroom/HighSchoolDrama-v0", players=3, opponents=["random", "greedy"], seat=1)
    obs, info = env.reset(seed=5)
    inner = env.unwrapped
    assert obs.shape == env.observation_space.shape
    rng = np.random.default_rng(0)
    done, reward = False, 0.0
    while not done:
        mask = inner.action_masks()
        assert (info["action_mask"] == mask).all() and mask.sum() == len(inner.state.legal_actions())
        assert inner.state.to_move == 1
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
    assert reward in (1.0, -1.0) and info["place"] >= 1 and len(info["scores"]) == 3


def test_gym_env_illegal_index_loses_or_raises_and_bad_specs_fail_clearly() -> None:
    env = rl.HomeroomEnv("high-school-drama", players=2, opponents="random", seat=0)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, illegal)
    strict = rl.HomeroomEnv("high-school-drama", players=2, opponents="random", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(RLError, match="is not legal now"):
        strict.step(illegal)
    with pytest.raises(AgentError, match="unknown seat kind 'wizard'"):
        rl.HomeroomEnv("high-school-drama", players=2, opponents="wizard")
    with pytest.raises(RLError, match="3 players need 2 opponent"):
        rl.HomeroomEnv("high-school-drama", players=3, opponents=["random"])
    with pytest.raises(RLError, match="seat must be 0-1"):
        rl.HomeroomEnv("high-school-drama", players=2, seat=2)
    with pytest.raises(RLError, match="not 'human'"):
        rl.HomeroomEnv("high-school-drama", players=2, opponents="human")


def test_shaping_rewards_the_change_of_lead() -> None:
    env = rl.HomeroomEnv("high-school-drama", players=2, opponents="random", seat=0, shaping=0.1)
    env.reset(seed=2)
    rng = np.random.default_rng(1)
    total, done, info = 0.0, False, {}
    while not done:
        _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
    scores = info["scores"]
    lead = scores[0] - scores[1]
    assert total == pytest.approx((1.0 if info["place"] == 1 else -1.0) + 0.1 * lead)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_envs_play_in_search_mode_and_it_changes_nothing_they_show(game_id: str) -> None:
    """The envs never read the log lines ``apply`` returns, so their games skip that text
    (``State.set_quiet``); observations, masks and the final scores are those of the same game
    played with its log."""
    env = aec_env(game_id, 2)
    env.reset(seed=3)
    assert env.state is not None and env.state.quiet
    logged = games.get(game_id).new_state(2, seed=env.state.seed, options=env.state.options)
    assert not logged.quiet
    rng = np.random.default_rng(1)
    lines = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        seat = env.possible_agents.index(agent)
        assert (obs["observation"] == env.encoding.features(logged, seat)).all()
        if term or trunc:
            env.step(None)
            continue
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        lines += len(logged.apply(env.encoding.legal_indices(logged)[index]))
        env.step(index)
    assert lines > 0  # the same game, played with its log
    assert [s.total for s in env.state.scores()] == [s.total for s in logged.scores()]
    gym = gymnasium.make("homeroom/HighSchoolDrama-v0", players=2, opponents=["random"])
    gym.reset(seed=2)
    assert gym.unwrapped.state.quiet
