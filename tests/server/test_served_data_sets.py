"""The server offers named data sets (``serve --data-set NAME=DIR``, issue 37): a table is made with
one, records it, is played (moves, bots, past views, a restart) only ever with its own data even
beside a table of the same game with another data set in the same process, and a table whose data
set is no longer offered stays readable but takes no move."""

from __future__ import annotations

import multiprocessing
import pickle
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from server_helpers import create, seated, server
from sqlalchemy import select, update

from homeroom import games
from homeroom.engine.datadiff import to_toml
from homeroom.engine.datasets import DataSet, bound, bound_all, bound_now
from homeroom.server.datasets import Offered
from homeroom.server.storage import Store, tables_table

GAME = "class-of-89"
MINE = " (mine)"


def renamed_students(folder: Path) -> Path:
    """A data set folder for Class of '89 where every student's name ends in `` (mine)``: every log
    line naming a student tells which data set wrote it."""
    packaged = games.get(GAME).data_directory()
    assert packaged is not None
    data = tomllib.loads((packaged / "students.toml").read_text(encoding="utf-8"))
    for rec in data["student"]:
        rec["name"] += MINE
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "students.toml").write_text(to_toml({"student": data["student"]}), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def mine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return renamed_students(tmp_path_factory.mktemp("sets") / "mine")


def log_texts(view: dict[str, Any]) -> list[str]:
    return [line["text"] for line in view["log"]]


def test_games_list_the_offered_data_sets_and_create_refuses_an_unknown_one(mine: Path, tmp_path: Path) -> None:
    with server(data_dir=tmp_path, data_sets=[f"mine={mine}"]) as client:
        listed = {g["id"]: g["data_sets"] for g in client.get("/api/games").json()["games"]}
        assert [d["name"] for d in listed[GAME]] == ["packaged", "mine"]
        assert listed[GAME][1]["digest"] == games.get(GAME).dataset(mine).digest and not listed[GAME][1]["packaged"]
        assert [d["name"] for d in listed["high-school-drama"]] == ["packaged"]
        bad = client.post("/api/tables", json={"game": GAME, "players": 2, "data_set": "theirs"})
        assert bad.status_code == 400
        assert bad.json()["error"] == f"unknown data set 'theirs' for {GAME} (this server offers: packaged, mine)"
        other_game = client.post("/api/tables", json={"game": "high-school-drama", "players": 2, "data_set": "mine"})
        assert other_game.status_code == 400 and "offers: packaged)" in other_game.json()["error"]
        made = create(client, GAME, 2, data_set="mine")
        table = client.get(f"/api/tables/{made['table_id']}").json()
        assert table["data_set"] == "mine" and table["data_notice"] is None
        data = client.get(f"/api/tables/{made['table_id']}/data").json()
        assert data["data_set"] == "mine" and data["digest"] == listed[GAME][1]["digest"]
        assert data["stand_ins"]["amy-a"] == "all" and data["stand_ins"]["julie-b"] == ["left", "right"]  # mixed: its fields
        # the data set's board: its components made from that data, every other file the board's own
        made_js = client.get("/boards/class-of-89/data/mine/components.js")
        assert made_js.status_code == 200 and "Amy A (mine)" in made_js.text
        assert "Amy A (mine)" not in client.get("/boards/class-of-89/components.js").text
        assert client.get("/boards/class-of-89/data/mine/board.js").text == client.get("/boards/class-of-89/board.js").text
        assert client.get("/boards/class-of-89/data/theirs/board.js").status_code == 404


def test_offered_data_sets_are_checked_at_start(tmp_path: Path) -> None:
    both = tmp_path / "both"
    both.mkdir()
    (both / "students.toml").write_text("[[student]]\nid = 'x'\n", encoding="utf-8")
    with pytest.raises(ValueError, match="its files fit class-of-89 and high-school-drama; say which game"):
        Offered.load([f"x={both}"])
    with pytest.raises(ValueError, match="the name must be"):
        Offered.load([f"packaged={both}"])
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "students.toml").write_text("[[student]]\nid = 'amy-a'\nname = 'Amy'\n", encoding="utf-8")
    with pytest.raises(Exception, match="--data-set broken: .*students.toml"):
        Offered.load([f"broken={GAME}:{broken}"])


def _play_both(client: Any, tables: dict[str, dict[str, Any]], moves: int, rng: random.Random) -> dict[str, Any]:
    """The same random moves for seat 0 at both tables (the same seed: the same game but for the
    names), one table after the other, while bots think at both; the last views."""
    views: dict[str, Any] = {}
    with seated(client, tables["packaged"]["table_id"], tables["packaged"]["seats"][0]["secret"]) as a, \
            seated(client, tables["mine"]["table_id"], tables["mine"]["seats"][0]["secret"]) as b:
        for _ in range(moves):
            for p in (a, b):
                while p.view["to_move"] != 0 and not p.view["terminal"]:
                    p.until("view")
            if a.view["terminal"]:
                break
            assert [x["action"] for x in a.view["legal"]] == [x["action"] for x in b.view["legal"]]
            choice = rng.choice(a.view["legal"])["action"]
            for p in (a, b):
                version = p.view["version"]
                p.act(choice)
                p.until_view(version + 1)
        views = {"packaged": a.view, "mine": b.view}
    return views


