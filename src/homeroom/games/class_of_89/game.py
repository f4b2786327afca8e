"""The Class of '89 game object: metadata and options as data, setup, data check, render."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from homeroom.engine import Game, GameInfo, OptionError, OptionSpec, Rng, State, Variant, first_player_option
from homeroom.engine.datasets import DataSet
from homeroom.games.class_of_89.actions import ACTION_TYPES
from homeroom.games.class_of_89.bots import BOTS
from homeroom.games.class_of_89.components import CLUBS, components, load
from homeroom.games.class_of_89.invariants import DECK_KINDS
from homeroom.games.class_of_89.model import EMPTY, JANITOR, Yearbook
from homeroom.games.class_of_89.state import Co89State
from homeroom.games.class_of_89.view import render

OPTIONS = (
    OptionSpec("objectives", "A", "club objective cards: set A-D, or one random card of each type",
               choices=("A", "B", "C", "D", "random"), label="Club objectives",
               value_labels=tuple((s, f"Club objective set {s}") for s in "ABCD")
               + (("random", "One random club objective card of each type"),)),
    OptionSpec("objective_scoring", "ranked",
               "ranked (the standard table), or the alternative rules: casual (10 points for MIN), "
               "casual-t1 and casual-t2 (10 points for the T1 / T2 target)",
               choices=("ranked", "casual", "casual-t1", "casual-t2"), label="Club objective scoring",
               value_labels=(("ranked", "Ranked (the standard scoring table)"),
                             ("casual", "Casual: 10 points for reaching MIN"),
                             ("casual-t1", "Casual: 10 points for reaching the T1 target"),
                             ("casual-t2", "Casual: 10 points for reaching the T2 target"))),
    OptionSpec("school_entrance", True, "use the School Entrance (experienced players may remove it)",
               label="Play with the School Entrance",
               value_labels=((False, "Without the School Entrance (for experienced players)"),)),
    OptionSpec("half_icons", True, "use half-icons (the alternative rules ignore them and redraw the "
                                   "half-icon teachers and the Prom tile)",
               label="Use half-icons",
               value_labels=((False, "Ignore half-icons (redraw half-icon teachers and the Prom tile)"),)),
    OptionSpec("difficulty", "normal", "solo game against Ed E. Tor: easy, normal or hard",
               choices=("easy", "normal", "hard"), players=(1,), label="Ed E. Tor's level (solo game)",
               value_labels=(("easy", "Easy game against Ed E. Tor"), ("normal", "Normal game against Ed E. Tor"),
                             ("hard", "Hard game against Ed E. Tor"))),
    OptionSpec("solo_extra_abc", False, "solo game: take Ed's ABC token yourself (two ABC tokens, easier)",
               players=(1,), label="Take a second ABC token (easier)"),
    # Player Setup 4: "the one who graduated closest to 1989 ... the players can decide"; solo: "Ed is
    # the first player", so the option is for 2-4 players
    replace(first_player_option("seat 1 (the players decide: closest to 1989, then the biggest hair)", 4),
            players=(2, 3, 4)),
)


class ClassOf89(Game):
    bots = BOTS
    info = GameInfo(
        id="class-of-89",
        name="Class of '89",
        min_players=1,
        max_players=4,
        options=OPTIONS,
        variants=(
            Variant("casual", "Casual objectives: 10 points to everyone meeting MIN", {"objective_scoring": "casual"}),
            Variant("challenge-t1", "Casual objectives against the T1 target", {"objective_scoring": "casual-t1"}),
            Variant("challenge-t2", "Casual objectives against the T2 target", {"objective_scoring": "casual-t2"}),
            Variant("simple", "No half-icons and casual objectives",
                    {"objective_scoring": "casual", "half_icons": False}),
            Variant("experienced", "No School Entrance, random objectives",
                    {"school_entrance": False, "objectives": "random"}),
        ),
        constants={
            "rounds": 4, "turns_per_round": 3, "space_costs": [0, 1, 2], "photo": "4 rows x 5 columns",
            "max_tokens_per_student": 4, "token_storage": 2, "objective_points": {
                "2": [14, 6], "3": [16, 10, 4], "4": [18, 12, 6, 2]},
            "track_top_points": 5, "abc_points": 2, "half_points": 2,
        },
        max_decisions=6000,
        test_option_sets=(
            {},
            {"objectives": "random", "objective_scoring": "casual-t1", "school_entrance": False},
            {"half_icons": False, "objective_scoring": "casual"},
            {"difficulty": "easy"},
            {"difficulty": "hard", "solo_extra_abc": True},
            {"first_player": 2},
        ),
        summary="Four rounds of placing your yearbook team around the school to fill your class photo, "
                "Wildcat Way grid and staff section, competing on club tracks and objectives.",
        rulebook="class_of_89.txt",
    )
    action_types = ACTION_TYPES

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        comp = components()
        if options["objectives"] not in ("A", "B", "C", "D", "random"):
            raise OptionError("objectives must be a set A-D or random")
        if str(max(players, 2)) not in comp.board["starting_signatures"]:
            raise OptionError(f"Class of '89 has no starting signatures for {players} players")
        if players == 1 and options["objective_scoring"] != "ranked":
            raise OptionError("the solo game scores objectives against Ed by difficulty; "
                              "objective_scoring applies to 2-4 players")

    def setup(self, players: int, seed: int, options: dict[str, Any], names: list[str]) -> State:
        comp = components()
        rng = Rng(seed)
        template, aside = _decks(bool(options["half_icons"]))
        decks = {k: list(v) for k, v in template.items()}
        set_aside = list(aside)
        for deck in decks.values():
            rng.shuffle(deck)
        if options["objectives"] == "random":
            objectives = [rng.choice([o.id for o in comp.objectives.values() if o.club == club]) for club in CLUBS]
        else:
            objectives = list(_objective_set(comp, options["objectives"]))
        books = []
        solo = players == 1
        start = comp.board["starting_signatures"][str(max(players, 2))]
        first = 1 if solo else max(int(options.get("first_player", 0)) - 1, 0)
        if solo:
            start = [0, start[1]]  # Ed goes first and never has signatures; the player is second
        order = [(seat - first) % (2 if solo else players) for seat in range(2 if solo else players)]
        for seat in range(2 if solo else players):
            teacher = decks["teacher"].pop()
            photo = [""] * 20
            photo[0] = teacher
            gw, gh = int(comp.board["grid_columns"]), int(comp.board["grid_rows"])
            books.append(Yearbook(photo, [[] for _ in range(20)], [""] * (gw * gh), {c: 0 for c in CLUBS},
                                  signatures=int(start[order[seat]])))  # "based on turn order"
        spaces = [[EMPTY] * 3 for _ in range(5)]
        members = [[""] * 3 for _ in range(5)]
        janitors: list[tuple[int, int]] = []
        costs = comp.board["janitors"].get(str(max(players, 2)), [])
        if costs:
            clubs = list(comp.board["janitors"]["clubs"])
            rng.shuffle(clubs)
            club_loc = {lc.club: i for i, lc in reversed(list(enumerate(comp.locations)))}  # the first per club
            for club, cost in zip(clubs, costs):
                loc = club_loc[club]
                janitors.append((loc, int(cost)))
                spaces[loc][int(cost)] = JANITOR
                members[loc][int(cost)] = "janitor"
        state = Co89State(
            players, seed, options, names, rng, books, [[""] * 5 for _ in range(5)], {}, spaces, members, [],
            janitors, decks, {k: [] for k in DECK_KINDS}, set_aside, int(comp.board["one_by_one_tiles"]),
            objectives, first=first,
        )
        state._refill()  # every space of the mat is empty
        if solo:
            self._setup_ed(state, options)
        return state

    def _setup_ed(self, state: Co89State, options: dict[str, Any]) -> None:
        """Solo setup steps 1-8 (rulebook "Solo Rules / Setup")."""
        comp = components()
        rng = state.rng
        ed = state.books[1]
        state.solo_locations = sorted(comp.location_cards)
        state.solo_choices = sorted(comp.choice_cards)
        rng.shuffle(state.solo_locations)
        rng.shuffle(state.solo_choices)
        ed.side = rng.choice(sorted(comp.column_sides))
        state.ed_priority = [c for c in CLUBS if c != "honor"]
        rng.shuffle(state.ed_priority)
        state.ed_revealed = [False] * len(state.ed_priority)
        state.ed_tokens = {}
        students = [state.decks["student"].pop(), state.decks["student"].pop()]
        rng.shuffle(students)
        for cell, student in zip(comp.board["solo"]["photo_cells"], students):
            ed.photo[int(cell)] = student
        for club in state.ed_priority[:int(comp.board["solo"]["difficulty_tracks"][options["difficulty"]])]:
            ed.tracks[club] = 1
        ed.abc_tokens = 0
        if options["solo_extra_abc"]:
            state.books[0].abc_tokens = 2

    def state_from_json(self, text: str) -> State:
        return Co89State.from_json(text)

    def check_data(self, directory: Path | DataSet | None = None) -> list[str]:
        return load(directory)[1]

    def render(self, state: State, viewer: int | None) -> Any:
        assert isinstance(state, Co89State)
        return render(state, viewer)


_OBJECTIVE_SETS: list[Any] = [None, {}]
"""For the components in slot 0: each objective set's cards in club order."""


