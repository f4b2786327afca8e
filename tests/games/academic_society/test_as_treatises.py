"""Phase 5: activation order, tiles placed mid-activation, and every kind of Treatise effect."""

from __future__ import annotations

import re

import pytest
from as_helpers import give, new, stage, texts

from homeroom.engine import Event
from homeroom.games.academic_society.actions import (
    Activate,
    Done,
    Gain,
    Move,
    Sabbatical,
    Spend,
    TakeTreatise,
)
from homeroom.games.academic_society.state import AcademicState


def board(players: int = 4, seed: int = 1) -> tuple[AcademicState, int]:
    st = new(players, seed)
    return st, st.order[0]


def present(st: AcademicState, seat: int, rows: dict[int, list[int]]) -> None:
    """Put tiles on the seat's presentation rows (0 Mathematics .. 3 Chemistry), out of the piles."""
    for row, tiles in rows.items():
        st.presentation[seat][row] = list(tiles)
        st.sabbatical[seat][row] = max(1, st.sabbatical[seat][row])
        for t in tiles:
            for place in (*st.tr_piles.values(), *st.tr_revealed.values()):
                if t in place:
                    place.remove(t)


def phase5(st: AcademicState, seat: int) -> list[Event]:
    """Run the seat's Phase 5 in the last round (the game ends right after it)."""
    return stage(st, 5, queue=[("p5start", seat, 0)], round=7)


def activated(events: list[Event]) -> list[int]:
    return [int(m.group(1)) for e in events for m in [re.search(r"Treatise (\d+) '[^']*'(:| takes)", e.text)] if m]


@pytest.mark.usefixtures("issue17_layout")
def test_activation_order_example() -> None:
    """Top row to bottom row, left to right: the rulebook's 1-6 (2 + 3 + 1 tiles)."""
    st, a = board()
    present(st, a, {0: [1, 2], 1: [17, 18, 19], 2: [27]})
    give(st, a, 0, 0, 0, 0)
    events = phase5(st, a)
    assert activated(events) == [1, 2, 17, 18, 19, 27]
    assert st.influence[a] == 2
    assert st.theories[a] == [3, 3, 1, 1]
    assert st.is_terminal()


def test_review_article_place_and_activation() -> None:
    """A tile placed later in the order than the one activating is activated too; earlier, not."""
    st, a = board()
    present(st, a, {0: [25], 1: []})
    st.tr_revealed["math"] = [1, 2]
    st.tr_piles["math"] = [t for t in st.tr_piles["math"] if t not in (1, 2)]
    phase5(st, a)
    acts = st.legal_actions()
    assert TakeTreatise(1, "math", 1) in acts and Done() in acts
    assert not any(isinstance(x, TakeTreatise) and x.tile not in (1, 2) and "math" not in
                   st.tr_revealed for x in acts)
    events = st.apply(TakeTreatise(1, "math", 1))
    assert st.presentation[a][0] == [25, 1]
    assert 1 in activated(events) and st.influence[a] == 1

    st2, b = board()
    present(st2, b, {0: [], 1: [26]})
    st2.tr_revealed["math"] = [1, 2]
    st2.tr_piles["math"] = [t for t in st2.tr_piles["math"] if t not in (1, 2)]
    phase5(st2, b)
    events = st2.apply(TakeTreatise(2, "math", 0))  # earlier in the order: not activated
    assert st2.presentation[b][0] == [2] and st2.influence[b] == 0 and 2 not in activated(events)


def test_review_article_may_be_declined() -> None:
    st, a = board()
    present(st, a, {0: [25], 1: []})
    phase5(st, a)
    if st.pending:
        st.apply(Done())
    assert st.presentation[a][0] == [25] and st.is_terminal()


def test_effect_spend_optional() -> None:
    st, a = board()
    present(st, a, {0: [3]})  # spend 2 Mathematics: 4 Influence
    phase5(st, a)
    assert st.legal_actions() == [Activate(3), Done()]
    st.apply(Activate(3))
    assert st.theories[a][0] == 2 and st.influence[a] == 4
    st, a = board()
    present(st, a, {0: [3]})
    phase5(st, a)
    events = st.apply(Done())
    assert st.theories[a][0] == 4 and st.influence[a] == 0 and "does not activate" in texts(events)


def test_effect_unaffordable_skipped() -> None:
    st, a = board()
    present(st, a, {0: [4]})  # spend 2 Physics
    give(st, a, 4, 1, 4, 4)
    events = phase5(st, a)
    assert "cannot be activated" in texts(events) and st.is_terminal()


def test_gain_any_two() -> None:
    st, a = board()
    present(st, a, {1: [5]})
    phase5(st, a)
    assert st.pending[-1].kind == "gain" and len(st.legal_actions()) == 10
    st.apply(Gain((0, 0, 2, 0)))
    assert st.theories[a] == [4, 4, 6, 4]


def test_spend_for_blue_move() -> None:
    st, a = board()
    present(st, a, {1: [7]})  # spend 2 Mathematics: a blue-arrow move
    st.authority[a] = [2, 3, 4, 9]
    phase5(st, a)
    st.apply(Activate(7))
    assert st.legal_actions() == [Move(9, 5), Move(9, 8)]
    st.apply(Move(9, 5))
    assert st.authority[a] == [2, 3, 4, 5] and st.theories[a][0] == 2


