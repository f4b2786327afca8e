"""Special events that exchange bonds for yearbook signatures, in turn order from the player
who played the event (rulebook: Events: Making the Scene in HSD)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama.actions import EXCHANGE
from homeroom.games.high_school_drama.breakups import chain
from homeroom.games.high_school_drama.clique import Clique
from homeroom.games.high_school_drama.components import Card
from homeroom.games.high_school_drama.effects import Effect
from homeroom.games.high_school_drama.scoring import gain

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


def exchangeable(card: Card, parent: Card, kind: str | None) -> bool:
    """Does this relationship's bonds count for an exchange event of ``kind``? Organizations
    always joined through a student, so the organization is the joined card. A dual-type
    organization counts as either type (rulebook: Events)."""
    if kind == "couple":
        return card.is_student and parent.is_student
    return (not card.is_student) and kind in card.types


def exchange_options(clique: Clique, cards: dict[str, Card], kind: str | None) -> list[Action]:
    """The relationships whose bonds may be exchanged at an event of ``kind`` (rulebook: Events)."""
    return [
        EXCHANGE[cid]
        for cid, p in clique.items()
        if p.parent is not None and p.bonds > 0 and exchangeable(cards[cid], cards[p.parent], kind)
    ]


def what_is_exchanged(kind: str | None) -> str:
    return "bonds between two students" if kind == "couple" else f"bonds to {kind} organizations"


def open_exchange(state: HSDState, seat: int, effect: Effect, ev: list[Event]) -> None:
    """The event is played: bonus signatures for controlling its organization, then every player
    in turn order from ``seat`` may exchange."""
    if effect.bonus_org and effect.bonus:
        for s in state.order_from(seat):
            if effect.bonus_org in state.cliques[s]:
                got = gain(state, s, effect.bonus, "events")
                if not state.quiet:
                    ev.append(Event(f"{state.names[s]} controls {state.name(effect.bonus_org)} and earns "
                                    f"{got} bonus signature(s).", s))
    state.phase = "exchange"
    state.ex_queue = state.order_from(seat)


def exchange(state: HSDState, seat: int, card: str, ev: list[Event]) -> None:
    """One bond marker for one signature; a relationship brought to zero is broken."""
    p = state.cliques[seat][card]
    p.bonds -= 1
    state.supply[seat] += 1
    got = gain(state, seat, 1, "events")
    if not state.quiet:
        ev.append(Event(f"{state.names[seat]} exchanges a bond with {state.name(card)} for {got} signature(s).",
                        seat))
    chain(state, seat, ev)


def next_exchanger(state: HSDState, pop: bool) -> bool:
    """Move to the next player who has something to exchange (dropping the current one when
    ``pop``); True when nobody is left and the event is over."""
    assert state.ex_queue is not None and state.playing is not None
    if pop:
        state.ex_queue.pop(0)
    kind = state.comps.effect(state.playing).exchange
    while state.ex_queue and not exchange_options(state.cliques[state.ex_queue[0]], state.cards, kind):
        state.ex_queue.pop(0)
    return not state.ex_queue
