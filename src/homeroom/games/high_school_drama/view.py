"""What a seat sees: its observation (hands are secret, the event deck face down), the terminal
view (every clique drawn as a grid of cards with their arrows and bonds, the open squares where
a card could join, the quad, the viewer's hand) and the one-line description of each action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama.actions import (
    Bond,
    Breakup,
    Exchange,
    HookUp,
    PickMain,
    PickTransfer,
    PlayCard,
)
from homeroom.games.high_school_drama.clique import Clique, open_spots
from homeroom.games.high_school_drama.components import Card, load
from homeroom.games.high_school_drama.constants import SEASONS, SPAN, YEARS
from homeroom.games.high_school_drama.effects import Effect
from homeroom.games.high_school_drama.main_student import who_starts

if TYPE_CHECKING:
    from collections.abc import Callable

    from homeroom.games.high_school_drama.state import HSDState

W = 15  # card width, borders included
H = 4  # card height
GAP_X = 5
GAP_Y = 1
_LETTER = {"jock": "J", "popular": "P", "artsy": "A", "geek": "G"}


def observe(state: HSDState, seat: int | None) -> dict[str, Any]:
    events = state.comps.events
    return {
        "year": YEARS[state.year],
        "season": SEASONS[state.season],
        "phase": state.phase,
        "step": ("midterm", "final")[state.step],
        "leader": state.leader,
        "to_move": state.to_move,
        "enrolled": list(state.enrolled),
        "quad": sorted(state.quad),
        "student_deck": len(state.student_deck),
        "organization_deck": len(state.org_deck),
        "event_deck": len(state.event_deck),
        "event_discard": list(state.event_discard),
        "playing": state.playing,
        "exchanging": list(state.ex_queue) if state.ex_queue is not None else None,
        "stacks": {k: len(v) for k, v in state.stacks.items()} if state.public_draft else None,
        "players": [
            {
                "name": state.names[s],
                "hand": sorted(state.hands[s]) if s == seat else None,
                "hand_size": len(state.hands[s]),
                "events_in_hand": sum(1 for c in state.hands[s] if c in events),
                "clique": [[cid, p.x, p.y, p.parent, p.bonds] for cid, p in state.cliques[s].items()],
                "supply": state.supply[s],
                "signatures": dict(sorted(state.signatures[s].items())),
                "drama_face_down": sorted(state.shown[s]) if state.shown else [],
            }
            for s in range(state.players)
        ],
    }



def card_line(card: Card) -> str:
    types = "/".join(_LETTER[t] for t in ("jock", "popular", "artsy", "geek") if t in card.types)
    if card.is_student:
        return f"{types} c{card.cool} h{card.heart} x{card.cruel}"
    return f"{types} org c{card.cool} h{card.heart}"


def _box(card: Card, main: bool) -> list[str]:
    a = card.arrows
    mid = (W - 2) // 2
    top = "+" + "-" * mid + ("^" if "N" in a else "-") + "-" * (W - 3 - mid) + "+"
    bottom = "+" + "-" * mid + ("v" if "S" in a else "-") + "-" * (W - 3 - mid) + "+"
    name = (("*" if main else "") + card.name)[: W - 2]
    stats = card_line(card)[: W - 2]
    return [
        top,
        "|" + name.ljust(W - 2) + "|",
        ("<" if "W" in a else "|") + stats.ljust(W - 2) + (">" if "E" in a else "|"),
        bottom,
    ]


def _open_box(x: int, y: int, needs: list[str]) -> list[str]:
    """A free square a student's arrow points at; ``needs`` are the arrows (N, E, S, W) a
    card must have to join there, one per student pointing at it."""
    label = f"({x},{y})"
    need = "needs " + " or ".join(d for d in "NESW" if d in needs)
    return [". " * (W // 2) + ".", ":" + label.center(W - 2) + ":", ":" + need[: W - 2].center(W - 2) + ":",
            ". " * (W // 2) + "."]


def draw_clique(clique: Clique, show_open: bool = True) -> list[str]:
    """The clique as text: cards on their squares, bonds between related cards."""
    cards = load().cards
    if not clique:
        return ["(no main student yet)"]
    spots = open_spots(clique, cards, SPAN) if show_open else {}
    cells = {(p.x, p.y): cid for cid, p in clique.items()}
    xs = [x for x, _ in cells] + [x for x, _ in spots]
    ys = [y for _, y in cells] + [y for _, y in spots]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    width = cols * W + (cols - 1) * GAP_X
    canvas = [[" "] * width for _ in range(rows * H + (rows - 1) * GAP_Y)]

    def put(row: int, col: int, text: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= col + i < width:
                canvas[row][col + i] = ch

    def origin(x: int, y: int) -> tuple[int, int]:
        return (y - y0) * (H + GAP_Y), (x - x0) * (W + GAP_X)

    for (x, y), cid in cells.items():
        r, c = origin(x, y)
        for i, line in enumerate(_box(cards[cid], clique[cid].parent is None)):
            put(r + i, c, line)
    for (x, y), needs in spots.items():
        r, c = origin(x, y)
        for i, line in enumerate(_open_box(x, y, needs)):
            put(r + i, c, line)
    for p in clique.values():
        if p.parent is None:
            continue
        q = clique[p.parent]
        if q.y == p.y:  # side by side
            left = min(p.x, q.x)
            r, c = origin(left, p.y)
            put(r + 2, c + W, f"={p.bonds}=".center(GAP_X, "="))
        else:
            top = min(p.y, q.y)
            r, c = origin(p.x, top)
            put(r + H, c + W // 2 - 1, f"|{p.bonds}|")
    return ["".join(row).rstrip() for row in canvas]


def phase_text(state: HSDState) -> str:
    """What is happening now, in the rulebook's words."""
    step = ("midterm", "final")[state.step]
    return {
        "pick": "picking main students",
        "transfer": "a transfer student joins",
        "review": "semester start: keep or discard last semester's cards",
        "draw": "semester start: drawing cards",
        "act": f"{step} action",
        "resolve": f"{step} action",
        "exchange": f"{step} action: event exchange",
        "lovin": "summer: Summer Lovin'",
        "over": "graduation",
    }.get(state.phase, state.phase)


