"""Conformance: undo never lets a seat learn a hidden card (issue 30).

Over random playouts of every game, player count and option set, each decision the engine lets the
deciding seat take back (``undo_point(seat)`` points at it after it is played) must have an outcome
that does not depend on anything hidden from that seat: the seat's view afterwards is the same in
every re-deal of what it cannot see. Checked with more re-deals than the engine's own check uses,
from seeds of their own, so a decision the engine's check lets through by luck is caught here.
"""

from __future__ import annotations

from typing import Any

import pytest
from cases import case_id, cases

from homeroom import games
from homeroom.engine import Action, IllegalAction, Rng, State
from homeroom.engine.match import Match

CASES = cases()
PLAYOUTS = 2
"""Playouts per case with the default options (each checks every undoable decision)."""
VARIANT_PLAYOUTS = 1
"""... and per other option set."""
SOAK_PLAYOUTS = 30
"""... per case with --soak."""
CHECK_REDEALS = 8
"""Re-deals per undoable decision, more than the engine's own check makes."""


def _view(state: State, seat: int) -> tuple[Any, ...]:
    mover = state.to_move
    return state.observation(seat), mover, state.legal_actions() if mover == seat else None


def outcome_leaks(before: State, action: Action, after: State, seat: int, rng: Rng) -> str | None:
    """Why ``action`` by ``seat`` in ``before`` (giving ``after``) has an outcome that depends on what
    ``seat`` cannot see (the view differs between the real deal and re-deals, or the action is
    illegal in a re-deal), else None."""
    views = [_view(after, seat)]
    for _ in range(CHECK_REDEALS):
        world = before.determinize(seat, rng)
        try:
            world.apply(action)
        except IllegalAction as err:
            return f"illegal in a re-deal of what the seat cannot see ({err})"
        views.append(_view(world, seat))
    for view in views[1:]:
        if view != views[0]:
            diff = sorted(k for k in set(view[0]) | set(views[0][0]) if view[0].get(k) != views[0][0].get(k))
            return f"the seat's view differs between re-deals (observation keys {diff}, to move " \
                   f"{view[1]} / {views[0][1]})"
    return None


def undoable_leaks(game_id: str, players: int, options: dict[str, Any], seed: int) -> list[str]:
    """Every decision of one random playout that its seat could undo although its outcome depends
    on something hidden from the seat."""
    game = games.get(game_id)
    match = Match.start(game, players, seed, options)
    rng = Rng(seed * 6151 + 7)
    redeal_rng = Rng(seed * 104_729 + 31)
    problems = []
    while not match.state.is_terminal():
        seat = match.state.to_move
        assert seat is not None
        action = rng.choice(match.state.legal_actions())
        before = match.state.clone()
        match.play(action)
        index = len(match.history) - 1
        if match.undo_point(seat) != index:
            continue
        why = outcome_leaks(before, action, match.state, seat, redeal_rng)
        if why is not None:
            problems.append(f"seed {seed}, decision {index} ({before.describe_action(action)}) by seat {seat} "
                            f"can be undone, but {why}")
    return problems


def _run(case: tuple[str, int, dict[str, Any]], seeds: range) -> None:
    game_id, players, options = case
    problems = [p for seed in seeds for p in undoable_leaks(game_id, players, options, seed)]
    assert not problems, f"{len(problems)} undoable decision(s) depend on hidden information: " + \
        "; ".join(problems[:5])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_undo_never_reaches_past_a_hidden_outcome(case: tuple[str, int, dict[str, Any]]) -> None:
    _run(case, range(500, 500 + (VARIANT_PLAYOUTS if case[2] else PLAYOUTS)))


@pytest.mark.soak
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_soak_undo_never_reaches_past_a_hidden_outcome(case: tuple[str, int, dict[str, Any]]) -> None:
    _run(case, range(600, 600 + SOAK_PLAYOUTS))

