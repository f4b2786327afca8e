"""The balance report: read the rows of ``simulate``/``tournament --out`` and analyse them.

:func:`load_rows` reads CSV or Parquet result files; :func:`analyse` turns the rows into one
JSON-able dict per (game, player count) with everything a balance study looks at (win rate by
seat with 95% intervals, score distributions and sources, game length, action-kind usage per
seat and round, per-component take rates with the takers' win rate and score, the solo automa's
results by difficulty and agent ratings); :func:`render_html` draws it as one self-contained
HTML page (tables and matplotlib plots inlined as SVG, no external scripts or fonts). Every
comparison states whether the difference is beyond noise (95% intervals) or within it.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from homeroom.engine.errors import HomeroomError
from homeroom.sim.paired import paired
from homeroom.sim.stats import correct, flags_statement, win_test
from homeroom.sim.tournament import ELO_START, update_elo, wilson

Row = dict[str, Any]


# --------------------------------------------------------------------------- reading
def load_rows(paths: Sequence[Path]) -> list[Row]:
    """Every row of the given result files (.csv or .parquet), with numbers parsed."""
    rows: list[Row] = []
    for path in paths:
        if not path.exists():
            raise HomeroomError(f"no results file {path}")
        if path.suffix == ".parquet":
            try:
                import pyarrow.parquet as pq
            except ImportError:
                raise HomeroomError("reading Parquet needs pyarrow: pip install 'homeroom[lab]'") from None
            try:
                table = pq.read_table(path)
            except Exception as err:  # noqa: BLE001 - any unreadable file is one clear error
                raise HomeroomError(f"{path} is not a readable Parquet file: {err}") from None
            got = [{k: v for k, v in r.items() if v is not None} for r in table.to_pylist()]
        elif path.suffix == ".csv":
            try:
                with path.open(newline="", encoding="utf-8") as fh:
                    got = [{k: v if k in ("data", "data_digest") else _parse(v)  # (a digest is text)
                            for k, v in r.items() if k and v not in (None, "")}
                           for r in csv.DictReader(fh)]
            except (OSError, UnicodeDecodeError, csv.Error) as err:
                raise HomeroomError(f"cannot read {path}: {err}") from None
        else:
            raise HomeroomError(f"{path.name}: results must be .csv or .parquet files")
        if got and "seed" not in got[0]:
            raise HomeroomError(f"{path} is not a homeroom results file (no 'seed' column)")
        for r in got:
            r["_file"] = path.name
        rows.extend(got)
    if not rows:
        raise HomeroomError("the results files hold no games")
    return rows


def _parse(v: str) -> Any:
    try:
        return int(v)
    except ValueError:
        pass
    try:
        return float(v)
    except ValueError:
        return v


def _players(row: Row) -> int:
    return len(str(row.get("scores", "")).split())


def _ints(text: Any) -> list[int]:
    return [int(x) for x in str(text if text is not None else "").split()]


# --------------------------------------------------------------------------- statistics
def _mean(vals: Sequence[float]) -> float:
    return sum(vals) / len(vals) if vals else 0.0


def _ci_mean(vals: Sequence[float]) -> tuple[float, float, float]:
    """Mean with a normal-approximation 95% interval."""
    n = len(vals)
    m = _mean(vals)
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((v - m) ** 2 for v in vals) / (n - 1))
    half = 1.959963984540054 * sd / math.sqrt(n)
    return m, m - half, m + half


def _quantiles(vals: Sequence[float]) -> list[float]:
    s = sorted(vals)
    if not s:
        return []
    out = []
    for q in (0.0, 0.25, 0.5, 0.75, 1.0):
        pos = q * (len(s) - 1)
        lo = int(pos)
        hi = min(len(s) - 1, lo + 1)
        out.append(round(s[lo] + (s[hi] - s[lo]) * (pos - lo), 2))
    return out


def _r(x: float, d: int = 4) -> float:
    return round(x, d)


def analyse(rows: Iterable[Row]) -> dict[str, Any]:
    """One section per (game, player count); errors are counted and left out of the figures."""
    groups: dict[tuple[str, int], list[Row]] = defaultdict(list)
    errors: dict[tuple[str, int], int] = defaultdict(int)
    for r in rows:
        key = (str(r.get("game") or "unknown game"), _players(r) or int(r.get("players", 0) or 0))
        if r.get("error"):
            errors[key] += 1
            continue
        groups[key].append(r)
    sections = [_section(game, players, rs, errors[(game, players)]) for (game, players), rs in sorted(groups.items())]
    for (game, players), n in errors.items():
        if (game, players) not in groups:
            sections.append({"game": game, "players": players, "games": 0, "errors": n})
    testing = correct(sections)
    for sec in sections:
        _verdicts(sec)
        _name(sec)
    return {"sections": sections, "testing": testing}


def _verdicts(sec: dict[str, Any]) -> None:
    """The seat verdict, after the correction."""
    players = sec["players"]
    if players < 2 or not sec.get("games"):
        return
    fair = 1 / players
    off = [s["seat"] for s in sec["seats"] if s["beyond_noise"]]
    sec["seat_verdict"] = (
        f"Seat differences are within noise: no seat wins away from the fair share {fair:.0%} after the "
        "correction for the report's many tests." if not off else
        "Beyond noise: seat " + ", ".join(str(s + 1) for s in off) + f" wins away from the fair share {fair:.0%} "
        "(Benjamini-Hochberg, 5% false discovery rate).")
    sec["first_seat_within_noise"] = not sec["seats"][0]["beyond_noise"]


def _name(sec: dict[str, Any]) -> None:
    """Each action kind and component as the rulebook names it (the game's ``lab.label``)."""
    from homeroom.sim.lab import labels_for

    label = labels_for(sec["game"])
    act = sec.get("actions")
    if act:
        act["names"] = {k: label(k) for k in act["share"]}
        act["placement_names"] = {k: label("place:" + k) for k in act.get("placement_share", {})}
        for h in act.get("heavy_users", []):
            h["name"] = label(h["kind"])
    for c in sec.get("components", []):
        c["name"] = label(c["component"])


def _section(game: str, players: int, rows: list[Row], errors: int) -> dict[str, Any]:
    n = len(rows)
    out: dict[str, Any] = {"game": game, "players": players, "games": n, "errors": errors,
                           "files": sorted({r["_file"] for r in rows})}
    scores = [_ints(r.get("scores")) for r in rows]
    winners = [_ints(r.get("winner")) for r in rows]
    agents = [str(r.get("seat_agents", "")).split() for r in rows]

    # win rate by seat position
    seats: list[dict[str, Any]] = []
    fair = 1 / players if players > 1 else None
    for s in range(players):
        wins = sum(1 / len(w) for w in winners if s in w)
        lo, hi = wilson(wins, n)
        vals = [sc[s] for sc in scores if len(sc) > s]
        seats.append({"seat": s, "wins": _r(wins, 2), "win_rate": _r(wins / n), "ci95": [_r(lo), _r(hi)],
                      "score_mean": _r(_mean(vals), 2), "score_quartiles": _quantiles(vals),
                      **win_test(wins, n, fair)})
    out["seats"] = seats
    out["scores"] = scores

    # score sources by category
    cats: list[str] = []
    for r in rows:
        for k in r:
            if k.startswith("seat") and "_" in k and k[4:k.index("_")].isdigit():
                cat = k[k.index("_") + 1:]
                if cat not in cats:
                    cats.append(cat)
    if cats:
        all_src = {c: [float(r.get(f"seat{s}_{c}", 0) or 0) for r in rows for s in range(players)] for c in cats}
        win_src: dict[str, list[float]] = {c: [] for c in cats}
        win_tot: list[float] = []
        for r, w in zip(rows, winners):
            for s in w:
                for c in cats:
                    win_src[c].append(float(r.get(f"seat{s}_{c}", 0) or 0))
                win_tot.append(sum(float(r.get(f"seat{s}_{c}", 0) or 0) for c in cats))
        total_w = sum(win_tot) or 1.0
        out["sources"] = [{
            "category": c, "name": _words(c),
            "mean_per_seat": _r(_mean(all_src[c]), 3),
            "winners_mean": _r(_mean(win_src[c]), 3),
            "winners_share": _r(sum(win_src[c]) / total_w),
            "winners_share_ci95": [_r(x) for x in _share_ci(win_src[c], win_tot)],
        } for c in cats]

    # game length
    decisions = [float(r.get("decisions", 0) or 0) for r in rows]
    rounds = []
    for r in rows:
        seen: set[str] = set()
        for s in range(players):
            seen.update(json.loads(r.get(f"actions_{s}", "{}") or "{}").keys())
        rounds.append(max((int(x) for x in seen if str(x).lstrip("-").isdigit()), default=0))
    out["length"] = {"decisions_quartiles": _quantiles(decisions), "decisions_mean": _r(_mean(decisions), 2),
                     "rounds_quartiles": _quantiles(rounds), "decisions": decisions}

    # action-kind usage per seat and per round
    per_seat: dict[str, list[float]] = defaultdict(lambda: [0.0] * players)
    seat_counts: list[tuple[dict[str, int], bool, int]] = []  # (kind counts, won, score) per seat-game
    per_round: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    has_actions = False
    for r in rows:
        for s in range(players):
            raw = r.get(f"actions_{s}")
            if not raw:
                continue
            has_actions = True
            counts: dict[str, int] = defaultdict(int)
            for rnd, kinds in json.loads(raw).items():
                for kind, k in kinds.items():
                    per_seat[kind][s] += k
                    per_round[kind][rnd] += k
                    counts[kind] += k
            w = _ints(r.get("winner"))
            seat_counts.append((counts, s in w, _ints(r.get("scores"))[s]))
    if has_actions:
        total = sum(sum(v) for v in per_seat.values()) or 1.0
        placements = {k: sum(v) for k, v in per_seat.items() if k.startswith("place:")}
        place_total = sum(placements.values())
        out["actions"] = {
            "per_seat": {k: [_r(x / n, 3) for x in v] for k, v in sorted(per_seat.items())},
            "per_round": {k: {rnd: _r(x / n, 3) for rnd, x in sorted(v.items(), key=lambda kv: _num(kv[0]))}
                          for k, v in sorted(per_round.items())},
            "share": {k: _r(sum(v) / total) for k, v in sorted(per_seat.items())},
        }
        heavy = []
        for kind in sorted(per_seat):
            mean_use = sum(per_seat[kind]) / len(seat_counts)
            users = [(won, score) for counts, won, score in seat_counts if counts.get(kind, 0) > mean_use]
            if not users or len(users) == len(seat_counts):
                continue
            wins = sum(1 for won, _ in users if won)
            lo, hi = wilson(wins, len(users))
            heavy.append({"kind": kind, "above_mean_use": _r(mean_use, 2), "seat_games": len(users),
                          "win_rate": _r(wins / len(users)), "ci95": [_r(lo), _r(hi)],
                          "score_mean": _r(_mean([sc for _, sc in users]), 2), **win_test(wins, len(users), fair)})
        out["actions"]["heavy_users"] = heavy
        if place_total:
            out["actions"]["placement_share"] = {k[len("place:"):]: _r(v / place_total)
                                                 for k, v in sorted(placements.items())}

    # per component
    comp: dict[str, dict[str, Any]] = {}
    base_w = 1 / players if players > 1 else None
    seat_games = n * players
    for r, sc, w in zip(rows, scores, winners):
        for s in range(players):
            for c in set(str(r.get(f"taken_{s}", "") or "").split()):
                d = comp.setdefault(c, {"takers": 0, "wins": 0.0, "scores": []})
                d["takers"] += 1
                d["wins"] += (1 / len(w)) if s in w else 0.0
                d["scores"].append(sc[s])
    if comp:
        overall = _mean([x for sc in scores for x in sc])
        rows_c = []
        for c, d in sorted(comp.items(), key=lambda kv: (-kv[1]["takers"], kv[0])):
            lo, hi = wilson(d["wins"], d["takers"])
            rows_c.append({"component": c, "taken_in": d["takers"], "take_rate": _r(d["takers"] / seat_games),
                           "win_rate": _r(d["wins"] / d["takers"]), "win_ci95": [_r(lo), _r(hi)],
                           "score_mean": _r(_mean(d["scores"]), 2), "score_vs_all": _r(_mean(d["scores"]) - overall, 2),
                           **win_test(d["wins"], d["takers"], base_w)})
        out["components"] = rows_c

    like = paired(rows)
    if like:
        out["paired"] = like

    # solo: the automa by difficulty
    if players == 1:
        levels: dict[tuple[str, str], list[Row]] = defaultdict(list)
        for r in rows:
            opts = json.loads(r.get("options", "{}") or "{}") if isinstance(r.get("options"), str) else {}
            levels[(str(opts.get("difficulty", "-")), str(r.get("seat_agents", "")))].append(r)
        solo: list[dict[str, Any]] = []
        for (level, agent), rs in sorted(levels.items()):
            wins = sum(1 for r in rs if 0 in _ints(r.get("winner")))
            lo, hi = wilson(wins, len(rs))
            automa = [float(v) for r in rs for k, v in r.items() if k.startswith("automa_")]
            solo.append({"difficulty": level, "agent": agent, "games": len(rs), "win_rate": _r(wins / len(rs)),
                         "ci95": [_r(lo), _r(hi)], "score_mean": _r(_mean([_ints(r["scores"])[0] for r in rs]), 2),
                         "automa_score_mean": _r(_mean(automa), 2) if automa else None})
        out["solo"] = solo

    # agent ratings (tournament rows: more than one agent spec)
    specs: list[str] = sorted({a for ag in agents for a in ag})
    if players > 1 and len(specs) > 1:
        elo = dict.fromkeys(specs, ELO_START)
        stat: dict[str, dict[str, Any]] = {a: {"games": 0, "wins": 0.0, "scores": []} for a in specs}
        for ag, sc, w in zip(agents, scores, winners):
            if len(ag) != players:
                continue
            ratings = [elo[a] for a in ag]
            new = update_elo(ratings, sc, w)
            for s, a in enumerate(ag):
                elo[a] += new[s] - ratings[s]
                stat[a]["games"] += 1
                stat[a]["wins"] += (1 / len(w)) if s in w else 0.0
                stat[a]["scores"].append(sc[s])
        table: list[dict[str, Any]] = []
        for a in specs:
            g = stat[a]["games"]
            lo, hi = wilson(stat[a]["wins"], g)
            table.append({"agent": a, "games": g, "elo": round(elo[a], 1), "win_rate": _r(stat[a]["wins"] / g) if g else 0.0,
                          "ci95": [_r(lo), _r(hi)], "score_mean": _r(_mean(stat[a]["scores"]), 2)})
        table.sort(key=lambda t: -t["elo"])
        if len(table) > 1:
            top, nxt = table[0], table[1]
            apart = top["ci95"][0] > nxt["ci95"][1]
            out["ratings_verdict"] = (f"{top['agent']} beats {nxt['agent']} beyond noise (95% intervals apart)."
                                      if apart else f"{top['agent']} and {nxt['agent']} are within noise of each other "
                                           "(95% intervals overlap).")
        out["ratings"] = table
    return out


def _num(x: str) -> float:
    try:
        return float(x)
    except ValueError:
        return math.inf


def _share_ci(part: Sequence[float], whole: Sequence[float]) -> tuple[float, float]:
    """95% interval of a ratio of sums (delta method over games)."""
    n = len(part)
    if n < 2 or sum(whole) == 0:
        r = sum(part) / (sum(whole) or 1.0)
        return r, r
    r = sum(part) / sum(whole)
    mw = sum(whole) / n
    resid = [p - r * w for p, w in zip(part, whole)]
    var = sum(e * e for e in resid) / (n - 1) / (n * mw * mw)
    half = 1.959963984540054 * math.sqrt(var)
    return r - half, r + half  # not clamped: a category may score negative points


# --------------------------------------------------------------------------- HTML
def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    text = buf.getvalue()
    text = re.sub(r"<metadata>.*?</metadata>", "", text[text.index("<svg"):], flags=re.S)
    return text


def _plots(sec: dict[str, Any]) -> dict[str, str]:
    try:
        import matplotlib
    except ImportError:
        raise HomeroomError("the HTML report needs matplotlib: pip install 'homeroom[lab]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "path"  # text as paths: the page needs no font
    matplotlib.rcParams["svg.hashsalt"] = "homeroom"
    import matplotlib.pyplot as plt

    matplotlib.rcParams.update({"font.size": 13, "axes.titlesize": 14, "legend.fontsize": 11})
    out: dict[str, str] = {}
    seats = sec["seats"]
    if sec["players"] > 1:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        xs = [s["seat"] + 1 for s in seats]
        ys = [s["win_rate"] for s in seats]
        err = [[y - s["ci95"][0] for y, s in zip(ys, seats)], [s["ci95"][1] - y for y, s in zip(ys, seats)]]
        ax.bar(xs, ys, yerr=err, capsize=4, color="#4a7ab8", label="win rate (bar: 95% interval)")
        ax.axhline(1 / sec["players"], color="#c33", ls="--", lw=1.5, label=f"fair share (1/{sec['players']})")
        ax.set_xlabel("seat")
        ax.set_ylabel("win rate")
        ax.set_xticks(xs)
        ax.legend()
        out["winrate"] = _svg(fig)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    box = ax.boxplot([[sc[s["seat"]] for sc in sec["scores"]] for s in seats])
    ax.set_xticks(range(1, len(seats) + 1), [str(s["seat"] + 1) for s in seats])
    ax.set_xlabel("seat")
    ax.set_ylabel("final score")
    ax.legend([box["medians"][0], box["boxes"][0]], ["median", "middle half of the games (whiskers: 1.5 IQR)"],
              loc="best")
    out["scores"] = _svg(fig)
    if sec.get("sources"):
        fig, ax = plt.subplots(figsize=(8, 0.6 * len(sec["sources"]) + 1.8))
        src = sec["sources"]
        ax.barh([c["name"] for c in src], [c["winners_share"] for c in src], color="#5a9b5a",
                xerr=[[max(0.0, c["winners_share"] - c["winners_share_ci95"][0]) for c in src],
                      [max(0.0, c["winners_share_ci95"][1] - c["winners_share"]) for c in src]], capsize=3,
                label="share of the winners' score (bar: 95% interval)")
        ax.set_xlabel("share of the winners' score")
        ax.legend(loc="lower right")
        out["sources"] = _svg(fig)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.hist(sec["length"]["decisions"], bins=20, color="#888", label="games of this length")
    ax.legend()
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    out["length"] = _svg(fig)
    if sec.get("actions"):
        per_round = sec["actions"]["per_round"]
        rounds = sorted({rnd for v in per_round.values() for rnd in v}, key=_num)
        fig, ax = plt.subplots(figsize=(11, 5.5))
        names = sec["actions"].get("names", {})
        bottom = [0.0] * len(rounds)
        top = sorted(per_round, key=lambda k: -sum(per_round[k].values()))[:12]
        cmap = plt.get_cmap("tab20")
        for i, kind in enumerate(top):
            ys = [per_round[kind].get(rnd, 0.0) for rnd in rounds]
            ax.bar(rounds, ys, bottom=bottom, label=names.get(kind, kind), color=cmap(i % 20))
            bottom = [b + y for b, y in zip(bottom, ys)]
        ax.set_xlabel("round")
        ax.set_ylabel("actions per game")
        ax.legend(title="action kind (the 12 most used)", bbox_to_anchor=(1.01, 1), loc="upper left")
        out["actions"] = _svg(fig)
    return out


def _table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}".rstrip("0").rstrip(".") if v != int(v) or abs(v) < 1e6 else str(v)
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, float | int) for x in v):
        return f"{100 * v[0]:.1f}% - {100 * v[1]:.1f}%"
    return str(v)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _words(name: str) -> str:
    """A score category as a player reads it: 'wildcat_way' -> 'Wildcat Way', 'abc_token' -> 'ABC Token'."""
    return " ".join(w.upper() if w in ("abc", "rc") else w.capitalize() for w in name.split("_"))


