"""A variant against the baseline: two data sets' simulation rows side by side (issue 37).

Rows carry the data set they were played with (``data``, ``data_digest``: see
:mod:`homeroom.engine.datasets`). When a report's rows hold two data sets, the first file's is the
baseline and the other the variant; each figure (mean score, game length, each seat's win rate, each
score category) is given for both with the variant's difference and its 95% interval. Where the two
runs played the same deals (seed, options and seats), the difference is paired deal by deal, which
removes the deal's own luck; otherwise the runs are compared as independent samples. A difference
whose interval leaves out zero is beyond noise.
"""

from __future__ import annotations

import html
import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from homeroom.engine.errors import HomeroomError
from homeroom.sim.stats import mean_diff_ci

Row = dict[str, Any]
Z95 = 1.959963984540054


def data_sets(rows: Sequence[Row]) -> list[tuple[str, str]]:
    """The data sets of the rows as ``(name, digest)``, in the order first met (rows without a
    data set, from before data sets, count as one unnamed data set)."""
    seen: dict[tuple[str, str], None] = {}
    for r in rows:
        seen.setdefault((str(r.get("data", "")), str(r.get("data_digest", ""))), None)
    return list(seen)


def _players(row: Row) -> int:
    return len(str(row.get("scores", "")).split())


def _won(row: Row, seat: int) -> float:
    w = [int(x) for x in str(row.get("winner", "")).split()]
    return 1 / len(w) if seat in w else 0.0


def _metrics(row: Row) -> dict[str, float]:
    """The figures compared, for one game."""
    scores = [float(x) for x in str(row.get("scores", "")).split()]
    out: dict[str, float] = {"mean score": sum(scores) / len(scores) if scores else 0.0,
                             "decisions": float(row.get("decisions", 0) or 0)}
    for seat in range(len(scores)):
        out[f"seat {seat + 1} win rate"] = _won(row, seat)
    cats: dict[str, list[float]] = defaultdict(list)
    for key, value in row.items():
        if key.startswith("seat") and "_" in key and key[4:key.index("_")].isdigit() and isinstance(value, (int, float)):
            cats[key[key.index("_") + 1:]].append(float(value))
    for cat, values in sorted(cats.items()):
        out[f"score: {cat}"] = sum(values) / len(scores) if scores else 0.0
    return out


def _deal(row: Row) -> tuple[Any, ...]:
    return (row.get("seed"), str(row.get("options", "")), str(row.get("seat_agents", "")))


def _welch(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """Difference of means ``b - a`` with a normal 95% interval (independent samples)."""
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1) if len(a) > 1 else 0.0
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1) if len(b) > 1 else 0.0
    half = Z95 * math.sqrt(va / len(a) + vb / len(b))
    return mb - ma, mb - ma - half, mb - ma + half


def compare(rows: Sequence[Row]) -> dict[str, Any]:
    """Baseline (the first data set met) against the variant, per game and player count."""
    found = data_sets(rows)
    if len(found) != 2:
        raise HomeroomError(f"a comparison needs rows of exactly two data sets, found {len(found)}: "
                            + ", ".join(f"{n or 'unnamed'} ({d or 'no digest'})" for n, d in found))
    base_key, variant_key = found
    groups: dict[tuple[str, int], dict[tuple[str, str], list[Row]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        if r.get("error"):
            continue
        groups[(str(r.get("game", "")), _players(r))][(str(r.get("data", "")), str(r.get("data_digest", "")))].append(r)
    sections = []
    for (game, players), by_set in sorted(groups.items()):
        base, variant = by_set.get(base_key, []), by_set.get(variant_key, [])
        if not base or not variant:
            continue
        base_deals = {_deal(r): r for r in base}
        pairs = [(base_deals[_deal(r)], r) for r in variant if _deal(r) in base_deals]
        paired = len(pairs) >= 2
        names = list(_metrics(base[0]))
        names += [n for n in _metrics(variant[0]) if n not in names]
        figures = []
        for name in names:
            a = [_metrics(r).get(name, 0.0) for r in base]
            b = [_metrics(r).get(name, 0.0) for r in variant]
            if paired:
                diff, lo, hi = mean_diff_ci([_metrics(v).get(name, 0.0) - _metrics(p).get(name, 0.0)
                                             for p, v in pairs])
            else:
                diff, lo, hi = _welch(a, b)
            figures.append({"figure": name, "baseline": round(sum(a) / len(a), 4),
                            "variant": round(sum(b) / len(b), 4), "difference": round(diff, 4),
                            "ci95": [round(lo, 4), round(hi, 4)], "beyond_noise": lo > 0 or hi < 0})
        sections.append({"game": game, "players": players, "baseline_games": len(base),
                         "variant_games": len(variant), "paired_deals": len(pairs) if paired else 0,
                         "figures": figures})
    if not sections:
        raise HomeroomError("the two data sets' rows share no game and player count to compare")
    return {"baseline": _label(base_key), "variant": _label(variant_key), "sections": sections}


def _label(key: tuple[str, str]) -> dict[str, str]:
    return {"name": key[0] or "unnamed", "digest": key[1]}


def render_compare(cmp: dict[str, Any]) -> str:
    """The comparison as an HTML fragment (for the top of the report page)."""
    b, v = cmp["baseline"], cmp["variant"]
    parts = [f"<h2>Variant {html.escape(v['name'])} ({html.escape(v['digest'])}) against baseline "
             f"{html.escape(b['name'])} ({html.escape(b['digest'])})</h2>"]
    for sec in cmp["sections"]:
        how = (f"paired over {sec['paired_deals']} deals both runs played" if sec["paired_deals"] else
               "independent samples (the runs share no deals)")
        parts.append(f"<h3>{html.escape(sec['game'])}, {sec['players']} player(s): {sec['baseline_games']} "
                     f"baseline and {sec['variant_games']} variant games; differences {how}</h3>")
        rows = "".join(
            f"<tr><td style='text-align:left'>{html.escape(f['figure'])}</td><td>{f['baseline']}</td>"
            f"<td>{f['variant']}</td><td>{f['difference']:+}</td><td>[{f['ci95'][0]}, {f['ci95'][1]}]</td>"
            f"<td class='{'beyond' if f['beyond_noise'] else 'noise'}'>"
            f"{'beyond noise' if f['beyond_noise'] else 'within noise'}</td></tr>" for f in sec["figures"])
        parts.append("<table><tr><th>figure</th><th>baseline</th><th>variant</th><th>difference</th>"
                     f"<th>95% interval</th><th></th></tr>{rows}</table>")
    return "\n".join(parts)
