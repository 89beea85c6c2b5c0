"""What the cycle collector's full pass scans and finds in a server of many rooms.

    nice -n 10 python benchmarks/collector_census.py --rooms 2000
    nice -n 10 python benchmarks/collector_census.py --rooms 400 --churn 10

A ``spit-tui serve`` process (run here through ``spit.cli.main``, so that this script
can install a ``SIGUSR1`` handler in it first) holds ``--rooms`` rooms of
``benchmarks/server_capacity.py``'s bots, pinned to the second core and the bots to the
first. After ``--settle`` seconds, or after ``--churn`` rounds of ending half the
rooms and opening them again, the server is sent ``SIGUSR1``, and between two of its
event loop's steps it takes a census, as the full pass of
``spit.commands.serve_collector`` would see it:

- the garbage a full pass finds (``gc.DEBUG_SAVEALL``), by type;
- the time of ``--passes`` further full passes, each over every tracked object;
- the tracked objects, by type (the first ``--top``).

It prints a summary. ``--tree DIR`` runs the server from another checkout (before and
after a change). Everything runs on loopback; every process started here is ended, and
a census that does not come within ``--max-seconds`` ends the run.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_capacity import Worker, _end, launch_server, serve_options


def _kind(thing: object) -> str:
    kind = type(thing)
    return f"{kind.__module__}.{kind.__qualname__}"


def _census(passes: int, top: int) -> dict[str, Any]:
    """Everything frozen is scanned, as in the full pass; frozen again after."""
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        found = gc.collect()
    finally:
        gc.set_debug(0)
    garbage = Counter(_kind(thing) for thing in gc.garbage)
    gc.garbage.clear()
    pass_ms = []
    for _ in range(passes):
        start = time.perf_counter()
        gc.collect()
        pass_ms.append(round((time.perf_counter() - start) * 1000, 1))
    tracked = gc.get_objects()
    kinds = Counter(_kind(thing) for thing in tracked)
    total = len(tracked)
    del tracked
    gc.freeze()
    return {
        "tracked": total,
        "full_pass_ms": pass_ms,
        "garbage_found": found,
        "garbage": garbage.most_common(top),
        "kinds": kinds.most_common(top),
    }


def _serve(out: Path, passes: int, top: int, serve_argv: list[str]) -> None:
    """The server process: ``spit-tui serve`` with the census on ``SIGUSR1``."""

    def take(signum: int, frame: object) -> None:
        partial = out.with_suffix(".part")
        partial.write_text(json.dumps(_census(passes, top)))
        partial.replace(out)  # whole, or not there

    signal.signal(signal.SIGUSR1, take)
    from spit.cli import main

    main(["serve", *serve_argv])


def _start(
    folder: Path, rooms: int, tree: Path | None, args: argparse.Namespace
) -> tuple[subprocess.Popen[bytes], int]:
    argv = [sys.executable, str(Path(__file__).resolve())]
    argv += ["--as-server", str(folder / "census.json"), "--passes", str(args.passes)]
    argv += ["--top", str(args.top), "--", *serve_options(folder, rooms)]
    return launch_server(argv, folder, folder / "server.log", tree)


def _report(args: argparse.Namespace, census: dict[str, Any]) -> None:
    passes = sorted(census["full_pass_ms"])
    print(
        f"{args.rooms} rooms, {args.churn} rounds of churn: {census['tracked']:,} tracked "
        f"objects; full pass {passes[0]}-{passes[-1]} ms (median "
        f"{statistics.median(passes)}); the first found {census['garbage_found']:,} objects"
    )
    for title, rows in (("garbage found", census["garbage"]), ("tracked", census["kinds"])):
        if rows:
            print(f"  {title}: " + ", ".join(f"{kind} {count:,}" for kind, count in rows))


def drive(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="spit-collector-census-"))
    server, port = _start(folder, args.rooms, args.tree, args)
    workers = [
        Worker("--worker", f"ws://127.0.0.1:{port}", "--level", "normal", "--seed", str(1 + i))
        for i in range(args.workers)
    ]
    cores = os.sched_getaffinity(0)
    if len(cores) > 1:
        os.sched_setaffinity(server.pid, {max(cores)})
        for worker in workers:
            os.sched_setaffinity(worker.process.pid, cores - {max(cores)})

    def hold(rooms: int) -> None:
        for worker in workers:
            worker.send(f"rooms {rooms // len(workers)}")
        for worker in workers:
            worker.answer()

    try:
        hold(args.rooms)
        time.sleep(args.settle)
        for _ in range(args.churn):
            hold(args.rooms // 2)
            time.sleep(3)
            hold(args.rooms)
            time.sleep(10)
        server.send_signal(signal.SIGUSR1)
        out = folder / "census.json"
        deadline = time.monotonic() + args.max_seconds
        while not out.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        if not out.exists():
            raise SystemExit("no census came in time")
        _report(args, json.loads(out.read_text()))
    finally:
        for worker in workers:
            with contextlib.suppress(OSError):
                worker.send("quit")
        for worker in workers:
            _end(worker.process)
        server.send_signal(signal.SIGTERM)
        _end(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=4, help="bot processes")
    parser.add_argument("--settle", type=float, default=20.0, help="seconds seated first")
    parser.add_argument(
        "--churn", type=int, default=0, help="rounds of half the rooms ended and opened again"
    )
    parser.add_argument("--passes", type=int, default=7, help="full passes timed")
    parser.add_argument("--top", type=int, default=40, help="types listed")
    parser.add_argument("--tree", type=Path, help="run the server from this checkout")
    parser.add_argument("--max-seconds", type=float, default=300.0)
    parser.add_argument("--as-server", type=Path, help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.as_server is not None:
        _serve(args.as_server, args.passes, args.top, [a for a in rest if a != "--"])
    else:
        drive(args)


if __name__ == "__main__":
    main()
