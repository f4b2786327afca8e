"""The in-process event bus of the hub: the command service and the store publish what happened
to a table, and the fan-out and the scheduler act on it, in the order they subscribed.

Handlers run at once, on the loop, in the publisher's turn (as the direct calls they replace did),
so a change is told to every viewer and its bots and clock are set going before the command that
made it returns. Another server process would subscribe here to hear of a change committed
elsewhere (issue 34)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from homeroom.server.live import LiveTable


@dataclass
class TableEvent:
    """Something happened to ``table``: ``"loaded"`` (it came into memory: created, loaded,
    reloaded) or ``"changed"`` (a change was stored; ``notices`` go to every viewer with it)."""

    table: LiveTable
    kind: str
    notices: list[str] = field(default_factory=list)


Handler = Callable[[TableEvent], None]


class EventBus:
    """Handlers called in subscription order for each event published."""

    def __init__(self) -> None:
        self._handlers: list[Handler] = []

    def subscribe(self, handler: Handler) -> None:
        self._handlers.append(handler)

    def publish(self, event: TableEvent) -> None:
        for handler in self._handlers:
            handler(event)
