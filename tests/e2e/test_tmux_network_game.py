"""A whole network game in real terminals: ``spit-tui host`` in one tmux session,
``spit-tui join`` in another, played to the end with key presses in each.

The test keeps its own copy of the game to know which key to press next, in which
terminal, and what the screen must show before and after
(``tests/e2e/network_play.py``).

A game is kept short legitimately: seed 350, with this test's simple policy (the host
plays whenever it can, the other player when the host cannot), is a two-round game of
42 inputs, found by trying seeds 0-399 with the same policy and no terminal. It takes
about a minute of real time. The server's replay must verify (``spit-tui replay
--check``); the other player's copy of it must be byte for byte the server's file.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from spit.net.client import NetClient
from spit.tui.shared.overlays import RESULT_GRACE_MS
from tests.e2e.network_play import Terminals, check_replay, free_port, play_to_the_end

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (CI has it)"),
]

SEED = 350
LIMIT_S = 240.0
"""The whole game's bound in real time (it takes about a minute)."""


def test_a_network_game_is_played_to_the_end_in_two_terminals(
    terminals: Terminals, tmp_path: Path
) -> None:
    homes = {"host": tmp_path / "host", "join": tmp_path / "join"}
    port = free_port()
    terminals.start(
        "host", homes["host"], "host", "--port", str(port), "--seed", str(SEED), "--name", "Ann"
    )
    screen = terminals.wait_for("host", f"spit-tui join 127.0.0.1:{port} ")
    code = screen.split(f"spit-tui join 127.0.0.1:{port} ")[1].split()[0]
    terminals.start("join", homes["join"], "join", f"127.0.0.1:{port}", code, "--name", "Bob")
    terminals.wait_for("join", "vs Ann")
    terminals.wait_for("host", "Round 1")

    seats = ("host", "join")
    winner = play_to_the_end(terminals, SEED, seats, LIMIT_S)
    terminals.wait_for(seats[winner], "You win!", timeout=15)
    terminals.wait_for(seats[1 - winner], "wins!", timeout=15)
    time.sleep(RESULT_GRACE_MS / 1000)
    for who in ("join", "host"):
        terminals.press(who, "Escape")
        terminals.wait_gone(who)

    served = list((homes["host"] / "data" / "replays").glob("*.spit.jsonl"))
    assert len(served) == 1, served
    check_replay(served[0], homes["host"])
    if hasattr(NetClient, "fetch_replay"):  # the client's side of the replay's fetch
        copies = list((homes["join"] / "data" / "replays").glob("*.spit.jsonl"))
        assert [c.read_bytes() for c in copies] == [served[0].read_bytes()]
