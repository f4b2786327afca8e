"""Log events: what ``State.apply`` returns, read as a game log."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One line of the game log.

    ``text`` is what everyone sees. ``private`` gives, for some seats, the text that seat
    sees instead (``"You draw Tennis Star"`` where others read ``"Ana draws a card"``).
    ``reveals`` marks events that showed hidden information, after which a player may no
    longer undo an earlier decision. (A decision whose outcome depended on hidden information ends
    undo too, found by the engine whether or not an event is marked: see :mod:`homeroom.engine.match`.)
    """

    text: str
    seat: int | None = None
    private: tuple[tuple[int, str], ...] = ()
    reveals: bool = False

    def __init__(self, text: str, seat: int | None = None, private: tuple[tuple[int, str], ...] = (),
                 reveals: bool = False) -> None:
        # the slots' own setters: a quarter cheaper than the generated frozen __init__'s
        # object.__setattr__ calls, and a game with its log builds hundreds of events
        _set_text(self, text)
        _set_seat(self, seat)
        _set_private(self, private)
        _set_reveals(self, reveals)

    def text_for(self, viewer: int | None) -> str:
        """The line as ``viewer`` (a seat, or ``None`` for a spectator) may read it."""
        if viewer is not None:
            for seat, text in self.private:
                if seat == viewer:
                    return text
        return self.text


_set_text = vars(Event)["text"].__set__
_set_seat = vars(Event)["seat"].__set__
_set_private = vars(Event)["private"].__set__
_set_reveals = vars(Event)["reveals"].__set__
