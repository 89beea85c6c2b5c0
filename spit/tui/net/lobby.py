"""A server's rooms: ``spit-tui join ADDRESS`` without a code, and the menu's "Join a
server".

On a server for many rooms (``spit-tui serve``) the screen lists the public rooms
waiting for a second player (the server chooses them: private rooms are never
listed), and offers to open a new one (``spit.tui.net.new_room``). Enter joins the
highlighted room, asking its password first if it needs one; ``n`` opens a room,
``r`` asks the server again (the list is not refreshed on a timer, so that an idle
screen costs nothing), ``?`` lists the keys. The time of the last answer is shown, so
that a list left open is known to be old. Everything the server sent (codes, names,
game names) is made safe before it is drawn.

A server of ``spit-tui host`` has one room, the host's, and opens none: joining it
without a code goes straight into that room (with the password, asked if needed),
as if its code had been given. If its room already has both players, the command
says so and ends.

A game joined or opened from here runs over this screen and comes back to it when
it ends, with the list asked for again; from ``spit-tui join`` Escape here ends the
command.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from ssl import SSLContext
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Static

from spit.core.safe_text import safe_text
from spit.games import registry
from spit.games.registry import UnknownGame
from spit.net.addresses import Address
from spit.net.codes import ROOM_CODE
from spit.net.lobby_client import RoomList
from spit.net.protocol import ListedRoom
from spit.tui.net.keys_help import KeysHelp
from spit.tui.net.link import NetFailure, NetLink, NewRoom, open_join, open_room, server_rooms
from spit.tui.net.screens import ConnectingScreen, NetOutcome, leave_failed
from spit.tui.shared.ask_text import AskText
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.screen_base import ShellScreen

KEYS = (
    ("enter", "join the highlighted room (asking its password if it has one)"),
    ("n", "open a new room: its game and options, public or private"),
    ("r", "ask the server for its rooms again"),
    ("up/down", "move through the rooms"),
    ("?", "these keys"),
    ("escape, q", "back"),
    ("ctrl+c", "quit spit-tui"),
)


def game_title(name: str) -> str:
    """A game's title by the name a server sent, or that name made safe."""
    try:
        return registry.by_name(name).title
    except UnknownGame:
        return safe_text(name, limit=24)


def room_row(listing: ListedRoom) -> tuple[Text, ...]:
    """A listed room as a row of the table, all of it the server's text made safe."""
    names = ", ".join(safe_text(name, limit=24) for name in listing.names)
    return (
        Text(safe_text(listing.room, limit=11)),
        Text(game_title(listing.game)),
        Text(names),
        Text("yes" if listing.password else "no"),
    )


