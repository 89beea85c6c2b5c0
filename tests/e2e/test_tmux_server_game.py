"""A whole game on a server for many rooms, in real terminals and a real server
process: ``spit-tui serve`` on 127.0.0.1; Ann runs ``spit-tui join ADDRESS`` without a
code, opens a room on the lobby screen with real key presses and reads its code off
the waiting screen (and the watch code the room, being private, is watched by); Bob
joins by that code; they play to the end in their tmux sessions
(``tests/e2e/network_play.py`` says how the keys are chosen and checked).
The server's replay must verify (``spit-tui replay --check``), and each player's copy
of it must be byte for byte the server's file. Eve watches with ``spit-tui watch
ADDRESS WATCHCODE`` from the moment Bob joined to the end: she sees the players' names
and the result, then leaves with q.

Kept short legitimately: the server deals from ``--seed 1387``, which with the
shared policy is a two-round game of 37 inputs (the shortest of seeds 0-2999 with
that policy, found without a terminal). Every wait is bounded, the whole test by
``LIMIT_S``.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.tui.shared.overlays import RESULT_GRACE_MS
from tests.e2e.network_play import Terminals, check_replay, play_to_the_end
from tests.net.loopback import serve_command, served_port

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (CI has it)"),
]

SEED = 1387
LIMIT_S = 120.0
"""The game's bound in real time (it takes under a minute)."""


@contextlib.contextmanager
def serve(data: Path, home: Path) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """A ``spit-tui serve`` process on a free loopback port: (port, process). It must
    stop on SIGTERM with status 0 at the end."""
    process = subprocess.Popen(
        serve_command(data, "--seed", str(SEED)),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "SPIT_TUI_HOME": str(home)},
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 30)
        assert ready, "the server did not start in time"
        yield served_port(process.stdout.readline()), process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def _wait_for_file(terminals: Terminals, who: str, folder: Path, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not list(folder.glob("*.spit.jsonl")):
        assert time.monotonic() < deadline, f"{who} saved no replay:\n{terminals.screen(who)}"
        time.sleep(0.1)


def test_a_room_is_opened_on_a_server_joined_by_code_and_played_to_the_end(
    terminals: Terminals, tmp_path: Path
) -> None:
    homes = {"ann": tmp_path / "ann", "bob": tmp_path / "bob"}
    data = tmp_path / "server"
    with serve(data, tmp_path / "server-home") as (port, process):
        address = f"127.0.0.1:{port}"
        terminals.start("ann", homes["ann"], "join", address, "--name", "Ann")
        terminals.wait_for("ann", "No public room waits for a player")
        terminals.press("ann", "n")
        terminals.wait_for("ann", f"Open a room on {address}", "Open the room")
        terminals.press("ann", "End")  # the last line: open the room as it is
        terminals.press("ann", "enter")
        screen = terminals.wait_for("ann", "Your room's code is ")
        code = screen.split("Your room's code is ")[1].split(":")[0]
        assert f"spit-tui join {address} {code}" in screen
        watch_code = screen.split("the watch code ")[1].split(".")[0]  # a private room

        terminals.start("bob", homes["bob"], "join", address, code, "--name", "Bob")
        terminals.wait_for("bob", "vs Ann")
        terminals.wait_for("ann", "Round 1")
        terminals.start("eve", tmp_path / "eve", "watch", address, watch_code)
        terminals.wait_for("eve", "Watching Ann and Bob")

        seats = ("ann", "bob")
        winner = play_to_the_end(terminals, SEED, seats, LIMIT_S)
        terminals.wait_for(seats[winner], "You win!", timeout=15)
        terminals.wait_for(seats[1 - winner], "wins!", timeout=15)
        terminals.wait_for("eve", f"Game over: {('Ann', 'Bob')[winner]}", timeout=15)
        terminals.press("eve", "q")
        terminals.wait_gone("eve")
        for who in seats:  # each table fetches its copy when the game ends
            _wait_for_file(terminals, who, homes[who] / "data" / "replays")
        time.sleep(RESULT_GRACE_MS / 1000)
        terminals.press("bob", "Escape")
        terminals.wait_gone("bob")
        terminals.press("ann", "Escape")  # back to the server's rooms, then out
        terminals.wait_for("ann", "public room")
        terminals.press("ann", "Escape")
        terminals.wait_gone("ann")
    assert process.returncode == 0

    served = list((data / "replays").glob("*.spit.jsonl"))
    assert len(served) == 1, served
    check_replay(served[0], tmp_path / "server-home")
    for who in seats:
        copies = list((homes[who] / "data" / "replays").glob("*.spit.jsonl"))
        assert [c.read_bytes() for c in copies] == [served[0].read_bytes()], who
