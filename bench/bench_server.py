"""Benchmark the web server: many concurrent tables over loopback WebSockets.

Starts ``homeroom serve`` as a subprocess on a free port with a fresh SQLite database (or --db),
creates tables (one scripted human and bots at each), connects one WebSocket client per table
that plays its seat after a short "think", and measures:

- tables created per second (HTTP, sequential);
- the round trip of human moves (act sent -> the view of the new version received): p50/p99;
- the server's memory per table (RSS growth over the tables, all live);
- the time a restarted server takes to come back (healthy) and to bring every stored table back
  (each table's summary requested, which rebuilds it from seed + actions).

    python bench/bench_server.py                      # 200 active tables, 20 s, 1,000 stored
    python bench/bench_server.py --tables 400 --seconds 60 --stored 5000
    python bench/bench_server.py --servers 2 --tables 400 --baseline --db postgresql+psycopg://USER@HOST/DB

``--servers N`` (PostgreSQL only, an empty database) starts N servers on the one database; each
table has two people, the first playing through server i mod N and the second through the next
server, which measures a move's round trip as the other person sees it (act sent -> the new
version's view received on the other server, through the database's announcement): p50/p99,
against the mover's own round trip; the bytes the people receive per move (and what whole views
would have been); ``--baseline`` runs the same load on one server to compare the throughput.

The server runs with its rate limits on (``--limits bench``): each connection keeps the default
per-connection message limit, but as every client of the bench comes from 127.0.0.1 the
per-address limits (messages, creations, sockets) are raised far above the bench's load.
``--limits default`` runs the server's defaults (which refuse most of the bench), ``off`` none.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from homeroom.server.updates import apply_update

GAMES = [("class-of-89", 2), ("academic-society", 2), ("high-school-drama", 3)]

LIMITS = {
    "bench": ["--rate-address-messages", "1000000/10", "--rate-creations", "1000000/1", "--max-sockets", "100000"],
    "default": [],
    "off": ["--no-rate-limits"],
}
"""``homeroom serve`` flags of each ``--limits`` choice."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    """Resident memory of a process and its children (the bot workers), in KiB."""
    total = 0
    pids = [pid]
    try:
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
        pids += [int(c) for c in children]
    except FileNotFoundError:
        pass
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children (the bot workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    with contextlib.suppress(FileNotFoundError):
        pids += [int(c) for c in subprocess.run(["pgrep", "-P", str(pid)], capture_output=True,
                                                text=True).stdout.split()]
    total = 0.0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, IndexError, ValueError):
            pass
    return total


class Server:
    def __init__(self, data: Path, db: str | None, workers: int, extra: list[str] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.data, self.db, self.workers = data, db, workers
        self.extra = extra or []
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        homeroom = Path(sys.executable).parent / "homeroom"
        args = [str(homeroom), "serve", "--port", str(self.port), "--data-dir", str(self.data),
                "--bot-workers", str(self.workers), "--bot-delay", "0", "--log-level", "warning"]
        if self.db:
            args += ["--db", self.db]
        args += self.extra
        began = time.perf_counter()
        self.data.mkdir(parents=True, exist_ok=True)
        with open(self.data / "server.log", "ab") as log:  # its warnings, for a run that went wrong
            self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        while True:
            if self.proc.poll() is not None:
                raise SystemExit("homeroom serve exited early")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return time.perf_counter() - began
            except httpx.HTTPError:
                time.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def server_pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid


def create_tables(base: str, count: int, bot: str, rng: random.Random,
                  humans: int = 1) -> tuple[list[dict[str, Any]], float]:
    """``count`` tables through ``base``: ``humans`` people seated first, bots at the others."""
    tables = []
    with httpx.Client(base_url=base, timeout=60) as client:
        began = time.perf_counter()
        for i in range(count):
            game, players = GAMES[i % len(GAMES)]
            seats = [{"kind": "human", "name": f"Human {n + 1}"} for n in range(humans)]
            seats += [{"kind": bot}] * (players - humans)
            response = client.post("/api/tables", json={"game": game, "players": players, "seats": seats,
                                                        "seed": rng.randrange(10**6), "listed": False})
            response.raise_for_status()
            tables.append(response.json())
        elapsed = time.perf_counter() - began
    return tables, elapsed


async def play(port: int, table: dict[str, Any], until: float, think: tuple[float, float],
               rtts: list[float], rng: random.Random, stats: dict[str, int],
               shared: dict[int, tuple[float, int]] | None = None, far: list[float] | None = None,
               seat: int = 0, sample: bool = True, errors: list[str] | None = None,
               tally: dict[str, int] | None = None) -> None:
    """Play ``seat`` of a table: act after a short think whenever it is to move, and time each
    act until its new version comes back. With ``shared`` (several servers, the table's other
    person playing through another server): each act's time is left there by version, and each
    version the other person made is timed here into ``far`` as it arrives. ``sample``: also count
    what whole views would have weighed (it costs the client a JSON encoding per message).
    ``errors``: the first :data:`ERROR_SAMPLES` error messages received are kept there, each with
    the table, the seat and the versions it held and last acted on, so a run that counts errors
    says what they were. ``tally``: the moves made, by table id."""
    secret = table["seats"][seat]["secret"]
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table['table_id']}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "secret": secret}))
        sent_at: float | None = None
        waiting_for = -1
        held: dict[str, Any] = {}
        while time.perf_counter() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.perf_counter()))
            except TimeoutError:
                break
            except websockets.ConnectionClosed:  # closed by the server: counted, the others go on
                stats["closed"] += 1
                return
            stats["bytes"] += len(raw)
            message = json.loads(raw)
            if message["type"] == "error":
                stats["errors"] += 1
                if errors is not None and len(errors) < ERROR_SAMPLES:
                    errors.append(f"table {table['table_id']} seat {seat} on :{port} (held v{held.get('version')}, "
                                  f"last act at {f'v{waiting_for - 1}' if waiting_for > 0 else 'none'}): {message.get('code')}: "
                                  f"{message.get('message')}")
                continue
            if message["type"] == "update":  # small updates (PROTOCOL.md): only what changed
                message = apply_update(held, message)
                if sample:
                    stats["sample_whole"] += len(json.dumps(message, separators=(",", ":")))
            elif sample:
                stats["sample_whole"] += len(raw)  # what a server without small updates sent too
            if sample:
                stats["sample_bytes"] += len(raw)
            if message["type"] != "view":
                continue
            held = message
            now = time.perf_counter()
            if shared is not None and far is not None:
                for version in [v for v, (_, by) in shared.items() if by != seat and v <= message["version"]]:
                    far.append(now - shared.pop(version)[0])
            if sent_at is not None and message["version"] >= waiting_for:
                rtts.append(now - sent_at)
                sent_at = None
            if message["terminal"]:
                stats["finished"] += 1
                return
            if message["to_move"] == seat and message["legal"] and sent_at is None:
                await asyncio.sleep(rng.uniform(*think))
                action = rng.choice(message["legal"])["action"]
                waiting_for = message["version"] + 1
                sent_at = time.perf_counter()
                if shared is not None:
                    shared[waiting_for] = (sent_at, seat)
                await ws.send(json.dumps({"type": "act", "secret": secret, "version": message["version"],
                                          "action": action}))
                stats["moves"] += 1
                if tally is not None:
                    tally[table["table_id"]] = tally.get(table["table_id"], 0) + 1


async def run_clients(ports: list[int], tables: list[dict[str, Any]], seconds: float, think: tuple[float, float],
                      seed: int, far: list[float] | None = None,
                      errors: list[str] | None = None) -> tuple[list[float], dict[str, int]]:
    """Play every table (its first person through server i mod N); with several servers and
    ``far``, its second person through the next server, each timing the other's moves, and
    ``stuck`` counts the tables whose two people made fewer than two moves between them (one
    server never showed the other's move). The first error messages the people receive are kept
    in ``errors``."""
    rtts: list[float] = []
    stats = {"moves": 0, "errors": 0, "closed": 0, "finished": 0, "bytes": 0, "sample_bytes": 0, "sample_whole": 0,
             "stuck": 0}
    tally: dict[str, int] = {}
    until = time.perf_counter() + seconds
    jobs = []
    for i, t in enumerate(tables):
        if far is not None:
            shared: dict[int, tuple[float, int]] = {}
            sample = i < SAMPLED
            jobs.append(play(ports[(i + 1) % len(ports)], t, until, think, rtts, random.Random(seed + i + 10**6),
                             stats, shared, far, seat=1, sample=sample, errors=errors, tally=tally))
            jobs.append(play(ports[i % len(ports)], t, until, think, rtts, random.Random(seed + i), stats, shared,
                             far, sample=sample, errors=errors, tally=tally))
        else:
            jobs.append(play(ports[i % len(ports)], t, until, think, rtts, random.Random(seed + i), stats,
                             errors=errors))
    await asyncio.gather(*jobs)
    if far is not None:
        stats["stuck"] = sum(tally.get(t["table_id"], 0) < 2 for t in tables)
    return rtts, stats


SAMPLED = 40
"""Tables whose messages are also weighed as whole views (``kib_whole_views_per_human_move``, as a
ratio to what they received): every table would cost the client more than the servers."""


ERROR_SAMPLES = 5
"""Error messages kept (and printed) per run: enough to say what went wrong."""


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="active tables played at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the humans play")
    parser.add_argument("--stored", type=int, default=1000, help="stored tables to restore after a restart")
    parser.add_argument("--bot", default="random", help="the bot kind at the other seats (random, greedy...)")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 2.0), metavar=("MIN", "MAX"),
                        help="seconds a scripted human waits before each move")
    parser.add_argument("--workers", type=int, default=1, help="bot worker processes of the server")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temp folder)")
    parser.add_argument("--servers", type=int, default=1, help="server processes on the one database "
                        "(more than one needs a PostgreSQL --db)")
    parser.add_argument("--baseline", action="store_true", help="with --servers: run the same load on one "
                        "server afterwards (on a new database beside --db) to compare")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limits", choices=sorted(LIMITS), default="bench",
                        help="the server's rate limits: bench (on, per-address ones raised for one client "
                        "address), default, off")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    if args.servers != 1:
        several(args)
        return
    rng = random.Random(args.seed)
    data = Path(tempfile.mkdtemp(prefix="homeroom-bench-"))
    server = Server(data, args.db, args.workers, LIMITS[args.limits])
    out: dict[str, Any] = {"tables": args.tables, "seconds": args.seconds, "bot": args.bot, "limits": args.limits,
                           "think": list(args.think), "cpus": os.cpu_count()}
    try:
        out["start_s"] = round(server.start(), 3)
        time.sleep(1.0)
        base_rss = rss_kib(server.server_pid())
        tables, elapsed = create_tables(server.base, args.tables, args.bot, rng)
        out["tables_per_second"] = round(args.tables / elapsed, 1)
        cpu_before = cpu_seconds(server.server_pid())
        load_before = os.getloadavg()[0]
        errors: list[str] = []
        rtts, stats = asyncio.run(run_clients([server.port], tables, args.seconds, tuple(args.think), args.seed,
                                              errors=errors))
        cpu_used = cpu_seconds(server.server_pid()) - cpu_before
        out["load_average"] = round((load_before + os.getloadavg()[0]) / 2, 1)
        out["server_cpu_share"] = round(cpu_used / args.seconds, 2)
        out["server_cpu_ms_per_human_move"] = round(1000 * cpu_used / max(1, stats["moves"]), 2)
        out["rss_mib"] = round(rss_kib(server.server_pid()) / 1024, 1)
        out["kib_per_table"] = round((rss_kib(server.server_pid()) - base_rss) / args.tables, 1)
        out.update(human_moves=stats["moves"], errors=stats["errors"], error_samples=errors,
                   games_finished=stats["finished"],
                   rtt_p50_ms=round(percentile(rtts, 0.5) * 1000, 1),
                   rtt_p99_ms=round(percentile(rtts, 0.99) * 1000, 1),
                   rtt_mean_ms=round(statistics.fmean(rtts) * 1000, 1) if rtts else None,
                   moves_per_second=round(stats["moves"] / args.seconds, 1),
                   kib_received_per_human_move=round(stats["bytes"] / 1024 / max(1, stats["moves"]), 1))
        extra = max(0, args.stored - args.tables)
        stored = list(tables)
        if extra:
            more, _ = create_tables(server.base, extra, args.bot, rng)
            stored += more
        server.kill()
        out["restart_healthy_s"] = round(server.start(), 3)
        out["stored_tables"] = len(stored)
        out["restore_all_stored_s"], out["restored_ok"] = restore_all(server.base, [t["table_id"] for t in stored])
    finally:
        server.kill()
    if args.json:
        print(json.dumps(out))
        return
    print(f"homeroom server bench: {args.tables} active tables for {args.seconds:g} s on {os.cpu_count()} CPU(s), "
          f"humans think {args.think[0]:g}-{args.think[1]:g} s, bots: {args.bot}, rate limits: {args.limits}")
    print(f"  tables created:         {out['tables_per_second']} per second")
    print(f"  human moves:            {out['human_moves']} ({out['moves_per_second']}/s), errors {out['errors']}, "
          f"games finished {out['games_finished']}, {out['kib_received_per_human_move']} KiB received per "
          "human move")
    for text in out["error_samples"]:
        print(f"    error:                {text}")
    print(f"  move round trip:        p50 {out['rtt_p50_ms']} ms, p99 {out['rtt_p99_ms']} ms "
          f"(mean {out['rtt_mean_ms']} ms)")
    print(f"  server CPU:             {out['server_cpu_ms_per_human_move']} ms per human move (its bot answers and "
          f"every broadcast included), {out['server_cpu_share']} CPUs busy; machine load average "
          f"{out['load_average']}")
    print(f"  memory:                 {out['rss_mib']} MiB in all, {out['kib_per_table']} KiB per live table")
    print(f"  restart:                healthy after {out['restart_healthy_s']} s; all {out['stored_tables']} "
          f"stored tables ({args.tables} of them played) rebuilt and live after {out['restore_all_stored_s']} s more "
          f"({out['restored_ok']} ok)")


def several(args: argparse.Namespace) -> None:
    """``--servers N``: N servers on one PostgreSQL database, each table's two people on two of them;
    with ``--baseline``, the same load on one server (a second, fresh database) for comparison."""
    if args.servers < 2 or not (args.db or "").startswith("postgresql"):
        raise SystemExit("--servers N needs N >= 2 and --db postgresql+psycopg://... (an empty database)")
    out: dict[str, Any] = {"servers": args.servers, "tables": args.tables, "seconds": args.seconds, "bot": args.bot,
                           "think": list(args.think), "cpus": os.cpu_count()}
    out.update(phase(args, args.servers, args.db))
    if args.baseline:
        out["one_server"] = phase(args, 1, fresh_database(args.db, "one"))
    if args.json:
        print(json.dumps(out))
        return
    print(f"homeroom server bench: {args.servers} servers on one PostgreSQL database, {args.tables} active tables "
          f"(two people each, on two servers) for {args.seconds:g} s on {os.cpu_count()} CPU(s), bots: {args.bot}")
    for name, figures in [(f"{args.servers} servers", out), ("1 server", out.get("one_server"))]:
        if figures is None:
            continue
        print(f"  {name}:")
        print(f"    human moves:            {figures['human_moves']} ({figures['moves_per_second']}/s), errors "
              f"{figures['errors']}, sockets closed {figures['sockets_closed']}, games finished "
              f"{figures['games_finished']}, tables stuck {figures['tables_stuck']}")
        for text in figures["error_samples"]:
            print(f"    error:                  {text}")
        for index, logged in enumerate(figures["server_warnings"]):
            for line in logged:
                print(f"    server {index} logged:    {line}")
        print(f"    bytes per move:         {figures['kib_received_per_human_move']} KiB received by the people "
              f"(whole views each time: {figures['kib_whole_views_per_human_move']} KiB)")
        print(f"    own round trip:         p50 {figures['rtt_p50_ms']} ms, p99 {figures['rtt_p99_ms']} ms")
        print(f"    seen by the other:      p50 {figures['other_server_p50_ms']} ms, p99 "
              f"{figures['other_server_p99_ms']} ms ({figures['other_server_seen']} moves)")
        print(f"    server CPU:             {figures['server_cpu_shares']} CPUs busy, "
              f"{figures['server_cpu_ms_per_human_move']} ms per human move in all; the bench's clients "
              f"{figures['client_cpu_share']} CPUs; load average {figures['load_average']}")


def phase(args: argparse.Namespace, count: int, db: str) -> dict[str, Any]:
    """One run: ``count`` servers on ``db``, the tables created, every table's two people playing
    (through servers i and i+1 mod ``count``) for ``args.seconds``; its figures."""
    rng = random.Random(args.seed)
    data = Path(tempfile.mkdtemp(prefix="homeroom-bench-"))
    servers = [Server(data / str(i), db, args.workers, LIMITS[args.limits]) for i in range(count)]
    try:
        for server in servers:
            server.start()
        tables, _ = create_tables(servers[0].base, args.tables, args.bot, rng, humans=2)
        far: list[float] = []
        cpu_before = [cpu_seconds(server.server_pid()) for server in servers]
        load_before = os.getloadavg()[0]
        client_before = time.process_time()
        errors: list[str] = []
        rtts, stats = asyncio.run(run_clients([server.port for server in servers], tables, args.seconds,
                                              tuple(args.think), args.seed, far, errors))
        client_cpu = time.process_time() - client_before
        cpu = [cpu_seconds(server.server_pid()) - before for server, before in zip(servers, cpu_before)]
        moves = max(1, stats["moves"])
        return {"human_moves": stats["moves"], "errors": stats["errors"], "error_samples": errors,
                "sockets_closed": stats["closed"], "tables_stuck": stats["stuck"],
                "games_finished": stats["finished"],
                "server_warnings": [warnings(server) for server in servers],
                "moves_per_second": round(stats["moves"] / args.seconds, 1),
                "rtt_p50_ms": round(percentile(rtts, 0.5) * 1000, 1),
                "rtt_p99_ms": round(percentile(rtts, 0.99) * 1000, 1),
                "other_server_p50_ms": round(percentile(far, 0.5) * 1000, 1),
                "other_server_p99_ms": round(percentile(far, 0.99) * 1000, 1), "other_server_seen": len(far),
                "kib_received_per_human_move": round(stats["bytes"] / 1024 / moves, 2),
                "kib_whole_views_per_human_move": round(
                    stats["bytes"] / 1024 / moves * stats["sample_whole"] / max(1, stats["sample_bytes"]), 2),
                "server_cpu_shares": [round(c / args.seconds, 2) for c in cpu],
                "server_cpu_ms_per_human_move": round(1000 * sum(cpu) / moves, 2),
                "client_cpu_share": round(client_cpu / args.seconds, 2),
                "load_average": round((load_before + os.getloadavg()[0]) / 2, 1)}
    finally:
        for server in servers:
            server.kill()


def warnings(server: Server) -> list[str]:
    """The distinct warnings and errors a server logged (its first lines, the first ten)."""
    try:
        lines = (server.data / "server.log").read_text(errors="replace").splitlines()
    except OSError:
        return []
    found: list[str] = []
    for line in lines:
        if ("WARNING" in line or "ERROR" in line) and line[:160] not in found:
            found.append(line[:160])
    return found[:10]


def fresh_database(url: str, suffix: str) -> str:
    """A new empty database beside ``url``'s (dropped first if a run before left it)."""
    import psycopg
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    name = f"{parsed.database}_{suffix}"
    admin = parsed.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return parsed.set(database=name).render_as_string(hide_password=False)


def restore_all(base: str, ids: list[str]) -> tuple[float, int]:
    """Ask for every stored table (each is rebuilt from seed + actions); seconds taken and how many
    came back."""
    began = time.perf_counter()
    found = 0
    with httpx.Client(base_url=base, timeout=120) as client:
        for table_id in ids:
            found += client.get(f"/api/tables/{table_id}").status_code == 200
    return round(time.perf_counter() - began, 3), found


if __name__ == "__main__":
    main()
