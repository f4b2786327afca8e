"""Class of '89: fill your yearbook with classes of students, teachers, staff and Wildcat Way tiles.

``GAME`` is the registered :class:`~homeroom.engine.Game` (id ``class-of-89``), for 2-4 players.
"""

from homeroom.games.class_of_89.game import GAME, ClassOf89

__all__ = ["GAME", "ClassOf89"]
