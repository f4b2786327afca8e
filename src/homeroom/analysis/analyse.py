"""Post-game analysis: every decision of a saved game rated from the deciding seat's point of view.

For each decision with more than one legal move, an IS-MCTS search (:class:`~homeroom.agents.mcts.
MctsAgent`, the ``hard`` bot's search) runs from the position before it, seeing only what the
deciding seat saw then (every iteration re-deals the rest). Its rewards are chances to win
(:mod:`homeroom.analysis.winmodel`): who won at the end of a playout, the game's evaluation turned
into win chances where a playout is cut off. From the search:

* ``best``: the move the search prefers (most visited), and ``win_before``: its estimated chance,
  the seat's chance to win before the decision when it plays well;
* ``win_after``: the estimated chance after the move played (its node in the search, or a second
  search that starts with that move when the first one hardly tried it);
* ``loss``: ``max(0, win_before - win_after)``, the win chance the move gave away, and its rating:
  an **inaccuracy** from :data:`INACCURACY`, a **mistake** from :data:`MISTAKE`, a **blunder**
  from :data:`BLUNDER`;
* ``margin``: the expected final margin (own score minus the best other's) after the move played,
  from the game's evaluation averaged over re-deals of what the seat could not see.

A decision with one legal move is not searched (``forced``): its chance is the evaluation's. The
same file and settings give the same analysis: every search is seeded from the settings' seed and
the decision's index, and a fixed number of iterations (never a time budget) is spent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.agents.evaluation import evaluator, margin
from homeroom.agents.evaluation import settings as bot_settings
from homeroom.agents.mcts import MctsAgent, Node
from homeroom.analysis.winmodel import final_chances, temperature, win_chances, win_reward
from homeroom.engine.actions import Action
from homeroom.engine.errors import HomeroomError, IllegalAction, ReplayError
from homeroom.engine.match import Match
from homeroom.engine.rng import Rng
from homeroom.engine.state import State
from homeroom.sim.rundir import RunDir, execute

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
"""Win chance given away by one decision (0-1) from which it is rated so (the deciding seat's
estimate, as chess sites rate moves by the drop of the winning chance)."""

DEFAULT_ITERATIONS = 300
"""Search iterations for a decision (the default: a 2-player game in about a minute on one core)."""

MAX_ITERATIONS = 100_000
SAMPLES = 4
"""Re-deals of the hidden information averaged for a forced decision's chance and every margin."""

SPEED = {"class-of-89": 1500, "academic-society": 3000, "high-school-drama": 3000}
"""Analysis search iterations a second on one idle core, per title (``--seconds`` is turned into
iterations with it, so that an analysis is the same on every machine)."""

CHUNK = 12
"""Decisions per task (a task replays the game up to its first decision)."""


class AnalysisError(HomeroomError, ValueError):
    """A game that cannot be analysed (a bad file, bad settings)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard to look: ``iterations`` per decision (the move played gets at least a third of that
    in a search of its own when the first search hardly tried it) and the seed of every search."""

    iterations: int = DEFAULT_ITERATIONS
    seed: int = 0

    def check(self) -> None:
        if not 10 <= self.iterations <= MAX_ITERATIONS:
            raise AnalysisError(f"--iterations must be from 10 to {MAX_ITERATIONS:,}, not {self.iterations}")
        if not 0 <= self.seed < 2**63:
            raise AnalysisError(f"--seed must be from 0 to 2**63 - 1, not {self.seed}")


def rating(loss: float) -> str | None:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def load_game(path: str | Path) -> dict[str, Any]:
    """A saved game (``play --save``, a server table's replay) as replay data, checked by replaying
    it whole (a bad file is refused with the replay's own error)."""
    from homeroom.engine.match import load_json

    data: dict[str, Any] = load_json(path)
    Match.from_replay(data)  # an unfinished game is analysed as far as it went
    if not data["actions"]:
        raise AnalysisError(f"{path}: the game has no decisions to analyse")
    return data


@dataclass(frozen=True, slots=True)
class Task:
    replay: dict[str, Any]
    start: int
    stop: int
    settings: Settings


def _progress(index: int, total: int) -> float:
    return index / max(1, total - 1)


def _chance_now(state: State, seat: int, rng: Rng, temp: float) -> float:
    """The seat's chance to win from the evaluation alone, averaged over re-deals of what it cannot see."""
    if state.is_terminal():
        return final_chances(state)[seat]
    evaluate = evaluator(state.game_id)
    total = 0.0
    for _ in range(SAMPLES):
        world = state.determinize(seat, rng)
        total += win_chances(evaluate(world, seat), temp)[seat]
    return total / SAMPLES


