"""Spades replays that cannot be watched to a proper end: interrupted, inconsistent,
empty, of the other game. Each says what is wrong, and none crashes."""

from __future__ import annotations

from pathlib import Path

from tests.replay.goldens import GOLDEN
from tests.tui.spades_viewer.driver import UNFINISHED, SpadesViewerApp, text

SIZE = (80, 24)


async def test_an_unfinished_game_plays_to_where_it_stops_with_a_notice() -> None:
    app = SpadesViewerApp(UNFINISHED)
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.viewer
        timeline = viewer.timeline
        assert timeline is not None and not timeline.finished
        notices = [n.message for n in app._notifications]
        assert any("not finished: the recording stops in hand 2, after 90" in n for n in notices)
        assert "(unfinished)" in text(viewer)
        await pilot.press("space")
        app.clock.advance(600_000)
        viewer.tick()
        assert viewer.index == timeline.last and not viewer.playing
        shown = text(viewer)
        assert "The recording stops here" in shown and "input 90/90" in shown
        assert "This game was not finished" in shown


async def test_a_spit_replay_or_a_missing_file_is_unreadable(tmp_path: Path) -> None:
    spit = GOLDEN / "standard_finished.spit.jsonl"
    for path, words in ((spit, "Spit replay"), (tmp_path / "nope", "cannot read it")):
        async with SpadesViewerApp(path).run_test(size=SIZE) as pilot:
            problem = pilot.app.viewer.problem  # type: ignore[attr-defined]
            assert problem is not None and problem.unreadable and words in problem.message
