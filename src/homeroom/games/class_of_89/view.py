"""What a seat sees of a Class of '89 game: its observation (everything hidden removed), the
text board for the terminal (the school mat, the round, every yearbook, and what the viewer alone
may see: cards they drew and must choose from), the opening log lines, and the action lines, which
say what a placement would give ("Take Ursula I at row 1, column 2 (Quiz Bowl match)").

One-line texts of the components' rules (objectives, teacher and tile scoring, gains) are in
:mod:`~homeroom.games.class_of_89.card_texts`.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from homeroom.engine import Action, Event
from homeroom.engine.codec import encode
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import (
    Decline,
    Keep,
    Photograph,
    Place,
    PlaceOneByOne,
    Reward,
    Take,
    cell,
    grid_cell,
)
from homeroom.games.class_of_89.card_texts import gain_text, objective_text, teacher_text, tile_text
from homeroom.games.class_of_89.components import CLUBS, components
from homeroom.games.class_of_89.scoring import ed_score
from homeroom.games.class_of_89.solo_view import ED, ed_teacher_lines, target_in_force
from homeroom.games.class_of_89.solo_view import score_notes as score_notes  # the lines under 'score'

if TYPE_CHECKING:
    from homeroom.games.class_of_89.model import Yearbook
    from homeroom.games.class_of_89.state import Co89State


# ------------------------------------------------------------------ observation
def observation(state: Co89State, seat: int | None) -> dict[str, Any]:
    """Everything public, plus the cards ``seat`` drew and must choose from (others see a count)."""
    pend: list[dict[str, Any]] = []
    for p in state.pending:
        d = {"kind": p.kind, "seat": p.seat, "token": p.token, "club": p.club, "source": p.source,
             "optional": p.optional}
        d["cards"] = list(p.cards) if p.seat == seat else len(p.cards)
        pend.append(d)
    return {
        "round": state.round, "phase": state.phase, "first": state.first, "turn": state.current,
        "to_move": state.to_move, "location": state.location, "member": state.member,
        "main_done": state.main_done, "sig_done": state.sig_done, "member_done": state.member_done,
        "objectives": list(state.objectives), "school": encode(state.school),
        "school_sups": dict(state.school_sups), "spaces": encode(state.spaces),
        "space_members": encode(state.space_members), "entrance": encode(state.entrance),
        "decks": {k: len(v) for k, v in state.decks.items()}, "discards": encode(state.discards),
        "set_aside": list(state.set_aside), "ones_supply": state.ones_supply,
        "books": encode(state.books), "pending": pend,
        **({"solo": _solo_view(state)} if state.players == 1 else {}),
    }


def _solo_view(state: Co89State) -> dict[str, Any]:
    """What the table shows of Ed's decks and face-down priority cards."""
    comp = components()
    return {
        "location_card": state.solo_location, "location_deck": len(state.solo_locations),
        "location_discard": list(state.solo_location_discard), "choice_deck": len(state.solo_choices),
        "choice_discard": list(state.solo_choice_discard),
        "next_choice_back": list(comp.choice_cards[state.solo_choices[-1]].back) if state.solo_choices else None,
        "priority": [c if r else None for c, r in zip(state.ed_priority, state.ed_revealed)],
        "ed_tokens": dict(sorted(state.ed_tokens.items())),
    }


def opening_events(state: Co89State) -> list[Event]:
    """Log lines for what setup did: objectives, starting teachers and signatures, janitors, Ed."""
    comp = components()
    events = [Event("Club objectives: " + ", ".join(comp.objectives[o].name for o in state.objectives) + ".")]
    for s, b in enumerate(state.books):
        events.append(Event(f"{state._name(s)} starts with {comp.card_name(b.photo[0])} as the first teacher "
                            f"and {b.signatures} signature{'s' if b.signatures != 1 else ''}.",
                            s if s < state.players else None))
    for loc, cost in state.janitors:
        events.append(Event(f"A janitor occupies the {cost}-signature space of the "
                            f"{comp.locations[loc].name}."))
    if state.players == 1:
        ed = state.books[1]
        events.append(Event("Ed E. Tor plays the solo game at " + str(state.options.get("difficulty")) + " difficulty: "
                            + ", ".join(components().card_name(c) for c in ed.photo[1:] if c)
                            + " join his class photo; five priority cards lie face down above his columns."))
    events.append(Event(f"{state._name(state.first)} has the first player token."))
    return events


