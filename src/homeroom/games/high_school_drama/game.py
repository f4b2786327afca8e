"""The High School Drama game: its metadata, options, setup and data check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from homeroom.engine import Game, GameInfo, OptionError, OptionSpec, Rng, State, Variant, first_player_option
from homeroom.engine.datasets import DataSet
from homeroom.games.high_school_drama import constants
from homeroom.games.high_school_drama.actions import ACTION_TYPES
from homeroom.games.high_school_drama.bots import BOTS
from homeroom.games.high_school_drama.components import DRAMA_KINDS, check, load
from homeroom.games.high_school_drama.main_student import RULEBOOK_WAY, first_picker
from homeroom.games.high_school_drama.state import HSDState
from homeroom.games.high_school_drama.transfer import TRANSFER_CHOICES, transfer_term
from homeroom.games.high_school_drama.view import render


class HighSchoolDrama(Game):
    bots = BOTS
    info = GameInfo(
        id="high-school-drama",
        name="High School Drama! Varsity Edition",
        min_players=2,
        max_players=5,
        options=(
            OptionSpec("travel", False, "Travel HSD: signatures are bond markers moved from your supply "
                       "into the travel case", label="Travel HSD (signatures are bond markers in the travel case)"),
            OptionSpec("transfer_student", "none", "Transfer Student Bonus: the last seat joins at the start "
                       "of this semester (e.g. sophomore-fall) with 2 signatures per semester missed",
                       choices=TRANSFER_CHOICES, players=(3, 4, 5), label="Transfer Student Bonus",
                       value_labels=(("none", "No transfer student"),) + tuple(
                           (c, f"The last seat transfers in at {c.replace('-', ' ')}") for c in TRANSFER_CHOICES[1:])),
            OptionSpec("summer_school", False, "Summer School: summer is played too (16 semesters), "
                       "standouts after it", label="Summer School (summer semesters are played too)"),
            OptionSpec("public_draft", False, "Public School Draft: shared face-up drama stacks",
                       label="Public School Draft (shared face-up drama stacks)"),
            OptionSpec("early_graduation", False, "Graduate after junior year's summer (shorter game)",
                       label="Graduate early, after junior year's summer (shorter game)"),
            first_player_option(RULEBOOK_WAY, 5),
        ),
        variants=(
            Variant("short", "Graduate early, after junior year", {"early_graduation": True}),
            Variant("travel", "Travel HSD scoring", {"travel": True}),
            Variant("summer-school", "Play summer semesters too", {"summer_school": True}),
            Variant("original-draft", "Public School Draft, as in the original HSD", {"public_draft": True}),
        ),
        constants=constants.CONSTANTS,
        max_decisions=40_000,
        test_option_sets=(
            {},
            {"travel": True, "public_draft": True},
            {"summer_school": True},
            {"early_graduation": True},
            {"early_graduation": True, "transfer_student": "sophomore-fall"},
            {"transfer_student": "junior-summer", "summer_school": True, "public_draft": True, "travel": True},
        ),
        summary="Build the best clique through four years of high school: hookups, bonds, breakups, "
                "special events and student standouts earn yearbook signatures.",
        rulebook="high_school_drama.txt",
    )
    action_types = ACTION_TYPES

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        value = options["transfer_student"]
        if value == "none":
            return
        if options.get("first_player") == players:
            raise OptionError(f"first_player: seat {players} is the transfer student, who joins later; "
                              "choose another seat to pick first")
        year, season = value.split("-")
        if season == "summer" and not options["summer_school"]:
            raise OptionError("a transfer student can join in summer only with summer_school: "
                              "summer is not a semester of play otherwise")
        if year == "senior" and options["early_graduation"]:
            raise OptionError("with early_graduation there is no senior year for the transfer student to join")

    def setup(self, players: int, seed: int, options: dict[str, Any], names: list[str]) -> State:
        comps = load()
        rng = Rng(seed)
        enrolled = [True] * players
        if transfer_term(options) is not None:
            enrolled[-1] = False
        n0 = sum(enrolled)
        students = list(comps.students)
        orgs = list(comps.organizations)
        rng.shuffle(students)
        rng.shuffle(orgs)
        quad = [students.pop() for _ in range(constants.QUAD_SETUP * n0)]
        quad += [orgs.pop() for _ in range(constants.QUAD_SETUP * n0)]
        piles = {k: [d for d in comps.drama if comps.drama[d].kind == k] for k in DRAMA_KINDS}
        for pile in piles.values():
            rng.shuffle(pile)
        drama_of = [[piles[k].pop() for k in DRAMA_KINDS] for _ in range(players)]
        box = [d for k in DRAMA_KINDS for d in piles[k]]
        public = bool(options["public_draft"])
        reserve: list[list[str]] = [[] for _ in range(players)]
        stacks: dict[str, list[str]] = {k: [] for k in DRAMA_KINDS}
        for s in range(players):
            if not enrolled[s]:
                box.extend(drama_of[s])
            elif public:
                for d in drama_of[s]:
                    stacks[comps.drama[d].kind].append(d)
            else:
                reserve[s] = list(drama_of[s])
        events = list(comps.events)
        rng.shuffle(events)
        first = first_picker(options)
        supply = constants.MARKERS - (0 if options["travel"] else constants.TRACKER)
        return HSDState(
            players, seed, options, names, rng,
            enrolled=enrolled, phase="pick",
            queue=[s for s in ((first + i) % players for i in range(players)) if enrolled[s]],
            quad=quad, student_deck=students, org_deck=orgs, event_deck=events, event_discard=[],
            hands=[[] for _ in range(players)], drama_of=drama_of, reserve=reserve,
            stacks=stacks if public else {}, box=box, cliques=[{} for _ in range(players)],
            supply=[supply] * players, signatures=[{} for _ in range(players)],
            shown=[[] for _ in range(players)],
        )

    def state_from_json(self, text: str) -> State:
        return HSDState.from_json(text)

    def check_data(self, directory: Path | DataSet | None = None) -> list[str]:
        return check(directory)

    def render(self, state: State, viewer: int | None) -> Any:
        assert isinstance(state, HSDState)
        return render(state, viewer)


GAME = HighSchoolDrama()
