"""The replay browser, driven with real key presses over the menu."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from spit import saved_games
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.ask_text import AskText
from spit.tui.shared.confirm import Confirm
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.replays import ReplayBrowser

from .driver import MENU, marks, names, notices, open_browser, rows, settle, text_of
from .library import NAMES, golden_copy

pytestmark = pytest.mark.slow  # the replays browser driven key by key over a library of games


async def test_lists_newest_first_with_date_mode_result_length_rounds(
    library: list[Path],
) -> None:
    app = SpitApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_browser(pilot)
        assert rows(app) == [
            ("2026-03-02 09:30", "Two players", "unfinished", "0:03", "1", "interrupted"),
            ("2026-03-01 12:03", "vs hard bot", "You won", "3:34", "11", ""),
            ("2026-03-01 12:02", "vs easy bot", "You lost", "3:36", "13", ""),
            ("2026-03-01 12:01", "vs normal bot", "You won", "3:39", "12", ""),
            ("2026-01-03 10:00", "Spades", "North won", "1:53", "8", "spades"),
            ("2026-01-02 15:04", "Bots: test vs test", "Righty won", "0:59", "3", "bots"),
            (
                "2026-01-01 08:00",
                "Bots: test vs test",
                "unfinished",
                "0:39",
                "3",
                "bots-unfinished",
            ),
        ]
        assert names(app) == list(NAMES)
        assert text_of(app, "#replays-status") == (
            "7 saved games in ~/.spit-tui/data/replays, newest first."
        )
        assert text_of(app, "#replay-detail") == NAMES[0]
        await pilot.press("down")
        assert text_of(app, "#replay-detail") == NAMES[1]


async def test_the_screen_shows_before_the_files_are_read(
    library: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on = threading.Event()
    summary = saved_games.SummaryCache.summary

    def slow_summary(
        self: saved_games.SummaryCache, path: Path, info: os.stat_result
    ) -> saved_games.SavedGame:
        go_on.wait(timeout=10)
        return summary(self, path, info)

    monkeypatch.setattr(saved_games.SummaryCache, "summary", slow_summary)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["replays"])
        await pilot.pause()
        assert isinstance(app.screen, ReplayBrowser)
        assert app.screen.query_one(DataTable).row_count == 0
        assert text_of(app, "#replays-status").startswith("Reading 7 saved games")
        go_on.set()
        await settle(pilot)
        assert len(rows(app)) == 7


async def test_hundreds_of_files_are_listed_without_re_simulating_any(
    replays: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = Path(__file__).parents[2] / "replay" / "golden" / "standard_finished.spit.jsonl"
    data = source.read_bytes()
    replays.mkdir(parents=True)
    for i in range(300):
        path = replays / f"game-{i:03}.spit.jsonl"
        path.write_bytes(data)
        os.utime(path, (1_700_000_000 + i,) * 2)

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("a replay was re-simulated or read whole")

    monkeypatch.setattr("spit.play.session.Session.__init__", forbidden)
    monkeypatch.setattr("spit.core.replay.reading.parse_lines", forbidden)
    monkeypatch.setattr("spit.core.replay.reading.read_replay_bytes", forbidden)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        assert len(rows(app)) == 300
        assert {row[:5] for row in rows(app)} == {
            ("2026-01-02 15:04", "Bots: test vs test", "Righty won", "0:59", "3")
        }
        # Same start time: by name, the latest first.
        assert names(app)[:2] == ["game-299.spit.jsonl", "game-298.spit.jsonl"]


async def test_a_second_look_reads_only_the_files_that_changed(
    library: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    summarize = saved_games.summarize

    def counting(path: Path, info: os.stat_result) -> saved_games.SavedGame:
        read.append(path.name)
        return summarize(path, info)

    monkeypatch.setattr(saved_games, "summarize", counting)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        assert len(read) == 7
        await pilot.press("escape")
        read.clear()
        with library[1].open("a") as file:
            file.write("\n")
        await open_browser(pilot)
        assert read == [library[1].name]


async def test_empty_folder_says_how_to_make_a_replay(replays: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_browser(pilot)
        assert screen.has_class("-no-replays")
        message = text_of(app, "#no-replays")
        assert "No saved games yet in ~/.spit-tui/data/replays" in message
        assert "Play one from the menu" in message
        await pilot.press("enter", "r", "d", "e")  # nothing to act on: nothing happens
        assert app.screen is screen


async def test_a_folder_that_cannot_be_read_says_so(home: Path) -> None:
    not_a_folder = home / "file"
    not_a_folder.write_text("")
    app = SpitApp(start_screen=ReplayBrowser(not_a_folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Cannot read the folder" in text_of(app, "#no-replays")


async def test_unreadable_files_are_listed_and_say_why(replays: Path) -> None:
    replays.mkdir(parents=True)
    (replays / "junk.spit.jsonl").write_text("nonsense\n")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        assert rows(app)[0][1:3] == ("?", "unreadable")
        assert "not valid JSON" in text_of(app, "#replay-detail")
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayBrowser)
        assert any("cannot be watched" in n for n in notices(app))


@pytest.fixture
def utc() -> Iterator[None]:
    """The local time zone is UTC, where a local time in the year 1 has no timestamp."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.mark.usefixtures("utc")
