"""The Textual application: one app, the menu and the game as screens.

The constructor is a contract: `spit-tui` opens the menu, `spit-tui play` passes
``start_game`` (the game's own description of the game, which its front ends make a
table of) and lands straight on the table. Games started from the menu are
pushed over it, so leaving a game (its screen popped or dismissed) shows the menu again.

The app is the top of the TUI: it imports the screens, never the other way round.
Screens use it through the ``Services`` protocol (``spit.tui.shared.services``) and ask
it to start a game, open a replay or leave a screen with the messages of
``spit.tui.shared.navigation``, which it handles here, choosing each game's screens.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import App
from textual.binding import Binding, BindingType
from textual.filter import LineFilter
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.signal import Signal

from spit._start_time import START_TIME
from spit.core.safe_text import safe_lines, safe_path, safe_text
from spit.settings.file import SettingsWriter, read_settings
from spit.settings.model import CardStyle, Settings, settings_path
from spit.tui.shared.control_filter import ControlCharacterFilter
from spit.tui.shared.navigation import (
    LeaveScreen,
    OpenReplay,
    StartChallenge,
    StartGame,
    StartPractice,
)
from spit.tui.shared.styles import ASCII_CLASS, ASCII_CSS, GAME_CSS, SHELL_CSS

if TYPE_CHECKING:
    from asyncio import AbstractEventLoop

    from textual.app import AutopilotCallbackType

    from spit.core.clock import Clock
    from spit.tui.shared.front_ends import GameStart, ScreenOpener
    from spit.tui.shared.services import Services

logger = logging.getLogger(__name__)
"""Where the app logs (never on screen): "started in N ms" once its first frame is out."""


def started_in_ms() -> float:
    """Milliseconds since the program started (``spit._start_time``)."""
    return (time.perf_counter() - START_TIME) * 1000


class SpitApp(App[int]):
    """spit-tui. ``clock`` is for tests (a FakeClock); live play uses the real clock.

    ``settings`` ``None`` reads them from the settings file in the user's config
    directory; problems with that file are shown as warnings once the app is up.
    Changes made in the Settings screen are saved to that file either way.

    The app's return value is the command's exit status (``run``).
    """

    TITLE = "spit-tui"
    CSS_PATH: ClassVar = [SHELL_CSS, ASCII_CSS, GAME_CSS[0]]
    """The game's sheet too, though the game screens name it: a screen bringing a sheet
    the app has not read makes Textual parse every sheet again, all the widgets' too
    (a twentieth of the work before the first frame of ``spit-tui play``). An app that
    starts on a game reads no shell sheet (``GAME_ONLY_CSS``)."""
    GAME_ONLY_CSS: ClassVar[list[str | PurePath]] = [ASCII_CSS, GAME_CSS[0]]
    """The sheets of an app started on a game (``spit-tui play``): the shell's screens
    bring their own if one is opened (``spit.tui.shared.screen_base``)."""
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help", id="app.help"),
        Binding("ctrl+c", "interrupt", show=False, priority=True, id="app.interrupt"),
    ]
    """Ctrl+C replaces Textual's "press ctrl+q to quit" notice (``action_interrupt``);
    a priority binding, so that it reaches the app from a dialog too. Ctrl+Q is
    Textual's: it quits at once."""

    def __init__(
        self,
        settings: Settings | None = None,
        start_game: GameStart | None = None,
        clock: Clock | None = None,
        *,
        start_screen: Screen[Any] | None = None,
    ) -> None:
        super().__init__(css_path=self.GAME_ONLY_CSS if start_game is not None else None)
        self.settings_file = settings_path()
        self._settings_writer = SettingsWriter(self.settings_file)
        self._settings_warnings: list[str] = []
        if settings is None:
            settings, self._settings_warnings = read_settings(self.settings_file)
        self.settings: Settings = settings
        self.start_game = start_game
        self.start_screen = start_screen
        """A screen to land on instead of the menu (``spit-tui spades``)."""
        self.clock = clock
        self.theme = settings.theme
        self.card_style_signal: Signal[bool] = Signal(self, "card-style")
        """Published with whether the card style is ASCII whenever it is set: for the
        widgets whose glyphs follow it (``spit.tui.shared.ascii_widgets``)."""
        self._use_card_style(settings.card_style)

    def _use_card_style(self, card_style: CardStyle) -> None:
        """Borders (``ascii.tcss``) and scroll bars keep to ASCII in the ASCII style."""
        from spit.tui.shared.scrollbars import use_card_style

        self.set_class(card_style == "ascii", ASCII_CLASS)
        use_card_style(card_style == "ascii")
        self.card_style_signal.publish(card_style == "ascii")

    def get_key_display(self, binding: Binding) -> str:
        """Textual's way of showing a key in the footer and the key panel (``esc``,
        ``^r``), except for the keys it draws as symbols (``⏎``, ``⌫``, ``↑``): in the
        ASCII card style those are named as the game's own labels name them, lower
        case as Textual's names are (``enter``, ``backspace``, ``up``)."""
        from textual.keys import format_key

        from spit.settings.keymap import key_label

        shown = super().get_key_display(binding)
        if shown.isascii() or not self.has_class(ASCII_CLASS):
            return shown
        key = binding.parse_key()[1]
        return shown.replace(format_key(key), key_label(key, ascii_only=True).lower())

    _GUARD: ClassVar[LineFilter] = ControlCharacterFilter()

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, then the guard that keeps escape sequences out of every
        frame (``spit.tui.shared.control_filter``)."""
        return [*super().get_line_filters(), self._GUARD]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Textual's notification, with every line of it made safe: notifications quote
        file names, paths, settings values and error texts from outside, from every
        screen (a widget's ``notify`` calls this one). A message with outside text is
        also given with ``markup=False``, so that ``[red]`` in a name is text."""
        super().notify(
            safe_lines(message),
            title=safe_lines(title),
            severity=severity,
            timeout=timeout,
            markup=markup,
        )

    def get_default_screen(self) -> Screen[Any]:
        """The menu, at the bottom of the stack so that leaving anything returns to it.

        An app started on a game has the game as its own screen, not pushed over a
        blank one: drawing and then covering a blank screen was a fiftieth of the work
        before the first frame of ``spit-tui play`` (issue 13, ``docs/performance.md``).
        Leaving that game ends the app (``SpitScreen._leave``). An app started on
        another screen (``start_screen``) still has a blank screen beneath it, which
        the screens that leave by ``LeaveScreen`` look for."""
        if self.start_game is not None:
            from spit.tui.shared.front_ends import front_ends

            start = front_ends(self.start_game.game).start
            if start is None:
                raise ValueError(f"an app cannot start on a game of {self.start_game.game}")
            return start(self.start_game, self.clock)
        if self.start_screen is not None:
            return Screen()
        from spit.tui.shell.menu import MainMenu

        return MainMenu()

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        if self.start_screen is not None:
            self.push_screen(self.start_screen)
        if self._settings_warnings:
            # One notice, however many problems (the reader shows a few and counts the
            # rest): a stack of notices would cover the menu, and thousands would freeze it.
            self.notify(
                "\n".join([f"{safe_path(self.settings_file)}:", *self._settings_warnings]),
                title="Settings",
                severity="warning",
                timeout=20,
                markup=False,
            )

    def _screen_changed(self, _screen: Screen[Any]) -> None:
        """Notices belong to the screen they were given on, so none lingers over
        another's content (one for the screen gone back to is given after leaving)."""
        self.clear_notifications()

    def run(
        self,
        *,
        headless: bool = False,
        inline: bool = False,
        inline_no_clear: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
        auto_pilot: AutopilotCallbackType | None = None,
        loop: AbstractEventLoop | None = None,
    ) -> int | None:
        """Run the app; the exit status for the command. Textual ends an app that
        raised with return value ``None`` (and return code 1), which a command would
        take for success: a crash must never exit 0, so it gives the return code."""
        result = super().run(
            headless=headless,
            inline=inline,
            inline_no_clear=inline_no_clear,
            mouse=mouse,
            size=size,
            auto_pilot=auto_pilot,
            loop=loop,
        )
        return self.return_code or result

    def on_ready(self) -> None:
        """The first frame is out: log how long that took, to Python's logging and to
        Textual's devtools console, neither of which draws on screen; then check what
        reading the settings left for later (a bot level: its bots are loaded), in a
        thread."""
        message = f"started in {started_in_ms():.0f} ms"
        logger.info(message)
        self.log.info(message)
        self.run_worker(self._check_settings_late, name="settings", thread=True)

    def _check_settings_late(self) -> None:
        from spit.settings.file import late_warnings

        checked, warnings = late_warnings(self.settings_file, self.settings)
        if warnings:
            self.call_from_thread(self._late_settings, checked, warnings)

    def _late_settings(self, checked: Settings, warnings: list[str]) -> None:
        """Leave out the settings refused late, as the file's other problems are."""
        from types import MappingProxyType

        from msgspec.structs import replace

        kept = {
            key: value
            for key, value in self.settings.game_options.items()
            if key in checked.game_options
        }
        self.settings = replace(self.settings, game_options=MappingProxyType(kept))
        self.notify(
            "\n".join([f"{safe_path(self.settings_file)}:", *warnings]),
            title="Settings",
            severity="warning",
            timeout=20,
            markup=False,
        )

    def on_unmount(self) -> None:
        self._use_card_style(CardStyle.UNICODE)

    # -- navigation: what the screens ask for (``spit.tui.shared.navigation``) -------
    # Each game's screens come from its front ends (``spit.tui.shared.front_ends``),
    # which the composition root installs: the app imports no game's screens.

    @on(StartGame)
    def _start_game(self, message: StartGame) -> None:
        """A game from the menu with the current settings; the menu stays beneath. The
        game's table comes from its screens (``spit.tui.shared.front_ends``)."""
        from spit.tui.shared.front_ends import front_ends

        table = front_ends(message.game).table
        self.push_screen(table(self.settings, message.bot_level, self.clock))

    @on(StartChallenge)
    def _start_challenge(self, message: StartChallenge) -> None:
        """A screen of a game's own, from its menu entry (``MenuEntry.opens``: the day's
        deal's card, the ladder once its step is read from the statistics)."""
        from spit.tui.shared.front_ends import front_ends

        entry = next(e for e in front_ends(message.game).menu if e.id == message.entry)
        if entry.opens is not None:
            self._open_screen(entry.opens)

    @on(StartPractice)
    def _start_practice(self) -> None:
        """The first registered game's practice round (``FrontEnds.practice``)."""
        from spit.games import registry
        from spit.tui.shared.front_ends import front_ends

        for game in registry.games():
            practice = front_ends(game.name).practice
            if practice is not None:
                self._open_screen(practice)
                return

    def _open_screen(self, opens: ScreenOpener) -> None:
        """Push the screen ``opens`` gives, at once or once it has awaited it."""
        opened = opens(self.settings, self.clock)
        if isinstance(opened, Screen):
            self.push_screen(opened)
            return

        async def push_when_ready(screen: Awaitable[Screen[Any]]) -> None:
            self.push_screen(await screen)

        self.run_worker(push_when_ready(opened), name="open a game's screen", group="stats")

    @on(OpenReplay)
    def _open_replay(self, message: OpenReplay) -> None:
        from spit.games import registry
        from spit.tui.shared.front_ends import front_ends

        game = registry.by_name(message.game) if message.game else registry.games()[0]
        try:
            viewer = front_ends(game.name).viewer(message.path, self.clock)
        except ImportError:
            self.notify(f"To watch it, run: spit-tui replay {message.path}", markup=False)
            return
        self.push_screen(viewer)

    @on(LeaveScreen)
    def _leave(self, message: LeaveScreen) -> None:
        """Close the screen: back to the screen below, or out of the app when it is the
        screen the app was started on (``spit-tui replays``) and nothing is beneath it."""
        stack = self.screen_stack
        if len(stack) == 2 and stack[-1] is message.screen and type(stack[0]) is Screen:
            self.exit(0)
        else:
            self.pop_screen()

    # -- services: what the screens use (``spit.tui.shared.services``) ---------------

    def replay_dir(self) -> Path:
        """Where games are saved: the one in the settings, or the default data directory."""
        if self.settings.replay_dir is not None:
            return self.settings.replay_dir
        from spit.paths import replays_dir

        return replays_dir()

    def change_settings(self, settings: Settings) -> bool:
        """Use ``settings`` from now on and save what changed into the settings file
        (only those lines: the rest of the file stays as it is); False (and a notice)
        if saving failed."""
        old, self.settings = self.settings, settings
        self.theme = settings.theme
        self._use_card_style(settings.card_style)
        try:
            notices = self._settings_writer.write(old, settings)
        except OSError as error:
            reason = safe_text(error.strerror or error)
            self.notify(
                f"Could not save {safe_path(self.settings_file)}: {reason}",
                title="Settings",
                severity="error",
                markup=False,
            )
            return False
        for notice in notices:
            self.notify(notice, title="Settings", severity="warning", timeout=20, markup=False)
        return True

    def action_interrupt(self) -> None:
        """Ctrl+C (``spit.tui.shared.interrupt``): copy the selected text, as Textual's
        text fields do; else the topmost ``Interruptible`` screen, under the dialogs
        over it, says what it means there (a game asks to leave); else quit."""
        from textual.widgets import Input

        from spit.tui.shared.interrupt import Interruptible

        screen = self.screen
        focused = screen.focused
        if isinstance(focused, Input) and focused.selected_text:
            focused.action_copy()
            return
        selected = screen.get_selected_text()
        if selected:
            self.copy_to_clipboard(selected)
            return
        for shown in reversed(self.screen_stack):
            if isinstance(shown, Interruptible):
                shown.interrupt()
                return
            if not shown.is_modal:
                break
        self.exit(0)

    def action_help_quit(self) -> None:
        """Textual's Ctrl+C action, kept for anything that still names it."""
        self.action_interrupt()

    def action_help(self) -> None:
        from spit.tui.shared.interrupt import Interruptible
        from spit.tui.shell.how_to_play import HowToPlay

        # A game has its own help key (which pauses it); with that key remapped, ``?``
        # must not cover the running game with How to play. The games' tables, and the
        # dialogs over them, are the screens that Ctrl+C does not simply quit.
        screen = self.screen
        if not isinstance(screen, HowToPlay) and not isinstance(screen, Interruptible):
            self.push_screen(HowToPlay())


if TYPE_CHECKING:
    _PROVIDES: type[Services] = SpitApp
    """mypy checks here that the app gives the screens every service they may use."""
