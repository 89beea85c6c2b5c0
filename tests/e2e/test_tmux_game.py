"""``spit-tui play`` in a real terminal: tmux runs it, sends keys, and reads the screen.

Every other TUI test uses Textual's headless driver; this one goes through a real
terminal (key decoding, Backspace and Escape, UTF-8 drawing), the way a player does.
It takes a few seconds of real time, since the start countdown runs on the real clock.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.engine import Play, legal_actions
from spit.games.spit.game import Session, new_session
from spit.settings.keymap import PRESETS
from spit.tui.shared.overlays import QUIT_GRACE_MS
from tests.e2e.tmux import TmuxServer

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (CI has it)"),
]

SEED = 7


class Tmux(TmuxServer):
    """One tmux server on its own socket, so nothing else is touched."""

    def __init__(self) -> None:
        super().__init__("spit-e2e")

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "game")

    def wait_for(self, text: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.screen()}")

    def alive(self) -> bool:
        return "game" in self.run("list-sessions", "-F", "#{session_name}")


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    server = Tmux()
    server.start("game", tmp_path, "play", "--seed", str(SEED), "--no-record")
    try:
        yield server
    finally:
        server.close()


def _first_play() -> tuple[str, str]:
    """Player 2's first play in this deal: its key and the footer it should produce."""
    match = new_session(seed=SEED)
    match.advance_to(match.game.timing.start_countdown_ms)
    play = next(a for a in legal_actions(match.state, 1) if isinstance(a, Play))
    side = "left" if play.pile == 0 else "right"
    key = PRESETS["qwerty"][f"p2.play.{play.stock + 1}.{side}"]
    return key, f"Player 2 played {_name(match, play)} on the {side} pile"


def _name(match: Session, play: Play) -> str:
    from spit.tui.shared.cards import CardPainter

    return CardPainter().name(match.state.stocks[1][play.stock][-1])


def test_keys_move_cards_in_a_real_terminal(tmux: Tmux) -> None:
    key, played = _first_play()
    assert len(key) == 1, "the first play should be on a letter key"
    tmux.wait_for("Round 1: get ready")
    tmux.wait_for("can play")  # the countdown ran out and the spit cards are up
    tmux.run("send-keys", "-t", "game", "-l", key)
    screen = tmux.wait_for(played, timeout=5)
    assert "1 card" in screen and "2 cards" in screen  # the pile it landed on grew

    tmux.run("send-keys", "-t", "game", "BSpace")
    tmux.wait_for("Paused", timeout=5)
    tmux.run("send-keys", "-t", "game", "BSpace")
    tmux.run("send-keys", "-t", "game", "Escape")
    tmux.wait_for("Leave this game?", timeout=5)
    time.sleep(QUIT_GRACE_MS / 1000)  # the question ignores Y for that long
    tmux.run("send-keys", "-t", "game", "y")
    deadline = time.monotonic() + 10
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not tmux.alive(), "the app should exit when the game is left"


def test_ctrl_c_pauses_and_asks_then_ctrl_c_again_leaves(tmux: Tmux) -> None:
    """In a real terminal Ctrl+C reaches the game as a key (no signal): it pauses the
    game at once, the cards face down, and asks; Ctrl+C again leaves, and ``spit-tui
    play`` ends."""
    tmux.wait_for("can play")
    tmux.run("send-keys", "-t", "game", "C-c")
    screen = tmux.wait_for("Leave this game?", timeout=5)
    assert "ctrl+q" not in screen.lower()  # not Textual's "press ctrl+q to quit"
    assert "can play" not in screen  # paused: nothing on the table helps to plan
    tmux.run("send-keys", "-t", "game", "C-c")
    deadline = time.monotonic() + 10
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not tmux.alive(), "Ctrl+C twice should leave the game, and so the app"