async def test_a_start_time_out_of_range_is_listed_at_the_files_time(replays: Path) -> None:
    replays.mkdir(parents=True)
    odd = golden_copy(
        "standard_finished.spit.jsonl", replays, "odd.spit.jsonl", "0001-01-01T00:00:00"
    )
    os.utime(odd, (1_700_000_000,) * 2)
    golden_copy("unfinished.spit.jsonl", replays, "other.spit.jsonl", "2026-01-01T08:00:00+00:00")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        assert names(app) == ["other.spit.jsonl", "odd.spit.jsonl"]
        assert rows(app)[1][0] == "2023-11-14 22:13"


# -- watching -------------------------------------------------------------------------


async def test_enter_opens_the_viewer_and_escape_comes_back(library: list[Path]) -> None:
    from spit.tui.spit.viewer import SpitViewerScreen

    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        browser = await open_browser(pilot)
        await pilot.press("down", "enter")
        viewer = app.screen
        assert isinstance(viewer, SpitViewerScreen)
        assert viewer.path == library[1]
        assert viewer.problem is None
        await pilot.press("escape")
        assert app.screen is browser
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


async def test_a_spades_game_opens_in_the_spades_viewer(library: list[Path]) -> None:
    from spit.tui.spades.viewer import SpadesViewerScreen

    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        browser = await open_browser(pilot)
        await pilot.press(*["down"] * 4, "enter")
        viewer = app.screen
        assert isinstance(viewer, SpadesViewerScreen)
        assert viewer.path == library[4] and viewer.problem is None
        await pilot.press("escape")
        assert app.screen is browser


# -- renaming -------------------------------------------------------------------------


async def test_rename_keeps_the_suffix(library: list[Path], replays: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("down", "r")
        dialog = app.screen
        assert isinstance(dialog, AskText)
        assert dialog.query_one(Input).value == library[1].name.removesuffix(".spit.jsonl")
        await pilot.press(*"my best game", "enter")
        assert isinstance(app.screen, ReplayBrowser)
        assert not library[1].exists()
        assert (replays / "my best game.spit.jsonl").exists()
        assert names(app)[1] == "my best game.spit.jsonl"
        assert rows(app)[1][-1] == "my best game"  # in the table too, not only below it
        assert text_of(app, "#replay-detail") == "my best game.spit.jsonl"
        # Typing the suffix too does not double it.
        await pilot.press("r")
        app.screen.query_one(Input).value = "second best.spit.jsonl"
        await pilot.press("enter")
        assert names(app)[1] == "second best.spit.jsonl"


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("", "Type a name."),
        ("a/b", "A name cannot hold /."),
        (".hidden", "A name cannot start with a dot."),
        ("bots", "bots.spit.jsonl already exists: choose another name."),
        ("x" * 300, "That name is too long."),
    ],
)
async def test_rename_refuses_bad_names_and_stays_open(
    library: list[Path], typed: str, problem: str
) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("r")
        dialog = app.screen
        dialog.query_one(Input).value = typed
        await pilot.press("enter")
        assert app.screen is dialog
        assert text_of(app, "#ask-problem") == problem
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayBrowser)
        assert all(path.exists() for path in library)


