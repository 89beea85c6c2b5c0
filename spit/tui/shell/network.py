"""The menu's "Play over the network": host a game here, or join one.

Host starts the server in the app's own event loop (``spit.tui.net.link.open_host``)
on the usual port, for players on this machine only or, chosen in so many words,
for the network; the waiting screen then says what the other player types. Join asks
for the address and the room code in one line, as ``spit-tui join`` takes them, and
offers the last few addresses joined, which the settings keep (``recent_addresses``,
written into the settings file in place, never by replacing a file that cannot be
edited). Join a server asks for the address alone (the same recent addresses) and
leads to the server's rooms (``spit.tui.net.lobby``), as does Join without a code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from spit.core.safe_text import safe_lines, safe_text
from spit.net.addresses import DEFAULT_PORT, Address, parse_address
from spit.tui.shared.ascii_widgets import Separated
from spit.tui.shared.screen_base import ShellModal


@dataclass(frozen=True, slots=True)
class HostChoice:
    """Host ``game`` (its registered name), for the network or this machine only."""

    game: str
    public: bool


@dataclass(frozen=True, slots=True)
class JoinChoice:
    address: Address
    code: str | None
    password: str | None


def _host_options() -> list[Option]:
    from spit.games import registry
    from spit.tui.shared.front_ends import front_ends

    options = []
    for game in registry.games():
        if game.net is None or front_ends(game.name).net_screen is None:
            continue
        options += [
            Option(f"Host {game.title}: players on this machine", id=f"host:{game.name}:local"),
            Option(
                f"Host {game.title}: players on the network (port {DEFAULT_PORT})",
                id=f"host:{game.name}:public",
            ),
        ]
    return options


class NetworkMenu(ShellModal[HostChoice | str | None]):
    """Host a game (one entry per playable game and reach), join one ("join") or
    watch one ("watch")."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss(None)", "Back", id="dialog.back"),
        Binding("question_mark", "help", "Help", id="dialog.help"),
    ]

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Play over the network", classes="dialog-title")
            yield OptionList(
                *_host_options(),
                Option("Join a game", id="join"),
                Option("Join a server: its rooms, or open one", id="server"),
                Option("Watch a game", id="watch"),
                id="network-options",
            )
            yield Static(
                self.painter.dot.join(["enter choose", "escape or q back", "? help"]),
                classes="dialog-hint",
            )

    def action_help(self) -> None:
        from spit.tui.net.keys_help import KeysHelp

        keys = [
            ("up, down", "choose"),
            ("enter", "host that game, or join, or watch one"),
            ("escape, q", "back to the menu"),
            ("ctrl+c", "quit spit-tui"),
        ]
        note = (
            "Players on this machine: the game listens on this machine only (the other "
            "player joins from another terminal here). On the network: anyone who can "
            "reach this machine's port may join, with the room's code."
        )
        self.app.push_screen(KeysHelp("Play over the network", keys, note))

    @on(OptionList.OptionSelected, "#network-options")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        chosen = str(event.option_id)
        if chosen in ("join", "server", "watch"):
            self.dismiss(chosen)
            return
        _, game, reach = chosen.split(":")
        self.dismiss(HostChoice(game, reach == "public"))


def read_join(text: str) -> tuple[Address, str | None]:
    """ "ADDRESS [CODE]" as typed. Raises ``ValueError`` with the reason."""
    from spit.tui.net.link import check_code

    words = text.split()
    if not 1 <= len(words) <= 2:
        raise ValueError(
            "type the address, a space and the room code: 192.168.1.20:7788 7KX-PM2-QDA"
        )
    address = parse_address(words[0])
    code = check_code(words[1]) if len(words) == 2 else None
    return address, code


class JoinDialog(ShellModal[JoinChoice | None]):
    """Where to join: "address code" in one line, the recent addresses below it (a
    choice fills in the line), and a password when the host set one. With ``server``
    (the menu's "Join a server"), only the address: the server's rooms come next
    (``spit.tui.net.lobby``), and a room's password is asked there."""

    TITLE: ClassVar[str] = "Join a game: its address and room code"
    VERB: ClassVar[str] = "join"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss(None)", "Cancel", id="join.cancel"),
    ]

    def __init__(self, recent: tuple[str, ...], *, server: bool = False) -> None:
        super().__init__()
        self.recent = recent
        self.server = server

    def compose_content(self) -> ComposeResult:
        first = f"{self.recent[0]}{'' if self.server else ' '}" if self.recent else ""
        with Vertical(classes="dialog"):
            if self.server:
                yield Static("Join a server: its address", classes="dialog-title")
                yield Input(first, placeholder="club.example.org:7788", id="join-address")
            else:
                yield Static(self.TITLE, classes="dialog-title")
                yield Input(first, placeholder="192.168.1.20:7788 7KX-PM2-QDA", id="join-address")
            yield Input(
                placeholder="password (if the host set one)", password=True, id="join-password"
            )
            yield Static(id="join-problem", markup=False)
            if self.recent:
                yield Static("Recent:", classes="dialog-hint")
                yield OptionList(
                    *(Option(Text(safe_text(a)), id=a) for a in self.recent), id="join-recent"
                )
            yield Separated([f"enter: {self.VERB}", "escape: cancel"], classes="dialog-hint")

    def on_mount(self) -> None:
        self._problem("")
        field = self.query_one("#join-address", Input)
        field.focus()
        field.cursor_position = len(field.value)

    @on(OptionList.OptionSelected, "#join-recent")
    def _recent(self, event: OptionList.OptionSelected) -> None:
        field = self.query_one("#join-address", Input)
        field.value = f"{event.option_id}{'' if self.server else ' '}"
        field.focus()
        field.cursor_position = len(field.value)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        text = self.query_one("#join-address", Input).value
        password = self.query_one("#join-password", Input).value or None
        try:
            address, code = read_join(text)
            self._check(code)
        except ValueError as error:
            self._problem(str(error))
            return
        self.dismiss(JoinChoice(address, code, password))

    def _check(self, code: str | None) -> None:
        """Raise ``ValueError`` for a choice this dialog cannot take."""

    @on(Input.Changed)
    def _changed(self) -> None:
        self._problem("")

    def _problem(self, text: str) -> None:
        shown = self.query_one("#join-problem", Static)
        shown.update(safe_lines(text))
        shown.display = bool(text)


class WatchDialog(JoinDialog):
    """Which game to watch: the address and the room's code (a code is needed: a
    spectator watches one room), the recent addresses, the room's password."""

    TITLE = "Watch a game: its address and room code"
    VERB = "watch"

    def _check(self, code: str | None) -> None:
        if code is None:
            raise ValueError(
                "type the room's code after the address: 192.168.1.20:7788 7KX-PM2-QDA"
            )
