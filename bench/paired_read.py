"""A kept observation read with another tree's ``rl.py`` and this tree's, paired in one process (issue 36).

    PYTHONPATH=src taskset -c 1 python bench/paired_read.py --old /tmp/old/src [--game academic-society] [--games 300]

The same random games (seeds and actions) are played AEC-like, one state stepped in place with the
mover reading its kept observation at every step (readers made per game, as an env's ``reset``
does), once with each ``rl.py``, the order alternated game by game; only the reads are timed
(``time.process_time``, the same overhead in both). Run against itself the two agree within about
0.1 µs, where ``bench_rl.py``'s separate runs swing 10-30% on a loaded machine. Only the ``rl.py``
file is swapped: the modules it imports (its game's, the engine, ``homeroom.rl``) are this tree's.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def load_rl(path: Path, game_id: str) -> Callable[[int], Any]:
    """``state_parts`` of the ``rl.py`` at ``path`` (a tree's ``src``, or the file itself)."""
    from homeroom import games

    if path.is_dir():
        package = type(games.get(game_id)).__module__.rpartition(".")[0]
        path = path.joinpath(*package.split("."), "rl.py")
    spec = importlib.util.spec_from_file_location(f"_paired_rl_{abs(hash(str(path)))}", path)
    if spec is None or spec.loader is None or not path.is_file():
        raise SystemExit(f"no rl.py at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not hasattr(module, "state_parts"):
        raise SystemExit(f"{path} declares no state_parts")
    parts: Callable[[int], Any] = module.state_parts
    return parts


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--old", type=Path, required=True, help="the other tree's src (or its rl.py)")
    p.add_argument("--game", default="academic-society")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=200_000, help="the first game's seed")
    args = p.parse_args()
    from homeroom import games
    from homeroom.rl import encoding

    enc = encoding(args.game)
    variants = {"old": load_rl(args.old, args.game), "new": enc._state_parts}
    game = games.get(args.game)
    clock = time.process_time
    spent = {"old": 0.0, "new": 0.0}
    reads = 0
    for g in range(args.games):
        seed = args.seed + g
        for name in ("old", "new") if g % 2 == 0 else ("new", "old"):
            enc._state_parts = variants[name]
            state = game.new_state(args.players, seed=seed)
            state.set_quiet()
            rng = random.Random(seed)
            readers = {s: enc.reader(s, args.players) for s in range(args.players)}
            shared: dict[Any, Any] = {}
            n = 0
            while not state.is_terminal():
                seat = state.to_move
                assert seat is not None
                began = clock()
                readers[seat](state, shared)
                spent[name] += clock() - began
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                n += 1
        reads += n
    old, new = (spent[k] / reads * 1e6 for k in ("old", "new"))
    print(f"{args.game}, {args.players} players, {args.games} games, {reads} reads: old {old:.2f} µs a read, "
          f"new {new:.2f} µs ({old - new:+.2f} µs, new/old {new / old:.3f})")


if __name__ == "__main__":
    main()
