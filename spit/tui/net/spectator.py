"""Watching a network game: the base of every game's spectator screen.

A spectator's client (``NetClient.connect(watch=True)``) keeps the game's public
frames from its start (``seen``), of which the first ``past`` were played before it
came. The screen shows them in order: the past one frame after another at a catching
up pace (``CATCH_UP_SPEED``, faster for a long game, so that catching up takes about
``CATCH_UP_S`` at most; End skips to the live game), then each frame as it comes. A
game's watch screen (``FrontEnds.watch_screen``) draws a frame with its replay
viewer's table (``absorb``, ``draw``); this base keeps the status line under it: whose
game, catching up, a player away, the result and a rematch, a lost connection.

Nothing here sends anything but ``leave``: a spectator cannot touch the game. Leaving
(q, Escape) closes the connection and the screen, and the app too when the watch was
what it was started on (``spit-tui watch``).
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import Worker
from websockets.exceptions import WebSocketException

from spit.core.clock import Clock, MonotonicClock
from spit.core.safe_text import safe_text
from spit.net.client import NetClient
from spit.net.protocol import Over, View
from spit.settings.model import Settings
from spit.tui.net import client_state as state
from spit.tui.net.table import said_of
from spit.tui.net.watch import follow
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.styles import GAME_CSS, style_classes
from spit.tui.shared.viewer_keys import ViewerHelp

CATCH_UP_SPEED: Final = 8.0
"""How many times faster than it was played a late spectator is shown the past."""
CATCH_UP_S: Final = 20.0
"""About the longest catching up takes: a long game's past is shown faster."""
FRAME_MS: Final = (40, 800)
"""The shortest and longest time one past frame stays while catching up."""

WATCH_KEYS: Final = (
    ("q Esc", "stop watching"),
    ("End", "skip to the live game (while catching up)"),
    ("?", "these keys"),
)


