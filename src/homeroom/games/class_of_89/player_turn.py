"""Player Turn (rulebook "Gameplay / Player Turn", "Signatures", "School Entrance"): place a
team member, then in any order the mandatory main action, the optional signature action and the
optional team-member action, with free token moves from storage and paid token moves between
students (rulebook "Attribute Tokens"), then end the turn. Every gain that asks for a choice (where
a token goes, where a 1x1 tile goes, which drawn card to keep) becomes a :class:`Pending` decision
resolved before play goes on; Ed E. Tor's turns and the end of a round run in between.

A mixin of :class:`~homeroom.games.class_of_89.state.Co89State`.
"""

from __future__ import annotations

from homeroom.engine import Action, Event, IllegalAction
from homeroom.engine.datasets import on_switch, per_data, sharing
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import (
    STORAGE,
    SUPERLATIVE,
    BuyToken,
    ChooseSide,
    ChooseToken,
    Decline,
    EndTurn,
    Forgo,
    Keep,
    Photograph,
    Place,
    PlaceOneByOne,
    PutToken,
    Refresh,
    Reward,
    ShiftToken,
    Take,
    TakeEntrance,
    Unstore,
    UseMember,
)
from homeroom.games.class_of_89.components import CLUBS, DATA_DIR, NAMES, TOKENS, components
from homeroom.games.class_of_89.end_of_round import EndOfRound
from homeroom.games.class_of_89.model import EMPTY, ENTRANCE, Pending, Yearbook

_PLACES: dict[tuple[str, str, int], Place] = {}
_ACTIONS: dict[tuple[object, ...], Action] = {}


def _act(cls: type[Action], *args: object) -> Action:
    """One (immutable) action per type and fields, built once: a frozen dataclass costs more to
    build than to look up, and a turn offers the same few actions again after every step."""
    key = (cls, *args)
    act = _ACTIONS.get(key)
    if act is None:
        if len(_ACTIONS) >= 50_000:
            _ACTIONS.clear()
        act = _ACTIONS[key] = cls(*args)
    return act


_END_TURN = EndTurn()
_REFRESH = Refresh()
_TAKE_ENTRANCE = TakeEntrance()
_DECLINE = Decline()
_CHOOSE_ANY: tuple[Action, ...] = (*(ChooseToken(t) for t in TOKENS), _DECLINE)
_ONE_BY_ONE: tuple[PlaceOneByOne, ...] = tuple(PlaceOneByOne(c) for c in range(32))
"""Actions without fields (or one per grid cell), built once for every position that offers them."""


def _place(member: str, location: str, cost: int) -> Place:
    """One (immutable) Place action per (member, location, cost), built once."""
    act = _PLACES.get((member, location, cost))
    if act is None:
        act = _PLACES[member, location, cost] = Place(member, location, cost)
    return act


_PUTS: dict[tuple[str, int, str], PutToken] = {}
"""PutToken actions by their fields (tokens x targets x students: a few thousand at most)."""

_MEMBER_PLACES: dict[str, list[Place]] = {}
_SHARING = sharing(DATA_DIR)
on_switch(DATA_DIR, _MEMBER_PLACES.clear)  # a new data set: built again from it


def _member_places(member: str) -> list[Place]:
    """The member's Place action for every space of the mat, at location * 3 + cost spot."""
    table = _MEMBER_PLACES.get(member)
    if table is None:
        table = [_place(member, lc.id, cost) for lc in components().locations for cost in range(3)]
        if not _SHARING.shared:  # data sets bound per table: built each time (its callers are cached per data set)
            _MEMBER_PLACES[member] = table
    return table


_AT_ENTRANCE = 15
"""The index of a member's School Entrance action in its :func:`_members_places` row (after the
mat's 15 spaces)."""


@per_data(DATA_DIR)
def _members_places() -> tuple[tuple[str, list[Place]], ...]:
    """Each team member in board order with its Place action for every space of the mat (at
    location * 3 + cost spot, as :func:`_member_places`) and then the School Entrance's."""
    return tuple((member, [*_member_places(member), _place(member, "entrance", 0)])
                 for member in components().board["members"])


