"""What every screen around the game shares: the too-small notice.

Below 80x24 the table cannot be drawn, so the shell says so instead of showing a
squashed menu; the check runs on resize only, never on a timer.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from spit.tui.shared.cards import CardPainter
from spit.tui.shared.services import Services, services
from spit.tui.shared.styles import SHELL_CSS

ResultType = TypeVar("ResultType")

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmall(Static):
    """Shown instead of the screen's content while the terminal is too small."""

    def show_size(self, width: int, height: int, times: str = "×") -> None:
        self.update(
            f"This terminal is {width}{times}{height}.\n"
            f"spit-tui needs at least {MIN_WIDTH}{times}{MIN_HEIGHT}: "
            "please make the window bigger."
        )


class TooSmallNotice:
    """Mixed into the shell's screens: their content (from ``compose_content``) goes in
    a ``.shell-content`` container that gives way to the notice while the terminal is
    too small."""

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Container(classes="shell-content"):
            yield from self.compose_content()

    def compose_content(self) -> ComposeResult:
        yield from ()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(*event.size)

    def on_screen_resume(self) -> None:
        """The terminal may have been resized while another screen was on top."""
        self._check_size(*cast("Screen[Any]", self).app.size)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        screen = cast("Screen[Any]", self)
        screen.set_class(small, "-too-small")
        if small:
            screen.query_one(TooSmall).show_size(width, height, self.painter.times)

    @property
    def services(self) -> Services:
        """The settings, the replay folder and the rest the app gives its screens."""
        return services(cast("Screen[Any]", self))

    @property
    def painter(self) -> CardPainter:
        """The settings' card style (its ``dot`` and ``times`` keep an ASCII screen ASCII)."""
        return CardPainter(self.services.settings.card_style)


class ShellScreen(TooSmallNotice, Screen[None]):
    """A full screen of the shell. It names the shell's style sheet, which the app reads
    at start-up except when it starts on a game (``SpitApp``)."""

    CSS_PATH: ClassVar = [SHELL_CSS]


class ShellModal(TooSmallNotice, ModalScreen[ResultType]):
    """A dialog of the shell: its content is one ``.dialog``, centred over the screen
    below. It names the shell's style sheet, as ``ShellScreen`` does."""

    CSS_PATH: ClassVar = [SHELL_CSS]