# ------------------------------------------------------------------ action lines
def placement_gains(state: Co89State, seat: int, card: str, at: int) -> list[str]:
    """Short phrases for what placing ``card`` at ``at`` gives at once (matches, rows, columns, icons)."""
    comp = components()
    book = state.books[seat]
    kind = pl.lookup().kind.get(card, "")
    out: list[str] = []
    if kind in ("student", "teacher"):
        if not 0 <= at < len(book.photo) or book.photo[at]:
            return out
        book.photo[at] = card
        try:
            if state.options.get("half_icons", True):
                out += [f"{comp.club_name(club)} match" for club in pl.matches_at(book, at)]
            row, col = pl.completed_lines(book, at)
        finally:
            book.photo[at] = ""
        if row is not None:
            out.append(f"completes row {row + 1}: " + ", ".join(gain_text(g) for g in comp.row_bonuses[row]))
        if col is not None and book.side:
            out.append(f"completes column {col + 1}: "
                       + ", ".join(gain_text(g) for g in comp.column_sides[book.side][col]))
    elif kind.startswith("tile"):
        try:
            cells = pl.tile_cells(card, at)
        except ValueError:
            return out
        out += _grid_gains(state, seat, cells)
    return out


def _grid_gains(state: Co89State, seat: int, cells: list[int]) -> list[str]:
    """The printed grid icons the cells cover and the halves they would complete."""
    comp = components()
    book = state.books[seat]
    out: list[str] = []
    covered = [gain_text(g) for c in cells for g in comp.grid_icons.get(c, [])]
    if covered:
        out.append("covers " + ", ".join(covered))
    if any(book.grid[c] for c in cells):
        return out
    for c in cells:
        book.grid[c] = "?"
    try:
        halves = pl.completed_halves(book)
    finally:
        for c in cells:
            book.grid[c] = ""
    out += [f"fills the {h} half: {comp.club_name(comp.halves[h])} +1" for h in halves]
    return out


def _decline(state: Co89State) -> str:
    """What declining the pending decision gives up."""
    comp = components()
    p = state.pending[0]
    if p.kind == "token":
        return "Decline the token" if p.token == "any" else f"Decline the {comp.token_name(p.token)} token"
    if p.kind == "tile1x1":
        return "Decline the 1x1 tile"
    if p.kind.startswith("draw"):
        kind = p.kind[5:]
        if p.optional:
            return f"Keep none of the drawn {kind} (all back to the bottom of the deck)"
        return (f"None of the drawn {kind} can be placed: discard {comp.card_name(p.cards[0])}, "
                "the others back to the bottom")
    if p.kind.startswith("pick"):
        return f"Decline the bonus (take no face-up {p.kind[5:]})"
    return "Decline"


def describe_action(state: Co89State, action: Action) -> str:
    text = action.describe()
    if state.to_move is None:
        return text
    if isinstance(action, Decline) and state.pending:
        return _decline(state)
    if isinstance(action, Reward) and state.pending and state.pending[0].club:
        return f"{components().club_name(state.pending[0].club)} leader's reward: {text[0].lower()}{text[1:]}"
    gains: list[str] = []
    if isinstance(action, Take | Photograph | Keep):
        gains = placement_gains(state, state.to_move, action.card, action.at)
    elif isinstance(action, PlaceOneByOne) and 0 <= action.at < len(state.books[state.to_move].grid):
        gains = _grid_gains(state, state.to_move, [action.at])
    if gains:
        text += " (" + "; ".join(gains) + ")"
    return text


