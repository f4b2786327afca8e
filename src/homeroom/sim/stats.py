"""The balance report's tests and their correction for testing many things at once.

A report asks one question of every seat, action kind and component ("do these seat-games win
more, or less, than the fair share 1/players?"): 100-170 questions in a typical report. At 95%
each, chance alone answers "yes" to about 5% of them even when nothing is wrong. So every question
gets a p-value (:func:`binom_p`, two-sided, exact for small samples) and the report flags only
what survives the **Benjamini-Hochberg** procedure (:func:`benjamini_hochberg`) at a false
discovery rate of 5% across everything it tests: of the flags it raises, at most 5% are expected
to be chance. Benjamini-Hochberg rather than Holm: Holm controls the chance of even one false flag
and, over 150 tests, needs p < 0.0003 for the first one, so it misses real but moderate effects;
a balance study screens for leads to check with a probe, where a few false leads among the flags
are acceptable and missed ones are not. When nothing is wrong at all (identical bots), both keep
the chance of any flag at about 5%.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from homeroom.sim.tournament import wilson

FDR = 0.05
"""The false discovery rate the report controls."""
ALPHA = 0.05
"""The per-test level of an uncorrected 95% interval (what chance alone flags per test)."""

_EXACT_UP_TO = 2000


def binom_p(wins: float, n: int, p: float) -> float:
    """Two-sided p-value of ``wins`` successes in ``n`` trials when each succeeds with probability
    ``p``: exact (the outcomes no likelier than the observed one) up to 2000 trials, else the normal
    approximation. Shared wins count fractionally, so ``wins`` is rounded to the nearest whole."""
    if n <= 0 or not 0.0 < p < 1.0:
        return 1.0
    k = min(n, max(0, round(wins)))
    if n > _EXACT_UP_TO:
        z = abs(wins - n * p) / math.sqrt(n * p * (1 - p))
        return min(1.0, math.erfc(z / math.sqrt(2)))
    logs = [_log_pmf(i, n, p) for i in range(n + 1)]
    observed = logs[k]
    total = sum(math.exp(v) for v in logs if v <= observed + 1e-7)
    return min(1.0, total)


def _log_pmf(k: int, n: int, p: float) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log1p(-p)


def benjamini_hochberg(pvalues: Sequence[float], q: float = FDR) -> list[bool]:
    """Which of ``pvalues`` are discoveries at false discovery rate ``q`` (Benjamini-Hochberg
    step-up: the largest k with the k-th smallest p-value <= k q / m, and every smaller one)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    cut = 0
    for rank, i in enumerate(order, start=1):
        if pvalues[i] <= rank * q / m:
            cut = rank
    keep = [False] * m
    for i in order[:cut]:
        keep[i] = True
    return keep


def adjusted(pvalues: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values): a test is flagged when its value is <= the FDR."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i], reverse=True)
    out = [1.0] * m
    running = 1.0
    for pos, i in enumerate(order):
        rank = m - pos
        running = min(running, pvalues[i] * m / rank)
        out[i] = min(1.0, running)
    return out


def mean_diff_ci(diffs: Sequence[float]) -> tuple[float, float, float]:
    """Mean of paired differences with a normal 95% interval."""
    n = len(diffs)
    m = sum(diffs) / n if n else 0.0
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1))
    half = 1.959963984540054 * sd / math.sqrt(n)
    return m, m - half, m + half


def win_test(wins: float, n: int, fair: float | None) -> dict[str, Any]:
    """One question of the report: does this group of ``n`` seat-games win ``fair`` of them? Its
    effect (win rate minus the fair share, with the 95% interval) and two-sided p-value; whether it
    is flagged is decided later, across the whole report (:func:`correct`)."""
    if fair is None or n == 0:
        return {"beyond_noise": False}
    lo, hi = wilson(wins, n)
    return {"effect": round(wins / n - fair, 4), "effect_ci95": [round(lo - fair, 4), round(hi - fair, 4)],
            "p": binom_p(wins, n, fair), "beyond_noise": False}


def tested(sec: dict[str, Any]) -> list[dict[str, Any]]:
    """Every entry of a section that carries a test (seats, heavy users, components, paired deals)."""
    return [e for e in [*sec.get("seats", []), *sec.get("actions", {}).get("heavy_users", []),
                        *sec.get("components", []), *sec.get("paired", [])] if "p" in e]


def correct(sections: list[dict[str, Any]]) -> dict[str, Any]:
    """Flag (``beyond_noise``) only the tests that survive Benjamini-Hochberg at a false discovery
    rate of :data:`~homeroom.sim.stats.FDR` across every test of the report; keep the uncorrected
    verdict beside it (``beyond_noise_uncorrected``) and say how many flags chance alone gives."""
    entries = [e for sec in sections for e in tested(sec)]
    qs = adjusted([e["p"] for e in entries])
    for e, q in zip(entries, qs):
        e["q"] = round(q, 6)
        e["p"] = round(e["p"], 6)
        e["beyond_noise"] = q <= FDR
        e["beyond_noise_uncorrected"] = e["p"] < ALPHA
    m = len(entries)
    return {"method": "Benjamini-Hochberg", "fdr": FDR, "tests": m,
            "flags_uncorrected": sum(e["beyond_noise_uncorrected"] for e in entries),
            "expected_by_chance_uncorrected": round(ALPHA * m, 1),
            "flags": sum(e["beyond_noise"] for e in entries)}


def flags_statement(t: dict[str, Any]) -> str:
    """The page's statement of how many flags chance alone would give, and what a flag means."""
    return (
        "<div class='testing'><h2>How to read the flags</h2>"
        f"<p>This report asks {t['tests']} questions of the form \u201cdo these seats win more, or less, than the fair "
        "share?\u201d (one per seat, per action kind's heavy users and per component). Tested one by one at 95%, "
        f"chance alone would flag about <b>{t['expected_by_chance_uncorrected']:g}</b> of them even in a perfectly "
        f"balanced game; {t['flags_uncorrected']} pass that uncorrected test here. So the report flags only what "
        "survives the <b>Benjamini-Hochberg</b> correction at a 5% false discovery rate across all "
        f"{t['tests']} questions: <b>{t['flags']} flag(s)</b>, of which at most about 5% are expected to be chance. "
        "Benjamini-Hochberg rather than Holm: Holm guards against even one false flag and over this many tests "
        "misses real, moderate imbalances; a balance study wants leads to check, and when nothing is wrong both "
        "keep the chance of any flag near 5%.</p>"
        "<p>Rows that play the same deal twice, once with one seat changed, are compared deal by deal (the "
        "<i>paired deals</i> table, where there is one): that comparison is like with like.</p>"
        "<p>Each row shows its <b>effect</b>: the win rate minus the fair share in percentage points, with its 95% "
        "interval. <b>A flag is an association, not a cause.</b> A seat that is ahead takes more of everything, so "
        "\u201cseats that use X (or take card Y) win more\u201d does not show that X wins games, and a card taken "
        "mostly by leaders looks strong whatever it does. Before calling a line dominant, compare like with like: "
        "<code>homeroom lab probe GAME</code> plays a scripted line against medium bots on the same deals with and "
        "without it (paired seeds). Seat flags are different: seats are assigned before the game, so a seat flag "
        "is a real first-player (or seat-order) effect.</p></div>")


__all__ = ["ALPHA", "FDR", "adjusted", "benjamini_hochberg", "binom_p", "correct", "flags_statement", "mean_diff_ci",
           "tested", "win_test"]
