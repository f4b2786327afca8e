"""Phase 2: every action space, its bonus, the Sabbatical track, Secretaries and placement rules."""

from __future__ import annotations

import pytest
from as_helpers import decline_phase1, give, new, refresh, texts

from homeroom.games.academic_society.actions import (
    Bonus,
    Done,
    Gain,
    Move,
    Place,
    Sabbatical,
    Salon,
    Spend,
    TakeTreatise,
)
from homeroom.games.academic_society.state import AcademicState


def to_place(players: int = 2, seed: int = 1) -> tuple[AcademicState, int, int]:
    st = new(players, seed)
    decline_phase1(st)
    assert st.phase == 2 and st.pending[-1].kind == "place"
    a = st.to_move
    assert a is not None
    return st, a, st.order[1] if st.order[0] == a else st.order[0]


def test_workshop_and_bonus() -> None:
    st, a, _ = to_place()
    give(st, a, 4, 0, 4, 4)
    st.contribution[a] = 1
    refresh(st)
    st.apply(Place("workshop-1"))
    assert st.theories[a][1] == 2
    assert st.legal_actions() == [Bonus(), Done()]
    events = st.apply(Bonus())
    assert st.theories[a][1] == 4 and st.contribution[a] == 0
    assert "spends 1 Contribution" in texts(events)


def test_bonus_needs_contribution_and_plain_space_has_none() -> None:
    st, a, b = to_place()
    st.apply(Place("workshop-1"))  # Contribution 0: the bonus is not offered
    assert st.to_move == b and st.pending[-1].kind == "place"
    give(st, b, 4, 4, 0, 4)
    st.contribution[b] = 3
    refresh(st)
    st.apply(Place("observatory-2"))  # no star
    assert st.theories[b][2] == 2 and st.to_move == a


def test_lecture_room_and_any_bonus() -> None:
    st, a, _ = to_place()
    give(st, a, 0, 0, 0, 0)
    st.contribution[a] = 2
    refresh(st)
    st.apply(Place("lecture-room-1"))
    assert st.theories[a] == [1, 0, 0, 1]
    st.apply(Bonus())
    assert st.pending[-1].kind == "gain" and Gain((0, 0, 1, 0)) in st.legal_actions()
    st.apply(Gain((0, 0, 1, 0)))
    assert st.theories[a] == [1, 0, 1, 1] and st.contribution[a] == 1


def test_lecture_hall() -> None:
    """Spend any 3 Theories, then move along a blue arrow of your choice."""
    st, a, _ = to_place()
    st.authority[a] = [2, 3, 4, 9]
    give(st, a, 1, 1, 1, 0)
    refresh(st)
    events = st.apply(Place("lecture-hall-2"))
    assert "spends 1 Mathematics + 1 Physics + 1 Astronomy" in texts(events)  # the only way: automatic
    assert st.legal_actions() == [Move(9, 5), Move(9, 8)]
    st.apply(Move(9, 5))
    assert st.authority[a] == [2, 3, 4, 5] and st.theories[a] == [0, 0, 0, 0]


def test_column_rule_blue_move() -> None:
    """G10: the column rule also follows a blue-arrow move; in Phase 2 the returned scholar is held
    aside ("used as a scholar in Phase 2 of later rounds"), not placed again this Phase 2."""
    st, a, b = to_place()
    st.authority[a] = [2, 3, 4, 9]
    st.hand[a] = 1  # the Lecture Hall scholar is a's last one: the other two are at the Salon
    st.board["salon"] = [(a, "scholar"), (a, "scholar")]
    refresh(st)
    st.apply(Place("lecture-hall-2"))
    assert len(st.legal_actions()) == 20  # every split of 3 among four subjects held at 4
    st.apply(Spend((3, 0, 0, 0)))
    events = st.apply(Move(9, 8))  # 8 is in the Mathematics column with 4
    assert st.authority[a] == [2, 3, 8] and st.hand[a] == 0 and st.held[a] == 1
    assert "the one on cell 4 returns to hand, held aside until this Phase 2 is over" in texts(events)
    assert st.invariants() == []
    log = []
    while st.phase == 2:  # b places the rest of its hand; a never gets another turn this Phase 2
        assert st.to_move == b, st.pending[-1]
        log += st.apply(st.legal_actions()[-1])
    assert st.hand[a] == 1 and st.held[a] == 0
    assert f"{st.names[a]}'s 1 scholar held aside returns to hand for later rounds." in texts(log)


