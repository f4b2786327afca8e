"""``homeroom data`` and ``--data DIR`` on play, simulate, tournament and replay (issue 37)."""

from __future__ import annotations

import csv
import json
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homeroom import games
from homeroom.cli.main import app
from homeroom.engine.datadiff import STAND_IN_MARK

runner = CliRunner()
GAME = "class-of-89"


def run(*args: str, input: str | None = None):  # noqa: A002
    return runner.invoke(app, list(args), input=input)


@pytest.fixture(autouse=True)
def packaged_again() -> Iterator[None]:
    """``--data`` switches the data set of this (test) process: switch it back after each test."""
    yield
    for gid in ("class-of-89", "academic-society", "high-school-drama"):
        games.get(gid).use_data(None)


@pytest.fixture
def variant(tmp_path: Path) -> Path:
    folder = tmp_path / "variant"
    folder.mkdir()
    (folder / "students.toml").write_text('[[student]]\nid = "amy-a"\nname = "Amy Anderson"\nletter = "A"\n'
                                          'left = "arts"\nright = "pep"\nprovenance = "stand-in"\n')
    return folder


def test_export_template_check_and_diff(tmp_path: Path, variant: Path) -> None:
    out = tmp_path / "mine"
    result = run("data", "export", GAME, str(out))
    assert result.exit_code == 0, result.output
    packaged = games.get(GAME).data_directory()
    assert packaged is not None
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in packaged.glob("*.toml"))
    assert (out / "students.toml").read_text() == (packaged / "students.toml").read_text()
    again = run("data", "export", GAME, str(out))
    assert again.exit_code == 2 and "not an empty folder" in again.stderr
    template = tmp_path / "cards"
    assert run("data", "export", GAME, str(template), "--template").exit_code == 0
    text = (template / "students.toml").read_text()
    assert text.count(STAND_IN_MARK) > 50
    assert tomllib.loads(text) == tomllib.loads((packaged / "students.toml").read_text())
    checked = run("data", "check", GAME, str(template))
    digest = games.get(GAME).dataset(None).digest
    assert checked.exit_code == 0 and f"data set cards ({digest})" in checked.output, checked.output
    shown = run("data", "diff", GAME, str(variant))
    assert shown.exit_code == 0, shown.output
    assert "2 change(s)" in shown.output
    assert 'students.toml student[id=amy-a] left: "quiz" -> "arts" [stand-in]' in shown.output


def test_check_refuses_a_bad_folder_naming_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "staff.toml").write_text('[[staff]]\nid = "nobody"\nname = "X"\n')
    (bad / "students.toml").write_text("this is not toml")
    result = run("data", "check", GAME, str(bad))
    assert result.exit_code == 2
    assert f"{bad / 'students.toml'}: not valid TOML" in result.output
    assert "staff.toml staff #25 (nobody)" in result.output and "field 'provenance'" in result.output
    played = run("simulate", GAME, "-n", "1", "--data", str(bad))
    assert played.exit_code == 2 and played.stderr.count("\n") == 1 and "students.toml" in played.stderr
    missing = run("play", GAME, "--seat", "random", "--seat", "random", "--data", str(tmp_path / "nowhere"))
    assert missing.exit_code == 2 and "not a folder" in missing.stderr


def test_simulate_and_tournament_record_the_data_set(tmp_path: Path, variant: Path) -> None:
    rows = tmp_path / "rows.csv"
    result = run("simulate", GAME, "-n", "2", "--data", str(variant), "--json", "--out", str(rows))
    assert result.exit_code == 0, result.output
    digest = games.get(GAME).dataset(variant).digest
    summary = json.loads(result.stdout)
    assert summary["data"] == "variant" and summary["data_digest"] == digest
    with rows.open() as fh:
        assert {(r["data"], r["data_digest"]) for r in csv.DictReader(fh)} == {("variant", digest)}
    games.get(GAME).use_data(None)
    plain = json.loads(run("tournament", GAME, "-n", "2", "--json").stdout)
    assert plain["data"] == "packaged" and plain["data_digest"] == games.get(GAME).dataset(None).digest


def test_a_save_resumes_and_replays_only_with_its_data(tmp_path: Path, variant: Path) -> None:
    save = tmp_path / "g.json"
    played = run("play", GAME, "--seat", "random", "--seat", "random", "--seed", "4", "--save", str(save),
                 "--data", str(variant))
    assert played.exit_code == 0, played.output
    saved = json.loads(save.read_text())
    assert saved["data"] == {"name": "variant", "digest": games.get(GAME).dataset(variant).digest}
    before = save.read_bytes()
    games.get(GAME).use_data(None)
    refused = run("replay", str(save))
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1
    assert "'variant'" in refused.stderr and "'packaged'" in refused.stderr and "--recheck" in refused.stderr
    resumed = run("play", "--resume", str(save))
    assert resumed.exit_code == 2 and "'variant'" in resumed.stderr
    assert save.read_bytes() == before  # nothing saved is changed by a refusal
    assert run("replay", str(save), "--data", str(variant)).exit_code == 0
    games.get(GAME).use_data(None)
    assert run("replay", str(save), "--recheck").exit_code == 0


def test_serve_refuses_a_bad_data_set_at_start_naming_every_problem(tmp_path: Path) -> None:
    """``serve --data-set`` checks each folder before it opens the database or a port."""
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "students.toml").write_text('[[student]]\nid = "amy-a"\nname = 3\n')
    served = run("serve", "--data-dir", str(tmp_path / "db"), "--data-set", f"mine=class-of-89:{bad}")
    assert served.exit_code == 2 and "a data set has problems:" in served.stderr
    lines = [line.strip() for line in served.stderr.splitlines()[1:]]
    assert len(lines) == 5 and all(line.startswith(f"--data-set mine: {bad / 'students.toml'} student #1") for line in lines)
    assert "field 'name' must be non-empty text" in served.stderr and "field 'provenance'" in served.stderr
    unknown = run("serve", "--data-dir", str(tmp_path / "db"), "--data-set", f"x={tmp_path / 'nowhere'}")
    assert unknown.exit_code == 2 and "not a folder" in unknown.stderr
    assert not (tmp_path / "db").exists()  # refused before the database was made
