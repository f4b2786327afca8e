"""Readable reasons why an action is illegal now, with the rulebook section."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, IllegalAction
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import (
    BuyToken,
    ChooseSide,
    EndTurn,
    Keep,
    Photograph,
    Place,
    PutToken,
    Refresh,
    ShiftToken,
    Take,
    UseMember,
)
from homeroom.games.class_of_89.components import components

if TYPE_CHECKING:
    from homeroom.games.class_of_89.state import Co89State


def _card_reason(state: Co89State, seat: int, card: str, at: int, abc: bool) -> IllegalAction | None:
    comp = components()
    lk = pl.lookup()
    kind = lk.kind.get(card)
    book = state.books[seat]
    if kind is None:
        return IllegalAction(f"there is no card or tile called {card!r}", "Components")
    if kind in ("student", "teacher"):
        if not 0 <= at < 20 or book.photo[at]:
            return IllegalAction("that class-photo space is not free; once placed, cards cannot be moved",
                                 "Teachers")
        if kind == "student":
            if abc and len(book.abc_slots) >= book.abc_tokens:
                return IllegalAction("you have no unused ABC token", "ABC Tokens")
            if not abc and at not in pl.student_slots(book, card):
                return IllegalAction(f"{comp.card_name(card)} would break the alphabetical order of that class",
                                     "Students")
    elif kind == "staff" and len(book.staff) >= 4:
        return IllegalAction("you already have four staff cards", "Staff")
    elif kind.startswith("tile") and at not in pl.tile_spots(book, card):
        return IllegalAction(f"the {comp.card_name(card)} tile does not fit there without overlapping or "
                             "leaving the grid", "Wildcat Way Tiles")
    return None


def why_illegal(state: Co89State, action: Action) -> IllegalAction:
    comp = components()
    if state.pending:
        p = state.pending[0]
        if isinstance(action, Keep):
            r = _card_reason(state, p.seat, action.card, action.at, action.abc)
            if r:
                return r
        if isinstance(action, PutToken):
            return IllegalAction("a student holds at most 4 tokens and storage holds 2; tokens go on students",
                                 "Attribute Tokens")
        return IllegalAction(f"{state.names[p.seat]} must first resolve a pending {p.kind.replace('_', ' ')} "
                             "decision", "Gameplay")
    if isinstance(action, ChooseSide):
        return IllegalAction("the column completion board side is chosen once, at setup", "Player Setup")
    if state.phase == "place":
        if isinstance(action, Place):
            book = state.books[state.current]
            if action.member in book.used:
                return IllegalAction(f"your {comp.member_name(action.member)} has already been placed this round",
                                     "Game Structure")
            ids = [lc.id for lc in comp.locations]
            if action.location == "entrance":
                return IllegalAction("the School Entrance has been removed in this game", "School Entrance")
            if action.location not in ids or not 0 <= action.cost <= 2:
                return IllegalAction("there is no such space", "School Mat & Yearbook Board")
            i = ids.index(action.location)
            if action.member != "treasurer" and state.current in state.spaces[i]:
                mine = state.space_members[i][state.spaces[i].index(state.current)]
                who = comp.member_name(mine) if mine else "team member"
                return IllegalAction(f"the {comp.locations[i].name} already holds your {who}; "
                                     "only the Treasurer may visit a location you have already visited",
                                     "Player Turn")
            if state.spaces[i][action.cost] != -1:
                return IllegalAction("that space is already occupied", "Player Turn")
            return IllegalAction(f"you cannot pay {action.cost} signatures; only the Treasurer ignores "
                                 "signature costs", "Player Turn")
        return IllegalAction("first place one of your team members", "Player Turn")
    if state.phase == "act":
        if isinstance(action, Place):
            return IllegalAction("you have already placed a team member this turn", "Player Turn")
        if isinstance(action, Take | Photograph):
            if isinstance(action, Take) and state.main_done:
                return IllegalAction("the main action can be performed once per turn", "Player Turn")
            if isinstance(action, Photograph) and (state.member != "photographer" or state.member_done):
                return IllegalAction("only an unused Photographer takes an extra student", "Player Turn")
            if state.location == 5 or action.card not in state.school[state.location]:
                return IllegalAction("that card or tile is not at the location you visited", "Player Turn")
            if isinstance(action, Photograph) and pl.lookup().kind.get(action.card) != "student":
                return IllegalAction("the Photographer's extra card must be a student", "Player Turn")
            r = _card_reason(state, state.current, action.card, action.at, action.abc)
            if r:
                return r
        if isinstance(action, BuyToken | Refresh):
            if state.sig_done:
                return IllegalAction("the signature action can be performed once per turn", "Player Turn")
            if state.location == 5:
                return IllegalAction("the School Entrance has no signature action: it only gives a 1x1 tile "
                                     "and 2 signatures", "School Entrance")
            here = comp.locations[state.location]
            if isinstance(action, BuyToken) and action.token != here.token:
                return IllegalAction(f"the signature action at the {here.name} buys its own token, the "
                                     f"{comp.token_name(here.token)}", "Player Turn")
            return IllegalAction("the signature action costs 1 signature and you have none", "Player Turn")
        if isinstance(action, UseMember):
            if action.member != state.member:
                return IllegalAction(f"the member you placed this turn is your {comp.member_name(state.member)}",
                                     "Player Turn")
            if state.member == "treasurer":
                return IllegalAction("the Treasurer has no additional ability", "Player Turn")
            return IllegalAction("your team member's ability is used once per turn (the Treasurer has none)",
                                 "Player Turn")
        if isinstance(action, ShiftToken):
            return IllegalAction("moving a token between students costs 2 signatures and needs a student with "
                                 "room", "Attribute Tokens")
        if isinstance(action, EndTurn):
            return IllegalAction("the main action is mandatory: take a card or tile first", "Player Turn")
    return IllegalAction(f"'{action.describe()}' is not possible now", "Gameplay")
