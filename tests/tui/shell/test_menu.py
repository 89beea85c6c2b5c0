"""The main menu and the screens it opens, driven with real key presses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import OptionList

from spit.games.spit.bots import LEVELS
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shell.how_to_play import HowToPlay
from spit.tui.shell.menu import ENTRIES, BotChooser, MainMenu
from spit.tui.shell.network import NetworkMenu
from spit.tui.shell.replays import ReplayBrowser
from spit.tui.shell.settings_screen import SettingsScreen
from spit.tui.shell.statistics import StatisticsScreen
from tests.tui.contrast import contrast

from .menu_keys import MENU

SCREENS: dict[str, type[Screen[Any]]] = {
    "bot": BotChooser,
    "spades": BotChooser,
    "network": NetworkMenu,
    "replays": ReplayBrowser,
    "statistics": StatisticsScreen,
    "how_to_play": HowToPlay,
    "settings": SettingsScreen,
}
"""What each menu entry opens (the games have their own tests)."""


@pytest.mark.slow
async def test_each_entry_opens_its_screen_and_escape_comes_back() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MainMenu)
        for downs, (entry_id, _key, _label) in enumerate(ENTRIES):
            if entry_id not in SCREENS:
                continue
            await pilot.press(*["down"] * downs, "enter")
            assert isinstance(app.screen, SCREENS[entry_id]), entry_id
            await pilot.press("escape")
            assert isinstance(app.screen, MainMenu)
            await pilot.press(*["up"] * downs)


@pytest.mark.slow
async def test_hotkeys_and_question_mark() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen_type in [
            *((MENU[entry_id], screen) for entry_id, screen in SCREENS.items()),
            ("question_mark", HowToPlay),
        ]:
            await pilot.press(key)
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
        await pilot.press("q")
    assert app.return_code == 0


def test_hotkeys_are_distinct() -> None:
    keys = [key for _id, key, _label in ENTRIES]
    assert len(set(keys)) == len(keys)


@pytest.mark.slow
async def test_quit_entry_exits() -> None:
    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("up", "enter")
    assert app.return_code == 0


@pytest.mark.slow
async def test_bot_chooser_starts_on_the_settings_level() -> None:
    app = SpitApp(settings=Settings(game_options={"bot_level": "hard"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["bot"])
        levels = app.screen.query_one("#bot-levels", OptionList)
        assert levels.highlighted == LEVELS.index("hard")


@pytest.mark.slow
@pytest.mark.parametrize("target", ["beginner", "steady", "expert"])
async def test_bot_chooser_lists_every_level_with_its_pace_and_starts_the_one_chosen(
    target: str,
) -> None:
    from spit.games.spit.bots import LEVEL_HEADER, LEVEL_TABLE
    from spit.tui.spit.game_screen import SpitScreen

    app = SpitApp(settings=Settings(game_options={"bot_level": "normal"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["bot"])
        levels = app.screen.query_one("#bot-levels", OptionList)
        shown = [levels.get_option_at_index(i) for i in range(levels.option_count)]
        assert [option.id for option in shown] == list(LEVELS)
        for option in shown:
            level = LEVEL_TABLE[str(option.id)]
            row = str(option.prompt)
            assert row.split()[:2] == [level.name, f"{level.cards_per_minute:.0f}"]
            assert f"{level.model.typical_play_ms / 1000:.2f} s" in row
        assert "cards/min" in LEVEL_HEADER
        assert levels.size.height >= levels.option_count  # every level in sight at 80x24
        steps = LEVELS.index(target) - LEVELS.index("normal")
        await pilot.press(*["down" if steps > 0 else "up"] * abs(steps), "enter")
        assert isinstance(app.screen, SpitScreen)
        assert app.screen.config.bot_level == target


@pytest.mark.slow
async def test_too_small_terminal_says_so() -> None:
    app = SpitApp()
    async with app.run_test(size=(60, 20)) as pilot:
        assert app.screen.has_class("-too-small")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.has_class("-too-small")
        await pilot.resize_terminal(80, 23)
        await pilot.pause()
        assert app.screen.has_class("-too-small")


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["textual-light", "catppuccin-latte", "atom-one-light"])
async def test_titles_can_be_read_on_light_themes(theme: str) -> None:
    """The menu's and the screens' titles (and the dialogs') are at least 3:1 against
    what is behind them; the accent orange was 1.5:1 on textual-light."""
    app = SpitApp(settings=Settings(theme=theme))
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [app.screen.query_one("#menu-title")]
        await pilot.press(MENU["settings"])
        titles.append(app.screen.query_one(".screen-title"))
        app.screen.query_one("#key-bindings").focus()
        await pilot.press("enter")
        titles.append(app.screen.query_one(".dialog-title"))
        for title in titles:
            ink = title.styles.color
            paper = title.background_colors[1]
            ratio = contrast(ink.rgb, (paper + ink).rgb if ink.a < 1 else paper.rgb)
            assert ratio >= 3, (title, round(ratio, 2))


def test_menu_keys_are_fixed_and_none_reads_as_another() -> None:
    """The keys people learn stay put, and none is ``l`` beside ``1`` (or ``O``, ``0``),
    which many fonts draw alike."""
    assert MENU == {
        "two_players": "1",
        "bot": "2",
        "daily": "d",
        "ladder": "a",
        "spades": "3",
        "network": "4",
        "online": "n",
        "leaderboards": "b",
        "replays": "5",
        "statistics": "6",
        "how_to_play": "7",
        "settings": "8",
        "quit": "q",
    }
    assert not set(MENU.values()) & {"l", "I", "i", "O", "o", "0"}


def test_a_new_game_moves_no_menu_key(extra_game: Callable[..., None]) -> None:
    """A game brings its own key (``FrontEnds.menu``): the others keep theirs."""
    from msgspec.structs import replace

    from spit.games import registry
    from spit.games.spades.identity import INFO
    from spit.tui.shared.front_ends import MenuEntry, front_ends
    from spit.tui.shell import menu

    spades = registry.by_name("spades")
    info = replace(INFO, key="hearts", title="Hearts")
    hearts = replace(spades, info=info, files=replace(spades.files, suffix=".hearts.jsonl"))
    screens = replace(
        front_ends("spades"), menu=(MenuEntry("hearts", "9", "Hearts against a bot"),)
    )
    extra_game(hearts, screens)
    keys = {entry_id: key for entry_id, key, _label in menu._entries()}
    assert keys == {**MENU, "hearts": "9"}


@pytest.mark.slow
async def test_the_level_pickers_answer_question_mark() -> None:
    """The footer beneath offers ``? Help``: on a level picker it shows the picker's
    keys and what its columns say."""
    from spit.tui.net.keys_help import KeysHelp

    app = SpitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for entry in ("bot", "spades"):
            await pilot.press(MENU[entry])
            assert isinstance(app.screen, BotChooser)
            await pilot.press("question_mark")
            assert isinstance(app.screen, KeysHelp), entry
            text = str(app.screen.query_one("#keys-help").render())
            assert "back to the menu" in text and "play against the level chosen" in text
            await pilot.press("space", "q")  # any key closes it; q goes back
            assert isinstance(app.screen, MainMenu)
