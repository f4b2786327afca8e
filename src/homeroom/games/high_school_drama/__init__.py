"""High School Drama! Varsity Edition (2-5 players): build a clique with hookups, strengthen it
with bonds, attack rivals with breakups and trade bonds for yearbook signatures at events."""

from homeroom.games.high_school_drama.game import GAME

__all__ = ["GAME"]
