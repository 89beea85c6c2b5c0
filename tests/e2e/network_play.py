"""What the end-to-end tests of network games share: a tmux server with a session per
player, and a Spit game played to the end in two of them from a copy of the game.

The copy (a ``Session`` on the server's seed, fed the same inputs in the same order)
says which key to press next, in which terminal, and what the screen must show
before and after. Nobody ever presses while the other terminal's press is on its way,
so no race decides anything and the server's game is the copy's, input for input.
Before a key is pressed, the presser's screen must show every card the copy says is
face up for that player (the cards are all different, so a name on the screen is
that card); after it, the screen must show what it did ("You played K♣ on the right
pile"). Timers (the countdowns, the pause between rounds) run on the server's clock;
the copy just waits for what follows them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from spit.core.seats import Seat
from spit.engine import Move, Play, Slap, observe
from spit.games.spit.game import Session, new_session, useful_intents
from spit.games.spit.intents import Intent, MoveIntent, PlayIntent
from spit.settings.keymap import PRESETS
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.intent_keys import binding_of
from tests.e2e.tmux import TmuxServer

KEYS = PRESETS["qwerty"]
NAME = CardPainter().name
SIDES = ("left", "right")


class Terminals(TmuxServer):
    """One tmux server on its own socket with a session per player."""

    def __init__(self, prefix: str = "spit-net-e2e") -> None:
        super().__init__(prefix)

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

    def wait_gone(self, name: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while self.alive(name) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not self.alive(name), f"{name} did not end"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def next_input(match: Session) -> tuple[int, Intent, object] | None:
    """The policy: a slap of the smaller pile, else a play, else a move; seat 0
    first."""
    for seat in (0, 1):
        useful = useful_intents(match.state, match.stage, seat)
        slaps = [(i, a) for i, a in useful if isinstance(a, Slap)]
        if slaps:
            sizes = [len(pile) for pile in match.state.piles]
            intent, action = min(slaps, key=lambda ia: sizes[ia[1].pile])
            return seat, intent, action
        plays = [(i, a) for i, a in useful if isinstance(a, Play)]
        if plays:
            return seat, *plays[0]
    for seat in (0, 1):
        moves = [
            (i, a) for i, a in useful_intents(match.state, match.stage, seat) if isinstance(a, Move)
        ]
        if moves:
            return seat, *moves[0]
    return None


def visible(match: Session, seat: int) -> list[str]:
    """The names of the cards ``seat`` sees face up now: the piles' tops, its own row."""
    view = observe(match.state, seat)
    cards = [*view.pile_tops, *(s.face_up for s in view.own if s.face_up is not None)]
    return [NAME(card) for card in cards]


def play_to_the_end(terminals: Terminals, seed: int, seats: Sequence[str], limit_s: float) -> int:
    """Play the game of ``seed`` to its end in the terminals ``seats`` (by seat), each
    press checked as the module docstring says; the winner's seat."""
    match = new_session(seed=seed)
    stop = time.monotonic() + limit_s
    while not match.finished:
        assert time.monotonic() < stop, f"the game took longer than {limit_s} s"
        chosen = next_input(match)
        if chosen is None:  # a countdown or the pause between rounds: the server's timers
            due = match.next_due()
            assert due is not None, "the copy of the game is stuck"
            match.advance_to(due)
            continue
        seat, intent, action = chosen
        who = seats[seat]
        if isinstance(action, Slap):
            terminals.wait_for(who, "Slap the smaller pile!", timeout=10)
        else:
            terminals.wait_for(who, *visible(match, seat), timeout=10)
        assert isinstance(intent, PlayIntent | MoveIntent)
        terminals.press(who, KEYS[binding_of(0, intent)])
        record = match.submit_at(match.now(), Seat(seat), intent)
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
            terminals.wait_for(who, *visible(match, seat), timeout=10)
    winner = match.state.winner
    assert winner is not None
    return winner


def check_replay(path: Path, home: Path) -> None:
    """``spit-tui replay FILE --check`` must find the file consistent (status 0)."""
    check = subprocess.run(
        [sys.executable, "-m", "spit.cli", "replay", str(path), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SPIT_TUI_HOME": str(home)},
        check=False,
    )
    assert check.returncode == 0, check.stdout + check.stderr
