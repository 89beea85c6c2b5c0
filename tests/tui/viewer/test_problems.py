"""Replays that cannot be watched to a proper end: interrupted, inconsistent, empty,
of another game. Each says what is wrong, and none crashes."""

from __future__ import annotations

import shutil
from pathlib import Path

from spit.games.spit.replay import load_replay, verify
from tests.tui.viewer.driver import GOLDEN, UNFINISHED, ViewerApp

SIZE = (80, 24)


async def test_an_unfinished_game_plays_to_where_it_stops_with_a_notice() -> None:
    app = ViewerApp(UNFINISHED)
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.viewer
        assert viewer.timeline is not None and not viewer.timeline.finished
        assert any("not finished" in n.message for n in app._notifications)
        assert "(unfinished)" in str(viewer.bar.render())
        await pilot.press("space")
        app.clock.advance(60_000)
        viewer.tick()
        assert viewer.position == viewer.timeline.end and not viewer.playing
        assert viewer.position.t == verify(load_replay(UNFINISHED)).duration_ms
        assert "The recording stops here" in viewer.board.text()


async def test_a_spades_replay_or_a_missing_file_is_unreadable(tmp_path: Path) -> None:
    spades = tmp_path / "game.spades.jsonl"
    shutil.copy(GOLDEN / "spades_finished.spades.jsonl", spades)
    for path, words in ((spades, "Spades replay"), (tmp_path / "nope", "cannot read it")):
        async with ViewerApp(path).run_test(size=SIZE) as pilot:
            problem = pilot.app.viewer.problem  # type: ignore[attr-defined]
            assert problem is not None and problem.unreadable and words in problem.message
