"""Warnings before the end of a round (State.warnings): a tied club lead gives nobody the reward,
and Winter Break wipes the school."""

from __future__ import annotations

from homeroom import games
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.state import Co89State


def fresh(players: int = 2, seed: int = 1) -> Co89State:
    st = games.get("class-of-89").new_state(players, seed, {}, names=["Ana", "Ben", "Cy"][:players])
    assert isinstance(st, Co89State)
    return st


def test_a_tied_lead_is_warned_to_both_leaders_only() -> None:
    st = fresh(3)
    st.phase = "place"
    for b in st.books:
        b.tracks["quiz"] = 0
    st.books[0].tracks["quiz"] = 2
    st.books[1].tracks["quiz"] = 2
    st.books[2].tracks["quiz"] = 1
    quiz = components().club_name("quiz")
    for seat in (0, 1):
        texts = [w["text"] for w in st.warnings(seat) if w["section"] == "End of Round"]
        assert any(f"share the lead on {quiz}" in t and "nobody" in t for t in texts), texts
    assert not any("share the lead" in w["text"] for w in st.warnings(2))
    assert st.warnings(None) == []
    st.books[1].tracks["quiz"] = 1  # a lead alone: no warning
    assert not any("share the lead" in w["text"] for w in st.warnings(0))


def test_winter_break_is_warned_in_its_round_only() -> None:
    st = fresh(2)
    st.phase = "place"
    st.round = int(components().board["winter_break_round"])
    assert any("Winter Break" in w["text"] for w in st.warnings(0))
    st.round = 1
    assert not any("Winter Break" in w["text"] for w in st.warnings(0))
