"""The main menu and the screens it opens, driven with real key presses."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import OptionList

from spit.bots import LEVELS
from spit.tui.app import SpitApp
from spit.tui.screens.how_to_play import HowToPlay
from spit.tui.screens.menu import BotChooser, MainMenu
from spit.tui.screens.replays import ReplayList
from spit.tui.screens.settings_screen import SettingsScreen
from spit.tui.settings import Settings


async def test_each_entry_opens_its_screen_and_escape_comes_back() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MainMenu)
        for downs, screen_type in [
            (1, BotChooser),
            (2, ReplayList),
            (3, HowToPlay),
            (4, SettingsScreen),
        ]:
            await pilot.press(*["down"] * downs, "enter")
            assert isinstance(app.screen, screen_type)
            await pilot.press("escape")
            assert isinstance(app.screen, MainMenu)
            await pilot.press(*["up"] * downs)


async def test_hotkeys_and_question_mark() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen_type in [
            ("2", BotChooser),
            ("3", ReplayList),
            ("4", HowToPlay),
            ("5", SettingsScreen),
            ("question_mark", HowToPlay),
        ]:
            await pilot.press(key)
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
        await pilot.press("q")
    assert app.return_code == 0


async def test_quit_entry_exits() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("up", "enter")
    assert app.return_code == 0


async def test_bot_chooser_starts_on_the_settings_level() -> None:
    app = SpitApp(settings=Settings(bot_level="hard"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        levels = app.screen.query_one("#bot-levels", OptionList)
        assert levels.highlighted == LEVELS.index("hard")


async def test_too_small_terminal_says_so() -> None:
    app = SpitApp()
    async with app.run_test(size=(60, 20)) as pilot:
        assert app.screen.has_class("-too-small")
        await pilot.resize_terminal(80, 24)
        assert not app.screen.has_class("-too-small")
        await pilot.resize_terminal(80, 23)
        assert app.screen.has_class("-too-small")


async def test_replays_listed_newest_first(spit_home: Path) -> None:
    from spit.paths import replays_dir

    directory = replays_dir()
    directory.mkdir(parents=True)
    for age, name in enumerate(["new", "middle", "old"]):
        path = directory / f"{name}.spit.jsonl"
        path.write_text("{}\n")
        os.utime(path, (1_700_000_000 - age * 3600,) * 2)
    (directory / "notes.txt").write_text("not a replay")
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        files = app.screen.query_one("#replay-files", OptionList)
        assert [files.get_option_at_index(i).id for i in range(files.option_count)] == [
            str(directory / f"{name}.spit.jsonl") for name in ["new", "middle", "old"]
        ]


async def test_no_replays_yet() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        assert app.screen.query("#no-replays")
