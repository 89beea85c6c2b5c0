"""A key press on one player's terminal to the frame on the other's, through a real
server on loopback, side by side with the same press in a local two-player game.

    nice -n 10 python benchmarks/net_keypress.py --games 10

Each game is three programs in real pseudo-terminals (``tui_pty.py``), all on
127.0.0.1: ``spit-tui host --seed N`` (the server and player A, as a player hosts),
``spit-tui join 127.0.0.1:PORT CODE`` (player B) and ``spit-tui play --seed N`` (the
local game on one keyboard). The same deal is followed in a headless ``Match`` to know
which keys play a card (``tui_keypress.py``'s way); each press is made twice, once in
the network game (on A's terminal for seat 0, on B's for seat 1) and once in the local
game, and timed until the pile under the card shows its new size: on the *other*
player's terminal for the network game, on the one terminal for the local game. The
network figure thus holds A's terminal and app, its client, the server with its fair
ordering (the hold at its loopback value: the other player's allowance, half the
kernel's round trip for its socket, tens of microseconds), the view frames, B's
client, app and terminal.

Targets (issue 14): median at most the local game's plus 3 ms, 99th percentile at most
the local game's plus 10 ms. Every program gets a throwaway ``SPIT_TUI_HOME`` (default
settings, nothing recorded) and is ended when the run ends.

Before and after in one run: ``--against ../before`` (another checkout, e.g. from ``git
archive main``) measures both trees in turns, a block of ``--block`` games each, in
alternating order, so that a change of load on a shared machine falls on both alike;
each tree's games run its own code and its own copy of this ``measure``.

``--ordering arrival`` hosts the games with arrival order instead of fair ordering:
what the fair ordering's hold (the other player's allowance) costs.

The two players stand for two machines, so each player's program runs on a CPU of
its own (``machines``): the host's (the server and player A) on one, the joiner's on
another, and the local game, one machine's program, on the first. Left to the kernel,
two programs that wake each other through a loopback socket are put on one core (the
scheduler's wake-affine placement: the waker is about to sleep, it assumes), so one
player's draw waited for the other's, every press, by a whole draw (docs/performance.md,
"Network play"): a cost of two players on one machine that two machines never pay.
``--shared-cores`` leaves placement to the kernel, to measure that case too; with fewer
than two CPUs nothing is pinned. An ``--against`` tree measures as its own code does.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tui_keypress import Deal, Game, key_bytes, load_average, options, wait_until_playing
from tui_pty import PtyProgram, percentile, python

from spit.engine import Play

JOIN = re.compile(r"spit-tui join 127\.0\.0\.1:(\d+) ([0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3})")


def free_port() -> int:
    """A port nobody listens on now (the host's ``--port`` takes no 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


Machines = tuple[frozenset[int] | None, frozenset[int] | None]
"""The CPUs of the host's machine and of the joiner's (``None``: any)."""


def machines(pin: bool) -> Machines:
    """Two CPUs of this process's, one for each player's machine, when ``pin`` and
    there are two; else no pinning."""
    cpus = sorted(os.sched_getaffinity(0))
    if not pin or len(cpus) < 2:
        return None, None
    return frozenset(cpus[:1]), frozenset(cpus[1:2])


class NetGame:
    """A network game on two terminals, and the same deal in a headless match."""

    def __init__(
        self,
        seed: int,
        env: dict[str, str],
        ordering: str = "fair",
        cpus: Machines = (None, None),
    ) -> None:
        port = free_port()
        host = python(
            "-m", "spit.cli", "host", "--seed", str(seed), "--port", str(port),
            "--name", "Ann", "--no-record",
        )  # fmt: skip
        if ordering != "fair":  # an older tree's host has no --ordering
            host += ["--ordering", ordering]
        self.players: list[PtyProgram] = [PtyProgram(host, env=env, cpus=cpus[0])]
        try:
            self.players[0].wait_for(f"127.0.0.1:{port} ", timeout=20)
            self.players[0].drain(0.2)
            found = JOIN.search(self.players[0].text)
            if found is None:
                raise RuntimeError(f"no join command on the host's screen: {self.players[0].text}")
            join = python("-m", "spit.cli", "join", f"127.0.0.1:{port}", found[2], "--name", "Bob")
            self.players.append(PtyProgram(join, env=env, cpus=cpus[1]))
            self.follow = Deal(seed)
            for program in self.players:
                wait_until_playing(program)
        except BaseException:
            self.close()
            raise

    def press(self, player: int, play: Play, needle: str) -> tuple[float, float]:
        """Press on ``player``'s terminal (its own keys are player 1's); the times to
        the frame on the other terminal, then on the presser's own."""
        presser, other = self.players[player], self.players[1 - player]
        since = (len(presser.text), len(other.text))
        start = presser.press(key_bytes(0, play))
        seen_other = other.wait_for(needle, since=since[1])
        seen_own = presser.wait_for(needle, since=since[0])
        self.follow.played(player, play)
        return seen_other - start, seen_own - start

    def close(self) -> None:
        for program in self.players:
            program.close()


def measure(args: argparse.Namespace, env: dict[str, str]) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"local": [], "net": [], "net, own screen": []}
    gaps = random.Random(0)
    cpus = machines(getattr(args, "pin", True))
    for seed in range(args.first_seed, args.first_seed + args.games):
        play = python("-m", "spit.cli", "play", "--seed", str(seed), "--no-record")
        local = Game(seed, play, env, cpus=cpus[0])
        try:
            net = NetGame(seed, env, getattr(args, "ordering", "fair"), cpus)
            try:
                for _ in range(args.presses):
                    chosen = net.follow.next_press()
                    if chosen is None:
                        break
                    other, own = net.press(*chosen)
                    times["net"].append(other)
                    times["net, own screen"].append(own)
                    time.sleep(gaps.uniform(0.05, 0.15))
                    times["local"].append(local.press(*chosen))
                    time.sleep(gaps.uniform(0.05, 0.15))
            finally:
                net.close()
        finally:
            local.close()
    return times


