"""The web front end: the lobby and the generic table page (plain ES modules, CSS and SVG, no build step).

The server serves this folder at ``/static/``; ``BOARDS.md`` is the contract a game's board module follows.
"""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).resolve().parent
"""The folder served at ``/static/`` (``index.html`` is the lobby, ``table.html`` the table page)."""
