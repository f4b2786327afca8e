"""The eighth pass of issue 19: a teacher's class valued by the students still to come
(``teach_class``) and the coming round end's track leaders' rewards (``lead_end``), both solo
only and off by default until measured."""

from __future__ import annotations

from dataclasses import replace

import pytest
from co89_helpers import blank_book, gavel_class_round_2, put, tune_script, value_with

from homeroom.games.class_of_89 import bots
from homeroom.games.class_of_89.bots import class_prospect, round_end_leads
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.state import Co89State

Q_TOK, Q_PAIR = bots.TUNED.teach_q_tokens, bots.TUNED.teach_q_pairs


def test_a_teachers_class_is_worth_what_its_card_pays_the_students_still_to_come() -> None:
    """An empty photo but its teacher: every cell takes any initial, so 3 students to come all
    land in the class: 1 point each under Mr. Jensen (per student), 2 x 0.65 under Mr. LaPorte
    (Bookmark and Gavel), his points (a stand-in: 4 since issue 32) x 0.27 under Mr. Keane (Student
    Council pairs)."""
    keane = components().teachers["mr-keane"].scoring["points"]
    book = blank_book()
    for teacher, each in (("mr-jensen", 1.0), ("mr-laporte", 2 * Q_TOK), ("mr-keane", keane * Q_PAIR)):
        put(book, 0, teacher)
        assert class_prospect(book, 3.0, Q_TOK, Q_PAIR) == pytest.approx(3.0 * each)


def test_the_students_to_come_are_shared_by_the_alphabet_each_class_still_takes() -> None:
    """Two classes of 9 open cells each share the students half and half; a Z right after Mr.
    Jensen shuts his cells to all but Z (1/26 of the alphabet each), so Mr. LaPorte's class gets
    nearly all of them."""
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 10, "mr-laporte")
    assert class_prospect(book, 3.0, Q_TOK, Q_PAIR) == pytest.approx(3.0 * (0.5 * 1.0 + 0.5 * 2 * Q_TOK))
    put(book, 1, "brooke-z")
    jensen, laporte = 8 / 26, 9.0
    expect = 3.0 * (jensen * 1.0 + laporte * 2 * Q_TOK) / (jensen + laporte)
    assert class_prospect(book, 3.0, Q_TOK, Q_PAIR) == pytest.approx(expect)


def test_a_class_is_worth_nothing_when_no_student_can_come() -> None:
    """No student to come, or no cell that takes one (a Z after the teacher and an A at the end:
    the cells between take no initial), or no empty cell at all: 0. Never more students than the
    open cells can take (2 cells between two Ys, open to Y only: 2/26 of a student)."""
    book = blank_book()
    put(book, 0, "mr-jensen")
    assert class_prospect(book, 0.0, Q_TOK, Q_PAIR) == 0.0
    put(book, 1, "brooke-z")
    put(book, 19, "amy-a")
    assert class_prospect(book, 5.0, Q_TOK, Q_PAIR) == 0.0
    book = blank_book()
    put(book, 0, "mr-jensen")
    put(book, 1, "heather-y")
    for slot, card in zip(range(4, 20), ["stacy-y"] * 16):
        book.photo[slot] = card          # (a test photo: the same card in many cells)
    assert class_prospect(book, 5.0, Q_TOK, Q_PAIR) == pytest.approx(2 / 26)
    for slot in (2, 3):
        book.photo[slot] = "todd-y"
    assert class_prospect(book, 5.0, Q_TOK, Q_PAIR) == 0.0


def test_the_evaluation_adds_the_class_prospect_by_the_players_turns_left() -> None:
    """Round 2 of a Normal game, 9 own turns left: with ``teach_class`` the value rises by the
    prospect of 0.6 x 9 students in Mrs. Ellison's class (Bookmark and Paint); after the player's
    last turn by nothing."""
    state = gavel_class_round_2()
    on = replace(bots.TUNED, teach_class=1.0)
    book = state.books[0]
    left = bots.turns_left(state, 0)
    assert left == 9
    expect = class_prospect(book, on.teach_rate * left, on.teach_q_tokens, on.teach_q_pairs)
    assert expect > 3.0
    assert value_with(state, on) - value_with(state, bots.TUNED) == pytest.approx(expect)
    state.round = 4
    book.used = ["editor", "designer", "photographer"]
    assert bots.turns_left(state, 0) == 0
    assert value_with(state, on) == pytest.approx(value_with(state, bots.TUNED))


