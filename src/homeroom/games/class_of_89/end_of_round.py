"""End of Round (rulebook "End of Round"): track leaders' rewards, then retrieving the team
members, refilling the school (wiping it at Winter Break), moving the janitors, passing the first
player token and advancing the round track. After round 4 the game ends ("Endgame Scoring").

A mixin of :class:`~homeroom.games.class_of_89.state.Co89State`; the solo game's round-end steps
for Ed E. Tor are in :mod:`~homeroom.games.class_of_89.solo`.
"""

from __future__ import annotations

from homeroom.engine import Event
from homeroom.games.class_of_89.components import CLUBS, NAMES, components
from homeroom.games.class_of_89.model import EMPTY, JANITOR, Pending
from homeroom.games.class_of_89.solo import Solo


class EndOfRound(Solo):
    """Mixin: what happens once every player has placed three team members."""

    entrance: list[tuple[int, str]]
    janitors: list[tuple[int, int]]
    round: int
    first: int
    turns_taken: int
    phase: str

    def _end_round(self) -> list[Event]:
        """Each track's single leader gains a signature or the track's token (their choice; Ed takes
        the token); tied leaders gain nothing. Solo: then Ed's unused team member reward."""
        self.phase = "round_end"
        comp = components()
        quiet = self.quiet
        events = [] if quiet else [Event(f"Round {self.round} ends.")]
        tracks = [b.tracks for b in self.books]
        for club in CLUBS:
            steps = [t[club] for t in tracks]
            best = max(steps)
            if best <= 0:
                continue
            if steps.count(best) == 1:
                leader = steps.index(best)
                if self._is_ed(leader):
                    token = "any" if club == "honor" else comp.locations[CLUBS.index(club)].token
                    if not quiet:
                        events.append(Event(f"Ed leads {NAMES.club[club]} and takes a token."))
                    events += self._ed_token(token)  # (what _ed_gain("token:" + token) does)
                else:
                    self.pending.append(Pending("reward", leader, club=club))
            elif not quiet:
                events.append(Event(f"{NAMES.club[club]} is tied at the top: no reward."))
        if self.players == 1:
            events += self._ed_round_end()
        return events

    def _after_round(self) -> list[Event]:
        """Steps 1-5 of the end of a round, or the end of the game after the last round."""
        comp = components()
        board = comp.board
        if self.round >= int(board["rounds"]):
            self.phase = "over"
            self.ed_revealed = [True] * len(self.ed_priority)  # solo: the priority cards are turned up
            return []  # the final scores line is the state's (Co89State._apply)
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
            self._wipe(range(5))
            if not self.quiet:
                events.append(Event("Winter Break: the whole school is wiped."))
        self._refill()
        if self.janitors:
            for loc, cost in self.janitors:
                self.spaces[loc][cost] = EMPTY
                self.space_members[loc][cost] = ""
            self.janitors = [((loc + 1) % 5, cost) for loc, cost in self.janitors]
            for loc, cost in self.janitors:
                self.spaces[loc][cost] = JANITOR
                self.space_members[loc][cost] = "janitor"
            if not self.quiet:
                events.append(Event("The janitors move one location to the right."))
        if len(self.books) > 2 or self.round == int(board["winter_break_round"]):
            self.first = (self.first + 1) % len(self.books)
        self.round += 1
        self.turns_taken = 0
        self.phase = "place"
        if not self.quiet:
            events.append(Event(f"Round {self.round} begins; {self._name(self.first)} goes first.", reveals=True))
        if self.players == 1:
            events += self._reveal_location()
        return events

