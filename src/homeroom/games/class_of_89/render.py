"""Terminal view of a Class of '89 game: the school mat, the round, every yearbook, and
what the viewer alone may see (cards they drew and must choose from)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import CLUBS, components
from homeroom.games.class_of_89.texts import gain_text, objective_text, teacher_text, tile_text

if TYPE_CHECKING:
    from homeroom.games.class_of_89.rules import Co89State
    from homeroom.games.class_of_89.state import Yearbook

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
    lines = [f"== {state._name(seat)}: {book.signatures} signatures, storage [{_tokens(book.storage)}], "
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
        from homeroom.games.class_of_89.scoring import ed_score

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
            from homeroom.games.class_of_89.scoring import ed_score

            ed = ed_score(state)
            out.append(f"Ed: {ed.total} ({_parts(ed.breakdown)})")
    # keep the view within 120 columns: a long line continues, indented, on the next
    return "\n".join(textwrap.fill(line, WIDTH, subsequent_indent="      ", break_on_hyphens=False)
                     if len(line) > WIDTH else line for line in out)
