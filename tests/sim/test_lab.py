"""The balance lab: per-game action/component records, resumable run directories, the report."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from homeroom.engine.errors import HomeroomError
from homeroom.sim import lab
from homeroom.sim.report import analyse, load_rows, public, render_html
from homeroom.sim.runner import play_one, simulate, write_rows


def test_a_game_without_a_lab_module_is_described_generically() -> None:
    res = play_one("toy", 2, 3, {}, ["random", "random"])
    assert res.error is None
    assert sum(k for seat in res.actions for per in seat.values() for k in per.values()) == res.decisions
    assert res.taken == [[], []]


@pytest.mark.parametrize(("game", "players", "kinds", "prefix"), [
    ("academic-society", 2, {"place:salon", "upkeep", "skip-upkeep", "treatise"}, ("treatise-", "commission-")),
    ("class-of-89", 2, {"take"}, ("",)),
    ("high-school-drama", 3, {"pick-main"}, ("",)),
])
def test_each_game_declares_rounds_kinds_and_components(game: str, players: int, kinds: set[str],
                                                        prefix: tuple[str, ...]) -> None:
    res = play_one(game, players, 11, {}, ["random"] * players)
    assert res.error is None, res.error
    seen = {kind for seat in res.actions for per in seat.values() for kind in per}
    assert seen & kinds, seen
    rounds = {int(r) for seat in res.actions for r in seat}
    assert min(rounds) >= 1 and len(rounds) > 1  # the game's own rounds, not one bucket
    counted = sum(k for seat in res.actions for per in seat.values() for k in per.values())
    assert counted == res.decisions
    taken = [c for seat in res.taken for c in seat]
    assert taken and all(c.startswith(prefix) for c in taken)


def test_the_hook_is_found_from_the_game_package_not_its_id() -> None:
    from homeroom import games

    assert lab.hook_for(games.get("academic-society")).__module__ == "homeroom.games.academic_society.lab"
    assert lab.hook_for(games.get("toy")) is lab.generic


def test_rows_carry_actions_components_and_options(tmp_path: Path) -> None:
    results = simulate("academic-society", 2, 2, seed=4)
    path = tmp_path / "rows.csv"
    write_rows(results, path)
    with path.open() as fh:
        rows = list(csv.DictReader(fh))
    assert {"actions_0", "actions_1", "taken_0", "place_0", "seat0_treatises", "options", "game"} <= set(rows[0])
    assert json.loads(rows[0]["actions_0"]) == results[0].actions[0]
    assert rows[0]["taken_1"].split() == results[0].taken[1]


def test_an_interrupted_run_resumes_from_its_finished_chunks(tmp_path: Path) -> None:
    run = tmp_path / "run"
    full = simulate("toy", 3, 6, seed=2, run_dir=run, chunk=2)
    chunks = sorted(run.glob("chunk-*.json"))
    assert len(chunks) == 3
    chunks[1].unlink()  # as if the run had been stopped before this task finished
    chunks[2].write_text(chunks[2].read_text()[:20])  # and this file cut short
    before = chunks[0].stat().st_mtime_ns
    played: list[int] = []
    again = simulate("toy", 3, 6, seed=2, run_dir=run, progress=played.append)
    assert [(r.seed, r.scores) for r in again] == [(r.seed, r.scores) for r in full]
    assert chunks[0].stat().st_mtime_ns == before  # the finished chunk was not played again
    assert sum(played) == 6 and len(list(run.glob("chunk-*.json"))) == 3
    with pytest.raises(HomeroomError, match="different run"):
        simulate("toy", 3, 6, seed=9, run_dir=run)


def test_report_has_every_table_and_is_self_contained(tmp_path: Path) -> None:
    rows_path = tmp_path / "t.csv"
    from homeroom.sim.tournament import tournament

    played: list = []
    tournament("academic-society", 2, ["greedy", "random"], 4, seed=1, collect=played)
    write_rows(played, rows_path)
    data = analyse(load_rows([rows_path]))
    sec = data["sections"][0]
    assert sec["games"] == 4 and len(sec["seats"]) == 2
    assert {c["category"] for c in sec["sources"]} == {"influence", "authority", "sabbatical", "treatises"}
    assert abs(sum(sec["actions"]["placement_share"].values()) - 1) < 0.01
    assert sec["components"] and sec["ratings"][0]["agent"] in ("greedy", "random")
    heavy = {h["kind"]: h for h in sec["actions"]["heavy_users"]}
    assert heavy and all(0 < h["seat_games"] < 8 for h in heavy.values())
    page = render_html(data)
    for title in ("Win rate by seat position", "Score distributions", "Score sources by category",
                  "Game length", "Action kinds per seat", "more than average", "Action kinds per round", "Components", "Agent ratings"):
        assert title in page
    assert "within noise" in page or "beyond noise" in page.lower()
    assert "<svg" in page and "<script" not in page and "<metadata>" not in page
    for outside in ('src="http', "src='http", 'href="http', "href='http", "url(http", "@font-face", "<link", "@import"):
        assert outside not in page
    json.dumps(public(data))


def test_solo_rows_report_the_automa_by_difficulty(tmp_path: Path) -> None:
    path = tmp_path / "solo.csv"
    write_rows(simulate("class-of-89", 1, 2, seed=1, options={"difficulty": "easy"}), path)
    sec = analyse(load_rows([path]))["sections"][0]
    assert sec["solo"][0]["difficulty"] == "easy" and sec["solo"][0]["automa_score_mean"] is not None


def test_seat_verdict_names_a_seat_beyond_noise() -> None:
    rows = [{"seed": i, "game": "g", "scores": "9 1", "winner": "0", "seat_agents": "a a", "_file": "x"}
            for i in range(60)]
    sec = analyse(rows)["sections"][0]
    assert not sec["first_seat_within_noise"] and "Beyond noise" in sec["seat_verdict"]
    fair = [{**r, "winner": str(i % 2), "scores": "5 5"} for i, r in enumerate(rows)]
    assert analyse(fair)["sections"][0]["first_seat_within_noise"]


def test_bad_results_files_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(HomeroomError, match="no results file"):
        load_rows([tmp_path / "missing.csv"])
    bad = tmp_path / "bad.txt"
    bad.write_text("x")
    with pytest.raises(HomeroomError, match=r"\.csv or \.parquet"):
        load_rows([bad])
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    with pytest.raises(HomeroomError, match="not a homeroom results file"):
        load_rows([other])
