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
- the cycle collector's longest pass (``gcmax``), its full passes (``gcfull``) and the
  longest of those (``fullmax``), in ms of the server's CPU (``/stats``);
- Redis's own CPU time over the wall time, and the worker processes' (``bots``: a
  share of one core, and ms an intent);
- intents a second and the load average.

``--alternate ROUNDS`` measures a ratio in one run: one process alone and
``--processes`` on Redis are both started, and the last step's rooms are held by one
club, then the other, a window each, in the order alone, shared, shared, alone, ... (a
drift of the machine falls on both); it prints each round's ratio of rooms per server
core and their median. With ``--per-process`` the shared club holds that many rooms on
each of its processes, so that every process carries the lone one's load (a club's
capacity is each process's at its limit, and a process's CPU a room falls as its load
rises); without it, the same rooms in all.

``--server-tree DIR`` runs the servers from another checkout (before and after a change);
``--alternate`` with ``--versus-tree DIR`` runs the lone process from that checkout, so
that ``--processes 1 --versus-tree DIR`` compares two trees in one run.
Everything runs on loopback; every process started here is ended when it finishes,
and the run stops after ``--max-seconds`` whatever happens.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import dataclasses
import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server_capacity import (
    Worker,
    _bots_cpu,
    _collector,
    _end,
    _fetch,
    _pin,
    launch_server,
    serve_options,
)

from spit.net.latency import between, percentile
from tests.net.redis_server import ThrowawayRedis, missing_reason


def _start(
    data: Path, rooms: int, redis: str | None, index: int, tree: Path | None = None
) -> tuple[subprocess.Popen[bytes], int]:
    argv = [sys.executable, "-m", "spit.cli", "serve", *serve_options(data, rooms)]
    argv += ["--stats", "--trust-proxy", "127.0.0.1"]
    if redis is not None:
        argv += ["--redis", redis]
    return launch_server(argv, data, data / f"server-{index}.log", tree)


