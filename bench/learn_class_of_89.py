"""A learned correction to the Class of '89 solo evaluation (issue 19, tenth pass in the game's BOTS.md).

Greedy's own solo games are recorded (the position before each of the player's decisions, and the
game's final margin, player minus Ed), a ridge regression of that margin on features of the position
is fitted, and greedy then ranks with the evaluation moved a fraction ``alpha`` of the way to the
learned value. Playing with a model and recording (``gen --model``) gives the positions that model's
player reaches, for the next fit (one round of the usual fix for a value fitted on another player's
games).

    python bench/learn_class_of_89.py gen  --difficulty normal --seed 20000 --games 150 --out runs/co89/learn/gen0.jsonl
    python bench/learn_class_of_89.py fit  --model runs/co89/learn/m1.json runs/co89/learn/gen0.jsonl ...
    python bench/learn_class_of_89.py gen  --difficulty normal --seed 21000 --games 50 --model runs/co89/learn/m1.json --out runs/co89/learn/gen1.jsonl
    python bench/learn_class_of_89.py play --difficulty normal --seed 5010 --games 20 --model runs/co89/learn/m2.json --alpha 0.5 --out runs/co89/learn/m2-a05.jsonl
    python bench/learn_class_of_89.py compare BASE.jsonl CANDIDATE.jsonl ...

Every command appends one line a game to its ``--out`` file and skips the seeds already there, so a
stopped run resumes; run two on different seed ranges to use two cores. ``compare`` also reads the
``games.jsonl`` of a ``tune_class_of_89.py`` run directory.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

from homeroom import games
from homeroom.agents import greedy as greedy_mod
from homeroom.agents import make_agent
from homeroom.games.class_of_89 import bots, solo_terms
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.scoring import measure, student_count
from homeroom.games.class_of_89.solo_plan import free_room

GAME = "class-of-89"
CAP = 20.0
"""An objective's cost in units of progress is capped here (an unreachable one is worth no more)."""
NAMES = ["value", "mine", "eds", "rest", "reach", "ed_other", "ed_now", "pot", "n_full", "n_min"] \
    + [f"full{i}" for i in range(6)] + [f"min{i}" for i in range(6)] \
    + ["above", "above2", "dpin", "students", "tokens", "storage", "sigs", "room", "shut", "grid",
       "ed_students", "ed_tokens", "my_steps", "ed_steps"]
"""The features, in order: the evaluation and the parts it sums (the plan's objective points for the
player and Ed, the player's points as they stand, ``_in_reach``, Ed's other points, the unused
abilities and leads), Ed's points as they stand, the cards met at their full and MIN targets, each
card's cost to its full and MIN target (sorted), the player's pins above Ed's on the cards' tracks
(by 1, by 2, summed), students, tokens placed and stored, signatures, free token places,
alphabet-shut cells, Wildcat Way cells, Ed's students and tokens, and both sides' track steps."""
BASIS = ("1", "t", "t^2")
"""Each feature is multiplied by 1, t and t squared (t: the player's turns left over 12)."""


def features(state: Any) -> list[float]:
    """The position's features (:data:`NAMES`), from what the player may see."""
    w = bots.TUNED
    comp = components()
    difficulty = state.options.get("difficulty", "normal")
    me, ed = state.books[0], state.books[1]
    half = bool(state.options.get("half_icons", True))
    mine, eds = bots.planned_objectives(state, w)
    rest = bots._rest(me, half)
    live = bots.storage_live(state)
    reach = bots._in_reach(me, bots.time_left(state), w, solo=True, storage=live)
    ed_other = bots.ed_other_points(state, w)
    value = bots.values(state, 0)[0]
    stored = w.stored if live else 0.0
    full_c: list[float] = []
    min_c: list[float] = []
    pins: list[int] = []
    n_full = n_min = 0
    for oid in state.objectives:
        obj = comp.objectives[oid]
        have = measure(me, obj.measure)
        d = me.tracks[obj.club] - ed.tracks[obj.club]
        pins.append(d)
        low, high = {"easy": (obj.min, obj.min), "normal": (obj.min, obj.t1)}.get(difficulty, (obj.t1, obj.t2))
        target = low if difficulty == "easy" or d > 0 else high
        for goal, out in ((target, full_c), (obj.min, min_c)):
            tokens, students = solo_terms.plan_parts(me, obj.measure, goal, stored, have)
            out.append(min(CAP, tokens + w.student_cost * students))
        n_full += have >= target
        n_min += have >= obj.min
    return [value, mine, eds, rest, reach, ed_other, solo_terms.ed_rest(state),
            value - (mine + rest + reach) + (eds + ed_other),
            float(n_full), float(n_min), *sorted(full_c), *sorted(min_c),
            float(sum(1 for d in pins if d > 0)), float(sum(1 for d in pins if d >= 2)),
            float(sum(max(-3, min(3, d)) for d in pins)),
            float(student_count(me)), float(sum(len(t) for t in me.tokens)), float(len(me.storage)),
            float(me.signatures), float(free_room(me)), float(bots.shut(me)),
            float(sum(1 for g in me.grid if g)), float(student_count(ed)), float(sum(state.ed_tokens.values())),
            float(sum(me.tracks.values())), float(sum(ed.tracks.values()))]


