"""The Class of '89 evaluation plans toward the club objectives (issue 19) and reads only what
the seat may see."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from co89_helpers import TOKEN, blank_book, gavel_class_round_2, put, started, take_out

from homeroom.agents import make_agent
from homeroom.engine import Rng
from homeroom.games.class_of_89 import bots, solo_terms
from homeroom.games.class_of_89.actions import PutToken
from homeroom.games.class_of_89.bots import Weights, chance, plan, values
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import Pending
from homeroom.games.class_of_89.shortfall import shortfall
from homeroom.games.class_of_89.state import Co89State

ROOT = Path(__file__).resolve().parents[3]


def _with_students(state: Co89State, cards: list[tuple[int, str, str]]) -> None:
    """Put students (slot, card, token letters) into seat 0's yearbook, taken from the game."""
    for slot, card, tokens in cards:
        take_out(state, card)
        put(state.books[0], slot, card, tokens)


def _star_decision(players: int, difficulty: str = "easy", stars: str = "SS") -> Co89State:
    """Seat 0 owes a Star token's placement; Tony A holds ``stars`` (two: one short of Team
    Captains' MIN, a student with 3+ Stars), Derek B none; no other student holds a Star."""
    opts = {"difficulty": difficulty} if players == 1 else {}
    state = started(players, 11, **opts)
    state.objectives = ["team-captains" if o == "team-captains" else o for o in state.objectives]
    assert "team-captains" in state.objectives
    _with_students(state, [(1, "tony-a", stars), (2, "derek-b", "")])
    state.pending.insert(0, Pending("token", 0, token="star"))
    return state


@pytest.mark.parametrize(("players", "difficulty"), [(1, "easy"), (1, "normal"), (1, "hard"), (2, "")])
def test_greedy_places_the_token_that_secures_an_objectives_min(players: int, difficulty: str) -> None:
    state = _star_decision(players, difficulty or "easy")
    legal = state.legal_actions()
    secure = PutToken("star", 1, "tony-a")
    assert secure in legal and len(legal) > 2
    assert make_agent("greedy", 3).choose(state, 0) == secure


def test_a_step_toward_min_is_taken_where_the_old_evaluation_saw_nothing() -> None:
    """Two Stars short of Team Captains: the planning evaluation puts the Star on Tony A (one short
    now); the evaluation from before it only saw points already scored, kept the token in storage
    (worth more to it than a token on a student) and missed the objective."""
    state = _star_decision(1, "easy", stars="S")
    toward = PutToken("star", 1, "tony-a")
    assert make_agent("greedy", 3).choose(state, 0) == toward
    old = bots.use_weights(None)
    try:
        assert make_agent("greedy", 3).choose(state, 0) != toward
    finally:
        bots.use_weights(old)


def test_securing_min_is_worth_the_solo_swing() -> None:
    """Meeting an Easy MIN moves 14 points to the player and 8 from Ed: the evaluation's margin
    rises by most of the 22 (the rest was already expected as a likely success). With
    ``pot_pending`` (seventh pass) the token still to put is already worth its best place."""
    state = _star_decision(1, "easy")
    old = bots.use_weights(replace(bots.TUNED, pot_pending=0.0))
    try:
        before = values(state, 0)[0]
    finally:
        bots.use_weights(old)
    after = state.clone()
    after.apply(PutToken("star", 1, "tony-a"))
    elsewhere = state.clone()
    elsewhere.apply(PutToken("star", 2, "derek-b"))
    assert values(after, 0)[0] - values(elsewhere, 0)[0] > 4.0
    assert values(after, 0)[0] > before
    assert values(state, 0)[0] == pytest.approx(values(after, 0)[0])


