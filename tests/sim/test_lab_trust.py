"""The balance report's flags can be trusted: corrected for the report's many tests (Benjamini-
Hochberg), with effect sizes and the count chance alone would give, in the players' words."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from homeroom.sim.report import analyse, load_rows, render_html
from homeroom.sim.runner import simulate, write_rows
from homeroom.sim.stats import adjusted, benjamini_hochberg, binom_p


def _flags(sec: dict[str, Any]) -> dict[str, int]:
    return {"seats": sum(s["beyond_noise"] for s in sec["seats"]),
            "heavy": sum(h["beyond_noise"] for h in sec["actions"]["heavy_users"]),
            "components": sum(c["beyond_noise"] for c in sec["components"])}


@pytest.fixture(scope="module")
def null_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Identical random bots, High School Drama, 3 players, 300 games (a few seconds)."""
    path = tmp_path_factory.mktemp("null") / "hsd.csv"
    write_rows(simulate("high-school-drama", 3, 300, seed=1000), path)
    return analyse(load_rows([path]))


def test_identical_bots_give_almost_no_flags_after_the_correction(null_run: dict[str, Any]) -> None:
    sec = null_run["sections"][0]
    flags = _flags(sec)
    tests = len(sec["seats"]) + len(sec["actions"]["heavy_users"]) + len(sec["components"])
    # identical bots: no seat and no component wins away from its share once the 100+ tests are
    # corrected for (uncorrected, chance alone flagged about 5% of them: 9 components here)
    assert flags["seats"] == 0 and flags["components"] == 0, flags
    assert sum(flags.values()) <= 0.03 * tests, (flags, tests)
    testing = null_run["testing"]
    assert testing["method"] == "Benjamini-Hochberg" and testing["tests"] == tests
    assert testing["flags_uncorrected"] > testing["flags"] == sum(flags.values())
    assert testing["expected_by_chance_uncorrected"] == pytest.approx(0.05 * tests, abs=0.1)


def _synthetic(n: int, planted: float, rng: random.Random, components: int = 120) -> list[dict[str, Any]]:
    """``n`` 3-player games: seat-games that take 'golden' win with probability ``planted``; every
    other component is taken by one seat at random, independently of who wins."""
    rows = []
    for i in range(n):
        golden = rng.randrange(3)
        winner = golden if rng.random() < planted else rng.choice([s for s in range(3) if s != golden])
        taken: dict[int, list[str]] = {s: [] for s in range(3)}
        for k in range(components):
            taken[rng.randrange(3)].append(f"c{k}")
        taken[golden].append("golden")
        rows.append({"seed": i, "game": "synthetic", "scores": " ".join("9" if s == winner else "5" for s in range(3)),
                     "winner": str(winner), "seat_agents": "a a a", "_file": "x",
                     **{f"taken_{s}": " ".join(taken[s]) for s in range(3)}})
    return rows


def test_a_planted_effect_is_found_and_chance_is_not() -> None:
    data = analyse(_synthetic(300, 0.55, random.Random(7)))
    comps = {c["component"]: c for c in data["sections"][0]["components"]}
    golden = comps.pop("golden")
    assert golden["beyond_noise"] and golden["effect_ci95"][0] > 0 and golden["effect"] == pytest.approx(0.22, abs=0.06)
    noise = [c for c in comps.values() if c["beyond_noise_uncorrected"]]
    assert len(noise) >= 2  # what the uncorrected 95% tests cried wolf about
    assert not any(c["beyond_noise"] for c in comps.values())


def test_benjamini_hochberg_and_the_exact_binomial() -> None:
    assert binom_p(9, 10, 0.5) == pytest.approx(0.021484375)
    assert binom_p(5, 10, 0.5) == pytest.approx(1.0)
    assert binom_p(30, 300, 1 / 3) < 1e-10
    p = [0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216]
    assert benjamini_hochberg(p) == [True, True] + [False] * 8
    assert [q <= 0.05 for q in adjusted(p)] == benjamini_hochberg(p)
    assert benjamini_hochberg([0.01] * 10) == [True] * 10


def test_the_page_speaks_the_players_language(tmp_path: Path) -> None:
    path = tmp_path / "c89.csv"
    write_rows(simulate("class-of-89", 3, 4, seed=3), path)
    data = analyse(load_rows([path]))
    page = render_html(data)
    assert "School Entrance" in page and "Place the 1x1 tile" in page and "Put a token" in page
    for raw in (">placeonebyone<", ">puttoken<", ">place:entrance<", ">seat 0<"):
        assert raw not in page
    assert ">seat 1<" in page
    assert "Benjamini-Hochberg" in page and "chance alone would flag about" in page
    assert "not a cause" in page and "homeroom lab probe" in page
    # every chart has a legend and is drawn large enough to read (matplotlib's size in points)
    charts = page.count("<svg")
    assert charts >= 5 and page.count('id="legend_') >= charts
    widths = [float(w) for w in __import__("re").findall(r'<svg[^>]*width="([\d.]+)pt"', page)]
    assert widths and min(widths) >= 500, widths
