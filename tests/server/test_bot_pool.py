"""A bot's think runs in a worker process: while one table's bot thinks for seconds, people at
other tables are answered at once."""

from __future__ import annotations

import time
from pathlib import Path

from server_helpers import create, seated, server


def test_a_long_think_blocks_neither_the_server_nor_other_tables(tmp_path: Path) -> None:
    with server(data_dir=tmp_path) as client:
        thinking = create(client, "academic-society", 2, [{"kind": "mcts:seconds=6"}, {"kind": "mcts:seconds=6"}])
        people = create(client, "academic-society", 2, [{"name": "Ana"}, {"name": "Ben"}], seed=2)
        secrets = [s["secret"] for s in people["seats"]]
        with seated(client, thinking["table_id"], None) as watcher:
            assert watcher.view["step"] == 0  # the first bot is thinking
            with seated(client, people["table_id"], secrets[0]) as ana, \
                    seated(client, people["table_id"], secrets[1]) as ben:
                began = time.perf_counter()
                for _ in range(4):
                    mover = ana if ana.view["to_move"] == 0 else ben
                    version = mover.view["version"]
                    mover.act(mover.view["legal"][0]["action"])
                    ana.until_view(version + 1)
                    ben.until_view(version + 1)
                elapsed = time.perf_counter() - began
            assert elapsed < 4.0, f"four moves took {elapsed:.1f} s while a bot thought for 6 s"
            assert client.get(f"/api/tables/{thinking['table_id']}").json()["step"] == 0
            assert watcher.until("view")["step"] == 1  # and the bot's move does arrive
