"""``homeroom analyse --html``: the analysis as one self-contained page (no script, no file beside it).

The page holds a win-chance graph per seat over the game (inline SVG), each seat's costliest
decisions, and every decision: who decided, the move played and the better one, the chances, and
the position as that seat saw it (the game's text view, from the deciding seat's point of view).
Every text from the file (names, moves) is escaped.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from homeroom import games
from homeroom.engine.match import Match
from homeroom.sim.rundir import write_atomic

COLOURS = ["#c0392b", "#2e5fa8", "#2e8b57", "#b8860b", "#7d3c98"]
SYMBOLS = ["●", "▲", "■", "◆", "★"]
"""The seats' colours and symbols, as on the table page (a colour-blind reader tells them apart)."""

WIDTH, HEIGHT, PAD = 900, 260, 36


def graph(result: dict[str, Any]) -> str:
    """An SVG line per seat: its estimated chance to win after each of its decisions."""
    decisions = result["decisions"]
    n = max(1, len(decisions) - 1)
    parts = [f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="chance to win over the game" '
             f'class="graph">']
    for pct in (0, 25, 50, 75, 100):
        y = PAD / 2 + (HEIGHT - PAD) * (1 - pct / 100)
        parts.append(f'<line x1="{PAD}" x2="{WIDTH - 8}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>')
        parts.append(f'<text x="{PAD - 6}" y="{y + 4:.1f}" text-anchor="end">{pct}%</text>')
    for seat, name in enumerate(result["seats"]):
        pts = [(d["index"], d["win_after"]) for d in decisions if d["seat"] == seat]
        if not pts:
            continue
        path = " ".join(f"{PAD + (WIDTH - PAD - 8) * i / n:.1f},{PAD / 2 + (HEIGHT - PAD) * (1 - w):.1f}"
                        for i, w in pts)
        colour = COLOURS[seat % len(COLOURS)]
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2">'
                     f'<title>{escape(name)}</title></polyline>')
        for d in decisions:
            if d["seat"] == seat and d["rating"] in ("mistake", "blunder"):
                x = PAD + (WIDTH - PAD - 8) * d["index"] / n
                y = PAD / 2 + (HEIGHT - PAD) * (1 - d["win_after"])
                parts.append(f'<a href="#d{d["index"]}"><circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{colour}">'
                             f'<title>{escape(name)}, decision {d["index"] + 1}: {d["rating"]}</title></circle></a>')
    parts.append(f'<text x="{WIDTH / 2}" y="{HEIGHT - 4}" text-anchor="middle">decisions of the game</text></svg>')
    return "".join(parts)


def positions(replay: dict[str, Any]) -> list[str]:
    """The position before each decision as its deciding seat saw it (the game's text view)."""
    game = games.get(replay["game"])
    match = Match.from_replay(replay, upto=0)
    state = match.state
    out = []
    for raw in replay["actions"]:
        seat = state.to_move
        rendered = game.render(state, seat)
        out.append(rendered if isinstance(rendered, str) else str(rendered))
        state.apply(game.action_from_json(raw))
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def page(result: dict[str, Any], replay: dict[str, Any]) -> str:
    names = result["seats"]
    th = result["settings"]["thresholds"]
    seat_label = [f"{SYMBOLS[s % 5]} {s + 1}. {escape(n)}" for s, n in enumerate(names)]
    rows = []
    for row in result["summary"]:
        s = row["seat"] - 1
        rows.append(f'<tr><td style="color:{COLOURS[s % 5]}">{seat_label[s]}</td><td>{row["decisions"]}</td>'
                    f'<td>{row["rated"]}</td><td>{100 * row["average_loss"]:.1f}%</td><td>{row["inaccuracy"]}</td>'
                    f'<td>{row["mistake"]}</td><td>{row["blunder"]}</td></tr>')
    mistakes = []
    for key, ms in result["mistakes"].items():
        s = int(key) - 1
        items = "".join(f'<li><a href="#d{m["index"]}">decision {m["index"] + 1}</a>: {escape(m["move"])} '
                        f'<b>({m["rating"]}, &minus;{_pct(m["cost"])})</b>; better: {escape(m["better"])}</li>'
                        for m in ms) or "<li>no inaccuracies</li>"
        mistakes.append(f'<h3 style="color:{COLOURS[s % 5]}">{seat_label[s]}</h3><ol>{items}</ol>')
    views = positions(replay)
    decisions = []
    for d in result["decisions"]:
        s = d["seat"]
        note = "forced (one legal move)" if d["forced"] else (d["rating"] or "fine")
        better = "" if d["forced"] or d["best_action"] == d["action"] else \
            f'<p>Better: <b>{escape(d["best"])}</b> ({_pct(d["win_before"])} to win)</p>'
        margin = "" if d["margin"] is None else f', expected final margin {d["margin"]:+.1f}'
        decisions.append(
            f'<details id="d{d["index"]}" class="{d["rating"] or ""}"><summary>'
            f'<span style="color:{COLOURS[s % 5]}">{seat_label[s]}</span> decision {d["index"] + 1}: '
            f'{escape(d["move"])} &middot; {_pct(d["win_before"])} &rarr; {_pct(d["win_after"])} &middot; {note}'
            f'</summary>{better}<p>{d["legal"]} legal move(s){margin}.</p>'
            f'<pre>{escape(views[d["index"]])}</pre></details>')
    game = games.get(result["game"]).info.name
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Analysis: {escape(game)}</title>
<style>
body {{ font: 16px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 960px; padding: 0 1rem; color: #222; }}
.graph {{ width: 100%; height: auto; background: #fafafa; border: 1px solid #ddd; }}
.graph text {{ font-size: 12px; fill: #555; }} .graph .grid {{ stroke: #e3e3e3; }}
table {{ border-collapse: collapse; }} td, th {{ padding: .2rem .6rem; border-bottom: 1px solid #eee; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
details {{ border-bottom: 1px solid #eee; padding: .2rem 0; }} details.mistake summary {{ background: #fff2cc; }}
details.blunder summary {{ background: #f8d0cc; }} details.inaccuracy summary {{ background: #f4f4dc; }}
pre {{ font-size: 13px; background: #f6f6f6; padding: .5rem; overflow-x: auto; }}
</style></head><body>
<h1>{escape(game)}: analysis of a {result["players"]}-player game</h1>
<p>Every decision was searched from the deciding seat's point of view ({result["settings"]["iterations"]} iterations,
seed {result["settings"]["seed"]}); the chances are that seat's estimate of its chance to win. A decision that gives
away {_pct(th["inaccuracy"])} of its chance is an inaccuracy, {_pct(th["mistake"])} a mistake, {_pct(th["blunder"])}
a blunder.</p>
<h2>Chance to win over the game</h2>
{graph(result)}
<p>{" &nbsp; ".join(f'<span style="color:{COLOURS[s % 5]}">{lab}</span>' for s, lab in enumerate(seat_label))}
(dots: mistakes and blunders; click one to see it)</p>
<h2>How each seat played</h2>
<table><tr><th>seat</th><th>decisions</th><th>rated</th><th>average loss</th><th>inaccuracies</th><th>mistakes</th>
<th>blunders</th></tr>{"".join(rows)}</table>
<h2>The costliest decisions</h2>
{"".join(mistakes)}
<h2>Every decision</h2>
{"".join(decisions)}
</body></html>
"""


def write_page(result: dict[str, Any], replay: dict[str, Any], path: Path) -> None:
    write_atomic(path, page(result, replay))


__all__ = ["graph", "page", "positions", "write_page"]
