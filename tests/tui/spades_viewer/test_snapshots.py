"""What the Spades viewer looks like, on the finished golden game with the clock frozen.

Regenerate after an intended change with
``pytest tests/tui/spades_viewer --snapshot-update`` and look at the SVGs in
``__snapshots__`` before committing them.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.spades_viewer.driver import FINISHED, SpadesViewerApp

MID_TRICK = ("pagedown", "down", "down", "right")
"""Hand 2, trick 3: North has led the 6♦."""


def _keys(*keys: str) -> Any:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


class TestSpadesViewer:
    def test_the_start(self, snap_compare: Any) -> None:
        assert snap_compare(SpadesViewerApp(FINISHED), terminal_size=(80, 24))

    @pytest.mark.slow
    def test_in_the_middle_of_a_trick(self, snap_compare: Any) -> None:
        app = SpadesViewerApp(FINISHED)
        assert snap_compare(app, terminal_size=(80, 24), run_before=_keys(*MID_TRICK))

    def test_the_end_of_the_game(self, snap_compare: Any) -> None:
        app = SpadesViewerApp(FINISHED)
        assert snap_compare(app, terminal_size=(80, 24), run_before=_keys("end"))

    @pytest.mark.slow
    def test_the_draw_on_a_big_terminal(self, snap_compare: Any) -> None:
        """A few draws in: the top card face up, the card just kept outlined, what each
        player has put face down."""
        app = SpadesViewerApp(FINISHED)
        keys = _keys(*["right"] * 8)
        assert snap_compare(app, terminal_size=(120, 36), run_before=keys)
