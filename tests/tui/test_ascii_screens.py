"""The ASCII card style keeps every screen to ASCII: the table in each phase, its
dialogs, notices, the replay viewer, the menu, How to play, Settings, Statistics and
Spades, each read whole from the terminal at 80x24 (and bigger where the layout
changes) with every character checked, on every keyboard layout (QWERTZ has ``Ö``,
AZERTY's keyboard drawing ``é``) and with keys outside ASCII remapped, since key
labels are drawn on almost every screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from textual.pilot import Pilot

from spit.core.clock import FakeClock
from spit.core.replay.fields import PlayerInfo
from spit.core.replay.seal import Seal
from spit.engine.timers import StagePhase
from spit.games.spades.engine import Phase
from spit.settings.keymap import PRESET_NAMES, key_label, resolve
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import ConfirmQuit, HelpOverlay, ResultOverlay
from spit.tui.shell.how_to_play import HowToPlay
from spit.tui.shell.menu import BotChooser
from spit.tui.shell.settings_screen import KeyCapture, SettingsScreen
from spit.tui.shell.statistics import StatisticsScreen
from spit.tui.spades.screen import SpadesScreen
from spit.tui.spit.practice.coach import Hint
from spit.tui.spit.practice.screen import PracticeScreen
from tests.stats.games import HUMAN, bot, play, seals
from tests.tui.browser.driver import MENU, open_browser, settle
from tests.tui.browser.library import recorded_games
from tests.tui.game.driver import Driver, game_app
from tests.tui.practice.test_practice import play_the_hints
from tests.tui.screen_text import non_ascii, screen_lines
from tests.tui.shell.menu_keys import MENU as MENU_KEYS
from tests.tui.spades.driver import Player
from tests.tui.viewer.driver import FINISHED, UNFINISHED, ViewerApp

pytestmark = pytest.mark.slow  # every screen walked through on every layout

SIZES = ((80, 24), (200, 60))
REMAPPED: dict[str, str] = {
    "p1.play.1.left": "é",
    "p1.move.2": "ß",
    "p2.play.3.right": "ñ",
    "p2.move.4": "€",
    "pause": "ü",
}
"""Keys outside ASCII on every kind of binding a screen names: accented letters, a
letter with no accent to spell, a sign; none is a key of any layout."""
LAYOUTS = [
    *((preset, {}) for preset in PRESET_NAMES),
    *((preset, REMAPPED) for preset in PRESET_NAMES),
]
LAYOUT_IDS = [*PRESET_NAMES, *(f"{preset}-remapped" for preset in PRESET_NAMES)]
layouts = pytest.mark.parametrize(("preset", "overrides"), LAYOUTS, ids=LAYOUT_IDS)
remapped_layouts = pytest.mark.parametrize(
    ("preset", "overrides"),
    [(preset, REMAPPED) for preset in PRESET_NAMES],
    ids=[f"{preset}-remapped" for preset in PRESET_NAMES],
)
"""For the longest walks (the table in every phase, the practice round, the settings):
each layout remapped keeps every key the plain layout has but the five remapped ones,
whose plain keys are ASCII and whose new ones are not, so the plain layouts add
nothing these walks could find, only time."""


def _phase(phase: StagePhase) -> Callable[[Any], bool]:
    return lambda match: match.stage.phase is phase


def _settings(preset: str, overrides: Mapping[str, str] | None = None) -> Settings:
    return Settings(
        card_style="ascii",
        keymap_preset=preset,
        key_overrides=MappingProxyType(dict(overrides or {})),
        record_replays=False,
    )


async def _check(pilot: Pilot[Any], where: str) -> None:
    await pilot.pause()
    assert non_ascii(pilot.app) == [], where


@remapped_layouts
@pytest.mark.parametrize("size", SIZES)
async def test_the_table_and_its_dialogs(
    size: tuple[int, int], preset: str, overrides: dict[str, str]
) -> None:
    clock = FakeClock()
    app = game_app(
        clock, card_style="ascii", bot_level=None, keymap_preset=preset, key_overrides=overrides
    )
    async with app.run_test(size=size, notifications=True) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await _check(pilot, "countdown")
        app.notify("This game is not recorded: no room", severity="warning")
        app.notify("The replay could not be saved completely", severity="error")
        await _check(pilot, "notices")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpOverlay)
        await _check(pilot, "help")
        await pilot.press("space")
        app.game.action_game_key("pause")
        await _check(pilot, "paused")
        app.game.action_game_key("pause")
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmQuit)
        await _check(pilot, "leave")
        await pilot.press("n")
        for phase in (StagePhase.PLAYING, StagePhase.SLAP, StagePhase.ROUND_OVER):
            await driver.play_until(_phase(phase))
            await _check(pilot, str(phase))
        await driver.play_until(_phase(StagePhase.GAME_OVER))
        await driver.story_told()
        assert isinstance(app.screen, ResultOverlay)
        await _check(pilot, "result")
        assert any("Cards per minute" in line for line in screen_lines(app))  # the story
        await pilot.resize_terminal(60, 20)
        await _check(pilot, "too small")


@layouts
async def test_against_a_bot_with_the_arrow_keys(preset: str, overrides: dict[str, str]) -> None:
    clock = FakeClock()
    app = game_app(
        clock, card_style="ascii", bot_level="normal", keymap_preset=preset, key_overrides=overrides
    )
    async with app.run_test(size=(80, 24)) as pilot:
        driver = Driver(pilot, clock, fast=True)
        await driver.to_deadline()
        await pilot.press("right", "down")
        await _check(pilot, "cursor")
        await pilot.press("question_mark")
        await _check(pilot, "help")


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("path", [FINISHED, UNFINISHED], ids=["finished", "unfinished"])
async def test_the_replay_viewer(path: Any, preset: str) -> None:
    app = ViewerApp(path, card_style="ascii")
    app.settings = _settings(preset)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _check(pilot, "start")
        await pilot.press("pagedown", "right", "plus")
        await _check(pilot, "a round on")
        await pilot.press("end")
        await _check(pilot, "the end")
        await pilot.press("question_mark")
        await _check(pilot, "help")
        await pilot.press("escape")
        await pilot.resize_terminal(70, 20)
        await _check(pilot, "too small")


@remapped_layouts
async def test_the_menu_how_to_play_and_the_practice_round(
    preset: str, overrides: dict[str, str]
) -> None:
    """How to play draws the layout's whole keyboard (AZERTY's ``é``, QWERTZ's ``ß``),
    and the practice round names the keys to press in its hints."""
    app = SpitApp(settings=_settings(preset, overrides), clock=FakeClock())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _check(pilot, "menu")
        await pilot.press("2")
        assert isinstance(app.screen, BotChooser)
        await _check(pilot, "bot chooser")
        await pilot.press("escape", MENU_KEYS["how_to_play"])
        assert isinstance(app.screen, HowToPlay)
        await _check(pilot, "how to play: keys")
        await pilot.press("r")
        await _check(pilot, "how to play: rules")
        await pilot.press("p")
        assert isinstance(app.screen, PracticeScreen) and app.clock is not None

        async def check(hint: Hint) -> None:
            await _check(pilot, f"practice: {hint.text}")

        await play_the_hints(pilot, app.clock, on_hint=check)
        await pilot.press("escape")
        await _check(pilot, "practice: leave")
        await pilot.press("n")
        await pilot.press("escape")
        await pilot.resize_terminal(60, 20)
        await _check(pilot, "too small")


@remapped_layouts
async def test_settings(preset: str, overrides: dict[str, str]) -> None:
    """Textual's drop-downs and check boxes too, ticked and not, open and closed, with
    the cursor's arrow keys in the key list, and the remapping dialog's messages about
    keys outside ASCII (the layout's own, a remapped one)."""
    app = SpitApp(settings=_settings(preset, overrides))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press(MENU["settings"])
        assert isinstance(app.screen, SettingsScreen)
        await _check(pilot, "settings")
        app.screen.query_one("#theme").focus()
        await pilot.press("enter")
        await _check(pilot, "a drop-down open")
        await pilot.press("escape")
        app.screen.query_one("#record_replays").focus()
        await pilot.press("space")
        await _check(pilot, "a box ticked")
        app.screen.query_one("#key-bindings").focus()
        for key in ("comma", *_outside_ascii(app.settings), "ö", "a"):
            await pilot.press("home", "down", "enter")  # player 1's second key
            assert isinstance(app.screen, KeyCapture)
            await pilot.press(key)  # in use, refused; or taken
            await _check(pilot, f"{key} pressed")
            if isinstance(app.screen, KeyCapture):
                await pilot.press("escape")
            assert isinstance(app.screen, SettingsScreen)
        await pilot.resize_terminal(200, 60)
        await _check(pilot, "big")


def _outside_ascii(settings: Settings) -> list[str]:
    keys = resolve(settings.keymap_preset, settings.key_overrides)
    return [key for key in keys.values() if not key_label(key).isascii()]


@layouts
async def test_a_key_problem_in_the_settings_file_is_told_in_ascii(
    preset: str, overrides: dict[str, str]
) -> None:
    """A clash with the layout's own key outside ASCII (QWERTZ's ``ö``), a remapped one,
    and a key that is no key, as the warning at start names them."""
    from spit.paths import config_dir

    clash = {"qwertz": "ö"}.get(preset, "é")
    lines = [
        'card_style = "ascii"',
        f'keymap_preset = "{preset}"',
        "[key_overrides]",
        *(f'"{binding}" = "{key}"' for binding, key in overrides.items()),
        f'"p1.play.2.left" = "{clash}"',
        '"p1.play.3.left" = "öö"',
    ]
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    app = SpitApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _check(pilot, "warnings")
        assert any("not one key" in line for line in screen_lines(app))


@pytest.mark.parametrize("preset", PRESET_NAMES)
async def test_spades(preset: str) -> None:
    """Spades has its own keys (the letters under its cards), drawn the same on every
    layout: bidding, playing, its help and leave dialog, and the end of a game."""
    screen = SpadesScreen("hard", 3, record=False, card_style="ascii", target=100, bot_delay=0)
    app = SpitApp(settings=_settings(preset), start_screen=screen)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        player = Player(pilot)
        await _check(pilot, "the deal")
        await pilot.press("question_mark")
        await _check(pilot, "help")
        await pilot.press("escape")
        for phase in (Phase.BID, Phase.PLAY, Phase.HAND_OVER):
            await player.play_until(lambda s, phase=phase: s.game.state.phase is phase)
            await _check(pilot, str(phase))
        await pilot.press("escape")
        await _check(pilot, "leave")
        await pilot.press("n")
        await pilot.resize_terminal(60, 20)
        await _check(pilot, "too small")
        await pilot.resize_terminal(80, 24)
        await player.play_until(lambda s: isinstance(app.screen, ResultOverlay), limit=5000)
        await _check(pilot, "result")


async def test_the_unicode_style_chosen_in_settings_changes_the_screen_at_once() -> None:
    app = SpitApp(settings=Settings(card_style="unicode", keymap_preset="qwertz"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(MENU["settings"])
        assert non_ascii(app) != []
        app.screen.query_one("#card_style").focus()
        await pilot.press("enter", "down", "enter")
        assert app.settings.card_style == "ascii"
        await _check(pilot, "ascii chosen")


@pytest.mark.parametrize("preset", PRESET_NAMES)
async def test_the_replays_browser_and_its_dialogs(preset: str) -> None:
    """Its footer names Enter (Textual draws it as a symbol), and its dialogs' hints
    are separated by the card style's dots."""
    from spit.paths import replays_dir

    recorded_games(replays_dir())
    app = SpitApp(settings=_settings(preset))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_browser(pilot)
        await _check(pilot, "the list")
        await pilot.press("end", "space", "up", "space")
        await _check(pilot, "two marked")
        for key, dialog in (("r", "rename"), ("e", "export"), ("d", "delete")):
            await pilot.press(key)
            await _check(pilot, dialog)
            await pilot.press("escape")
        await pilot.press("question_mark")
        await _check(pilot, "help")
        await pilot.press("escape")
        await pilot.resize_terminal(60, 20)
        await _check(pilot, "too small")


def _statistics_data(replays: Path) -> list[str]:
    """Every panel: games of each kind, head to head, a long level (cut short in the
    chart), a file that is no replay; the names of two games the database has not
    read yet (to be read as unsealed and edited)."""
    recorded_games(replays)
    ann, bob = PlayerInfo("human", "Ann"), PlayerInfo("human", "Bob")
    play(replays, 5, (ann, bob), minute=5)
    play(replays, 6, (bob, ann), minute=6)
    unread = [
        play(replays, 7, (HUMAN, bot("a-very-long-bot-level-name")), minute=7),
        play(replays, 8, (HUMAN, bot("hard")), minute=8),
    ]
    (replays / "broken.spit.jsonl").write_text("not a replay\n", encoding="utf-8")
    return [path.name.split(".")[0] for path in unread]


@pytest.mark.parametrize("size", SIZES)
async def test_statistics(size: tuple[int, int]) -> None:
    from spit.paths import replays_dir

    replays = replays_dir()
    names = _statistics_data(replays)
    with seals(Seal.SEALED, **{names[0]: Seal.EDITED, names[1]: Seal.UNSEALED}):
        app = SpitApp(settings=Settings(card_style="ascii"))
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.press(MENU["statistics"])
            screen = app.screen
            assert isinstance(screen, StatisticsScreen)
            await _check(pilot, "reading")
            await settle(pilot)
            assert screen.figures is not None and screen.figures.trend
            assert screen.figures.rivalries and screen.figures.not_sealed
            await _check(pilot, "figures")
            for _ in range(6):
                await pilot.press("pagedown")
                await _check(pilot, "further down")
            await pilot.press("r")
            await _check(pilot, "rebuilding")
            await settle(pilot)
            await _check(pilot, "rebuilt")