# ------------------------------------------------------------------ text board
TOKEN_ABBR = {"gavel": "G", "bookmark": "K", "bolt": "B", "paint": "P", "star": "S"}
WIDTH = 120
CLUB_ABBR = {"council": "SC", "quiz": "QB", "pep": "PS", "arts": "FA", "athletics": "AT", "honor": "HS"}


def card_label(card: str) -> str:
    comp = components()
    if not card:
        return "."
    if card in comp.students:
        s = comp.students[card]
        return f"{CLUB_ABBR[s.left]}|{s.name}|{CLUB_ABBR[s.right]}"
    if card in comp.teachers:
        t = comp.teachers[card]
        return f"[{t.name}: {teacher_text(t.scoring)}]|{CLUB_ABBR[t.right]}"
    if card in comp.staff:
        st = comp.staff[card]
        return f"Staff {st.name} ({CLUB_ABBR[st.club]}; gains {', '.join(gain_text(g) for g in st.gains)})"
    tl = comp.tiles[card]
    extra = f"; scores {tile_text(tl.scoring)}" if tl.scoring else ""
    gains = ", ".join(gain_text(g) for g in tl.gains) or "no gains"
    return f"Tile {tl.letter} {tl.name} {tl.width}x{tl.height} ({gains}{extra})"


def _tokens(toks: list[str]) -> str:
    return "".join(TOKEN_ABBR[t] for t in toks)


def _parts(breakdown: dict[str, int]) -> str:
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in breakdown.items())


def _icon(gain: str) -> str:
    """A printed grid icon, short: a token's name (Bookmark) or a club step (SC+1)."""
    comp = components()
    if gain.startswith("token:"):
        return "any" if gain == "token:any" else comp.token_name(gain[6:])
    if gain.startswith("club:"):
        return CLUB_ABBR[gain[5:]] + "+1"
    return gain_text(gain)


def render_book(state: Co89State, seat: int, book: Yearbook) -> list[str]:
    comp = components()
    lines = [f"== {state._name(seat)}: {book.signatures} signature{'s' if book.signatures != 1 else ''}, storage [{_tokens(book.storage)}], "
             f"unused ABC {book.abc_tokens - len(book.abc_slots)}, column side {book.side or '?'}, "
             f"members used: {', '.join(comp.member_name(m) for m in book.used) or '-'}"]
    lines.append("   tracks: " + "  ".join(f"{CLUB_ABBR[c]} {book.tracks[c]}/{len(comp.tracks[c])}" for c in CLUBS))
    for r in range(4):
        cells = []
        for c in range(5):
            s = r * 5 + c
            card = book.photo[s]
            label = f"[{comp.card_name(card)}]|{CLUB_ABBR[comp.teachers[card].right]}" \
                if card in comp.teachers else card_label(card)
            if s in book.abc_slots:
                label += "(ABC)"
            if book.tokens[s]:
                label += "{" + _tokens(book.tokens[s]) + "}"
            cells.append(label)
        lines.append(f"   row {r + 1}: " + "  ".join(cells))
    teachers = [c for c in book.photo if c in comp.teachers]
    lines.append("   teachers: " + "; ".join(f"{comp.card_name(t)} {teacher_text(comp.teachers[t].scoring)}"
                                            for t in teachers))
    gw = pl.lookup().gw
    for r in range(pl.lookup().gh):
        row = []
        for c in range(gw):
            v = book.grid[r * gw + c]
            if not v:
                icon = "+".join(_icon(g) for g in comp.grid_icons.get(r * gw + c, []))
                row.append(f"({icon})" if icon else ".")
            else:
                row.append("[1x1]" if v == "1x1" else f"[{comp.tiles[v].letter}:{comp.card_name(v)[:8]}]")
        lines.append(f"   grid {r + 1}: " + " ".join(f"{x:<12}" for x in row).rstrip())
    if book.tiles:
        lines.append("   tiles: " + ", ".join(comp.card_name(t) for t in book.tiles) + f"; 1x1 tiles: {book.ones}")
    for sup in book.superlatives:
        lines.append(f"   Senior Superlative on {comp.card_name(sup.tile)}: {comp.card_name(sup.student)} "
                     f"{{{_tokens(sup.tokens)}}}")
    if book.staff:
        lines.append("   staff: " + ", ".join(comp.card_name(s) for s in book.staff))
    return lines