@per_data(DATA_DIR)
def _location_index() -> dict[str, int]:
    """Each location's index on the mat by its id."""
    return {lc.id: k for k, lc in enumerate(components().locations)}


@per_data(DATA_DIR)
def _turns_per_round() -> int:
    return int(components().board["turns_per_round"])


class PlayerTurn(EndOfRound):
    """Mixin: the legal actions of a turn and what each does."""

    location: int
    member: str
    main_done: bool
    sig_done: bool
    member_done: bool

    # ------------------------------------------------------------ who moves
    @property
    def current(self) -> int:
        """The seat whose turn it is (in the solo game, index 1 is Ed)."""
        if self.phase == "side":
            return self.turns_taken
        return (self.first + self.turns_taken) % len(self.books)


    def _choices(self) -> list[Action]:
        """Every legal action of ``to_move`` (the contract's ``_legal_actions``)."""
        if self.pending:
            return self._pending_actions(self.pending[0])
        if self.phase == "side":
            return [ChooseSide(s) for s in sorted(components().column_sides)]
        if self.phase == "place":
            return self._placement_actions()
        if self.phase == "act":
            return self._turn_actions()
        return []

    def _placement_actions(self) -> list[Action]:
        seat = self.current
        return self._scan_placement_actions(seat, self.books[seat], bool(self.options.get("school_entrance", True)))

    def _scan_placement_actions(self, seat: int, book: Yearbook, entrance: bool) -> list[Action]:
        # the open spaces (as location * 3 + cost), in location then cost order: any (the
        # Treasurer ignores the cost and may join his own team) and those another member may take
        sp = self.spaces
        flat = (*sp[0], *sp[1], *sp[2], *sp[3], *sp[4])
        anywhere = [spot for spot, occ in enumerate(flat) if occ == EMPTY]
        signatures = book.signatures
        if seat in flat:  # not where the seat's own team already is
            mine = [seat in row for row in sp]
            payable = [spot for spot in anywhere if not mine[spot // 3] and spot % 3 <= signatures]
        elif signatures >= 2:  # (every cost paid)
            payable = anywhere
        else:
            payable = [spot for spot in anywhere if spot % 3 <= signatures]
        out: list[Action] = []
        used = book.used
        for member, places in _members_places():
            if member in used:
                continue
            out += [places[spot] for spot in (anywhere if member == "treasurer" else payable)]
            if entrance:
                out.append(places[_AT_ENTRANCE])
        if not out:
            out.append(Forgo())
        return out

    def _main_options(self) -> list[Action]:
        seat = self.current
        if self.location == ENTRANCE:
            return [_TAKE_ENTRANCE]
        return self._placements_of(seat, self.school[self.location], Take)

    def _turn_actions(self) -> list[Action]:
        seat = (self.first + self.turns_taken) % len(self.books)  # self.current in the act phase
        book = self.books[seat]
        main_done = self.main_done
        out: list[Action] = [] if main_done else self._main_options()
        no_main = not out
        at_entrance = self.location == ENTRANCE
        if not self.sig_done and not at_entrance and book.signatures >= 1:
            out += [_act(BuyToken, components().locations[self.location].token), _REFRESH]
        if not self.member_done:
            if self.member == "editor":
                club = components().board["entrance_club"] if at_entrance else components().locations[self.location].club
                out.append(_act(UseMember, "editor", club))
            elif self.member == "designer":
                token = "any" if at_entrance else components().locations[self.location].token
                out.append(_act(UseMember, "designer", "", token))
            elif self.member == "photographer" and not at_entrance:
                kinds = pl.lookup().kind
                out += self._placements_of(seat, [c for c in self.school[self.location] if c and kinds[c] == "student"],
                                           Photograph)
        targets: list[int] | None = None
        if book.storage:
            targets = self._token_targets(book, storage=False)
            for token in sorted(set(book.storage)):
                out += [_act(Unstore, token, t, self._student_at(book, t)) for t in targets]
        if book.signatures >= 2:
            sources = [s for s, t in enumerate(book.tokens) if t]
            if book.superlatives:
                sources += [SUPERLATIVE + k for k, sup in enumerate(book.superlatives) if sup.tokens]
            if sources and targets is None:
                targets = self._token_targets(book, storage=False)
            for src in sources:
                # a target other than the source itself (what _token_targets(exclude=src) would list)
                if targets and (len(targets) > 1 or targets[0] != src):
                    for token in sorted(set(self._tokens_at(book, src))):
                        out.append(_act(ShiftToken, src, token, self._student_at(book, src)))
        if main_done or no_main:
            out.append(_END_TURN)
        return out

    @staticmethod
    def _put_actions(book: Yearbook, token: str, targets: list[int]) -> list[Action]:
        """PutToken(token, target, the student there) for each target, each built once."""
        puts = _PUTS
        photo = book.photo
        sups = book.superlatives
        out: list[Action] = []
        for t in targets:
            key = (token, t, "" if t == STORAGE else sups[t - SUPERLATIVE].student if t >= SUPERLATIVE else photo[t])
            act = puts.get(key)
            if act is None:
                act = puts[key] = PutToken(*key)
            out.append(act)
        return out

    def _pending_actions(self, p: Pending) -> list[Action]:
        book = self.books[p.seat]
        if p.kind == "token":
            if p.token == "any":
                return list(_CHOOSE_ANY)
            return [*self._put_actions(book, p.token, self._token_targets(book)), _DECLINE]
        if p.kind == "move":
            return self._put_actions(book, p.token, self._token_targets(book, exclude=p.source, storage=False))
        if p.kind == "tile1x1":
            cells = _ONE_BY_ONE
            out: list[Action] = [cells[c] for c, v in enumerate(book.grid) if not v]
            out.append(_DECLINE)
            return out
        if p.kind in ("draw_students", "draw_teachers"):
            out = self._placements_of(p.seat, p.cards, Keep)
            if p.optional or not out:  # none placeable: one is discarded (ruling 22)
                out.append(_DECLINE)
            return out
        if p.kind in ("pick_student", "pick_teacher"):
            return [*self._placements_of(p.seat, self._school_cards(p.kind[5:]), Keep), _DECLINE]
        if p.kind == "reward":
            choices = list(TOKENS) if p.club == "honor" else [components().locations[CLUBS.index(p.club)].token]
            return [_act(Reward, "signature"), *(_act(Reward, t) for t in choices)]
        return []


    def _play(self, action: Action) -> list[Event]:
        """Carry out a legal action of ``to_move`` (before Ed's turns and round ends run)."""
        if self.pending:
            p = self.pending.pop(0)
            before = len(self.pending)
            events = self._resolve(p, action)
            if len(self.pending) > before:  # gains from resolving come first (depth first)
                self.pending[:] = self.pending[before:] + self.pending[:before]
        elif self.phase == "act":  # (legal actions then are _turn_actions' only)
            events = self._turn_action(action)
        elif isinstance(action, ChooseSide):
            self.books[self.current].side = action.side
            events = [Event(f"{self._name(self.current)} uses side {action.side} of the column "
                            "completion board.", self.current)]
            self.turns_taken += 1
            if self.turns_taken == self.players:
                self.turns_taken = 0
                self.phase = "place"
                events.append(Event(f"Round 1 begins; {self._name(self.first)} goes first."))
                if self.players == 1:
                    events += self._reveal_location()
        elif isinstance(action, Place):
            events = self._place_member(action)
        elif isinstance(action, Forgo):
            events = [Event(f"{self._name(self.current)} cannot pay for any space and forgoes the turn.",
                            self.current)]
            events += self._end_turn()
        else:
            events = self._turn_action(action)
        return events

    def _place_member(self, a: Place) -> list[Event]:
        seat = self.current
        book = self.books[seat]
        book.used.append(a.member)
        self.member = a.member
        self.main_done = self.sig_done = self.member_done = False
        self.phase = "act"
        quiet = self.quiet
        if a.location == "entrance":
            self.location = ENTRANCE
            self.entrance.append((seat, a.member))
            if quiet:
                return []
            return [Event(f"{self._name(seat)} sends the {NAMES.member[a.member]} to the School Entrance.",
                          seat)]
        i = _location_index()[a.location]
        self.location = i
        self.spaces[i][a.cost] = seat
        self.space_members[i][a.cost] = a.member
        paid = ""
        if a.cost and a.member != "treasurer":
            book.signatures -= a.cost
            paid = f", paying {a.cost} signature{'s' if a.cost > 1 else ''}"
        elif a.cost:
            paid = " (the Treasurer ignores the cost)"
        if quiet:
            return []
        who = f"{self._name(seat)}'s {NAMES.member[a.member]}"
        return [Event(f"{who} goes to the {NAMES.location[i]}{paid}.", seat)]

    def _turn_action(self, a: Action) -> list[Event]:
        seat = self.current
        book = self.books[seat]
        comp = components()
        name = "" if self.quiet else self._name(seat)  # (for log text only)
        if isinstance(a, EndTurn):  # the most frequent first
            if self.quiet:
                return self._end_turn()
            return [Event(f"{name} ends the turn.", seat), *self._end_turn()]
        if isinstance(a, (Take, Photograph)):
            if isinstance(a, Take):
                self.main_done = True
            else:
                self.member_done = True
            row = self.school[self.location]
            row[row.index(a.card)] = ""
            sup = self.school_sups.pop(a.card, "")
            return self._place_card(seat, a.card, a.at, a.abc, "takes", sup)
        if isinstance(a, TakeEntrance):
            self.main_done = True
            n = int(comp.board["entrance_signatures"])
            book.signatures += n
            if self.quiet:
                return self._gain(seat, ["tile1x1"])
            return [Event(f"{name} takes {n} signatures and a 1x1 tile at the School Entrance.", seat),
                    *self._gain(seat, ["tile1x1"])]
        if isinstance(a, BuyToken):
            self.sig_done = True
            book.signatures -= 1
            token = comp.locations[self.location].token
            self.pending.append(Pending("token", seat, token=token))
            if self.quiet:
                return []
            return [Event(f"{name} pays a signature for a {NAMES.token[token]} token.", seat)]
        if isinstance(a, Refresh):
            self.sig_done = True
            book.signatures -= 1
            self._wipe((self.location,))
            self._refill((self.location,))
            if self.quiet:
                return []
            shown = ", ".join(NAMES.card[c] for c in self.school[self.location] if c)
            return [Event(f"{name} pays a signature to wipe and refresh the {NAMES.location[self.location]}: "
                          f"{shown}.", seat, reveals=True)]
        if isinstance(a, UseMember):
            self.member_done = True
            if self.member == "editor":
                club = comp.board["entrance_club"] if self.location == ENTRANCE else comp.locations[self.location].club
                if self.quiet:
                    return self._advance(seat, club)
                return [Event(f"{name}'s Editor works on the {NAMES.club[club]} page.", seat),
                        *self._advance(seat, club)]
            token = "any" if self.location == ENTRANCE else comp.locations[self.location].token
            book.signatures += 1
            self.pending.append(Pending("token", seat, token=token))
            if self.quiet:
                return []
            what = "any token" if token == "any" else f"a {NAMES.token[token]} token"
            return [Event(f"{name}'s Designer gains a signature and {what}.", seat)]
        if isinstance(a, Unstore):
            book.storage.remove(a.token)
            self._tokens_at(book, a.target).append(a.token)
            if self.quiet:
                return []
            return [Event(f"{name} moves a stored {NAMES.token[a.token]} onto "
                          f"{self._target_name(book, a.target)}.", seat)]
        if isinstance(a, ShiftToken):
            book.signatures -= int(comp.board["move_token_cost"])
            self._tokens_at(book, a.source).remove(a.token)
            self.pending.append(Pending("move", seat, token=a.token, source=a.source))
            if self.quiet:
                return []
            return [Event(f"{name} pays 2 signatures to move a {NAMES.token[a.token]} off "
                          f"{self._target_name(book, a.source)}.", seat)]
        raise IllegalAction(f"unexpected action {a!r}")

    def _resolve(self, p: Pending, a: Action) -> list[Event]:
        seat = p.seat
        book = self.books[seat]
        name = "" if self.quiet else self._name(seat)  # (for log text only)
        if isinstance(a, ChooseToken):
            self.pending.append(Pending("token", seat, token=a.token))
            return []
        if isinstance(a, PutToken):
            self._tokens_at(book, a.target).append(a.token)
            if self.quiet:
                return []
            return [Event(f"{name} puts a {NAMES.token[a.token]} on {self._target_name(book, a.target)}.", seat)]
        if isinstance(a, PlaceOneByOne):
            self.ones_supply -= 1
            book.ones += 1
            book.grid[a.at] = "1x1"
            if self.quiet:
                return self._cover([a.at], seat)
            return [Event(f"{name} places a 1x1 tile at {NAMES.grid_cell[a.at]}.", seat),
                      *self._cover([a.at], seat)]
        if isinstance(a, Keep):
            if p.kind.startswith("draw"):
                kind = p.kind[5:-1]
                rest = [c for c in p.cards if c != a.card]
                self.decks[kind][0:0] = rest
                return self._place_card(seat, a.card, a.at, a.abc, "keeps", "")
            for row in self.school:
                if a.card in row:
                    row[row.index(a.card)] = ""
            return self._place_card(seat, a.card, a.at, a.abc, "takes from the school", "")
        if isinstance(a, Decline):
            if p.kind.startswith("draw"):
                kind = p.kind[5:-1]
                if p.optional:
                    self.decks[kind][0:0] = p.cards
                    if self.quiet:
                        return []
                    return [Event(f"{name} keeps none of the drawn cards and returns them to the bottom.", seat)]
                self.discards[kind].append(p.cards[0])  # "unable to place the chosen card": discard it
                self.decks[kind][0:0] = p.cards[1:]
                if self.quiet:
                    return []
                return [Event(f"{name} can place none of the drawn cards, discards "
                              f"{NAMES.card[p.cards[0]]} and returns the others to the bottom.", seat,
                              reveals=True)]
            if self.quiet:
                return []
            what = {"token": "the token", "tile1x1": "the 1x1 tile"}.get(p.kind, "the bonus")
            return [Event(f"{name} declines {what}.", seat)]
        if isinstance(a, Reward):
            if a.choice == "signature":
                book.signatures += 1
                if self.quiet:
                    return []
                return [Event(f"{name} leads {NAMES.club[p.club]} and takes a signature.", seat)]
            self.pending.append(Pending("token", seat, token=a.choice))
            if self.quiet:
                return []
            return [Event(f"{name} leads {NAMES.club[p.club]} and takes a {NAMES.token[a.choice]}.", seat)]
        raise IllegalAction(f"unexpected action {a!r}")

    # ---------------------------------------------------------- turn flow
    def _end_turn(self) -> list[Event]:
        self.phase = "place"
        self.location = -1
        self.member = ""
        self.turns_taken += 1
        if self.turns_taken == len(self.books) * _turns_per_round():
            return self._end_round()
        return []

    def _settle(self) -> list[Event]:
        """Drop decisions that became empty, run round ends and Ed's turns until someone must decide."""
        events: list[Event] = []
        while True:
            if self.pending:
                events += self._drop_empty()
                if self.pending:
                    return events
            phase = self.phase
            if phase == "round_end":
                events += self._after_round()
            elif phase == "place" and (self.first + self.turns_taken) % len(self.books) >= self.players:
                # Ed's turn (solo; self.current in the place phase)
                events += self._ed_turn()
                events += self._end_turn()
            else:
                return events

    def _drop_empty(self) -> list[Event]:
        events: list[Event] = []
        while self.pending:  # drop decisions that have become empty
            p = self.pending[0]
            if p.kind in ("pick_student", "pick_teacher") and self._pending_actions(p) == [_DECLINE]:
                self.pending.pop(0)
                events.append(Event(f"{self._name(p.seat)} cannot place any face-up {p.kind[5:]} "
                                    "and loses the bonus.", p.seat))
                continue
            if p.kind == "token" and p.token != "any" and not self._has_token_target(self.books[p.seat]):
                self.pending.pop(0)
                events.append(Event(f"{self._name(p.seat)} has no room for the token and discards it.", p.seat))
                continue
            break
        return events

