"""Why an action is illegal now: the rule it breaks, with the numbers, and the rulebook section
that says so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, IllegalAction
from homeroom.games.high_school_drama.actions import (
    Bond,
    Breakup,
    Discard,
    DrawDrama,
    DrawEvent,
    Exchange,
    HookUp,
    PlayCard,
)
from homeroom.games.high_school_drama.bonds import relationship_has_type
from homeroom.games.high_school_drama.constants import SPAN
from homeroom.games.high_school_drama.effects import Effect
from homeroom.games.high_school_drama.events import what_is_exchanged

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


def reason(state: HSDState, action: Action) -> IllegalAction:
    phase = state.phase
    seat = state.to_move
    expected = {
        "pick": "pick a main student from the quad",
        "transfer": "pick a transfer student from the student deck",
        "review": "discard kept cards or keep the rest of your hand",
        "draw": "draw a card up to the year's hand size",
        "act": "play a card from your hand",
        "resolve": "choose how the played card resolves",
        "exchange": "exchange bonds for signatures or stop",
        "lovin": "place your Summer Lovin' bond",
    }
    rule = {
        "pick": "Pick Your Main Student", "transfer": "Transfer Student Bonus", "review": "Final Action",
        "draw": "Semester Start", "act": "Midterm Action", "resolve": "Midterm Action",
        "exchange": "Events", "lovin": "Summer Semester",
    }.get(phase, "Game Play Overview")
    if seat is not None and phase == "resolve" and state.playing is not None:
        why = _resolve_reason(state, seat, action)
        if why is not None:
            return why
    if seat is not None and phase == "lovin" and isinstance(action, Bond):
        why = _bond_reason(state, seat, action, Effect("bond"))
        if why is not None:
            return IllegalAction(why.reason, "Summer Semester")
    if isinstance(action, Exchange) and phase == "exchange" and state.playing is not None and seat is not None:
        kind = state.comps.effect(state.playing).exchange
        what = what_is_exchanged(kind)
        held = state.cliques[seat].get(action.card)
        if held is None:
            return IllegalAction(f"{state.name(action.card)} is not in your clique", "Events")
        if held.parent is None:
            return IllegalAction(f"{state.name(action.card)} is your main student: name the card at the other "
                                 f"end of one of the {what} this event exchanges", "Events")
        return IllegalAction(f"the relationship of {state.name(held.parent)} and {state.name(action.card)} is "
                             f"not one of the {what} this event exchanges", "Events")
    if isinstance(action, PlayCard) and phase == "act":
        return IllegalAction(f"{state.name(action.card)} is not in your hand", "Midterm Action")
    if isinstance(action, Discard) and phase == "review":
        return IllegalAction(f"{state.name(action.card)} is not in your hand", "Final Action")
    if isinstance(action, DrawEvent) and phase == "draw":
        return IllegalAction("the event deck is empty and no played event is left to reshuffle", "Semester Start")
    if isinstance(action, DrawDrama) and phase == "draw":
        return IllegalAction(f"there is no {action.drama} drama card left for you to draw", "Semester Start")
    return IllegalAction(f"'{action.describe()}' is not possible now: you must {expected.get(phase, 'wait')}",
                         rule)


_WAY = {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}
_LETTER = {"north": "N", "east": "E", "south": "S", "west": "W"}
_BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _resolve_reason(state: HSDState, seat: int, action: Action) -> IllegalAction | None:
    """The specific rule a hookup, bond or breakup breaks, with the numbers."""
    assert state.playing is not None
    effect = state.comps.effect(state.playing)
    playing = state.name(state.playing)
    wanted = {HookUp: "hookup", Bond: "bond", Breakup: "breakup"}.get(type(action))
    if wanted is not None and wanted != effect.kind:
        return IllegalAction(f"{playing} is a {effect.kind}, so it cannot be resolved as a {wanted}",
                             "Midterm Action")
    if isinstance(action, HookUp):
        return _hookup_reason(state, seat, action, effect)
    if isinstance(action, Bond):
        return _bond_reason(state, seat, action, effect)
    if isinstance(action, Breakup):
        return _breakup_reason(state, seat, action, effect)
    return None


def _hookup_reason(state: HSDState, seat: int, a: HookUp, effect: Effect) -> IllegalAction | None:
    clique, cards, rule = state.cliques[seat], state.cards, "Hookups"
    if a.performer not in clique:
        return IllegalAction(f"{state.name(a.performer)} is not in your clique", rule)
    perf = cards[a.performer]
    if not perf.is_student:
        return IllegalAction(f"{perf.name} is an organization: only students can perform the hookup action", rule)
    if a.target not in state.quad:
        return IllegalAction(f"{state.name(a.target)} is not in the quad: hookups join a card from the quad", rule)
    target = cards[a.target]
    if state.supply[seat] <= 0:
        return IllegalAction("you have no bond marker left to place on the new relationship", rule)
    if effect.target_type is not None and effect.target_type not in target.types:
        return IllegalAction(f"{state.name(state.playing or '')} joins only {effect.target_type} cards; "
                             f"{target.name} is {target.type_label()}", "Events")
    cool = perf.cool + effect.cool_bonus
    if not effect.match_any and target.cool > cool and not (perf.types & target.types):
        bonus = f" with this card's +{effect.cool_bonus}" if effect.cool_bonus else ""
        return IllegalAction(f"{perf.name} ({perf.type_label()}, cool {cool}{bonus}) and {target.name} "
                             f"({target.type_label()}, cool {target.cool}) share no type and {target.name} is "
                             "too cool", rule)
    p = clique[a.performer]
    way = _WAY.get((a.x - p.x, a.y - p.y))
    if way is None:
        return IllegalAction(f"({a.x},{a.y}) is not next to {perf.name} at ({p.x},{p.y}): the new card's "
                             "arrows must line up with the student who performs the hookup", rule)
    arrow = _LETTER[way]
    if arrow not in perf.arrows:
        return IllegalAction(f"{perf.name} has no relational arrow pointing {way}", rule)
    if _BACK[arrow] not in target.arrows:
        return IllegalAction(f"{target.name} has no {_BACK[arrow]} arrow to line up with {perf.name}'s {arrow} "
                             "arrow when placed to the " + way, rule)
    taken = next((cid for cid, q in clique.items() if (q.x, q.y) == (a.x, a.y)), None)
    if taken is not None:
        return IllegalAction(f"({a.x},{a.y}) already holds {state.name(taken)}", rule)
    return IllegalAction(f"{target.name} does not fit at ({a.x},{a.y}): the clique must stay within "
                         f"{SPAN} x {SPAN} squares (see RULINGS.md, Fitting)", rule)


def _bond_reason(state: HSDState, seat: int, a: Bond, effect: Effect) -> IllegalAction | None:
    clique, cards, rule = state.cliques[seat], state.cards, "Bonds"
    if a.card not in clique:
        return IllegalAction(f"{state.name(a.card)} is not in your clique", rule)
    p = clique[a.card]
    if p.parent is None:
        return IllegalAction(f"{state.name(a.card)} is your main student: name the card at the other end of "
                             "an existing relationship", rule)
    card, parent = cards[a.card], cards[p.parent]
    cap = card.heart + parent.heart
    if p.bonds >= cap:
        return IllegalAction(f"{parent.name} and {card.name} are at their maximum strength {cap} "
                             f"(hearts {parent.heart} + {card.heart})", rule)
    if state.supply[seat] <= 0:
        return IllegalAction("you have no bond marker left", rule)
    if effect.target_type is not None and not relationship_has_type(card, parent, effect.target_type):
        return IllegalAction(f"this card bonds only relationships with a {effect.target_type} card", "Events")
    return None


def _breakup_reason(state: HSDState, seat: int, a: Breakup, effect: Effect) -> IllegalAction | None:
    cards, rule = state.cards, "Breakups"
    mine = state.cliques[seat]
    if a.performer not in mine:
        return IllegalAction(f"{state.name(a.performer)} is not in your clique", rule)
    if not cards[a.performer].is_student:
        return IllegalAction(f"{state.name(a.performer)} is an organization: a student performs the breakup", rule)
    if a.rival == seat:
        return IllegalAction("a breakup attacks a rival's relationship, not one of your own", rule)
    if not 0 <= a.rival < state.players or not state.enrolled[a.rival]:
        return IllegalAction(f"there is no rival in seat {a.rival + 1}", rule)
    clique = state.cliques[a.rival]
    rival = state.names[a.rival]
    if a.card not in clique:
        return IllegalAction(f"{state.name(a.card)} is not in {rival}'s clique", rule)
    p = clique[a.card]
    if p.parent is None:
        return IllegalAction(f"{state.name(a.card)} is {rival}'s main student: name the card at the other end "
                             "of one of their relationships", rule)
    card, parent = cards[a.card], cards[p.parent]
    if effect.target_type is not None and not relationship_has_type(card, parent, effect.target_type):
        return IllegalAction(f"this card breaks up only relationships with a {effect.target_type} card", "Events")
    cruel = cards[a.performer].cruel + effect.cruel_bonus
    if cruel < p.bonds:
        return IllegalAction(f"{state.name(a.performer)} (cruel {cruel}) is not cruel enough for {rival}'s "
                             f"{parent.name} and {card.name} (strength {p.bonds})", rule)
    return None
