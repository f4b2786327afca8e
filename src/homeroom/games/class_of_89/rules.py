"""Class of '89 rules: the game state, its legal actions and their effects.

Turn structure (rulebook "Player Turn"): place a team member, then in any order the mandatory
main action, the optional signature action and the optional team-member action, with free
token moves from storage and paid token moves between students, then end the turn. Every
gain that asks for a choice (where a token goes, where a 1x1 tile goes, which drawn card to
keep) becomes a :class:`Pending` decision resolved before play goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from homeroom.engine import Action, Event, IllegalAction, Rng, Score, State
from homeroom.games.class_of_89 import describe, explain
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.actions import (
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
    grid_cell,
)
from homeroom.games.class_of_89.components import CLUBS, TOKENS, components
from homeroom.games.class_of_89.effects import Effects
from homeroom.games.class_of_89.invariants import invariants
from homeroom.games.class_of_89.solo import Solo
from homeroom.games.class_of_89.state import Pending, Yearbook

EMPTY, JANITOR = -1, -2
ENTRANCE = 5


@dataclass(eq=False)
class Co89State(Solo, Effects, State):
    game_id = "class-of-89"
    players: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    rng: Rng
    books: list[Yearbook]
    school: list[list[str]]                 # 5 locations x 5 card/tile spaces ("" empty)
    school_sups: dict[str, str]             # Senior Superlative tile on the mat -> its student
    spaces: list[list[int]]                 # 5 locations x 3 member spaces: seat, EMPTY or JANITOR
    space_members: list[list[str]]
    entrance: list[tuple[int, str]]
    janitors: list[tuple[int, int]]         # (location, cost spot)
    decks: dict[str, list[str]]             # top of each deck is the end of the list
    discards: dict[str, list[str]]
    set_aside: list[str]
    ones_supply: int
    objectives: list[str]
    round: int = 1
    first: int = 0
    turns_taken: int = 0
    phase: str = "side"                     # side | place | act | round_end | over
    location: int = -1
    member: str = ""
    main_done: bool = False
    sig_done: bool = False
    member_done: bool = False
    pending: list[Pending] = field(default_factory=list)
    # solo game only (rulebook "Solo Rules"): Ed's decks, priority cards and tokens
    solo_locations: list[str] = field(default_factory=list)
    solo_location: str = ""
    solo_location_discard: list[str] = field(default_factory=list)
    solo_choices: list[str] = field(default_factory=list)
    solo_choice_discard: list[str] = field(default_factory=list)
    ed_priority: list[str] = field(default_factory=list)
    ed_revealed: list[bool] = field(default_factory=list)
    ed_tokens: dict[str, int] = field(default_factory=dict)

    # ------------------------------------------------------------ who moves
    @property
    def current(self) -> int:
        """The seat whose turn it is (in the solo game, index 1 is Ed)."""
        if self.phase == "side":
            return self.turns_taken
        return (self.first + self.turns_taken) % len(self.books)

    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending[0].seat
        return self.current

    def turn_seat(self) -> int | None:
        if self.phase == "over":
            return None
        return self.current if self.current < self.players else self.to_move  # never Ed (not a seat)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # -------------------------------------------------------- legal actions
    def _legal_actions(self) -> list[Action]:
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
        book = self.books[seat]
        comp = components()
        out: list[Action] = []
        for member in comp.board["members"]:
            if member in book.used:
                continue
            for i, loc in enumerate(comp.locations):
                row = self.spaces[i]
                if member != "treasurer" and seat in row:
                    continue
                for cost, occ in enumerate(row):
                    if occ == EMPTY and (member == "treasurer" or book.signatures >= cost):
                        out.append(Place(member, loc.id, cost))
            if self.options.get("school_entrance", True):
                out.append(Place(member, "entrance", 0))
        if not out:
            out.append(Forgo())
        return out

    def _main_options(self) -> list[Action]:
        seat = self.current
        if self.location == ENTRANCE:
            return [TakeEntrance()]
        out: list[Action] = []
        for card in self.school[self.location]:
            if card:
                out += self._placements(seat, card, Take)
        return out

    def _turn_actions(self) -> list[Action]:
        seat = self.current
        book = self.books[seat]
        out: list[Action] = []
        main = [] if self.main_done else self._main_options()
        out += main
        at_entrance = self.location == ENTRANCE
        if not self.sig_done and not at_entrance and book.signatures >= 1:
            out += [BuyToken(components().locations[self.location].token), Refresh()]
        if not self.member_done:
            if self.member == "editor":
                club = components().board["entrance_club"] if at_entrance else components().locations[self.location].club
                out.append(UseMember("editor", club=club))
            elif self.member == "designer":
                token = "any" if at_entrance else components().locations[self.location].token
                out.append(UseMember("designer", token=token))
            elif self.member == "photographer" and not at_entrance:
                lk = pl.lookup()
                for card in self.school[self.location]:
                    if card and lk.kind[card] == "student":
                        out += self._placements(seat, card, Photograph)
        if book.storage:
            targets = self._token_targets(book, storage=False)
            for token in sorted(set(book.storage)):
                out += [Unstore(token, t, self._student_at(book, t)) for t in targets]
        if book.signatures >= 2:
            sources = [s for s, t in enumerate(book.tokens) if t]
            sources += [SUPERLATIVE + k for k, sup in enumerate(book.superlatives) if sup.tokens]
            for src in sources:
                if self._token_targets(book, exclude=src, storage=False):
                    for token in sorted(set(self._tokens_at(book, src))):
                        out.append(ShiftToken(src, token, self._student_at(book, src)))
        if self.main_done or not main:
            out.append(EndTurn())
        return out

    def _pending_actions(self, p: Pending) -> list[Action]:
        book = self.books[p.seat]
        if p.kind == "token":
            if p.token == "any":
                return [*(ChooseToken(t) for t in TOKENS), Decline()]
            return [*(PutToken(p.token, t, self._student_at(book, t)) for t in self._token_targets(book)),
                    Decline()]
        if p.kind == "move":
            return [PutToken(p.token, t, self._student_at(book, t))
                    for t in self._token_targets(book, exclude=p.source, storage=False)]
        if p.kind == "tile1x1":
            return [*(PlaceOneByOne(c) for c, v in enumerate(book.grid) if not v), Decline()]
        if p.kind in ("draw_students", "draw_teachers"):
            out: list[Action] = []
            for card in p.cards:
                out += self._placements(p.seat, card, Keep)
            if p.optional or not out:  # none placeable: one is discarded (ruling 22)
                out.append(Decline())
            return out
        if p.kind in ("pick_student", "pick_teacher"):
            out = []
            for card in self._school_cards(p.kind[5:]):
                out += self._placements(p.seat, card, Keep)
            return [*out, Decline()]
        if p.kind == "reward":
            choices = list(TOKENS) if p.club == "honor" else [components().locations[CLUBS.index(p.club)].token]
            return [Reward("signature"), *(Reward(t) for t in choices)]
        return []

    # ------------------------------------------------------------- apply
    def _apply(self, action: Action) -> list[Event]:
        if self.pending:
            p = self.pending.pop(0)
            before = len(self.pending)
            events = self._resolve(p, action)
            if len(self.pending) > before:  # gains from resolving come first (depth first)
                self.pending[:] = self.pending[before:] + self.pending[:before]
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
        events += self._settle()
        if self.players == 1:  # Ed is not a seat: his log lines belong to nobody
            events = [e if e.seat is None or e.seat < self.players else Event(e.text, None, (), e.reveals)
                      for e in events]
        return events

    def _place_member(self, a: Place) -> list[Event]:
        seat = self.current
        book = self.books[seat]
        comp = components()
        book.used.append(a.member)
        self.member = a.member
        self.main_done = self.sig_done = self.member_done = False
        self.phase = "act"
        who = f"{self._name(seat)}'s {comp.member_name(a.member)}"
        if a.location == "entrance":
            self.location = ENTRANCE
            self.entrance.append((seat, a.member))
            return [Event(f"{self._name(seat)} sends the {comp.member_name(a.member)} to the School Entrance.",
                          seat)]
        i = next(k for k, lc in enumerate(comp.locations) if lc.id == a.location)
        self.location = i
        self.spaces[i][a.cost] = seat
        self.space_members[i][a.cost] = a.member
        paid = ""
        if a.cost and a.member != "treasurer":
            book.signatures -= a.cost
            paid = f", paying {a.cost} signature{'s' if a.cost > 1 else ''}"
        elif a.cost:
            paid = " (the Treasurer ignores the cost)"
        return [Event(f"{who} goes to the {comp.locations[i].name}{paid}.", seat)]

    def _turn_action(self, a: Action) -> list[Event]:
        seat = self.current
        book = self.books[seat]
        comp = components()
        name = self._name(seat)
        if isinstance(a, Take | Photograph):
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
            return [Event(f"{name} takes {n} signatures and a 1x1 tile at the School Entrance.", seat),
                    *self._gain(seat, ["tile1x1"])]
        if isinstance(a, BuyToken):
            self.sig_done = True
            book.signatures -= 1
            token = comp.locations[self.location].token
            self.pending.append(Pending("token", seat, token=token))
            return [Event(f"{name} pays a signature for a {comp.token_name(token)} token.", seat)]
        if isinstance(a, Refresh):
            self.sig_done = True
            book.signatures -= 1
            for pos in range(5):
                self._discard_space(self.location, pos)
            for pos in range(5):
                self._fill(self.location, pos)
            shown = ", ".join(comp.card_name(c) for c in self.school[self.location] if c)
            return [Event(f"{name} pays a signature to wipe and refresh the {comp.locations[self.location].name}: "
                          f"{shown}.", seat, reveals=True)]
        if isinstance(a, UseMember):
            self.member_done = True
            if self.member == "editor":
                club = comp.board["entrance_club"] if self.location == ENTRANCE else comp.locations[self.location].club
                return [Event(f"{name}'s Editor works on the {comp.club_name(club)} page.", seat),
                        *self._advance(seat, club)]
            token = "any" if self.location == ENTRANCE else comp.locations[self.location].token
            book.signatures += 1
            self.pending.append(Pending("token", seat, token=token))
            what = "any token" if token == "any" else f"a {comp.token_name(token)} token"
            return [Event(f"{name}'s Designer gains a signature and {what}.", seat)]
        if isinstance(a, Unstore):
            book.storage.remove(a.token)
            self._tokens_at(book, a.target).append(a.token)
            return [Event(f"{name} moves a stored {comp.token_name(a.token)} onto "
                          f"{self._target_name(book, a.target)}.", seat)]
        if isinstance(a, ShiftToken):
            book.signatures -= int(comp.board["move_token_cost"])
            self._tokens_at(book, a.source).remove(a.token)
            self.pending.append(Pending("move", seat, token=a.token, source=a.source))
            return [Event(f"{name} pays 2 signatures to move a {comp.token_name(a.token)} off "
                          f"{self._target_name(book, a.source)}.", seat)]
        if isinstance(a, EndTurn):
            return [Event(f"{name} ends the turn.", seat), *self._end_turn()]
        raise IllegalAction(f"unexpected action {a!r}")

    def _resolve(self, p: Pending, a: Action) -> list[Event]:
        seat = p.seat
        book = self.books[seat]
        comp = components()
        name = self._name(seat)
        if isinstance(a, ChooseToken):
            self.pending.append(Pending("token", seat, token=a.token))
            return []
        if isinstance(a, PutToken):
            self._tokens_at(book, a.target).append(a.token)
            return [Event(f"{name} puts a {comp.token_name(a.token)} on {self._target_name(book, a.target)}.", seat)]
        if isinstance(a, PlaceOneByOne):
            self.ones_supply -= 1
            book.ones += 1
            book.grid[a.at] = "1x1"
            return [Event(f"{name} places a 1x1 tile at {grid_cell(a.at)}.", seat),
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
                    return [Event(f"{name} keeps none of the drawn cards and returns them to the bottom.", seat)]
                self.discards[kind].append(p.cards[0])  # "unable to place the chosen card": discard it
                self.decks[kind][0:0] = p.cards[1:]
                return [Event(f"{name} can place none of the drawn cards, discards "
                              f"{comp.card_name(p.cards[0])} and returns the others to the bottom.", seat,
                              reveals=True)]
            what = {"token": "the token", "tile1x1": "the 1x1 tile"}.get(p.kind, "the bonus")
            return [Event(f"{name} declines {what}.", seat)]
        if isinstance(a, Reward):
            if a.choice == "signature":
                book.signatures += 1
                return [Event(f"{name} leads {comp.club_name(p.club)} and takes a signature.", seat)]
            self.pending.append(Pending("token", seat, token=a.choice))
            return [Event(f"{name} leads {comp.club_name(p.club)} and takes a {comp.token_name(a.choice)}.", seat)]
        raise IllegalAction(f"unexpected action {a!r}")

    # ---------------------------------------------------------- turn flow
    def _end_turn(self) -> list[Event]:
        self.phase = "place"
        self.location = -1
        self.member = ""
        self.turns_taken += 1
        if self.turns_taken == len(self.books) * int(components().board["turns_per_round"]):
            return self._end_round()
        return []

    def _end_round(self) -> list[Event]:
        self.phase = "round_end"
        comp = components()
        events = [Event(f"Round {self.round} ends.")]
        for club in CLUBS:
            steps = [b.tracks[club] for b in self.books]
            best = max(steps)
            if best > 0 and steps.count(best) == 1 and self._is_ed(steps.index(best)):
                token = "any" if club == "honor" else comp.locations[CLUBS.index(club)].token
                events.append(Event(f"Ed leads {comp.club_name(club)} and takes a token."))
                events += self._ed_gain("token:" + token)
            elif best > 0 and steps.count(best) == 1:
                self.pending.append(Pending("reward", steps.index(best), club=club))
            elif best > 0:
                events.append(Event(f"{comp.club_name(club)} is tied at the top: no reward."))
        if self.players == 1:
            events += self._ed_round_end()
        return events

    def _settle(self) -> list[Event]:
        """Drop decisions that became empty, run round ends and Ed's turns until someone must decide."""
        events: list[Event] = []
        while True:
            events += self._drop_empty()
            if self.pending:
                return events
            if self.phase == "round_end":
                events += self._after_round()
            elif self.phase == "place" and self._is_ed(self.current):
                events += self._ed_turn()
                events += self._end_turn()
            else:
                return events

    def _drop_empty(self) -> list[Event]:
        events: list[Event] = []
        while self.pending:  # drop decisions that have become empty
            p = self.pending[0]
            if p.kind in ("pick_student", "pick_teacher") and self._pending_actions(p) == [Decline()]:
                self.pending.pop(0)
                events.append(Event(f"{self._name(p.seat)} cannot place any face-up {p.kind[5:]} "
                                    "and loses the bonus.", p.seat))
                continue
            if p.kind == "token" and p.token != "any" and not self._token_targets(self.books[p.seat]):
                self.pending.pop(0)
                events.append(Event(f"{self._name(p.seat)} has no room for the token and discards it.", p.seat))
                continue
            break
        return events

    def _after_round(self) -> list[Event]:
        comp = components()
        board = comp.board
        if self.round >= int(board["rounds"]):
            self.phase = "over"
            self.ed_revealed = [True] * len(self.ed_priority)  # solo: the priority cards are turned up
            scores = self.scores()
            line = ", ".join(f"{self.names[s]} {scores[s].total}" for s in range(self.players))
            win = self.winner() or []
            if self.players == 1:
                from homeroom.games.class_of_89.scoring import ed_score

                ed = ed_score(self)
                verdict = f"{self.names[0]} beats Ed" if win else "Ed wins"
                return [Event(f"The game is over. {self.names[0]} {scores[0].total}, Ed {ed.total} "
                              f"{ed.breakdown}. {verdict}.", reveals=True)]
            return [Event(f"The game is over. Final scores: {line}. "
                          f"Winner: {' and '.join(self.names[s] for s in win)}.")]
        events: list[Event] = []
        for i in range(5):
            for j in range(3):
                if self.spaces[i][j] >= 0:
                    self.spaces[i][j] = EMPTY
                    self.space_members[i][j] = ""
        self.entrance.clear()
        for b in self.books:
            b.used.clear()
        if self.round == int(board["winter_break_round"]):
            for i in range(5):
                for j in range(5):
                    self._discard_space(i, j)
            events.append(Event("Winter Break: the whole school is wiped."))
        for i in range(5):
            for j in range(5):
                if not self.school[i][j]:
                    self._fill(i, j)
        if self.janitors:
            for loc, cost in self.janitors:
                self.spaces[loc][cost] = EMPTY
                self.space_members[loc][cost] = ""
            self.janitors = [((loc + 1) % 5, cost) for loc, cost in self.janitors]
            for loc, cost in self.janitors:
                self.spaces[loc][cost] = JANITOR
                self.space_members[loc][cost] = "janitor"
            events.append(Event("The janitors move one location to the right."))
        if len(self.books) > 2 or self.round == int(board["winter_break_round"]):
            self.first = (self.first + 1) % len(self.books)
        self.round += 1
        self.turns_taken = 0
        self.phase = "place"
        events.append(Event(f"Round {self.round} begins; {self._name(self.first)} goes first.", reveals=True))
        if self.players == 1:
            events += self._reveal_location()
        return events

    # ---------------------------------------------------------- contract
    def scores(self) -> list[Score]:
        from homeroom.games.class_of_89.scoring import final_scores

        return final_scores(self)

    def winner(self) -> list[int] | None:
        """Solo: the player wins with more points than Ed (else nobody: Ed wins)."""
        if self.players != 1 or not self.is_terminal():
            return super().winner()
        from homeroom.games.class_of_89.scoring import ed_score

        return [0] if self.scores()[0].total > ed_score(self).total else []

    def automa_scores(self) -> dict[str, Score]:
        """Solo: Ed E. Tor's score (all of it public), for the score tables."""
        if self.players != 1:
            return {}
        from homeroom.games.class_of_89.scoring import ed_score

        return {"Ed E. Tor": ed_score(self)}

    def outcome(self) -> str:
        """Solo: say how the player fared against Ed ("you win with more points than Ed")."""
        if self.players != 1 or not self.is_terminal():
            return super().outcome()
        from homeroom.games.class_of_89.scoring import ed_score

        mine, eds = self.scores()[0].total, ed_score(self).total
        if mine > eds:
            return f"{self.names[0]} beats Ed E. Tor, {mine} to {eds}."
        return f"Ed E. Tor wins, {eds} to {mine} (a tie goes to Ed: you need more points than him)."

    def tiebreak(self, seat: int) -> tuple[Any, ...]:
        from homeroom.games.class_of_89.scoring import student_count

        return (self.scores()[seat].breakdown.get("objectives", 0), student_count(self.books[seat]))

    def observation(self, seat: int | None) -> dict[str, Any]:
        from homeroom.engine.codec import encode

        pend = []
        for p in self.pending:
            d = {"kind": p.kind, "seat": p.seat, "token": p.token, "club": p.club, "source": p.source,
                 "optional": p.optional}
            d["cards"] = list(p.cards) if p.seat == seat else len(p.cards)
            pend.append(d)
        return {
            "round": self.round, "phase": self.phase, "first": self.first, "turn": self.current,
            "to_move": self.to_move, "location": self.location, "member": self.member,
            "main_done": self.main_done, "sig_done": self.sig_done, "member_done": self.member_done,
            "objectives": list(self.objectives), "school": encode(self.school),
            "school_sups": dict(self.school_sups), "spaces": encode(self.spaces),
            "space_members": encode(self.space_members), "entrance": encode(self.entrance),
            "decks": {k: len(v) for k, v in self.decks.items()}, "discards": encode(self.discards),
            "set_aside": list(self.set_aside), "ones_supply": self.ones_supply,
            "books": encode(self.books), "pending": pend,
            **({"solo": self._solo_view()} if self.players == 1 else {}),
        }

    def _solo_view(self) -> dict[str, Any]:
        comp = components()
        return {
            "location_card": self.solo_location, "location_deck": len(self.solo_locations),
            "location_discard": list(self.solo_location_discard), "choice_deck": len(self.solo_choices),
            "choice_discard": list(self.solo_choice_discard),
            "next_choice_back": list(comp.choice_cards[self.solo_choices[-1]].back) if self.solo_choices else None,
            "priority": [c if r else None for c, r in zip(self.ed_priority, self.ed_revealed)],
            "ed_tokens": dict(sorted(self.ed_tokens.items())),
        }

    def redeal_hidden(self, seat: int | None, rng: Rng) -> None:
        for kind, deck in self.decks.items():
            hidden = [p for p in self.pending if p.seat != seat and p.kind == f"draw_{kind}s"]
            pool = list(deck)
            for p in hidden:
                pool += p.cards
            rng.shuffle(pool)
            for p in hidden:
                n = len(p.cards)
                p.cards = pool[:n]
                del pool[:n]
            self.decks[kind] = pool
        if self.players == 1:
            self._redeal_solo(seat, rng)

    def game_invariants(self) -> list[str]:
        return invariants(self)

    def opening_events(self) -> list[Event]:
        comp = components()
        events = [Event("Club objectives: " + ", ".join(comp.objectives[o].name for o in self.objectives) + ".")]
        for s, b in enumerate(self.books):
            events.append(Event(f"{self._name(s)} starts with {comp.card_name(b.photo[0])} as the first teacher "
                                f"and {b.signatures} signature{'s' if b.signatures != 1 else ''}.",
                                s if s < self.players else None))
        for loc, cost in self.janitors:
            events.append(Event(f"A janitor occupies the {cost}-signature space of the "
                                f"{comp.locations[loc].name}."))
        if self.players == 1:
            ed = self.books[1]
            events.append(Event("Ed E. Tor plays the solo game at " + str(self.options.get("difficulty")) + " difficulty: "
                                + ", ".join(components().card_name(c) for c in ed.photo[1:] if c)
                                + " join his class photo; five priority cards lie face down above his columns."))
        events.append(Event(f"{self._name(self.first)} has the first player token."))
        return events

    def describe_action(self, action: Action) -> str:
        return describe.describe_action(self, action)

    def why_illegal(self, action: Action) -> IllegalAction:
        return explain.why_illegal(self, action)
