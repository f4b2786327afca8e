"""Action lines read off the position (describe_action) and specific reasons for illegal moves (explain)."""

from __future__ import annotations

import pytest
from as_helpers import begin, decline_phase1, give, new, refresh, start_round_with

from homeroom.games.academic_society.actions import (
    Activate,
    Bonus,
    Declare,
    Done,
    Gain,
    Maintain,
    Move,
    Place,
    Sabbatical,
    Spend,
    TakeTreatise,
)
from homeroom.games.academic_society.components import components
from homeroom.games.academic_society.state import AcademicState


def to_place(players: int = 2) -> tuple[AcademicState, int]:
    st = new(players, 1)
    decline_phase1(st)
    a = st.to_move
    assert a is not None and st.pending[-1].kind == "place"
    return st, a


# ------------------------------------------------------------------ describe_action
@pytest.mark.usefixtures("issue17_layout")
def test_declare_line_shows_the_reduced_cost() -> None:
    st = new(2, 1)
    a, _ = st.order
    st.sabbatical[a][3] = 1  # Chemistry: Royal Commission cost -1
    start_round_with(st, [10])  # 1 Mathematics + 2 Chemistry
    assert st.to_move == a
    line = st.describe_action(Declare(10, True))
    assert line == "Achieve Royal Commission 10: spend 1 Mathematics + 1 Chemistry, gain 2 Contribution"


@pytest.mark.usefixtures("issue17_layout")
def test_maintain_lines_show_cost_and_destination() -> None:
    st = new(2, 1)
    a, b = st.order
    st.sabbatical[a][1] = 2  # Physics: Research Report cost -1
    give(st, b, 0, 0, 0, 0)
    begin(st, 3)
    assert st.to_move == a and st.pending[-1].n == 1
    # cell 1 costs 1 Physics, less 1 Physics
    cells = components().cells
    assert st.describe_action(Maintain(1, True)) == ("Keep your scholar on cell 1: pay nothing (Research Report cost);"
                                                     f" it keeps {cells[1].influence} Influence at game end")
    assert st.describe_action(Maintain(1, False)).endswith(  # the end Influence at stake (issue 33)
        f"red arrow to cell 5): {cells[1].influence} -> {cells[5].influence} Influence at game end")


def test_move_line_warns_of_the_column_rule() -> None:
    st, a = to_place()
    st.authority[a] = [3, 8, 9, 13]
    give(st, a, 4, 4, 4, 4)
    st.apply(Place("lecture-hall-2"))
    st.apply(Spend((1, 1, 1, 0)))
    assert st.pending[-1].kind == "blue"
    # 13 -> 12 joins the scholar on 8 in the Mathematics column: the one on 8 (smaller) returns
    assert st.describe_action(Move(13, 12)).endswith("your scholar on cell 8 then returns to hand for a later round (column rule)")
    # 9 -> 8 joins it on cell 8 itself: one of the two returns
    assert st.describe_action(Move(9, 8)).endswith("this scholar then returns to hand for a later round (column rule)")
    assert st.describe_action(Move(9, 5)) == "Move your Authority scholar from cell 9 to cell 5 (blue arrow)"
    events = st.apply(Move(13, 12))
    assert sorted(st.authority[a]) == [3, 9, 12] and "cell 8 returns to hand" in "".join(e.text for e in events)


def test_bonus_and_done_lines_name_the_bonus() -> None:
    st, a = to_place()
    st.contribution[a] = 3
    refresh(st)
    st.apply(Place("observatory-1"))
    assert st.legal_actions() == [Bonus(), Done()]
    assert st.describe_action(Bonus()) == ("Observatory bonus action: spend 1 of your 3 Contribution "
                                           "for 2 Astronomy (2 over the maximum of 6 would be lost)")
    assert st.describe_action(Done()) == "Done: skip the bonus action"


@pytest.mark.usefixtures("issue17_layout")
def test_sabbatical_line_names_the_effect() -> None:
    st, a = to_place()
    st.sabbatical[a][0] = 2
    refresh(st)
    st.apply(Place("headquarters-1"))
    line = st.describe_action(Sabbatical("math", True))
    end = components().rows[0].influence
    assert line.endswith(f"(space 3: +1 Theory gain; {end} Influence at game end)")
    far = components().rows[1]
    assert st.describe_action(Sabbatical("physics", False)).endswith(
        f"(space 1: Royal Commission cost -1; {len(far.spaces) - 1} more spaces to {far.influence} Influence at game end)")


def test_replace_line_names_the_discarded_tile() -> None:
    st, a = to_place()
    st.sabbatical[a][0] = 1
    st.presentation[a][0] = [1, 2]
    for pile in st.tr_piles.values():
        for t in (1, 2):
            if t in pile:
                pile.remove(t)
    st.tr_revealed["math"] = [t for t in st.tr_revealed["math"] if t not in (1, 2)]
    refresh(st)
    tile = st.tr_revealed["math"][0]
    line = st.describe_action(TakeTreatise(tile, "math", 1, True))
    assert line.endswith("discarding 2 'Axioms II'")