def leader_text(state: HSDState) -> str:
    if state.phase == "pick":
        return "goes to the last to pick"
    return state.names[state.leader]


def render(state: HSDState, viewer: int | None) -> str:
    comps = load()
    cards = comps.cards
    out: list[str] = []
    out.append(f"== High School Drama: {YEARS[state.year]} {SEASONS[state.season]} "
               f"| {phase_text(state)} | leader: {leader_text(state)} ==")
    out.append(f"Hand size this year: {state.hand_limit}.  Event deck: {len(state.event_deck)}, "
               f"played events: {len(state.event_discard)}.")
    if state.public_draft:
        out.append("Drama stacks: " + ", ".join(f"{k} {len(v)}" for k, v in state.stacks.items()))
    if state.playing is not None:
        out.append(f"Being played: {comps.name(state.playing)}" + (
            f" - {comps.events[state.playing].text}" if state.playing in comps.events else ""))
    out.append("")
    out.append("The quad:")
    for cid in state.quad:
        c = cards[cid]
        arrows = "".join(d for d in "NESW" if d in c.arrows)
        out.append(f"  {c.name:<22} {card_line(c):<18} arrows {arrows}")
    if not state.quad:
        out.append("  (empty)")
    for s in range(state.players):
        out.append("")
        if not state.enrolled[s]:
            out.append(f"{state.names[s]} (seat {s + 1}): not enrolled yet (transfer student)")
            continue
        sig = state.total(s)
        hand = len(state.hands[s])
        n_ev = sum(1 for c in state.hands[s] if c in comps.events)
        mark = " <- to move" if state.to_move == s else ""
        out.append(f"{state.names[s]} (seat {s + 1}): {sig} signature(s), {state.supply[s]} bond marker(s) left, "
                   f"{hand} card(s) in hand ({n_ev} event(s)){mark}")
        out.extend("  " + line for line in draw_clique(state.cliques[s], show_open=(s == viewer)))
    if viewer is not None and state.enrolled[viewer]:
        out.append("")
        cards_in_hand = state.hands[viewer]
        drama = [comps.name(c) for c in cards_in_hand if c not in comps.events]
        out.append("Your hand: " + (", ".join(drama) or ("(empty)" if not cards_in_hand else "")))
        # one line per event card: their texts are long
        out.extend(f"  {comps.name(c)}: {comps.events[c].text}" for c in cards_in_hand if c in comps.events)
    out.append("")
    out.append("Cards: name, types (J jock, P popular, A artsy, G geek), c cool, h heart, x cruel;")
    out.append("^ > v < are relational arrows; =n= and |n| are bonds; * marks the main student;")
    out.append("an open square names the arrow a card needs to join there.")
    return "\n".join(out)


