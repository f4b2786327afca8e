"""Bytes a client receives per game (issue 34's small updates): one whole game of each title, a
scripted human playing random moves against random bots, in process (no sockets to set up). Counts
what the human's socket and a spectator's socket receive, the largest message, and how much of the
bytes the log is. Works against a server with or without small updates (it applies ``update``
messages itself), so the same script measures before and after:

    PYTHONPATH=src python bench/bench_bytes.py [--seeds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from homeroom.server.app import create_app
from homeroom.server.config import ServerConfig
from homeroom.server.limits import Rate, RateLimits

UNLIMITED = RateLimits(messages=Rate(10**6, 1), address_messages=Rate(10**6, 1), creations=Rate(10**6, 1),
                       joins=Rate(10**6, 1), chat=Rate(10**6, 1), sockets=10**6)
"""The scripted human moves as fast as the server answers: no rate limit applies."""

GAMES = [("class-of-89", 2), ("academic-society", 2), ("high-school-drama", 3)]


def merged(view: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """``update`` applied to ``view`` (PROTOCOL.md, small updates)."""
    out = {k: v for k, v in view.items() if k != "chat"}
    out.update({k: v for k, v in update.items() if k not in ("type", "log", "log_from")})
    if "log_from" in update:
        out["log"] = view["log"][:update["log_from"]] + update["log"]
    out["type"] = "view"
    return out


def one_game(client: TestClient, game: str, players: int, seed: int) -> dict[str, int]:
    seats = [{"name": "Ana"}] + [{"kind": "random"}] * (players - 1)
    made = client.post("/api/tables", json={"game": game, "players": players, "seats": seats, "seed": seed}).json()
    tid, secret = made["table_id"], made["seats"][0]["secret"]
    rng = random.Random(seed)
    got = {"human_bytes": 0, "human_messages": 0, "largest": 0, "log_bytes": 0, "spectator_bytes": 0, "moves": 0}
    with client.websocket_connect(f"/ws/{tid}") as ws, client.websocket_connect(f"/ws/{tid}") as watch:
        ws.send_text(json.dumps({"type": "hello", "secret": secret}))
        watch.send_text(json.dumps({"type": "hello", "spectate": True}))
        view: dict[str, Any] = {}
        while not view.get("terminal"):
            text = ws.receive_text()
            got["human_bytes"] += len(text)
            got["human_messages"] += 1
            got["largest"] = max(got["largest"], len(text))
            message = json.loads(text)
            if message["type"] not in ("view", "update"):
                continue
            got["log_bytes"] += len(json.dumps(message.get("log", []), separators=(",", ":")))
            view = message if message["type"] == "view" else merged(view, message)
            if view["to_move"] == 0 and view["legal"] and not view["terminal"]:
                ws.send_text(json.dumps({"type": "act", "secret": secret, "version": view["version"],
                                         "action": rng.choice(view["legal"])["action"]}))
                got["moves"] += 1
        final = view["version"]
        seen: dict[str, Any] = {}
        while seen.get("version", -1) < final:
            text = watch.receive_text()
            got["spectator_bytes"] += len(text)
            message = json.loads(text)
            if message["type"] == "view":
                seen = message
            elif message["type"] == "update":
                seen = merged(seen, message)
        got["versions"] = final
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=2, help="games per title")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="homeroom-bytes-"))
    config = ServerConfig(data_dir=data, bot_workers=1, limits=UNLIMITED, restore_on_start=False)
    out = {}
    with TestClient(create_app(config)) as client:
        for game, players in GAMES:
            runs = [one_game(client, game, players, seed) for seed in range(1, args.seeds + 1)]
            total = {k: sum(r[k] for r in runs) // len(runs) for k in runs[0] if k != "largest"}
            total["largest"] = max(r["largest"] for r in runs)
            out[game] = total
    for game, figures in out.items():
        print(f"{game:18} per game: human {figures['human_bytes'] / 1024:8.1f} KiB in {figures['human_messages']} "
              f"messages ({figures['log_bytes'] / max(1, figures['human_bytes']):.0%} log), spectator "
              f"{figures['spectator_bytes'] / 1024:8.1f} KiB, {figures['versions']} versions, largest message "
              f"{figures['largest'] / 1024:.1f} KiB")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
