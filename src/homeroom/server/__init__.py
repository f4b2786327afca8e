"""The web platform: FastAPI app, protocol models, tables, lobby, storage and the bot pool.

``create_app(config)`` builds the application; ``homeroom serve`` runs it with uvicorn. The
protocol the pages speak is documented in ``PROTOCOL.md`` next to this file.
"""

from homeroom.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]


def create_app(config: ServerConfig | None = None):  # type: ignore[no-untyped-def]
    """The FastAPI application (imported lazily so ``homeroom`` works without the web extra)."""
    from homeroom.server.app import create_app as _create

    return _create(config)
