"""What the viewer looks like, on the golden games with the clock frozen.

Regenerate after an intended change with ``pytest tests/tui/viewer --snapshot-update``
and look at the SVGs in ``__snapshots__`` before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.viewer.driver import FINISHED, HAND_WRITTEN, UNFINISHED, ViewerApp, broken


def _keys(*keys: str) -> Any:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


ROUND_2_PLAYING = ("pagedown", *["down"] * 6)
"""Round 2, after its spit and a few cards."""


class TestViewer:
    @pytest.mark.slow
    def test_in_the_middle_of_a_round(self, snap_compare: Any) -> None:
        app = ViewerApp(FINISHED)
        assert snap_compare(app, terminal_size=(80, 24), run_before=_keys(*ROUND_2_PLAYING))

    @pytest.mark.slow
    def test_big_terminal(self, snap_compare: Any) -> None:
        app = ViewerApp(FINISHED)
        assert snap_compare(app, terminal_size=(120, 40), run_before=_keys(*ROUND_2_PLAYING))

    @pytest.mark.slow
    def test_playing_fast(self, snap_compare: Any) -> None:
        app = ViewerApp(FINISHED)

        async def run_before(pilot: Pilot[None]) -> None:
            await pilot.press("space", "plus", "plus")
            app.clock.advance(9000)
            app.viewer.tick()
            await pilot.pause()

        assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)

    @pytest.mark.slow
    def test_a_refused_input_in_ascii(self, snap_compare: Any) -> None:
        app = ViewerApp(HAND_WRITTEN, card_style="ascii")
        keys = _keys("full_stop", "full_stop", "full_stop")
        assert snap_compare(app, terminal_size=(80, 24), run_before=keys)

    @pytest.mark.slow
    def test_help(self, snap_compare: Any) -> None:
        app = ViewerApp(FINISHED)
        assert snap_compare(app, terminal_size=(80, 24), press=["question_mark"])


class TestProblems:
    @pytest.mark.slow
    def test_the_end_of_an_unfinished_game(self, snap_compare: Any) -> None:
        app = ViewerApp(UNFINISHED)
        assert snap_compare(app, terminal_size=(80, 24), press=["end"])

    def test_an_inconsistent_replay(self, snap_compare: Any, tmp_path: Path) -> None:
        app = ViewerApp(broken(tmp_path))
        assert snap_compare(app, terminal_size=(80, 24))

    def test_too_small(self, snap_compare: Any) -> None:
        assert snap_compare(ViewerApp(FINISHED), terminal_size=(70, 20))