def render_ed(state: Co89State) -> list[str]:
    """What the table shows of Ed: his round's Location card, the last Choice card, the back of the
    next one, and the tokens on his face-down priority cards (a card's type shows once it holds one)."""
    comp = components()
    names = {lc.id: lc.name for lc in comp.locations}
    lines = []
    if state.solo_location:
        card = comp.location_cards[state.solo_location]
        lines.append(f"Ed's Location card: X {names[card.x]}; " + ", ".join(
            f"{comp.member_name(m)} -> {names[loc]}" for m, loc in card.members.items()))
    if state.solo_choice_discard:
        shown = comp.choice_cards[state.solo_choice_discard[-1]]
        lines.append("Ed's last Choice card: " + ", ".join(f"{names[k]} {v}" for k, v in shown.items.items()))
    if state.solo_choices:
        back = comp.choice_cards[state.solo_choices[-1]].back
        lines.append("Back of the next Choice card: " + " > ".join(comp.member_name(m) for m in back))
    cols = []
    for c, (club, revealed) in enumerate(zip(state.ed_priority, state.ed_revealed)):
        if revealed:
            token = next(lc.token for lc in comp.locations if lc.club == club)
            cols.append(f"col {c + 1} {comp.club_name(club)} x{state.ed_tokens.get(token, 0)}")
        else:
            cols.append(f"col {c + 1} face down")
    lines.append("Ed's priority cards: " + "; ".join(cols))
    if not state.is_terminal():
        ed = ed_score(state)
        lines.append(f"Ed's score if the game ended now: {ed.total} ({_parts(ed.breakdown)})")
    return lines


def player_aid(state: Co89State) -> list[str]:
    """The printed bonuses a player looks up: row bonuses, both column board sides, track steps."""
    comp = components()

    def gains(g: list[str]) -> str:
        return "+".join(gain_text(x) for x in g) or "-"

    lines = ["Key: half-icons " + ", ".join(f"{CLUB_ABBR[c]} {comp.club_name(c)}" for c in CLUBS),
             "     tokens {" + ", ".join(f"{a} {comp.token_name(t)}" for t, a in TOKEN_ABBR.items())
             + "}; (ABC) initial covered; grid (icon) still uncovered",
             "Row bonuses: " + "; ".join(f"row {i + 1} {gains(g)}" for i, g in enumerate(comp.row_bonuses))]
    for side, cols in sorted(comp.column_sides.items()):
        lines.append(f"Column board side {side}, columns: " + "; ".join(f"{i + 1} {gains(g)}" for i, g in enumerate(cols)))
    top = comp.board["track_top_points"]
    lines.append(f"Club track steps (the last is the top: {top} points at the end, and a signature for each "
                 "advance beyond it):")
    for c in CLUBS:
        lines.append(f"    {CLUB_ABBR[c]} {comp.club_name(c)}: "
                     + ", ".join(f"{i + 1} {gains(g)}" for i, g in enumerate(comp.tracks[c])))
    return lines


