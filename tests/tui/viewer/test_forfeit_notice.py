"""Either game's replay viewer on a game won by forfeit over the network: who won so
and why, in a notice, and "(by forfeit)" on the status line, not "(unfinished)"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.stats.games import forfeited
from tests.tui.screen_text import screen_lines
from tests.tui.spades_viewer.driver import SpadesViewerApp
from tests.tui.viewer.driver import ViewerApp


@pytest.mark.parametrize("game", ["spit", "spades"])
async def test_the_replay_viewer_says_who_won_by_forfeit(tmp_path: Path, game: str) -> None:
    path = forfeited(tmp_path, game, 1)
    app = ViewerApp(path) if game == "spit" else SpadesViewerApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        await pilot.pause(0.1)
        shown = "\n".join(screen_lines(app))
        notices = [n.message for n in app._notifications]
    assert "(by forfeit)" in shown
    assert "(unfinished)" not in shown
    assert notices == ["Ann won by forfeit: Bob left the game, or did not come back in time."]