class RoomTable(DataTable[Text]):
    """The listed rooms; Enter (the table's own key, so that it comes after the arrow
    keys pressed before it) joins the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Join", id="lobby.join"),
    ]


class LobbyScreen(ShellScreen):
    """The rooms of the server at ``address``, for the player ``name`` (``player``); ``password``
    (``--password``) is tried first for a room that needs one. ``now`` is the wall
    clock whose time the list shows, ``ask`` how the rooms are asked for (both given
    by tests: a frozen clock, fixed rooms)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_room", "New room", id="lobby.new"),
        Binding("r", "refresh", "Refresh", id="lobby.refresh"),
        Binding("question_mark", "help", "Keys", id="lobby.help"),
        Binding("escape,q", "back", "Back", id="lobby.back", key_display="esc/q"),
    ]

    def __init__(
        self,
        address: Address,
        name: str,
        password: str | None = None,
        outcome: NetOutcome | None = None,
        *,
        now: Callable[[], datetime] = datetime.now,
        ask: Callable[[Address], Awaitable[RoomList]] | None = None,
        tls: SSLContext | None = None,
    ) -> None:
        super().__init__()
        self.address = address
        self.tls = tls
        """Checks the server's certificate at a ``wss://`` address (``--tls-ca``)."""
        self.player = name
        self.password = password
        self.outcome = outcome or NetOutcome()
        self._now = now
        self._ask_server = ask or (lambda at: server_rooms(at, tls=tls))
        self.listed: RoomList | None = None
        """The server's last answer."""
        self._away = False
        """A game (or the try to join one) is over this screen."""

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="net-body"):
            yield Static(
                f"Rooms at {safe_text(str(self.address))}", classes="screen-title", markup=False
            )
            yield Static(
                "Asking the server for its rooms...",
                id="lobby-status",
                classes="screen-hint",
                markup=False,
            )
            table = RoomTable(id="lobby-rooms", cursor_type="row")
            for label, key in (
                ("Room", "room"),
                ("Game", "game"),
                ("Waiting", "names"),
                ("Password", "password"),
            ):
                table.add_column(label, key=key)
            yield table
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh()

    def on_screen_resume(self) -> None:
        """Back from a game (or a failed join): the rooms have changed since. (Not
        after the help or a dialog: nothing was played meanwhile.)"""
        super().on_screen_resume()
        if self._away:
            self._away = False
            self.action_refresh()

    def action_refresh(self) -> None:
        self.run_worker(self._ask(), name="list rooms", group="lobby", exclusive=True)

    async def _ask(self) -> None:
        try:
            listed = await self._ask_server(self.address)
        except NetFailure as failure:
            if self.listed is None:  # the server cannot be reached at all
                self._fail(str(failure))
            else:  # it was there a moment ago: say so, and let the player try again
                status = self.query_one("#lobby-status", Static)
                status.update(f"{failure}. Press r to ask again.")
            return
        first = self.listed is None
        self.listed = listed
        if not listed.creates:
            if first:
                self._join_host(listed)
            return
        self.show(listed)

    def show(self, listed: RoomList) -> None:
        """Fill the table with the server's rooms and say when it answered."""
        table = self.query_one("#lobby-rooms", RoomTable)
        table.clear()
        for listing in listed.rooms:
            code = listing.room
            if code not in table.rows:  # a server that lists a room twice shows it once
                table.add_row(*room_row(listing), key=code)
        when = self._now().strftime("%H:%M:%S")
        count = table.row_count
        if not count:
            text = f"No public room waits for a player (as of {when}): n opens one."
        elif count == 1:
            text = f"1 public room waits for a player (as of {when})."
        else:
            text = f"{count} public rooms wait for a player (as of {when})."
        self.query_one("#lobby-status", Static).update(text)
        table.focus()

    # --- joining ---------------------------------------------------------------------

    @on(DataTable.RowSelected, "#lobby-rooms")
    def _picked(self, event: DataTable.RowSelected) -> None:
        code = str(event.row_key.value)
        listing = self._listing(code)
        if listing is not None:
            self._join(code, listing.password, switch=False)

    def _listing(self, code: str) -> ListedRoom | None:
        rooms = self.listed.rooms if self.listed is not None else []
        return next((r for r in rooms if r.room == code), None)

    def _join_host(self, listed: RoomList) -> None:
        """A server of ``spit-tui host``: into its room, as if its code were given."""
        if not listed.rooms:
            self._fail(
                f"the game at {self.address} has both its players already: "
                "ask its host to start another"
            )
            return
        first = listed.rooms[0]
        code = safe_text(first.room, limit=11)
        status = self.query_one("#lobby-status", Static)
        status.update(f"{self.address} hosts one game (spit-tui host): joining its room {code}.")
        self._join(first.room, first.password, switch=True)

    def _join(self, code: str, locked: bool, *, switch: bool) -> None:
        """Join room ``code``, asking its password first if it needs one and none was
        given. ``switch``: in place of this screen (a host's one room)."""
        if not ROOM_CODE.fullmatch(code):
            return
        if locked and self.password is None:

            def answered(password: str | None) -> None:
                if password:
                    self._connect(code, password, switch)
                elif switch:
                    self.action_back()

            self.app.push_screen(
                AskText(f"Room {code} needs its password", "", secret=True), answered
            )
            return
        self._connect(code, self.password if locked else None, switch)

    def _connect(self, code: str, password: str | None, switch: bool) -> None:
        address, name = self.address, self.player

        self._open(
            f"Joining room {code} at {address}...",
            lambda: open_join(address, code, name, password, tls=self.tls),
            switch,
        )

    def action_new_room(self) -> None:
        if self.listed is None or not self.listed.creates:
            return
        from spit.tui.net.new_room import NewRoomDialog

        def chosen(room: NewRoom | None) -> None:
            if room is not None:
                address, name = self.address, self.player
                self._open(
                    f"Opening a room at {address}...",
                    lambda: open_room(address, name, room, tls=self.tls),
                    switch=False,
                )

        self.app.push_screen(NewRoomDialog(self.address), chosen)

    def _open(self, what: str, opener: Callable[[], Awaitable[NetLink]], switch: bool) -> None:
        """The connecting screen, then the room: over this screen, so that a failure
        or the game's end comes back here; or in its place (a host's one room), so
        that they end the command as ``spit-tui join ADDRESS CODE`` would."""
        if switch:
            self.app.switch_screen(ConnectingScreen(what, opener, self.outcome))
        else:
            self._away = True
            self.app.push_screen(ConnectingScreen(what, opener))

    # --- leaving ---------------------------------------------------------------------

    def action_help(self) -> None:
        self.app.push_screen(KeysHelp("Keys: a server's rooms", KEYS))

    def action_back(self) -> None:
        self.post_message(LeaveScreen(self))

    def _fail(self, message: str) -> None:
        leave_failed(self, self.outcome, message)
