"""Run every benchmark with its default size and print its figures.

Each benchmark takes its own flags (``python bench/bench_bots.py --help``); run one directly to
size it, e.g. ``python bench/bench_bots.py --games 100 --workers 2``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

if __name__ == "__main__":
    if len(sys.argv) > 1:
        sys.exit("run_all takes no flags: run one benchmark directly to size it (see its --help)")
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        status |= subprocess.call([sys.executable, str(script)])
    sys.exit(status)