def test_lecture_hall_closed_without_blue_arrow() -> None:
    st, a, _ = to_place()
    assert not any(isinstance(x, Place) and x.space.startswith("lecture-hall") for x in st.legal_actions())
    reason = st.explain(Place("lecture-hall-1"))
    assert reason is not None and "blue arrow" in reason


def test_headquarters() -> None:
    st, a, _ = to_place()
    hand = st.hand[a]
    st.apply(Place("headquarters-2"))
    assert st.theories[a] == [3, 3, 3, 3]
    assert st.legal_actions() == [Sabbatical(s, False) for s in ("math", "physics", "astronomy", "chemistry")]
    st.apply(Sabbatical("math", False))
    assert st.sabbatical[a] == [1, 0, 0, 0] and st.hand[a] == hand - 2


def test_headquarters_needs_theories() -> None:
    st, a, _ = to_place()
    give(st, a, 4, 4, 4, 0)
    assert Place("headquarters-1") not in st.legal_actions()
    reason = st.explain(Place("headquarters-1"))
    assert reason is not None and "one Theory of each subject" in reason


@pytest.mark.usefixtures("issue17_layout")
def test_crest_requirement() -> None:
    st, a, _ = to_place()
    st.authority[a] = [1, 2, 3, 12]  # Mathematics Crest of rank 1 only
    st.sabbatical[a][0] = 1
    refresh(st)
    st.apply(Place("headquarters-1"))
    acts = st.legal_actions()
    assert Sabbatical("math", True) not in acts and Sabbatical("physics", False) in acts
    st2, a2, _ = to_place()
    st2.authority[a2] = [1, 2, 3, 8]  # rank 2
    st2.sabbatical[a2][0] = 1
    refresh(st2)
    st2.apply(Place("headquarters-1"))
    assert Sabbatical("math", True) in st2.legal_actions()


def test_secretary_not_on_sabbatical() -> None:
    st, a, _ = to_place(3, 1)
    st.hand[a] = 0
    st.sec_hand[a] = ["physics"]
    st.secretariat.remove("physics")
    refresh(st)
    assert Place("headquarters-1", "physics") not in st.legal_actions()
    st.hand[a] = 1
    refresh(st)
    assert Place("headquarters-1", "physics") in st.legal_actions()
    st.apply(Place("headquarters-1", "physics"))
    st.apply(Sabbatical("chemistry", False))
    assert st.hand[a] == 0 and st.sabbatical[a][3] == 1
    assert st.board["headquarters-1"] == [(a, "physics")]


@pytest.mark.usefixtures("issue17_layout")
def test_library_needs_sabbatical() -> None:
    st, a, _ = to_place()
    assert not any(isinstance(x, Place) and x.space.startswith("library") for x in st.legal_actions())
    st.sabbatical[a][2] = 1  # Astronomy: capacity 2
    st.tr_revealed["astronomy"] = [9, 10]
    st.tr_piles["astronomy"] = [t for t in st.tr_piles["astronomy"] if t not in (9, 10)]
    st.presentation[a][2] = [11, 12]
    refresh(st)
    st.apply(Place("library-2"))
    acts = st.legal_actions()
    assert TakeTreatise(9, "astronomy", 0, True) in acts and TakeTreatise(9, "astronomy", 1, True) in acts
    assert not any(x.subject != "astronomy" for x in acts if isinstance(x, TakeTreatise))
    st.apply(TakeTreatise(9, "astronomy", 1, True))
    assert st.presentation[a][2] == [11, 9] and 12 in st.tr_discard["astronomy"]


def test_library_bonus_takes_a_second_tile() -> None:
    st, a, _ = to_place()
    st.sabbatical[a][1] = 1  # Physics: capacity 3; mixed M/P tiles may go there
    st.contribution[a] = 1
    refresh(st)
    st.apply(Place("library-1"))
    first = [x for x in st.legal_actions() if isinstance(x, TakeTreatise)][0]
    st.apply(first)
    assert st.legal_actions() == [Bonus(), Done()]
    st.apply(Bonus())
    second = [x for x in st.legal_actions() if isinstance(x, TakeTreatise)][0]
    st.apply(second)
    assert len(st.presentation[a][1]) == 2 and st.contribution[a] == 0