def render(state: Co89State, viewer: int | None) -> str:
    comp = components()
    out = [f"Class of '89 - round {state.round} of {comp.board['rounds']}, "
           f"first player {state._name(state.first)}"]
    out.append("Objectives:")
    for o in state.objectives:
        obj = comp.objectives[o]
        out.append(f"    {obj.name} ({comp.club_name(obj.club)}): {objective_text(obj.measure)}, "
                   f"MIN {obj.min} (T1 {obj.t1}, T2 {obj.t2})")
        if state.players == 1:  # the solo target in force now, beside its objective
            out.append(f"      solo target now: {target_in_force(state, o)}")
    for i, loc in enumerate(comp.locations):
        occ = []
        for cost, who in enumerate(state.spaces[i]):
            tag = ("janitor" if who == -2 else "free" if who == -1
                   else f"{state._name(who)}'s {comp.member_name(state.space_members[i][cost])}")
            occ.append(f"{cost}:{tag}")
        out.append(f"{loc.name} ({comp.club_name(loc.club)}, {comp.token_name(loc.token)}) spaces " + ", ".join(occ))
        for card in state.school[i]:
            label = card_label(card)
            if card in state.school_sups:
                label += f" with Senior Superlative {card_label(state.school_sups[card])}"
            out.append(f"    {label}")
    if state.options.get("school_entrance", True):
        ent = ", ".join(f"{state._name(s)}'s {comp.member_name(m)}" for s, m in state.entrance) or "nobody"
        out.append(f"School Entrance (1x1 tile + 2 signatures): {ent}")
    out.append("Decks: " + ", ".join(f"{k} {len(v)}" for k, v in state.decks.items())
               + f"; 1x1 tiles left {state.ones_supply}")
    for seat, book in enumerate(state.books):
        out += render_book(state, seat, book)
    if state.players == 1:
        out += render_ed(state)
    if state.phase == "act":
        where = "School Entrance" if state.location == 5 else comp.locations[state.location].name
        done = [n for n, f in (("main", state.main_done), ("signature", state.sig_done),
                               ("member", state.member_done)) if f]
        out.append(f"{state._name(state.current)}'s {comp.member_name(state.member)} is at the {where}; "
                   f"done: {', '.join(done) or '-'}")
    if state.pending:
        p = state.pending[0]
        text = f"Waiting for {state._name(p.seat)}: {p.kind.replace('_', ' ')}"
        if p.token:
            text += f" ({p.token})"
        out.append(text)
        if p.cards and p.seat == viewer:
            out += [f"    {card_label(c)}" for c in p.cards]
    out += player_aid(state)
    if state.is_terminal():
        for s, sc in enumerate(state.scores()):
            out.append(f"{state.names[s]}: {sc.total} ({_parts(sc.breakdown)})")
        if state.players == 1:
            ed = ed_score(state)
            out.append(f"Ed: {ed.total} ({_parts(ed.breakdown)})")
    # keep the view within 120 columns: a long line continues, indented, on the next
    return "\n".join(textwrap.fill(line, WIDTH, subsequent_indent="      ", break_on_hyphens=False)
                     if len(line) > WIDTH else line for line in out)


# ------------------------------------------------------------------ choices in steps
def card_summary(card: str) -> str:
    """A card as a player choosing it reads it: its name and what it does."""
    comp = components()
    if card in comp.students:
        s = comp.students[card]
        return f"{s.name} ({comp.club_name(s.left)}, {comp.club_name(s.right)})"
    if card in comp.teachers:
        t = comp.teachers[card]
        return f"{t.name} (teacher, {comp.club_name(t.right)}; scores {teacher_text(t.scoring)})"
    if card in comp.staff:
        st = comp.staff[card]
        return f"{st.name} (staff, {comp.club_name(st.club)}; gains {', '.join(gain_text(g) for g in st.gains)})"
    if card in comp.tiles:
        tl = comp.tiles[card]
        extra = f"; scores {tile_text(tl.scoring)}" if tl.scoring else ""
        gains = ", ".join(gain_text(g) for g in tl.gains) or "no gains"
        return f"{tl.name} ({tl.width}x{tl.height} tile; {gains}{extra})"
    return comp.card_name(card)


STEP_VERB = {Take: "Take", Photograph: "Photographer: also take", Keep: "Keep"}


