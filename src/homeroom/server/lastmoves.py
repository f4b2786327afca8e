"""What a view tells boards beside the position: the table's options with the lobby's labels, and
each seat's last moves, so a board draws from the view alone (BOARDS.md) instead of keeping old
positions or asking ``/api/tables/{id}`` for the options.

The last moves never tell a viewer more than its log already does: an action's JSON is given to a
viewer other than the seat that made it only when every word in it (its text values: a card, a
space, a token) can be read in that viewer's own log lines of the move; otherwise the move comes
with its log text and ``action: null``. (Numbers and true/false in an action are positions and
switches on the shared board in every game here, taken as public.)"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from homeroom.engine.game import Game
from homeroom.engine.match import Entry, Match

# words the games spell in capitals (the lobby's humanize does the same)
_ACRONYMS = {"abc": "ABC", "vp": "VP", "mcts": "MCTS"}


def humanize(key: str) -> str:
    """"objective_scoring" -> "Objective scoring", as the lobby's humanize() writes an option name."""
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", re.sub(r"[_-]+", " ", str(key))).strip()
    if not text:
        return text
    words = (text[0].upper() + text[1:].lower()).split(" ")
    return " ".join(_ACRONYMS.get(w.lower(), w) for w in words)


def _shown(value: Any) -> str:
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


def option_labels(game: Game, options: Mapping[str, Any], names: Sequence[str] = ()) -> dict[str, str]:
    """Each option of the table in the rulebook's words, as the lobby and table page say it
    (:meth:`OptionSpec.describe`): ``{"first_player": "Seat 2 (Ben) starts"}``. ``names`` are the
    seats' names, seat 0 first."""
    specs = {spec.name: spec for spec in game.info.options}
    order = [name for name in specs if name in options]  # the lobby's order
    order += [name for name in options if name not in specs]
    return {name: specs[name].describe(options[name], names) if name in specs
            else f"{humanize(name)}: {_shown(options[name])}" for name in order}


@lru_cache(maxsize=4096)
def _readable(word: str) -> re.Pattern[str]:
    """``mr-fontaine`` as a log line writes it: 'Mr. Fontaine'; ``headquarters-2``: 'Headquarters (2)';
    ``math``: 'Mathematics' (a part of three letters or more may begin a longer word)."""
    parts = [p for p in re.split(r"[\W_]+", word) if p]
    if not parts:
        return re.compile(r"(?!)")
    pattern = r"\W+".join(re.escape(p) + (r"\w*" if len(p) >= 3 and not p.isdigit() else "") for p in parts)
    return re.compile(r"\b" + pattern + r"\b", re.IGNORECASE)


def _words(value: Any, top: bool = True) -> Iterable[str]:
    """The text values of an action's JSON (not its ``type``), where hidden names would be."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not (top and key == "type"):
                yield from _words(item, False)
    elif isinstance(value, list):
        for item in value:
            yield from _words(item, False)
    elif isinstance(value, str) and value.strip():
        yield value


def action_for(entry: Entry, viewer: int | None, lines: list[str]) -> dict[str, Any] | None:
    """``entry``'s action JSON if ``viewer`` may see it (its own move, or one whose every word is in
    the viewer's ``lines`` of that move), else None."""
    data = entry.action.to_json()
    if viewer is not None and viewer == entry.seat:
        return data
    said = " ".join(lines)
    for word in _words(data):
        if not _readable(word).search(said):
            return None
    return data


MAX_MOVES = 60
"""Most moves given for one seat's turn (a game whose turns are not marked could run on)."""


def last_moves(match: Match, viewer: int | None) -> list[list[dict[str, Any]]]:
    """Per seat, the moves of its most recent turn, oldest first: ``{step, action, text}`` with
    ``step`` as in the log (the move is the step-th decision), ``text`` the move's log lines as
    ``viewer`` reads them and ``action`` its JSON or None (see the module's note)."""
    history = match.history
    out: list[list[dict[str, Any]]] = [[] for _ in range(match.players)]
    missing = set(range(match.players))
    index = len(history) - 1
    while index >= 0 and missing:
        seat = history[index].seat
        if seat not in missing:
            index -= 1
            continue
        missing.discard(seat)
        # the seat's latest move found: its turn's moves are the run of decisions of that turn
        turn = history[index].turn
        moves: list[dict[str, Any]] = []
        j = index
        while j >= 0 and history[j].turn == turn and len(moves) < MAX_MOVES:
            entry = history[j]
            if entry.seat == seat:
                lines = [e.text_for(viewer) for e in entry.events]
                moves.append({"step": j + 1, "action": action_for(entry, viewer, lines), "text": " ".join(lines)})
            j -= 1
        out[seat] = moves[::-1]
        index -= 1
    return out
