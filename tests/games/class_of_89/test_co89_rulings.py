"""The rulings issue 10 asked to write down (RULINGS.md), the first player option and the final
placings, each pinned by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from co89_helpers import started, stock, take_out
from test_co89_solo import COMP, IDS, back_giving, choice_card, ready_for_ed, solo, stack_choices

import homeroom.games.class_of_89 as package
from homeroom.engine import OptionError, Score
from homeroom.games.class_of_89 import GAME
from homeroom.games.class_of_89 import state as state_module
from homeroom.games.class_of_89.actions import EndTurn, Keep, Photograph, Place, Take
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.model import EMPTY, JANITOR
from homeroom.games.class_of_89.state import Co89State

GYM = 4


# ------------------------------------------------------------------ first player
@pytest.mark.parametrize("players", [2, 3, 4])
def test_by_default_seat_one_starts_with_the_first_player_token(players: int) -> None:
    state = started(players)
    assert state.first == 0 and state.to_move == 0
    table = components().board["starting_signatures"][str(players)]
    assert [b.signatures for b in state.books] == table


def test_the_players_may_say_who_starts_and_signatures_follow_turn_order() -> None:
    """Player Setup 4-5: "the players can decide who goes first"; starting signatures are "based on
    turn order" (4 players: 1, 1, 2, 3)."""
    state = GAME.new_state(4, 0, {"first_player": 3})
    assert isinstance(state, Co89State)
    assert state.first == 2
    assert [b.signatures for b in state.books] == [2, 3, 1, 1]  # seat 3 is 1st, seat 4 2nd, seat 1 3rd
    assert any("has the first player token" in e.text and state.names[2] in e.text for e in state.opening_events())
    for _ in range(4):  # the column board sides are chosen in seat order, then seat 3 plays first
        state.apply(state.legal_actions()[0])
    assert state.to_move == 2 and state.turn_seat() == 2
    state.apply(Place("editor", "entrance", 0))
    state.apply(state.legal_actions()[0])  # the 1x1 tile and 2 signatures
    while state.pending:
        state.apply(state.legal_actions()[-1])
    state.apply(EndTurn())
    assert state.to_move == 3  # clockwise from the first player


def test_the_first_player_option_is_checked() -> None:
    with pytest.raises(OptionError, match="only 2 player"):
        GAME.new_state(2, 0, {"first_player": 3})
    with pytest.raises(OptionError, match="applies only to 2, 3, 4"):  # solo: "Ed is the first player"
        GAME.new_state(1, 0, {"first_player": 1})
    assert solo().first == 1


# ------------------------------------------------------------------ placings
def _ended(monkeypatch: pytest.MonkeyPatch, totals: list[int], objectives: list[int],
           students: list[int]) -> Co89State:
    state = started(4)
    state.phase = "over"
    cards = [c for c in components().students][:4]
    for book, n in zip(state.books, students):
        book.photo = [book.photo[0]] + cards[:n] + [""] * (19 - n)
        book.superlatives = []
    scores = [Score.of({"objectives": o, "teachers": t - o}) for t, o in zip(totals, objectives)]
    monkeypatch.setattr(state_module, "final_scores", lambda _state: scores)
    return state


def test_placings_rank_every_seat_by_total_then_objectives_then_students(monkeypatch: pytest.MonkeyPatch) -> None:
    """Endgame Scoring: "the tied player with the most points scored from club objective cards ...
    the most students ... share the victory"; the same tie-breaks order every place (RULINGS 33)."""
    state = _ended(monkeypatch, [60, 60, 60, 70], [20, 30, 30, 0], [1, 2, 3, 0])
    assert state.winner() == [3]
    assert state.placings() == [4, 3, 2, 1]
    level = _ended(monkeypatch, [60, 60, 60, 50], [30, 30, 10, 0], [2, 2, 4, 0])
    assert level.winner() == [0, 1]
    assert level.placings() == [1, 1, 3, 4]  # still tied after both tie-breaks: a shared place


