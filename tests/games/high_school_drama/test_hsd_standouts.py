"""Student standouts (rulebook: Summer Semester, Student Standouts), each with ties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st_

from homeroom.games.high_school_drama.clique import Clique, Placement
from homeroom.games.high_school_drama.components import load
from homeroom.games.high_school_drama.school_year import run_summer
from homeroom.games.high_school_drama.standouts import STANDOUTS, standout_value, standout_winners

CARDS = load().cards


def clique(main: str, *joined: tuple[str, str, int]) -> Clique:
    """A clique from (card, parent, bonds) rows; positions do not matter for standouts."""
    out: Clique = {main: Placement(0, 0, None, 0)}
    for i, (card, parent, bonds) in enumerate(joined, start=1):
        out[card] = Placement(i, 0, parent, bonds)
    return out


def test_most_athletic_counts_bonds_to_jock_organizations_and_dual_types() -> None:
    a = clique("quarterback", ("soccer", "quarterback", 2), ("varsity-football", "quarterback", 2))
    b = clique("poet", ("track-team", "poet", 3), ("tennis-star", "poet", 5))  # a jock student: no
    assert standout_value("Most Athletic", a, CARDS) == 4
    assert standout_value("Most Athletic", b, CARDS) == 3
    assert standout_winners("Most Athletic", {0: a, 1: b}, CARDS) == ([0], 4)
    # Varsity Football is jock/popular: its bonds count for Most Popular too
    assert standout_value("Most Popular", a, CARDS) == 2


def test_most_athletic_tie() -> None:
    a = clique("quarterback", ("soccer", "quarterback", 3))
    b = clique("poet", ("track-team", "poet", 3))
    c = clique("mathlete", ("chess-club", "mathlete", 4))
    assert standout_winners("Most Athletic", {0: a, 1: b, 2: c}, CARDS) == ([0, 1], 3)


def test_most_popular_artistic_dork_with_ties() -> None:
    a = clique("queen-bee", ("fashion-club", "queen-bee", 2), ("drama-club", "queen-bee", 1))
    b = clique("goth-girl", ("art-club", "goth-girl", 1), ("garage-band", "goth-girl", 1),
               ("student-council", "goth-girl", 2))
    cliques = {0: a, 1: b}
    assert standout_winners("Most Popular", cliques, CARDS) == ([0, 1], 2)
    assert standout_winners("Most Artistic", cliques, CARDS) == ([1], 2)
    # Garage Band is artsy/geek: it counts for Biggest Dork as well
    assert standout_winners("Biggest Dork", cliques, CARDS) == ([1], 1)


def test_biggest_dork_tie_and_nobody_without_bonds() -> None:
    a = clique("mathlete", ("chess-club", "mathlete", 2))
    b = clique("hacker", ("anime-club", "hacker", 1), ("math-team", "hacker", 1))
    assert standout_winners("Biggest Dork", {0: a, 1: b}, CARDS) == ([0, 1], 2)
    # nobody has a jock organization: nobody is Most Athletic
    assert standout_winners("Most Athletic", {0: a, 1: b}, CARDS) == ([], 0)


def test_cutest_couple_strongest_student_bond_and_tie() -> None:
    a = clique("dumb-blonde", ("tennis-star", "dumb-blonde", 4), ("soccer", "dumb-blonde", 5))
    b = clique("poet", ("goth-girl", "poet", 4))
    c = clique("hacker", ("choir", "hacker", 6))  # organizations are no couple
    cliques = {0: a, 1: b, 2: c}
    assert standout_value("Cutest Couple", a, CARDS) == 4
    assert standout_winners("Cutest Couple", cliques, CARDS) == ([0, 1], 4)
    b["goth-girl"].bonds = 5
    assert standout_winners("Cutest Couple", cliques, CARDS) == ([1], 5)


def test_biggest_flirt_counts_students_including_the_main_one() -> None:
    a = clique("dumb-blonde", ("tennis-star", "dumb-blonde", 1), ("man-candy", "dumb-blonde", 1))
    b = clique("poet", ("goth-girl", "poet", 1), ("choir", "poet", 1))
    c = clique("hacker", ("wrestler", "hacker", 1), ("gym-rat", "hacker", 1))
    assert standout_value("Biggest Flirt", b, CARDS) == 2
    assert standout_winners("Biggest Flirt", {0: a, 1: b, 2: c}, CARDS) == ([0, 2], 3)
    # everyone has a main student, so with equal cliques everyone ties
    lone = {s: clique(m) for s, m in enumerate(["poet", "hacker", "queen-bee"])}
    assert standout_winners("Biggest Flirt", lone, CARDS) == ([0, 1, 2], 1)


def test_most_school_spirit_and_tie() -> None:
    a = clique("quarterback", ("soccer", "quarterback", 1), ("choir", "quarterback", 1))
    b = clique("poet", ("art-club", "poet", 1), ("chess-club", "poet", 1))
    c = clique("hacker", ("anime-club", "hacker", 1))
    assert standout_winners("Most School Spirit", {0: a, 1: b, 2: c}, CARDS) == ([0, 1], 2)
    assert standout_winners("Most School Spirit", {0: a, 2: c}, CARDS) == ([0], 2)


ORGS = load().organizations
STUDENTS = load().students


@given(st_.lists(st_.lists(st_.tuples(st_.sampled_from(ORGS), st_.integers(1, 8)), max_size=5,
                           unique_by=lambda t: t[0]), min_size=2, max_size=5))
def test_every_standout_goes_to_exactly_the_tied_best(rows: list[list[tuple[str, int]]]) -> None:
    cliques = {}
    for seat, joined in enumerate(rows):
        main = STUDENTS[seat]
        cliques[seat] = clique(main, *((org, main, bonds) for org, bonds in joined))
    for name, _ in STANDOUTS:
        winners, best = standout_winners(name, cliques, CARDS)
        values = {s: standout_value(name, c, CARDS) for s, c in cliques.items()}
        if best == 0:
            assert winners == [] and max(values.values()) == 0
        else:
            assert winners == [s for s, v in values.items() if v == max(values.values())]


def test_summer_awards_standouts_as_signatures() -> None:
    from hsd_helpers import new, set_clique, set_quad

    st = new(2)
    set_clique(st, 0, [("quarterback", 0, 0, None, 0), ("soccer", 1, 0, "quarterback", 2),
                       ("tennis-star", 0, 1, "quarterback", 3)])
    set_clique(st, 1, [("poet", 0, 0, None, 0), ("hipster", 1, 0, "poet", 3)])
    set_quad(st, ["choir"])
    st.season = 2
    st.step = 1
    st.queue = []
    st.phase = "act"
    run_summer(st, [])
    # 0: Most Athletic (2), Cutest Couple tie (3), Biggest Flirt tie (2), School Spirit (1)
    # 1: Cutest Couple tie, Biggest Flirt tie
    assert st.signatures[0]["standouts"] == 4
    assert st.signatures[1]["standouts"] == 2
    assert st.quad == [] and st.student_deck[0] != "choir" and st.org_deck[0] == "choir"  # flunked out