def test_shortfall_counts_tokens_and_students() -> None:
    comp = components()
    book = blank_book()
    put(book, 0, "mr-pruitt")
    put(book, 1, "amy-a", "KK")
    put(book, 2, "carla-b", "K")
    row = comp.objectives["study-group"].measure            # Bookmarks in one row, MIN 5
    assert shortfall(book, row, 5) == (2, 0)                 # room for 5 more on the two students
    assert shortfall(book, row, 8) == (5, 0)
    assert shortfall(book, row, 9) == (6, 1)                 # beyond their room: another student
    assert shortfall(book, row, 12) == (9, 1)
    assert shortfall(book, row, 99)[1] >= 10**9               # a row holds no more than 4 students
    captains = comp.objectives["team-captains"].measure      # students with 3+ Stars
    assert shortfall(book, captains, 1) == (3, 0)
    book.tokens[2] = [TOKEN[t] for t in "SSK"]
    assert shortfall(book, captains, 1) == (1, 0)
    assert shortfall(book, captains, 2) == (4, 1)            # Amy has room for two Stars only
    full = comp.objectives["perfect-attendance"].measure     # classes of 4+ with no gaps
    assert shortfall(book, full, 1) == (0, 2)


def test_the_plan_finishes_the_cheap_objectives_first() -> None:
    w = Weights(share=1.0, curve=1.0)
    odds = plan([4.0, 1.0, 0.0, float(10**9)], 6.0, w)
    assert odds[2] == 1.0 and odds[3] == 0.0
    assert odds[1] == pytest.approx(chance(1.0, 6.0, 1.0))
    assert odds[0] == pytest.approx(chance(5.0, 6.0, 1.0)) and odds[0] < odds[1]


def _solo_midgame(difficulty: str, seed: int, steps: int) -> Co89State:
    state = started(1, seed, difficulty=difficulty)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
@pytest.mark.parametrize("steps", [30, 120])
def test_solo_evaluation_reads_only_what_the_player_may_see(difficulty: str, steps: int) -> None:
    """Re-dealing Ed's decks, his face-down priority cards and the draw decks never changes it."""
    state = _solo_midgame(difficulty, 5, steps)
    seen = values(state, 0)
    rng = Rng(9)
    for _ in range(6):
        assert values(state.determinize(0, rng), 0) == pytest.approx(seen)


def test_solo_evaluation_at_the_end_is_the_margin_over_ed() -> None:
    state = _solo_midgame("normal", 6, 100_000)
    assert state.is_terminal()
    ed = state.automa_scores()["Ed E. Tor"].total
    assert values(state, 0) == [float(state.scores()[0].total - ed)]


def test_weights_from_a_dict_name_what_is_wrong() -> None:
    assert Weights.from_dict({"rate": 2}).rate == 2.0
    with pytest.raises(ValueError, match="unknown Class of '89 evaluation weight.*bogus"):
        Weights.from_dict({"bogus": 1.0})


def test_the_tuned_weights_are_the_ones_the_tuning_run_wrote() -> None:
    """bots.TUNED is what bench/tune_class_of_89.py found (the JSON records the command); weights
    added after that run (Ed's projected climb) keep their hand-set defaults."""
    result = json.loads((ROOT / "bench" / "results" / "class_of_89_weights.json").read_text())
    assert result["command"].startswith("python bench/tune_class_of_89.py tune")
    tuned = bots.TUNED.as_dict()
    assert {k: tuned[k] for k in result["weights"]} == pytest.approx(result["weights"])
    assert {k: v for k, v in tuned.items() if k not in result["weights"]} == pytest.approx(
        {k: v for k, v in Weights().as_dict().items() if k not in result["weights"]})


@pytest.mark.parametrize("steps", [40, 100_000])
def test_eds_points_besides_objectives_match_his_scoring(steps: int) -> None:
    from homeroom.games.class_of_89.scoring import ed_score
    from homeroom.games.class_of_89.solo_terms import ed_rest

    state = _solo_midgame("hard", 8, steps)
    ed = ed_score(state)
    assert ed_rest(state) == float(ed.total - ed.breakdown["objectives"])


def _race(council: int, athletics: int, w: Weights) -> float:
    """Normal solo, round 2: the player meets AP Government's MIN (3 Gavel students in one class,
    T1 5) and has nothing toward Team Captains; Ed's pins are Student Council 2 and Athletics 6.
    The value of the player's pins ``council`` and ``athletics`` under weights ``w``."""
    state = gavel_class_round_2()
    me, ed = state.books[0], state.books[1]
    ed.tracks.update(council=2, athletics=6)
    me.tracks.update(council=council, athletics=athletics)
    old = bots.use_weights(w)
    try:
        return values(state, 0)[0]
    finally:
        bots.use_weights(old)


