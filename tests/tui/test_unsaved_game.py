"""A full disk during a game is said on the table when it happens (issue 10, section 6).

The replay file is made as usual, then fills up: its header is written and every later
write fails with ENOSPC. The notice must be on screen while the game is still being
played, not only after leaving it; and it comes once, however many writes fail.
"""

from __future__ import annotations

import errno
import io
from pathlib import Path
from typing import Any, TextIO

import pytest

from spit.core.clock import FakeClock
from spit.core.replay import recording
from spit.engine.timers import StagePhase
from spit.tui.spades.screen import SpadesScreen
from spit.tui.spit.game_screen import SpitScreen
from tests.tui.game.driver import Driver, game_app
from tests.tui.spades.driver import Player, spades_app

NOTICE = "This game could not be saved: No space left on device"


class FillsUp(io.StringIO):
    """A file that takes ``room`` writes (the header), then fails like a full disk."""

    def __init__(self, room: int = 1) -> None:
        super().__init__()
        self.room = room

    def write(self, text: str) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= 1
        return super().write(text)


@pytest.fixture(autouse=True)
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    def open_new(directory: Path, stem: str, suffix: str) -> tuple[TextIO, Path]:
        return FillsUp(), directory / f"{stem}{suffix}"

    monkeypatch.setattr(recording, "open_new", open_new)


def notices(app: Any) -> list[str]:
    return [n.message for n in app._notifications if n.message.startswith(NOTICE)]


async def test_spit_says_so_on_the_table_at_once(tmp_path: Path) -> None:
    clock = FakeClock()
    app = game_app(clock, record=True, replay_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        driver = Driver(pilot, clock)
        await driver.play_until(lambda m: m.stage.phase is StagePhase.PLAYING)
        await driver.step()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SpitScreen) and screen.match.stage.phase is StagePhase.PLAYING
        assert len(notices(app)) == 1
        await driver.step()
        await driver.step()
        await pilot.pause()
        assert len(notices(app)) == 1  # once, not at every failed write
    assert len(notices(app)) == 1  # and not again on leaving


async def test_spades_says_so_on_the_table_at_once(tmp_path: Path) -> None:
    app = spades_app(replay_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        player = Player(pilot)
        await player.turn()
        await pilot.pause()
        assert isinstance(app.screen, SpadesScreen) and not app.screen.game.finished
        assert len(notices(app)) == 1
        await player.turn()
        await pilot.pause()
        assert len(notices(app)) == 1
