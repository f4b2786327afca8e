"""Class of '89: fill your yearbook with classes of students, teachers, staff and Wildcat Way tiles.

``GAME`` is the registered :class:`~homeroom.engine.Game` (id ``class-of-89``), for 1-4 players
(one player plays the solo game against Ed E. Tor). The package's shape is the same as every game's
(CONTRIBUTING.md, "Adding a game"); ``RULINGS.md`` says how each unclear rule is read.
"""

from homeroom.games.class_of_89.game import GAME

__all__ = ["GAME"]