def expand(f: list[float], turns_left: int) -> list[float]:
    t = turns_left / 12.0
    return [1.0, t, t * t] + f + [x * t for x in f] + [x * t * t for x in f]


class ModelError(ValueError):
    pass


class Model:
    """The evaluation moved ``alpha`` of the way to the fitted value (0: the evaluation itself)."""

    def __init__(self, path: str | Path, alpha: float = 1.0) -> None:
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, ValueError) as exc:
            raise ModelError(f"{path}: not a model file ({exc})") from None
        size = 3 + 3 * len(NAMES)
        for key in ("mu", "sd", "w"):
            if not isinstance(data, dict) or not isinstance(data.get(key), list) or len(data[key]) != size:
                raise ModelError(f"{path}: '{key}' must be a list of {size} numbers (the features of this script)")
        if data.get("names") != NAMES:
            raise ModelError(f"{path}: fitted on other features than this script's; fit it again")
        self.mu, self.sd, self.w = (np.array(data[k], dtype=float) for k in ("mu", "sd", "w"))
        self.alpha = float(alpha)

    def __call__(self, state: Any, seat: int) -> list[float]:
        if state.phase == "over":
            return bots.values(state, seat)
        f = features(state)
        x = (np.array(expand(f, bots.turns_left(state, 0))) - self.mu) / self.sd
        return [f[0] + self.alpha * (float(x @ self.w) - f[0])]


