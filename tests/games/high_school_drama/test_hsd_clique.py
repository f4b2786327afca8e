"""Property tests of the clique: the breakup chain removes exactly the branch cut off."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st_

from homeroom.games.high_school_drama.clique import Clique, Placement, bonds_in_play, cut_loose


@st_.composite
def trees(draw: st_.DrawFn) -> Clique:
    """A clique as a random tree: each new card joins one earlier card (positions irrelevant)."""
    n = draw(st_.integers(1, 12))
    clique: Clique = {"c0": Placement(0, 0, None, 0)}
    for i in range(1, n):
        parent = f"c{draw(st_.integers(0, i - 1))}"
        clique[f"c{i}"] = Placement(i, 0, parent, draw(st_.integers(1, 6)))
    return clique


def _descendants(clique: Clique, root: str) -> set[str]:
    out = {root}
    changed = True
    while changed:
        changed = False
        for cid, p in clique.items():
            if p.parent in out and cid not in out:
                out.add(cid)
                changed = True
    return out


@given(trees(), st_.data())
def test_breaking_a_relationship_removes_exactly_its_branch(clique: Clique, data: st_.DataObject) -> None:
    if len(clique) == 1:
        assert cut_loose(clique) == []
        return
    victim = data.draw(st_.sampled_from(sorted(c for c in clique if clique[c].parent is not None)))
    expected = _descendants(clique, victim)
    before = dict(clique)
    clique[victim].bonds = 0
    gone = cut_loose(clique)
    assert set(gone) == expected
    assert set(clique) == set(before) - expected
    assert "c0" in clique  # the main student stays
    # nothing left behind is disconnected
    assert cut_loose(clique) == []
    assert bonds_in_play(clique) == sum(before[c].bonds for c in clique)


@given(trees())
def test_weakened_but_unbroken_relationships_lose_nothing(clique: Clique) -> None:
    for p in clique.values():
        if p.parent is not None:
            p.bonds = max(1, p.bonds - 1)
    assert cut_loose(clique) == []
