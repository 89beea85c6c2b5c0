"""No text from outside reaches the terminal raw, on any screen (issue 10, section 4).

Replays named with terminal escape sequences (a title set by ``ESC ] 2 ; ... BEL``, a
screen cleared by ``ESC [ 2 J``, the C1 CSI, a bell, a right-to-left override, Rich
markup, bytes that are not UTF-8) go through every screen that shows a name: the
viewers' problem panel, the browser's detail line and its rename, delete and export
dialogs, its notices, the statistics warnings; a hostile replay folder and key
override go through the browser and the Settings screen. Each test reads the frame
as the terminal would get it (the text of every segment Textual would write) and
checks that nothing a terminal obeys is in it, and that the name is there, escaped.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from spit.core.replay.fields import PlayerInfo
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import Result, ResultOverlay
from spit.tui.shell.replays import ReplayBrowser
from spit.tui.shell.settings_screen import SettingsScreen
from spit.tui.shell.statistics import ERRORS_SHOWN, StatisticsScreen
from spit.tui.spades.viewer import SpadesViewerScreen
from spit.tui.spit.game_config import GameConfig
from spit.tui.spit.viewer import SpitViewerScreen
from tests.hostile import HOSTILE_STEMS, MARKUP_NAME, file_name, forbidden_in
from tests.replay.goldens import GOLDEN, broken_copy
from tests.stats.games import HUMAN, bot, play

pytestmark = pytest.mark.slow  # every screen with every hostile name

SIZE = (100, 30)
EACH_NAME = pytest.mark.parametrize("name_id", sorted(HOSTILE_STEMS))


def frame(app: SpitApp) -> str:
    """The text of the frame the terminal would get now: every segment that Textual
    writes as text (its own escape codes for colours and the cursor are not text)."""
    update = app.screen._compositor.render_full_update()
    return "\n".join(
        "".join(segment.text for strip in line for segment in strip if not segment.control)
        for line in update.strips
    )


def assert_safe(text: str, *shown: str) -> None:
    assert forbidden_in(text) == []
    for expected in shown:
        assert expected in text


async def settle(pilot: Pilot[Any]) -> None:
    """Until the screen's workers are done and what they sent is drawn (a frame is
    read at once, whatever the load on the machine)."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Paths under the test's folder are shown short, as ``~/...``, so they fit a line."""
    monkeypatch.setenv("HOME", str(tmp_path))


def hostile_copy(directory: Path, stem: bytes, source: Path) -> Path:
    """``source`` copied into ``directory`` under the name ``stem`` and its suffix."""
    suffix = ".spades.jsonl" if source.name.endswith(".spades.jsonl") else ".spit.jsonl"
    target = directory / file_name(stem, suffix)
    shutil.copy(source, target)
    return target


def hostile_folder(tmp_path: Path, name_ids: list[str]) -> Path:
    """A replays folder holding, for each hostile name, a good game and a broken one."""
    directory = tmp_path / "replays"
    directory.mkdir()
    broken = broken_copy("standard_finished.spit.jsonl", tmp_path)
    for name_id in name_ids:
        stem = HOSTILE_STEMS[name_id][0]
        hostile_copy(directory, stem, GOLDEN / "standard_finished.spit.jsonl")
        hostile_copy(directory, stem + b"-broken", broken)
    return directory


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return hostile_folder(tmp_path, sorted(HOSTILE_STEMS))


def _is_utf8(stem: bytes) -> bool:
    try:
        stem.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@EACH_NAME
@pytest.mark.parametrize(
    ("viewer", "golden"),
    [
        (SpitViewerScreen, "standard_finished.spit.jsonl"),
        (SpadesViewerScreen, "spades_finished.spades.jsonl"),
    ],
    ids=["spit", "spades"],
)
async def test_the_viewers_problem_panel(
    name_id: str, viewer: type[SpitViewerScreen], golden: str, tmp_path: Path
) -> None:
    stem, shown = HOSTILE_STEMS[name_id]
    path = hostile_copy(tmp_path, stem, broken_copy(golden, tmp_path))
    screen = viewer(path)
    assert screen.problem is not None
    app = SpitApp(Settings(), start_screen=screen)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert_safe(frame(app), shown, "This replay cannot be shown")


@EACH_NAME
async def test_the_browser_detail_line_dialogs_and_notices(name_id: str, folder: Path) -> None:
    stem, shown = HOSTILE_STEMS[name_id]
    app = SpitApp(Settings(replay_dir=folder), start_screen=ReplayBrowser())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        browser = app.screen
        assert isinstance(browser, ReplayBrowser)
        wanted = {file_name(stem), file_name(stem + b"-broken")}
        seen = 0
        for row, game in enumerate(browser.games):
            if game.name not in wanted:
                continue
            browser._table.move_cursor(row=row, animate=False)
            await settle(pilot)
            assert_safe(frame(app), shown)
            for key, leave in (("r", "escape"), ("d", "n"), ("e", "escape")):
                await pilot.press(key)
                await settle(pilot)
                assert_safe(frame(app), shown)
                await pilot.press(leave)
                await settle(pilot)
            if game.problem is not None:  # unreadable: watching it says why, in a notice
                await pilot.press("enter")
                await settle(pilot)
                assert_safe(frame(app), shown)
            seen += 1
        assert seen == 2