def test_the_coming_round_end_pays_the_leaders_and_nothing_on_a_tie() -> None:
    """The player leads Student Council and Athletics (its reward, 1 each), Ed leads Pep Squad and
    Fine Arts (his token, 0.5 each off the player's margin), Quiz Bowl is tied (no reward) and
    nobody is on Honor Society: +1.0."""
    state = gavel_class_round_2()
    me, ed = state.books[0].tracks, state.books[1].tracks
    for club, mine, eds in (("council", 2, 0), ("quiz", 1, 1), ("pep", 0, 1), ("arts", 0, 1),
                            ("athletics", 3, 1), ("honor", 0, 0)):
        me[club], ed[club] = mine, eds
    on = replace(bots.TUNED, lead_end=1.0)
    assert round_end_leads(state, on) == pytest.approx(2 * 1.0 - 2 * 0.5)
    assert value_with(state, on) - value_with(state, bots.TUNED) == pytest.approx(1.0)
    for club in me:
        ed[club] = me[club]
    assert round_end_leads(state, on) == 0.0
    assert value_with(state, on) == pytest.approx(value_with(state, bots.TUNED))


def test_eds_leaders_token_is_worth_half_the_students_of_the_teacher_column_it_goes_to() -> None:
    """Ed's photo: a teacher atop column 1 with 2 students under it, column 3 with students but no
    teacher. His token for a club whose face-up priority card is above column 1 is worth 1.0 (half
    of 2 students), above column 3 nothing; Honor Society's goes to column 1; a face-down club's is
    the mean over the face-down columns. With ``lead_ed_exact`` Ed's leads cost those, not 0.5."""
    state = gavel_class_round_2()
    ed = state.books[1]
    for s in range(20):
        ed.photo[s], ed.tokens[s] = "", []
    put(ed, 0, "mr-jensen")
    put(ed, 5, "amy-a")
    put(ed, 10, "brian-a")
    put(ed, 2, "mr-laporte")   # column 3: a teacher and no student
    put(ed, 8, "dana-g")       # column 4: a student, no teacher
    state.ed_priority = ["council", "quiz", "pep", "arts", "athletics"]
    state.ed_revealed = [True, True, True, False, False]
    assert bots.ed_token_worth(state, "council") == pytest.approx(1.0)
    assert bots.ed_token_worth(state, "pep") == 0.0
    assert bots.ed_token_worth(state, "honor") == pytest.approx(1.0)
    assert bots.ed_token_worth(state, "arts") == bots.ed_token_worth(state, "athletics") == 0.0
    state.ed_revealed = [False, True, True, False, False]
    assert bots.ed_token_worth(state, "arts") == pytest.approx(1.0 / 3)
    me, eds = state.books[0].tracks, ed.tracks
    for club in me:
        me[club], eds[club] = 0, 0
    eds["council"], eds["pep"] = 2, 2
    exact = replace(bots.TUNED, lead_end=1.0, lead_ed_exact=1.0)
    assert round_end_leads(state, exact) == pytest.approx(-(1.0 / 3 + 0.0))
    assert round_end_leads(state, replace(exact, lead_ed_exact=0.0)) == pytest.approx(-2 * 0.5)


