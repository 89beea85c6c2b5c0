"""The head-to-head line on the result of a two-player game."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from spit.core.replay.fields import PlayerInfo
from spit.stats import StatsDB, summarize
from spit.tui.shared.overlays import Result, ResultOverlay
from tests.stats.games import HUMAN, bot, play

ANN = PlayerInfo("human", "Ann")
BOB = PlayerInfo("human", "Bob")


class Shows(App[None]):
    def __init__(self, result: Result) -> None:
        super().__init__()
        self.result = result

    def compose(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.push_screen(ResultOverlay(self.result))


async def line_under(path: Path) -> str | None:
    app = Shows(Result("Ann wins!", ("After 3 rounds.",), path))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        line = app.screen.query_one("#head-to-head")
        return str(line.content) if line.display else None


@pytest.mark.slow
async def test_two_players_see_who_leads(replays: Path) -> None:
    paths = [play(replays, seed, (ANN, BOB)) for seed in (1, 2, 3)]
    with StatsDB.open() as db:  # the first two were counted already
        for path in paths[:2]:
            db.record_game(path)
    line = await line_under(paths[2])  # the third is counted as its result shows
    winners = [summarize(p).players[summarize(p).winner].name for p in paths]
    ann = winners.count("Ann")
    leader, other = ("Ann", "Bob") if ann >= 2 else ("Bob", "Ann")
    assert line == f"{leader} leads {other} {max(ann, 3 - ann)}-{min(ann, 3 - ann)}"


@pytest.mark.slow
async def test_no_line_against_a_bot_or_without_statistics(replays: Path, home: Path) -> None:
    assert await line_under(play(replays, 1, (HUMAN, bot("easy")))) is None
    assert await line_under(play(replays, 2, (ANN, ANN))) is None  # one name: no rivalry
    database = home / ".spit-tui" / "data" / "stats.sqlite3"
    database.unlink()
    database.mkdir()  # a folder in its place: no statistics
    assert await line_under(play(replays, 3, (ANN, BOB))) is None
