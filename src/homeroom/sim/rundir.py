"""Long runs that survive an interruption, and the workers that do their tasks.

Every long run in homeroom (``simulate --run-dir``, ``homeroom analyse``, the bots' level
measurements in ``bench/``) splits its work into tasks, runs them on local worker processes or a
Ray cluster (:func:`execute`), and saves each finished task at once in a run folder
(:class:`RunDir`), so that the same command run again does only the tasks not yet saved.

A run folder holds ``manifest.json`` (what the run is: a rerun with other settings is refused,
naming each difference) and one ``task-<key>.json`` per finished task, each written atomically
(a task cut short by the interruption leaves nothing, or a ``.part`` file that is ignored).
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TypeVar

from homeroom.engine.errors import HomeroomError

T = TypeVar("T")
R = TypeVar("R")


class RunDir:
    """A run folder: ``open(manifest)`` creates it or checks it holds the same run, ``done()`` gives
    the finished tasks' payloads by key, ``save(key, payload)`` records one more."""

    def __init__(self, path: Path, prefix: str = "task") -> None:
        self.path = Path(path)
        self.prefix = prefix
        self.manifest: dict[str, Any] = {}

    def open(self, manifest: dict[str, Any], free: Iterable[str] = (),
             upgrade: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
             describe: Callable[[dict[str, Any], dict[str, Any]], str] | None = None) -> dict[str, Any]:
        """Create the folder with ``manifest``, or reopen it and refuse one made for another run
        (every key but those in ``free`` must match). Returns the stored manifest (``free`` keys
        keep the values of the first run). ``upgrade`` brings a manifest written by an older version
        up to date before the comparison (a setting added since, at its old behaviour); ``describe``
        says what differs (default: the keys)."""
        free = set(free)
        path = self.path / "manifest.json"
        want = json.loads(json.dumps(manifest))  # as it reads back (tuples become lists)
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            if path.exists():
                try:
                    old = json.loads(path.read_text(encoding="utf-8"))
                except ValueError:
                    raise HomeroomError(f"run directory {self.path}: manifest.json is not valid JSON; "
                                        "use a new directory") from None
                if not isinstance(old, dict):
                    raise HomeroomError(f"run directory {self.path}: manifest.json is not a JSON object")
                if upgrade is not None:
                    old = upgrade(old)
                diff = [k for k in want if k not in free and old.get(k) != want[k]]
                diff += [k for k in old if k not in want and k not in free]
                if diff:
                    detail = describe(old, want) if describe else f"differs in: {', '.join(diff)}"
                    raise HomeroomError(f"{self.path} holds a different run ({detail}); rerun with its "
                                        "settings, or use a new directory")
                self.manifest = old
            else:
                write_atomic(path, json.dumps(want, indent=1))
                self.manifest = want
        except OSError as err:
            raise HomeroomError(f"cannot use run directory {self.path}: {err.strerror or err}") from None
        return self.manifest

    def done(self) -> dict[str, Any]:
        """The saved tasks' payloads by key (a file cut short by an interruption is left out: its
        task runs again)."""
        out: dict[str, Any] = {}
        for task in sorted(self.path.glob(f"{self.prefix}-*.json")):
            try:
                out[task.stem[len(self.prefix) + 1:]] = json.loads(task.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
        return out

    def rows(self, name: str = "rows.jsonl") -> list[Any]:
        """The rows appended so far (one JSON value a line; a line cut by an interruption is left
        out: its work is done again)."""
        path = self.path / name
        if not path.exists():
            return []
        out = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    continue
        return out

    def append(self, row: Any, name: str = "rows.jsonl") -> None:
        """Add one row (for runs whose unit of work is small, such as one game)."""
        try:
            with (self.path / name).open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
        except OSError as err:
            raise HomeroomError(f"cannot write to run directory {self.path}: {err.strerror or err}") from None

    def save(self, key: str, payload: Any) -> None:
        try:
            write_atomic(self.path / f"{self.prefix}-{key}.json", json.dumps(payload))
        except OSError as err:
            raise HomeroomError(f"cannot write to run directory {self.path}: {err.strerror or err}") from None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a ``.part`` file, so a reader never sees half of it."""
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def cpu_count() -> int:
    """CPUs this process may use (its affinity, e.g. under ``taskset`` or a container's limit)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def worker_count(requested: int, tasks: int) -> int:
    """Local worker processes for ``tasks`` tasks: what was asked, but never more than the CPUs
    this process may use (more would only take turns on the same cores) nor than the tasks."""
    return max(1, min(requested, cpu_count(), tasks))


def die_with_parent() -> None:
    """In a worker process: exit as soon as the process that started it is gone, so a killed run
    never leaves its workers working (Linux asks the kernel for a signal; a watcher thread covers
    the rest)."""
    parent = os.getppid()
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(1)
            time.sleep(0.5)

    threading.Thread(target=watch, name="homeroom-parent-watch", daemon=True).start()


def execute(fn: Callable[[T], R], tasks: list[T], workers: int = 1, backend: str = "local") -> Iterator[R]:
    """Run ``fn(task)`` for every task and yield the results as they finish (in any order): in this
    process (one worker), on local worker processes, or on Ray (``backend="ray"``). ``fn`` must be
    a module-level function (the workers import it)."""
    if backend == "ray":
        yield from _execute_ray(fn, tasks)
    elif backend != "local":
        raise HomeroomError(f"unknown backend '{backend}' (known: local, ray)")
    elif worker_count(workers, len(tasks)) == 1:
        for task in tasks:
            yield fn(task)
    else:
        with ProcessPoolExecutor(max_workers=worker_count(workers, len(tasks)), initializer=die_with_parent) as pool:
            futures = [pool.submit(fn, task) for task in tasks]
            for future in as_completed(futures):
                yield future.result()


def _execute_ray(fn: Callable[[T], R], tasks: list[T]) -> Iterator[R]:
    from homeroom.sim.ray_backend import run_on_ray  # Ray joined or started once per process

    yield from run_on_ray(fn, tasks)


__all__ = ["RunDir", "cpu_count", "die_with_parent", "execute", "worker_count", "write_atomic"]