def _cpu(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


def _sum_counts(series: list[dict[str, list[int]]], name: str) -> list[int]:
    lists = [s.get(name, []) for s in series]
    width = max((len(c) for c in lists), default=0)
    return [sum(c[i] for c in lists if i < len(c)) for i in range(width)]


def _largest(values: Iterable[float]) -> float:
    """The largest of the figures that are there (``nan``: none in the window)."""
    return max((v for v in values if not math.isnan(v)), default=math.nan)


COLUMNS = (
    ("club", "club", "{}"),
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
    ("ms/int", "ms_per_intent", "{:.3f}"),
    ("gcmax", "gc_max", "{:.1f}"),
    ("gcfull", "gc_full", "{:.0f}"),
    ("fullmax", "gc_full_max", "{:.1f}"),
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


@dataclasses.dataclass
class Club:
    """Server processes (one alone, or several on one Redis) and the workers that
    load them: worker ``i`` opens its rooms on process ``i mod N``."""

    label: str
    servers: list[tuple[subprocess.Popen[bytes], int]]
    workers: list[Worker]
    redis: psutil.Process | None

    @property
    def procs(self) -> list[psutil.Process]:
        return [psutil.Process(server.pid) for server, _ in self.servers]

    def hold(self, rooms: int) -> None:
        """Open or close rooms until the workers hold ``rooms`` in all."""
        for i, worker in enumerate(self.workers):
            worker.send(f"rooms {rooms // len(self.workers) + (i < rooms % len(self.workers))}")
        for worker in self.workers:
            worker.answer()

    def measure(self, seconds: float) -> dict[str, Any]:
        """One window of ``seconds``: the row the table prints."""
        procs = self.procs
        for worker in self.workers:
            worker.send("report")
        reports_before = [w.answer() for w in self.workers]
        before = [_fetch(port, "/stats") for _, port in self.servers]
        cpu0 = [_cpu(p) for p in procs]
        redis0 = 0.0 if self.redis is None else _cpu(self.redis)
        wall0 = time.monotonic()
        time.sleep(seconds)
        wall = time.monotonic() - wall0
        cpu1 = [_cpu(p) for p in procs]
        redis1 = 0.0 if self.redis is None else _cpu(self.redis)
        after = [_fetch(port, "/stats") for _, port in self.servers]
        health = [_fetch(port, "/health") for _, port in self.servers]
        for worker in self.workers:
            worker.send("report")
        reports = [w.answer() for w in self.workers]
        counts = [between(b["series"], a["series"]) for b, a in zip(before, after, strict=True)]
        stamps = _sum_counts(counts, "stamp")
        handled = _sum_counts(counts, "handler")
        shares = [(c1 - c0) / wall for c0, c1 in zip(cpu0, cpu1, strict=True)]
        errors: collections.Counter[str] = collections.Counter()
        for report in reports:
            errors.update(report["errors"])
        total_rooms = sum(h["rooms"] for h in health)
        collectors = [_collector(b, a, wall) for b, a in zip(before, after, strict=True)]
        return {
            "club": self.label,
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
            "ms_per_intent": sum(shares) * wall * 1000 / max(1, sum(stamps)),
            "gc_max": _largest(c["gc_max"] for c in collectors),
            "gc_full": sum(c["gc_full"] for c in collectors),
            "gc_full_max": _largest(c["gc_full_max"] for c in collectors),
            "redis_cpu": (redis1 - redis0) / wall,
            **_bots_cpu(reports_before, reports, wall, sum(stamps)),
            "load": os.getloadavg()[0],
            "errors": dict(errors),
        }


def _open_club(
    args: argparse.Namespace,
    folder: Path,
    processes: int,
    redis: ThrowawayRedis | None,
    rooms: int,
    seed: int,
    tree: Path | None,
) -> Club:
    """``processes`` servers (on ``redis`` if given) sharing ``folder``, and their
    workers, pinned as ``--no-pin`` says."""
    folder.mkdir(parents=True, exist_ok=True)
    per_process = rooms // processes + 10
    url = None if redis is None else redis.url
    servers = [_start(folder, per_process, url, i, tree) for i in range(processes)]
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
            str(seed + i),
        )
        for i in range(args.workers)
    ]
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if cpus and args.pin:  # the servers on the first core, the load and Redis on the others
        rest = set(cpus[1:]) or set(cpus)
        for server, _ in servers:
            _pin(server.pid, {cpus[0]})
        for worker in workers:
            _pin(worker.process.pid, rest)
        if redis_proc is not None:
            _pin(redis_proc.pid, rest)
    label = f"{processes}{' on Redis' if redis is not None else ''}"
    if tree is not None:  # which checkout's servers, when it is not this one
        label += f" ({tree.resolve().name})"
    return Club(label, servers, workers, redis_proc)


def _close_club(club: Club) -> None:
    for worker in club.workers:
        with contextlib.suppress(OSError, ValueError):
            worker.send("quit")
    for worker in club.workers:
        _end(worker.process)
    for server, _ in club.servers:
        server.send_signal(signal.SIGTERM)
        _end(server)


def _start_redis(folder: Path) -> ThrowawayRedis:
    if missing_reason() is not None:
        raise SystemExit(missing_reason())
    redis = ThrowawayRedis(folder / "redis")
    redis.start()
    return redis


