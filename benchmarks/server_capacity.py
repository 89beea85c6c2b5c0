"""Server capacity on one core: how many bot-against-bot rooms one ``spit-tui serve``
process holds with the time from an intent to its answer under 5 ms at the 99th
percentile (issue 15's goal: at least 500 rooms).

    nice -n 10 python benchmarks/server_capacity.py --steps 50,100,200,300,500

One ``spit-tui serve --stats`` process listens on 127.0.0.1, pinned to one core
(``os.sched_setaffinity``, where the system has it) and niced. ``--workers`` other
processes (pinned to the other cores, if any) each drive a share of the rooms with
asyncio: each room is two real WebSocket connections, each played by a bot at the
human model's speed (``Seat``: lean, so that the load generator keeps up). Rooms are
added step by step and stay open; after each step's rooms are all seated and
``--warmup`` seconds have passed, ``--measure`` seconds are measured:

- the server's delay, from its ``GET /stats`` histograms (``spit.net.latency``): from
  the client's stamp on the intent (one machine, one monotonic clock; the stamp is
  taken as the frame is written, so the delay starts as the intent reaches the
  server's socket, and counts its wait there and in the event loop) to the intent's
  frames written to both seats, less the fairness hold (the rule that holds every
  intent until the slower player's could have arrived: a few ms on loopback, shown
  apart); and the same from the handler's reading of the frame;
- the cycle collector's passes in the server (``spit.commands.serve_collector``; a server that
  times them, this tree's): the longest pass's CPU time, the full passes, and the
  share of the wall time spent in passes;
- the server process's CPU time over the wall time (a share of one core), its
  resident memory, and the growth of that memory a room since before the first room;
- the pings the server sent a room a second (``png/rm``: two while the lines are being
  measured, a half once both are settled; ``Room.ping_interval_ms``);
- the round trip the bots saw (intent written to its news read, fairness hold
  included), which also carries the clients' own delays;
- the worker processes' own CPU time (``bots``: a share of one core; ``bms/int``: ms
  an intent): a load generator near a full core sends its intents late and in bursts;
- intents a second, and the load average of the machine (other programs share it).

``--profile-at N`` samples the server with py-spy for ``--profile-seconds`` after the
step of N rooms is measured (not during) and prints where its time goes.

The bots: a level's human model (``--level``, default ``normal``) sets the pace
(``Seat``): a play that fits a pile (each overlooked with the model's chance), else a
move into an empty space, or the slap the model chooses. Everything runs on loopback;
every process this starts is ended when it finishes, and it stops after
``--max-seconds`` whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import math
import os
import pstats
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

import msgspec
import psutil
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.uri import parse_uri

from spit.games.spit.bots import get_level
from spit.games.spit.bots.human import HumanModel
from spit.net.latency import Histogram, between, percentile
from spit.net.protocol import (
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    Hello,
    Intent,
    Leave,
    Pong,
    Rematch,
    encode,
)

RANKS = "A23456789TJQK"
SIDES = ("left", "right")
LISTENING = re.compile(r"listening on ws://127\.0\.0\.1:(\d+)")


# --- the bots (worker processes) -------------------------------------------------------


def _fits(card: str, top: str) -> bool:
    return (RANKS.index(card[0]) - RANKS.index(top[0])) % 13 in (1, 12)


def choose(view: dict[str, Any], model: HumanModel, rng: random.Random) -> str | None:
    """What the bot does on ``view`` (see the module docstring), or nothing."""
    if view["phase"] == "slap":
        sizes = view["pile_sizes"]
        return f"slap {model.slap_pile((sizes[0], sizes[-1]), rng)}" if len(sizes) else None
    if view["phase"] != "playing":
        return None
    plays = [
        f"play {stock} {SIDES[pile]}"
        for stock, (card, _) in enumerate(view["own"])
        if card is not None
        for pile, top in enumerate(view["piles"])
        if _fits(card, top) and rng.random() >= model.overlook
    ]
    if plays:
        return rng.choice(plays)
    if any(card is None for card, _ in view["own"]):
        turns = [f"move {i}" for i, (card, down) in enumerate(view["own"]) if card and down]
        return rng.choice(turns) if turns else None
    return None


class Seat(asyncio.Protocol):
    """One seat of one room: its WebSocket connection and the bot that plays it.

    Lean, so that one core of load generator drives thousands of seats without
    becoming the bottleneck it measures: websockets' Sans-I/O client protocol on an
    asyncio transport, each frame handled in the callback that read it (no task, future
    or event per frame), read with ``msgspec.json.decode`` (the server is this
    benchmark's own, so its frames are not checked against the protocol's schema as
    ``NetClient`` checks them), and the bot's waits made with the loop's timers. The
    frames it writes are a ``NetClient``'s: the hello, the intents stamped with the
    monotonic clock just before they are written, the pongs, the rematches.

    The bot: a level's human model sets the pace. On a change of its view it waits its
    perception time and a reaction draw, then acts on the view it has then (``choose``);
    it sends one intent at a time and waits (at most 2 s) for its news, and looks again
    at the next change after that (or in 5 s, when nothing changes: a play the model
    overlooked may be seen then). At the end of a game it asks for a rematch after 1 to
    3 s, so the room count holds."""

    def __init__(self, uri: str, hello: str, model: HumanModel, seed: int, rtt: Histogram) -> None:
        self.rng = random.Random(seed)
        self.model = model.in_form(self.rng)
        self.react, self.slap_react = self.model.reaction_draws(self.rng)
        self.rtt = rtt
        self.sent = 0
        self.games = 0
        self.connected = False
        self.welcome: dict[str, Any] | None = None
        self.ready: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        """The welcome, once the server has seated this seat."""
        self._loop = asyncio.get_running_loop()
        self._hello = hello
        self._protocol = ClientProtocol(parse_uri(uri), max_size=MAX_SERVER_MESSAGE)
        self._transport: asyncio.Transport | None = None
        self._seq = 0
        self._view: dict[str, Any] | None = None
        self._over = False
        self._waiting: float | None = None
        """Since when (monotonic s) it waits for its intent's news."""
        self._timer: asyncio.TimerHandle | None = None
        """The bot's next step: a move after its reaction time, the end of a wait, a
        rematch, or a look at an unchanged view (``_looking``)."""
        self._looking = False

    # --- the wire ---

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        self._protocol.send_request(self._protocol.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        received = time.monotonic() * 1000
        self._protocol.receive_data(data)
        for event in self._protocol.events_received():
            if isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                self._message(msgspec.json.decode(event.data), received)
            elif not isinstance(event, Frame) and self._protocol.handshake_exc is None:
                self._write(self._hello)  # the handshake's answer: now the hello
        self._flush()
        if self._protocol.state is State.CLOSED:
            self._transport_gone()

    def eof_received(self) -> None:
        self._protocol.receive_eof()
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        self._transport_gone()

    def close(self) -> None:
        """Close the connection, as a player who shuts the window (no ``leave``)."""
        self._cancel()
        if self._transport is not None and self._protocol.state is State.OPEN:
            self._protocol.send_close(1000)
            self._flush()
        if self._transport is not None:
            self._transport.close()

    def leave(self) -> None:
        """Leave the room (its game conceded) and close: the server ends the room at
        once, where a closed connection alone keeps the seat for a reconnection."""
        self._write(encode(Leave()))
        self.close()

    def _transport_gone(self) -> None:
        self.connected = False
        if self._timer is not None:
            self._timer.cancel()
        if not self.ready.done():
            self.ready.set_exception(ConnectionError(f"closed: {self._protocol.close_reason}"))

    def _write(self, text: str) -> None:
        if self._protocol.state is State.OPEN:  # not once either side began to close
            self._protocol.send_text(text.encode())
            self._flush()

    def _flush(self) -> None:
        transport = self._transport
        if transport is None or transport.is_closing():
            return
        for data in self._protocol.data_to_send():
            if data:
                transport.write(data)
            elif transport.can_write_eof():
                transport.write_eof()

    # --- the messages ---

    def _message(self, message: dict[str, Any], received: float) -> None:
        kind = message.get("type")
        if kind == "ping":
            pong = Pong(id=message["id"], c1=received, c2=time.monotonic() * 1000)
            self._write(encode(pong))
        elif kind == "view":
            self._view = message["view"]
            if self._waiting is not None:
                self._news(message["events"])
            elif not self._over:
                self._changed()
        elif kind == "over":
            self._over = True
            self.games += 1
            self._waiting = None
            self._after(self.rng.uniform(1.0, 3.0), self._rematch)
        elif kind == "new_game":
            self._view, self._over, self._waiting = None, False, None
            self._cancel()
        elif kind == "welcome":
            self.connected = True
            self.welcome = message
            self.ready.set_result(message)
        elif kind == "refused" and not self.ready.done():
            self.ready.set_exception(ConnectionError(f"refused: {message.get('reason')}"))

    def _news(self, events: list[dict[str, Any]]) -> None:
        """While it waits for its intent's news: when it comes (taken or refused), the
        round trip, and a look at the next change (or in 5 s), not at this one."""
        assert self._waiting is not None and self.welcome is not None
        seat = self.welcome["seat"]
        if any(e.get("seat") == seat and e.get("kind") in ("input", "refused") for e in events):
            self.rtt.add((time.monotonic() - self._waiting) * 1000)
            self._waiting = None
            self._look_later()

    # --- the bot ---

    def _after(self, seconds: float, then: Callable[[], None], *, look: bool = False) -> None:
        self._cancel()
        self._timer = self._loop.call_later(seconds, then)
        self._looking = look

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _look_later(self) -> None:
        """Look at the view again in 5 s unless it changes first."""
        self._after(5.0, self._consider, look=True)

    def _changed(self) -> None:
        """A change of the view: a look, unless a move is planned."""
        if self._timer is None or self._looking:
            self._consider()

    def _consider(self) -> None:
        """Plan a move after the reaction time, when there is one to make; else look
        again later (a play the model overlooked may be seen then)."""
        self._cancel()
        view = self._view
        if view is None or choose(view, self.model, self.rng) is None:
            self._look_later()
            return
        slap = view["phase"] == "slap"
        wait = self.model.perception_ms + (self.slap_react() if slap else self.react())
        self._after(wait / 1000, self._act)

    def _act(self) -> None:
        """The move, on the view as it is now: one intent, its news awaited (2 s)."""
        self._timer = None
        view = self._view
        intent = None if view is None else choose(view, self.model, self.rng)
        if intent is None or not self.connected:
            self._look_later()
            return
        self._seq += 1
        self._waiting = time.monotonic()
        self._write(encode(Intent(seq=self._seq, t=time.monotonic() * 1000, text=intent)))
        self.sent += 1
        self._after(2.0, self._gave_up)

    def _gave_up(self) -> None:
        """No news of the intent in 2 s: go on."""
        self._timer = None
        self._waiting = None
        self._look_later()

    def _rematch(self) -> None:
        self._timer = None
        if self.connected:
            self._write(encode(Rematch()))


async def _open_seat(uri: str, hello: Hello, model: HumanModel, seed: int, rtt: Histogram) -> Seat:
    """A seat connected and welcomed (its bot plays from the first view on)."""
    loop = asyncio.get_running_loop()
    where = parse_uri(uri)
    _, seat = await loop.create_connection(
        lambda: Seat(uri, encode(hello), model, seed, rtt), where.host, where.port
    )
    try:
        await asyncio.wait_for(asyncio.shield(seat.ready), 10)
    except BaseException:
        seat.ready.cancel()  # no refusal left for nobody to read
        seat.close()
        raise
    return seat


async def _commands() -> asyncio.StreamReader:
    """The driver's commands, one a line on stdin."""
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


async def _canary() -> None:
    """How late an idle asyncio loop's 2 ms timers fire on this core: the machine's own
    scheduling delay, which every wall-clock figure of the server carries too. Answers
    ``report`` with its histogram, ends on ``quit``."""
    late = Histogram()

    async def tick() -> None:
        while True:
            start = time.monotonic()
            await asyncio.sleep(0.002)
            late.add((time.monotonic() - start) * 1000 - 2)

    ticking = asyncio.get_running_loop().create_task(tick())
    reader = await _commands()
    while (await reader.readline()).decode().strip() == "report":
        print(json.dumps({"late": late.counts}), flush=True)
    ticking.cancel()


async def _worker(uri: str, level: str, seed: int) -> None:
    """Hold N rooms on ``rooms N`` lines from stdin (opening or closing some), ``report``
    the bots' figures, ``quit``."""
    model = get_level(level).model
    rtt = Histogram()
    seats: list[Seat] = []
    errors: collections.Counter[str] = collections.Counter()
    reader = await _commands()

    while line := (await reader.readline()).decode().split():
        if line[0] == "rooms":
            failures = 0
            while len(seats) < 2 * int(line[1]) and failures < 20:
                number = seed * 100_003 + len(seats)
                first = Hello(v=PROTOCOL_VERSION, name="A", create=True)
                try:
                    a = await _open_seat(uri, first, model, number, rtt)
                except Exception as error:  # a server too busy to answer in time
                    errors[f"connect: {error}"] += 1
                    failures += 1
                    continue
                assert a.welcome is not None
                second = Hello(v=PROTOCOL_VERSION, name="B", room=a.welcome["room"])
                try:
                    b = await _open_seat(uri, second, model, number + 1, rtt)
                except Exception as error:
                    errors[f"connect: {error}"] += 1
                    failures += 1
                    a.close()  # no half-open room left behind
                    continue
                seats += (a, b)
            while len(seats) > 2 * int(line[1]):  # fewer rooms: their players leave
                seats.pop().leave()
            print(json.dumps({"ready": len(seats) // 2}), flush=True)
        elif line[0] == "report":
            usage = resource.getrusage(resource.RUSAGE_SELF)
            report = {
                "rtt": rtt.counts,
                "sent": sum(s.sent for s in seats),
                "games": sum(s.games for s in seats) // 2,
                "connected": sum(s.connected for s in seats),
                "errors": dict(errors),
                "cpu_s": usage.ru_utime + usage.ru_stime,
            }
            print(json.dumps(report), flush=True)
        elif line[0] == "quit":
            break
    for seat in seats:
        seat.close()
    await asyncio.sleep(0.5)  # the close frames written


# --- the driver ------------------------------------------------------------------------


def _fetch(port: int, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def serve_options(data: Path, rooms: int) -> list[str]:
    """``spit-tui serve``'s options for ``rooms`` bot rooms on loopback, with a data
    folder and no ``--stats`` (the caller adds what it needs)."""
    options = ["--port", "0", "--data", str(data)]
    options += ["--max-rooms", str(rooms + 10), "--max-per-address", str(2 * rooms + 50)]
    options += ["--idle-minutes", "120"]
    # every client is on 127.0.0.1: one address opening rooms as fast as it can
    options += ["--waiting-per-address", str(min(1000, rooms + 10))]
    options += ["--connects-per-minute", "1000000"]
    return options


def launch_server(
    argv: list[str], data: Path, log_path: Path, tree: Path | None
) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``argv`` (a server whose log says where it listens) with its home in
    ``data`` and its output in ``log_path``, from ``tree`` if given; (process, port)."""
    env = {**os.environ, "SPIT_TUI_HOME": str(data / "home")}
    if tree is not None:  # another checkout's server (before and after a change)
        env["PYTHONPATH"] = str(tree.resolve())
    with log_path.open("wb") as log:
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


def _start_server(
    data: Path, rooms: int, tree: Path | None, cprofile: Path | None
) -> tuple[subprocess.Popen[bytes], int]:
    argv = [sys.executable]
    if cprofile is not None:  # the whole run under cProfile, written when it stops
        argv += [str(Path(__file__).resolve()), "--profiled-server", str(cprofile.resolve())]
    else:
        argv += ["-m", "spit.cli"]
    argv += ["serve", *serve_options(data, rooms), "--stats"]
    return launch_server(argv, data, data / "server.log", tree)


def _child_setup() -> None:
    """In each child: niced, and as many open files as the system lets it have."""
    os.nice(10)
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _pin(pid: int, cpus: set[int]) -> bool:
    if not hasattr(os, "sched_setaffinity") or not cpus:
        return False
    os.sched_setaffinity(pid, cpus)
    return True


class Worker:
    """A child process of this script, driven through its stdin and stdout."""

    def __init__(self, *options: str) -> None:
        argv = [sys.executable, __file__, *options]
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, preexec_fn=_child_setup
        )

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()

    def answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("a worker ended early")
        result: dict[str, Any] = json.loads(line)
        return result


def _profile(pid: int, seconds: float, folder: Path, top: int = 30) -> None:
    """py-spy's samples of the server, by function: own time and time inside."""
    spy = shutil.which("py-spy")
    if spy is None:
        print("(py-spy is not installed: no profile)")
        return
    out = folder / "profile.txt"
    argv = [spy, "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "200"]
    argv += ["--nonblocking", "-f", "raw", "-o", str(out)]
    subprocess.run(
        argv,
        check=True,
        capture_output=True,
        timeout=seconds + 60,
    )
    own: collections.Counter[str] = collections.Counter()
    lines: collections.Counter[str] = collections.Counter()
    inside: collections.Counter[str] = collections.Counter()
    total = 0
    for line in out.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = [re.sub(r" \((?:.*/)?([^/]*?):\d+\)$", r" (\1)", f) for f in stack.split(";")]
        n = int(count)
        total += n
        own[frames[-1]] += n
        lines[re.sub(r" \((?:.*/)?([^/]*)\)$", r" (\1)", stack.split(";")[-1])] += n
        for frame in set(frames):
            inside[frame] += n
    print(f"\nprofile of the server, {total} samples over {seconds:g} s (share of samples)")
    for title, counts in (
        ("own time", own),
        ("own time by line", lines),
        ("inside (own and callees)", inside),
    ):
        print(f"  {title}:")
        for frame, n in counts.most_common(top):
            print(f"    {n / total:6.1%}  {frame}")


def _collector(before: dict[str, Any], after: dict[str, Any], wall: float) -> dict[str, float]:
    """The cycle collector's passes between two ``/stats`` (a server that times them:
    ``spit.commands.serve_collector``): the longest, how many were full passes and the
    longest of those (ms of CPU), the share of the wall time."""
    if "collector" not in after:  # an older tree's server
        return {
            "gc_max": math.nan,
            "gc_full": math.nan,
            "gc_full_max": math.nan,
            "gc_share": math.nan,
        }
    was, now = before["collector"], after["collector"]
    passes = between({"p": was["passes"]}, {"p": now["passes"]})["p"]
    full = between({"f": was["full"]}, {"f": now["full"]})["f"]
    return {
        "gc_max": percentile(passes, 1.0),
        "gc_full": float(sum(full)),
        "gc_full_max": percentile(full, 1.0),
        "gc_share": (now["ms"] - was["ms"]) / 1000 / wall,
    }


def _bots_cpu(
    before: Sequence[dict[str, Any]], after: Sequence[dict[str, Any]], wall: float, intents: int
) -> dict[str, float]:
    """The worker processes' CPU time between two reports: a share of one core, and ms
    an intent (what the load generator pays for the load it makes)."""
    seconds = sum(a["cpu_s"] - b["cpu_s"] for a, b in zip(after, before, strict=True))
    return {"bots_cpu": seconds / wall, "bots_ms_per_intent": seconds * 1000 / max(1, intents)}


def _fmt(ms: float) -> str:
    return "-" if math.isnan(ms) else f"{ms:.2f}"


_COLUMNS = (
    ("rooms", "rooms", "{:d}"),
    ("conns", "connections", "{:d}"),
    ("int/s", "intents_per_s", "{:.0f}"),
    ("p50", "stamp_p50", None),
    ("p90", "stamp_p90", None),
    ("p99", "stamp_p99", None),
    ("max", "stamp_p100", None),
    ("hdl50", "handler_p50", None),
    ("hdl99", "handler_p99", None),
    ("work50", "work_p50", None),
    ("work99", "work_p99", None),
    ("hold50", "hold_p50", None),
    ("late50", "timer_late_p50", None),
    ("late99", "timer_late_p99", None),
    ("rtt50", "rtt_p50", None),
    ("rtt99", "rtt_p99", None),
    ("gcmax", "gc_max", None),
    ("gcfull", "gc_full", "{:.0f}"),
    ("gc%", "gc_share", "{:.1%}"),
    ("cpu", "cpu", "{:.0%}"),
    ("png/rm", "pings_per_room_s", "{:.2f}"),
    ("ms/int", "cpu_ms_per_intent", "{:.3f}"),
    ("bots", "bots_cpu", "{:.0%}"),
    ("bms/int", "bots_ms_per_intent", "{:.3f}"),
    ("rssMiB", "rss_mib", "{:.1f}"),
    ("KiB/rm", "kib_per_room", "{:.1f}"),
    ("load", "load", "{:.2f}"),
)
"""The printed table: its heads, the row's keys, their formats (``None``: ms)."""

_HEADER = " ".join(f"{head:>7}" for head, _, _ in _COLUMNS)


def _line(row: dict[str, Any]) -> str:
    cells = [
        _fmt(row[key]) if form is None or math.isnan(row[key]) else form.format(row[key])
        for _, key, form in _COLUMNS
    ]
    errors = f"  errors {row['errors']}" if row["errors"] else ""
    return " ".join(f"{cell:>7}" for cell in cells) + errors


def drive(args: argparse.Namespace) -> None:
    steps = sorted(int(x) for x in args.steps.split(","))
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    stop_at = time.monotonic() + args.max_seconds
    folder = Path(tempfile.mkdtemp(prefix="spit-capacity-"))
    server: subprocess.Popen[bytes] | None = None
    workers: list[Worker] = []
    canary: Worker | None = None
    rows = []

    def overtime(signum: int, frame: object) -> None:
        raise SystemExit("stopped: far past --max-seconds")

    signal.signal(signal.SIGALRM, overtime)
    signal.alarm(int(args.max_seconds) + 120)
    try:
        server, port = _start_server(folder, steps[-1], args.server_tree, args.cprofile)
        pinned = _pin(server.pid, {cpus[0]}) if cpus and args.pin else False
        proc = psutil.Process(server.pid)
        time.sleep(1.0)
        base_rss = proc.memory_info().rss
        uri = f"ws://127.0.0.1:{port}"
        workers = [
            Worker(
                "--worker",
                uri,
                "--level",
                args.level,
                "--seed",
                str(args.seed + i),
                *(
                    ["--cprofile", str(args.cprofile_worker.resolve())]
                    if args.cprofile_worker and i == 0
                    else []
                ),
            )
            for i in range(args.workers)
        ]
        canary = Worker("--canary")
        if pinned:
            for worker in workers:
                _pin(worker.process.pid, set(cpus[1:]) or set(cpus))
            _pin(canary.process.pid, {cpus[0]})
        print(
            f"server pid {server.pid} on cpu {cpus[0] if pinned else 'any'}, {args.workers} "
            f"workers, {os.cpu_count()} cpus; rss before rooms {base_rss / 2**20:.1f} MiB"
        )
        print(_HEADER)
        for rooms in steps:
            if time.monotonic() > stop_at:
                print("(stopped: --max-seconds)")
                break
            for i, worker in enumerate(workers):
                worker.send(f"rooms {rooms // len(workers) + (i < rooms % len(workers))}")
            for worker in workers:
                worker.answer()
            time.sleep(args.warmup)
            for worker in (*workers, canary):
                worker.send("report")
            before_clients = [w.answer() for w in workers]
            late_before = canary.answer()["late"]
            try:
                before_stats = _fetch(port, "/stats")
                before = before_stats["series"]
            except OSError as error:
                print(f"(stopped: the server did not answer /stats: {error})")
                break
            cpu0, wall0 = sum(proc.cpu_times()[:2]), time.monotonic()
            time.sleep(args.measure)
            cpu1, wall1 = sum(proc.cpu_times()[:2]), time.monotonic()
            try:
                after_stats = _fetch(port, "/stats")
                after = after_stats["series"]
                health = _fetch(port, "/health")
            except OSError as error:
                print(f"(stopped: the server did not answer /stats: {error})")
                break
            for worker in (*workers, canary):
                worker.send("report")
            after_clients = [w.answer() for w in workers]
            late = between({"late": late_before}, {"late": canary.answer()["late"]})["late"]
            rss = proc.memory_info().rss
            counts = between(before, after)
            rtt = [
                sum(
                    a["rtt"][k] - b["rtt"][k]
                    for a, b in zip(after_clients, before_clients, strict=True)
                )
                for k in range(len(after_clients[0]["rtt"]))
            ]
            errors: collections.Counter[str] = collections.Counter()
            for report in after_clients:
                errors.update(report["errors"])
            row = {
                "rooms": health["rooms"],
                "connections": health["connections"],
                "intents_per_s": sum(counts["stamp"]) / (wall1 - wall0),
                **{
                    f"{name}_p{q}": percentile(counts.get(name, []), q / 100)
                    for name in ("stamp", "handler", "hold", "work")
                    for q in (50, 90, 99, 100)
                },
                "cpu_ms_per_intent": (cpu1 - cpu0) * 1000 / max(1, sum(counts["stamp"])),
                "timer_late_p50": percentile(late, 0.5),
                "timer_late_p99": percentile(late, 0.99),
                "rtt_p50": percentile(rtt, 0.5),
                "rtt_p99": percentile(rtt, 0.99),
                "cpu": (cpu1 - cpu0) / (wall1 - wall0),
                **_bots_cpu(before_clients, after_clients, wall1 - wall0, sum(counts["stamp"])),
                "pings_per_room_s": (
                    after_stats.get("pings", math.nan) - before_stats.get("pings", math.nan)
                )
                / (wall1 - wall0)
                / max(1, health["rooms"]),
                "rss_mib": rss / 2**20,
                "kib_per_room": (rss - base_rss) / 1024 / max(1, health["rooms"]),
                "load": os.getloadavg()[0],
                **_collector(before_stats, after_stats, wall1 - wall0),
                "games_finished": sum(r["games"] for r in after_clients),
                "errors": dict(errors),
            }
            rows.append(row)
            print(_line(row), flush=True)
            if row["stamp_p99"] > args.stop_above:
                print(f"(stopped: p99 over {args.stop_above:g} ms)")
                break
            if rooms == args.profile_at:
                _profile(server.pid, args.profile_seconds, folder)
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    finally:
        for worker in workers:
            with contextlib.suppress(OSError, ValueError):
                worker.send("quit")
        for worker in workers:
            _end(worker.process)
        if canary is not None:
            with contextlib.suppress(OSError, ValueError):
                canary.send("quit")
            _end(canary.process)
        if server is not None:
            server.send_signal(signal.SIGTERM)
            _end(server)
        shutil.rmtree(folder, ignore_errors=True)
        signal.alarm(0)
    if args.cprofile is not None and args.cprofile.exists():
        pstats.Stats(str(args.cprofile)).sort_stats("tottime").print_stats(30)


def _profiled(out: Path, run: Callable[[], object]) -> object:
    """``run()`` under cProfile timed by the process's own CPU clock
    (``time.thread_time``: the server and the bots are one thread each), so that the
    time other programs take the core is not counted against the function that was
    running; the statistics written to ``out`` when it ends."""
    import cProfile

    profile = cProfile.Profile(time.thread_time)
    try:
        return profile.runcall(run)
    finally:
        profile.dump_stats(str(out))


def _profiled_server(out: Path, argv: Sequence[str]) -> int:
    """``spit-tui`` with ``argv``, under ``_profiled``."""
    from spit.cli import main as spit_main

    return int(cast(int, _profiled(out, lambda: spit_main(list(argv)))))


def _end(process: subprocess.Popen[bytes], seconds: float = 15.0) -> None:
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default="50,100,200,300,500,700", help="rooms at each step")
    parser.add_argument("--workers", type=int, default=4, help="client processes")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--measure", type=float, default=30.0, help="seconds measured a step")
    parser.add_argument("--level", default="normal", help="the bots' human model")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile-at", type=int, metavar="ROOMS", help="profile at this step")
    parser.add_argument("--profile-seconds", type=float, default=20.0)
    parser.add_argument(
        "--cprofile",
        type=Path,
        metavar="FILE",
        help="run the server under cProfile on its CPU clock, its statistics written here "
        "(it slows the server)",
    )
    parser.add_argument(
        "--cprofile-worker",
        type=Path,
        metavar="FILE",
        help="run the first bots' process under cProfile on its CPU clock, written here",
    )
    parser.add_argument("--max-seconds", type=float, default=900.0, help="stop after this")
    parser.add_argument("--json", metavar="FILE", help="write the rows here too")
    parser.add_argument(
        "--stop-above", type=float, default=1000.0, metavar="MS", help="stop past this p99"
    )
    parser.add_argument(
        "--no-pin",
        dest="pin",
        action="store_false",
        help="leave the processes to the scheduler (a machine whose first core is busy)",
    )
    parser.add_argument(
        "--server-tree",
        type=Path,
        metavar="DIR",
        help="run the server from this checkout (the clients stay this one's)",
    )
    parser.add_argument("--worker", metavar="URI", help=argparse.SUPPRESS)
    parser.add_argument("--canary", action="store_true", help=argparse.SUPPRESS)
    words = sys.argv[1:] if argv is None else list(argv)
    if words[:1] == ["--profiled-server"]:  # the server: a file, then spit-tui's arguments
        sys.exit(_profiled_server(Path(words[1]), words[2:]))
    args = parser.parse_args(words)
    if args.canary:
        asyncio.run(_canary())
    elif args.worker and args.cprofile is not None:  # the first worker, profiled
        _profiled(args.cprofile, lambda: asyncio.run(_worker(args.worker, args.level, args.seed)))
    elif args.worker:
        asyncio.run(_worker(args.worker, args.level, args.seed))
    else:
        drive(args)


if __name__ == "__main__":
    main()
