"""Server settings: where the database is, how many bot workers, limits."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from homeroom.server.limits import RateLimits

DB_ENV = "HOMEROOM_DB"
"""Environment variable naming the database URL (``--db`` wins over it)."""


@dataclass
class ServerConfig:
    db_url: str | None = None
    """SQLAlchemy URL; None: ``$HOMEROOM_DB``, else SQLite in ``data_dir``."""
    data_dir: Path = Path("data")
    bot_workers: int = 0
    """Bot worker processes; 0: one per CPU (at least 1)."""
    bot_delay: float = 0.0
    """Seconds a bot waits before it moves, so people can follow its moves."""
    bot_grace: float = 10.0
    """Seconds a bot's think may run beyond its own time budget before it is abandoned (its worker
    killed and replaced, a random move played instead)."""
    bot_think_cap: float = 60.0
    """The deadline of a think with no time budget of its own (greedy, policy, mcts on iterations)."""
    bot_initializer: Callable[[], object] | None = None
    """Runs in each bot worker as it starts (a module-level function; the tests add bot kinds)."""
    max_cached_tables: int = 5000
    """Live tables kept in memory; the least recently used idle ones are dropped beyond this."""
    restore_on_start: bool = True
    """At start, bring back the tables where a bot or a clock has something to do."""
    zombie_after: float = 120.0
    """Seconds a player must have been away before the host may hand their seat to a bot."""
    archive_after: float = 30 * 24 * 3600.0
    """Seconds without a move before a table (finished or abandoned) is archived; 0: never."""
    analysis_iterations: int = 100
    """Search iterations a decision of a post-game analysis asked for in the browser (``homeroom
    analyse`` uses 300 by default: the server's is a lighter look)."""
    data_sets: list[str] = field(default_factory=list)
    recheck: bool = False
    """``--recheck``: tables whose data set changed go on when every move so far replays (see Offered)."""
    """``NAME=DIR`` (or ``NAME=GAME:DIR``): data sets offered beside the packaged data (``--data-set``)."""
    limits: RateLimits = field(default_factory=RateLimits)
    """Rate limits per connection and per client address."""

    def resolved_db_url(self) -> str:
        if self.db_url:
            return self.db_url
        env = os.environ.get(DB_ENV, "").strip()
        if env:
            return env
        return f"sqlite:///{(self.data_dir / 'homeroom.db').resolve()}"

    def workers(self) -> int:
        return self.bot_workers if self.bot_workers > 0 else max(1, os.cpu_count() or 1)
