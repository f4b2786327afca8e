"""Train a masked PPO policy for one seat of a homeroom game, on the CPU, then evaluate it.

    pip install -e '.[rl]'
    nice -n 10 python examples/train_masked_ppo.py --game high-school-drama --players 2 \
        --opponents random --minutes 15 --out models/hsd-2p.zip --eval-games 200

It trains sb3-contrib's MaskablePPO on ``--envs`` games at once (``homeroom.rl.vector``: in this
process, or one worker process each with ``--processes``) against the given bots (the learner's seat changes every game),
stops at ``--timesteps`` or after ``--minutes`` of training, saves the model with the game's encoding
stamp, and plays ``--eval-games`` seeded games against ``--eval-opponents`` (default: the training
opponents) with the learner's seat rotated, printing its win rate with a 95% interval. The saved
file then sits at a table as seat kind ``policy:PATH`` in ``homeroom play``, ``simulate`` and the web.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="high-school-drama", help="game id (homeroom games)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--opponents", default="random", help="seat kind of every other seat while training")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    p.add_argument("--timesteps", type=int, default=2_000_000, help="most learner decisions to train on")
    p.add_argument("--minutes", type=float, default=15.0, help="stop training after this much wall time")
    p.add_argument("--envs", type=int, default=4, help="games played side by side (a vectorised env)")
    p.add_argument("--processes", action="store_true",
                   help="one worker process per game (Gymnasium's AsyncVectorEnv) instead of all in this one")
    p.add_argument("--n-steps", type=int, default=512, help="decisions per game slot per update")
    p.add_argument("--batch-size", type=int, default=512)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--ent-coef", type=float, default=0.001)
    p.add_argument("--gamma", type=float, default=0.995)
    p.add_argument("--shaping", type=float, default=0.05, help="reward per point of lead gained (0: win/loss only)")
    p.add_argument("--net", default="128,128", help="hidden layer sizes")
    p.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="models/policy.zip", help="where to save the model (.zip)")
    p.add_argument("--imitate", default="greedy", help="seat kind to imitate before PPO ('' to skip)")
    p.add_argument("--imitate-games", type=int, default=300, help="games of the teacher to imitate")
    p.add_argument("--imitate-epochs", type=int, default=4)
    p.add_argument("--eval-games", type=int, default=200)
    p.add_argument("--eval-opponents", default=None, help="seat kind to evaluate against (default: --opponents)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
        from stable_baselines3.common.vec_env import VecMonitor

        from homeroom.rl import RLError
        from homeroom.rl.policy import evaluate, save_policy
        from homeroom.rl.vector import sb3_vec_env, vector_env
    except ImportError as err:
        print(f"error: training needs the rl extra (pip install -e '.[rl]'): {err}", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    for item in args.option:
        key, eq, value = item.partition("=")
        if not eq:
            print(f"error: --option takes KEY=VALUE, not {item!r}", file=sys.stderr)
            return 2
        options[key] = value
    torch.set_num_threads(args.threads)
    try:
        batch = vector_env(args.game, args.envs, processes=args.envs if args.processes else 0, players=args.players,
                           opponents=args.opponents, options=options, shaping=args.shaping)
        venv = VecMonitor(sb3_vec_env(batch), info_keywords=("place",))
    except (RLError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    venv.seed(args.seed)

    class Budget(BaseCallback):  # type: ignore[misc]
        """Stops at the time budget and prints the recent win rate after every update."""

        def __init__(self, seconds: float) -> None:
            super().__init__()
            self.deadline = time.monotonic() + seconds
            self.start = time.monotonic()

        def _on_step(self) -> bool:
            return time.monotonic() < self.deadline

        def _on_rollout_end(self) -> None:
            eps = list(self.model.ep_info_buffer)
            if eps:
                wins = sum(1 for e in eps if e.get("place") == 1) / len(eps)
                print(f"{time.monotonic() - self.start:7.0f}s {self.num_timesteps:9d} steps: "
                      f"won {100 * wins:.0f}% of the last {len(eps)} games", flush=True)

    net = [int(x) for x in args.net.split(",") if x.strip()]
    model = MaskablePPO("MlpPolicy", venv, learning_rate=args.lr, n_steps=args.n_steps, batch_size=args.batch_size,
                        n_epochs=args.epochs, gamma=args.gamma, ent_coef=args.ent_coef, seed=args.seed,
                        policy_kwargs={"net_arch": net}, device="cpu", verbose=0)
    began = time.monotonic()
    if args.imitate:
        imitate(model, args, options, deadline=began + args.minutes * 60)
    left = args.minutes * 60 - (time.monotonic() - began)
    model.learn(total_timesteps=args.timesteps, callback=Budget(max(0.0, left)))
    trained = time.monotonic() - began
    path = save_policy(model, args.out, args.game, args.players)
    size = Path(path).stat().st_size / 1e6
    print(f"trained {model.num_timesteps} steps in {trained / 60:.1f} min; saved {path} ({size:.1f} MB)")
    if args.eval_games > 0:
        against = args.eval_opponents or args.opponents
        began = time.monotonic()
        result = evaluate(f"policy:{path}", args.game, args.players, [against] * (args.players - 1),
                          args.eval_games, seed=args.seed + 1, options=options)
        print(f"against {against}: {result.line()} ({time.monotonic() - began:.0f}s)")
    return 0


def imitate(model: Any, args: argparse.Namespace, options: dict[str, Any], deadline: float) -> None:
    """Warm start: fit the policy to a teacher bot's choices (and the value to the game's outcome)
    in the learner's seat against the training opponents, before PPO improves on it."""
    import numpy as np
    import torch

    from homeroom import games
    from homeroom.agents import make_agent
    from homeroom.rl import encoding

    game, enc = games.get(args.game), encoding(args.game)
    observations: list[Any] = []
    legal: list[list[int]] = []
    chosen: list[int] = []
    outcome: list[float] = []
    began = time.monotonic()
    for g in range(args.imitate_games):
        seat = g % args.players
        agents = [make_agent(args.imitate if s == seat else args.opponents, args.seed * 7919 + g * 11 + s)
                  for s in range(args.players)]
        state = game.new_state(args.players, seed=10_000_000 + args.seed * 100_000 + g, options=options)
        first = len(chosen)
        while not state.is_terminal():
            mover = state.to_move
            assert mover is not None
            action = agents[mover].choose(state, mover)
            if mover == seat:
                indices = enc.legal_indices(state)
                observations.append(enc.features(state, seat))
                legal.append(sorted(indices))
                chosen.append(enc.index(state, action))
            state.apply(action)
        won = 1.0 if seat in (state.winner() or []) else -1.0
        outcome += [won] * (len(chosen) - first)
        if time.monotonic() > deadline:
            break
    print(f"imitation: {len(chosen)} decisions of {args.imitate} in {g + 1} games "
          f"({time.monotonic() - began:.0f}s)", flush=True)
    policy = model.policy
    obs_t = torch.as_tensor(np.stack(observations))
    act_t = torch.as_tensor(chosen)
    ret_t = torch.as_tensor(outcome, dtype=torch.float32)
    n = len(chosen)
    for epoch in range(args.imitate_epochs):
        order = torch.randperm(n)
        total = 0.0
        for lo in range(0, n, args.batch_size):
            batch = order[lo:lo + args.batch_size]
            mask = np.zeros((len(batch), enc.n), dtype=bool)
            for row, i in enumerate(batch.tolist()):
                mask[row, legal[i]] = True
            _, log_prob, _ = policy.evaluate_actions(obs_t[batch], act_t[batch], action_masks=mask)
            values = policy.predict_values(obs_t[batch]).flatten()
            loss = -log_prob.mean() + 0.5 * torch.nn.functional.mse_loss(values, ret_t[batch])
            policy.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            policy.optimizer.step()
            total += loss.item() * len(batch)
        print(f"imitation epoch {epoch + 1}: loss {total / n:.3f} ({time.monotonic() - began:.0f}s)", flush=True)
        if time.monotonic() > deadline:
            break


if __name__ == "__main__":
    sys.exit(main())
