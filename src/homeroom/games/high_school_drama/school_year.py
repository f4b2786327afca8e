"""The flow of the game: school years of semesters, each a Semester Start, a Midterm Action and a
Final Action, the leader icon passing clockwise after each, and the summer steps at the end of
each year (rulebook: Game Play Overview). The rule modules each do one step; this module says
which step comes next and which decisions are open.

Phases: ``pick`` (main students) -> per semester: ``transfer`` (a transfer student joins),
``review`` (keep or discard last semester's cards), ``draw`` (alternate secret draws up to
the year's hand size), ``act`` (midterm then final action: play a card), ``resolve`` (the
played card's choice) and ``exchange`` (everyone answers an exchange event) -> at the end of
the school year the summer steps run, with ``lovin`` (each player's free bond) -> ``over``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.high_school_drama import events, main_student, midterm_final, semester_start, summer
from homeroom.games.high_school_drama.actions import (
    DISCARD,
    EXCHANGE_DONE,
    KEEP_HAND,
    PICK_MAIN,
    PICK_TRANSFER,
    PLAY,
    Bond,
    Breakup,
    Discard,
    DrawDrama,
    DrawEvent,
    Exchange,
    ExchangeDone,
    HookUp,
    KeepHand,
    PickMain,
    PickTransfer,
    PlayCard,
)
from homeroom.games.high_school_drama.bonds import FREE_BOND, bond, bond_options
from homeroom.games.high_school_drama.breakups import break_up
from homeroom.games.high_school_drama.constants import SEASONS, YEARS
from homeroom.games.high_school_drama.hookups import hook_up
from homeroom.games.high_school_drama.transfer import join, transfer_due

if TYPE_CHECKING:
    from homeroom.games.high_school_drama.state import HSDState


# ------------------------------------------------------------------ decisions
def legal_actions(state: HSDState) -> list[Action]:
    seat = state.queue[0] if state.phase != "exchange" else state.to_move
    assert seat is not None
    phase = state.phase
    if phase == "draw":
        return semester_start.draw_options(state, seat)
    if phase == "act":
        return [PLAY[c] for c in sorted(set(state.hands[seat]))]
    if phase == "resolve":
        assert state.playing is not None
        return midterm_final.resolution_options(state, seat, state.comps.effect(state.playing))
    if phase == "exchange":
        assert state.playing is not None
        kind = state.comps.effect(state.playing).exchange
        return [*events.exchange_options(state.cliques[seat], state.cards, kind), EXCHANGE_DONE]
    if phase == "review":
        return [*(DISCARD[c] for c in sorted(set(state.hands[seat]))), KEEP_HAND]
    if phase == "lovin":
        return bond_options(state, seat, FREE_BOND)
    if phase == "pick":
        return [PICK_MAIN[c] for c in state.quad if state.cards[c].is_student]
    if phase == "transfer":
        order = state.comps.students
        return [PICK_TRANSFER[c] for c in sorted(state.student_deck, key=order.index)]
    return []


def apply(state: HSDState, action: Action) -> list[Event]:
    seat = state.to_move
    assert seat is not None
    ev: list[Event] = []
    if isinstance(action, PlayCard):
        play_card(state, seat, action.card, ev)
    elif isinstance(action, (DrawDrama, DrawEvent)):  # the commonest decisions first
        semester_start.draw(state, seat, action, ev)
        if not state.queue:
            start_act(state, 0, ev)
    elif isinstance(action, HookUp):
        assert state.playing is not None
        hook_up(state, seat, action, state.comps.effect(state.playing), ev)
        finish_play(state, ev)
    elif isinstance(action, Bond):
        if state.phase == "resolve":
            assert state.playing is not None
            bond(state, seat, action.card, state.comps.effect(state.playing), ev)
            finish_play(state, ev)
        else:
            bond(state, seat, action.card, FREE_BOND, ev, "Summer Lovin': ")
            state.queue.pop(0)
            if not state.queue:
                new_year(state, ev)
    elif isinstance(action, Breakup):
        assert state.playing is not None
        break_up(state, seat, action, state.comps.effect(state.playing), ev)
        finish_play(state, ev)
    elif isinstance(action, Exchange):
        events.exchange(state, seat, action.card, ev)
        if events.next_exchanger(state, pop=False):
            finish_play(state, ev)
    elif isinstance(action, ExchangeDone):
        if not state.quiet:
            ev.append(Event(f"{state.names[seat]} is done exchanging.", seat))
        if events.next_exchanger(state, pop=True):
            finish_play(state, ev)
    elif isinstance(action, Discard):
        if semester_start.discard(state, seat, action.card, ev):
            done_reviewing(state, ev)
    elif isinstance(action, KeepHand):
        semester_start.keep(state, seat, ev)
        done_reviewing(state, ev)
    elif isinstance(action, PickMain):
        if main_student.pick(state, seat, action.card, ev):
            start_semester(state, ev)
    elif isinstance(action, PickTransfer):
        join(state, seat, action.card, ev)
        start_semester(state, ev)
    return ev


# ------------------------------------------------------------------ the flow
def start_semester(state: HSDState, ev: list[Event]) -> None:
    if transfer_due(state):
        state.phase, state.queue = "transfer", [state.players - 1]
        return
    if not state.quiet:
        ev.append(Event(
            f"{YEARS[state.year].capitalize()} {SEASONS[state.season]} semester begins; "
            f"{state.names[state.leader]} leads; hand size {state.hand_limit}."))
    state.queue = [s for s in state.order_from(state.leader) if state.hands[s]]
    if state.queue:
        state.phase = "review"
    else:
        start_draw(state, ev)


def done_reviewing(state: HSDState, ev: list[Event]) -> None:
    state.queue.pop(0)
    if not state.queue:
        start_draw(state, ev)


def start_draw(state: HSDState, ev: list[Event]) -> None:
    state.queue = [s for s in state.order_from(state.leader) if semester_start.can_draw(state, s)]
    if state.queue:
        state.phase = "draw"
    else:
        start_act(state, 0, ev)


def start_act(state: HSDState, step: int, ev: list[Event]) -> None:
    state.step = step
    state.queue = [s for s in state.order_from(state.leader) if state.hands[s]]
    state.phase = "act"
    if not state.queue:
        end_step(state, ev)


def play_card(state: HSDState, seat: int, card: str, ev: list[Event]) -> None:
    effect = midterm_final.play(state, seat, card, ev)
    if effect.kind == "exchange":
        events.open_exchange(state, seat, effect, ev)
        if events.next_exchanger(state, pop=False):
            # said before finishing the play: finishing may open the next semester or the summer
            if not state.quiet:
                ev.append(Event(f"Nobody has {events.what_is_exchanged(effect.exchange)} to exchange.", seat))
            finish_play(state, ev)
        return
    state.phase = "resolve"
    options = midterm_final.resolution_options(state, seat, effect)
    if options:  # the next position's legal actions (legal_actions' own list): not worked out again
        state.__dict__["_c_legal"] = options
    else:
        if not state.quiet:
            ev.append(Event(f"{state.name(card)} has no effect and is discarded: it goes "
                            f"{midterm_final.where_it_goes(state, card)}.", seat))
        finish_play(state, ev)


def finish_play(state: HSDState, ev: list[Event]) -> None:
    assert state.playing is not None
    midterm_final.return_card(state, state.playing, state.queue[0])
    state.playing = None
    state.ex_queue = None
    state.queue.pop(0)
    state.phase = "act"
    if not state.queue:
        end_step(state, ev)


def end_step(state: HSDState, ev: list[Event]) -> None:
    if state.step == 0:
        start_act(state, 1, ev)
        return
    # end of the semester: pass the leader icon
    state.leader = state.next_seat(state.leader)
    if state.season + 1 < state.seasons_played:
        state.season += 1
        start_semester(state, ev)
    else:
        run_summer(state, ev)


def run_summer(state: HSDState, ev: list[Event]) -> None:
    """The summer steps, in the rulebook's order (rulebook: Summer Semester)."""
    summer.announce(state, ev)
    summer.flunk_out(state, ev)
    summer.vote_standouts(state, ev)
    if summer.graduating(state):
        summer.graduate(state, ev)
        return
    if not summer.start_lovin(state, ev):
        new_year(state, ev)


def new_year(state: HSDState, ev: list[Event]) -> None:
    summer.new_year(state, ev)
    start_semester(state, ev)