async def test_a_spades_game_keeps_its_own_suffix(library: list[Path], replays: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press(*["down"] * 4, "r")
        app.screen.query_one(Input).value = "cards"
        await pilot.press("enter")
        assert (replays / "cards.spades.jsonl").exists()


# -- moving and marking ---------------------------------------------------------------


async def test_home_and_end_go_to_the_first_and_the_last_game(library: list[Path]) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("end")
        assert text_of(app, "#replay-detail") == library[-1].name
        await pilot.press("up", "home")
        assert text_of(app, "#replay-detail") == library[0].name
        await pilot.press("end", "end")
        assert text_of(app, "#replay-detail") == library[-1].name


def test_only_a_name_the_player_gave_is_shown_in_the_name_column(tmp_path: Path) -> None:
    from datetime import datetime

    from spit.core.replay.fields import PlayerInfo
    from spit.core.replay.recording import file_stem
    from spit.saved_games import automatic_name

    when = datetime(2026, 11, 29, 14, 5, 12)
    for players in [
        (PlayerInfo("human", "A"), PlayerInfo("human", "B")),
        (PlayerInfo("human", "A"), PlayerInfo("bot", "B", level="Very Slow!")),
    ]:
        stem = file_stem(when, players)
        assert automatic_name(stem) and automatic_name(stem + "_002")
    for given in ["first full game", "2026-11-29", "2026-11-29_14-05-12_p1-vs-p2 (best)"]:
        assert not automatic_name(given)


async def test_marking_several_games_deletes_them_with_one_question(library: list[Path]) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("space", "down", "m", "space")  # marks 0, skips 1, marks 2 and 3
        assert marks(app) == ["✓", "", "✓", "✓", "", "", ""]
        assert text_of(app, "#replays-status") == "3 of 7 saved games marked: d deletes them."
        await pilot.press("up", "space")  # unmarks 3
        assert marks(app) == ["✓", "", "✓", "", "", "", ""]
        await pilot.press("d")
        assert isinstance(app.screen, Confirm)
        assert "Delete the 2 marked games?" in str(
            app.screen.query_one(".dialog-title", Static).content
        )
        await pilot.press("n")
        assert all(path.exists() for path in library)
        await pilot.press("d", "y")
        await pilot.pause()
        assert [path.exists() for path in library] == [False, True, False, True, True, True, True]
        assert names(app) == [p.name for p in library if p.exists()]
        assert marks(app) == [""] * 5
        assert text_of(app, "#replays-status").startswith("5 saved games")
        assert "Deleted 2 games" in notices(app)
        # Nothing marked: d deletes the game under the cursor, as before.
        await pilot.press("home", "d", "y")
        assert not library[1].exists()


async def test_a_marked_game_that_cannot_be_deleted_stays_marked(
    library: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self == library[1]:
            raise OSError(13, "Permission denied")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("space", "space", "d", "y")
        assert marks(app) == ["✓"] + [""] * 5
        assert names(app)[0] == library[1].name
        assert "Deleted 1 of the 2 marked games" in notices(app)
        assert f"Could not delete {library[1].name}: Permission denied" in notices(app)


async def test_marks_are_ascii_in_the_ascii_card_style(library: list[Path]) -> None:
    app = SpitApp(settings=Settings(card_style="ascii"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("space")
        assert marks(app)[0] == "*"


# -- deleting -------------------------------------------------------------------------


async def test_delete_asks_first(library: list[Path]) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("down", "d")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert library[1].exists()
        assert len(rows(app)) == 7
        await pilot.press("d", "y")
        assert not library[1].exists()
        assert library[1].name not in names(app)
        assert len(rows(app)) == 6
        assert text_of(app, "#replays-status").startswith("6 saved games")
        assert text_of(app, "#replay-detail") == library[2].name  # the cursor stays put


async def test_deleting_the_last_game_shows_the_empty_folder(replays: Path) -> None:
    replays.mkdir(parents=True)
    (replays / "only.spit.jsonl").write_text("nonsense\n")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_browser(pilot)
        await pilot.press("delete", "y")
        assert screen.has_class("-no-replays")
        assert not list(replays.iterdir())


# -- exporting ------------------------------------------------------------------------


async def test_export_copies_to_the_home_folder_by_default(library: list[Path], home: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("e")
        assert app.screen.query_one(Input).value == f"~/{library[0].name}"
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayBrowser)
        assert (home / library[0].name).read_bytes() == library[0].read_bytes()
        assert any(f"Copied to {home / library[0].name}" in n for n in notices(app))
        # Once more: the copy is there now, and is never overwritten.
        await pilot.press("e", "enter")
        assert "already exists" in text_of(app, "#ask-problem")


async def test_export_to_a_folder_or_a_new_name(library: list[Path], tmp_path: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("e")
        app.screen.query_one(Input).value = str(tmp_path)
        await pilot.press("enter", "e")
        app.screen.query_one(Input).value = str(tmp_path / "for-ann.jsonl")
        await pilot.press("enter")
    assert (tmp_path / library[0].name).exists()
    assert (tmp_path / "for-ann.jsonl").exists()


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("{tmp}/exports/", "{tmp}/exports/{name}"),  # a new folder, made
        ("{tmp}/exports//", "{tmp}/exports/{name}"),
        ("{tmp}/old/", "{tmp}/old/{name}"),  # a folder that is there
        ("{tmp}/old", "{tmp}/old/{name}"),  # named without the separator
        ("{tmp}/old/copy.jsonl", "{tmp}/old/copy.jsonl"),
        ("{tmp}/exports", "{tmp}/exports"),  # no separator, nothing there: a file
    ],
)
async def test_export_into_a_folder(
    library: list[Path], tmp_path: Path, typed: str, written: str
) -> None:
    (tmp_path / "old").mkdir()
    fill = {"tmp": tmp_path, "name": library[0].name}
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("e")
        app.screen.query_one(Input).value = typed.format(**fill)
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayBrowser)
        target = Path(written.format(**fill))
        assert target.is_file()
        assert target.read_bytes() == library[0].read_bytes()
        assert any(n.endswith(f"Copied to {target}") for n in notices(app))


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("{tmp}/no/such/", "There is no folder {tmp}/no."),  # one level is made, not two
        ("{tmp}/a-file/", "{tmp}/a-file is a file, not a folder."),
        ("{tmp}/a-file", "{tmp}/a-file already exists: choose another name."),
        ("{tmp}/a-file/copy", "There is no folder {tmp}/a-file."),
        ("   ", "Type where to write the copy."),
    ],
)
async def test_export_to_a_place_that_will_not_do_writes_nothing(
    library: list[Path], tmp_path: Path, typed: str, problem: str
) -> None:
    (tmp_path / "a-file").write_text("mine")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("e")
        app.screen.query_one(Input).value = typed.format(tmp=tmp_path)
        await pilot.press("enter")
        assert text_of(app, "#ask-problem") == problem.format(tmp=tmp_path)
        await pilot.press("escape")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "player"]
    assert (tmp_path / "a-file").read_text() == "mine"


