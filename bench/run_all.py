"""Run every benchmark and print its figures: engine speed per game and player count."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

if __name__ == "__main__":
    scripts = sorted(p for p in HERE.glob("bench_*.py"))
    status = 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        status |= subprocess.call([sys.executable, str(script), *sys.argv[1:]])
    sys.exit(status)
