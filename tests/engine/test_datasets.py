"""Data sets: a folder laid over a game's packaged data, its digest, and replays that record it (issue 37)."""

from __future__ import annotations

import hashlib
import json
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import fresh_loop
from homeroom import games
from homeroom.engine.datadiff import diff, to_toml
from homeroom.engine.datasets import overlay
from homeroom.engine.errors import DataError, HomeroomError, ReplayError
from homeroom.engine.match import Match
from homeroom.sim.runner import simulate

GAME_IDS = ("class-of-89", "academic-society", "high-school-drama")


@pytest.fixture(autouse=True)
def packaged_again() -> Iterator[None]:
    """Every test leaves each game on its packaged data (the active data set is per process)."""
    yield
    for gid in GAME_IDS:
        games.get(gid).use_data(None)


def _students(folder: Path, text: str) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "students.toml").write_text(text, encoding="utf-8")
    return folder


AMY = '''[[student]]
id = "amy-a"
name = "Amy Anderson"
letter = "A"
left = "arts"
right = "pep"
provenance = "stand-in"
'''


def test_packaged_digest_is_the_merged_data_and_stable(tmp_path: Path) -> None:
    for gid in GAME_IDS:
        game = games.get(gid)
        packaged = game.data_directory()
        assert packaged is not None
        files = {p.name: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(packaged.glob("*.toml"))}
        expected = hashlib.sha256(json.dumps(files, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:12]
        ds = game.dataset(None)
        assert ds.digest == expected == game.current_data().digest and ds.name == "packaged"
        empty = tmp_path / f"{gid}-empty"
        empty.mkdir()
        assert game.dataset(empty).digest == expected  # nothing laid over: the same data
        copied = tmp_path / f"{gid}-copy"
        shutil.copytree(packaged, copied)
        assert game.dataset(copied).digest == expected  # the whole packaged data laid over itself
        for name, data in ds.files.items():  # the template writes the same values back (comments aside)
            assert tomllib.loads(to_toml(data, marks=True)) == data, name


def test_an_overlay_replaces_its_record_and_nothing_else(tmp_path: Path) -> None:
    from homeroom.games.class_of_89.components import NAMES, components

    game = games.get("class-of-89")
    before = components()
    assert before.students["amy-a"].left == "quiz" and NAMES.card["amy-a"] == "Amy A"
    ds = game.dataset(_students(tmp_path / "mine", AMY))
    assert ds.name == "mine" and ds.digest != game.dataset(None).digest
    assert [(c.record, c.field, c.old, c.new, c.provenance) for c in diff(ds)] == [
        ("student[id=amy-a]", "name", "Amy A", "Amy Anderson", "stand-in"),
        ("student[id=amy-a]", "left", "quiz", "arts", "stand-in")]
    game.use_data(ds)
    after = components()
    assert after.students["amy-a"].left == "arts" and NAMES.card["amy-a"] == "Amy Anderson"
    assert {k: v for k, v in after.students.items() if k != "amy-a"} == \
        {k: v for k, v in before.students.items() if k != "amy-a"}
    assert (after.teachers, after.staff, after.tiles, after.objectives, after.board) == \
        (before.teachers, before.staff, before.tiles, before.objectives, before.board)
    assert game.current_data().label == ds.label
    game.use_data(None)
    assert components().students["amy-a"].left == "quiz" and NAMES.card["amy-a"] == "Amy A"
    # back on the packaged data, the game reads the very object it read before the switch (a table
    # taken before it, e.g. a test module's constant, still means the game's data)
    assert components() is before


def test_a_changed_stand_in_value_changes_the_games(tmp_path: Path) -> None:
    """Every student's stand-in right half-icon moved to the next club: the same seeds score otherwise."""
    game = games.get("class-of-89")
    clubs = ["council", "quiz", "pep", "arts", "athletics", "honor"]
    students = overlay(game.data_directory(), None).files["students.toml"]["student"]
    shifted = [dict(s, right=clubs[(clubs.index(s["right"]) + 1) % 6]) for s in students
               if s["provenance"] == "stand-in"]
    folder = tmp_path / "shifted"
    folder.mkdir()
    (folder / "students.toml").write_text(to_toml({"student": shifted}), encoding="utf-8")
    base = simulate("class-of-89", 2, 6, ["random", "random"], seed=7)
    variant = simulate("class-of-89", 2, 6, ["random", "random"], seed=7, data=game.dataset(folder))
    assert all(r.error is None for r in base + variant)
    assert {r.data for r in variant} == {"shifted"} and {r.data for r in base} == {"packaged"}
    assert [r.scores for r in base] != [r.scores for r in variant]


def test_a_bad_record_is_refused_naming_file_record_and_field(tmp_path: Path) -> None:
    game = games.get("class-of-89")
    folder = _students(tmp_path / "bad", AMY.replace('"arts"', '"chess"'))
    (folder / "tiels.toml").write_text("x = 1\n")
    (folder / "teachers.toml").write_text('[[teacher]]\nname = "no id"\n')
    with pytest.raises(DataError) as err:
        game.dataset(folder)
    problems = err.value.problems
    assert any(p.startswith(f"{folder / 'students.toml'} student") and "(amy-a)" in p and "field 'left'" in p
               and "'chess'" in p for p in problems), problems
    assert any("tiels.toml" in p and "no such data file" in p for p in problems)
    assert any(p.startswith(f"{folder / 'teachers.toml'} teacher #1") and "field 'id'" in p for p in problems)
    assert game.current_data().name == "packaged"  # a refused folder never becomes active


def test_other_games_merge_by_their_record_keys(tmp_path: Path) -> None:
    from homeroom.games.academic_society.components import components as as_components
    from homeroom.games.high_school_drama.components import load as hsd_load

    folder = tmp_path / "as"
    folder.mkdir()
    cells = overlay(games.get("academic-society").data_directory(), None).files["authority_track.toml"]["cell"]
    first = dict(cells[0], influence=cells[0]["influence"] + 5)
    (folder / "authority_track.toml").write_text(to_toml({"cell": [first]}))
    old = as_components().cells[first["order"]].influence
    games.get("academic-society").use_data(games.get("academic-society").dataset(folder))
    assert as_components().cells[first["order"]].influence == old + 5
    hsd = games.get("high-school-drama")
    students = overlay(hsd.data_directory(), None).files["students.toml"]["student"]
    renamed = dict(students[0], name="Someone Else")
    (tmp_path / "hsd").mkdir()
    (tmp_path / "hsd" / "students.toml").write_text(to_toml({"student": [renamed]}))
    hsd.use_data(hsd.dataset(tmp_path / "hsd"))
    assert hsd_load().cards[renamed["id"]].name == "Someone Else"
    hsd.use_data(None)
    assert hsd_load().cards[renamed["id"]].name == students[0]["name"]


def test_a_replay_records_its_data_set_and_other_data_is_refused(tmp_path: Path) -> None:
    game = games.get("class-of-89")
    mine = game.dataset(_students(tmp_path / "mine", AMY))
    game.use_data(mine)
    match = Match.start(game, 2, 5)
    for _ in range(6):
        match.play(match.state.legal_actions()[0])
    replay = match.to_replay()
    assert replay["data"] == {"name": "mine", "digest": mine.digest}
    assert len(Match.from_replay(replay).history) == 6  # the same data: accepted
    game.use_data(None)
    with pytest.raises(ReplayError) as err:
        Match.from_replay(replay)
    text = str(err.value)
    assert "'mine'" in text and mine.digest in text and "'packaged'" in text and game.dataset(None).digest in text
    assert "\n" not in text
    rechecked = Match.from_replay(replay, recheck=True)  # every action is legal with the packaged data too
    assert len(rechecked.history) == 6 and rechecked.data == {"name": "packaged", "digest": game.dataset(None).digest}
    old = dict(replay)
    del old["data"]  # a replay from before data sets: played as it always was
    assert len(Match.from_replay(old).history) == 6


def test_a_run_directory_is_not_resumed_with_other_data(tmp_path: Path) -> None:
    game = games.get("class-of-89")
    mine = game.dataset(_students(tmp_path / "mine", AMY))
    run_dir = tmp_path / "run"
    simulate("class-of-89", 2, 2, seed=1, run_dir=run_dir, data=mine)
    with pytest.raises(HomeroomError, match="differs in: data"):
        simulate("class-of-89", 2, 2, seed=1, run_dir=run_dir)
    again = simulate("class-of-89", 2, 2, seed=1, run_dir=run_dir, data=mine)
    assert {r.data for r in again} == {"mine"}


def test_a_data_set_bound_in_one_context_is_seen_there_only(tmp_path: Path) -> None:
    """A server plays tables of one game with different data sets in one process: a data set bound
    (``engine.datasets.bound``) is what every lookup in that context reads, interleaved asyncio
    tasks and threads each see their own, and a match refuses a move under other data than its own."""
    import asyncio
    import contextvars
    from concurrent.futures import ThreadPoolExecutor

    from homeroom.engine.datasets import bound
    from homeroom.games.class_of_89.components import NAMES, components
    from homeroom.games.class_of_89.placement import lookup

    game = games.get("class-of-89")
    packaged = game.data_directory()
    assert packaged is not None
    ds = game.dataset(_students(tmp_path / "mine", AMY))

    def seen() -> tuple[str, str, bool]:
        return components().students["amy-a"].left, NAMES.card["amy-a"], lookup() is lookup()

    async def look(data: Any) -> list[tuple[str, str, bool]]:
        out = []
        with bound(packaged, data):
            for _ in range(3):
                out.append(seen())
                await asyncio.sleep(0)  # the other tasks run here
        return out

    async def interleaved() -> list[list[tuple[str, str, bool]]]:
        return list(await asyncio.gather(look(ds), look(None), look(ds)))

    mine, theirs = ("arts", "Amy Anderson", True), ("quiz", "Amy A", True)
    assert fresh_loop.run(interleaved()) == [[mine] * 3, [theirs] * 3, [mine] * 3]
    with bound(packaged, ds):
        context = contextvars.copy_context()
    with ThreadPoolExecutor(2) as pool:
        assert pool.submit(context.run, seen).result() == mine and pool.submit(seen).result() == theirs
    assert seen() == theirs and game.current_data().name == "packaged"
    with bound(packaged, ds):
        match = Match.start(game, 2, 7)
        assert game.current_data() is ds
    action = match.state.legal_actions()[0]
    with pytest.raises(HomeroomError, match=r"played with data set 'mine' \(\w{12}\), not packaged"):
        match.play(action)
    with bound(packaged, ds):
        match.play(action)
    assert len(match.history) == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_components_are_built_once_per_data_set_and_the_packaged_ones_kept(game_id: str, tmp_path: Path) -> None:
    """``components_of`` (every game's components()): one build per bound data set, the process's
    cleared by a switch, and the packaged components the same object after switching back."""
    import importlib

    from homeroom.engine.datasets import bound, use

    mod = importlib.import_module(f"homeroom.games.{game_id.replace('-', '_')}.components")
    lookup = mod.components if hasattr(mod, "components") else mod.load
    packaged = lookup()
    folder = tmp_path / "mine"
    folder.mkdir()
    ds = overlay(mod.DATA_DIR, None)
    with bound(mod.DATA_DIR, ds):
        assert lookup() is packaged  # an unchanged data set is the process's own
    first = sorted(p.name for p in mod.DATA_DIR.glob("*.toml"))[0]
    (folder / first).write_text((mod.DATA_DIR / first).read_text(encoding="utf-8") + "\n# mine\n", encoding="utf-8")
    mine = overlay(mod.DATA_DIR, folder)
    with bound(mod.DATA_DIR, mine):
        in_set = lookup()
        assert lookup() is in_set  # built once for this data set
    assert lookup() is packaged
    use(mod.DATA_DIR, mine)
    try:
        switched = lookup()
        assert lookup() is switched
    finally:
        use(mod.DATA_DIR, None)
    assert lookup() is packaged  # the packaged components again, not a rebuild
