"""The solo game's automated opponent, Ed E. Tor (rulebook "Solo Rules").

Ed is the yearbook after the player's (seat index 1 in ``books`` while ``players == 1``). He
never becomes ``to_move``: the engine plays his turns from the solo decks inside ``apply`` and
logs every revealed card and why each choice was made.
"""

from __future__ import annotations

from homeroom.engine import Event, Rng
from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.bonuses import Bonuses
from homeroom.games.class_of_89.components import CLUBS, NAMES, components
from homeroom.games.class_of_89.model import EMPTY

ITEM_KIND = {"student": "student", "teacher": "teacher", "staff": "staff", "tile": "tile"}
_ITEM = {"teacher": "teacher", "staff": "staff"}
"""The Choice card item of a card kind other than a student's (every other kind is a tile)."""


class _Tables:
    """Facts about the mat that Ed's rules look up on every turn, built once from the components."""

    def __init__(self) -> None:
        comp = components()
        self.loc_index = {lc.id: i for i, lc in enumerate(comp.locations)}
        self.club_loc = {lc.club: i for i, lc in enumerate(comp.locations)}
        self.token_club = {lc.token: lc.club for lc in comp.locations}
        self.club_token = {lc.club: lc.token for lc in comp.locations}


_TABLES: list[_Tables] = []


def _tables() -> _Tables:
    if not _TABLES:
        _TABLES.append(_Tables())
    return _TABLES[0]