def test_blue_move_tile_needs_blue_arrow() -> None:
    st, a = board()
    present(st, a, {1: [8]})
    events = phase5(st, a)  # all scholars on row 1: no blue arrows
    assert "no Authority scholar stands on a cell with a blue arrow" in texts(events)


def test_contribution_for_three_theories() -> None:
    st, a = board()
    present(st, a, {2: [9]})
    st.contribution[a] = 1
    phase5(st, a)
    st.apply(Activate(9))
    assert st.pending[-1].kind == "gain" and st.pending[-1].n == 3
    st.apply(Gain((1, 1, 1, 0)))
    assert st.contribution[a] == 0 and st.theories[a] == [5, 5, 5, 4]


def test_contribution_for_sabbatical_advance() -> None:
    st, a = board()
    present(st, a, {2: [11]})
    st.sabbatical[a] = [1, 0, 1, 0]
    st.contribution[a] = 2
    phase5(st, a)
    st.apply(Activate(11))
    assert st.legal_actions() == [Sabbatical("math", True), Sabbatical("astronomy", True)]
    st.apply(Sabbatical("math", True))
    assert st.sabbatical[a][0] == 2 and st.contribution[a] == 0


def test_round_flasks() -> None:
    st, a = board()
    present(st, a, {1: [5], 3: [13]})  # 5 and 13 show round-bottom flasks
    phase5(st, a)
    st.apply(Gain((2, 0, 0, 0)))  # tile 5 (any 2)
    assert st.pending[-1].kind == "gain" and st.pending[-1].n == 2
    st.apply(Gain((0, 0, 0, 2)))
    assert st.theories[a] == [6, 4, 4, 6]


def test_triangle_flasks() -> None:
    st, a = board()
    present(st, a, {3: [15, 16]})  # two triangle flasks
    phase5(st, a)
    assert st.influence[a] == 4


def test_named_gain_with_sabbatical_bonus() -> None:
    st, a = board()
    present(st, a, {0: [17]})
    st.sabbatical[a][0] = 3  # Additional Theory gain: Mathematics
    phase5(st, a)
    assert st.theories[a] == [6, 5, 4, 4]


def test_spend_one_shown_for_influence() -> None:
    st, a = board()
    present(st, a, {0: [20], 1: [24]})  # 1 Mathematics -> 2; 1 of any -> 2
    phase5(st, a)
    st.apply(Activate(20))
    st.apply(Activate(24))
    assert st.pending[-1].kind == "spend"
    st.apply(Spend((0, 0, 0, 1)))
    assert st.influence[a] == 4 and st.theories[a] == [3, 4, 4, 3]


@pytest.mark.usefixtures("issue17_layout")
def test_astro_chem_tiles() -> None:
    st, a = board()
    present(st, a, {2: [27, 30], 3: [34]})
    phase5(st, a)
    assert st.theories[a] == [4, 4, 5, 5]
    st.apply(Activate(30))
    assert st.contribution[a] == 1 and st.theories[a][2] == 4
    st.apply(Activate(34))
    st.apply(Spend((1, 0, 0, 0)))
    assert st.contribution[a] == 2


def test_review_article_astro_chem() -> None:
    st, a = board()
    present(st, a, {2: [35], 3: []})
    phase5(st, a)
    acts = [x for x in st.legal_actions() if isinstance(x, TakeTreatise)]
    assert acts and all(x.subject in ("astronomy", "chemistry") for x in acts)
    st.apply(acts[0])
    assert acts[0].tile in st.presentation[a][2] + st.presentation[a][3]


def test_each_tile_activates_once() -> None:
    st, a = board()
    present(st, a, {0: [1, 2]})
    events = phase5(st, a)
    assert activated(events) == [1, 2] and st.influence[a] == 2


def test_every_tile_takes_effect_when_affordable() -> None:
    """Each of the 36 tiles, alone on a board that can pay for it, changes the position when activated."""
    from homeroom.games.academic_society.components import components

    for tid, tile in components().treatises.items():
        st, a = board()
        present(st, a, {0: [], 1: [], 2: [], 3: []})
        row = ("math", "physics", "astronomy", "chemistry").index(tile.subjects[0])
        present(st, a, {row: [tid]})
        give(st, a, 3, 3, 3, 3)
        st.contribution[a] = 3
        st.authority[a] = [2, 3, 4, 9]
        before = (list(st.influence), [list(t) for t in st.theories], list(st.contribution),
                  [list(x) for x in st.authority], [list(x) for x in st.sabbatical],
                  [[list(r) for r in p] for p in st.presentation])
        events = phase5(st, a)
        while st.pending:
            acts = st.legal_actions()
            choice = next((x for x in acts if not isinstance(x, Done)), acts[0])
            events += st.apply(choice)
        after = (st.influence, st.theories, st.contribution, st.authority, st.sabbatical, st.presentation)
        assert after != before, f"Treatise {tid} changed nothing"
        assert f"Treatise {tid}" in texts(events), tid


def test_review_article_with_nothing_to_place_says_so() -> None:
    """G7: an effect with nothing to act on is skipped and logged."""
    st, a = board()
    present(st, a, {0: [25]})  # only the Mathematics space is open, and it has room for 1 more
    for subject in ("math", "physics"):
        st.tr_discard[subject] += st.tr_revealed[subject]
        st.tr_revealed[subject] = []
    events = phase5(st, a)
    assert "has no revealed Treatise that fits a presentation space" in texts(events)
    assert st.presentation[a][0] == [25] and st.is_terminal()
