"""Warnings before what hits a clique (State.warnings): relationships a rival's student is cruel
enough to break up, and the summer after the year's last semester."""

from __future__ import annotations

import random

from homeroom import games
from homeroom.games.high_school_drama.state import HSDState


def playout_positions(seed: int, steps: int = 300) -> list[HSDState]:
    st = games.get("high-school-drama").new_state(2, seed, {}, names=["Ana", "Ben"])
    assert isinstance(st, HSDState)
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if st.is_terminal():
            break
        out.append(st.clone())
        st.apply(rng.choice(st.legal_actions()))
    return out


def test_weak_relationships_are_warned_exactly_when_a_rival_is_cruel_enough() -> None:
    warned = quiet = 0
    for seed in (1, 2):
        for st in playout_positions(seed):
            if st.phase == "over":
                continue
            for seat in range(2):
                rival = 1 - seat
                cruel = max((st.cards[c].cruel for c in st.cliques[rival] if st.cards[c].is_student), default=0)
                weak = [p for p in st.cliques[seat].values() if p.parent is not None and 0 < p.bonds <= cruel]
                texts = [w["text"] for w in st.warnings(seat) if w["section"] == "Breakups"]
                assert bool(texts) == bool(weak), (texts, weak)
                if texts:
                    assert "cruel enough" in texts[0] and f"(cruel {cruel})" in texts[0]
                    warned += 1
                else:
                    quiet += 1
            assert st.warnings(None) == []
    assert warned and quiet


def test_the_last_semester_warns_of_summer() -> None:
    seen = set()
    for st in playout_positions(3, 600):
        if st.phase == "over":
            continue
        summer = any(w["section"] == "Summer Semester" for w in st.warnings(0))
        assert summer == (st.season == st.seasons_played - 1)
        seen.add(summer)
    assert seen == {True, False}
