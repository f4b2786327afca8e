"""How long ``homeroom analyse`` takes: a 2-player medium-against-medium game of each title,
analysed at the default settings on one core (CPU seconds, so the figure does not depend on the
machine's other load; the issue's target is under 2 minutes a game).

    python bench/bench_analysis.py [--iterations N] [--seed S] [--game ID ...]
    python bench/bench_analysis.py --versus-random 3    # medium against random: who gives away more

With ``--versus-random N`` it plays N games per title of medium (seat 1) against random (seat 2)
and prints each seat's average loss and its counts of inaccuracies, mistakes and blunders.
"""

from __future__ import annotations

import argparse
import sys
import time

from homeroom import games
from homeroom.agents.levels import medium
from homeroom.analysis.analyse import DEFAULT_ITERATIONS, Settings, analyse
from homeroom.engine.match import Match, Seat

TITLES = ["class-of-89", "academic-society", "high-school-drama"]


def medium_game(game_id: str, seed: int) -> Match:
    match = Match.start(games.get(game_id), 2, seed, {}, [Seat("Ann", "medium"), Seat("Ben", "medium")])
    agents = [medium(seed), medium(seed + 1)]
    while not match.state.is_terminal():
        seat = match.state.to_move
        assert seat is not None
        match.play(agents[seat].choose(match.state, seat))
    return match


def versus_random(game_id: str, seed: int, agent_seed: int) -> Match:
    from homeroom.agents.base import RandomAgent

    match = Match.start(games.get(game_id), 2, seed, {}, [Seat("M", "medium"), Seat("R", "random")])
    agents = [medium(agent_seed), RandomAgent(agent_seed)]
    while not match.state.is_terminal():
        seat = match.state.to_move
        assert seat is not None
        match.play(agents[seat].choose(match.state, seat))
    return match


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=TITLES)
    parser.add_argument("--versus-random", type=int, default=0, metavar="N")
    args = parser.parse_args(argv)
    if args.versus_random:
        print(f"{'game':<20} {'seed':>5} {'medium loss':>11} {'random loss':>11} {'random i/m/b':>12}")
        for game_id in args.game or TITLES:
            for k in range(args.versus_random):
                replay = versus_random(game_id, 100 + k, k).to_replay()
                summary = analyse(replay, Settings(iterations=args.iterations))["summary"]
                good, bad = summary
                print(f"{game_id:<20} {100 + k:>5} {100 * good['average_loss']:>10.2f}% "
                      f"{100 * bad['average_loss']:>10.2f}% {bad['inaccuracy']:>4}/{bad['mistake']}/{bad['blunder']}",
                      flush=True)
        return 0
    print(f"{'game':<20} {'decisions':>9} {'forced':>6} {'CPU s':>7} {'wall s':>7} {'ms/decision':>11}")
    for game_id in args.game or TITLES:
        replay = medium_game(game_id, args.seed).to_replay()
        cpu, wall = time.process_time(), time.perf_counter()
        result = analyse(replay, Settings(iterations=args.iterations))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        n = len(result["decisions"])
        forced = sum(1 for d in result["decisions"] if d["forced"])
        print(f"{game_id:<20} {n:>9} {forced:>6} {cpu:>7.1f} {wall:>7.1f} {1000 * cpu / n:>11.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