def _objective_set(comp: Any, which: str) -> tuple[str, ...]:
    """The objectives of set ``which`` in club order, worked out once per components and set."""
    if _OBJECTIVE_SETS[0] is not comp:
        _OBJECTIVE_SETS[0], _OBJECTIVE_SETS[1] = comp, {}
    memo: dict[str, tuple[str, ...]] = _OBJECTIVE_SETS[1]
    found = memo.get(which)
    if found is None:
        found = memo[which] = tuple(o.id for club in CLUBS for o in comp.objectives.values()
                                    if o.club == club and o.set == which)
    return found


_DECKS: list[Any] = [None, {}]
"""For the components in slot 0: the unshuffled decks and the set-aside cards, by ``half_icons``."""


def _decks(half_icons: bool) -> tuple[dict[str, list[str]], list[str]]:
    """The decks in component order before setup shuffles them, and the cards set aside (without
    half-icons, the half-icon teachers and tiles), built once per components: every game of a
    simulation starts from the same lists."""
    comp = components()
    if _DECKS[0] is not comp:
        _DECKS[0], _DECKS[1] = comp, {}
    memo: dict[bool, tuple[dict[str, list[str]], list[str]]] = _DECKS[1]
    cached = memo.get(half_icons)
    if cached is None:
        decks: dict[str, list[str]] = {k: [] for k in DECK_KINDS}
        set_aside: list[str] = []
        for s in comp.students:
            decks["student"].append(s)
        for t in comp.teachers.values():
            if not half_icons and t.scoring["kind"] == "halficon_pairs":
                set_aside.append(t.id)
            else:
                decks["teacher"].append(t.id)
        decks["staff"] = list(comp.staff)
        for tl in comp.tiles.values():
            if not half_icons and (tl.scoring or {}).get("kind") == "distinct_halficon_matches":
                set_aside.append(tl.id)
            else:
                decks["tile-" + tl.letter].append(tl.id)
        cached = memo[half_icons] = (decks, set_aside)
    return cached


GAME = ClassOf89()