def _done(out: Path, settings: dict[str, Any]) -> set[int]:
    """The seeds ``out`` already holds; every one must have been played with ``settings`` (a file is
    one run: resuming it with another difficulty, model or alpha would mix two)."""
    if not out.exists():
        return set()
    seeds = set()
    for n, line in enumerate(out.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            seed = int(row["seed"])
        except (ValueError, KeyError, TypeError) as exc:
            raise ModelError(f"{out}, line {n}: not a recorded game ({exc})") from None
        differ = [f"{k}: {row.get(k)!r} there, {v!r} here" for k, v in settings.items() if row.get(k) != v]
        if differ:
            raise ModelError(f"{out} holds another run ({'; '.join(differ)}); use another --out")
        seeds.add(seed)
    return seeds


def play(out: Path, difficulty: str, seed: int, count: int, model: str | None, alpha: float,
         record: bool) -> None:
    """Solo games by greedy (ranking with ``model`` if given), one line each appended to ``out``."""
    evaluate = Model(model, alpha) if model else None
    settings = {"difficulty": difficulty, "model": str(model) if model else None,
                "alpha": alpha if model else None, "recorded": record}
    done = _done(out, settings)
    out.parent.mkdir(parents=True, exist_ok=True)
    old = greedy_mod.evaluator
    if evaluate is not None:
        greedy_mod.evaluator = lambda game_id: evaluate  # type: ignore[assignment,return-value]
    try:
        for s in range(seed, seed + count):
            if s in done:
                continue
            state = games.get(GAME).new_state(1, s, {"difficulty": difficulty})
            agent = make_agent("greedy", s * 7919 + 1)
            rows = []
            while not state.is_terminal():
                if record:
                    rows.append({"tl": bots.turns_left(state, 0), "f": features(state)})
                state.apply(agent.choose(state, 0))
            me = state.scores()[0].total
            ed = state.automa_scores()["Ed E. Tor"].total
            with out.open("a") as fh:
                fh.write(json.dumps({"seed": s, **settings, "score": me, "ed": ed,
                                     "margin": me - ed, "rows": rows}) + "\n")
            print(s, me, ed, flush=True)
    finally:
        greedy_mod.evaluator = old


def fit(model: Path, paths: list[Path], penalties: tuple[float, ...] = (10.0, 100.0, 300.0, 1000.0)) -> dict[str, Any]:
    """Ridge regression of the final margin on the recorded positions; the penalty is the one with the
    least error on held-out games (every fifth), then refitted on all. Returns the report."""
    played = [json.loads(line) for p in paths for line in p.read_text().splitlines() if line.strip()]
    played.sort(key=lambda g: (g["difficulty"], g["seed"]))
    X, y, gid = [], [], []
    for i, g in enumerate(played):
        for r in g["rows"]:
            if len(r["f"]) != len(NAMES):
                raise ModelError(f"game {g['seed']}: {len(r['f'])} features where this script has {len(NAMES)}")
            X.append(expand(r["f"], r["tl"]))
            y.append(float(g["margin"]))
            gid.append(i)
    if len({*gid}) < 2:
        raise ModelError("fit needs the recorded positions of at least 2 games (gen records them)")
    A, b, games_of = np.array(X), np.array(y), np.array(gid)
    mu, sd = A.mean(0), A.std(0)
    mu[0], sd[0] = 0.0, 1.0
    sd[sd < 1e-9] = 1.0
    Z = (A - mu) / sd
    test = games_of % 5 == 0

    def solve(mask: Any, penalty: float) -> Any:
        M = Z[mask]
        return np.linalg.solve(M.T @ M + penalty * mask.sum() / 1000 * np.eye(M.shape[1]), M.T @ b[mask])

    evaluation = A[:, 3]
    bias = float(np.mean(evaluation[~test] - b[~test]))
    errors = {}
    for penalty in penalties:
        pred = Z[test] @ solve(~test, penalty)
        errors[penalty] = math.sqrt(float(np.mean((pred - b[test]) ** 2)))
    best = min(errors, key=lambda k: errors[k])
    w = solve(np.ones(len(b), bool), best)
    model.parent.mkdir(parents=True, exist_ok=True)
    model.write_text(json.dumps({"names": NAMES, "mu": mu.tolist(), "sd": sd.tolist(), "w": w.tolist(),
                                 "games": len(played), "positions": len(b), "penalty": best}))
    per_unit = {n: [float(w[3 + i + j * len(NAMES)] / sd[3 + i + j * len(NAMES)]) for j in range(3)]
                for i, n in enumerate(NAMES)}
    return {"games": len(played), "positions": len(b), "held_out_rmse": errors, "penalty": best,
            "evaluation_rmse": math.sqrt(float(np.mean((evaluation[test] - bias - b[test]) ** 2))),
            "coefficients": per_unit}


def compare(base: Path, candidates: list[Path]) -> list[dict[str, Any]]:
    """Each candidate's margin beside the base's on the deals both played: the paired difference and
    its standard error."""
    def load(p: Path) -> dict[int, float]:
        f = p / "games.jsonl" if p.is_dir() else p
        return {r["seed"]: float(r["score"] - r["ed"])
                for r in (json.loads(line) for line in f.read_text().splitlines() if line.strip())}
    b = load(base)
    out = []
    for path in candidates:
        c = load(path)
        seeds = sorted(set(b) & set(c))
        d = [c[s] - b[s] for s in seeds]
        n = len(d)
        mean = sum(d) / n if n else 0.0
        se = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n) if n > 1 else float("nan")
        out.append({"candidate": str(path), "deals": n, "wins": sum(c[s] > 0 for s in seeds),
                    "base_wins": sum(b[s] > 0 for s in seeds),
                    "margin": sum(c[s] for s in seeds) / n if n else 0.0,
                    "base_margin": sum(b[s] for s in seeds) / n if n else 0.0,
                    "difference": mean, "se": se,
                    "better": sum(x > 0 for x in d), "worse": sum(x < 0 for x in d)})
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("gen", "play"):
        p = sub.add_parser(name, help="record greedy's games" if name == "gen" else "play with a model")
        p.add_argument("--difficulty", choices=("easy", "normal", "hard"), default="normal")
        p.add_argument("--seed", type=int, required=True)
        p.add_argument("--games", type=int, required=True)
        p.add_argument("--out", type=Path, required=True)
        p.add_argument("--model", required=(name == "play"))
        p.add_argument("--alpha", type=float, default=1.0)
    p = sub.add_parser("fit", help="fit a model on recorded games")
    p.add_argument("--model", type=Path, required=True)
    p.add_argument("data", type=Path, nargs="+")
    p = sub.add_parser("compare", help="paired margins against a base run")
    p.add_argument("base", type=Path)
    p.add_argument("candidates", type=Path, nargs="+")
    args = ap.parse_args(argv)
    try:
        if args.cmd in ("gen", "play"):
            play(args.out, args.difficulty, args.seed, args.games, args.model, args.alpha, args.cmd == "gen")
        elif args.cmd == "fit":
            report = fit(args.model, args.data)
            print(json.dumps({k: v for k, v in report.items() if k != "coefficients"}, indent=1))
            print(f"{'feature':12s} " + " ".join(f"{b:>8s}" for b in BASIS) + "   (per unit of the feature)")
            for n, c in report["coefficients"].items():
                print(f"{n:12s} " + " ".join(f"{x:+8.3f}" for x in c))
        else:
            for r in compare(args.base, args.candidates):
                print(f"{r['candidate']}: {r['deals']} deals, wins {r['wins']} (base {r['base_wins']}), margin "
                      f"{r['margin']:+.1f} (base {r['base_margin']:+.1f}), difference {r['difference']:+.1f} "
                      f"± {r['se']:.1f} (better {r['better']}, worse {r['worse']})")
    except ModelError as exc:
        sys.exit(f"learn_class_of_89: {exc}")


if __name__ == "__main__":
    main()