_OTHER_TREE = """
import json, sys, tempfile, argparse
sys.path.insert(0, sys.argv[1])
import net_keypress
first, games, presses, pin = map(int, sys.argv[2:6])
args = argparse.Namespace(first_seed=first, games=games, presses=presses, pin=bool(pin))
with tempfile.TemporaryDirectory(prefix="spit-tui-bench-home-") as home:
    print(json.dumps(net_keypress.measure(args, {"SPIT_TUI_HOME": home})))
"""
"""Another checkout's ``measure``, run by that checkout's code (its ``PYTHONPATH``)."""


def measure_tree(
    tree: Path, first_seed: int, games: int, presses: int, pin: bool
) -> dict[str, list[float]]:
    """``measure`` of another checkout, in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", _OTHER_TREE, str(tree / "benchmarks"), str(first_seed),
         str(games), str(presses), str(int(pin))],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    times: dict[str, list[float]] = json.loads(out.stdout.splitlines()[-1])
    return times


def report(name: str, times: dict[str, list[float]]) -> None:
    """The figures of one tree's presses, and the gaps the targets are about."""
    for kind, values in times.items():
        ms = [v * 1000 for v in values]
        print(
            f"{name}{kind:16} median {statistics.median(ms):6.2f} ms   "
            f"p99 {percentile(ms, 0.99):6.2f} ms   max {max(ms):6.2f} ms"
        )
    local, net = ([v * 1000 for v in times[k]] for k in ("local", "net"))
    median_gap = statistics.median(net) - statistics.median(local)
    p99_gap = percentile(net, 0.99) - percentile(local, 0.99)
    print(
        f"{name}{'net - local':16} median {median_gap:+.2f} ms (target <= +3)   "
        f"p99 {p99_gap:+.2f} ms (target <= +10)"
    )


def arguments() -> argparse.Namespace:
    parser = options(__doc__, games=10)
    parser.add_argument("--against", type=Path, help="another checkout, measured in turns")
    parser.add_argument("--block", type=int, default=2, help="games per turn with --against")
    parser.add_argument(
        "--ordering",
        choices=("fair", "arrival"),
        default="fair",
        help="how the host's room orders races: arrival shows what fair ordering costs",
    )
    parser.add_argument(
        "--shared-cores",
        dest="pin",
        action="store_false",
        help="leave the programs' placement to the kernel (default: each player's program "
        "on a CPU of its own, as on two machines)",
    )
    args = parser.parse_args()
    if args.against is not None and args.ordering != "fair":
        parser.error("--ordering is for this tree alone: leave out --against")
    return args


def main() -> None:
    args = arguments()
    print(f"load average before: {load_average()}")
    host, joiner = machines(args.pin)
    if host is None or joiner is None:
        print("placement: the kernel's (the programs share this machine's cores)")
    else:
        print(
            f"placement: the host (server and player A) and the local game on CPU "
            f"{min(host)}, the joiner (player B) on CPU {min(joiner)}"
        )
    started = time.perf_counter()
    trees: dict[str, dict[str, list[float]]] = {"": {}}
    if args.against is not None:
        trees = {"this tree     ": {}, "--against tree": {}}
    with tempfile.TemporaryDirectory(prefix="spit-tui-bench-home-") as home:
        for block, first in enumerate(
            range(args.first_seed, args.first_seed + args.games, args.block)
        ):
            games = min(args.block, args.first_seed + args.games - first)
            order = list(trees) if block % 2 == 0 else list(trees)[::-1]
            for name in order:
                if name.startswith("--against") and args.against is not None:
                    got = measure_tree(args.against.resolve(), first, games, args.presses, args.pin)
                else:
                    block_args = argparse.Namespace(
                        first_seed=first, games=games, presses=args.presses, pin=args.pin
                    )
                    got = measure(block_args, {"SPIT_TUI_HOME": home})
                for kind, values in got.items():
                    trees[name].setdefault(kind, []).extend(values)
    presses = len(next(iter(trees.values()))["net"])
    print(
        f"{presses} presses over {args.games} games (seeds from {args.first_seed}), "
        f"{time.perf_counter() - started:.0f} s"
    )
    for name, times in trees.items():
        report(f"{name} " if name else "", times)
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