def _effect(e: dict[str, Any]) -> str:
    """Win rate minus the fair share, in percentage points, with its 95% interval."""
    if "effect" not in e:
        return "-"
    lo, hi = e["effect_ci95"]
    return f"{100 * e['effect']:+.1f} pts [{100 * lo:+.1f}, {100 * hi:+.1f}]"


def _flag(e: dict[str, Any]) -> str:
    if e.get("beyond_noise"):
        return "FLAG (q {:.3g})".format(e["q"])
    if e.get("beyond_noise_uncorrected"):
        return "no: chance (p {:.2g}, q {:.2g})".format(e["p"], e["q"])
    return "no"


def render_html(report: dict[str, Any], title: str = "homeroom balance report") -> str:
    """One self-contained page: inline CSS and SVG, no scripts, no fonts, no links out."""
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
             "<style>body{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}"
             "table{border-collapse:collapse;margin:.5em 0 1em}td,th{border:1px solid #ccc;padding:2px 6px;"
             "text-align:right;font-size:13px}th{background:#eee}.noise{color:#555;font-style:italic}"
             ".beyond{color:#b00;font-weight:bold}svg{max-width:100%;height:auto}"
             ".testing{background:#f6f6f0;border:1px solid #ddd;padding:.2em 1em}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>"]
    if report.get("testing", {}).get("tests"):
        parts.append(flags_statement(report["testing"]))
    for sec in report["sections"]:
        parts.append(f"<h2>{html.escape(sec['game'])}, {sec['players']} player(s): {sec['games']} games"
                     f"{', ' + str(sec['errors']) + ' with errors (left out)' if sec['errors'] else ''}</h2>")
        if not sec["games"]:
            continue
        plots = _plots(sec)
        parts.append("<h3>Win rate by seat position</h3>")
        parts.append(_table(["seat", "wins", "win rate", "95% interval", "vs fair share (95% interval)", "flag",
                             "mean score", "min/q1/median/q3/max"],
                            [[s["seat"] + 1, s["wins"], _pct(s["win_rate"]), s["ci95"], _effect(s), _flag(s),
                              s["score_mean"], " / ".join(map(str, s["score_quartiles"]))] for s in sec["seats"]]))
        if "seat_verdict" in sec:
            cls = "noise" if sec["first_seat_within_noise"] and "within noise" in sec["seat_verdict"] else "beyond"
            parts.append(f"<p class='{cls}'>{html.escape(sec['seat_verdict'])}</p>")
        parts.append(plots.get("winrate", ""))
        parts.append("<h3>Score distributions</h3>" + plots["scores"])
        if sec.get("sources"):
            parts.append("<h3>Score sources by category</h3>")
            parts.append(_table(["category", "mean per seat", "winners' mean", "share of winners' score", "95% interval"],
                                [[c["name"], c["mean_per_seat"], c["winners_mean"], _pct(c["winners_share"]),
                                  c["winners_share_ci95"]] for c in sec["sources"]]))
            parts.append(plots["sources"])
        ln = sec["length"]
        parts.append("<h3>Game length</h3><p>decisions per game (min/q1/median/q3/max): "
                     f"{' / '.join(map(str, ln['decisions_quartiles']))}; rounds: "
                     f"{' / '.join(map(str, ln['rounds_quartiles']))}</p>" + plots["length"])
        if sec.get("actions"):
            act = sec["actions"]
            parts.append("<h3>Action kinds per seat (mean per game)</h3>")
            names = act.get("names", {})
            parts.append(_table(["action kind", "share"] + [f"seat {s + 1}" for s in range(sec["players"])],
                                [[names.get(k, k), _pct(act["share"][k]), *v] for k, v in act["per_seat"].items()]))
            if act.get("placement_share"):
                parts.append("<h3>Share of placements by action space</h3>")
                parts.append(_table(["action space", "share of placements"],
                                    [[act.get("placement_names", {}).get(k, k), _pct(v)]
                                     for k, v in sorted(act["placement_share"].items(),
                                                                     key=lambda kv: -kv[1])]))
            if act.get("heavy_users"):
                parts.append("<h3>Seats that use an action kind more than average: do they win away from their "
                             "share?</h3>")
                over = [h["name"] for h in act["heavy_users"] if h["beyond_noise"]]
                parts.append("<p class='{}'>{}</p>".format("beyond" if over else "noise", html.escape(
                    "Heavy users win away from the fair share, beyond chance after the correction, for: "
                    + ", ".join(over) + ". An association: check it with a probe before calling the line dominant."
                    if over else "No action kind's heavy users win away from their share after the correction.")))
                parts.append(_table(["action kind", "used more than (per game)", "seat-games", "win rate",
                                     "95% interval", "vs fair share (95% interval)", "mean score", "flag"],
                                    [[h["name"], h["above_mean_use"], h["seat_games"], _pct(h["win_rate"]), h["ci95"],
                                      _effect(h), h["score_mean"], _flag(h)] for h in act["heavy_users"]]))
            rounds = sorted({r for v in act["per_round"].values() for r in v}, key=_num)
            parts.append("<h3>Action kinds per round (mean per game)</h3>")
            parts.append(_table(["action kind"] + [f"round {r}" for r in rounds],
                                [[names.get(k, k)] + [v.get(r, 0.0) for r in rounds]
                                 for k, v in act["per_round"].items()]))
            parts.append(plots["actions"])
        if sec.get("components"):
            parts.append("<h3>Components: how often taken, and how their takers did</h3>")
            beyond = [c["name"] for c in sec["components"] if c["beyond_noise"]]
            parts.append("<p class='{}'>{}</p>".format(
                "beyond" if beyond else "noise",
                html.escape("Takers win away from the fair share, beyond chance after the correction, for: "
                            + ", ".join(beyond[:30]) + ". An association: leaders take more, so check with a probe."
                            if beyond else "Every component's takers win within chance of the fair share after "
                                           "the correction.")))
            parts.append(_table(["component", "taken in (seat-games)", "take rate", "takers' win rate",
                                 "95% interval", "vs fair share (95% interval)", "takers' mean score", "vs all seats",
                                 "flag"],
                                [[c["name"], c["taken_in"], _pct(c["take_rate"]), _pct(c["win_rate"]),
                                  c["win_ci95"], _effect(c), c["score_mean"], c["score_vs_all"], _flag(c)]
                                 for c in sec["components"]]))
        if sec.get("paired"):
            parts.append("<h3>Paired deals: the same deal with one seat changed</h3>")
            parts.append(_table(["agent", "instead of", "deals", "its win rate", "baseline's, same seat and deal",
                                 "difference (95% interval)", "flag"],
                                [[p["agent"], p["baseline"], p["deals"], _pct(p["win_rate"]),
                                  _pct(p["baseline_win_rate"]), _effect(p), _flag(p)] for p in sec["paired"]]))
        if sec.get("solo"):
            parts.append("<h3>Ed E. Tor (the automa) by difficulty</h3>")
            parts.append(_table(["difficulty", "agent", "games", "player win rate", "95% interval",
                                 "player mean score", "automa mean score"],
                                [[s["difficulty"], s["agent"], s["games"], _pct(s["win_rate"]), s["ci95"],
                                  s["score_mean"], s["automa_score_mean"]] for s in sec["solo"]]))
        if sec.get("ratings"):
            parts.append("<h3>Agent ratings</h3>")
            parts.append(_table(["agent", "games", "Elo", "win rate", "95% interval", "mean score"],
                                [[t["agent"], t["games"], t["elo"], _pct(t["win_rate"]), t["ci95"], t["score_mean"]]
                                 for t in sec["ratings"]]))
            cls = "noise" if "within noise" in sec.get("ratings_verdict", "") else "beyond"
            parts.append(f"<p class='{cls}'>{html.escape(sec.get('ratings_verdict', ''))}</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def public(report: dict[str, Any]) -> dict[str, Any]:
    """The report without the raw per-game lists (for ``--json``)."""
    secs = []
    for sec in report["sections"]:
        s = {k: v for k, v in sec.items() if k != "scores"}
        if "length" in s:
            s["length"] = {k: v for k, v in s["length"].items() if k != "decisions"}
        secs.append(s)
    return {"sections": secs, "testing": report.get("testing", {})}


__all__ = ["analyse", "load_rows", "public", "render_html"]