_DIRECTION = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}


def _branch(clique: Clique, card: str) -> list[str]:
    """``card`` and every card hanging from it: what a broken relationship would cost."""
    out = [card]
    for cid, p in clique.items():  # parents joined before their children
        if p.parent in out:
            out.append(cid)
    return out


def describe_action(state: HSDState, action: Action) -> str:
    """One line for ``action`` in this position: the relationship it touches with its
    numbers, and what a breakup or an exchange would break (all public)."""
    comps = load()
    cards = comps.cards
    seat = state.to_move
    effect = comps.effect(state.playing) if state.playing is not None else Effect("bond")
    if isinstance(action, (PickMain, PickTransfer)) and action.card in cards:
        card = cards[action.card]
        arrows = "".join(d for d in "NESW" if d in card.arrows)
        return f"{action.describe()} ({card_line(card)}, arrows {arrows})"
    if isinstance(action, PlayCard) and action.card in comps.events:
        return f"Play {comps.name(action.card)}: {comps.events[action.card].text}"
    if seat is None:
        return action.describe()
    if isinstance(action, HookUp) and action.performer in state.cliques[seat] and action.target in cards:
        p = state.cliques[seat][action.performer]
        way = _DIRECTION.get((action.x - p.x, action.y - p.y), "")
        perf, target = cards[action.performer], cards[action.target]
        n = min(effect.amount, perf.heart + target.heart, state.supply[seat])
        return (f"{perf.name} hooks up with {target.name} ({card_line(target)}) at ({action.x},{action.y}), "
                f"{way} of {perf.name}" + (f", with {n} bonds" if n > 1 else ""))
    if isinstance(action, (Bond, Exchange)) and action.card in state.cliques[seat]:
        p = state.cliques[seat][action.card]
        if p.parent is not None:
            pair = f"{cards[p.parent].name} & {cards[action.card].name}"
            cap = cards[p.parent].heart + cards[action.card].heart
            if isinstance(action, Bond):
                n = min(effect.amount, cap - p.bonds, state.supply[seat])
                what = "a bond" if n == 1 else f"{n} bonds"
                return f"Add {what} to {pair} ({p.bonds} -> {p.bonds + n}, maximum {cap})"
            return (f"Exchange a bond of {pair} for a signature ({p.bonds} -> {p.bonds - 1})"
                    + _lost(state.cliques[seat], action.card, p.bonds - 1))
    if (isinstance(action, Breakup) and 0 <= action.rival < state.players and action.performer in cards
            and action.card in state.cliques[action.rival]):
        rival = state.cliques[action.rival]
        p = rival[action.card]
        if p.parent is not None:
            cruel = cards[action.performer].cruel + effect.cruel_bonus
            left = p.bonds - min(effect.amount, p.bonds)
            return (f"{cards[action.performer].name} (cruel {cruel}) attacks {state.names[action.rival]}'s "
                    f"{cards[p.parent].name} & {cards[action.card].name} ({p.bonds} -> {left})"
                    + _lost(rival, action.card, left))
    return action.describe()


