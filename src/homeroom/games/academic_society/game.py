"""The Academic Society game: metadata, options, setup and the data check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from homeroom.engine import Game, GameInfo, Rng, State, first_player_option
from homeroom.engine.datasets import DataSet
from homeroom.games.academic_society.actions import ACTION_TYPES
from homeroom.games.academic_society.bots import BOTS
from homeroom.games.academic_society.components import check, components
from homeroom.games.academic_society.setup import setup
from homeroom.games.academic_society.state import AcademicState
from homeroom.games.academic_society.view import render


def _constants() -> dict[str, Any]:
    rules = components().rules
    return {
        "rounds": rules.rounds,
        "royal_commission_per_round": list(rules.royal_commission_per_round),
        "commission_contribution": rules.commission_contribution,
        "treatise_reveal": rules.treatise_reveal,
        "theory_start": rules.theory_start,
        "theory_max": rules.theory_max,
        "scholars": rules.scholars,
        "overflow_influence": rules.overflow_influence,
        "bonus_contribution_cost": rules.bonus_contribution_cost,
        "two_player_secretary_threshold": rules.two_player_secretary_threshold,
    }


class AcademicSociety(Game):
    bots = BOTS
    info = GameInfo(
        id="academic-society",
        name="Academic Society",
        min_players=2,
        max_players=4,
        options=(first_player_option("the turn order is determined at random (Setup)", 4),),
        constants=_constants(),
        max_decisions=4000,
        test_option_sets=({}, {"first_player": 2}),
        summary="Place scholars to research Theories, hold your place on the Authority track, send "
                "scholars on Sabbatical and present Treatises; most Influence after 7 rounds wins.",
        rulebook="academic_society.txt",
    )
    action_types = ACTION_TYPES

    def setup(self, players: int, seed: int, options: dict[str, Any], names: list[str]) -> State:
        st = AcademicState(players, seed, dict(options), list(names), Rng(seed))
        setup(st)
        return st

    def state_from_json(self, text: str) -> State:
        return AcademicState.from_json(text)

    def check_data(self, directory: Path | DataSet | None = None) -> list[str]:
        return check(directory)

    def render(self, state: State, viewer: int | None) -> Any:
        assert isinstance(state, AcademicState)
        return render(state, viewer)


GAME = AcademicSociety()
