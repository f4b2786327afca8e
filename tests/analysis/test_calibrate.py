"""``bench/calibrate_analysis.py``'s fit of the win-chance temperature ``T(p)``: on synthetic
decisions whose true temperature is known, it finds it, wherever it lies within the fit's bounds,
and says when the optimum is on a bound."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench_scripts import bench_script
from homeroom.analysis.winmodel import Temperature, win_chances


def calibrate() -> Any:
    """``bench/calibrate_analysis.py`` as a module (loaded once)."""
    return bench_script("calibrate_analysis")


def synthetic(true: Temperature, players: int, n: int, seed: int) -> list[tuple[float, int, list[float], float]]:
    """``n`` decisions (progress, deciding seat, every seat's estimate, did it win) whose winner is
    drawn from the model's own chances at ``true``: the estimates spread about as wide as ``T``."""
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        p = rng.random()
        temp = true.at(p)
        values = [rng.gauss(0.0, 1.5 * temp) for _ in range(players)]
        chances = win_chances(values, temp)
        winner = rng.choices(range(players), chances)[0]
        seat = rng.randrange(players)
        rows.append((p, seat, [round(v, 3) for v in values], 1.0 if winner == seat else 0.0))
    return rows


@pytest.mark.parametrize(("start", "end", "players"), [
    (43.0, 2.0, 3),     # Academic Society's size
    (5.0, 1.3, 2),      # High School Drama's size
    (400.0, 6.0, 2),    # a start far beyond the old grid's top (128, refined to at most 179.2)
    (8.0, 40.0, 4),     # end above start: the fit does not assume T shrinks
])
def test_fit_finds_a_known_temperature(start: float, end: float, players: int) -> None:
    module = calibrate()
    rows = synthetic(Temperature(start, end), players, 6000, seed=int(start * 10 + players))
    t = module.fit(rows)
    assert t.start == pytest.approx(start, rel=0.2), t
    assert t.end == pytest.approx(end, rel=0.2), t
    assert module.on_edge(t) == []


def test_fit_says_when_the_optimum_is_on_an_edge() -> None:
    module = calibrate()
    # estimates always wrong about who wins: the likelihood grows with T without end
    rng = random.Random(7)
    rows = []
    for _ in range(500):
        lead = rng.gauss(0.0, 10.0)
        rows.append((rng.random(), 0, [lead, 0.0], 0.0 if lead > 0 else 1.0))
    t = module.fit(rows)
    assert t.start == pytest.approx(module.FIT_HIGH, rel=0.02)
    assert module.on_edge(t) == [f"start {t.start:g} is on the upper edge (4096)",
                                 f"end {t.end:g} is on the upper edge (4096)"]
    assert module.on_edge(Temperature(0.5, 3.0)) == ["start 0.5 is on the lower edge (0.5)"]
    assert module.on_edge(Temperature(43.2, 2.0)) == []