def _lost(clique: Clique, card: str, left: int) -> str:
    """What a relationship left with ``left`` markers costs its clique."""
    if left > 0:
        return ""
    return ": " + ", ".join(load().cards[c].name for c in _branch(clique, card)) + " back to the quad"


def opening_events(state: HSDState) -> list[Event]:
    quad = ", ".join(state.name(c) for c in state.quad)
    return [Event(f"The quad: {quad}."),
            Event("The drama stacks hold a hookup, a bond and a breakup card per player; the special events "
                  "are shuffled." if state.public_draft else
                  "Each player has a hookup, a bond and a breakup drama card; the special events are shuffled."),
            Event(who_starts(state))]


# ------------------------------------------------------------------ choices in steps
_ARROW_WORD = {"N": "north", "E": "east", "S": "south", "W": "west"}


def card_words(card: Card) -> str:
    """A card in words: 'Geek, cool 2, heart 4, cruel 2, arrows north/east'."""
    types = "/".join(t.capitalize() for t in ("jock", "popular", "artsy", "geek") if t in card.types)
    kind = "" if card.is_student else " organisation"
    cruel = f", cruel {card.cruel}" if card.is_student else ""
    arrows = "/".join(_ARROW_WORD[d] for d in "NESW" if d in card.arrows)
    return f"{types}{kind}, cool {card.cool}, heart {card.heart}{cruel}, arrows {arrows or 'none'}"


def choice_steps(state: HSDState, action: Action) -> tuple[str, ...]:
    """A hookup in two steps, whom and then where: ``("Hook up with Emo Boy (...)", "east of Ana,
    with 2 bonds")``; a breakup as which relationship and then who attacks it."""
    return _steps(state, action, card_words)


def short_steps(state: HSDState, action: Action) -> tuple[str, ...]:
    """:func:`choice_steps` with each card in short ('J/A c3 h2 x2, arrows ESW', as 'all' shows
    it), for a terminal too narrow for the words."""
    return _steps(state, action, card_short)


def card_short(card: Card) -> str:
    """A card in short: 'J/A c3 h2 x2, arrows ESW'."""
    return f"{card_line(card)}, arrows {''.join(d for d in 'NESW' if d in card.arrows) or 'none'}"


def _steps(state: HSDState, action: Action, card_words: Callable[[Card], str]) -> tuple[str, ...]:
    comps = load()
    cards = comps.cards
    seat = state.to_move
    if seat is None:
        return (describe_action(state, action),)
    effect = comps.effect(state.playing) if state.playing is not None else Effect("bond")
    if isinstance(action, PickMain) and action.card in cards:
        return (f"Pick {cards[action.card].name} as your main student ({card_words(cards[action.card])})",)
    if isinstance(action, PickTransfer) and action.card in cards:
        return (f"Transfer in as {cards[action.card].name} ({card_words(cards[action.card])})",)
    if isinstance(action, HookUp) and action.performer in state.cliques[seat] and action.target in cards:
        p = state.cliques[seat][action.performer]
        way = _DIRECTION.get((action.x - p.x, action.y - p.y), "next to")
        perf, target = cards[action.performer], cards[action.target]
        n = min(effect.amount, perf.heart + target.heart, state.supply[seat])
        return (f"Hook up with {target.name} ({card_words(target)})",
                f"{way} of {perf.name} at ({action.x},{action.y})" + (f", with {n} bonds" if n > 1 else ""))
    if (isinstance(action, Breakup) and 0 <= action.rival < state.players and action.performer in cards
            and action.card in state.cliques[action.rival]):
        rival = state.cliques[action.rival]
        p = rival[action.card]
        if p.parent is not None:
            cruel = cards[action.performer].cruel + effect.cruel_bonus
            left = p.bonds - min(effect.amount, p.bonds)
            return (f"Break up {state.names[action.rival]}'s {cards[p.parent].name} & {cards[action.card].name} "
                    f"({p.bonds} bond{'s' if p.bonds != 1 else ''})",
                    f"with {cards[action.performer].name} (cruel {cruel}): {p.bonds} -> {left}"
                    + _lost(rival, action.card, left))
    return (describe_action(state, action),)


