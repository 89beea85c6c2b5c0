"""Rooms per server core, one process alone and several on Redis (issue 29).

    nice -n 10 python benchmarks/redis_capacity.py --processes 1 --steps 500,1000,1500
    nice -n 10 python benchmarks/redis_capacity.py --processes 2 --redis --steps 500,1000,1500

The rooms and bots are ``benchmarks/server_capacity.py``'s (its worker processes, each
room two real WebSocket clients played by a bot at the human model's speed, rematching
at each game's end). Here ``--processes`` ``spit-tui serve --stats`` processes run, with
``--redis`` on a ``redis-server`` this starts on a free loopback port (in a temporary
folder, no persistence), sharing one data folder as ``docs/deploy.md`` runs them; each
worker opens its rooms on one process (worker ``i`` on process ``i mod N``), so that
rooms are spread evenly and no connection is relayed. At each step, after the rooms are
seated and ``--warmup`` seconds, ``--measure`` seconds are measured:

- the time from an intent's stamp to its frames written, less the fairness hold, of
  every process's ``GET /stats`` together (p50, p99, max) and each process's p99; and
  from the handler's reading of the intent (``hdl``), which leaves out the intent's
  wait in the server's socket and event loop;
- each server process's own CPU time (psutil) over the wall time, their sum, and the
  rooms per server core: the rooms over that sum (on a machine whose cores the load
  generator shares, the figure that says what a core of server holds). By default
  every server process is pinned to the first core and the workers and Redis to the
  others (``--no-pin`` leaves them to the scheduler): several processes then share one
  core, so their p99 carries their switching too;
- Redis's own CPU time over the wall time, and the worker processes' (``bots``: a
  share of one core, and ms an intent);
- intents a second and the load average.

``--server-tree DIR`` runs the servers from another checkout (before and after a change).
Everything runs on loopback; every process started here is ended when it finishes,
and the run stops after ``--max-seconds`` whatever happens.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server_capacity import (
    LISTENING,
    Worker,
    _bots_cpu,
    _child_setup,
    _end,
    _fetch,
    _pin,
)

from spit.net.latency import between, percentile
from tests.net.redis_server import ThrowawayRedis, missing_reason


def _start(
    data: Path, rooms: int, redis: str | None, index: int, tree: Path | None = None
) -> tuple[subprocess.Popen[bytes], int]:
    log_path = data / f"server-{index}.log"
    log = log_path.open("wb")
    argv = [sys.executable, "-m", "spit.cli", "serve", "--port", "0", "--data", str(data)]
    argv += ["--max-rooms", str(rooms + 10), "--max-per-address", str(2 * rooms + 50)]
    argv += ["--idle-minutes", "120", "--stats", "--trust-proxy", "127.0.0.1"]
    argv += [
        "--waiting-per-address",
        str(min(1000, rooms + 10)),
        "--connects-per-minute",
        "1000000",
    ]
    if redis is not None:
        argv += ["--redis", redis]
    env = {**os.environ, "SPIT_TUI_HOME": str(data / "home")}
    if tree is not None:  # another checkout's server (before and after a change)
        env["PYTHONPATH"] = str(tree.resolve())
    server = subprocess.Popen(  # in the tree: ``-m`` puts the working folder first
        argv, stdout=log, stderr=log, env=env, cwd=tree, preexec_fn=_child_setup
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = LISTENING.search(log_path.read_text(errors="replace"))
        if found:
            return server, int(found[1])
        if server.poll() is not None:
            break
        time.sleep(0.1)
    server.kill()
    raise SystemExit(f"a server did not start: {log_path.read_text()[-2000:]}")


def _cpu(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


def _sum_counts(series: list[dict[str, list[int]]], name: str) -> list[int]:
    lists = [s.get(name, []) for s in series]
    width = max((len(c) for c in lists), default=0)
    return [sum(c[i] for c in lists if i < len(c)) for i in range(width)]


COLUMNS = (
    ("rooms", "rooms", "{:d}"),
    ("int/s", "intents_per_s", "{:.0f}"),
    ("p50", "p50", "{:.2f}"),
    ("p99", "p99", "{:.2f}"),
    ("max", "max", "{:.1f}"),
    ("hdl50", "handler_p50", "{:.2f}"),
    ("hdl99", "handler_p99", "{:.2f}"),
    ("p99 each", "p99_each", "{}"),
    ("cpu each", "cpu_each", "{}"),
    ("srv cpu", "server_cpu", "{:.0%}"),
    ("rm/core", "rooms_per_core", "{:.0f}"),
    ("redis", "redis_cpu", "{:.1%}"),
    ("bots", "bots_cpu", "{:.0%}"),
    ("bms/int", "bots_ms_per_intent", "{:.3f}"),
    ("load", "load", "{:.2f}"),
)


def _line(row: dict[str, Any]) -> str:
    cells = []
    for _, key, form in COLUMNS:
        value = row[key]
        cells.append("-" if isinstance(value, float) and math.isnan(value) else form.format(value))
    errors = f"  errors {row['errors']}" if row["errors"] else ""
    return " ".join(f"{cell:>9}" for cell in cells) + errors


def drive(args: argparse.Namespace) -> None:
    steps = sorted(int(x) for x in args.steps.split(","))
    folder = Path(tempfile.mkdtemp(prefix="spit-redis-capacity-"))
    redis: ThrowawayRedis | None = None
    servers: list[tuple[subprocess.Popen[bytes], int]] = []
    workers: list[Worker] = []
    rows: list[dict[str, Any]] = []

    def overtime(signum: int, frame: object) -> None:
        raise SystemExit("stopped: far past --max-seconds")

    signal.signal(signal.SIGALRM, overtime)
    signal.alarm(int(args.max_seconds) + 120)
    stop_at = time.monotonic() + args.max_seconds
    try:
        if args.redis:
            if missing_reason() is not None:
                raise SystemExit(missing_reason())
            redis = ThrowawayRedis(folder / "redis")
            redis.start()
        per_process = steps[-1] // args.processes + 10
        servers = [
            _start(folder, per_process, None if redis is None else redis.url, i, args.server_tree)
            for i in range(args.processes)
        ]
        procs = [psutil.Process(server.pid) for server, _ in servers]
        redis_proc = (
            None if redis is None or redis.process is None else psutil.Process(redis.process.pid)
        )
        time.sleep(1.0)
        workers = [
            Worker(
                "--worker",
                f"ws://127.0.0.1:{servers[i % len(servers)][1]}",
                "--level",
                args.level,
                "--seed",
                str(args.seed + i),
            )
            for i in range(args.workers)
        ]
        cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
        pinned = bool(cpus) and args.pin
        if pinned:  # the servers on the first core, the load and Redis on the others
            rest = set(cpus[1:]) or set(cpus)
            for server, _ in servers:
                _pin(server.pid, {cpus[0]})
            for worker in workers:
                _pin(worker.process.pid, rest)
            if redis_proc is not None:
                _pin(redis_proc.pid, rest)
        print(
            f"{args.processes} server process(es){' on Redis' if redis else ''}, "
            f"{args.workers} workers, {os.cpu_count()} cpus, "
            f"{'servers pinned to cpu ' + str(cpus[0]) if pinned else 'not pinned'}"
        )
        print(" ".join(f"{head:>9}" for head, _, _ in COLUMNS))
        for rooms in steps:
            if time.monotonic() > stop_at:
                print("(stopped: --max-seconds)")
                break
            for i, worker in enumerate(workers):
                worker.send(f"rooms {rooms // len(workers) + (i < rooms % len(workers))}")
            for worker in workers:
                worker.answer()
            time.sleep(args.warmup)
            for worker in workers:
                worker.send("report")
            reports_before = [w.answer() for w in workers]
            before = [_fetch(port, "/stats")["series"] for _, port in servers]
            cpu0 = [_cpu(p) for p in procs]
            redis0 = 0.0 if redis_proc is None else _cpu(redis_proc)
            wall0 = time.monotonic()
            time.sleep(args.measure)
            wall = time.monotonic() - wall0
            cpu1 = [_cpu(p) for p in procs]
            redis1 = 0.0 if redis_proc is None else _cpu(redis_proc)
            after = [_fetch(port, "/stats")["series"] for _, port in servers]
            health = [_fetch(port, "/health") for _, port in servers]
            for worker in workers:
                worker.send("report")
            reports = [w.answer() for w in workers]
            counts = [between(b, a) for b, a in zip(before, after, strict=True)]
            stamps = _sum_counts(counts, "stamp")
            handled = _sum_counts(counts, "handler")
            shares = [(c1 - c0) / wall for c0, c1 in zip(cpu0, cpu1, strict=True)]
            errors: collections.Counter[str] = collections.Counter()
            for report in reports:
                errors.update(report["errors"])
            total_rooms = sum(h["rooms"] for h in health)
            row = {
                "rooms": total_rooms,
                "intents_per_s": sum(stamps) / wall,
                "p50": percentile(stamps, 0.5),
                "p99": percentile(stamps, 0.99),
                "max": percentile(stamps, 1.0),
                "handler_p50": percentile(handled, 0.5),
                "handler_p99": percentile(handled, 0.99),
                "p99_each": "/".join(f"{percentile(c.get('stamp', []), 0.99):.1f}" for c in counts),
                "cpu_each": "/".join(f"{s:.0%}" for s in shares),
                "server_cpu": sum(shares),
                "rooms_per_core": total_rooms / max(1e-9, sum(shares)),
                "redis_cpu": (redis1 - redis0) / wall,
                **_bots_cpu(reports_before, reports, wall, sum(stamps)),
                "load": os.getloadavg()[0],
                "errors": dict(errors),
            }
            rows.append(row)
            print(_line(row), flush=True)
            if row["p99"] > args.stop_above:
                print(f"(stopped: p99 over {args.stop_above:g} ms)")
                break
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    finally:
        for worker in workers:
            with contextlib.suppress(OSError, ValueError):
                worker.send("quit")
        for worker in workers:
            _end(worker.process)
        for server, _ in servers:
            server.send_signal(signal.SIGTERM)
            _end(server)
        if redis is not None:
            redis.stop()
        shutil.rmtree(folder, ignore_errors=True)
        signal.alarm(0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=1, help="server processes")
    parser.add_argument("--redis", action="store_true", help="on a redis-server started here")
    parser.add_argument("--steps", default="500,1000,1500,2000", help="rooms in all, each step")
    parser.add_argument("--workers", type=int, default=4, help="client processes")
    parser.add_argument("--warmup", type=float, default=8.0, help="seconds before measuring")
    parser.add_argument("--measure", type=float, default=20.0, help="seconds measured a step")
    parser.add_argument("--level", default="normal", help="the bots' human model")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=900.0, help="stop after this")
    parser.add_argument("--json", metavar="FILE", help="write the rows here too")
    parser.add_argument("--stop-above", type=float, default=50.0, metavar="MS")
    parser.add_argument(
        "--server-tree", type=Path, metavar="DIR", help="run the servers from this checkout"
    )
    parser.add_argument(
        "--no-pin",
        dest="pin",
        action="store_false",
        help="leave the processes to the scheduler (by default every server process on "
        "the first core, the workers and Redis on the others)",
    )
    args = parser.parse_args()
    if args.processes > 1 and not args.redis:
        parser.error("several processes share a club only on Redis: add --redis")
    drive(args)


if __name__ == "__main__":
    main()
