"""Random-playout speed and the cost of legal_actions/apply/clone/to_json, per game and
player count, plus the memory of one state. Prints a table (``--json`` for JSON).

Targets (from the issues): a random 4-player game of Class of '89 or Academic Society in
under 50 ms of CPU, of High School Drama in under 30 ms.
"""

from __future__ import annotations

import sys

from typer.testing import CliRunner

from homeroom.cli.main import app

if __name__ == "__main__":
    args = ["bench", *sys.argv[1:]]
    result = CliRunner().invoke(app, args)
    print(result.output, end="")
    sys.exit(result.exit_code)
