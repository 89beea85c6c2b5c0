"""What the result looks like when a game broke records and moved the rating, and when
it counted for nothing (pytest-textual-snapshot; no wall clock: the games are recorded
with fixed start times, and the replay is named relative to the test's folder).

Update after an intended change with ``pytest tests/tui/game/test_result_records_snapshots.py
--snapshot-update`` and look at the report before committing the new SVGs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from textual.app import App
from textual.pilot import Pilot

from spit.stats import StatsDB
from spit.tui.shared.overlays import Result, ResultOverlay
from spit.tui.shared.styles import GAME_CSS
from tests.stats.games import HUMAN, bot, play

SEEDS = (1, 2, 3, 4)
"""The fourth breaks two records of the three before it (``tests/stats/test_rating``)."""


class ResultApp(App[None]):
    CSS_PATH: ClassVar = list(GAME_CSS)

    def __init__(self, replay: Path, *, ascii_only: bool = False) -> None:
        super().__init__()
        self._result = Result("Ann wins!", ("After 4 rounds.",), replay)
        self._ascii = ascii_only

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(ResultOverlay(self._result, ascii_only=self._ascii))


async def news_shown(pilot: Pilot[Any]) -> None:
    """Wait for the lines (their worker starts once the overlay is mounted, which on a
    busy machine may be after every other worker is done)."""
    for _ in range(500):
        found = pilot.app.screen.query("#game-news")
        if found and found.first().display:
            break
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.01)
    await pilot.pause()


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Games against normal, all but the last recorded already; each named relative
    to the test's folder, the working directory (written under their absolute name:
    the writer keeps names apart by the name it is given)."""
    monkeypatch.chdir(tmp_path)
    paths = [play(tmp_path / "replays", seed, (HUMAN, bot("normal"))) for seed in SEEDS]
    with StatsDB.open(replays=tmp_path / "replays") as db:
        for path in paths[:-1]:
            db.record_game(path)
    return [path.relative_to(tmp_path) for path in paths]


class TestResultRecords:
    def test_new_bests_and_the_rating(self, snap_compare: Any, games: list[Path]) -> None:
        app = ResultApp(games[-1])
        assert snap_compare(app, terminal_size=(80, 24), run_before=news_shown)

    def test_new_bests_in_ascii(self, snap_compare: Any, games: list[Path]) -> None:
        app = ResultApp(games[-1], ascii_only=True)
        assert snap_compare(app, terminal_size=(80, 24), run_before=news_shown)
