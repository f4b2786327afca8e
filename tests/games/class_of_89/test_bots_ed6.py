"""The sixth pass of issue 19 (the club-track race against Ed E. Tor): greedy's lookahead stops
where the solo player's turn ends, and Ed's projected climb per track."""

from __future__ import annotations

from dataclasses import replace

import pytest
from co89_helpers import gavel_class_round_2, started, tune_script

from homeroom.agents.greedy import GreedyAgent, value_of
from homeroom.engine import Rng
from homeroom.games.class_of_89 import bots
from homeroom.games.class_of_89.actions import EndTurn, Place, Take, UseMember
from homeroom.games.class_of_89.state import Co89State


def _editor_turn(seed: int = 5) -> Co89State:
    """A Normal solo game in round 1, the player's Editor placed and its card taken, the step
    not yet used."""
    state = started(1, seed, difficulty="normal")
    place = next(a for a in state.legal_actions() if isinstance(a, Place) and a.member == "editor"
                 and a.location != "entrance" and a.cost == 0)
    state.apply(place)
    take = next(a for a in state.legal_actions() if isinstance(a, Take))
    state.apply(take)
    while state.to_move == 0 and not any(isinstance(a, EndTurn) for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])      # resolve the card's gains (tokens and the like)
    assert any(isinstance(a, UseMember) for a in state.legal_actions())
    return state


def test_the_solo_turn_marker_changes_when_the_turn_ends_and_not_within_it() -> None:
    state = _editor_turn()
    mark = state.turn_marker()
    step = state.clone()
    step.apply(next(a for a in step.legal_actions() if isinstance(a, UseMember)))
    assert step.turn_marker() == mark
    ended = state.clone()
    ended.apply(EndTurn())
    assert ended.to_move == 0                     # Ed's turn is played at once: the player again
    assert ended.turn_marker() != mark


def test_the_turn_marker_is_not_tracked_with_two_players() -> None:
    two = started(2, 6)
    rng = Rng(6)
    for _ in range(20):
        assert two.turn_marker() is None
        two.apply(rng.choice(two.legal_actions()))


def test_greedy_values_ending_the_solo_turn_at_the_state_it_leads_to() -> None:
    """Ending the turn used to be looked through into the player's next turn (its best placement,
    with the placed member's unused ability counted), while every other option of the turn was
    valued at its depth: ending looked about 2 points better than it was and the Editor's free
    step was skipped (0.65 Editor steps a game, BOTS.md sixth pass)."""
    state = _editor_turn()
    agent = GreedyAgent(seed=1)
    scored = dict(agent._score(state.clone(), 0, [EndTurn()], agent.depth))
    after = state.clone()
    after.apply(EndTurn())
    assert scored[EndTurn()] == pytest.approx(value_of(after, 0))


def test_greedy_takes_the_editors_step_before_ending_the_turn() -> None:
    """A club-track step is never a loss (its rewards are optional): greedy takes it."""
    for seed in (5, 8, 13):
        state = _editor_turn(seed)
        ranked = GreedyAgent(seed=seed).rank(state, 0)
        order = [type(a) for a, _ in ranked]
        assert order.index(UseMember) < order.index(EndTurn)


def test_eds_projected_climb_can_differ_by_track() -> None:
    """Honor Society has no priority card (Ed climbs it by half-icon matches, tiles and grid halves
    only) and the setup's tracks are his most preferred: with the per-track rates set, the
    projection follows them; with the defaults every track gets ``ed_climb``."""
    state = _editor_turn()
    top = state.ed_priority[0]
    other = state.ed_priority[-1]
    w = bots.TUNED
    assert bots.ed_gain(state, w, "honor") == bots.ed_gain(state, w, top) == bots.ed_gain(state, w, other) \
        == bots.ed_gain(state, w)
    split = replace(w, ed_climb=0.65, ed_climb_top=0.8, ed_climb_honor=0.35)
    assert bots.ed_gain(state, split, "honor") < bots.ed_gain(state, split, other) < bots.ed_gain(state, split, top)


@pytest.mark.parametrize("seed", [3, 4])
@pytest.mark.parametrize("weights", [{"ed_climb": 0.65, "ed_climb_top": 0.8, "ed_climb_honor": 0.35},
                                     {"ed_round": 1.0}])
def test_the_per_track_projection_reads_only_public_facts(seed: int, weights: dict[str, float]) -> None:
    """Which clubs the setup advanced Ed on is public (not their order), and so is this round's
    Location card: re-dealing his face-down priority cards and decks keeps the value."""
    state = started(1, seed, difficulty="normal")
    rng = Rng(seed)
    for _ in range(50):
        state.apply(rng.choice(state.legal_actions()))
    old = bots.use_weights(replace(bots.TUNED, **weights))
    try:
        seen = bots.values(state, 0)
        for _ in range(5):
            assert bots.values(state.determinize(0, rng), 0) == pytest.approx(seen)
    finally:
        bots.use_weights(old)


def test_this_rounds_location_card_puts_eds_editor_step_on_its_track() -> None:
    """With ``ed_round`` the track the Location card sends Ed's Editor to is projected higher
    than another track of the same kind while his Editor is still to come this round."""
    from homeroom.games.class_of_89.components import components

    state = _editor_turn()
    comp = components()
    card = comp.location_cards[state.solo_location]
    where = next(lc.club for lc in comp.locations if lc.id == card.members["editor"])
    w = replace(bots.TUNED, ed_round=1.0)
    top = state.ed_priority[:2]
    same_kind = [c for c in state.ed_priority if c != where and (c in top) == (where in top)]
    assert "editor" not in state.books[1].used
    assert bots.ed_gain(state, w, where) > bots.ed_gain(state, w, same_kind[0])


