"""Academic Society (2-4 players): scholars on the Society Board, the Authority track and the
Sabbatical tracks, Royal Commissions and Treatises, over 7 rounds of 6 phases."""

from homeroom.games.academic_society.game import GAME

__all__ = ["GAME"]