def choice_steps(state: Co89State, action: Action) -> tuple[str, ...]:
    """A placement in two steps, which card (with what it does) and then where (with what that
    gives): ``("Take Julie B (Athletics, Cheer)", "row 2, column 3 (Athletics match)")``."""
    if isinstance(action, Take | Photograph | Keep) and state.to_move is not None:
        comp = components()
        if action.card in comp.staff:
            where_text = "into your staff section"
        elif action.card in comp.tiles:
            where_text = f"at {grid_cell(action.at)}"
        else:
            where_text = f"at {cell(action.at)}" + (" using your ABC token" if action.abc else "")
        gains = placement_gains(state, state.to_move, action.card, action.at)
        second = where_text + (" (" + "; ".join(gains) + ")" if gains else "")
        return (f"{STEP_VERB[type(action)]} {card_summary(action.card)}", second)
    if isinstance(action, Place):
        full = action.describe()
        member = f"Send your {components().member_name(action.member)}"
        if full.startswith(member + " "):
            return (member, full[len(member) + 1:])
    return (describe_action(state, action),)


# ------------------------------------------------------------------ compact board (terminal)
def compact_board(state: Co89State, viewer: int | None) -> list[str]:
    """A few lines for the terminal's default screen: the round, each yearbook's totals, what is on."""
    comp = components()
    out = [f"Class of '89 - round {state.round} of {comp.board['rounds']}, first player {state._name(state.first)}"]
    for seat, book in enumerate(state.books):
        filled = sum(1 for c in book.photo if c)
        sig = book.signatures
        tokens = ", ".join(comp.token_name(t) for t in book.storage) or "none"
        tracks = ", ".join(f"{comp.club_name(c)} {book.tracks[c]}" for c in CLUBS if book.tracks[c]) or "none"
        out.append(f"{state._name(seat)}: {sig} signature{'s' if sig != 1 else ''}, {filled} of 20 photos, "
                   f"stored tokens {tokens}; club tracks {tracks}")
    return out


PENDING_TEXT = {
    "token": "place a {token} token",
    "tile1x1": "place a 1x1 tile in your grid (or decline it)",
    "reward": "choose a club leader's reward",
    "move": "move a {token} token",
    "draw_students": "keep one of the drawn students",
    "draw_teachers": "keep one of the drawn teachers",
    "pick_student": "take a face-up student (bonus)",
    "pick_teacher": "take a face-up teacher (bonus)",
}
ANY_TOKEN_TEXT = {"token": "place a token of their choice (any kind)",
                  "move": "move a token of their choice (any kind)"}
PHASE_TEXT = {"side": "choose the side of their column completion board",
              "place": "send one of their club members to a location"}


def decision_line(state: Co89State, viewer: int | None) -> str:
    """What is being decided now and why: the pending choice, or where the current member is."""
    comp = components()
    if state.pending:
        p = state.pending[0]
        if p.token == "any" and p.kind in ANY_TOKEN_TEXT:  # any token gain: the player picks which
            what = ANY_TOKEN_TEXT[p.kind]
        else:
            token = comp.token_name(p.token) if p.token else "location"
            what = PENDING_TEXT.get(p.kind, p.kind.replace("_", " ")).format(token=token)
        text = f"{state._name(p.seat)} must {what}"
        if p.club:
            text += f" ({comp.club_name(p.club)})"
        return text
    if state.phase == "act" and state.to_move is not None:
        where = "School Entrance" if state.location == 5 else comp.locations[state.location].name
        done = [n for n, f in (("main", state.main_done), ("signature", state.sig_done),
                               ("member", state.member_done)) if f]
        return (f"{state._name(state.current)}'s {comp.member_name(state.member)} is at the {where}: "
                "main action, signature, member ability, then end the turn"
                + (f" (done: {', '.join(done)})" if done else ""))
    if state.to_move is not None:
        return f"{state._name(state.to_move)} must {PHASE_TEXT.get(state.phase, state.phase.replace('_', ' '))}"
    return ""


def seat_board(state: Co89State, seat: int, viewer: int | None) -> list[str]:
    """One player's yearbook."""
    return render_book(state, seat, state.books[seat])


def automa_board(state: Co89State, name: str, viewer: int | None) -> list[str] | None:
    """Ed's yearbook and his teacher arithmetic ('board Ed' in a solo game); None for other names."""
    if state.players != 1 or not name.strip() or not ED.lower().startswith(name.strip().lower()):
        return None
    return render_book(state, 1, state.books[1]) + ed_teacher_lines(state)