def _race_position(council: int, athletics: int, at: str) -> Co89State:
    """Normal solo, round 2: the player meets AP Government's MIN (3 Gavel students in one class;
    T1 is 5) and Ed's pins are Student Council 2 and Athletics 6 (Team Captains, the Athletics card,
    has nothing). The player's Editor stands at ``at`` (its card taken), its step unused."""
    from homeroom.games.class_of_89.components import components

    state = gavel_class_round_2()
    me, ed = state.books[0], state.books[1]
    ed.tracks.update(council=2, athletics=6)
    me.tracks.update(council=council, athletics=athletics)
    state.phase, state.member, state.main_done, state.member_done = "act", "editor", True, False
    state.location = [lc.id for lc in components().locations].index(at)
    return state


def _objectives(state: Co89State, w: bots.Weights) -> float:
    mine, eds = bots.planned_objectives(state, w)
    return mine - eds


def test_an_editor_step_is_worth_the_card_it_brings_closer() -> None:
    """With ``pot_exact`` the Editor's unused step is valued by what it does: on Student Council,
    where AP Government's MIN is met and the pin is one step from passing Ed's projected pin, it
    is worth several points; on Athletics, where Ed is out of reach and the card has nothing, only
    the track term. ``pot_editor`` gave both 3 (a race within 3 steps) or 1."""
    w = replace(bots.TUNED, pot_exact=1.0)
    office = _race_position(3, 1, "office")
    gym = _race_position(3, 1, "gym")
    council = bots.editor_step_value(office, w, "council", _objectives(office, w))
    athletics = bots.editor_step_value(gym, w, "athletics", _objectives(gym, w))
    assert athletics == pytest.approx(w.track_step, abs=0.05)
    assert council > athletics + 2.0
    assert bots._potential(office, w, _objectives(office, w)) == pytest.approx(council)
    # the step's worth is the plan's: the same position a step higher values it in
    stepped = _race_position(4, 1, "office")
    assert _objectives(stepped, w) - _objectives(office, w) == pytest.approx(council - w.track_step)


@pytest.mark.parametrize(("council", "at"), [(3, "gym"), (3, "library"), (1, "office")])
def test_with_the_exact_step_using_it_is_no_loss_at_one_step(council: int, at: str) -> None:
    """Greedy refines only its beam of 3 best one-step options. With ``pot_editor`` the unused
    step counted 1 or 3 whatever it did, so taking it moved the one-step value by -0.45 to +1.9
    points (seed 5020, round 4: a step worth 0.55 had counted 3; taking it looked 2.45 points worse,
    fell out of the beam, and the turn ended without it). With ``pot_exact`` the value is the
    same before and after the step (its reward, a token still to place, aside)."""
    exact = replace(bots.TUNED, pot_exact=1.0, pot_pending=0.0)   # the step's reward token aside
    moved = {}
    for name, w in (("fixed", replace(exact, pot_exact=0.0)), ("exact", exact)):
        state = _race_position(council, 1, at)
        old = bots.use_weights(w)
        try:
            before = bots.values(state, 0)[0]
            state.apply(next(a for a in state.legal_actions() if isinstance(a, UseMember)))
            moved[name] = bots.values(state, 0)[0] - before
        finally:
            bots.use_weights(old)
    assert moved["exact"] == pytest.approx(0.0, abs=1e-6)
    assert abs(moved["fixed"]) > 0.4


def test_the_tracks_command_plays_the_measured_game_and_its_steps_add_up() -> None:
    """``tune_class_of_89.py tracks`` plays the game ``ed`` plays (same choices) and records every
    club-track step: the steps by source add up to the pins at the end (Ed's less his setup steps),
    and the report counts the cards lost to Ed's pin from the objectives' outcomes."""
    script = tune_script()
    weights = bots.TUNED.as_dict()
    job = script.SoloJob(5012, "normal", "greedy:depth=0", weights)
    row = script.play_tracks(job)
    played = script.play_solo(job)
    assert (row["score"], row["ed"]) == (played["score"], played["ed"])
    assert (row["by_category"], row["ed_by_category"]) == (played["by_category"], played["ed_by_category"])
    mine = [s for s in row["steps"] if s["seat"] == 0]
    eds = [s for s in row["steps"] if s["seat"] == 1]
    assert len(mine) == sum(row["tracks"].values())
    assert len(eds) == sum(row["ed_tracks"].values()) - 2          # Normal: 2 setup steps
    assert {s["source"] for s in mine} <= {"editor", "match", "tile", "staff", "row_col", "grid_half",
                                           "track_reward"}
    report = script.tracks_report([row])
    lost = [o for o in row["objectives"]
            if o["have"] >= o["min"] and o["points"] != 14 and o["track"] <= o["ed_track"]]
    assert report["min_met_lost_only_to_pin"] == len(lost)
    assert report["steps_to_pass_ed_on_those"] == sum(o["ed_track"] - o["track"] + 1 for o in lost)
    assert report["editor_turns"] == len(row["editors"])
    assert report["abilities_unused"]["editor"] == report["editor_ability_unused"]
    assert len(row["members"]) == 12                                # 3 placements a round
