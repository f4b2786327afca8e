"""Final placings, the first-player option, bot settings and per-field provenance (engine side)."""

from __future__ import annotations

from pathlib import Path

import pytest

from homeroom import games
from homeroom.engine import BotSettings, OptionError, Score, first_player_option
from homeroom.engine.bots import score_values
from homeroom.engine.data import check_provenance, provenance_census
from homeroom.engine.game import GameInfo
from toygame import GAME as TOY


def _finished(players: int, totals: list[int], tiebreaks: list[tuple[int, ...]] | None = None):
    state = TOY.new_state(players, seed=1)

    class Fixed(type(state)):  # type: ignore[misc]
        def is_terminal(self) -> bool:
            return True

        def scores(self) -> list[Score]:
            return [Score.of({"points": t}) for t in totals]

        def tiebreak(self, seat: int) -> tuple[int, ...]:
            return tiebreaks[seat] if tiebreaks else ()

    state.__class__ = Fixed
    return state


def test_placings_rank_every_seat_and_ties_share_a_place() -> None:
    assert _finished(4, [10, 30, 20, 30]).placings() == [4, 1, 3, 1]
    assert _finished(3, [5, 5, 9], [(1,), (2,), (0,)]).placings() == [3, 2, 1]
    assert _finished(3, [5, 5, 1], [(1,), (1,), (0,)]).placings() == [1, 1, 3]


def test_placings_agree_with_the_winner_and_are_none_before_the_end() -> None:
    state = TOY.new_state(2, seed=3)
    assert state.placings() is None
    finished = _finished(2, [7, 3])
    assert finished.winner() == [0] and finished.placings() == [1, 2]


def test_first_player_option_is_checked_against_the_player_count() -> None:
    spec = first_player_option("a random player", 4)
    assert spec.default == 0 and spec.maximum == 4
    info = TOY.info
    game = type(TOY)()
    game.info = GameInfo(**{**info.__dict__, "options": (*info.options, spec)})  # type: ignore[misc]
    assert game.validate(2, {"first_player": 2})["first_player"] == 2
    with pytest.raises(OptionError, match="only 2 player"):
        game.validate(2, {"first_player": 3})
    with pytest.raises(OptionError, match="at least 0"):
        game.validate(2, {"first_player": -1})


def test_games_declare_their_bot_settings() -> None:
    assert TOY.bots == BotSettings() and TOY.bots.evaluate is score_values
    for game in games.all_games():
        if game.id in games.BUILTIN:
            assert game.bots.has_own_evaluation, game.id
            assert game.bots.reward_scale > 0


def test_check_provenance_names_the_problem() -> None:
    assert check_provenance({"id": "a", "name": "X", "provenance": "rulebook"}) == []
    assert "one of" in check_provenance({"provenance": "guess"})[0]
    assert "needs 'stand_in_fields'" in check_provenance({"name": "X", "provenance": "mixed"})[0]
    problems = check_provenance({"name": "X", "cost": 2, "provenance": "mixed", "stand_in_fields": ["nmae"]})
    assert problems and "'nmae'" in problems[0] and "name, cost" in problems[0]
    assert "only for provenance = 'mixed'" in check_provenance(
        {"name": "X", "provenance": "stand-in", "stand_in_fields": ["name"]})[0]
    assert "use provenance = 'stand-in'" in check_provenance(
        {"name": "X", "provenance": "mixed", "stand_in_fields": ["name"]})[0]


def test_provenance_census_counts_records_and_fields(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text(
        '[[card]]\nid = "a"\nname = "A"\ncost = 1\nprovenance = "rulebook"\n'
        '[[card]]\nid = "b"\nname = "B"\ncost = 2\nprovenance = "stand-in"\n'
        '[[card]]\nid = "c"\nname = "C"\ncost = 3\nprovenance = "mixed"\nstand_in_fields = ["cost"]\n'
    )
    (tmp_path / "notes.toml").write_text('title = "no components here"\n')
    census = provenance_census(tmp_path)
    assert census == {"cards": {"records": 3, "rulebook": 1, "stand-in": 1, "mixed": 1,
                                "fields": 6, "stand-in fields": 3}}


def test_every_game_reports_its_packaged_provenance() -> None:
    for game in games.all_games():
        if game.id in games.BUILTIN:
            census = game.provenance()
            assert census and sum(row["records"] for row in census.values()) > 0, game.id
