"""The Statistics screen over a real database of a few games played by random players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.table import Table
from textual.pilot import Pilot
from textual.widgets import Sparkline, Static

from spit.bots import LEVELS
from spit.stats import StatsDB
from spit.tui.app import SpitApp
from spit.tui.screens.menu import MainMenu
from spit.tui.screens.statistics import StatisticsScreen, bests_table, results_table
from tests.stats.games import HUMAN, bot, play

from .driver import MENU, notices, settle, text_of
from .library import recorded_games


async def open_statistics(app: SpitApp, pilot: Pilot[Any]) -> StatisticsScreen:
    await pilot.press(MENU["statistics"])
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, StatisticsScreen)
    return screen


def cells(table: Table) -> list[list[str]]:
    columns = [[str(cell) for cell in column.cells] for column in table.columns]
    return [list(row) for row in zip(*columns, strict=True)]


async def test_results_bests_and_trend(replays: Path) -> None:
    recorded_games(replays)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert not screen.has_class("-no-stats")
        assert not notices(app)  # nothing had to be rebuilt
        figures = screen.figures
        assert figures is not None
        assert [(r.level, r.games) for r in figures.results] == [("easy", 1), ("normal", 2)]
        assert app.screen.query_one("#trend-line", Sparkline).data == [
            point.cards_per_minute for point in figures.trend
        ]
        assert len(figures.trend) == 3
        assert text_of(app, "#trend-title") == (
            "Cards per minute in your last 3 games against the bots, oldest first"
        )
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


async def test_a_missing_database_is_rebuilt_and_says_so(replays: Path) -> None:
    play(replays, 1, (HUMAN, bot("hard")))
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.figures is not None
        assert [(r.level, r.games) for r in screen.figures.results] == [("hard", 1)]
        assert notices(app) == [
            "The statistics database was missing. It was rebuilt from 1 saved game."
        ]


async def test_no_games_yet(replays: Path) -> None:
    play(replays, 1, (HUMAN, HUMAN))  # two people: not counted
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.has_class("-no-stats")
        assert "No games against the bots yet" in text_of(app, "#no-stats")


async def test_rebuild_key_adds_games_the_database_missed(replays: Path) -> None:
    recorded_games(replays)
    play(replays, 5, (HUMAN, bot("expert")))  # saved, never recorded
    (replays / "junk.spit.jsonl").write_text("nonsense\n")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.figures is not None
        assert "expert" not in [r.level for r in screen.figures.results]
        await pilot.press("r")
        await settle(pilot)
        assert "expert" in [r.level for r in screen.figures.results]
        assert "Rebuilt from 5 saved games (1 invalid skipped)." in notices(app)
        assert any("junk.spit.jsonl" in n for n in notices(app))


async def test_a_database_that_cannot_be_opened_is_a_message(home: Path) -> None:
    (home / ".spit-tui").mkdir()
    (home / ".spit-tui" / "data").write_text("a file where the data folder should be")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.has_class("-no-stats")
        assert "cannot be opened" in text_of(app, "#no-stats")
        assert any("cannot be opened" in n for n in notices(app))
        await pilot.press("r")  # and again: still no crash
        await settle(pilot)
        assert isinstance(app.screen, StatisticsScreen)


@pytest.mark.parametrize("error", ["sqlite3.OperationalError", "OSError"])
async def test_a_failing_query_is_a_message(
    replays: Path, monkeypatch: pytest.MonkeyPatch, error: str
) -> None:
    import sqlite3

    raised = sqlite3.OperationalError("disk I/O error") if "sqlite" in error else OSError("gone")

    def failing(self: StatsDB) -> None:
        raise raised

    monkeypatch.setattr(StatsDB, "results_by_level", failing)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.has_class("-no-stats")
        assert any("could not be read" in n for n in notices(app))


def test_every_level_has_a_row_and_a_total() -> None:
    from spit.stats import LevelResults

    rows = cells(results_table([LevelResults("normal", 4, 3, 1), LevelResults("custom", 2, 0, 2)]))
    assert [row[0] for row in rows] == [*LEVELS, "custom", "All bots"]
    assert rows[0] == [LEVELS[0], "0", "0", "0", "—"]
    assert rows[LEVELS.index("normal")] == ["normal", "4", "3", "1", "75%"]
    assert rows[-2] == ["custom", "2", "0", "2", "0%"]
    assert rows[-1] == ["All bots", "6", "3", "3", "50%"]


def test_bests_not_set_yet_show_a_dash() -> None:
    from spit.stats import PersonalBests

    rows = cells(bests_table(PersonalBests(None, None, None, None, None)))
    assert [row[1] for row in rows] == ["—"] * 5


async def test_a_level_from_a_file_is_shown_as_written_not_as_markup(replays: Path) -> None:
    """A replay may come from anywhere: its bot level is text, never Rich markup."""
    play(replays, 1, (HUMAN, bot("[/b]")))
    play(replays, 2, (HUMAN, bot("[red]x")))
    app = SpitApp()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_statistics(app, pilot)
        figures = screen.figures
        assert figures is not None
        assert {r.level for r in figures.results} == {"[/b]", "[red]x"}
        results = app.screen.query_one("#stats-results", Static).content
        bests = app.screen.query_one("#stats-bests", Static).content
        assert isinstance(results, Table) and isinstance(bests, Table)
        assert {"[/b]", "[red]x"} <= {row[0] for row in cells(results)}
        assert {row[2] for row in cells(bests)} & {"vs [/b]", "vs [red]x"}
