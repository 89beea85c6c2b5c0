"""The Statistics screen over a real database of a few games played by random players."""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.table import Table
from textual.pilot import Pilot

from spit.core.replay.fields import PlayerInfo
from spit.core.replay.seal import Seal
from spit.games.spades.identity import NAME as SPADES
from spit.games.spit.bots import LEVELS
from spit.games.spit.identity import NAME as SPIT
from spit.stats import Mode, ModeResults, StatsDB
from spit.tui.app import SpitApp
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.statistics import StatisticsScreen, bests_table, results_table
from tests.stats.games import (
    FAR_FUTURE_NS,
    HUMAN,
    bot,
    far_future_folder,
    hand_game,
    play,
    seals,
    spades_game,
)

from .driver import MENU, notices, settle, text_of
from .library import recorded_games

pytestmark = pytest.mark.slow  # the statistics screen over a library of games

ANN = PlayerInfo("human", "Ann")
BOB = PlayerInfo("human", "Bob")


async def open_statistics(app: SpitApp, pilot: Pilot[Any]) -> StatisticsScreen:
    await pilot.press(MENU["statistics"])
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, StatisticsScreen)
    return screen


def cells(table: Table) -> list[list[str]]:
    columns = [[str(cell) for cell in column.cells] for column in table.columns]
    return [list(row) for row in zip(*columns, strict=True)]


