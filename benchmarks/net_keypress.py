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
ordering (the window at its loopback value, measured from the room's own pings), the
view frames, B's client, app and terminal.

Targets (issue 14): median at most the local game's plus 3 ms, 99th percentile at most
the local game's plus 10 ms. Every program gets a throwaway ``SPIT_TUI_HOME`` (default
settings, nothing recorded) and is ended when the run ends.
"""

from __future__ import annotations

import argparse
import random
import re
import socket
import statistics
import tempfile
import time

from tui_keypress import Deal, Game, arguments, key_bytes, load_average, wait_until_playing
from tui_pty import PtyProgram, percentile, python

from spit.engine import Play

JOIN = re.compile(r"spit-tui join 127\.0\.0\.1:(\d+) ([A-Z]{4}-\d\d)")


def free_port() -> int:
    """A port nobody listens on now (the host's ``--port`` takes no 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class NetGame:
    """A network game on two terminals, and the same deal in a headless match."""

    def __init__(self, seed: int, env: dict[str, str]) -> None:
        port = free_port()
        host = python(
            "-m", "spit.cli", "host", "--seed", str(seed), "--port", str(port),
            "--name", "Ann", "--no-record",
        )  # fmt: skip
        self.players: list[PtyProgram] = [PtyProgram(host, env=env)]
        try:
            self.players[0].wait_for(f"127.0.0.1:{port} ", timeout=20)
            self.players[0].drain(0.2)
            found = JOIN.search(self.players[0].text)
            if found is None:
                raise RuntimeError(f"no join command on the host's screen: {self.players[0].text}")
            join = python("-m", "spit.cli", "join", f"127.0.0.1:{port}", found[2], "--name", "Bob")
            self.players.append(PtyProgram(join, env=env))
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
    for seed in range(args.first_seed, args.first_seed + args.games):
        play = python("-m", "spit.cli", "play", "--seed", str(seed), "--no-record")
        local = Game(seed, play, env)
        try:
            net = NetGame(seed, env)
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


def main() -> None:
    args = arguments(__doc__, games=10)
    print(f"load average before: {load_average()}")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="spit-tui-bench-home-") as home:
        times = measure(args, {"SPIT_TUI_HOME": home})
    print(
        f"{len(times['net'])} presses over {args.games} games (seeds from {args.first_seed}), "
        f"{time.perf_counter() - started:.0f} s"
    )
    for name, values in times.items():
        ms = [v * 1000 for v in values]
        print(
            f"{name:16} median {statistics.median(ms):6.2f} ms   "
            f"p99 {percentile(ms, 0.99):6.2f} ms   max {max(ms):6.2f} ms"
        )
    local, net = ([v * 1000 for v in times[k]] for k in ("local", "net"))
    median_gap = statistics.median(net) - statistics.median(local)
    p99_gap = percentile(net, 0.99) - percentile(local, 0.99)
    print(
        f"net - local      median {median_gap:+.2f} ms (target <= +3)   "
        f"p99 {p99_gap:+.2f} ms (target <= +10)"
    )
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