def test_activate_done_line() -> None:
    st = new(4, 1)
    a = st.order[0]
    st.presentation[a][0] = [3]
    st.sabbatical[a][0] = 1
    st.tr_piles["math"].remove(3) if 3 in st.tr_piles["math"] else st.tr_revealed["math"].remove(3)
    st.phase, st.round, st.pending, st.queue = 5, 7, [], [("p5start", a, 0)]
    refresh(st)
    from homeroom.games.academic_society import rounds

    rounds.advance(st)
    assert st.legal_actions() == [Activate(3), Done()]
    assert st.describe_action(Done()) == "Do not activate Treatise 3"


# ------------------------------------------------------------------ explain
def test_lecture_hall_reason_says_which_part_fails() -> None:
    st, a = to_place()
    give(st, a, 1, 1, 0, 0)
    reason = st.explain(Place("lecture-hall-1"))
    assert reason is not None and "costs any 3 Theories" in reason and "holds 2" in reason
    give(st, a, 4, 4, 4, 4)
    reason = st.explain(Place("lecture-hall-1"))  # every scholar on row 1: no blue arrow
    assert reason is not None and "cells 1, 2, 3, 4" in reason and "blue arrow" in reason


@pytest.mark.usefixtures("issue17_layout")
def test_headquarters_reason_names_the_crest() -> None:
    st, a = to_place()
    st.authority[a] = [9, 10, 11, 12]  # rank 1 Crests only
    st.sabbatical[a] = [1, 1, 1, 1]
    refresh(st)
    reason = st.explain(Place("headquarters-1"))
    assert reason is not None
    assert "Mathematics: space 2 needs a Mathematics Crest of rank 2 on the Authority track (rank 1 held)" in reason


def test_secretary_reason_is_capitalised() -> None:
    st, _ = to_place(3)
    reason = st.explain(Place("salon", "physics"))
    assert reason is not None and "the Physics Secretary" in reason


def test_bonus_reason_names_the_contribution() -> None:
    st2, a2 = to_place()
    st2.contribution[a2] = 1
    refresh(st2)
    st2.apply(Place("workshop-1"))
    assert st2.legal_actions() == [Bonus(), Done()]
    st2.contribution[a2] = 0
    refresh(st2)
    reason = st2.explain(Bonus())
    assert reason is not None and "costs 1 Contribution" in reason and "has 0" in reason


def test_wrong_tile_or_cell_reason() -> None:
    st = new(2, 1)
    start_round_with(st, [3])
    reason = st.explain(Declare(4, True))
    assert reason is not None and "Royal Commission 3" in reason


def test_move_reason_names_the_arrow() -> None:
    st = new(3, 2)
    st.contribution = [2, 2, 0]
    refresh(st)
    begin(st, 4)
    assert st.pending[-1].kind == "red"
    seat = st.to_move
    assert seat is not None
    reason = st.explain(Move(1, 6))
    assert reason is not None and "red arrow of cell 1 leads to 5" in reason
    reason = st.explain(Move(7, 12))
    assert reason is not None and "no scholar on cell 7" in reason


def test_treatise_reason_without_sabbatical() -> None:
    st, a = to_place()
    st.sabbatical[a][0] = 1
    refresh(st)
    st.apply(Place("library-1"))
    tile = st.tr_revealed["physics"][0]
    reason = st.explain(TakeTreatise(tile, "physics", 0))
    assert reason is not None
    assert "holds 0 tiles until a scholar is on the Physics Sabbatical track" in reason  # every Physics-back tile shows Physics


@pytest.mark.usefixtures("issue17_layout")
def test_render_marks_passed_sabbatical_spaces() -> None:
    """Sabbatical effects apply from the leftmost space up to the scholar: the view marks them all."""
    from homeroom.games.academic_society import GAME

    st = new(2, 1)
    a = st.order[0]
    st.sabbatical[a][0] = 3
    view = GAME.render(st, a)
    assert "[+RC M1][+RR M2][STG M2]" in view


def test_malformed_actions_get_reasons() -> None:
    st, a = to_place()
    st.apply(Place("headquarters-1"))
    reason = st.explain(Sabbatical("maths", False))
    assert reason is not None and "no 'maths' Sabbatical track" in reason
    reason = st.explain(TakeTreatise(999, "math", 0))
    assert reason is not None
    assert st.describe_action(Maintain(99, True))  # never raises, even for nonsense


def test_decision_names_the_section_of_its_context() -> None:
    """A Treatise chosen for a Phase 5 effect cites Phase 5, not the Library."""
    from homeroom.games.academic_society import GAME
    from homeroom.games.academic_society.model import Pending

    st = new(4, 1)
    a = st.order[0]
    st.sabbatical[a][0] = 1
    st.pending = [Pending("treatise", a, 0, "effect", ["math", "physics"])]
    refresh(st)
    assert "[Phase 5: Treatise Presentation Results]" in GAME.render(st, a)
    reason = st.explain(Gain((1, 0, 0, 0)))
    assert reason is not None and "Phase 5" in reason
