"""The state of a High School Drama game and the flow of school years and semesters.

Phases: ``pick`` (main students) -> per semester: ``transfer`` (a transfer student joins),
``review`` (keep or discard last semester's cards), ``draw`` (alternate secret draws up to
the year's hand size), ``act`` (midterm then final action: play a card), ``resolve`` (the
played card's choice) and ``exchange`` (everyone answers an exchange event) -> at the end of
the school year the summer steps run, with ``lovin`` (each player's free bond) -> ``over``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from homeroom.engine import Action, Event, IllegalAction, Rng, Score, State
from homeroom.games.high_school_drama import checks, hidden, rules
from homeroom.games.high_school_drama.actions import (
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
from homeroom.games.high_school_drama.clique import Placement, bonds_in_play, cut_loose
from homeroom.games.high_school_drama.components import Card, Components, load
from homeroom.games.high_school_drama.effects import Effect
from homeroom.games.high_school_drama.render import describe_action as describe_line
from homeroom.games.high_school_drama.summer import STANDOUTS, standout_winners

_FREE_BOND = Effect("bond")


def transfer_term(options: dict[str, Any]) -> int | None:
    """The index (0-based, counting played semesters) of the semester the transfer joins."""
    value = options.get("transfer_student", "none")
    if value == "none":
        return None
    year, season = value.split("-")
    per_year = 4 if options.get("summer_school") else 3
    return rules.YEARS.index(year) * per_year + rules.SEASONS.index(season)


@dataclass(eq=False)
class HSDState(State):
    game_id = "high-school-drama"
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    enrolled: list[bool]
    phase: str
    queue: list[int]
    quad: list[str]
    student_deck: list[str]
    org_deck: list[str]
    event_deck: list[str]
    event_discard: list[str]
    hands: list[list[str]]
    drama_of: list[list[str]]
    """Each seat's own hookup, bond and breakup cards (private draft)."""
    reserve: list[list[str]]
    """Each seat's face-down drama cards not in hand (private draft)."""
    stacks: dict[str, list[str]]
    """The face-up drama stacks (public draft)."""
    box: list[str]
    """Drama cards not used in this game."""
    cliques: list[dict[str, Placement]]
    supply: list[int]
    signatures: list[dict[str, int]]
    year: int = 0
    season: int = 0
    step: int = 0
    leader: int = 0
    playing: str | None = None
    ex_queue: list[int] | None = None
    shown: list[list[str]] = field(default_factory=list)
    """Per seat, the own drama cards played face up since that seat's last secret drama draw:
    everyone knows they are back among its face-down cards (private draft)."""

    # ------------------------------------------------------------ helpers
    @property
    def comps(self) -> Components:
        return load()

    @property
    def cards(self) -> dict[str, Card]:
        return load().cards

    @property
    def public_draft(self) -> bool:
        return bool(self.options.get("public_draft"))

    @property
    def seasons_played(self) -> int:
        return 4 if self.options.get("summer_school") else 3

    @property
    def last_year(self) -> int:
        return 2 if self.options.get("early_graduation") else 3

    @property
    def term(self) -> int:
        return self.year * self.seasons_played + self.season

    @property
    def hand_limit(self) -> int:
        return rules.HAND_SIZE[self.year]

    def order_from(self, seat: int) -> list[int]:
        """Enrolled seats clockwise starting at ``seat``."""
        n = self.players
        return [s for s in ((seat + i) % n for i in range(n)) if self.enrolled[s]]

    def next_seat(self, seat: int) -> int:
        return self.order_from((seat + 1) % self.players)[0]

    def name(self, card: str) -> str:
        return self.comps.name(card)

    def _gain(self, seat: int, amount: int, category: str) -> int:
        """Award signatures; with Travel HSD each costs a marker from the supply."""
        if self.options.get("travel"):
            amount = min(amount, self.supply[seat])
            self.supply[seat] -= amount
        if amount:
            self.signatures[seat][category] = self.signatures[seat].get(category, 0) + amount
        return amount

    def total(self, seat: int) -> int:
        return sum(self.signatures[seat].values())

    # ------------------------------------------------------------ contract
    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "exchange":
            assert self.ex_queue
            return self.ex_queue[0]
        return self.queue[0]

    def turn_seat(self) -> int | None:
        if self.phase == "over":
            return None
        return self.queue[0] if self.queue else None

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def _legal_actions(self) -> list[Action]:
        seat = self.queue[0] if self.phase != "exchange" else self.to_move
        assert seat is not None
        phase = self.phase
        if phase == "draw":
            return self._draw_options(seat)
        if phase == "act":
            return [PlayCard(c) for c in sorted(set(self.hands[seat]))]
        if phase == "resolve":
            assert self.playing is not None
            return rules.options(self, seat, self.comps.effect(self.playing))
        if phase == "exchange":
            assert self.playing is not None
            kind = self.comps.effect(self.playing).exchange
            return [*rules.exchange_options(self.cliques[seat], self.cards, kind), ExchangeDone()]
        if phase == "review":
            return [*(Discard(c) for c in sorted(set(self.hands[seat]))), KeepHand()]
        if phase == "lovin":
            return rules.bond_options(self, seat, _FREE_BOND)
        if phase == "pick":
            return [PickMain(c) for c in self.quad if self.cards[c].is_student]
        if phase == "transfer":
            return [PickTransfer(c) for c in sorted(self.student_deck, key=self._student_index)]
        return []

    def _student_index(self, card: str) -> int:
        return self.comps.students.index(card)

    def _draw_options(self, seat: int) -> list[Action]:
        out: list[Action] = []
        for kind in ("hookup", "bond", "breakup"):
            if self._drama_source(seat, kind) is not None:
                out.append(DrawDrama(kind))
        if self.event_deck or self.event_discard:
            out.append(DrawEvent())
        return out

    def _drama_source(self, seat: int, kind: str) -> list[str] | None:
        """The pile a drama card of ``kind`` would come from, if one is there."""
        drama = self.comps.drama
        pile = self.stacks[kind] if self.public_draft else self.reserve[seat]
        for card in pile:
            if drama[card].kind == kind:
                return pile
        return None

    def _can_draw(self, seat: int) -> bool:
        return len(self.hands[seat]) < self.hand_limit and bool(self._draw_options(seat))

    # -------------------------------------------------------------- apply
    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        ev: list[Event] = []
        who = self.names[seat]
        if isinstance(action, PlayCard):
            self._play(seat, action.card, ev)
        elif isinstance(action, HookUp):
            self._hookup(seat, action, ev)
            self._finish_play(ev)
        elif isinstance(action, Bond):
            effect = self.comps.effect(self.playing) if self.playing is not None else _FREE_BOND
            self._bond(seat, action.card, effect, ev, "" if self.phase == "resolve" else "Summer Lovin': ")
            if self.phase == "resolve":
                self._finish_play(ev)
            else:
                self.queue.pop(0)
                if not self.queue:
                    self._new_year(ev)
        elif isinstance(action, Breakup):
            self._breakup(seat, action, ev)
            self._finish_play(ev)
        elif isinstance(action, Exchange):
            self._exchange(seat, action.card, ev)
        elif isinstance(action, ExchangeDone):
            ev.append(Event(f"{who} is done exchanging.", seat))
            self._next_exchanger(pop=True, ev=ev)
        elif isinstance(action, (DrawDrama, DrawEvent)):
            self._draw(seat, action, ev)
        elif isinstance(action, Discard):
            self._discard(seat, action.card, ev)
        elif isinstance(action, KeepHand):
            ev.append(Event(f"{who} keeps {len(self.hands[seat])} card(s) in hand.", seat))
            self.queue.pop(0)
            if not self.queue:
                self._start_draw(ev)
        elif isinstance(action, PickMain):
            self._place_main(seat, action.card, ev)
            self.quad.remove(action.card)
            self.queue.pop(0)
            if not self.queue:
                self.leader = seat
                ev.append(Event(f"{who} picked last and takes the semester leader icon.", seat))
                self._start_semester(ev)
        elif isinstance(action, PickTransfer):
            self._transfer(seat, action.card, ev)
        return ev

    # ---------------------------------------------------------- the flow
    def _place_main(self, seat: int, card: str, ev: list[Event]) -> None:
        self.cliques[seat] = {card: Placement(0, 0, None, 0)}
        ev.append(Event(f"{self.names[seat]} picks {self.name(card)} as main student.", seat))

    def _start_semester(self, ev: list[Event]) -> None:
        ts = transfer_term(self.options)
        if ts is not None and self.term == ts and not self.enrolled[self.players - 1]:
            self.phase, self.queue = "transfer", [self.players - 1]
            return
        ev.append(Event(
            f"{rules.YEARS[self.year].capitalize()} {rules.SEASONS[self.season]} semester begins; "
            f"{self.names[self.leader]} leads; hand size {self.hand_limit}."))
        self.queue = [s for s in self.order_from(self.leader) if self.hands[s]]
        if self.queue:
            self.phase = "review"
        else:
            self._start_draw(ev)

    def _transfer(self, seat: int, card: str, ev: list[Event]) -> None:
        self.enrolled[seat] = True
        self.student_deck.remove(card)
        self._place_main(seat, card, ev)
        missed = self.term
        got = self._gain(seat, rules.TRANSFER_PER_SEMESTER * missed, "transfer")
        for d in self.drama_of[seat]:  # "give them one of each drama card"
            self.box.remove(d)
            if self.public_draft:
                self.stacks[self.comps.drama[d].kind].append(d)
            else:
                self.reserve[seat].append(d)
        ev.append(Event(
            f"{self.names[seat]} transfers in, missed {missed} semester(s) and starts with {got} signature(s).",
            seat))
        self._start_semester(ev)

    def _discard(self, seat: int, card: str, ev: list[Event]) -> None:
        self.hands[seat].remove(card)
        self._return_card(card, seat)
        name = self.name(card)
        if card in self.comps.events:  # it lands face up on the event discard pile
            ev.append(Event(f"{self.names[seat]} discards {name}.", seat, reveals=True))
        else:
            ev.append(Event(f"{self.names[seat]} returns a drama card unplayed.", seat,
                            ((seat, f"You discard {name}."),)))
        if not self.hands[seat]:
            self.queue.pop(0)
            if not self.queue:
                self._start_draw(ev)

    def _return_card(self, card: str, seat: int) -> None:
        """A played or discarded card goes back: drama to its owner (or its stack), events
        to the discard pile (rulebook: Midterm Action, Public School Draft)."""
        drama = self.comps.drama.get(card)
        if drama is None:
            self.event_discard.append(card)
        elif self.public_draft:
            self.stacks[drama.kind].append(card)
        else:
            owner = next(s for s in range(self.players) if card in self.drama_of[s])
            self.reserve[owner].append(card)

    def _start_draw(self, ev: list[Event]) -> None:
        self.queue = [s for s in self.order_from(self.leader) if self._can_draw(s)]
        if self.queue:
            self.phase = "draw"
        else:
            self._start_act(0, ev)

    def _draw(self, seat: int, action: Action, ev: list[Event]) -> None:
        who = self.names[seat]
        if isinstance(action, DrawDrama):
            pile = self._drama_source(seat, action.drama)
            assert pile is not None
            card = next(c for c in pile if self.comps.drama[c].kind == action.drama)
            pile.remove(card)
            if self.shown:
                self.shown[seat] = []  # a secret draw: any of them may be in hand now
            public = (f"{who} takes a {action.drama} from the drama stacks." if self.public_draft
                      else f"{who} draws one of their drama cards.")
        else:
            if not self.event_deck:
                self.event_deck, self.event_discard = self.event_discard, []
                self.rng.shuffle(self.event_deck)
                ev.append(Event("The event deck is empty: the played events are shuffled into a new deck."))
            card = self.event_deck.pop()
            public = f"{who} draws a special event."
        self.hands[seat].append(card)
        ev.append(Event(public, seat, ((seat, f"You draw {self.name(card)}."),), reveals=True))
        self.queue.pop(0)
        if self._can_draw(seat):
            self.queue.append(seat)
        if not self.queue:
            self._start_act(0, ev)

    def _start_act(self, step: int, ev: list[Event]) -> None:
        self.step = step
        self.queue = [s for s in self.order_from(self.leader) if self.hands[s]]
        self.phase = "act"
        if not self.queue:
            self._end_step(ev)

    def _play(self, seat: int, card: str, ev: list[Event]) -> None:
        self.hands[seat].remove(card)
        if card in self.comps.drama and not self.public_draft and self.shown:
            self.shown[seat].append(card)  # face up, then back face down in front of its owner
        self.playing = card
        effect = self.comps.effect(card)
        when = "midterm" if self.step == 0 else "final"
        ev.append(Event(f"{self.names[seat]} plays {self.name(card)} as their {when} action.", seat,
                        reveals=True))
        if effect.kind == "exchange":
            if effect.bonus_org and effect.bonus:
                for s in self.order_from(seat):
                    if effect.bonus_org in self.cliques[s]:
                        got = self._gain(s, effect.bonus, "events")
                        ev.append(Event(f"{self.names[s]} controls {self.name(effect.bonus_org)} and earns "
                                        f"{got} bonus signature(s).", s))
            self.phase = "exchange"
            self.ex_queue = self.order_from(seat)
            self._next_exchanger(pop=False, ev=ev)
            if self.phase != "exchange":
                what = "bonds between two students" if effect.exchange == "couple" else \
                    f"bonds to {effect.exchange} organizations"
                ev.append(Event(f"Nobody has {what} to exchange.", seat))
            return
        self.phase = "resolve"
        if not rules.options(self, seat, effect):
            ev.append(Event(f"{self.name(card)} has no effect and is discarded.", seat))
            self._finish_play(ev)

    def _finish_play(self, ev: list[Event]) -> None:
        assert self.playing is not None
        self._return_card(self.playing, self.queue[0])
        self.playing = None
        self.ex_queue = None
        self.queue.pop(0)
        self.phase = "act"
        if not self.queue:
            self._end_step(ev)

    def _end_step(self, ev: list[Event]) -> None:
        if self.step == 0:
            self._start_act(1, ev)
            return
        # end of the semester: pass the leader icon
        self.leader = self.next_seat(self.leader)
        if self.season + 1 < self.seasons_played:
            self.season += 1
            self._start_semester(ev)
        else:
            self._summer(ev)

    def _summer(self, ev: list[Event]) -> None:
        """Summer semester steps (rulebook: Summer Semester)."""
        self.season = 3
        cards = self.cards
        steps = ("flunk out and student standouts, then graduation" if self.year >= self.last_year
                 else "flunk out, student standouts, Summer Lovin', new year")
        ev.append(Event(f"{rules.YEARS[self.year].capitalize()} year is over; summer: {steps}."))
        for c in self.quad:
            (self.student_deck if cards[c].is_student else self.org_deck).insert(0, c)
        if self.quad:
            ev.append(Event(f"Flunk out: {len(self.quad)} card(s) leave the quad for the bottom of their decks."))
        self.quad = []
        cliques = {s: self.cliques[s] for s in range(self.players) if self.enrolled[s]}
        for name, _ in STANDOUTS:
            winners, value = standout_winners(name, cliques, cards)
            for s in winners:
                self._gain(s, rules.STANDOUT_SIGNATURES, "standouts")
            if winners:
                ev.append(Event(f"{name} ({value}): {', '.join(self.names[s] for s in winners)}."))
        if self.year >= self.last_year:
            self.phase, self.queue = "over", []
            totals = ", ".join(f"{self.names[s]} {self.total(s)}" for s in range(self.players))
            ev.append(Event(f"Graduation! Signatures: {totals}."))
            return
        self.queue = [s for s in self.order_from(self.leader) if rules.bond_options(self, s, _FREE_BOND)]
        self.phase = "lovin"
        if self.queue:
            ev.append(Event("Summer Lovin': everyone with a relationship below its maximum places a free bond."))
        else:
            self._new_year(ev)

    def _new_year(self, ev: list[Event]) -> None:
        if not self.options.get("summer_school"):
            self.leader = self.next_seat(self.leader)  # the summer semester ends too
        for s in range(self.players):
            kept = [c for c in self.hands[s] if c in self.comps.events]
            for c in kept:
                self.hands[s].remove(c)
            self.event_deck.extend(kept)
        self.event_deck.extend(self.event_discard)
        self.event_discard = []
        self.rng.shuffle(self.event_deck)
        n = sum(self.enrolled)
        for deck in (self.student_deck, self.org_deck):
            for _ in range(min(n * rules.QUAD_NEW_YEAR, len(deck))):
                self.quad.append(deck.pop())
        self.year += 1
        self.season = 0
        ev.append(Event(f"Events are reshuffled and {len(self.quad)} new card(s) arrive in the quad."))
        self._start_semester(ev)

    # ---------------------------------------------------------- effects
    def _hookup(self, seat: int, a: HookUp, ev: list[Event]) -> None:
        assert self.playing is not None
        effect = self.comps.effect(self.playing)
        perf, target = self.cards[a.performer], self.cards[a.target]
        n = min(effect.amount, perf.heart + target.heart, self.supply[seat])
        self.quad.remove(a.target)
        self.cliques[seat][a.target] = Placement(a.x, a.y, a.performer, n)
        self.supply[seat] -= n
        ev.append(Event(f"{self.names[seat]}'s {perf.name} hooks up with {target.name} "
                        f"at ({a.x},{a.y}) with {n} bond(s).", seat))

    def _bond(self, seat: int, card: str, effect: Effect, ev: list[Event], label: str = "") -> None:
        p = self.cliques[seat][card]
        assert p.parent is not None
        cap = self.cards[card].heart + self.cards[p.parent].heart
        n = min(effect.amount, cap - p.bonds, self.supply[seat])
        p.bonds += n
        self.supply[seat] -= n
        ev.append(Event(f"{label}{self.names[seat]} adds {n} bond(s) between {self.name(p.parent)} and "
                        f"{self.name(card)} (now {p.bonds} of {cap}).", seat))

    def _breakup(self, seat: int, a: Breakup, ev: list[Event]) -> None:
        assert self.playing is not None
        effect = self.comps.effect(self.playing)
        p = self.cliques[a.rival][a.card]
        n = min(effect.amount, p.bonds)
        p.bonds -= n
        self.supply[a.rival] += n
        assert p.parent is not None
        ev.append(Event(f"{self.names[seat]}'s {self.name(a.performer)} attacks {self.names[a.rival]}'s "
                        f"{self.name(p.parent)} & {self.name(a.card)}: {n} bond(s) removed, "
                        f"{p.bonds} left.", seat))
        self._chain(a.rival, ev)

    def _chain(self, seat: int, ev: list[Event]) -> None:
        """Return every card cut off from the main student to the quad (rulebook: Breakups)."""
        clique = self.cliques[seat]
        before = dict(clique)
        gone = cut_loose(clique)
        if gone:
            for c in gone:
                self.supply[seat] += before[c].bonds
                self.quad.append(c)
            ev.append(Event(f"{self.names[seat]} loses {', '.join(self.name(c) for c in gone)} "
                            "back to the quad.", seat))

    def _exchange(self, seat: int, card: str, ev: list[Event]) -> None:
        p = self.cliques[seat][card]
        p.bonds -= 1
        self.supply[seat] += 1
        got = self._gain(seat, 1, "events")
        ev.append(Event(f"{self.names[seat]} exchanges a bond with {self.name(card)} for {got} signature(s).",
                        seat))
        self._chain(seat, ev)
        self._next_exchanger(pop=False, ev=ev)

    def _next_exchanger(self, pop: bool, ev: list[Event]) -> None:
        assert self.ex_queue is not None and self.playing is not None
        if pop:
            self.ex_queue.pop(0)
        kind = self.comps.effect(self.playing).exchange
        while self.ex_queue and not rules.exchange_options(self.cliques[self.ex_queue[0]], self.cards, kind):
            self.ex_queue.pop(0)
        if not self.ex_queue:
            self._finish_play(ev)

    # ---------------------------------------------------------- scoring
    def scores(self) -> list[Score]:
        return [
            Score.of({k: self.signatures[s].get(k, 0) for k in ("events", "standouts", "transfer")})
            for s in range(self.players)
        ]

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        """Most bonds still in play after graduation (rulebook: Game End)."""
        return (bonds_in_play(self.cliques[seat]),)

    # ---------------------------------------------------------- hidden information
    def observation(self, seat: int | None) -> dict[str, Any]:
        return hidden.observe(self, seat)

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        """Re-deal what ``seat`` cannot see (see :func:`hidden.redeal`)."""
        hidden.redeal(self, seat, rng)

    # ---------------------------------------------------------- checks
    def game_invariants(self) -> list[str]:
        return checks.invariants(self)

    def describe_action(self, action: Action) -> str:
        return describe_line(self, action)

    def why_illegal(self, action: Action) -> IllegalAction:
        return checks.reason(self, action)

    def opening_events(self) -> list[Event]:
        quad = ", ".join(self.name(c) for c in self.quad)
        return [Event(f"The quad: {quad}."),
                Event("The drama stacks hold a hookup, a bond and a breakup card per player; the special events "
                      "are shuffled." if self.public_draft else
                      "Each player has a hookup, a bond and a breakup drama card; the special events are shuffled.")]