def test_solo_placing_is_first_only_when_beating_ed(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solo()
    state.phase = "over"
    ed = state_module.ed_score(state).total
    monkeypatch.setattr(state_module, "final_scores", lambda _s, _solo=None: [Score.of({"teachers": ed})])
    assert state.placings() == [2]  # a tie goes to Ed
    monkeypatch.setattr(state_module, "final_scores", lambda _s, _solo=None: [Score.of({"teachers": ed + 1})])
    assert state.placings() == [1]


# ------------------------------------------------------------------ the six rulings
def _fill_row_but_one(state: Co89State, seat: int, row: int) -> int:
    """Fill a class-photo row except its last cell with placeholder cards; return that cell."""
    book = state.books[seat]
    cards = iter(c for c in components().students if all(c not in b.photo for b in state.books))
    for col in range(4):
        if not book.photo[row * 5 + col]:
            book.photo[row * 5 + col] = next(cards)
    return row * 5 + 4


@pytest.mark.parametrize(("row", "expected"), [
    (0, ("token", "bolt")), (1, ("draw_students", "")), (2, ("signatures", 2)), (3, ("token", "any"))])
def test_each_row_of_the_class_photo_gives_its_bonus(row: int, expected: tuple[str, object]) -> None:
    """RULINGS 51: row 1 a Bolt (the Class Example), row 2 draw 3 students keep up to 1 (rulebook),
    row 3 two signatures and row 4 any token (stand-ins)."""
    state = started(2, half_icons=False)
    book = state.books[0]
    last = _fill_row_but_one(state, 0, row)
    card = next(c for c in components().teachers if c not in book.photo and c not in state.books[1].photo)
    take_out(state, card)
    before = book.signatures
    state._place_card(0, card, last, False, "takes", "")
    kind, value = expected
    if kind == "signatures":
        assert book.signatures == before + value and not state.pending
    elif kind == "token":
        assert state.pending[0].kind == "token" and state.pending[0].token == value
    else:
        assert state.pending[0].kind == "draw_students" and state.pending[0].optional


def test_a_senior_superlatives_student_on_the_mat_goes_only_with_its_tile() -> None:
    """RULINGS 52: neither the Photographer nor a "!" bonus can take the student on a Senior
    Superlative tile in the school: "This student will stay on the tile"."""
    state = started(4)
    tile = next(t.id for t in components().tiles.values() if t.superlative and t.letter == "B")
    stock(state, GYM, ["amy-a", tile])
    take_out(state, "carla-b")
    state.school_sups[tile] = "carla-b"
    state.apply(Place("photographer", "gym", 0))
    state.apply(Take("amy-a", 1))
    assert not any(isinstance(a, Photograph) and a.card == "carla-b" for a in state.legal_actions())
    state._gain(0, ["pick_student"])
    assert state.pending and state.pending[0].kind == "pick_student"
    assert not any(isinstance(a, Keep) and a.card == "carla-b" for a in state._pending_actions(state.pending[0]))


def test_honor_society_spots_count_advances_from_the_bottom() -> None:
    """RULINGS 53: "The 2nd spot up" is reached by the 2nd advance, "the 4th spot up" by the 4th."""
    state = started(2)
    book = state.books[0]
    seen = []
    for _ in range(4):
        state.pending.clear()
        state._advance(0, "honor")
        seen.append([p.kind + (":" + p.token if p.token else "") for p in state.pending])
    assert book.tracks["honor"] == 4
    assert seen[0] == [] and seen[1] == ["token:any"] and seen[3] == ["pick_student"]


def test_ed_may_overflow_into_a_location_where_his_member_already_stands() -> None:
    """RULINGS 55: Ed's only placement rules are the Location card, "If the location is full" and the
    X; the players' rule against revisiting a location does not bind him."""
    state = solo()
    loc, member, want = next((c, m, IDS.index(target)) for c in COMP.location_cards.values()
                             for m, target in c.members.items() if IDS[(IDS.index(target) + 1) % 5] != c.x)
    ready_for_ed(state, loc.id, [])
    right = (want + 1) % 5
    state.spaces[want] = [JANITOR, 0, 0]
    state.spaces[right] = [1, EMPTY, EMPTY]  # his own member is already there
    state.space_members[right][0] = "designer"
    stack_choices(state, [choice_card(IDS[right], "student"), back_giving(member, [])])
    state._ed_turn()
    assert state.spaces[right][:2] == [1, 1]


def test_eds_choice_deck_reshuffles_all_but_the_card_in_use() -> None:
    """RULINGS 56: when the Choice deck runs out, the face-up cards are shuffled into a new deck,
    except the one showing this turn's item (it stays face up until the next reveal)."""
    state = solo()
    in_use = state.solo_choices.pop(0)
    state.solo_choice_discard = state.solo_choices + state.solo_choice_discard + [in_use]
    state.solo_choices = []
    state._next_choice_back()
    assert state.solo_choice_discard == [in_use]
    assert sorted(state.solo_choices) == sorted(c for c in COMP.choice_cards if c != in_use)


def test_every_test_rulings_md_names_exists() -> None:
    """RULINGS.md and its rule coverage table name tests; a renamed or deleted test must not leave
    a ruling pinned by nothing."""
    rulings = (Path(package.__file__).parent / "RULINGS.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", rulings))
    here = Path(__file__).parent
    defined = {m for f in here.glob("test_*.py") for m in re.findall(r"^def (test_[a-z0-9_]+)", f.read_text(), re.M)}
    assert len(named) > 100
    assert named - defined == set()
