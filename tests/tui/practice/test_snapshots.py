"""What the practice round's hints look like on the table (frozen clock, fixed deal)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from spit.core.clock import FakeClock
from spit.engine.timers import StagePhase
from spit.tui.spit.practice import PracticeScreen
from tests.tui.shots import SMALL, SnapCompare, app

from .test_practice import play_the_hints

pytestmark = pytest.mark.slow  # the practice round played hint by hint to each shot


def _shot(snap_compare: SnapCompare, kind: str, **settings: Any) -> bool:
    """The table when the hint of ``kind`` first shows, the keys the hints name done."""
    clock = FakeClock()
    spit = app(**settings)
    spit.clock = clock

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("p")
        screen = pilot.app.screen
        assert isinstance(screen, PracticeScreen)
        while screen.match.stage.phase is not StagePhase.PLAYING:
            clock.advance(250)
            screen.tick()
        await play_the_hints(pilot, clock, stop=kind)
        await pilot.pause()

    return snap_compare(spit, run_before=run_before, terminal_size=SMALL)


class TestHints:
    def test_play(self, snap_compare: SnapCompare) -> None:
        assert _shot(snap_compare, "play")

    def test_move_with_remapped_keys(self, snap_compare: SnapCompare) -> None:
        assert _shot(snap_compare, "move", keymap_preset="azerty")

    def test_slap_ascii(self, snap_compare: SnapCompare) -> None:
        assert _shot(snap_compare, "slap", card_style="ascii", theme="textual-light")
