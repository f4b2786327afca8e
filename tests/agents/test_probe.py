"""Strategy probes: each plays legal moves only and follows its line; ``homeroom lab probe`` on a
tiny run; the probe's games and the games without it are really the same deals."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

from homeroom import games
from homeroom.agents import AgentError, make_agent
from homeroom.agents.probe import ProbeAgent
from homeroom.cli.main import app
from homeroom.games.academic_society import actions as asa
from homeroom.games.academic_society.components import components as as_components
from homeroom.games.class_of_89 import actions as c89
from homeroom.games.class_of_89.components import components as c89_components
from homeroom.games.high_school_drama import actions as hsd
from homeroom.sim.probe import probe_run
from homeroom.sim.runner import play_one

runner = CliRunner()


def _entrance(state: Any, legal: list[Any], chosen: Any, memory: dict[str, Any]) -> bool:
    """Returns whether the line applied here; asserts the probe took it."""
    if any(isinstance(x, c89.Place) and x.location == "entrance" for x in legal):
        assert isinstance(chosen, c89.Place) and chosen.location == "entrance", chosen
        return True
    return False


def _rush_club(state: Any, legal: list[Any], chosen: Any, memory: dict[str, Any]) -> bool:
    club = memory.get("club")
    if club is None:
        return False
    where = next(lc.id for lc in c89_components().locations if lc.club == club)
    memory.setdefault("seen_clubs", set()).add(club)
    if any(isinstance(x, c89.Place) and x.member == "editor" and x.location == where for x in legal):
        assert isinstance(chosen, c89.Place) and chosen.member == "editor" and chosen.location == where, chosen
        return True
    if any(isinstance(x, c89.UseMember) and x.member == "editor" and x.club == club for x in legal):
        assert isinstance(chosen, c89.UseMember) and chosen.club == club, chosen
        return True
    return False


def _one_sabbatical(state: Any, legal: list[Any], chosen: Any, memory: dict[str, Any]) -> bool:
    if any(isinstance(x, asa.Sabbatical) for x in legal):
        subject = memory.get("subject")
        if any(isinstance(x, asa.Sabbatical) and x.subject == subject for x in legal):
            assert isinstance(chosen, asa.Sabbatical) and chosen.subject == subject, chosen
            return True
        return False
    comp = as_components()
    if any(isinstance(x, asa.Place) and comp.space(x.space).location == "headquarters" for x in legal):
        assert isinstance(chosen, asa.Place) and comp.space(chosen.space).location == "headquarters", chosen
        return True
    return False


def _hoard(state: Any, legal: list[Any], chosen: Any, memory: dict[str, Any]) -> bool:
    if any(isinstance(x, hsd.DrawEvent) for x in legal):
        assert isinstance(chosen, hsd.DrawEvent), chosen
        return True
    return False


LINES: list[tuple[str, str, Callable[..., bool]]] = [
    ("class-of-89", "entrance", _entrance),
    ("class-of-89", "rush-club", _rush_club),
    ("academic-society", "one-sabbatical", _one_sabbatical),
    ("high-school-drama", "hoard-events", _hoard),
]


@pytest.mark.parametrize(("game_id", "line", "follows"), LINES, ids=[f"{g}:{n}" for g, n, _ in LINES])
def test_each_probe_plays_legal_moves_and_follows_its_line(game_id: str, line: str, follows: Callable[..., bool]) -> None:
    state = games.get(game_id).new_state(3, 11, {})
    state.set_quiet()
    probe = make_agent(f"probe:{line}", 5)
    assert isinstance(probe, ProbeAgent)
    probe.check_table(game_id, 3)
    rivals = [make_agent("random", 100 + s) for s in range(3)]
    applied = 0
    subjects: set[str] = set()
    while not state.is_terminal():
        seat = state.to_move
        if seat == 1:
            legal = state.legal_actions()
            chosen = probe.choose(state, seat)
            assert chosen in legal
            applied += follows(state, legal, chosen, probe.memory)
            if isinstance(chosen, asa.Sabbatical):
                subjects.add(chosen.subject)
            state.apply(chosen)
        else:
            state.apply(rivals[seat].choose(state, seat))
    assert applied >= 1, "the line never had a move: the test would prove nothing"
    assert len(subjects) <= 1  # one Sabbatical track, never another
    assert len(probe.memory.get("seen_clubs", set())) <= 1


def test_probe_specs_are_checked() -> None:
    with pytest.raises(AgentError, match="unknown probe 'nope'"):
        make_agent("probe:nope")
    with pytest.raises(AgentError, match="needs a line"):
        make_agent("probe")
    with pytest.raises(AgentError, match="has no probe 'entrance'"):
        make_agent("probe:entrance").check_table("high-school-drama", 3)
    assert make_agent("probe:line=entrance").name == "probe:entrance"


def test_paired_seeds_are_the_same_deals() -> None:
    report = probe_run("high-school-drama", 3, 4, seed=20, against="random")
    (line,) = report["probes"]
    assert [d["seed"] for d in line["deals"]] == [20, 21, 22, 23]
    assert [d["seat"] for d in line["deals"]] == [1, 2, 3, 1]  # seats rotated, numbered from 1
    options = report["options"]
    for d in line["deals"]:
        seat = d["seat"] - 1
        base = play_one("high-school-drama", 3, d["seed"], options, ["random"] * 3)
        seats = ["random"] * 3
        seats[seat] = "probe:hoard-events"
        probed = play_one("high-school-drama", 3, d["seed"], options, seats)
        assert base.scores[seat] == d["baseline_score"] and probed.scores[seat] == d["probe_score"]
        # the same deal: the same cards dealt, so the first decision offered is the same
        state = games.get("high-school-drama").new_state(3, d["seed"], options)
        again = games.get("high-school-drama").new_state(3, d["seed"], options)
        assert state.legal_actions() == again.legal_actions()
    assert line["games"] == 4 and 0 <= line["ci95"][0] <= line["win_rate"] <= line["ci95"][1] <= 1
    wins = sum(d["probe_won"] for d in line["deals"])
    assert line["win_rate"] == pytest.approx(wins / 4)
    diffs = [d["probe_won"] - d["baseline_won"] for d in line["deals"]]
    assert line["paired_win_diff"] == pytest.approx(sum(diffs) / 4)


def test_lab_probe_command_on_a_tiny_run() -> None:
    result = runner.invoke(app, ["lab", "probe", "high-school-drama", "--players", "3", "--games", "3",
                                 "--against", "random"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "hoard-events" in result.output and "fair" in result.output and "33%" in result.output
    assert "paired" in result.output
    result = runner.invoke(app, ["lab", "probe", "high-school-drama", "-p", "3", "-n", "2", "--against", "random",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 3 and data["probes"][0]["probe"] == "hoard-events"
    assert data["probes"][0]["fair_share"] == pytest.approx(1 / 3, abs=1e-3) and len(data["probes"][0]["deals"]) == 2


@pytest.mark.parametrize(("args", "message"), [
    (["toy"], "declares no strategy probes"),
    (["high-school-drama", "--line", "entrance"], "has no probe 'entrance'"),
    (["high-school-drama", "--against", "nobody"], "unknown seat kind 'nobody'"),
    (["high-school-drama", "--players", "1"], ""),
    (["high-school-drama", "--games", "0"], "number of games"),
])
def test_bad_probe_input_is_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["lab", "probe", *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], result.stderr


def test_the_report_uses_the_pairing_where_runs_share_seeds(tmp_path: Any) -> None:
    from homeroom.sim.report import analyse, load_rows, render_html
    from homeroom.sim.runner import simulate, write_rows

    played: list[Any] = []
    report = probe_run("high-school-drama", 3, 6, seed=40, against="random", collect=played)
    write_rows(played, tmp_path / "probe.csv")
    sec = analyse(load_rows([tmp_path / "probe.csv"]))["sections"][0]
    (pair,) = sec["paired"]
    line = report["probes"][0]
    assert pair["agent"] == "probe:hoard-events" and pair["baseline"] == "random" and pair["deals"] == 6
    assert pair["effect"] == pytest.approx(line["paired_win_diff"], abs=1e-4)
    assert pair["effect_ci95"] == pytest.approx(line["paired_win_diff_ci95"], abs=1e-4) and "q" in pair
    assert "Paired deals" in render_html({"sections": [sec], "testing": {}})
    # games on other seeds are other deals: nothing to pair
    write_rows(simulate("high-school-drama", 3, 3, seats=["probe:hoard-events", "random", "random"], seed=90)
               + simulate("high-school-drama", 3, 3, seed=95), tmp_path / "apart.csv")
    assert "paired" not in analyse(load_rows([tmp_path / "apart.csv"]))["sections"][0]


def test_the_lobby_does_not_offer_probes_but_a_table_may_seat_one() -> None:
    from homeroom.agents import kinds
    from homeroom.server.bots import check_kind, offered_kinds

    assert "probe" in kinds() and "probe" not in offered_kinds()
    assert check_kind("probe:entrance", "class-of-89", 3) == "probe:entrance"
    with pytest.raises(AgentError, match="has no probe"):
        check_kind("probe:entrance", "academic-society", 3)
