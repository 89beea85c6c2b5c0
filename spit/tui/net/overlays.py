"""What is shown over a network table when the game stops: a player is away (the
countdown of their 60 s grace), the grace ran out (take the win, or play on against
a bot), the connection is gone, or the game is over (rematch or leave).

Each is a modal screen, so the table's keys are out of the chain while it is up and
no play key answers it by accident; the table (``spit.tui.net.table``) decides which
one is up from what the server says, and updates or closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from spit.tui.shared.overlays import RESULT_GRACE_MS
from spit.tui.shared.screen_base import ShellModal

if TYPE_CHECKING:
    from spit.core.clock import Clock


class NetOverlay(ShellModal[str | None]):
    """A dialog over the network table: a title, lines that the table updates, and the
    keys' hint. Dismissed with the answer's name (``None``: closed by the table)."""

    kind: ClassVar[str] = ""

    def __init__(self, title: str, lines: str, hint: str) -> None:
        super().__init__()
        self._title, self._lines, self._hint = title, lines, hint

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog net-dialog"):
            yield Static(self._title, classes="dialog-title", id="net-title", markup=False)
            yield Static(self._lines, id="net-lines", markup=False)
            yield Static(self._hint, classes="dialog-hint", id="net-hint", markup=False)

    def interrupt(self) -> None:
        """Ctrl+C does what Esc does on every one of them: leave the game."""
        self.dismiss("leave")

    def show(self, title: str, lines: str, hint: str | None = None) -> None:
        """New text, where it changed (the countdown changes once a second)."""
        if (title, lines) != (self._title, self._lines):
            self._title, self._lines = title, lines
            self._update("#net-title", title)
            self._update("#net-lines", lines)
        if hint is not None and hint != self._hint:
            self._hint = hint
            self._update("#net-hint", hint)

    def _update(self, selector: str, text: str) -> None:
        """The text of a line already drawn. Mounted is not composed: until the lines are
        there, there is nothing to update, and they are made from the new text."""
        for line in self.query(selector).results(Static):
            line.update(text)


class AwayOverlay(NetOverlay):
    """ "Bob lost the connection: 57 s": the game is paused until they are back."""

    kind = "away"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss('leave')", "Leave", id="net.leave"),
    ]

    def __init__(self, name: str, seconds: int) -> None:
        super().__init__(*self.texts(name, seconds), "Escape: leave the game")

    @staticmethod
    def texts(name: str, seconds: int) -> tuple[str, str]:
        return (
            f"{name} lost the connection: {seconds} s",
            "The game is paused until they are back. If they are not back in time, "
            "you may take the win or play on against a bot.",
        )


class ReconnectingOverlay(NetOverlay):
    """Our line dropped and the table is taking the seat back (the game is paused for
    both meanwhile, by the server)."""

    kind = "reconnecting"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss('leave')", "Leave", id="net.leave"),
    ]

    def __init__(self, reason: str) -> None:
        super().__init__(
            "The connection dropped",
            f"{reason}. Connecting again to take your seat back...",
            "Escape: leave the game",
        )


class GraceOverOverlay(NetOverlay):
    """The grace period ran out: take the win, or let a bot take the empty seat."""

    kind = "grace"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w,W,enter", "dismiss('take_win')", "Take the win", id="net.take_win"),
        Binding("b,B", "dismiss('play_bot')", "Play a bot", id="net.play_bot"),
        Binding("escape", "dismiss('leave')", "Leave", id="net.leave"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__(
            f"{name} did not come back",
            "You can take the win, or play the game on against a bot in their seat.",
            "W or Enter: take the win     B: play a bot     Escape: leave",
        )


class LostOverlay(NetOverlay):
    """The connection to the server is gone: nothing more can happen in this game."""

    kind = "lost"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,q,Q", "dismiss('leave')", "Leave", id="net.leave"),
    ]

    def __init__(self, reason: str) -> None:
        super().__init__("The connection is lost", reason, "Enter or Escape: leave")


class NetResultOverlay(NetOverlay):
    """The game's end: rematch (both must ask) or leave. Like the local result, its
    keys wait ``RESULT_GRACE_MS`` after it appears, as the players are still pressing
    their own keys when the last card lands."""

    kind = "over"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,r,R", "answer('rematch')", "Rematch", id="net.rematch"),
        Binding("escape,q,Q", "answer('leave')", "Leave", id="net.leave"),
    ]
    HINT: ClassVar[str] = "Enter: rematch     Esc: leave"

    def __init__(
        self, title: str, lines: str, clock: Clock | None, rematch: Callable[[], None]
    ) -> None:
        """``rematch()`` asks the server for another game; the overlay stays up,
        saying whom it waits for, until the new game's first view closes it."""
        super().__init__(title, lines, self.HINT)
        self._clock = clock
        self._ready_at = clock.now_ms() + RESULT_GRACE_MS if clock is not None else 0
        self._rematch = rematch

    def action_answer(self, answer: str) -> None:
        if self._clock is not None and self._clock.now_ms() < self._ready_at:
            return
        if answer == "rematch":
            self._rematch()
        else:
            self.dismiss(answer)