def test_headquarters_bonus_treatise() -> None:
    st, a, _ = to_place()
    st.contribution[a] = 1
    refresh(st)
    st.apply(Place("headquarters-1"))
    st.apply(Sabbatical("physics", False))
    st.apply(Bonus())
    take = [x for x in st.legal_actions() if isinstance(x, TakeTreatise)]
    assert take and all(x.subject == "physics" for x in take)
    st.apply(take[0])
    assert st.presentation[a][1] == [take[0].tile]


def test_salon() -> None:
    st, a, b = to_place()
    st.apply(Place("salon"))
    assert st.legal_actions() == [Salon(True), Salon(False)]
    st.apply(Salon(True))
    st.apply(Spend((2, 0, 0, 0)))
    st.apply(Gain((0, 0, 0, 2)))
    assert st.theories[a] == [2, 4, 4, 6]
    assert Place("salon") in st.legal_actions()  # any number of pawns
    st.apply(Place("salon"))
    st.apply(Salon(False))
    assert st.influence[b] == 1 and len(st.board["salon"]) == 2


def test_occupied_space_rejected() -> None:
    st, a, b = to_place()
    st.apply(Place("workshop-2"))
    reason = st.explain(Place("workshop-2"))
    assert reason is not None and "already holds a pawn" in reason


def test_four_player_space_closed() -> None:
    st, _, _ = to_place(2)
    reason = st.explain(Place("workshop-3"))
    assert reason is not None and "4-player icon" in reason
    st4, _, _ = to_place(4)
    assert Place("workshop-3") in st4.legal_actions()


def test_pass_when_hand_empty() -> None:
    st, a, b = to_place()
    st.hand[a] = 1
    refresh(st)
    st.apply(Place("salon"))
    st.apply(Salon(False))
    assert st.to_move == b
    st.apply(Place("salon"))
    st.apply(Salon(False))
    assert st.to_move == b  # a has nothing left and passes
    st.apply(Place("salon"))
    st.apply(Salon(False))
    st.apply(Place("salon"))
    st.apply(Salon(False))
    assert st.phase >= 3 and st.hand[b] == 0


def test_sabbatical_theory_gain() -> None:
    st, a, _ = to_place()
    give(st, a, 0, 0, 0, 0)
    st.sabbatical[a][0] = 3  # Mathematics track at its rightmost space: Additional Theory gain
    st.contribution[a] = 1
    refresh(st)
    events = st.apply(Place("lecture-room-1"))
    assert st.theories[a] == [2, 0, 0, 1]
    assert "Sabbatical bonus: Mathematics" in texts(events)
    st.apply(Bonus())
    st.apply(Gain((1, 0, 0, 0)))  # an any-subject gain through a bonus: no extra
    assert st.theories[a] == [3, 0, 0, 1]


def test_gain_capped() -> None:
    st, a, _ = to_place()
    give(st, a, 6, 6, 6, 5)
    st.contribution[a] = 1
    refresh(st)
    st.apply(Place("salon"))
    st.apply(Salon(True))
    st.apply(Spend((2, 0, 0, 0)))
    # room: 2 Mathematics, 1 Chemistry
    assert set(st.legal_actions()) == {Gain((2, 0, 0, 0)), Gain((1, 0, 0, 1))}


def test_named_bonus_gain_gets_no_sabbatical_extra() -> None:
    """Additional Theory gain: main action yes, bonus action no, even when the bonus names the subject."""
    st, a, _ = to_place()
    give(st, a, 0, 0, 0, 0)
    st.sabbatical[a][1] = 3  # Physics track at its rightmost space
    st.contribution[a] = 1
    refresh(st)
    st.apply(Place("workshop-1"))
    assert st.theories[a][1] == 3  # 2 + 1 extra
    events = st.apply(Bonus())
    assert st.theories[a][1] == 5 and "Sabbatical bonus" not in texts(events)


def test_lecture_hall_bonus_any_theory() -> None:
    st, a, _ = to_place()
    st.authority[a] = [2, 3, 4, 9]
    give(st, a, 3, 0, 0, 0)
    st.contribution[a] = 2
    refresh(st)
    st.apply(Place("lecture-hall-1"))  # spends the 3 Mathematics (the only way)
    st.apply(Move(9, 5))
    assert st.legal_actions() == [Bonus(), Done()]
    st.apply(Bonus())
    assert st.pending[-1].kind == "gain" and len(st.legal_actions()) == 4
    st.apply(Gain((0, 0, 0, 1)))
    assert st.theories[a] == [0, 0, 0, 1] and st.contribution[a] == 1
