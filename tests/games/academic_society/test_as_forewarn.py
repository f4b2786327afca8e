"""Warnings before the automatic rules (State.warnings) and choice lines that say what they would waste."""

from __future__ import annotations

from as_helpers import decline_phase1, give, new

from homeroom.games.academic_society.actions import Maintain, Place
from homeroom.games.academic_society.components import components


def texts(st, seat) -> list[str]:  # type: ignore[no-untyped-def]
    return [w["text"] for w in st.warnings(seat)]


def test_lowest_contribution_is_warned_before_phase_4_with_the_tie() -> None:
    st = new(3, 1)
    a, b, c = st.order
    st.contribution[a], st.contribution[b], st.contribution[c] = 2, 2, 4
    warned = st.warnings(a)
    lowest = [w for w in warned if "lowest on Contribution" in w["text"]]
    assert len(lowest) == 1
    assert "back to START" in lowest[0]["text"] and "red arrow" in lowest[0]["text"]
    assert st.names[b] in lowest[0]["text"] and "tie" in lowest[0]["text"]
    assert lowest[0]["section"] == "Phase 4: Effects of Contribution"
    assert not any("lowest" in t for t in texts(st, c))
    assert st.warnings(None) == []  # a spectator is warned of nothing


def test_lowest_on_start_says_the_marker_stays() -> None:
    st = new(2, 1)
    a, b = st.order
    st.contribution[a], st.contribution[b] = 0, 3
    assert any("stays on START" in t for t in texts(st, a))
    assert not any("lowest" in t for t in texts(st, b))


def test_the_warning_goes_once_the_penalty_ran() -> None:
    st = new(2, 1)
    a, b = st.order
    st.contribution[a], st.contribution[b] = 1, 3
    st.phase, st.queue = 4, [("p4penalty", a, 0)]
    assert any("lowest" in t for t in texts(st, a))  # Phase 4, the penalty still to come
    st.queue = []
    assert not any("lowest" in t for t in texts(st, a))  # it ran
    st.phase = 5
    assert not any("lowest" in t for t in texts(st, a))


def test_scholars_that_cannot_all_be_kept_are_warned() -> None:
    st = new(2, 1)
    a, _ = st.order
    decline_phase1(st)
    cells = [c for c in sorted(st.authority[a]) if c != components().sink]
    assert cells, "a seat starts with Authority scholars"
    give(st, a)  # no Theories at all
    warned = [w for w in st.warnings(a) if w["section"] == "Phase 3: Maintaining Authority"]
    assert len(warned) == 1 and "laid down" in warned[0]["text"] and "short of" in warned[0]["text"]
    give(st, a, 6, 6, 6, 6)
    assert not [w for w in st.warnings(a) if w["section"] == "Phase 3: Maintaining Authority"]


def test_full_theories_are_warned_and_a_gain_space_says_what_it_wastes() -> None:
    st = new(2, 1)
    decline_phase1(st)
    a = st.to_move
    assert a is not None and st.pending[-1].kind == "place"
    give(st, a, 1, 6, 1, 1)
    assert any("Physics Theories are at the maximum of 6" in t for t in texts(st, a))
    line = st.describe_action(Place("workshop-1"))  # gains 2 Physics
    assert line.endswith("(2 over the maximum of 6 would be lost)"), line
    give(st, a, 1, 5, 1, 1)
    assert "lost" not in st.describe_action(Place("observatory-1"))
    assert "(1 over the maximum of 6 would be lost)" in st.describe_action(Place("workshop-1"))


def test_keep_all_is_offered_when_every_keep_is_affordable_and_counts_them() -> None:
    from as_helpers import begin

    st = new(2, 1)
    for seat in range(2):
        give(st, seat, 6, 6, 6, 6)
    begin(st, 3)
    seat = st.to_move
    assert seat is not None and st.pending[-1].kind == "maintain"
    offered = st.batches(seat)
    assert len(offered) == 1 and offered[0]["action"] == {"type": "Maintain", "keep": True}
    assert st.batches(1 - seat) == []  # only for the seat to move
    # the set's count is exactly the keeps this seat decides in this Phase 3
    kept = 0
    while st.phase == 3 and st.pending:
        mover = st.to_move
        keep = next(a for a in st.legal_actions() if isinstance(a, Maintain) and a.keep)
        kept += mover == seat
        st.apply(keep)
    assert kept == offered[0]["count"] >= 2


def test_keep_all_is_not_offered_when_the_theories_do_not_cover_all() -> None:
    from as_helpers import begin

    st = new(2, 1)
    give(st, 0, 1, 1, 0, 1)  # one subject short of keeping all four
    give(st, 1, 1, 1, 0, 1)
    begin(st, 3)
    seat = st.to_move
    assert seat is not None
    assert st.batches(seat) == []