class WatchScreen(Screen[None]):
    """See the module docstring. ``clock`` is for tests (a FakeClock)."""

    CSS_PATH: ClassVar = list(GAME_CSS)
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "leave", "Stop watching", id="watch.leave"),
        Binding("end", "live", "Live", id="watch.live"),
        Binding("question_mark", "help", "Keys", id="watch.help"),
    ]
    DEFAULT_CSS = """
    WatchScreen { layout: vertical; }
    WatchScreen #watch-status { height: 1; width: 1fr; padding: 0 1; color: $text-muted; }
    """

    def __init__(
        self, client: NetClient, settings: Settings, *, clock: Clock | None = None
    ) -> None:
        super().__init__(classes=style_classes(settings.card_style == "ascii"))
        self.client = client
        self.settings = settings
        self.clock: Clock = clock or MonotonicClock()
        self.painter = CardPainter(settings.card_style, settings.four_colour)
        self.names = state.names(client)
        self.status = Static("", id="watch-status", markup=False)
        self._next = 0
        """The index in ``client.seen`` of the next frame to show."""
        self._speed = CATCH_UP_SPEED
        self._catching: Timer | None = None
        self._follower: Worker[None] | None = None
        self._leaving = False

    # -- for the game's screen -------------------------------------------------------

    def board_widget(self) -> Any:
        """The table's widget (the game's replay viewer's)."""
        raise NotImplementedError

    def absorb(self, frame: View, now: int) -> None:
        """Take in one public frame (``t``, ``view``, ``events``, ``finished``)."""
        raise NotImplementedError

    def draw(self) -> None:
        """Draw the table as the frames taken in so far leave it."""
        raise NotImplementedError

    def reset(self) -> None:
        """A new game (a rematch): forget the last one's moments."""

    def help_text(self) -> str:
        """The help's lines about the game's table, under the keys."""
        return ""

    def show_status(self, text: str) -> None:
        """Show the status line on its row under the table (a game whose table has a
        status line of its own, Spades', shows it there once there is a table)."""
        self.status.update(Text(text))

    # -- lifecycle -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self.board_widget()
        yield self.status

    def on_mount(self) -> None:
        self._follower = follow(self, self.client, self._server_changed)

    @property
    def catching_up(self) -> bool:
        return self._next < self.client.past

    def _server_changed(self) -> None:
        if self._leaving:
            return
        self.names = state.names(self.client)
        seen = self.client.seen
        if self._next > len(seen):  # a rematch: a new game's frames
            self._next = 0
            self.reset()
        if self.catching_up:
            if self._catching is None:
                self._start_catching_up()
        else:
            self._show_up_to(len(seen))
        self._update_status()

    def _start_catching_up(self) -> None:
        past = self.client.seen[: self.client.past]
        span = past[-1].t - past[0].t if past else 0
        self._speed = max(CATCH_UP_SPEED, span / (CATCH_UP_S * 1000))
        self._catch_up()

    def _catch_up(self) -> None:
        """Show the next past frame, and come back for the one after it."""
        self._catching = None
        seen = self.client.seen
        if self._leaving or not self.catching_up or self._next >= len(seen):
            self._update_status()
            return
        self._show_up_to(self._next + 1)
        if self.catching_up and self._next < len(seen):
            gap = (seen[self._next].t - seen[self._next - 1].t) / self._speed
            delay = min(max(gap, FRAME_MS[0]), FRAME_MS[1]) / 1000
            self._catching = self.set_timer(delay, self._catch_up)
        else:
            self._show_up_to(len(seen))
        self._update_status()

    def _show_up_to(self, end: int) -> None:
        seen = self.client.seen
        if self._next >= end:
            return
        now = self.clock.now_ms()
        for frame in seen[self._next : end]:
            self.absorb(frame, now)
        self._next = end
        self.draw()

    # -- the status line ---------------------------------------------------------------

    def _update_status(self) -> None:
        self.show_status(self.status_line())

    def status_line(self) -> str:
        """What the line under the table says now."""
        client, names, dot = self.client, self.names, self.painter.dot
        gone = state.lost(client)
        if gone is not None and not self._leaving:
            return f"The connection ended: {gone}{dot}q leave"
        if self.catching_up:
            times = self.painter.times
            return f"Catching up from the start, {self._speed:g}{times}{dot}End: live"
        over = state.over(client)
        if over is not None:
            return self._result(over, names)
        grace = state.grace_over(client)
        if grace is not None:
            return f"{names[grace]} did not come back: {names[1 - grace]} chooses what next"
        away = state.away(client)
        if away is not None:
            seat, left = away
            return f"{names[seat]} lost the connection: {left} s to come back"
        if not client.seen:
            return f"Room {state.room(client)}: waiting for the game to start{dot}q leave"
        return f"Watching {names[0]} and {names[1]}{dot}q leave  ? keys"

    def _result(self, over: Over, names: tuple[str, str]) -> str:
        winner, reason = over.winner, over.reason
        if winner is not None:
            said = said_of(reason, names[1 - winner]) if reason else "wins"
            line = f"Game over: {names[winner]} {said}."
        else:
            line = "Game over: a draw."
        asked = sorted(state.rematch_asked(self.client))
        if len(asked) == 1:
            line += f" {names[asked[0]]} wants a rematch."
        return line

    # -- keys ------------------------------------------------------------------------

    def action_live(self) -> None:
        """Skip the rest of the past: to the game as it is now."""
        if self._catching is not None:
            self._catching.stop()
            self._catching = None
        self.client.past = min(self.client.past, self._next)
        self._show_up_to(len(self.client.seen))
        self._update_status()

    def action_help(self) -> None:
        """The keys (the game goes on underneath: a spectator pauses nothing)."""
        lines = [f"{keys:<8}{what}" for keys, what in WATCH_KEYS]
        lines += ["", "You see what both players see: never a hand or a face-down card."]
        lines += [self.help_text()] if self.help_text() else []
        help = ViewerHelp("Watching a game", "\n".join(lines), ascii_only=self.painter.ascii)
        self.app.push_screen(help)

    def action_leave(self) -> None:
        """Stop watching: close the connection, then the screen (or the app)."""
        if self._leaving:
            return
        self._leaving = True
        if self._catching is not None:
            self._catching.stop()
        if self._follower is not None:
            self._follower.cancel()

        async def close() -> None:
            with contextlib.suppress(OSError, WebSocketException):
                await self.client.close()
            self.post_message(LeaveScreen(self))

        self.run_worker(close(), name="stop watching", group="net-close")


def watch_screen(client: NetClient, settings: Settings, clock: Clock | None = None) -> Screen[None]:
    """The watch screen of the game the client watches (the registry's, by the game's
    name in the ``watching`` welcome). Raises ``NetFailure`` for a game this version
    cannot show."""
    from spit.games import registry
    from spit.tui.net.link import NetFailure
    from spit.tui.shared.front_ends import front_ends

    name = None if client.welcome is None else client.welcome.game
    try:
        game = registry.by_name(name) if name is not None else registry.games()[0]
    except registry.UnknownGame:
        raise NetFailure(
            f"the room plays {safe_text(name, limit=24)}, which this spit-tui does not know"
        ) from None
    make = front_ends(game.name).watch_screen
    if make is None:
        raise NetFailure(f"{game.title} cannot be watched in this version")
    return make(client, settings, clock=clock)
