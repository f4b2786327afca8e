"""A small test-only game ("High Card Draw") that exercises the whole engine contract:
hidden hands, a hidden deck, an optional step with an explicit "done", a decision by a seat
other than the one whose turn it is, and component conservation.

Rules (RULINGS.md): a deck of cards 1-6 (three of each) is shuffled; each player is dealt 2. On
your turn play a card from your hand to your pile (scores its value), then either draw a card or
pass ("done"). After a 6 is played, the next player in order must say whether they "object" (lose
1 point) or "allow" it. The game ends when nobody has a card in hand.

It has the same shape as every game package (CONTRIBUTING.md, "Adding a game"), so it is also the
smallest example of that shape.
"""

from toygame.actions import Done, Draw, Play, Respond
from toygame.game import GAME, ToyGame
from toygame.state import ToyState

__all__ = ["GAME", "Done", "Draw", "Play", "Respond", "ToyGame", "ToyState"]
