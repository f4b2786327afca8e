"""Ray for the ``ray`` backend: joined or started once per process, its overhead measured.

``simulate --backend ray`` used to start a local Ray for every call and stop it after (5-12 s of
start-up for half a second of games). Now :func:`ray_session` starts local Ray the first time
and keeps it until the process ends, or connects to a running cluster at :data:`ADDRESS`
(``simulate --address``); :data:`LAST` says how long the last run spent starting Ray and how
long it took in all, so a summary can show Ray's overhead apart from the games' own time.
"""

from __future__ import annotations

import atexit
import logging
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from homeroom import games
from homeroom.engine.errors import HomeroomError

T = TypeVar("T")
R = TypeVar("R")

ADDRESS: str | None = None
"""The cluster to connect to (``host:port`` or ``ray://host:port``); None: a local Ray of this process."""
LAST: dict[str, float] = {}
"""The last run's ``startup_seconds`` (starting or joining Ray; 0 when it was up already) and
``wall_seconds`` (start-up, scheduling and games together)."""
_joined: str | None = None


def use_address(address: str | None) -> None:
    """Run the next ``ray`` backend work on the cluster at ``address`` (None: local Ray)."""
    global ADDRESS
    if address is not None and not address.strip():
        raise HomeroomError("--address must name a Ray cluster (host:port or ray://host:port), not ''")
    ADDRESS = address.strip() if address else None


def ray_session(address: str | None = None) -> tuple[Any, float]:
    """The ``ray`` module, initialised: joined to ``address`` (default :data:`ADDRESS`) or a local
    Ray started once for this process (stopped when it exits); and the seconds this call spent
    starting it (0 when Ray was up already). Another address than the one joined is an error."""
    global _joined
    try:
        import ray
    except ImportError:
        raise HomeroomError("the ray backend needs Ray: pip install 'homeroom[ray]'") from None
    address = address if address is not None else ADDRESS
    wanted = address or "local"
    if ray.is_initialized():
        if _joined is not None and wanted != _joined:
            raise HomeroomError(f"Ray is already running here ({_joined}); cannot also join {wanted}")
        return ray, 0.0
    env = {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    if os.environ.get(games.PLUGIN_ENV):
        env[games.PLUGIN_ENV] = os.environ[games.PLUGIN_ENV]
    start = time.perf_counter()
    try:
        ray.init(address=address, ignore_reinit_error=True, include_dashboard=False if address is None else None,
                 logging_level=logging.ERROR, runtime_env={"env_vars": env})
    except (ConnectionError, RuntimeError, ValueError) as err:
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        raise HomeroomError(f"cannot start or join {where}: {str(err).splitlines()[0] if str(err) else err}") from None
    if _joined is None:
        atexit.register(ray.shutdown)
    _joined = wanted
    return ray, time.perf_counter() - start


def run_on_ray(fn: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
    """``fn`` over ``tasks`` on Ray, each result as it finishes; :data:`LAST` holds the overhead."""
    start = time.perf_counter()
    ray, startup = ray_session()
    LAST.clear()
    LAST.update(startup_seconds=startup, wall_seconds=0.0)
    remote = ray.remote(fn)
    pending = [remote.remote(task) for task in tasks]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])
        LAST["wall_seconds"] = time.perf_counter() - start
    LAST["wall_seconds"] = time.perf_counter() - start


__all__ = ["ADDRESS", "LAST", "ray_session", "run_on_ray", "use_address"]
