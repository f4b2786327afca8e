"""Solo rules: Ed E. Tor's turns with stacked solo decks, his selections, and solo scoring."""

from __future__ import annotations

import pytest
from co89_helpers import blank_book, new_state, put, stock, take_out

from homeroom.games.class_of_89 import GAME
from homeroom.games.class_of_89.actions import ChooseSide
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import JANITOR
from homeroom.games.class_of_89.scoring import ed_score, solo_objective_points
from homeroom.games.class_of_89.state import Co89State

COMP = components()
IDS = [lc.id for lc in COMP.locations]
OFFICE, LIBRARY, HALLWAY, AUDITORIUM, GYM = range(5)


def solo(difficulty: str = "normal", seed: int = 0) -> Co89State:
    state = new_state(1, seed, difficulty=difficulty)
    state.apply(ChooseSide("A"))  # Ed (first player) plays his first turn at once
    return state


def location_card(**members: str) -> str:
    return next(c.id for c in COMP.location_cards.values()
                if all(c.members[m] == loc for m, loc in members.items()))


def choice_card(location: str, item: str) -> str:
    return next(c.id for c in COMP.choice_cards.values() if c.items[location] == item)


def back_giving(member: str, used: list[str]) -> str:
    return next(c.id for c in COMP.choice_cards.values()
                if next(m for m in c.back if m not in used) == member)


def ready_for_ed(state: Co89State, location: str, used: list[str]) -> None:
    """Clear the mat of members and make Ed's next turn use ``location`` with ``used`` members spent."""
    for row in state.spaces:
        for i, occ in enumerate(row):
            if occ >= 0:
                row[i] = -1
    state.books[1].used = list(used)
    state.solo_location = location


def stack_choices(state: Co89State, top_first: list[str]) -> None:
    rest = [c for c in COMP.choice_cards if c not in top_first]
    state.solo_choices = rest + list(reversed(top_first))
    state.solo_choice_discard = []


def test_setup_places_ed_teacher_students_priority_and_difficulty() -> None:
    for difficulty, advanced in (("easy", 0), ("normal", 2), ("hard", 4)):
        state = new_state(1, 5, difficulty=difficulty)
        ed = state.books[1]
        assert ed.photo[0] in COMP.teachers
        assert ed.photo[6] in COMP.students and ed.photo[12] in COMP.students
        assert sorted(state.ed_priority) == ["arts", "athletics", "council", "pep", "quiz"]
        assert sum(ed.tracks.values()) == advanced
        assert all(ed.tracks[c] == 1 for c in state.ed_priority[:advanced])
        assert ed.abc_tokens == 0 and state.books[0].abc_tokens == 1
        assert state.first == 1 and ed.side in COMP.column_sides
        assert sum(1 for row in state.spaces for x in row if x == JANITOR) == 5
        assert state.books[0].signatures == 2
        assert state.game_invariants() == []
    eased = new_state(1, 5, solo_extra_abc=True)
    assert eased.books[0].abc_tokens == 2


def test_priority_cards_stay_hidden_until_a_token_lands_on_them() -> None:
    state = new_state(1, 2)
    view = state.observation(0)["solo"]
    assert view["priority"] == [None] * 5
    state._ed_token("gavel")
    col = state.ed_priority.index("council")
    assert state.observation(0)["solo"]["priority"][col] == "council"
    assert sum(p is not None for p in state.observation(0)["solo"]["priority"]) == 1


def test_determining_team_member_location_and_item_example() -> None:
    """Rulebook: Ed has used his Designer, so the next card's back gives the Editor; the Location
    card sends the Editor to the Gym (left-most free spot); the Choice card shows Staff there."""
    state = solo()
    loc = location_card(editor="gym")
    ready_for_ed(state, loc, ["designer"])
    stock(state, GYM, ["amy-a", "carla-b", "band-director", "seniors"])
    state.spaces[GYM][0] = JANITOR
    stack_choices(state, [choice_card("gym", "staff"), back_giving("editor", ["designer"])])
    ed = state.books[1]
    staff_before = list(ed.staff)
    before_arts = ed.tracks["arts"]
    before_sigs = ed.signatures
    events = state._ed_turn()
    assert "editor" in ed.used
    assert state.spaces[GYM][1] == 1 and state.space_members[GYM][1] == "editor"  # left-most available
    assert ed.tracks["athletics"] >= 1  # the Editor's action on the Gym's club
    assert ed.staff == [*staff_before, "band-director"]
    assert ed.tracks["arts"] == before_arts + 1 and ed.signatures == before_sigs == 0
    assert state.ed_tokens.get("paint", 0) >= 2  # the Band Director's Paint tokens, on his priority card
    texts = " ".join(e.text for e in events)
    assert "sends the Editor to the Gym" in texts and "Ed takes Band Director" in texts


