"""Ray's start-up once per process: two ``simulate(backend="ray")`` calls in one process, each
with its wall time and :data:`homeroom.sim.ray_backend.LAST` (start-up and run), and the games' own
seconds. The second call should pay no start-up (issue 36)."""

from __future__ import annotations

import json
import time

from homeroom.sim import ray_backend
from homeroom.sim.runner import simulate

if __name__ == "__main__":
    for call in range(2):
        t0 = time.perf_counter()
        results = simulate("high-school-drama", 2, 20, seed=1, backend="ray")
        print(f"call {call + 1}: {time.perf_counter() - t0:.2f} s in all, Ray "
              f"{json.dumps({k: round(v, 2) for k, v in ray_backend.LAST.items()})}, "
              f"games {sum(r.seconds for r in results):.2f} s", flush=True)
