"""``homeroom report RESULTS... --html OUT [--json]``: the balance report of simulation results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from homeroom.engine.errors import HomeroomError
from homeroom.engine.match import check_writable


def report(
    results: Annotated[list[Path], typer.Argument(metavar="RESULTS...", help="Rows from simulate/tournament --out.")],
    html_out: Annotated[Path | None, typer.Option("--html", help="Write the report as one self-contained HTML page.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report's figures as one JSON object.")] = False,
) -> None:
    """Balance report: win rate by seat (95% intervals), score sources, game length, action and component use."""
    from homeroom.sim.report import analyse, load_rows, public, render_html

    if html_out is None and not as_json:
        raise HomeroomError("say what to produce: --html OUT, --json, or both")
    if html_out is not None:
        if html_out.suffix.lower() not in (".html", ".htm"):
            raise HomeroomError(f"--html must end in .html, not {html_out.name!r}")
        check_writable(html_out)
    data = analyse(load_rows(results))
    if html_out is not None:
        page = render_html(data, title="homeroom balance report: " + ", ".join(p.name for p in results))
        try:
            html_out.write_text(page, encoding="utf-8")
        except OSError as err:
            raise HomeroomError(f"cannot write {html_out}: {err.strerror or err}") from None
    if as_json:
        print(json.dumps(public(data)))
    elif html_out is not None:
        typer.echo(f"wrote {html_out} ({sum(s['games'] for s in data['sections'])} games)")