async def test_a_rename_keeps_hostile_names_out(folder: Path) -> None:
    """Enter on the rename dialog of a hostile name: the name shown (escaped) is refused
    as a new name, with a reason, rather than renaming the file to anything raw."""
    app = SpitApp(Settings(replay_dir=folder), start_screen=ReplayBrowser())
    stem, shown = HOSTILE_STEMS["osc-title"]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        browser = app.screen
        assert isinstance(browser, ReplayBrowser)
        row = next(i for i, g in enumerate(browser.games) if g.name == file_name(stem))
        browser._table.move_cursor(row=row, animate=False)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert_safe(frame(app), shown)
    assert (folder / file_name(stem)).exists()


@EACH_NAME
async def test_a_hostile_replay_folder_in_the_browser(name_id: str, tmp_path: Path) -> None:
    stem, shown = HOSTILE_STEMS[name_id]
    for listed, make in (("empty", True), ("missing", False)):
        directory = Path(os.fsdecode(bytes(tmp_path) + b"/" + stem + listed.encode()))
        if make:
            directory.mkdir()
        app = SpitApp(Settings(replay_dir=directory), start_screen=ReplayBrowser())
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            assert_safe(frame(app), shown + listed)


async def test_the_statistics_warnings(tmp_path: Path) -> None:
    """A rebuild names the replays it could not use, and a bot's level comes from a
    file too: escaped, and markup shown as text."""
    name_ids = sorted(HOSTILE_STEMS)
    folder = hostile_folder(tmp_path, name_ids)
    play(folder, 1, (HUMAN, bot(MARKUP_NAME)))
    app = SpitApp(Settings(replay_dir=folder), start_screen=StatisticsScreen())
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert_safe(frame(app), MARKUP_NAME, "could not be used")
        notices = "\n".join(n.message for n in app._notifications)
        named = [i for i in name_ids if f"{HOSTILE_STEMS[i][1]}-broken" in notices]
        assert len(named) == min(len(name_ids), ERRORS_SHOWN)


@EACH_NAME
async def test_the_settings_screen(name_id: str, tmp_path: Path) -> None:
    """A replay folder from the settings file, shown in Settings. (A hostile key override
    never reaches the key list: reading the file refuses any override that is not one
    key, with a warning that shows it escaped, tested with the settings file.)"""
    stem, shown = HOSTILE_STEMS[name_id]
    directory = Path(os.fsdecode(b"/" + stem))  # short enough for the field to show whole
    settings = Settings(replay_dir=directory)
    app = SpitApp(settings, start_screen=SettingsScreen())
    async with app.run_test(size=(100, 60), notifications=True) as pilot:
        await settle(pilot)
        assert_safe(frame(app), shown)
        await pilot.press("tab", "tab", "tab", "tab", "tab", "tab", "tab", "tab")
        await settle(pilot)
        assert app.settings.replay_dir == directory  # leaving the field changed nothing
        assert_safe(frame(app), shown)


async def test_names_from_a_replay_are_text_not_markup(tmp_path: Path) -> None:
    """Names are printable in every readable replay (the reader refuses the rest), but
    ``[red]x[/]`` is printable too: the viewer, the browser and the check show it."""
    players = (PlayerInfo("human", MARKUP_NAME), PlayerInfo("human", "[bold]Bo"))
    path = play(tmp_path, 2, players)
    app = SpitApp(Settings(replay_dir=tmp_path), start_screen=SpitViewerScreen(path))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        assert_safe(frame(app), MARKUP_NAME, "[bold]Bo")
    app = SpitApp(Settings(replay_dir=tmp_path), start_screen=ReplayBrowser())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert_safe(frame(app), " won")
        assert MARKUP_NAME in frame(app) or "[bold]Bo" in frame(app)


async def test_a_game_that_cannot_be_recorded_says_so_safely(tmp_path: Path) -> None:
    """The notice quotes the folder of the settings, which cannot be made here (a file
    of that name is in the way)."""
    stem, _shown = HOSTILE_STEMS["osc-title"]
    blocker = Path(os.fsdecode(bytes(tmp_path) + b"/" + stem))
    blocker.write_text("")
    config = GameConfig(replay_dir=blocker / "games")
    app = SpitApp(Settings(), start_game=config)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for _ in range(50):  # the file is opened after the first frame: wait for that
            if app._notifications:
                break
            await settle(pilot)
        await settle(pilot)
        notices = "\n".join(n.message for n in app._notifications)
        assert_safe(notices, "not recorded", "OWNED")
        assert_safe(frame(app), "not recorded")


async def test_whatever_a_screen_forgets_never_reaches_the_terminal() -> None:
    """The last guard: a widget holding raw escapes (as if a place forgot safe_text)
    still sends none of them, and the frame keeps its layout."""
    app = SpitApp(Settings(), start_screen=_Raw("A\x1b]2;OWNED\x07B\x1b[2JC\x9bD\u202eE\udcffF"))
    async with app.run_test(size=(40, 5), notifications=True) as pilot:
        await settle(pilot)
        text = frame(app)
        assert forbidden_in(text) == []
        assert "A]2;OWNEDB[2JCDE?F" in text
        assert all(len(line) == 40 for line in text.split("\n"))


class _Raw(Screen[None]):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, markup=False)


@EACH_NAME
async def test_the_result_names_where_the_replay_was_saved_safely(
    name_id: str, tmp_path: Path
) -> None:
    stem, shown = HOSTILE_STEMS[name_id]
    replay = Path(os.fsdecode(bytes(tmp_path) + b"/" + stem)) / "game.spit.jsonl"
    app = SpitApp(Settings(), start_screen=ResultOverlay(Result("You won", (), replay)))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert_safe(frame(app), shown, "Replay saved")
