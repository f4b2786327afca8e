"""``homeroom report RESULTS... --html OUT [--json]``: the balance report of simulation results."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Annotated, Any

import typer

from homeroom.engine.errors import HomeroomError
from homeroom.engine.match import check_writable


def report(
    results: Annotated[list[Path], typer.Argument(metavar="RESULTS...", help="Rows from simulate/tournament --out.")],
    html_out: Annotated[Path | None, typer.Option("--html", help="Write the report as one self-contained HTML page.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report's figures as one JSON object.")] = False,
) -> None:
    """Balance report: win rate by seat (95% intervals), score sources, game length, action and component use.

    Rows of two data sets (a variant and the first file's baseline) are compared: each figure for
    both, the difference with its 95% interval (paired over the deals both played), then both reports."""
    from homeroom.sim.compare import compare, data_sets
    from homeroom.sim.report import analyse, load_rows, public, render_html

    if html_out is None and not as_json:
        raise HomeroomError("say what to produce: --html OUT, --json, or both")
    if html_out is not None:
        if html_out.suffix.lower() not in (".html", ".htm"):
            raise HomeroomError(f"--html must end in .html, not {html_out.name!r}")
        check_writable(html_out)
    rows = load_rows(results)
    sets = data_sets(rows)
    if len(sets) == 2:  # a variant against the baseline (the first file's data set): side by side
        comparison = compare(rows)
        halves = [analyse([r for r in rows if (str(r.get("data", "")), str(r.get("data_digest", ""))) == key])
                  for key in sets]
        data = {"sections": halves[0]["sections"] + halves[1]["sections"], "testing": halves[0]["testing"]}
        if html_out is not None:
            page = _side_by_side(halves, comparison, results)
    else:
        comparison = None
        data = analyse(rows)
        if html_out is not None:
            page = render_html(data, title="homeroom balance report: " + ", ".join(p.name for p in results))
    if html_out is not None:
        try:
            html_out.write_text(page, encoding="utf-8")
        except OSError as err:
            raise HomeroomError(f"cannot write {html_out}: {err.strerror or err}") from None
    if as_json:
        print(json.dumps(public(data) if comparison is None else {**public(data), "comparison": comparison}))
    elif html_out is not None:
        typer.echo(f"wrote {html_out} ({sum(s['games'] for s in data['sections'])} games)")


def _side_by_side(halves: list[dict[str, Any]], comparison: dict[str, Any], results: list[Path]) -> str:
    """One page: the comparison, then the baseline's report and the variant's, one after the other."""
    from homeroom.sim.compare import render_compare
    from homeroom.sim.report import render_html

    names = [comparison["baseline"], comparison["variant"]]
    title = "homeroom variant report: " + ", ".join(p.name for p in results)
    pages = [render_html(h, title=f"{role} {n['name']} ({n['digest']})")
             for h, n, role in zip(halves, names, ("Baseline", "Variant"))]
    head, _, body = pages[0].partition("<body>")
    bodies = [body.rsplit("</body>", 1)[0]] + [p.partition("<body>")[2].rsplit("</body>", 1)[0] for p in pages[1:]]
    bodies = [b.replace("<h1>", "<h2 class='dataset'>").replace("</h1>", "</h2>") for b in bodies]
    head = head.split("<title>", 1)[0] + f"<title>{html.escape(title)}</title>" + head.split("</title>", 1)[1]
    return (f"{head}<body><h1>{html.escape(title)}</h1>{render_compare(comparison)}"
            + "".join(bodies) + "</body></html>")