class Solo(Bonuses):
    """Mixin: Ed's turns, selections, placements, automatic gains and round-end rewards."""

    spaces: list[list[int]]
    space_members: list[list[str]]
    solo_locations: list[str]
    solo_location: str
    solo_location_discard: list[str]
    solo_choices: list[str]
    solo_choice_discard: list[str]
    ed_priority: list[str]
    ed_revealed: list[bool]
    ed_tokens: dict[str, int]

    @property
    def ed(self) -> int:
        return self.players

    # ------------------------------------------------------------ preferences
    def _pref_rank(self, club: str) -> int:
        """Ed's preference: the priority cards left to right; Honor Society is the lowest."""
        return self.ed_priority.index(club) if club in self.ed_priority else len(self.ed_priority)

    def _token_club(self, token: str) -> str:
        return _tables().token_club[token]

    def _preferred_location(self) -> int:
        return _tables().club_loc[self.ed_priority[0]]

    # ------------------------------------------------------------ decks
    def _reveal_choice(self) -> str:
        if not self.solo_choices:
            self.solo_choices = self.solo_choice_discard
            self.solo_choice_discard = []
            self.rng.shuffle(self.solo_choices)
        card = self.solo_choices.pop()
        self.solo_choice_discard.append(card)
        return card

    def _next_choice_back(self) -> tuple[str, ...]:
        if not self.solo_choices:
            self.solo_choices = self.solo_choice_discard[:-1]
            self.solo_choice_discard = self.solo_choice_discard[-1:]
            self.rng.shuffle(self.solo_choices)
        return components().choice_cards[self.solo_choices[-1]].back

    def _reveal_location(self) -> list[Event]:
        if self.solo_location:
            self.solo_location_discard.append(self.solo_location)
        if not self.solo_locations:
            self.solo_locations = self.solo_location_discard
            self.solo_location_discard = []
            self.rng.shuffle(self.solo_locations)
        self.solo_location = self.solo_locations.pop()
        if self.quiet:
            return []
        comp = components()
        card = comp.location_cards[self.solo_location]
        names = {lc.id: lc.name for lc in comp.locations}
        sends = ", ".join(f"{NAMES.member[m]} to the {names[loc]}" for m, loc in card.members.items())
        return [Event(f"Ed reveals his Location card for the round: X on the {names[card.x]}; "
                      f"{sends}.", reveals=True)]

    # ------------------------------------------------------------ placing
    def _ed_place(self, card: str) -> int:
        """Where Ed puts a card or tile (top-most then left-most; -1 if it cannot be placed)."""
        book = self.books[self.players]
        kind = pl.lookup().kind[card]
        if kind == "student":
            photo = book.photo
            if "" not in photo:  # no empty cell
                return -1
            at = pl.first_match_empty(book, card) if self.options.get("half_icons", True) else -1
            return at if at >= 0 else photo.index("")
        if kind == "teacher":
            return pl.photo_facts(book)[2]
        if kind == "staff":
            return 0 if len(book.staff) < 4 else -1
        spots = pl.tile_spots_of(book, card)
        return spots[0] if spots else -1

    def _can_match(self, card: str) -> bool:
        book = self.books[self.players]
        if not self._half_icons():
            return False
        return pl.first_match_empty(book, card) >= 0

    def _select_student(self, cards: list[str]) -> str:
        """Selecting Students: a match he can make, then the most preferred half-icon, then leftmost."""
        if not cards:
            return ""
        book = self.books[self.players]
        if "" not in book.photo:  # no empty cell
            return ""
        if self.options.get("half_icons", True):
            # the cards pl.match_in places (a first matching cell by either half-icon), inline
            by_left, by_right, _ = pl.photo_facts(book)
            lk = pl.lookup()
            left_no, right_no, none = lk.left_no, lk.right_no, pl.NO_CELL
            pool = [c for c in cards if by_left[left_no.get(c, 0)] != none or by_right[right_no.get(c, 0)] != none]
            if not pool:
                pool = list(cards)
        else:
            pool = list(cards)
        if len(pool) == 1:
            return pool[0]
        # the most preferred half-icon (a priority card's place, lower is better; Honor Society and no
        # half-icon after all of them), the first such card on ties
        prio = self.ed_priority
        worst = len(prio)
        lk = pl.lookup()
        lefts, rights = lk.left, lk.right
        best, pick = worst + 1, ""
        for c in pool:
            left, right = lefts.get(c, ""), rights.get(c, "")
            r = min(prio.index(left) if left in prio else worst, prio.index(right) if right in prio else worst)
            if r < best:
                best, pick = r, c
        return pick

    def _ed_put(self, card: str, verb: str, sup: str = "") -> list[Event]:
        at = self._ed_place(card)
        if at < 0:
            kind = pl.lookup().kind[card]
            self.discards[kind if kind in self.discards else "student"].append(card)
            if sup:
                self.discards["student"].append(sup)
            if self.quiet:
                return []
            return [Event(f"Ed cannot place {NAMES.card[card]} and discards it.")]
        return self._place_card(self.players, card, at, False, verb, sup)

    # ------------------------------------------------------------ gains
    def _any_token(self) -> str:
        """Honor Society (any) token: the priority card atop the column with a teacher and the most
        students, ties to the left."""
        photo = self.books[self.players].photo
        teachers = pl.lookup().teachers
        best, best_col = -1, 0
        for c in range(5):
            cells = photo[c:20:5]  # the column's 4 cells
            held = teachers.intersection(cells)
            if not held:
                continue
            n = 4 - cells.count("") - len(held)  # its students (each card is in one cell only)
            if n > best:
                best, best_col = n, c
        return _tables().club_token[self.ed_priority[best_col]]

    def _ed_token(self, token: str) -> list[Event]:
        if token == "any":
            token = self._any_token()
        self.ed_tokens[token] = self.ed_tokens.get(token, 0) + 1
        col = self.ed_priority.index(_tables().token_club[token])
        self.ed_revealed[col] = True
        if self.quiet:
            return []
        return [Event(f"Ed puts a {NAMES.token[token]} on his priority card above column {col + 1}.")]

    def _ed_gain(self, gain: str) -> list[Event]:
        if gain == "signature":
            return []
        if gain.startswith("token:"):
            return self._ed_token(gain[6:])
        quiet = self.quiet
        book = self.books[self.players]
        if gain == "tile1x1":
            grid = book.grid
            at = grid.index("") if "" in grid else -1  # the first empty cell
            if self.ones_supply <= 0 or at < 0:
                return [] if quiet else [Event("Ed has no room for a 1x1 tile.")]
            self.ones_supply -= 1
            book.ones += 1
            grid[at] = "1x1"
            if quiet:
                return self._cover([at], self.ed)
            return [Event(f"Ed places a 1x1 tile at {NAMES.grid_cell[at]}."), *self._cover([at], self.ed)]
        if gain == "draw_students":
            cards = [c for c in (self._draw("student") for _ in range(3)) if c]
            pick = self._select_student(cards)
            self.decks["student"][0:0] = [c for c in cards if c != pick]
            if not pick:
                return [] if quiet else [Event("Ed draws students but can place none.")]
            if quiet:
                return self._ed_put(pick, "keeps")
            return [Event(f"Ed draws {', '.join(NAMES.card[c] for c in cards)} and keeps "
                          f"{NAMES.card[pick]}.", reveals=True), *self._ed_put(pick, "keeps")]
        if gain == "draw_teachers":
            card = self._draw("teacher")
            if not card:
                return []
            if quiet:
                return self._ed_put(card, "places")
            return [Event(f"Ed takes the top teacher, {NAMES.card[card]}.", reveals=True),
                    *self._ed_put(card, "places")]
        if gain in ("pick_student", "pick_teacher"):
            kind = gain[5:]
            start = self._preferred_location()
            kinds = pl.lookup().kind
            for step in range(5):
                loc = (start + step) % 5
                cards = [c for c in self.school[loc] if c and kinds[c] == kind]
                if kind == "student":
                    pick = self._select_student(cards)
                    cards = [pick] if pick else []
                cards = [c for c in cards if self._ed_place(c) >= 0]
                if cards:
                    row = self.school[loc]
                    row[row.index(cards[0])] = ""
                    if quiet:
                        return self._ed_put(cards[0], "places")
                    return [Event(f"Ed takes {NAMES.card[cards[0]]} from the {NAMES.location[loc]} "
                                  f"(his preferred locations first)."), *self._ed_put(cards[0], "places")]
            return [] if quiet else [Event(f"Ed finds no face-up {kind} he can place and loses the bonus.")]
        return []

    # ------------------------------------------------------------ a turn
    def _ed_turn(self) -> list[Event]:
        comp = components()
        book = self.books[self.players]
        quiet = self.quiet
        loc_index = _tables().loc_index
        choice = self._reveal_choice()
        back = self._next_choice_back()
        used = book.used
        member = ""  # the first member on the next Choice card's back he has not used this round
        for m in back:
            if m not in used:
                member = m
                break
        loc_card = comp.location_cards[self.solo_location]
        want = loc_index[loc_card.members[member]]
        x = loc_index[loc_card.x]
        loc = -1
        spaces = self.spaces
        for step in range(5):
            i = (want + step) % 5
            if i != x and EMPTY in spaces[i]:
                loc = i
                break
        book.used.append(member)
        mname = "" if quiet else NAMES.member[member]
        events: list[Event] = []
        if not quiet:
            events.append(Event(f"Ed reveals a Choice card; the next card's back makes the {mname} his member "
                                "this turn.", reveals=True))
        if loc < 0:
            return events if quiet else [*events, Event(f"Ed finds no free space for his {mname}.")]
        cost = spaces[loc].index(EMPTY)
        spaces[loc][cost] = self.ed
        self.space_members[loc][cost] = member
        where = comp.locations[loc]
        if not quiet:
            moved = "" if loc == want else (f" (the {NAMES.location[want]} is full, so the next location "
                                            "to the right)")
            events.append(Event(f"Ed's Location card sends the {mname} to the {where.name}{moved}."))
        # team member action
        if member == "editor":
            events += self._advance(self.players, where.club)
        elif member == "designer":
            events += self._ed_token(where.token)
        elif member == "photographer":
            kinds = pl.lookup().kind
            studs = [c for c in self.school[loc] if c and kinds[c] == "student"]
            pick = self._select_student(studs)
            if pick:
                self.school[loc][self.school[loc].index(pick)] = ""
                if not quiet:
                    events.append(Event(f"Ed's Photographer takes {NAMES.card[pick]}."))
                events += self._ed_put(pick, "places")
            elif pl.empty_slots(book):
                top = self._draw("student")
                if top:
                    if not quiet:
                        events.append(Event(f"Ed's Photographer takes the top student, {NAMES.card[top]}.",
                                            reveals=True))
                    events += self._ed_put(top, "places")
        elif member == "treasurer":
            self._wipe((loc,))
            self._refill((loc,))
            if not quiet:
                events.append(Event(f"Ed's Treasurer wipes and refreshes the {where.name}: "
                                    + ", ".join(NAMES.card[c] for c in self.school[loc] if c) + ".",
                                    reveals=True))
        # the item on the Choice card, revealing more until one is possible
        item = comp.choice_cards[choice].items[where.id]
        card = self._ed_option(loc, item)  # (the usual case: that item is possible, nothing else asked)
        if not card:
            possible = self._ed_options(loc)
            if not possible:
                if not quiet:
                    events.append(Event(f"Nothing at the {where.name} can be taken: Ed takes a "
                                        f"{NAMES.token[where.token]} token and advances on "
                                        f"{NAMES.club[where.club]}."))
                return [*events, *self._ed_token(where.token), *self._advance(self.players, where.club)]
            reveals = 0
            while item not in possible:
                reveals += 1
                if reveals > len(comp.choice_cards) + 1:
                    if not quiet:
                        events.append(Event(f"No Choice card shows a possible item: Ed takes a "
                                            f"{NAMES.token[where.token]} token and advances on "
                                            f"{NAMES.club[where.club]}."))
                    return [*events, *self._ed_token(where.token), *self._advance(self.players, where.club)]
                choice = self._reveal_choice()
                item = comp.choice_cards[choice].items[where.id]
                if not quiet:
                    events.append(Event(f"Ed cannot take that; he reveals another Choice card: {item}.",
                                        reveals=True))
            card = possible[item]
        self.school[loc][self.school[loc].index(card)] = ""
        sup = self.school_sups.pop(card, "")
        if not quiet:
            events.append(Event(f"The Choice card shows {item.capitalize()} at the {where.name}; Ed takes "
                                f"{NAMES.card[card]}."))
        return [*events, *self._ed_put(card, "places", sup)]

    def _ed_option(self, loc: int, item: str) -> str:
        """The card Ed would take at ``loc`` for this item type ('' if none): what
        ``_ed_options(loc).get(item, "")`` gives, without working out the other types."""
        kinds = pl.lookup().kind
        row = self.school[loc]
        if item == "student":
            return self._select_student([c for c in row if c and kinds[c] == "student"])
        book = self.books[self.players]
        for c in row:
            if not c:
                continue
            kind = kinds[c]
            if kind == "student" or _ITEM.get(kind, "tile") != item:
                continue
            if kind == "teacher":
                fits = pl.photo_facts(book)[2] >= 0
            elif kind == "staff":
                fits = len(book.staff) < 4
            else:  # what _ed_place asks: any spot free
                fits = bool(pl.tile_spots_of(book, c))
            if fits:
                return c
        return ""

    def _ed_options(self, loc: int) -> dict[str, str]:
        """The card Ed would take at ``loc`` for each possible item type."""
        kinds = pl.lookup().kind
        out: dict[str, str] = {}
        row = self.school[loc]
        pick = self._select_student([c for c in row if c and kinds[c] == "student"])
        if pick:
            out["student"] = pick
        book = self.books[self.players]
        teacher_fits: bool | None = None  # worked out once
        for c in row:
            if not c:
                continue
            kind = kinds[c]
            if kind == "student":
                continue
            item = _ITEM.get(kind, "tile")
            if item in out:
                continue
            if kind == "teacher":
                if teacher_fits is None:
                    teacher_fits = pl.photo_facts(book)[2] >= 0
                fits = teacher_fits
            elif kind == "staff":
                fits = len(book.staff) < 4
            else:  # what _ed_place asks: any spot free
                fits = bool(pl.tile_spots_of(book, c))
            if fits:
                out[item] = c
        return out

    # ------------------------------------------------------------ round end
    def _ed_round_end(self) -> list[Event]:
        comp = components()
        book = self.books[self.players]
        unused = [m for m in comp.board["members"] if m not in book.used]
        if not unused:
            return []
        member = unused[0]
        quiet = self.quiet
        events = [] if quiet else [Event(f"Ed's unused team member this round is the {NAMES.member[member]}.")]
        top = self.ed_priority[0]
        if member == "editor":
            return events + self._advance(self.players, top)
        if member == "designer":
            return events + self._ed_token(comp.locations[self._preferred_location()].token)
        if member == "photographer":
            card = self._draw("student")
            if not card:
                return events
            if quiet:
                return self._ed_put(card, "places")
            return events + [Event(f"Ed takes the top student, {NAMES.card[card]}.", reveals=True),
                             *self._ed_put(card, "places")]
        low = min(book.tracks[c] for c in CLUBS)
        club = min((c for c in CLUBS if book.tracks[c] == low), key=self._pref_rank)
        return events + self._advance(self.players, club)

    def _redeal_solo(self, seat: int | None, rng: Rng) -> None:
        rng.shuffle(self.solo_locations)
        if len(self.solo_choices) > 1:  # the top card's back is public: it stays on top
            rest = self.solo_choices[:-1]
            rng.shuffle(rest)
            self.solo_choices[:-1] = rest
        # the difficulty's setup advances showed which clubs lie in the first k columns (not their order):
        # face-down cards are re-dealt within those k columns and within the others, never across
        k = int(components().board["solo"]["difficulty_tracks"][self.options.get("difficulty", "normal")])
        for group in (range(k), range(k, len(self.ed_priority))):
            hidden = [i for i in group if not self.ed_revealed[i]]
            clubs = [self.ed_priority[i] for i in hidden]
            rng.shuffle(clubs)
            for i, club in zip(hidden, clubs):
                self.ed_priority[i] = club

