"""Behaviour fingerprint of seeded random games, to compare two source trees: a SHA-256 over every
legal-action list, every log line (text, seat, private texts, reveals), each final state's JSON
and the results (scores, automa scores, winner, placings, outcome), per case.

    PYTHONPATH=../base/src python bench/trace_hash.py > before.txt
    PYTHONPATH=src python bench/trace_hash.py > after.txt
    diff before.txt after.txt   # no output: the same behaviour

``--quick`` plays fewer seeds. Class of '89 is played at 1-4 players with its test option sets
(solo ones at 1 player), with the log and in search mode (``set_quiet``: no events, the same moves).
"""

from __future__ import annotations

import argparse
import hashlib
import json

from homeroom import games
from homeroom.engine import Rng


def trace(game_id: str, players: int, options: dict[str, object], seed: int, quiet: bool) -> str:
    g = games.get(game_id)
    state = g.new_state(players, seed, dict(options))
    if quiet:
        state.set_quiet()
    h = hashlib.sha256()
    rng = Rng(seed + 7)
    while not state.is_terminal():
        legal = state.legal_actions()
        h.update(repr(legal).encode())
        events = state.apply(rng.choice(legal))
        for e in events:
            h.update(repr((e.text, e.seat, e.private, e.reveals)).encode())
    h.update(state.to_json().encode())
    with state.results_memo():
        results = (state.scores(), state.automa_scores(), state.winner(), state.placings(), state.outcome())
    h.update(repr(results).encode())
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seeds", type=int, default=0)
    args = ap.parse_args()
    seeds = args.seeds or (6 if args.quick else 30)
    co89 = games.get("class-of-89").info
    cases: list[tuple[str, int, dict[str, object]]] = []
    for players in (1, 2, 3, 4):
        for opts in co89.test_option_sets:
            try:
                games.get("class-of-89").validate(players, dict(opts))
            except Exception:  # an option set for other player counts
                continue
            cases.append(("class-of-89", players, dict(opts)))
    for game_id in ("academic-society", "high-school-drama"):
        info = games.get(game_id).info
        for players in range(max(2, info.min_players), info.max_players + 1):
            cases.append((game_id, players, {}))
    for game_id, players, opts in cases:
        n = seeds if game_id == "class-of-89" else max(2, seeds // 3)
        for quiet in (False, True):
            h = hashlib.sha256()
            for seed in range(n):
                h.update(trace(game_id, players, opts, seed, quiet).encode())
            print(game_id, players, json.dumps(opts, sort_keys=True), "search" if quiet else "log", n,
                  h.hexdigest()[:20], flush=True)


if __name__ == "__main__":
    main()