@pytest.mark.parametrize(("seed", "steps"), [(0, 10), (7, 16), (11, 6)])
def test_the_leaders_rewards_read_only_public_facts(seed: int, steps: int) -> None:
    """Ed's face-down priority cards may be re-dealt among the face-down columns (and his decks
    too): what his token is worth by the column it truly goes to changes (so reading it would
    show), ``ed_token_worth`` and the value with the new terms on do not."""
    from co89_helpers import started

    from homeroom.engine import Rng
    from homeroom.games.class_of_89 import placement as pl

    state = started(1, seed, difficulty="normal")
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    assert not all(state.ed_revealed)

    def true_worth(st: Co89State) -> tuple[float, ...]:
        out = []
        for club in sorted(st.ed_priority):
            cells = st.books[1].photo[st.ed_priority.index(club)::pl.COLS]
            held = pl.lookup().teachers.intersection(cells)
            out.append(0.5 * (len(cells) - cells.count("") - len(held)) if held else 0.0)
        return tuple(out)

    old = bots.use_weights(replace(bots.TUNED, lead_end=1.0, lead_ed_exact=1.0, lead_odds=1.0, teach_class=1.0))
    try:
        seen = bots.values(state, 0)
        worth = [bots.ed_token_worth(state, c) for c in state.books[0].tracks]
        truths = set()
        for _ in range(8):
            other = state.determinize(0, rng)
            truths.add(true_worth(other))
            assert [bots.ed_token_worth(other, c) for c in state.books[0].tracks] == pytest.approx(worth)
            assert bots.values(other, 0) == pytest.approx(seen)
        assert len(truths) > 1
    finally:
        bots.use_weights(old)


def test_the_teachers_diagnosis_plays_the_measured_game_and_scores_eds_teachers_by_his_rule() -> None:
    """``tune_class_of_89.py teachers`` plays the game ``ed`` plays; its classes add up to the
    player's teacher points, its reading of Ed's columns gives his teacher points by the solo rule,
    and a leader's token of Ed's is counted once per track and round end he led."""
    script = tune_script()
    job = script.SoloJob(5012, "normal", "greedy:depth=0", bots.TUNED.as_dict())
    row = script.play_teachers(job)
    played = script.play_solo(job)
    assert (row["score"], row["ed"]) == (played["score"], played["ed"])
    assert sum(c["points"] for c in row["classes"]) == played["by_category"]["teachers"]
    assert script.ed_teacher_points(row["ed_columns"], row["ed_tokens"]) == played["ed_by_category"]["teachers"]
    assert len(row["leaders"]) == 4
    report = script.teachers_report([row])
    assert report["teachers_in_photo"] == len(row["classes"])
    assert report["round_end_leaders"]["ed"] == sum(len(r["ed"]) for r in row["leaders"])
    assert 0 <= report["ed_teacher_points_from_them"] <= played["ed_by_category"]["teachers"]
    assert report["teacher_offered"] >= sum(report["teacher_taken_by_round"])


def test_a_lead_is_worth_the_odds_it_lasts_to_the_round_end() -> None:
    """With ``lead_odds``, Ed's steps in his turns left this round are Poisson with ``ed_climb`` a
    round: with 3 turns left (0.75 steps a track) a 2-step lead keeps its reward more often than a
    1-step one, a tie costs Ed's token if he climbs at all, and his lead stays his. With his
    members all placed the odds are the leads as they stand (``lead_end`` alone)."""
    import math

    state = gavel_class_round_2()
    me, ed = state.books[0].tracks, state.books[1].tracks
    for club in me:
        me[club], ed[club] = 0, 0
    on = replace(bots.TUNED, lead_end=1.0)
    odds = replace(on, lead_odds=1.0)
    rate = odds.ed_climb
    state.books[1].used = []
    assert bots.poisson_at_most(0, rate) == pytest.approx(math.exp(-rate))
    assert bots.poisson_at_most(-1, rate) == 0.0
    tie = -odds.lead_ed * (1 - math.exp(-rate))
    assert round_end_leads(state, odds) == pytest.approx(6 * tie)
    me["council"] = 1
    one = round_end_leads(state, odds) - 5 * tie
    me["council"] = 2
    two = round_end_leads(state, odds) - 5 * tie
    at_most = [bots.poisson_at_most(k, rate) for k in range(3)]
    assert at_most[1] == pytest.approx(math.exp(-rate) * (1 + rate))
    assert one == pytest.approx(odds.lead_mine * at_most[0] - odds.lead_ed * (1 - at_most[1]))
    assert two == pytest.approx(odds.lead_mine * at_most[1] - odds.lead_ed * (1 - at_most[2]))
    assert 0 < one < two < odds.lead_mine
    ed["quiz"] = 1
    assert round_end_leads(state, odds) == pytest.approx(two + 4 * tie - odds.lead_ed)
    state.books[1].used = ["editor", "designer", "photographer"]
    assert round_end_leads(state, odds) == pytest.approx(round_end_leads(state, on)) == pytest.approx(1.0 - 0.5)