def test_full_location_goes_right_and_skips_the_x() -> None:
    state = solo()
    # a Location card sending some member to a location whose right-hand neighbour (wrapping) is the X
    loc, member, want = next((c, m, IDS.index(target)) for c in COMP.location_cards.values()
                             for m, target in c.members.items() if IDS[(IDS.index(target) + 1) % 5] == c.x)
    ready_for_ed(state, loc.id, [])
    state.spaces[want] = [JANITOR, 0, 0]
    landing = (want + 2) % 5
    stack_choices(state, [choice_card(IDS[landing], "student"), back_giving(member, [])])
    events = state._ed_turn()
    # the wanted location is full; the next one to the right is the X, so Ed lands one further
    assert state.spaces[landing][0] == 1 or 1 in state.spaces[landing]
    assert 1 not in state.spaces[(want + 1) % 5]
    assert any("is full, so the next location to the right" in e.text for e in events)


def test_repeated_choice_reveals_until_possible() -> None:
    state = solo()
    loc = location_card(designer="hallway")
    ready_for_ed(state, loc, [])
    stock(state, HALLWAY, ["amy-a", "carla-b", "band-director", "cheerleaders"])  # no teacher
    # top first: a card showing Teacher at the Hallway (none there), a card whose back gives the
    # Designer and whose Hallway item is Teacher or Staff, then one showing Staff
    teacher = choice_card("hallway", "teacher")
    back = next(c.id for c in COMP.choice_cards.values() if c.id != teacher and c.items["hallway"] in
                ("teacher", "staff") and next(m for m in c.back) == "designer")
    staff = next(c.id for c in COMP.choice_cards.values() if c.items["hallway"] == "staff" and c.id != back)
    stack_choices(state, [teacher, back, staff])
    staff_before = list(state.books[1].staff)
    state.books[1].staff = []
    events = state._ed_turn()
    assert state.books[1].staff == ["band-director"]
    state.books[1].staff = [*staff_before, "band-director"]
    assert any("reveals another Choice card" in e.text for e in events)
    assert state.solo_choice_discard[-1] in (back, staff)


def test_choice_deck_reshuffles_when_it_runs_out() -> None:
    state = solo()
    state.solo_choice_discard = state.solo_choices + state.solo_choice_discard
    state.solo_choices = []
    card = state._reveal_choice()
    assert state.solo_choice_discard == [card]
    assert sorted(state.solo_choices + [card]) == sorted(COMP.choice_cards)


def test_fallback_when_nothing_can_be_taken() -> None:
    state = solo()
    loc = location_card(editor="auditorium")
    ready_for_ed(state, loc, [])
    for pos in range(5):
        state._discard_space(AUDITORIUM, pos)
    stack_choices(state, [choice_card("auditorium", "student"), back_giving("editor", [])])
    ed = state.books[1]
    ed.tracks["arts"] = arts = 2  # steps 3 and 4 give a 1x1 tile and a (for Ed, ignored) signature
    paint = state.ed_tokens.get("paint", 0)
    events = state._ed_turn()
    assert ed.tracks["arts"] == arts + 2  # the Editor, then the fallback step
    assert state.ed_tokens.get("paint", 0) == paint + 1
    assert any("Nothing at the Auditorium can be taken" in e.text for e in events)


def test_selecting_students_match_then_preference_then_leftmost() -> None:
    state = new_state(1, 3)
    ed = state.books[1]
    ed.photo[:] = [""] * 20
    take_out(state, "mr-hawke")
    ed.photo[0] = "mr-hawke"  # right half-icon Student Council
    state.ed_priority = ["arts", "quiz", "pep", "council", "athletics"]
    # Miguelito P (left Student Council) can pair with Mr. Hawke: chosen first
    assert state._select_student(["tony-a", "miguelito-p", "carla-b"]) == "miguelito-p"
    # without a possible match: the most preferred half-icon (Fine Arts) wins
    assert state._select_student(["frank-c", "carla-b"]) == "carla-b"
    # ties: left-most
    assert state._select_student(["erin-c", "carla-b"]) == "erin-c"
    # placement: next to the match, top-most then left-most
    assert state._ed_place("miguelito-p") == 1
    assert state._ed_place("frank-c") == 1