async def test_export_to_nowhere_says_why(library: list[Path], tmp_path: Path) -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("e")
        app.screen.query_one(Input).value = str(tmp_path / "no" / "such" / "copy.jsonl")
        await pilot.press("enter")
        assert text_of(app, "#ask-problem") == f"There is no folder {tmp_path / 'no' / 'such'}."
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayBrowser)


async def test_a_failed_export_is_reported(
    library: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreadable(self: Path) -> bytes:
        raise OSError(5, "Input/output error")

    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        await pilot.press("e")
        app.screen.query_one(Input).value = str(tmp_path)
        with monkeypatch.context() as patched:
            patched.setattr(Path, "read_bytes", unreadable)
            await pilot.press("enter")
        assert isinstance(app.screen, ReplayBrowser)
        assert f"Could not read {library[0].name}: Input/output error" in notices(app)
    assert not (tmp_path / library[0].name).exists()


async def test_keys_typed_ahead_are_handled_in_order(library: list[Path]) -> None:
    """As a terminal delivers them: all at once, without waiting for the screen."""
    from textual import events

    from spit.tui.spit.viewer import SpitViewerScreen

    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        for key, character in [("down", None), ("down", None), ("enter", "\r")]:
            app.post_message(events.Key(key, character))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SpitViewerScreen)
        assert app.screen.path == library[2]


async def test_a_drawn_game_is_listed_as_a_draw_not_as_unfinished(replays: Path) -> None:
    replays.mkdir(parents=True)
    drawn = golden_copy(
        "standard_finished.spit.jsonl", replays, "drawn.spit.jsonl", "2026-01-02T08:00:00+00:00"
    )
    lines = drawn.read_text(encoding="utf-8").splitlines()
    lines[-1] = lines[-1].replace('"winner": "p2"', '"winner": null')  # format 1.5's draw
    drawn.write_text("\n".join(lines) + "\n", encoding="utf-8")
    golden_copy("unfinished.spit.jsonl", replays, "left.spit.jsonl", "2026-01-01T08:00:00+00:00")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_browser(pilot)
        results = dict(zip(names(app), (row[2] for row in rows(app)), strict=True))
        assert results == {"drawn.spit.jsonl": "Draw", "left.spit.jsonl": "unfinished"}
