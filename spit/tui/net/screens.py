"""The screens before a network game's table: connecting (or starting the server),
then waiting for the opponent, then the game's own table over the waiting screen.

The waiting screen owns the ``NetLink``: the table is pushed over it, and when the
table is left the waiting screen closes the connection (and the server, when this
player hosts) and leaves too. A failure is told where the player started: in a
notice back in the menu, or, when the network screen is what the app was started on
(``spit-tui join``), as the command's message and exit status (``NetOutcome``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker

from spit.net.addresses import Address
from spit.tui.net.client_state import OPPONENT, game_name, lost, names, room, seat, watch_code
from spit.tui.net.link import NetFailure, NetLink, NewRoom
from spit.tui.net.watch import follow
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.screen_base import ShellScreen


@dataclass
class NetOutcome:
    """How a network session started from the command line ended, for its message."""

    failure: str | None = None


def started_on(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is the one the app was started on (nothing but the blank
    default screen beneath it; the table may still be over it)."""
    stack = screen.app.screen_stack
    return len(stack) >= 2 and stack[1] is screen and type(stack[0]) is Screen


def leave_failed(screen: Screen[Any], outcome: NetOutcome, message: str) -> None:
    """Tell the player why ``screen`` cannot go on and leave it: out of the app, with
    ``message`` for the command, when it is the first screen; else back, with a
    notice."""
    outcome.failure = message
    if started_on(screen):
        screen.app.exit(1, return_code=1)
    else:
        app = screen.app
        screen.dismiss(None)  # first: a screen's notices go with it
        app.notify(message, title="Network", severity="error", timeout=10, markup=False)


class ConnectingScreen(ShellScreen):
    """ "Connecting to ..." while ``opener`` connects (or starts the server first);
    then the waiting screen. Escape gives up."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back", id="net.back"),
    ]

    def __init__(
        self,
        what: str,
        opener: Callable[[], Awaitable[NetLink]],
        outcome: NetOutcome | None = None,
    ) -> None:
        super().__init__()
        self.what = what
        self._opener = opener
        self.outcome = outcome or NetOutcome()
        self._worker: Worker[None] | None = None

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="net-body"):
            yield Static(self.what, classes="screen-title", markup=False)
            yield Static("Escape or q: give up", classes="screen-hint")

    def on_mount(self) -> None:
        self._worker = self.run_worker(self._open(), name="connect", group="net")

    async def _open(self) -> None:
        try:
            link = await self._opener()
        except NetFailure as failure:
            self.fail(str(failure))
            return
        self.app.switch_screen(WaitingScreen(link, self.outcome))

    def fail(self, message: str) -> None:
        leave_failed(self, self.outcome, message)

    def action_back(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
        self.post_message(LeaveScreen(self))


def opened_room_lines(address: Address, code: str, opened: NewRoom) -> list[str]:
    """What the waiting screen of a room we opened on a server says: the code to pass
    on, the command that joins it, and who else can find it."""
    extra = " --password ..." if opened.password else ""
    lines = [
        f"Your room's code is {code}: pass it on. The other player joins with:",
        "",
        f"    spit-tui join {address} {code}{extra}",
        "",
    ]
    if opened.public:
        lines.append(f"It is listed to everyone on the server (spit-tui join {address}).")
    else:
        lines.append("It is private: only who has the code can join it.")
    if opened.password:
        lines.append("It needs the password you set.")
    return lines


class WaitingScreen(ShellScreen):
    """The room: its code and how to join it, until the game's first view comes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Leave", id="net.back"),
    ]

    def __init__(self, link: NetLink, outcome: NetOutcome | None = None) -> None:
        super().__init__()
        self.link = link
        self.outcome = outcome or NetOutcome()
        self._follower: Worker[None] | None = None
        self._table: Screen[None] | None = None
        self._leaving = False

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="net-body"):
            yield Static(f"Room {room(self.link.client)}", classes="screen-title", markup=False)
            yield Static(Text(self._instructions()), id="net-join")
            yield Static("", id="net-status", markup=False)
            yield Static("Escape or q: leave", classes="screen-hint")

    def _instructions(self) -> str:
        hosted, opened = self.link.hosted, self.link.opened
        watching = watch_code(self.link.client)
        if opened is not None:
            lines = opened_room_lines(self.link.address, room(self.link.client), opened)
            if watching is not None:
                lines = [*lines, "", f"Spectators watch with the watch code {watching}."]
            return "\n".join(lines)
        if hosted is None:
            return f"Connected to {self.link.address}."
        lines = ["The other player joins with:", ""]
        lines += [f"    {command}" for command in hosted.join_commands()]
        if hosted.watch_commands():
            lines += ["", "Spectators watch with:", ""]
            lines += [f"    {command}" for command in hosted.watch_commands()]
        if hosted.own_tls is not None:
            lines += [
                "",
                "The game speaks TLS: for a self-signed certificate the other player",
                "adds --tls-ca FILE, FILE a copy of the certificate.",
            ]
        if not hosted.public:
            lines += [
                "",
                "This game listens on this machine only; to play someone on another",
                "machine, host it with --public.",
            ]
        return "\n".join(lines)

    def on_mount(self) -> None:
        self._follower = follow(self, self.link.client, self._changed)

    def _changed(self) -> None:
        client = self.link.client
        gone = lost(client)
        if gone is not None and self._table is None:
            self._fail(gone)
            return
        me, other = seat(client), 1 - seat(client)
        who = names(client)
        waiting = "Waiting for the other player to join..."
        if client.view is not None or who[other] != OPPONENT:
            waiting = f"{who[other]} is here. The game starts..."
        self.query_one("#net-status", Static).update(f"You are {who[me]}. {waiting}")
        if client.view is not None and self._table is None:
            self._open_table()

    def _open_table(self) -> None:
        from spit.games import registry
        from spit.tui.shared.front_ends import front_ends

        name = self.link.game or game_name(self.link.client)
        game = registry.by_name(name) if name else registry.games()[0]
        make = front_ends(game.name).net_screen
        if make is None:
            self._fail(f"{game.title} cannot be played over the network in this version")
            return
        if self._follower is not None:
            self._follower.cancel()  # the table follows the client from now on
        table = make(self.link.client, self.services.settings, clock=self.services.clock)
        self._table = table
        self.app.push_screen(table, lambda _: self._leave())

    def _fail(self, message: str) -> None:
        self.outcome.failure = message
        if started_on(self):
            self._leave(status=1)
        else:
            self._leave(notice=message)

    def action_back(self) -> None:
        self._leave()

    def _leave(self, status: int = 0, notice: str | None = None) -> None:
        """Close the connection (and the server) and go back, or out of the app;
        ``notice``: why, told back on the screen below."""
        if self._leaving:
            return
        self._leaving = True
        if self._follower is not None:
            self._follower.cancel()

        async def close() -> None:
            await self.link.close()
            if started_on(self):
                self.app.exit(status, return_code=status)
            else:
                self._go_back(notice)

        self.run_worker(close(), name="leave", group="net-close")

    def _go_back(self, notice: str | None) -> None:
        """Back to the menu, once the table over this screen is gone; then ``notice``,
        there (a screen's notices go with it)."""
        if self.app.screen is self:
            app = self.app
            self.dismiss(None)
            if notice is not None:
                app.notify(notice, title="Network", severity="error", timeout=10, markup=False)
        else:
            self.call_after_refresh(self._go_back, notice)