# ------------------------------------------------------------------ compact board (terminal)
def compact_board(state: HSDState, viewer: int | None) -> list[str]:
    """A few lines for the terminal's default screen: the season and phase, the quad, each clique's totals."""
    comps = load()
    out = [f"High School Drama - {YEARS[state.year]} {SEASONS[state.season]}, {phase_text(state)}; "
           f"leader {leader_text(state)}"]
    if state.playing is not None:
        out.append(f"Being played: {comps.name(state.playing)}" + (
            f" - {comps.events[state.playing].text}" if state.playing in comps.events else ""))
    out.append("Quad: " + (", ".join(comps.cards[c].name for c in state.quad) or "empty"))
    for s in range(state.players):
        if not state.enrolled[s]:
            out.append(f"{state.names[s]}: not enrolled yet (transfer student)")
            continue
        sig = state.total(s)
        out.append(f"{state.names[s]}: {sig} signature{'s' if sig != 1 else ''}, {len(state.cliques[s])} in clique, "
                   f"{state.supply[s]} bond markers left, {len(state.hands[s])} card{'s' if len(state.hands[s]) != 1 else ''} in hand")
    seat = state.to_move
    if seat is not None and seat == viewer and _squares_at_stake(state):  # a square to choose: where things are
        out += clique_sketch(state, seat)
    return out


SKETCH_CELL = 12
"""Width of one square in :func:`clique_sketch` (a name cut to fit, then a space)."""


def clique_sketch(state: HSDState, seat: int) -> list[str]:
    """``seat``'s clique as a small grid with the squares' coordinates, as the choices name them
    ('east of Goth Girl at (1,0)'): names on their squares, '+' where an arrow leaves a free square,
    '.' elsewhere. At most 5 rows of at most 6 squares: fits 80 columns."""
    cards = load().cards
    clique = state.cliques[seat]
    if not clique:
        return []
    spots = open_spots(clique, cards, SPAN)
    names = {(p.x, p.y): cards[cid].name for cid, p in clique.items()}
    xs = sorted({x for x, _ in names} | {x for x, _ in spots})
    ys = sorted({y for _, y in names} | {y for _, y in spots})
    out = [f"{state.names[seat]}'s clique ('+': a free square an arrow points at)",
           "     " + "".join(f"x={x}".center(SKETCH_CELL) for x in xs)]
    for y in ys:
        row = "".join((_short_name(names[(x, y)]) if (x, y) in names else "+" if (x, y) in spots else ".")
                      .center(SKETCH_CELL) for x in xs)
        out.append(f"y={y:<3}" + row)
    return [line.rstrip() for line in out]


def _short_name(name: str) -> str:
    """A name in at most ``SKETCH_CELL - 1`` characters: 'Chess Master' -> 'Chess M.'."""
    if len(name) < SKETCH_CELL:
        return name
    first, *rest = name.split()
    return (first + " " + " ".join(w[0] + "." for w in rest))[:SKETCH_CELL - 1].rstrip()


def _squares_at_stake(state: HSDState) -> bool:
    """Whether the seat to move chooses a square now (a hookup or a bond placement)."""
    return any(hasattr(a, "x") and hasattr(a, "y") for a in state.legal_actions())


def decision_line(state: HSDState, viewer: int | None) -> str:
    """What is being decided now."""
    if state.to_move is None:
        return ""
    return f"{state.names[state.to_move]}{' (you)' if state.to_move == viewer else ''}: {phase_text(state)}"


def seat_board(state: HSDState, seat: int, viewer: int | None) -> list[str]:
    """One player's clique, drawn."""
    head = compact_board(state, viewer)
    line = next((x for x in head if x.startswith(state.names[seat] + ":")), state.names[seat])
    return [line] + ["  " + x for x in draw_clique(state.cliques[seat], show_open=(seat == viewer))]
