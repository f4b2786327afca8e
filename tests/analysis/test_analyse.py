"""Post-game analysis (issue 35): every decision rated from the deciding seat's point of view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homeroom import games
from homeroom.agents.base import RandomAgent
from homeroom.agents.levels import medium
from homeroom.analysis.analyse import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    AnalysisError,
    Settings,
    analyse,
    rating,
)
from homeroom.analysis.winmodel import Temperature, temperature, win_chances
from homeroom.cli.main import app
from homeroom.engine.match import Match, Seat
from homeroom.sim.rundir import RunDir

CASES = [("class-of-89", 1), ("class-of-89", 2), ("class-of-89", 4), ("academic-society", 2),
         ("academic-society", 3), ("academic-society", 4), ("high-school-drama", 2), ("high-school-drama", 3),
         ("high-school-drama", 5)]


def played(game_id: str, players: int, decisions: int | None, seed: int = 3, kinds: tuple[str, ...] = ()) -> dict:
    """A replay of a seeded game (random seats unless ``kinds`` says), cut after ``decisions``."""
    game = games.get(game_id)
    kinds = kinds or ("random",) * players
    match = Match.start(game, players, seed, {}, [Seat(f"P{i + 1}", k) for i, k in enumerate(kinds)])
    agents = [medium(seed + i) if k == "medium" else RandomAgent(seed + i) for i, k in enumerate(kinds)]
    while not match.state.is_terminal() and (decisions is None or len(match.history) < decisions):
        seat = match.state.to_move
        assert seat is not None
        match.play(agents[seat].choose(match.state, seat))
    return match.to_replay()


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_title_and_player_count(game_id: str, players: int) -> None:
    replay = played(game_id, players, 24)
    result = analyse(replay, Settings(iterations=12, seed=1))
    decisions = result["decisions"]
    assert [d["index"] for d in decisions] == list(range(24))
    game = games.get(game_id)
    state = Match.from_replay(replay, upto=0).state
    for d, raw in zip(decisions, replay["actions"], strict=True):
        assert d["seat"] == state.to_move
        assert d["action"] == raw
        assert d["legal"] == len(state.legal_actions())
        assert d["forced"] == (d["legal"] == 1)
        assert 0.0 <= d["win_before"] <= 1.0 and 0.0 <= d["win_after"] <= 1.0
        assert d["loss"] >= 0.0 and d["rating"] == rating(d["loss"])
        if d["forced"]:
            assert d["loss"] == 0.0 and d["best_action"] == raw
        else:
            assert game.action_from_json(d["best_action"]) in state.legal_actions()
        state.apply(game.action_from_json(raw))
    assert [s["seat"] for s in result["summary"]] == list(range(1, players + 1))
    for seat in range(players):
        mine = [d for d in decisions if d["seat"] == seat and not d["forced"]]
        row = result["summary"][seat]
        assert row["rated"] == len(mine)
        assert row["inaccuracy"] + row["mistake"] + row["blunder"] == sum(1 for d in mine if d["rating"])
        listed = result["mistakes"][str(seat + 1)]
        assert [m["cost"] for m in listed] == sorted((m["cost"] for m in listed), reverse=True)


def test_same_file_and_settings_give_the_same_analysis() -> None:
    replay = played("high-school-drama", 3, 30)
    a = analyse(replay, Settings(iterations=20, seed=4))
    b = analyse(replay, Settings(iterations=20, seed=4))
    assert a == b
    c = analyse(replay, Settings(iterations=20, seed=5))
    assert [d["win_before"] for d in a["decisions"]] != [d["win_before"] for d in c["decisions"]]


def test_workers_give_the_same_analysis_as_one_process() -> None:
    replay = played("academic-society", 2, 30)
    assert analyse(replay, Settings(iterations=12), workers=2) == analyse(replay, Settings(iterations=12))


def test_an_interrupted_analysis_resumes(tmp_path: Path) -> None:
    replay = played("high-school-drama", 2, 40)
    whole = analyse(replay, Settings(iterations=12), run_dir=tmp_path / "run")
    parts = sorted((tmp_path / "run").glob("decisions-*.json"))
    assert len(parts) == 4  # 40 decisions in tasks of 12
    # the run stopped after its first two tasks: the rest are done again, the first two read back
    for part in parts[2:]:
        part.unlink()
    marked = json.loads(parts[0].read_text())
    marked[0]["move"] = "read back from the run folder"
    parts[0].write_text(json.dumps(marked))
    again = analyse(replay, Settings(iterations=12), run_dir=tmp_path / "run")
    assert again["decisions"][0]["move"] == "read back from the run folder"
    assert again["decisions"][1:] == whole["decisions"][1:]
    with pytest.raises(Exception, match="holds a different run .*settings"):
        analyse(replay, Settings(iterations=13), run_dir=tmp_path / "run")


def test_an_analysis_is_not_resumed_under_another_calibration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A refit of the win-chance temperatures (``calibration.toml``) changes every estimate: a run
    folder begun under the old ones is refused rather than mixed with the new."""
    from homeroom.analysis import winmodel
    from homeroom.analysis.winmodel import Temperature

    replay = played("high-school-drama", 2, 14)
    analyse(replay, Settings(iterations=10), run_dir=tmp_path / "run")
    table = {**winmodel._load(), "high-school-drama": {2: Temperature(99.0, 9.0)}}
    monkeypatch.setattr(winmodel, "_TABLE", table)
    with pytest.raises(Exception, match="holds a different run .*temperature"):
        analyse(replay, Settings(iterations=10), run_dir=tmp_path / "run")


