"""A whole network game in real terminals: ``spit-tui host`` in one tmux session,
``spit-tui join`` in another, played to the end with key presses in each.

The test keeps its own copy of the game (a ``Match`` on the same seed, fed the same
inputs in the same order) to know which key to press next, in which terminal, and
what the screen must show before and after. Nobody ever presses while the other
terminal's press is on its way, so no race decides anything and the server's game is
the copy's, input for input. Before a key is pressed, the presser's screen must show
every card the copy says is face up for that player (the cards are all different,
so a name on the screen is that card); after it, the screen must show what it did
("You played K♣ on the right pile"). Timers (the countdowns, the pause between
rounds) run on the server's clock; the copy just waits for what follows them.

A game is kept short legitimately: seed 350, with this test's simple policy (the host
plays whenever it can, the other player when the host cannot), is a two-round game of
42 inputs, found by trying seeds 0-399 with the same policy and no terminal. It takes
about a minute of real time. The server's replay must verify (``spit-tui replay
--check``); the other player's copy of it must be byte for byte the server's file.
"""

from __future__ import annotations

import os
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.engine import Move, Play, Slap, observe
from spit.games.spit.session import Intent, Match, MoveIntent, PlayIntent, SeededDeals
from spit.net.client import NetClient
from spit.settings.keymap import PRESETS
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.overlays import RESULT_GRACE_MS
from spit.tui.spit.intent_keys import binding_of
from tests.e2e.tmux import TmuxServer

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (CI has it)"),
]

SEED = 350
LIMIT_S = 240.0
"""The whole game's bound in real time (it takes about a minute)."""
KEYS = PRESETS["qwerty"]
NAME = CardPainter().name
SIDES = ("left", "right")


class Terminals(TmuxServer):
    """One tmux server on its own socket with a session per player."""

    def __init__(self) -> None:
        super().__init__("spit-net-e2e")

    def start(self, name: str, home: Path, *words: str) -> None:
        command = shlex.join(
            [
                "env",
                f"SPIT_TUI_HOME={home}",
                "LANG=C.UTF-8",
                "LC_ALL=C.UTF-8",
                "TERM=xterm-256color",
                sys.executable,
                "-m",
                "spit.cli",
                *words,
            ]
        )
        self.run("new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)

    def screen(self, name: str) -> str:
        return self.run("capture-pane", "-p", "-t", name)

    def wait_for(self, name: str, *texts: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen(name)
            if all(text in screen for text in texts):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{texts!r} never appeared in {name}; it showed:\n{self.screen(name)}")

    def press(self, name: str, key: str) -> None:
        if len(key) == 1:
            self.run("send-keys", "-t", name, "-l", key)
        else:
            self.run("send-keys", "-t", name, {"space": "Space", "enter": "Enter"}.get(key, key))

    def alive(self, name: str) -> bool:
        return name in self.run("list-sessions", "-F", "#{session_name}").split()

    def close(self) -> None:
        self.run("kill-server")
        path = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}" / self.socket
        path.unlink(missing_ok=True)


@pytest.fixture
def terminals() -> Iterator[Terminals]:
    tmux = Terminals()
    try:
        yield tmux
    finally:
        tmux.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _next(match: Match) -> tuple[int, Intent, object] | None:
    """The policy: a slap of the smaller pile, else a play, else a move; the host
    (seat 0) first."""
    for seat in (0, 1):
        useful = match.useful_intents(seat)
        slaps = [(i, a) for i, a in useful if isinstance(a, Slap)]
        if slaps:
            sizes = [len(pile) for pile in match.state.piles]
            intent, action = min(slaps, key=lambda ia: sizes[ia[1].pile])
            return seat, intent, action
        plays = [(i, a) for i, a in useful if isinstance(a, Play)]
        if plays:
            return seat, *plays[0]
    for seat in (0, 1):
        moves = [(i, a) for i, a in match.useful_intents(seat) if isinstance(a, Move)]
        if moves:
            return seat, *moves[0]
    return None


def _visible(match: Match, seat: int) -> list[str]:
    """The names of the cards ``seat`` sees face up now: the piles' tops, its own row."""
    view = observe(match.state, seat)
    cards = [*view.pile_tops, *(s.face_up for s in view.own if s.face_up is not None)]
    return [NAME(card) for card in cards]


def test_a_network_game_is_played_to_the_end_in_two_terminals(
    terminals: Terminals, tmp_path: Path
) -> None:
    homes = {"host": tmp_path / "host", "join": tmp_path / "join"}
    port = _free_port()
    terminals.start(
        "host", homes["host"], "host", "--port", str(port), "--seed", str(SEED), "--name", "Ann"
    )
    screen = terminals.wait_for("host", f"spit-tui join 127.0.0.1:{port} ")
    code = screen.split(f"spit-tui join 127.0.0.1:{port} ")[1].split()[0]
    terminals.start("join", homes["join"], "join", f"127.0.0.1:{port}", code, "--name", "Bob")
    terminals.wait_for("join", "vs Ann")
    terminals.wait_for("host", "Round 1")

    match = Match(SeededDeals(SEED))
    seats = ("host", "join")
    stop = time.monotonic() + LIMIT_S
    pressed = 0
    while not match.finished:
        assert time.monotonic() < stop, f"the game took longer than {LIMIT_S} s"
        chosen = _next(match)
        if chosen is None:  # a countdown or the pause between rounds: the server's timers
            due = match.next_due()
            assert due is not None, "the copy of the game is stuck"
            match.advance_to(due)
            continue
        seat, intent, action = chosen
        who = seats[seat]
        before = _visible(match, seat)
        if isinstance(action, Slap):
            terminals.wait_for(who, "Slap the smaller pile!", timeout=10)
        else:
            terminals.wait_for(who, *before, timeout=10)
        assert isinstance(intent, PlayIntent | MoveIntent)
        terminals.press(who, KEYS[binding_of(0, intent)])
        pressed += 1
        record = match.submit_intent(seat, intent, match.now())
        assert getattr(record, "accepted", False), (record, action)
        piles = match.state.piles
        if isinstance(action, Play) and action.pile >= len(piles):
            terminals.wait_for(who, "You played the last stockpile card!", timeout=10)
        elif isinstance(action, Play):
            where = "pile" if len(piles) == 1 else f"{SIDES[action.pile]} pile"
            card = NAME(piles[action.pile][-1])
            terminals.wait_for(who, f"You played {card} on the {where}", timeout=10)
        elif isinstance(action, Slap):
            terminals.wait_for(who, f"You slapped the {SIDES[action.pile]} pile", timeout=10)
        else:
            terminals.wait_for(who, *_visible(match, seat), timeout=10)

    winner = match.state.winner
    assert winner is not None
    terminals.wait_for(seats[winner], "You win!", timeout=15)
    terminals.wait_for(seats[1 - winner], "wins!", timeout=15)
    time.sleep(RESULT_GRACE_MS / 1000)
    for who in ("join", "host"):
        terminals.press(who, "Escape")
        deadline = time.monotonic() + 15
        while terminals.alive(who) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not terminals.alive(who), f"{who} did not end"

    served = list((homes["host"] / "data" / "replays").glob("*.spit.jsonl"))
    assert len(served) == 1, served
    check = subprocess.run(
        [sys.executable, "-m", "spit.cli", "replay", str(served[0]), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SPIT_TUI_HOME": str(homes["host"])},
        check=False,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    if hasattr(NetClient, "fetch_replay"):  # the client's side of the replay's fetch
        copies = list((homes["join"] / "data" / "replays").glob("*.spit.jsonl"))
        assert [c.read_bytes() for c in copies] == [served[0].read_bytes()]