def _margin_after(state: State, seat: int, action: Action, rng: Rng) -> float | None:
    """Expected final margin after ``action``, over re-deals of what the seat cannot see."""
    evaluate = evaluator(state.game_id)
    vals = []
    for _ in range(SAMPLES):
        world = state.determinize(seat, rng)
        try:
            world.apply(action)
        except IllegalAction:
            continue
        if world.is_terminal():
            totals = [float(s.total) for s in world.scores()]
            if len(totals) == 1:
                totals = evaluate(world, seat)
        else:
            totals = evaluate(world, seat)
        vals.append(margin(totals, seat))
    return round(sum(vals) / len(vals), 2) if vals else None


def _pinned(seed: int, state: State, seat: int, action: Action, iterations: int, temp: float) -> list[float]:
    """The seat's mean reward over ``iterations`` searches that all start with ``action``. Two moves
    pinned with the same ``seed`` see the same re-deals of the hidden information (common random
    numbers), so their difference is the moves' and not the deals'."""
    agent = MctsAgent(seed=seed, iterations=iterations, seconds=None, prior=False)
    agent.reward_fn = win_reward(temp)
    agent._depth = bot_settings(state.game_id).playout_depth
    agent._own_depth = bot_settings(state.game_id).own_turn_depth
    evaluate = evaluator(state.game_id)
    node = Node(mover=seat)
    out = []
    for _ in range(iterations):
        world = state.determinize(seat, agent.rng)
        try:
            world.apply(action)
        except IllegalAction:
            continue
        out.append(agent._iterate(world, node, seat, evaluate)[seat])
    return out