def test_two_tables_of_one_game_with_different_data_sets_never_mix(mine: Path, tmp_path: Path) -> None:
    rng = random.Random(37)
    db = f"sqlite:///{tmp_path / 'homeroom.db'}"
    seats = [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}]
    with server(db_url=db, data_sets=[f"mine={mine}"], bot_delay=0.0) as client:
        tables = {name: create(client, GAME, 3, seats, seed=1989, data_set=name) for name in ("packaged", "mine")}
        views = _play_both(client, tables, 12, rng)
        a, b = log_texts(views["packaged"]), log_texts(views["mine"])
        assert any(MINE in line for line in b), b  # students were named: with the table's own names
        assert not any(MINE in line for line in a)
        assert [line.replace(MINE, "") for line in b] == a  # the same game, only the names differ
        for step in (3, len(views["mine"]["log"]) // 2):  # past positions, rebuilt in the replay threads
            past = {n: client.get(f"/api/tables/{t['table_id']}/view", params={"step": step}).json()
                    for n, t in tables.items()}
            pa, pb = log_texts(past["packaged"]), log_texts(past["mine"])
            assert [line.replace(MINE, "") for line in pb] == pa and not any(MINE in line for line in pa)
        step = views["mine"]["step"]
    # a restart with the same data sets: both tables go on, each with its own
    with server(db_url=db, data_sets=[f"mine={mine}"], bot_delay=0.0) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]

        async def load_both() -> list[str | None]:  # one task loads both (as the start-up's restore does)
            return [(await hub.get(tables[n]["table_id"])).data_notice for n in ("mine", "packaged")]

        assert client.portal.call(load_both) == [None, None]  # type: ignore[union-attr]
        for name, t in tables.items():
            summary = client.get(f"/api/tables/{t['table_id']}").json()
            assert summary["data_notice"] is None and summary["data_set"] == (None if name == "packaged" else name)
        views = _play_both(client, tables, 3, rng)
        assert views["mine"]["step"] > step
        a, b = log_texts(views["packaged"]), log_texts(views["mine"])
        assert [line.replace(MINE, "") for line in b] == a and any(MINE in line for line in b[-20:])


def test_a_table_whose_data_set_is_gone_is_readable_but_takes_no_move(mine: Path, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'homeroom.db'}"
    with server(db_url=db, data_sets=[f"mine={mine}"]) as client:
        made = create(client, GAME, 2, seed=5, data_set="mine")
        plain = create(client, GAME, 2, seed=5)
        with seated(client, made["table_id"], made["seats"][0]["secret"]) as p:
            p.act(p.view["legal"][0]["action"])
            p.until_view(1)
    with server(db_url=db) as client:  # started without --data-set mine
        summary = client.get(f"/api/tables/{made['table_id']}").json()
        notice = notice_gone = summary["data_notice"]
        assert notice.startswith("This table was played with the data set 'mine', which this server does not "
                                 "offer (it offers: packaged)") and "no move can be made" in notice
        view = client.get(f"/api/tables/{made['table_id']}/view").json()
        assert view["data_notice"] == notice and view["step"] == 1 and view["legal"] == []
        assert client.get(f"/api/tables/{made['table_id']}/view", params={"step": 0}).status_code == 200
        with seated(client, made["table_id"], made["seats"][1]["secret"]) as p:
            assert p.view["data_notice"] == notice and p.view["legal"] == []
            p.act({"type": "end_turn"})
            error = p.until("error")
            assert error["code"] == "conflict" and error["message"] == notice
        with seated(client, plain["table_id"], plain["seats"][0]["secret"]) as p:  # the packaged table plays on
            assert p.view["data_notice"] is None and p.view["legal"]
            p.act(p.view["legal"][0]["action"])
            p.until_view(1)
    store = Store.open(db)  # the packaged data changed since the table was made (another release)
    with store.engine.begin() as conn:
        conn.execute(update(tables_table).where(tables_table.c.id == plain["table_id"]).values(data_digest="0" * 12))
    store.close()
    with server(db_url=db) as client:
        notice = client.get(f"/api/tables/{plain['table_id']}").json()["data_notice"]
        assert notice.startswith("This table was played with the data set 'packaged' at digest 000000000000; "
                                 "this server's 'packaged' is "), notice
    # serve --recheck: every move so far is still legal with this server's data, so the game goes on
    # with it (the new digest stored, the players told); a data set not offered stays readable only
    with server(db_url=db, recheck=True) as client:
        summary = client.get(f"/api/tables/{plain['table_id']}").json()
        assert summary["data_notice"] is None
        to_move = client.get(f"/api/tables/{plain['table_id']}/view").json()["to_move"]
        with seated(client, plain["table_id"], plain["seats"][to_move]["secret"]) as p:
            assert p.view["data_notice"] is None and p.view["legal"]
            p.act(p.view["legal"][0]["action"])
            p.until_view(p.view["version"] + 1)
            texts = " ".join(str(m) for m in p.messages)
            assert "cards changed since it began" in texts and "000000000000 -> " in texts, texts[-600:]
        assert client.get(f"/api/tables/{made['table_id']}").json()["data_notice"] == notice_gone
    store = Store.open(db)
    with store.engine.connect() as conn:
        stored = conn.execute(select(tables_table.c.data_digest).where(tables_table.c.id == plain["table_id"])).scalar()
    store.close()
    assert stored not in (None, "0" * 12)


def _names_in_worker(sets: bytes) -> str:
    from homeroom.games.class_of_89.components import NAMES

    with bound_all(pickle.loads(sets)):
        return NAMES.card["amy-a"]


def test_a_think_carries_the_bound_data_set_to_its_worker_process(mine: Path) -> None:
    game = games.get(GAME)
    ds: DataSet = game.dataset(mine)
    packaged = game.data_directory()
    assert packaged is not None and bound_now() == []
    with bound(packaged, ds):
        sent = bound_now()
    assert [d.digest for d in sent] == [ds.digest]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.apply(_names_in_worker, (pickle.dumps(sent),)) == "Amy A" + MINE
        assert pool.apply(_names_in_worker, (pickle.dumps([]),)) == "Amy A"