def test_the_evaluation_races_ed_where_an_objectives_card_hangs_on_the_track() -> None:
    """A pin above Ed's only counts at the end, and Ed keeps climbing (about 0.75 a round). With
    the player's pin one step above his on AP Government's track, a further step there (keeping the
    card at MIN against Ed's projected pin) is worth more than the same step on Athletics, where
    Ed is out of reach. Judging by Ed's pin as it stands, the card looked safe already and the two
    steps were worth the same."""
    w = bots.TUNED
    ahead = _race(4, 0, w) - _race(3, 1, w)
    assert ahead > 1.0
    static = replace(w, ed_climb=0.0, ed_climb_end=0.0)
    assert _race(4, 0, static) - _race(3, 1, static) == pytest.approx(0.0, abs=0.2)


def test_eds_points_still_to_come_shrink_with_his_turns() -> None:
    """Ed's turn adds points to his yearbook; the evaluation expects them beforehand (what a turn
    brings on average), so ending a turn is not a loss to put off."""
    assert list(solo_terms.ED_FUTURE) == sorted(solo_terms.ED_FUTURE) and solo_terms.ED_FUTURE[0] == 0.0
    state = _solo_midgame("normal", 6, 40)
    assert not state.is_terminal()
    left = solo_terms.ed_turns_left(state)
    assert 0 < left < 12
    assert solo_terms.ed_future(state, bots.TUNED) == pytest.approx(solo_terms.ED_FUTURE[left])


def test_a_high_initial_early_in_a_class_shuts_the_cells_after_it() -> None:
    """Students go in alphabetical order within a class: a U right after the teacher leaves the 18
    cells after it open to U-Z only, an A there shuts nothing, a U in the last cell shuts the
    cells before it to V-Z only."""
    book = blank_book()
    put(book, 0, "mr-pruitt")
    assert bots.shut(book) == 0.0
    put(book, 1, "holly-u")
    early = bots.shut(book)
    assert early == pytest.approx(18 * (1 - 6 / 26))
    book = blank_book()
    put(book, 0, "mr-pruitt")
    put(book, 1, "tony-a")
    assert bots.shut(book) == 0.0
    book = blank_book()
    put(book, 0, "mr-pruitt")
    put(book, 19, "holly-u")
    assert bots.shut(book) == pytest.approx(18 * (1 - 21 / 26))
    put(book, 10, "mr-holt")          # a teacher starts a new class: the cells after it open again
    assert bots.shut(book) < 18 * (1 - 21 / 26)


def test_the_solo_only_terms_leave_the_multiplayer_evaluation_alone() -> None:
    """The alphabet shut, a placed member's unused ability, crowding and Ed's terms are solo
    terms: with 2 players the evaluation is the one BOTS.md's duel measured, whatever they weigh."""
    two = started(2, 6)
    rng = Rng(6)
    for _ in range(60):
        two.apply(rng.choice(two.legal_actions()))
    assert not two.is_terminal()
    book = two.books[0]
    assert bots.shut(book) > 0.0
    base = bots.use_weights(replace(bots.TUNED, flex=0.0, pot_editor=0.0, pot_designer=0.0,
                                    pot_photo=0.0, crowd=0.0, ed_future=0.0, teach=0.0, pot_exact=0.0,
                                    pot_designer_exact=0.0, pot_pending=0.0))
    try:
        plain = values(two, 0)
        bots.use_weights(replace(bots.TUNED, teach=2.0, prod=3.0, turn_clock=1.0,
                                        sig_buy=1.5, pot_main=1.0, ed_round=1.0, ed_climb_honor=0.2,
                                        ed_climb_top=1.5, pot_designer_exact=1.0,
                                        pot_photo_exact=1.0, pot_pending=1.0, teach_class=1.0,
                                        lead_end=1.0, lead_ed_exact=1.0, lead_odds=1.0,
                                        reach_fade=1.0))   # solo terms off by default
        loud = values(two, 0)
    finally:
        bots.use_weights(base)
    assert values(two, 0) == plain == loud