def test_ed_places_teachers_in_a_free_row_and_column() -> None:
    state = new_state(1, 3)
    ed = state.books[1]
    ed.photo[:] = [""] * 20
    ed.photo[0] = "mr-hawke"
    assert state._ed_place("mr-jensen") == 6  # row 2, column 2
    ed.photo[6] = "mr-jensen"
    ed.photo[12] = "ms-carver"
    ed.photo[18] = "mr-abbott"
    assert state._ed_place("dr-thompson") == -1  # four teachers: no row and column left


def test_objectives_scoring_example_normal() -> None:
    """Rulebook: AP Government with 5 students, pin higher: MIN 3 met, 14 and Ed 6; Study Group with 7
    tokens, pin lower: T1 9 missed but MIN met, 6 and Ed 14."""
    state = new_state(1, 0, difficulty="normal")
    me = blank_book()
    put(me, 0, "mr-jensen")
    for slot, s in zip((1, 2, 3, 4, 6), ("amy-a", "carla-b", "erin-c", "ivy-d", "kelly-e")):
        put(me, slot, s, "G")
    put(me, 10, "mr-hawke")
    for slot, s in zip((11, 12, 13, 14), ("fred-m", "luke-o", "opal-p", "renee-q")):
        put(me, slot, s, "KK" if slot != 14 else "K")
    me.tracks["council"], me.tracks["quiz"] = 3, 1
    state.books[0] = me
    state.books[1].tracks["council"], state.books[1].tracks["quiz"] = 2, 4
    names = {COMP.objectives[o].name: o for o in state.objectives}
    mine, eds = solo_objective_points(state)
    assert (mine[names["AP Government"]], eds[names["AP Government"]]) == (14, 6)
    assert (mine[names["Study Group"]], eds[names["Study Group"]]) == (6, 14)
    assert COMP.objectives[names["Study Group"]].t1 == 9


@pytest.mark.parametrize("difficulty,higher,value,expected", [
    ("easy", False, 3, (14, 6)), ("easy", True, 2, (0, 14)),
    ("normal", True, 3, (14, 6)), ("normal", False, 5, (14, 6)), ("normal", False, 4, (6, 14)),
    ("hard", True, 5, (14, 6)), ("hard", True, 3, (6, 14)), ("hard", False, 7, (14, 6)),
    ("hard", False, 6, (6, 14)), ("hard", False, 2, (0, 14)),
])
def test_solo_objective_table(difficulty: str, higher: bool, value: int, expected: tuple[int, int]) -> None:
    state = new_state(1, 0, difficulty=difficulty)
    me = blank_book()
    put(me, 0, "mr-jensen")
    students = ["amy-a", "carla-b", "erin-c", "ivy-d", "kelly-e", "fred-m", "luke-o"]
    for i in range(value):
        put(me, 1 + i, students[i], "G")
    me.tracks["council"] = 2 if higher else 1
    state.books[0] = me
    state.books[1].tracks["council"] = 1 if higher else 2
    ap = next(o for o in state.objectives if COMP.objectives[o].name == "AP Government")  # MIN 3, T1 5, T2 7
    mine, eds = solo_objective_points(state)
    assert (mine[ap], eds[ap]) == expected


def test_ed_teachers_score_by_column_and_tiles_by_letter() -> None:
    state = new_state(1, 0)
    ed = blank_book()
    put(ed, 0, "mr-jensen")        # column 1: two students below
    put(ed, 5, "amy-a")
    put(ed, 10, "carla-b")
    put(ed, 7, "mr-hawke")         # column 3: one student
    put(ed, 12, "erin-c")
    put(ed, 3, "ivy-d")            # column 4: no teacher, no points
    state.ed_priority = ["pep", "quiz", "council", "arts", "athletics"]
    state.ed_tokens = {"bolt": 5, "gavel": 4, "paint": 9}
    ed.tiles = ["prom", "seniors", "cheerleaders", "mathletes", "debate-team"]
    ed.ones, ed.halves = 3, ["top"]
    state.books[1] = ed
    score = ed_score(state)
    # column 1 (Pep Squad, 5 Bolts): discard 3, 2 left x 2 students; column 3 (Student Council, 4 Gavels):
    # discard 2, 2 left x 1 student
    assert score.breakdown["teachers"] == 2 * 2 + 2 * 1
    # A with scoring 5, B with scoring 4, C with scoring 3, C without scoring 0, D 0; 3 1x1; one half
    assert score.breakdown["wildcat_way"] == 5 + 4 + 3 + 0 + 0 + 3 + 2