def drive(args: argparse.Namespace) -> None:
    """Each step's rooms on one club, one window a step (``--steps``); or, with
    ``--alternate``, the same rooms on one process alone and on ``--processes`` on
    Redis, window after window."""
    steps = sorted(int(x) for x in args.steps.split(","))
    folder = Path(tempfile.mkdtemp(prefix="spit-redis-capacity-"))
    redis: ThrowawayRedis | None = None
    clubs: list[Club] = []
    rows: list[dict[str, Any]] = []

    def overtime(signum: int, frame: object) -> None:
        raise SystemExit("stopped: far past --max-seconds")

    def stopped(signum: int, frame: object) -> None:
        raise SystemExit(f"stopped by signal {signum}")

    signal.signal(signal.SIGALRM, overtime)
    signal.signal(signal.SIGTERM, stopped)  # a run in the background: SIGINT is ignored
    signal.alarm(int(args.max_seconds) + 120)
    stop_at = time.monotonic() + args.max_seconds
    try:
        if args.redis:
            redis = _start_redis(folder)
        shared_rooms = steps[-1] * (args.processes if args.per_process else 1)
        if args.alternate:
            alone_tree = args.versus_tree or args.server_tree
            alone = _open_club(args, folder / "alone", 1, None, steps[-1], args.seed, alone_tree)
            clubs.append(alone)
            shared = _open_club(
                args,
                folder / "shared",
                args.processes,
                redis,
                shared_rooms,
                args.seed,
                args.server_tree,
            )
            clubs.append(shared)
        else:
            club = _open_club(
                args, folder, args.processes, redis, steps[-1], args.seed, args.server_tree
            )
            clubs.append(club)
        pinning = "servers pinned to the first cpu" if args.pin else "not pinned"
        print(
            f"{' and '.join(c.label + ' process(es)' for c in clubs)}, {args.workers} workers "
            f"each, {os.cpu_count()} cpus, {pinning}"
        )
        print(" ".join(f"{head:>9}" for head, _, _ in COLUMNS))
        if args.alternate:
            rows = _alternate(args, (clubs[0], steps[-1]), (clubs[1], shared_rooms), stop_at)
        else:
            for rooms in steps:
                if time.monotonic() > stop_at:
                    print("(stopped: --max-seconds)")
                    break
                clubs[0].hold(rooms)
                time.sleep(args.warmup)
                row = clubs[0].measure(args.measure)
                rows.append(row)
                print(_line(row), flush=True)
                if row["p99"] > args.stop_above:
                    print(f"(stopped: p99 over {args.stop_above:g} ms)")
                    break
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    finally:
        for club in clubs:
            _close_club(club)
        if redis is not None:
            redis.stop()
        shutil.rmtree(folder, ignore_errors=True)
        signal.alarm(0)


def _alternate(
    args: argparse.Namespace,
    alone: tuple[Club, int],
    shared: tuple[Club, int],
    stop_at: float,
) -> list[dict[str, Any]]:
    """``--alternate`` rounds of one window on each club (with its rooms), in the order
    alone, shared, shared, alone, ... (so that a drift of the machine falls on both),
    only one club holding rooms at a time; each round's ratio of rooms per server core,
    shared over alone, and their median."""
    rows: list[dict[str, Any]] = []
    ratios: list[float] = []
    for round_ in range(args.alternate):
        roles = (("alone", alone), ("shared", shared))
        measured: dict[str, dict[str, Any]] = {}
        for role, (club, rooms) in roles if round_ % 2 == 0 else roles[::-1]:
            if time.monotonic() > stop_at:
                print("(stopped: --max-seconds)")
                return rows
            club.hold(rooms)
            time.sleep(args.warmup)
            measured[role] = row = club.measure(args.measure)
            club.hold(0)
            time.sleep(args.settle)
            rows.append(row)
            print(_line(row), flush=True)
        one, two = measured["alone"], measured["shared"]
        ratio = two["rooms_per_core"] / one["rooms_per_core"]
        ratios.append(ratio)
        print(f"round {round_ + 1}: {two['club']} over {one['club']}, rooms per core {ratio:.0%}")
    if ratios:
        mean = sum(ratios) / len(ratios)
        print(
            f"{shared[0].label} over {alone[0].label}, rooms per server core: median "
            f"{statistics.median(ratios):.0%}, mean {mean:.0%}, "
            f"range {min(ratios):.0%}-{max(ratios):.0%} in {len(ratios)} rounds"
        )
    return rows


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
    parser.add_argument(
        "--alternate",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="the last step's rooms on one process alone and on --processes on Redis, "
        "one window each a round, the ratio of their rooms per server core",
    )
    parser.add_argument(
        "--per-process",
        action="store_true",
        help="with --alternate: the shared club holds the rooms on each of its processes",
    )
    parser.add_argument(
        "--settle", type=float, default=5.0, help="seconds after a club's rooms are closed"
    )
    parser.add_argument("--stop-above", type=float, default=50.0, metavar="MS")
    parser.add_argument(
        "--server-tree", type=Path, metavar="DIR", help="run the servers from this checkout"
    )
    parser.add_argument(
        "--versus-tree",
        type=Path,
        metavar="DIR",
        help="with --alternate: the lone process from this checkout",
    )
    parser.add_argument(
        "--no-pin",
        dest="pin",
        action="store_false",
        help="leave the processes to the scheduler (by default every server process on "
        "the first core, the workers and Redis on the others)",
    )
    args = parser.parse_args()
    if (args.processes > 1 or (args.alternate and not args.versus_tree)) and not args.redis:
        parser.error("several processes share a club only on Redis: add --redis")
    drive(args)


if __name__ == "__main__":
    main()