def panel_text(app: SpitApp, selector: str) -> str:
    """What a panel shows, as plain text (80 columns)."""
    from rich.console import Console

    console = Console(width=80, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    console.print(app.screen.query_one(selector).content)
    return console.export_text()


def counted(screen: StatisticsScreen) -> dict[tuple[str, Mode, str | None], int]:
    assert screen.figures is not None
    return {(r.game, r.mode, r.level): r.games for r in screen.figures.results}


async def test_results_bests_and_trend(replays: Path) -> None:
    recorded_games(replays)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert not screen.has_class("-no-stats")
        assert not notices(app)  # nothing had to be rebuilt
        assert counted(screen) == {
            (SPIT, Mode.VS_BOT, "normal"): 2,
            (SPIT, Mode.VS_BOT, "easy"): 1,
            (SPIT, Mode.TWO_PLAYERS, None): 1,
        }
        figures = screen.figures
        assert figures is not None and len(figures.trend) == 3
        trend = panel_text(app, "#stats-trend")
        for point in figures.trend:  # each bar says which game it is and its figure
            assert f"vs {point.opponent_level}" in trend
            assert f"{point.cards_per_minute:.1f}" in trend
        assert "One bar a game, oldest first" in trend
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


async def test_every_figure_is_explained(replays: Path) -> None:
    recorded_games(replays)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_statistics(app, pilot)
        bests = " ".join(panel_text(app, "#stats-bests").split())
        for phrase in (
            "Quickest reaction",
            "mean time from a card becoming playable to playing a card",
            "without countdowns, breaks between rounds, pauses or idle stretches",
            "within a second of the last",
            "Only sealed games against a bot count",
        ):
            assert phrase in bests
        results = " ".join(panel_text(app, "#stats-results").split())
        assert "Won and lost are yours, against the computer" in results


async def test_spades_and_two_player_games_are_counted(replays: Path) -> None:
    """Recorded by nobody: the open finds them in the replays folder."""
    spades_game(replays, 1, "easy")
    spades_game(replays, 2, "hard")
    play(replays, 3, (ANN, BOB))
    play(replays, 4, (HUMAN, bot("hard")))
    play(replays, 5, (bot("easy"), bot("normal")))
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert counted(screen) == {
            (SPADES, Mode.VS_BOT, "easy"): 1,
            (SPADES, Mode.VS_BOT, "hard"): 1,
            (SPIT, Mode.TWO_PLAYERS, None): 1,
            (SPIT, Mode.VS_BOT, "hard"): 1,
            (SPIT, Mode.BOT_VS_BOT, None): 1,
        }
        rows = {row[0]: row for row in cells(results_table(screen.figures.results))}  # type: ignore[union-attr]
        assert rows["Spades vs easy"][1] == rows["Spades vs hard"][1] == "1"
        assert rows["Spit vs hard"][1] == "1"
        assert rows["Spit, two players"][1:4] == ["1", "", ""]  # no "you" to win or lose
        assert rows["Spit, bots only"][1] == "1"
        assert rows["All games"][1] == "5"


async def test_head_to_head(replays: Path) -> None:
    games = [(ANN, BOB), (BOB, ANN), (PlayerInfo("human", "ann"), BOB), (ANN, ANN)]
    for seed, pair in enumerate(games, start=1):
        play(replays, seed, pair)
    with StatsDB.open() as db:
        [rivalry] = db.head_to_head()
        summaries = db.recent_games(-1, mode=Mode.TWO_PLAYERS)
    ann_wins = sum(
        g.players[g.winner].name.casefold() == "ann"
        for g in summaries
        if len({p.name.casefold() for p in g.players}) == 2
    )
    assert rivalry.games == 3 and sorted(rivalry.wins) == sorted((ann_wins, 3 - ann_wins))
    assert rivalry.names == ("ann", "Bob")  # as last written (Ann against Ann: no rivalry)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_statistics(app, pilot)
        assert rivalry.describe() in panel_text(app, "#stats-rivals")
        assert "3 games" in panel_text(app, "#stats-rivals")


async def test_no_games_yet(replays: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.has_class("-no-stats")
        assert "No finished games yet" in text_of(app, "#no-stats")


async def test_a_missing_database_is_rebuilt_and_says_so(replays: Path) -> None:
    play(replays, 1, (HUMAN, bot("hard")))
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert counted(screen) == {(SPIT, Mode.VS_BOT, "hard"): 1}
        assert notices(app) == [
            "Statistics made from the games in your replays folder: 1 saved game."
        ]


async def test_games_the_database_missed_are_added_when_it_opens(replays: Path) -> None:
    recorded_games(replays)
    play(replays, 5, (HUMAN, bot("expert")))  # saved, never recorded
    (replays / "junk.spit.jsonl").write_text("nonsense\n")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert counted(screen)[SPIT, Mode.VS_BOT, "expert"] == 1
        [warning] = notices(app)
        assert warning.startswith("1 replay could not be used:\njunk.spit.jsonl: unreadable")
        assert "junk.spit.jsonl" in panel_text(app, "#stats-unsealed")
        await pilot.press("r")
        await settle(pilot)
        assert counted(screen)[SPIT, Mode.VS_BOT, "expert"] == 1
        assert "Rebuilt from 5 saved games (1 invalid skipped)." in notices(app)


@pytest.mark.parametrize("mtime_ns", [FAR_FUTURE_NS, -FAR_FUTURE_NS])
async def test_a_file_with_a_time_out_of_range_stops_nothing(replays: Path, mtime_ns: int) -> None:
    """Four games, the second without ``created`` and with a time no datetime can
    hold: every one is counted, and the replays browser lists them too."""
    with far_future_folder() as folder:
        replays.parent.mkdir(parents=True)
        replays.symlink_to(folder)
        paths = [play(replays, seed, (HUMAN, bot(level))) for seed, level in enumerate(LEVELS[:4])]
        odd = paths[1]
        header, rest = odd.read_text(encoding="utf-8").split("\n", 1)
        odd.write_text(header.replace('"created"', '"made"') + "\n" + rest, encoding="utf-8")
        os.utime(odd, ns=(mtime_ns, mtime_ns))
        app = SpitApp()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_statistics(app, pilot)
            assert sum(counted(screen).values()) == 4
            assert not any("could not be used" in n for n in notices(app))
            await pilot.press("escape", MENU["replays"])
            await settle(pilot)
            from spit.tui.shell.replays import ReplayBrowser

            assert isinstance(app.screen, ReplayBrowser)
            assert len(app.screen.query_one("#replay-files").rows) == 4  # type: ignore[attr-defined]


async def test_any_failure_reading_one_file_is_named_and_the_others_counted(
    replays: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spit.stats import db as stats_db

    StatsDB.open().close()
    paths = [hand_game(replays, name) for name in ("a", "b", "c")]
    play(replays, 1, (HUMAN, bot("normal")))
    real = stats_db.summarize
    failures = {
        paths[0].name: RecursionError("maximum recursion depth exceeded"),
        paths[2].name: OverflowError("date value out of range"),
    }

    def summarize(path: Path) -> Any:
        if Path(path).name in failures:
            raise failures[Path(path).name]
        return real(path)

    monkeypatch.setattr(stats_db, "summarize", summarize)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert sum(counted(screen).values()) == 2  # b (a copy of a and c: once) and the game
        [warning] = notices(app)
        assert warning.startswith("2 replays could not be used:")
        assert "a.spit.jsonl: cannot be used (RecursionError" in warning
        assert "c.spit.jsonl: cannot be used (OverflowError" in warning


async def test_a_database_that_cannot_be_written_is_read(
    replays: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite itself refuses every write (the file opened ``mode=ro``, as it is for a
    read-only file or folder): the screen shows the figures and says games cannot be
    recorded; nothing is written to the file."""
    from spit.stats import db as stats_db

    recorded_games(replays)
    play(replays, 7, (HUMAN, bot("expert")))  # in the folder, not in the database
    path = stats_db.default_path()
    before = path.read_bytes()
    connect = sqlite3.connect

    def read_only(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if database == path:
            return connect(f"{path.as_uri()}?mode=ro", *args, uri=True, **kwargs)
        return connect(database, *args, **kwargs)

    monkeypatch.setattr(stats_db.sqlite3, "connect", read_only)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.figures is not None and not screen.figures.writable
        assert counted(screen)[SPIT, Mode.VS_BOT, "normal"] == 2
        assert counted(screen)[SPIT, Mode.VS_BOT, "expert"] == 1  # from the folder
        [notice] = notices(app)
        assert "cannot be written" in notice and "new games cannot be recorded" in notice
        assert "Read only" in text_of(app, "#stats-status")
    assert path.read_bytes() == before


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
    raised = sqlite3.OperationalError("disk I/O error") if "sqlite" in error else OSError("gone")

    def failing(self: StatsDB) -> None:
        raise raised

    monkeypatch.setattr(StatsDB, "results_by_mode", failing)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        assert screen.has_class("-no-stats")
        assert any("could not be read" in n for n in notices(app))


async def test_unsealed_and_edited_games_are_listed_not_counted_in_the_bests(
    replays: Path,
) -> None:
    for seed in (1, 2, 3):
        play(replays, seed, (HUMAN, bot("normal")), minute=seed)
    names = sorted(p.name.split(".")[0] for p in replays.iterdir())
    with seals(Seal.SEALED, **{names[1]: Seal.EDITED, names[2]: Seal.UNSEALED}):
        app = SpitApp()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_statistics(app, pilot)
            figures = screen.figures
            assert figures is not None
            assert figures.not_sealed_count == 2
            assert {g.seal for g in figures.not_sealed} == {Seal.EDITED, Seal.UNSEALED}
            listed = panel_text(app, "#stats-unsealed")
            assert "edited" in listed and "unsealed" in listed
            with StatsDB.open() as db:
                sealed = [g for g in db.recent_games() if g.seal is Seal.SEALED]
            assert len(sealed) == 1
            best = figures.bests.most_cards_per_minute
            assert best is not None and best.game_key == sealed[0].game_key
            [row] = [r for r in cells(results_table(figures.results)) if r[0] == "Spit vs normal"]
            assert row[1] == "3" and row[-1] == "2"  # every game counted; two not sealed


def test_every_mode_and_level_has_a_row_and_a_total() -> None:
    from spit.games.spades.bots import LEVELS as SPADES_LEVELS

    rows = cells(
        results_table(
            [
                ModeResults(SPIT, Mode.VS_BOT, "normal", 4, 3, 0),
                ModeResults(SPIT, Mode.VS_BOT, "custom", 2, 0, 0),
                ModeResults(SPADES, Mode.VS_BOT, "hard", 1, 1, 0),
                ModeResults(SPIT, Mode.TWO_PLAYERS, None, 3, None, 0),
            ]
        )
    )
    assert [row[0] for row in rows] == [
        *(f"Spit vs {level}" for level in (*LEVELS, "custom")),
        "Spit, two players",
        *(f"Spades vs {level}" for level in SPADES_LEVELS),
        "All games",
    ]
    assert rows[0] == [f"Spit vs {LEVELS[0]}", "0", "0", "0", "-"]
    assert rows[LEVELS.index("normal")] == ["Spit vs normal", "4", "3", "1", "75%"]
    assert rows[len(LEVELS)] == ["Spit vs custom", "2", "0", "2", "0%"]
    assert rows[len(LEVELS) + 1] == ["Spit, two players", "3", "", "", ""]
    assert rows[-1] == ["All games", "10", "4", "3", "57%"]


def test_draws_have_a_column_of_their_own_once_there_are_some() -> None:
    rows = cells(
        results_table(
            [
                ModeResults(SPIT, Mode.VS_BOT, "normal", 5, 2, 0, draws=1),
                ModeResults(SPIT, Mode.TWO_PLAYERS, None, 3, None, 0, draws=2),
            ]
        )
    )
    # Mode, Games, Won, Drawn, Lost, Win %
    assert ["Spit vs normal", "5", "2", "1", "2", "40%"] in rows
    assert ["Spit, two players", "3", "", "", "", ""] in rows
    assert rows[-1] == ["All games", "8", "2", "1", "2", "40%"]


def test_bests_not_set_yet_show_a_dash() -> None:
    from spit.stats import PersonalBests

    rows = cells(bests_table(PersonalBests(None, None, None, None, None)))
    assert [row[1] for row in rows] == ["-"] * 5


async def test_a_level_from_a_file_is_shown_as_written_not_as_markup(replays: Path) -> None:
    """A replay may come from anywhere: its bot level is text, never Rich markup."""
    play(replays, 1, (HUMAN, bot("[/b]")))
    play(replays, 2, (HUMAN, bot("[red]x")))
    with seals():
        app = SpitApp()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_statistics(app, pilot)
            figures = screen.figures
            assert figures is not None
            assert {r.level for r in figures.results} == {"[/b]", "[red]x"}
            rows = {row[0] for row in cells(results_table(figures.results))}
            assert {"Spit vs [/b]", "Spit vs [red]x"} <= rows
            against = {row[2].split("\n")[0] for row in cells(bests_table(figures.bests))}
            assert against & {"vs [/b]", "vs [red]x"}
            assert "vs [red]x" in panel_text(app, "#stats-trend") or "vs [/b]" in panel_text(
                app, "#stats-trend"
            )


async def test_network_games_have_their_own_row_and_move_no_rating(replays: Path) -> None:
    play(replays, 1, (ANN, BOB), network=True)
    play(replays, 2, (ANN, BOB), network=True)
    app = SpitApp()
    async with app.run_test(size=(100, 60)) as pilot:
        screen = await open_statistics(app, pilot)
        assert counted(screen) == {(SPIT, Mode.NETWORK, None): 2}
        results = panel_text(app, "#stats-results")
        assert "Spit over the network" in results and "rated by nobody" in results
        assert re.search(r"^Spit over the network +2 *$", results, re.M)
        assert re.search(r"^Spit, two players +0 *$", results, re.M)
        assert not app.screen.query_one("#stats-rivals").display  # no head to head
        assert screen.figures is not None and screen.figures.ratings == []