def test_ed_round_end_rewards_and_unused_member() -> None:
    state = solo(seed=4)
    ed = state.books[1]
    me = state.books[0]
    for club in ed.tracks:
        ed.tracks[club] = 0
        me.tracks[club] = 0
    ed.tracks["pep"] = 2
    ed.used = ["editor", "designer", "photographer"]
    state.ed_priority = ["quiz", "pep", "council", "arts", "athletics"]
    state.ed_tokens = {}
    state.turns_taken = 5
    state.phase = "place"
    state.first = 1
    state.books[0].used = ["editor", "designer"]
    # the player's last turn of round 1
    from homeroom.games.class_of_89.actions import EndTurn, Place, TakeEntrance

    state.apply(Place("treasurer", "entrance", 0))
    state.apply(TakeEntrance())
    while state.pending:
        state.apply(state.legal_actions()[-1])
    state.apply(EndTurn())
    assert state.ed_tokens.get("bolt") == 1  # Ed leads Pep Squad: a Bolt
    # unused Treasurer: the lowest track, ties to the most preferred (Quiz Bowl)
    assert ed.tracks["quiz"] == 1
    assert state.round == 2 and state.solo_location


def test_full_gym_wraps_to_the_office() -> None:
    state = solo()
    loc, member = next((c, m) for c in COMP.location_cards.values() for m, target in c.members.items()
                       if target == "gym" and c.x != "office")
    ready_for_ed(state, loc.id, [])
    state.spaces[GYM] = [JANITOR, 0, 0]
    state.spaces[OFFICE] = [-1, JANITOR, -1]
    stack_choices(state, [choice_card("office", "student"), back_giving(member, [])])
    state._ed_turn()
    assert state.spaces[OFFICE] == [1, JANITOR, -1]  # the left-most free space of the Office


def test_priority_cards_are_turned_up_at_the_end() -> None:
    from homeroom.engine import Rng

    state = new_state(1, 9)
    rng = Rng(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.observation(0)["solo"]["priority"] == state.ed_priority


def test_ed_scores_every_a_and_b_tile_even_without_a_scoring_criterion(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Ed scores 3 points for every C tile with a scoring criteria, 4 points for every B tile, and 5 points
    for every A tile": the "with a scoring criteria" condition is the C tiles' only (a data file may give a
    B tile no criterion)."""
    from dataclasses import replace

    state = new_state(1, 0)
    ed = blank_book()
    put(ed, 0, "mr-jensen")
    state.books[1] = ed
    monkeypatch.setitem(COMP.tiles, "seniors", replace(COMP.tiles["seniors"], scoring=None))
    monkeypatch.setitem(COMP.tiles, "prom", replace(COMP.tiles["prom"], scoring=None))
    monkeypatch.setitem(COMP.tiles, "cheerleaders", replace(COMP.tiles["cheerleaders"], scoring=None))
    ed.tiles = ["prom", "seniors", "cheerleaders"]
    assert ed_score(state).breakdown["wildcat_way"] == 5 + 4 + 0


@pytest.mark.parametrize("difficulty", ["normal", "hard"])
def test_determinize_keeps_the_clubs_the_setup_advanced_in_eds_first_columns(difficulty: str) -> None:
    """Setup step 6 advances Ed on his two (Normal) or four (Hard) most preferred tracks in plain view, so a
    re-deal of his face-down priority cards keeps those clubs in his first columns (in any order)."""
    from homeroom.engine import Rng

    k = {"normal": 2, "hard": 4}[difficulty]
    state = new_state(1, 3, difficulty=difficulty)
    advanced = {c for c, v in state.books[1].tracks.items() if v == 1}
    assert advanced == set(state.ed_priority[:k])
    for seed in range(20):
        copy = state.clone()
        copy.redeal_hidden(0, Rng(seed))
        assert set(copy.ed_priority[:k]) == advanced
        assert sorted(copy.ed_priority) == sorted(state.ed_priority)


def test_score_tables_show_ed_beside_the_player() -> None:
    """Ed is not a seat, so the engine's automa_scores() carries his score to the score tables."""
    from homeroom.engine import Rng as _Rng

    state = GAME.new_state(1, 4, {"difficulty": "normal"})
    rng = _Rng(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    automa = state.automa_scores()
    assert list(automa) == ["Ed E. Tor"] and automa["Ed E. Tor"] == ed_score(state)
    assert ("beats Ed" in state.outcome()) == (state.winner() == [0])
    assert GAME.new_state(2, 1).automa_scores() == {}
