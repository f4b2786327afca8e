"""Seeded random playouts, determinism and the component data check."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from homeroom.engine import DataError, Rng
from homeroom.games import get
from homeroom.games.class_of_89 import GAME
from homeroom.games.class_of_89.components import DATA_DIR, load


def _play(players: int, seed: int, options: dict | None = None) -> tuple[object, int]:  # type: ignore[type-arg]
    state = GAME.new_state(players, seed, options or {})
    rng = Rng(seed * 7 + 1)
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal
        state.apply(rng.choice(legal))
        n += 1
        assert n <= GAME.info.max_decisions
    assert state.game_invariants() == []
    return state, n


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish(players: int) -> None:
    for seed in range(6):
        state, _ = _play(players, seed)
        assert state.round == 4 and state.winner()  # type: ignore[attr-defined]


@pytest.mark.parametrize("options", [o for o in GAME.info.test_option_sets[1:] if "difficulty" not in o])
def test_random_games_finish_with_alternative_rules(options: dict) -> None:  # type: ignore[type-arg]
    for players in (2, 3, 4):
        _play(players, 11, options)


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_random_solo_games_finish(difficulty: str) -> None:
    for seed in range(4):
        state, _ = _play(1, seed, {"difficulty": difficulty, "solo_extra_abc": seed % 2 == 1})
        assert state.winner() in ([0], [])  # type: ignore[attr-defined]


def test_same_seed_same_game() -> None:
    a, _ = _play(3, 5)
    b, _ = _play(3, 5)
    assert a.to_json() == b.to_json()  # type: ignore[attr-defined]


def test_registered_under_its_id() -> None:
    assert get("class-of-89") is GAME
    assert GAME.info.min_players == 1 and GAME.info.max_players == 4


@pytest.mark.soak
def test_soak_thousand_four_player_games() -> None:
    for seed in range(1000):
        _play(4, seed)


def test_packaged_data_is_valid() -> None:
    assert GAME.check_data() == []


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def test_data_check_names_file_record_and_field(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    text = (data / "students.toml").read_text()
    (data / "students.toml").write_text(text.replace('left = "pep"', 'left = "chess"', 1))
    tiles = (data / "tiles.toml").read_text()
    (data / "tiles.toml").write_text(tiles.replace("width = 2", "width = 0", 1))
    problems = GAME.check_data(data)
    assert any(p.startswith("students.toml student #") and "field 'left'" in p and "chess" in p for p in problems)
    assert any(p.startswith("tiles.toml tile #1 (prom)") and "field 'width'" in p for p in problems)


def test_data_check_counts_and_bad_gains(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    staff = (data / "staff.toml").read_text()
    (data / "staff.toml").write_text(staff.replace('"club:arts"]', '"club:chess"]', 1))
    objectives = (data / "objectives.toml").read_text()
    first = objectives.index("[[objective]]")
    second = objectives.index("[[objective]]", first + 1)
    (data / "objectives.toml").write_text(objectives[:first] + objectives[second:])
    problems = GAME.check_data(data)
    assert any("staff.toml staff #1 (band-director)" in p and "club:chess" in p for p in problems)
    assert any("objectives.toml: has 23 objective records" in p for p in problems)


def test_broken_data_raises_data_error(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    (data / "board.toml").write_text("rounds = [")
    comp, problems = load(data)
    assert comp is None and any(p.startswith("board.toml: not valid TOML") for p in problems)
    with pytest.raises(DataError):
        raise DataError(problems)


def test_data_check_catches_misspelt_fields_and_uneven_thresholds(tmp_path: Path) -> None:
    """A misspelt optional field (here 'scoring') would otherwise be ignored silently, and a Prom-like tile
    with more thresholds than points would score wrongly."""
    data = _copy(tmp_path)
    tiles = (data / "tiles.toml").read_text()
    tiles = tiles.replace("thresholds = [4, 5, 6]", "thresholds = [4, 5]", 1)
    tiles = tiles.replace('id = "state-champs"', 'id = "state-champs"\nscorring = 3', 1)
    (data / "tiles.toml").write_text(tiles)
    problems = GAME.check_data(data)
    assert any(p.startswith("tiles.toml tile #1 (prom)") and "'scoring.thresholds'" in p for p in problems)
    assert any(p.startswith("tiles.toml tile #2 (state-champs)") and "unknown field 'scorring'" in p
               for p in problems)


def test_invariants_catch_a_lost_duplicated_or_unknown_card() -> None:
    for damage, message in (
        (lambda s: s.decks["student"].append(s.decks["student"][0]), "in 2 places"),
        (lambda s: s.decks["student"].pop(), "in 0 places"),
        (lambda s: s.discards["staff"].append("no-such-card"), "unknown components"),
        (lambda s: setattr(s, "ones_supply", s.ones_supply - 1), "1x1 tiles are not conserved"),
    ):
        state = GAME.new_state(3, 1)
        assert state.game_invariants() == []
        damage(state)
        assert any(message in p for p in state.game_invariants()), message


def test_a_broken_board_file_is_reported_once_without_cascading(tmp_path: Path) -> None:
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "board.toml").write_text((tmp_path / "board.toml").read_text() + "\nx = [\n")
    (tmp_path / "staff.toml").unlink()
    problems = GAME.check_data(tmp_path)
    assert problems == [p for p in problems if p.startswith(("board.toml", "staff.toml"))], problems
    assert sum(p.startswith("staff.toml") for p in problems) == 1
