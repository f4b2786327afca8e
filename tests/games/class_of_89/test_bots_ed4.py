"""Solo evaluation terms of the fifth pass (issue 19): the production target (students up to a
count) and the clock by own turns left."""

from __future__ import annotations

from dataclasses import replace

import pytest
from co89_helpers import put, started, take_out, tune_script

from homeroom.engine import Rng
from homeroom.games.class_of_89 import bots
from homeroom.games.class_of_89.actions import EndTurn, Place
from homeroom.games.class_of_89.bots import time_left, turn_clock_left, turns_left, values
from homeroom.games.class_of_89.scoring import student_count
from homeroom.games.class_of_89.state import Co89State


def _valued(state: Co89State, **weights: float) -> float:
    old = bots.use_weights(replace(bots.TUNED, **weights))
    try:
        return values(state, 0)[0]
    finally:
        bots.use_weights(old)


def _with_students(n: int) -> Co89State:
    state = started(1, 11, difficulty="normal")
    book = state.books[0]
    cards = ["amy-a", "tony-a", "carla-b", "derek-b", "julie-b", "dana-g"][:n]
    for slot, card in enumerate(cards, start=1):
        take_out(state, card)
        put(book, slot, card)
    assert student_count(book) == n
    return state


def test_the_production_target_pays_per_student_up_to_its_count() -> None:
    state = _with_students(3)
    left = time_left(state)
    gain = _valued(state, prod=2.0) - _valued(state, prod=0.0)
    assert gain == pytest.approx(2.0 * (0.4 + 0.6 * left) * 3)
    capped = _valued(state, prod=2.0, prod_target=2.0) - _valued(state, prod=0.0)
    assert capped == pytest.approx(2.0 * (0.4 + 0.6 * left) * 2)     # the third student is past it


def test_a_student_more_is_worth_the_production_weight_until_the_target() -> None:
    fewer, more = _with_students(4), _with_students(5)
    step = (_valued(more, prod=3.0) - _valued(fewer, prod=3.0)) - (_valued(more, prod=0.0) - _valued(fewer, prod=0.0))
    assert step == pytest.approx(3.0 * (0.4 + 0.6 * time_left(more)))
    past = (_valued(more, prod=3.0, prod_target=4.0) - _valued(fewer, prod=3.0, prod_target=4.0)) \
        - (_valued(more, prod=0.0) - _valued(fewer, prod=0.0))
    assert past == pytest.approx(0.0)


def test_the_turn_clock_runs_down_at_placements_only() -> None:
    """1 until the first placement, then (own turns left + 1) / 12; ending a turn, Ed's turn and the
    round end leave it where it was (the round clock drops at the round end instead)."""
    state = started(1, 5, difficulty="normal")
    rng = Rng(5)
    assert turn_clock_left(state) == 1.0
    seen_round_end = False
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        before, rnd = turn_clock_left(state), state.round
        state.apply(action)
        after = turn_clock_left(state)
        if state.is_terminal():
            assert after == 0.0
            break
        if isinstance(action, Place) and state.current == 0:
            assert after == pytest.approx(min(1.0, (turns_left(state, 0) + 1) / 12))
            assert after <= before
        elif isinstance(action, EndTurn):
            assert after == before
            seen_round_end = seen_round_end or state.round != rnd
        else:
            assert after == before
    assert seen_round_end


def test_with_the_turn_clock_ending_the_rounds_last_turn_costs_no_decay() -> None:
    """The resources in reach (cards, signatures, free token places) are valued by the clock: by
    rounds they lose a quarter of their time weight when the round ends, by turns they do not."""
    state = started(1, 8, difficulty="normal")
    rng = Rng(8)
    while not (state.phase == "act" and state.current == 0 and len(state.books[0].used) == 3
               and state.round == 2 and EndTurn() in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    book = state.books[0]
    w = replace(bots.TUNED, turn_clock=1.0)
    clock = turn_clock_left(state)
    ended = state.clone()
    ended.apply(EndTurn())
    while not (ended.phase in ("place", "act") and ended.current == 0) and not ended.is_terminal():
        ended.apply(Rng(1).choice(ended.legal_actions()))
    assert ended.round == 3
    assert turn_clock_left(ended) == clock
    assert time_left(ended) < time_left(state)
    assert bots._in_reach(book, clock, w, solo=True) == bots._in_reach(book, turn_clock_left(ended), w, solo=True)


def test_buys_left_counts_this_turns_unused_signature_action() -> None:
    from homeroom.games.class_of_89.actions import BuyToken
    from homeroom.games.class_of_89.bots import buys_left
    state = started(1, 9, difficulty="normal")
    rng = Rng(9)
    while not (state.phase == "act" and state.current == 0 and any(isinstance(a, BuyToken) for a in state.legal_actions())):
        state.apply(rng.choice(state.legal_actions()))
    assert buys_left(state) == turns_left(state, 0) + 1
    buy = next(a for a in state.legal_actions() if isinstance(a, BuyToken))
    state.apply(buy)
    assert buys_left(state) == turns_left(state, 0)


def test_a_signature_is_worth_sig_buy_while_it_can_still_buy_a_token() -> None:
    state = started(1, 9, difficulty="normal")
    book = state.books[0]
    n = turns_left(state, 0)
    book.signatures = n - 1
    one_short = _valued(state, sig_buy=1.5) - _valued(state, sig_buy=0.0)
    assert one_short == pytest.approx(1.5 * (n - 1))
    book.signatures = n + 3                         # more than the turns left can spend on tokens
    assert _valued(state, sig_buy=1.5) - _valued(state, sig_buy=0.0) == pytest.approx(1.5 * n)


def test_with_pot_main_an_unused_ability_counts_only_until_the_main_action() -> None:
    """Once the card is taken, ending the turn with the Designer unused is no cliff the bot would pay
    signatures to put off: the ability is then valued by the lookahead as a legal action."""
    from homeroom.games.class_of_89.actions import Take
    state = started(1, 4, difficulty="normal")
    rng = Rng(4)
    while not (state.phase == "act" and state.current == 0 and state.member == "designer"
               and not state.main_done and not state.member_done
               and any(isinstance(a, Take) for a in state.legal_actions())):
        state.apply(rng.choice(state.legal_actions()))
    assert bots._potential(state, replace(bots.TUNED, pot_main=1.0)) == bots.TUNED.pot_designer
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Take)))
    assert not state.member_done
    assert bots._potential(state, replace(bots.TUNED, pot_main=1.0)) == 0.0
    assert bots._potential(state, replace(bots.TUNED, pot_main=0.0)) == bots.TUNED.pot_designer


def test_the_trace_plays_the_game_the_measurement_plays_and_its_yields_add_up() -> None:
    """``tune_class_of_89.py trace`` ranks each decision to print it; it must still make the choices
    ``ed`` makes (same seed, same agent), and the turns' yields must add up to the final yearbook."""
    script = tune_script()
    weights = bots.TUNED.as_dict()
    game = script.trace_game(5010, "normal", "greedy:depth=0", weights)
    played = script.play_solo(script.SoloJob(5010, "normal", "greedy:depth=0", weights))
    totals = game["totals"]
    assert totals["margin"] == played["score"] - played["ed"]
    assert totals["students"] == played["students"]
    assert sum(totals[f"students_round_{r}"] for r in range(1, 5)) == totals["students"]
    assert sum(totals[f"tokens_round_{r}"] for r in range(1, 5)) == totals["tokens"]
    assert len(game["turns"]) == 12
