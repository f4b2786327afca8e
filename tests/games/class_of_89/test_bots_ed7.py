"""The seventh pass of issue 19: the placed Designer's and Photographer's unused abilities valued
by what using them would bring (``pot_designer_exact``, ``pot_photo_exact``), not a fixed worth."""

from __future__ import annotations

from dataclasses import replace

import pytest
from co89_helpers import gavel_class_round_2, put, started, take_out, value_with

from homeroom.engine import Rng
from homeroom.games.class_of_89 import bots
from homeroom.games.class_of_89.actions import Photograph, UseMember
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.state import Co89State

EXACT = replace(bots.TUNED, pot_designer_exact=1.0, pot_photo_exact=1.0, pot_pending=0.0)
FIXED = replace(bots.TUNED, pot_designer_exact=0.0, pot_photo_exact=0.0)
NONE = replace(FIXED, pot_designer=0.0, pot_photo=0.0)     # the position without the ability




def _member_position(member: str, at: str, school: list[str] | None = None) -> Co89State:
    """Normal solo, round 2: the player's photo holds Tony A, Derek B and Dana G (slots 1-3, each
    with a Gavel); its ``member`` stands at ``at``, the main action done, the ability unused
    (``school``: the location's cards instead of those dealt)."""
    state = gavel_class_round_2()
    state.phase, state.member, state.main_done, state.member_done = "act", member, True, False
    state.location = [lc.id for lc in components().locations].index(at)
    if school is not None:
        row = state.school[state.location]
        for c in row:
            if c:
                state.school_sups.pop(c, None)
        for card in school:
            take_out(state, card)
        row[:] = school + [""] * (len(row) - len(school))
    return state


def _best_after(state: Co89State, w: bots.Weights) -> float:
    """The best evaluation after using the ability, the token choices it leaves the player (the
    Designer's, a bonus token of the Photographer's student) made at their best, two deep."""
    def resolved(st: Co89State, depth: int) -> float:
        if depth == 0 or not st.pending or st.to_move != 0 or st.pending[0].kind != "token":
            return value_with(st, w)
        return max(resolved(_applied(st, a), depth - 1) for a in st.legal_actions())

    uses = [a for a in state.legal_actions() if isinstance(a, (Photograph, UseMember))]
    return max(resolved(_applied(state, a), 2) for a in uses)


def test_the_designers_token_is_worth_the_card_it_brings_closer() -> None:
    """At the Gym the Designer's Star brings Team Captains closer (a student with 3 tokens, one a
    Star: Tony, Derek and Dana hold a Gavel each) and at the Hallway its Bolt brings Preppies
    closer (3 connected students with a Bolt); at the Office its Gavel brings no card closer (the
    three already hold one; AP Government's next target needs 5 in a class): only its signature
    and a stored token count. The fixed ``pot_designer`` made all three 1.5. Using it is no loss:
    the value before is the best value after (the signature and the token at its best)."""
    worth = {}
    for at in ("gym", "hallway", "office"):
        state = _member_position("designer", at)
        before = value_with(state, EXACT)
        assert before == pytest.approx(_best_after(state, EXACT))
        worth[at] = before - value_with(state, NONE)
        assert value_with(state, FIXED) - value_with(state, NONE) == pytest.approx(FIXED.pot_designer)
    assert worth["gym"] > worth["office"] + 1.0
    assert worth["hallway"] > worth["office"] + 0.5
    assert 0.0 < worth["office"] < FIXED.pot_designer


def _applied(state: Co89State, act: object) -> Co89State:
    after = state.clone()
    after.apply(act)  # type: ignore[arg-type]
    return after


def test_the_photographers_student_is_worth_what_placing_it_brings() -> None:
    """Rachel H can go after Dana G in the first class and fill it (Perfect Attendance: MIN 1 full
    class of 4 students): the Photographer's unused ability is worth that placement, the value
    before is the best value after, and it is more than the fixed 1.5 a student there."""
    state = _member_position("photographer", "library", ["rachel-h"])
    assert any(isinstance(a, Photograph) and a.at == 4 for a in state.legal_actions())
    before = value_with(state, EXACT)
    assert before == pytest.approx(_best_after(state, EXACT))
    worth = before - value_with(state, NONE)
    assert worth > FIXED.pot_photo
    assert value_with(state, FIXED) - value_with(state, NONE) == pytest.approx(FIXED.pot_photo)


def test_a_photographer_with_no_student_it_can_place_is_worth_nothing() -> None:
    """The photo is full: no student at the location can be placed. The fixed worth still counted
    1.5 a student there (up to 2); the exact worth is 0."""
    state = _member_position("photographer", "library")
    me = state.books[0]
    comp = components()
    spare = [c for c in sorted(comp.students) if c not in me.photo]
    row = state.school[state.location]
    here = [c for c in row if c in comp.students]
    assert here
    for slot in range(20):
        if not me.photo[slot]:
            card = next(c for c in spare if c not in here and _somewhere(state, c))
            spare.remove(card)
            take_out(state, card)
            put(me, slot, card)
    me.abc_tokens = len(me.abc_slots)
    assert not any(isinstance(a, Photograph) for a in state.legal_actions())
    assert value_with(state, EXACT) == pytest.approx(value_with(state, NONE))
    assert value_with(state, FIXED) - value_with(state, NONE) == pytest.approx(FIXED.pot_photo * min(2, len(here)))


def _somewhere(state: Co89State, card: str) -> bool:
    try:
        take_out(state.clone(), card)
    except AssertionError:
        return False
    return True


@pytest.mark.parametrize("seed", [2, 9])
def test_in_play_the_unused_ability_is_worth_its_best_use(seed: int) -> None:
    """In random Normal games, wherever the Designer or the Photographer stands unused with nothing
    pending, the exact value is the larger of the position without it and its best use."""
    state = started(1, seed, difficulty="normal")
    rng = Rng(seed)
    seen = 0
    while not state.is_terminal() and seen < 6:
        if (state.phase == "act" and state.current == 0 and not state.pending and not state.member_done
                and state.member in ("designer", "photographer")
                and any(isinstance(a, (UseMember, Photograph)) for a in state.legal_actions())):
            got = value_with(state, EXACT)
            assert got == pytest.approx(max(value_with(state, NONE), _best_after(state, EXACT)))
            seen += 1
        state.apply(rng.choice(state.legal_actions()))
    assert seen >= 2


def test_a_pending_token_is_valued_at_its_best_place() -> None:
    """With ``pot_pending`` the position right after the Designer's ability (its token still to
    put) is worth the best position after putting it; without, the token counts for nothing until
    put, and the ability looked a loss at the lookahead's depth (the Entrance's token is 3 moves
    deep: the ability, the kind, the place)."""
    on = replace(EXACT, pot_pending=1.0)
    state = _member_position("designer", "gym")
    used = _applied(state, next(a for a in state.legal_actions() if isinstance(a, UseMember)))
    assert used.pending and used.pending[0].kind == "token"
    best = max(value_with(_applied(used, a), on) for a in used.legal_actions())
    assert value_with(used, on) == pytest.approx(best)
    assert value_with(used, EXACT) < best - 0.5
    assert value_with(state, on) == pytest.approx(best)     # using it is no loss, one move deep
