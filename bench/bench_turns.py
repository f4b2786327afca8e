"""How long a bot's whole turn takes (every decision of it), per title and player count.

    python bench/bench_turns.py --level hard --level medium --turns 3
    PYTHONPATH=/work/main/src python bench/bench_turns.py ...   # the "before" of a change

A game is played by ``medium`` in every seat (seed ``--seed``); ``--turns`` turns are picked evenly
through it, and from each turn's first decision a fresh bot of the level (seed fixed) plays the
whole turn: its decisions until another seat is to move or the turn changes (``State.turn_seat``,
``State.turn_marker``). Each turn's CPU time (``process_time``: what an idle core would take) and
wall time are printed, with the decisions it had. Only the public API is used, so the script runs
against any tree of the project (``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from homeroom import games
from homeroom.agents import make_agent

GAMES = ("class-of-89", "academic-society", "high-school-drama")


def turn_starts(game_id: str, players: int, seed: int, count: int) -> list[Any]:
    """``count`` states evenly spread through a ``medium`` game, each the first decision of a turn."""
    state = games.get(game_id).new_state(players, seed)
    bots = [make_agent("medium", seed=seed * 10 + s) for s in range(players)]
    starts = []
    last: tuple[Any, ...] | None = None
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        key = (seat, state.turn_seat(), state.turn_marker())
        if key != last:
            starts.append(state.clone())
        last = key
        state.apply(bots[seat].choose(state, seat))
    if not starts:
        return []
    return [starts[len(starts) * (2 * k + 1) // (2 * count)] for k in range(count)]


def play_turn(state: Any, spec: str, seed: int) -> dict[str, Any]:
    """The level's bot plays the turn that starts at ``state``; its CPU and wall time."""
    state = state.clone()
    seat = state.to_move
    key = (state.turn_seat(), state.turn_marker())
    bot = make_agent(spec, seed=seed)
    decisions = choices = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while not state.is_terminal() and state.to_move == seat and (state.turn_seat(), state.turn_marker()) == key:
        choices += len(state.legal_actions()) > 1
        state.apply(bot.choose(state, seat))
        decisions += 1
    return {"cpu": time.process_time() - cpu0, "wall": time.perf_counter() - wall0,
            "decisions": decisions, "choices": choices}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", action="append", help="bot specs (default: hard and medium)")
    parser.add_argument("--game", action="append", help="only these titles (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="player counts (default 2 and 3)")
    parser.add_argument("--turns", type=int, default=3, help="turns measured per title and player count")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.turns < 1:
        print("error: --turns must be at least 1", file=sys.stderr)
        return 2
    rows = []
    for gid in args.game or GAMES:
        info = games.get(gid).info
        for players in args.players or [2, 3]:
            if not info.min_players <= players <= info.max_players:
                continue
            starts = turn_starts(gid, players, args.seed, args.turns)
            for spec in args.level or ["hard", "medium"]:
                turns = [play_turn(s, spec, args.seed + k) for k, s in enumerate(starts)]
                cpu = [t["cpu"] for t in turns]
                row = {"game": gid, "players": players, "level": spec, "turns": len(turns),
                       "cpu_median": statistics.median(cpu), "cpu_max": max(cpu),
                       "wall_max": max(t["wall"] for t in turns),
                       "decisions": [t["decisions"] for t in turns], "choices": [t["choices"] for t in turns]}
                rows.append(row)
                if not args.json:
                    print(f"{gid:18} {players}p {spec:8} turn CPU s: median {row['cpu_median']:.2f}  "
                          f"max {row['cpu_max']:.2f}  (wall max {row['wall_max']:.2f})  decisions {row['decisions']}"
                          f"  real choices {row['choices']}", flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