def test_a_random_seat_gives_away_more_than_a_medium_seat() -> None:
    replay = played("high-school-drama", 2, None, seed=11, kinds=("medium", "random"))
    summary = analyse(replay, Settings(iterations=60))["summary"]
    good, bad = summary[0]["average_loss"], summary[1]["average_loss"]
    assert bad > 3 * good, summary


def test_ratings_follow_the_thresholds() -> None:
    assert INACCURACY < MISTAKE < BLUNDER
    assert rating(INACCURACY - 1e-9) is None
    assert rating(INACCURACY) == "inaccuracy"
    assert rating(MISTAKE) == "mistake"
    assert rating(BLUNDER + 0.3) == "blunder"


def test_win_chances_add_up_and_follow_the_estimates() -> None:
    for values in ([10.0, 4.0], [3.0, 3.0, 9.0], [0.0, 1.0, 2.0, 3.0, 40.0]):
        for t in (1.0, 5.0, 30.0):
            chances = win_chances(values, t)
            assert sum(chances) == pytest.approx(1.0)
            assert chances.index(max(chances)) == values.index(max(values))
    assert win_chances([0.0], 5.0) == [0.5]  # a solo game's margin over the automa
    assert win_chances([50.0], 5.0)[0] > 0.99
    t = Temperature(start=40.0, end=4.0)
    assert t.at(0.0) == 40.0 and t.at(1.0) == 4.0 and t.at(0.5) == 22.0
    for game_id in ("class-of-89", "academic-society", "high-school-drama"):
        assert temperature(game_id, 2).start > 0 and temperature(game_id, 2).end > 0


def test_run_folder_refuses_another_run(tmp_path: Path) -> None:
    folder = RunDir(tmp_path, prefix="x")
    folder.open({"a": 1, "b": [1, 2]})
    folder.save("0001", {"done": True})
    (tmp_path / "x-0002.json").write_text("{cut sho")  # a save cut short: left out, done again
    again = RunDir(tmp_path, prefix="x")
    again.open({"a": 1, "b": [1, 2]})
    assert again.done() == {"0001": {"done": True}}
    with pytest.raises(Exception, match=r"differs in: a"):
        RunDir(tmp_path, prefix="x").open({"a": 2, "b": [1, 2]})
    (tmp_path / "manifest.json").write_text("not json")
    with pytest.raises(Exception, match="manifest.json is not valid JSON"):
        RunDir(tmp_path, prefix="x").open({"a": 1})


runner = CliRunner()


def test_cli_json_and_html(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("academic-society", 2, 20)))
    out = runner.invoke(app, ["analyse", str(path), "--iterations", "12", "--json", "--html",
                              str(tmp_path / "a.html")])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert len(data["decisions"]) == 20 and set(data["mistakes"]) == {"1", "2"}
    page = (tmp_path / "a.html").read_text()
    assert "<svg" in page and "Every decision" in page and page.count("<details") == 20
    text = runner.invoke(app, ["analyse", str(path), "--iterations", "12"])
    assert text.exit_code == 0 and "How each seat played" in text.stdout


def test_html_escapes_names(tmp_path: Path) -> None:
    replay = played("high-school-drama", 2, 10)
    replay["seats"][0]["name"] = "<img src=x onerror=alert(1)>"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay))
    out = runner.invoke(app, ["analyse", str(path), "--iterations", "10", "--html", str(tmp_path / "a.html")])
    assert out.exit_code == 0, out.output
    page = (tmp_path / "a.html").read_text()
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page


@pytest.mark.parametrize(("args", "message"), [
    (["--iterations", "5"], "--iterations must be from 10"),
    (["--seconds", "0"], "--seconds must be more than 0"),
    (["--workers", "0"], "workers must be at least 1"),
    (["--html", "out.txt"], "--html must end in .html"),
])
def test_cli_bad_settings_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("academic-society", 2, 5)))
    out = runner.invoke(app, ["analyse", str(path), *args])
    assert out.exit_code == 2
    assert message in out.output and "Traceback" not in out.output


def test_cli_bad_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps(played("academic-society", 2, 0)))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for path, message in ((tmp_path / "missing.json", "no such file"), (bad, "bad.json"),
                          (empty, "no decisions to analyse")):
        out = runner.invoke(app, ["analyse", str(path)])
        assert out.exit_code == 2 and message in out.output, out.output


def test_analysis_error_is_a_user_error() -> None:
    with pytest.raises(AnalysisError, match="--iterations"):
        Settings(iterations=0).check()