def _shrunk_loss(best: list[float], played: list[float]) -> float:
    """How much worse the move played is than the preferred one, less one standard error of the
    difference (iteration i of both searches saw the same re-deal): a move the search cannot tell
    from the best one costs nothing, so a good player's record is not noise."""
    n = min(len(best), len(played))
    if n < 2:
        return 0.0
    diffs = [best[i] - played[i] for i in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    spread: float = (var / n) ** 0.5
    return max(0.0, mean - spread)


def analyse_decision(state: State, index: int, action: Action, total: int, settings: Settings) -> dict[str, Any]:
    """One decision's row (see the module's docstring): ``state`` is the position before it."""
    seat = state.to_move
    if seat is None:
        raise AnalysisError(f"decision {index}: nobody is to move")
    temp = temperature(state.game_id, state.players).at(_progress(index, total))
    search_seed = (settings.seed * 1_000_003 + index * 7919 + 17) % 2**62
    rng = Rng(search_seed + 1)
    legal = state.legal_actions()
    if action not in legal:
        raise AnalysisError(f"decision {index}: the move played is not legal in the replayed position")
    row: dict[str, Any] = {
        "index": index, "seat": seat, "move": state.describe_action(action), "action": action.to_json(),
        "legal": len(legal), "forced": len(legal) == 1,
    }
    if len(legal) == 1:
        chance = _chance_now(state, seat, rng, temp)
        row.update(best=row["move"], best_action=row["action"], win_before=round(chance, 4),
                   win_after=round(chance, 4), loss=0.0, rating=None, margin=_margin_after(state, seat, action, rng))
        return row
    agent = MctsAgent(seed=search_seed, iterations=settings.iterations, seconds=None)
    agent.reward_fn = win_reward(temp)
    root = agent.search(state, seat)
    ranked = agent.ranked(root, legal)
    best, best_node = ranked[0]
    win_best = best_node.total / best_node.visits if best_node.visits else 0.0
    loss = 0.0
    win_played = win_best
    if action != best:
        # the move played against the preferred one, each in a search of its own on the same
        # re-deals: the difference is then the moves', not the luck of two searches
        pins = max(10, settings.iterations // 3)
        pinned_best = _pinned(search_seed + 3, state, seat, best, pins, temp)
        pinned_played = _pinned(search_seed + 3, state, seat, action, pins, temp)
        if pinned_best:
            win_best = sum(pinned_best) / len(pinned_best)
        win_played = sum(pinned_played) / len(pinned_played) if pinned_played else 0.0
        loss = _shrunk_loss(pinned_best, pinned_played) if pinned_played else win_best
    row.update(best=state.describe_action(best), best_action=best.to_json(), win_before=round(win_best, 4),
               win_after=round(win_played, 4), loss=round(loss, 4), rating=rating(loss),
               margin=_margin_after(state, seat, action, rng))
    return row


def run_task(task: Task) -> list[dict[str, Any]]:
    """Analyse decisions ``start .. stop - 1`` of a replay (a worker's unit of work)."""
    match = Match.from_replay(task.replay, upto=task.start)
    game = games.get(task.replay["game"])
    state = match.state
    total = len(task.replay["actions"])
    rows = []
    for index in range(task.start, task.stop):
        action = game.action_from_json(task.replay["actions"][index])
        rows.append(analyse_decision(state.clone(), index, action, total, task.settings))
        state.apply(action)
    return rows


def analyse(replay: dict[str, Any], settings: Settings, workers: int = 1, backend: str = "local",
            run_dir: Path | None = None, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The analysis of a whole game (``decisions``, ``mistakes``, ``summary``); with ``run_dir``
    every finished task is saved there and a rerun with the same file and settings resumes."""
    settings.check()
    try:
        Match.from_replay(replay)
    except ReplayError as err:
        raise AnalysisError(str(err)) from None
    total = len(replay["actions"])
    tasks = [Task(replay, s, min(total, s + CHUNK), settings) for s in range(0, total, CHUNK)]
    rows: dict[int, dict[str, Any]] = {}
    folder = None
    if run_dir is not None:
        folder = RunDir(run_dir, prefix="decisions")
        folder.open({"kind": "analysis", "game": replay["game"], "players": replay["players"],
                     "seed": replay["seed"], "options": replay["options"], "actions": len(replay["actions"]),
                     "actions_digest": _digest(replay["actions"]), "settings": asdict(settings),
                     "temperature": asdict(temperature(replay["game"], replay["players"]))})
        for payload in folder.done().values():
            if isinstance(payload, list):
                for row in payload:
                    if isinstance(row, dict) and isinstance(row.get("index"), int):
                        rows[row["index"]] = row
        if progress and rows:
            progress(len(rows))
    todo = [t for t in tasks if any(i not in rows for i in range(t.start, t.stop))]
    for batch in execute(run_task, todo, workers, backend):
        if folder is not None and batch:
            folder.save(f"{batch[0]['index']:06d}", batch)
        for row in batch:
            rows[row["index"]] = row
        if progress:
            progress(len(batch))
    decisions = [rows[i] for i in range(total)]
    return report(replay, decisions, settings)


def _digest(actions: list[Any]) -> str:
    import hashlib
    import json

    return hashlib.sha256(json.dumps(actions, sort_keys=True).encode()).hexdigest()[:16]


def report(replay: dict[str, Any], decisions: list[dict[str, Any]], settings: Settings) -> dict[str, Any]:
    """The JSON document: the game, the settings, every decision, the costliest per seat, a summary."""
    names = [s.get("name", f"Player {i + 1}") for i, s in enumerate(replay["seats"])]
    players = len(names)
    mistakes: dict[str, list[dict[str, Any]]] = {}
    summary = []
    for seat in range(players):
        mine = [d for d in decisions if d["seat"] == seat]
        rated = [d for d in mine if not d["forced"]]
        costly = sorted((d for d in rated if d["rating"]), key=lambda d: (-d["loss"], d["index"]))
        mistakes[str(seat + 1)] = [
            {"index": d["index"], "move": d["move"], "better": d["best"], "cost": d["loss"], "rating": d["rating"]}
            for d in costly[:10]]
        counts = {k: sum(1 for d in rated if d["rating"] == k) for k in ("inaccuracy", "mistake", "blunder")}
        summary.append({
            "seat": seat + 1, "name": names[seat], "decisions": len(mine), "rated": len(rated),
            "average_loss": round(sum(d["loss"] for d in rated) / len(rated), 4) if rated else 0.0,
            **counts,
        })
    return {
        "format": "homeroom-analysis", "game": replay["game"], "players": players, "seats": names,
        "options": replay["options"],
        "settings": {**asdict(settings), "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE,
                                                         "blunder": BLUNDER}},
        "decisions": decisions, "mistakes": mistakes, "summary": summary,
    }


__all__ = ["BLUNDER", "INACCURACY", "MISTAKE", "AnalysisError", "Settings", "analyse", "analyse_decision",
           "load_game", "rating", "report", "run_task"]
