"""Paired deals in a report: rows that play the same deal (seed and options) with one seat changed.

"Seats that do X win more" mixes doing X with being ahead. Rows that share a deal compare like
with like: when one row has the same bot in every seat (the baseline) and another the same deal
with one seat given to another agent (a probe, another level), the difference between what that
seat won in the two games is what the change itself is worth on that deal. This is what
``homeroom lab probe --out`` writes, and what two ``simulate`` runs over the same seeds give.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from typing import Any

from homeroom.sim.stats import mean_diff_ci


def _won(row: dict[str, Any], seat: int) -> float:
    w = [int(x) for x in str(row.get("winner", "")).split()]
    return 1 / len(w) if seat in w else 0.0


def paired(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (changed agent, baseline agent): the deals played both ways, the changed seat's win rate
    and the baseline's in the same seat, and the paired difference with its 95% interval and a
    two-sided p-value (joined to the report's correction)."""
    deals: dict[tuple[Any, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        opts = r.get("options", "")
        deals[(r.get("seed"), opts if isinstance(opts, str) else json.dumps(opts, sort_keys=True))].append(r)
    diffs: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for group in deals.values():
        bases = [r for r in group if len(set(str(r.get("seat_agents", "")).split())) == 1]
        if not bases:
            continue
        base = bases[0]
        base_agents = str(base.get("seat_agents", "")).split()
        for r in group:
            agents = str(r.get("seat_agents", "")).split()
            changed = [s for s, (a, b) in enumerate(zip(agents, base_agents)) if a != b]
            if len(agents) != len(base_agents) or len(changed) != 1:
                continue
            s = changed[0]
            diffs[(agents[s], base_agents[s])].append((_won(r, s), _won(base, s)))
    out = []
    for (agent, baseline), pairs in sorted(diffs.items()):
        d, lo, hi = mean_diff_ci([a - b for a, b in pairs])
        n = len(pairs)
        se = (hi - d) / 1.959963984540054 if n > 1 else 0.0
        p = math.erfc(abs(d) / se / math.sqrt(2)) if se > 0 else (1.0 if d == 0 else 0.0)
        out.append({"agent": agent, "baseline": baseline, "deals": n,
                    "win_rate": round(sum(a for a, _ in pairs) / n, 4),
                    "baseline_win_rate": round(sum(b for _, b in pairs) / n, 4),
                    "effect": round(d, 4), "effect_ci95": [round(lo, 4), round(hi, 4)], "p": min(1.0, p),
                    "beyond_noise": False})
    return out


__all__ = ["paired"]
