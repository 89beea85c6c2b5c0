"""The account on the online screen (``a``): its name and ratings; ``r`` chooses a name
(3 to 20 characters, unique on the server), ``k`` makes a one-time code that links
another device (``spit-tui account --redeem CODE`` there). ``spit-tui account`` does
the rest (redeeming a code, forgetting this machine's token)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static
from websockets.exceptions import WebSocketException

from spit.core.safe_text import safe_text
from spit.net.online_client import OnlineClient, OnlineRefused
from spit.net.protocol import AccountInfo, ProtocolError
from spit.tui.shared.ascii_widgets import Separated
from spit.tui.shared.ask_text import AskText
from spit.tui.shared.screen_base import ShellModal


def account_lines(info: AccountInfo) -> list[str]:
    """The account as the dialog shows it."""
    name = safe_text(info.account.name, limit=24)
    lines = [f"Name: {name}" + ("" if info.account.named else " (a guest name: r chooses one)")]
    if not info.ratings:
        lines.append("No rated games yet.")
    for line in info.ratings:
        lines.append(
            f"{line.game} {line.variant}: {line.rating} ± {line.spread}, "
            f"{line.games} game{'s' if line.games != 1 else ''}, {line.wins} won"
        )
    return lines


class AccountDialog(ShellModal[None]):
    """See the module docstring."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rename", "Choose a name", id="account.rename"),
        Binding("k", "link", "Link a device", id="account.link"),
        Binding("escape,q", "dismiss(None)", "Back", id="account.back"),
    ]

    def __init__(self, client: OnlineClient) -> None:
        super().__init__()
        self.client = client

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Your account", classes="dialog-title", markup=False)
            yield Static("Reading...", id="account-lines", markup=False)
            yield Static("", id="account-note", markup=False)
            yield Separated(
                ["r: choose a name", "k: link another device", "escape or q: back"],
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        self.run_worker(self._ask(self.client.account()), group="account", exclusive=True)

    async def _ask(self, work: object) -> None:
        try:
            info = await work  # type: ignore[misc]
        except OnlineRefused as refused:
            self._note(safe_text(refused))
            return
        except (ProtocolError, WebSocketException, OSError, TimeoutError) as error:
            self._note(f"The server did not answer: {safe_text(getattr(error, 'reason', error))}")
            return
        self.query_one("#account-lines", Static).update("\n".join(account_lines(info)))

    def _note(self, text: str) -> None:
        self.query_one("#account-note", Static).update(text)

    def action_rename(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self._note("")
                self.run_worker(
                    self._ask(self.client.rename(name)), group="account", exclusive=True
                )

        ask = AskText("Your name on this server", "", hint="3 to 20 characters")
        self.app.push_screen(ask, named)

    def action_link(self) -> None:
        async def link() -> None:
            try:
                code = await self.client.make_link_code()
            except OnlineRefused as refused:
                self._note(safe_text(refused))
                return
            except (ProtocolError, WebSocketException, OSError, TimeoutError):
                self._note("The server did not answer.")
                return
            self._note(
                f"On the other device: spit-tui account --redeem {code.code} "
                f"(valid {code.minutes} minutes, once)."
            )

        self.run_worker(link(), group="account", exclusive=True)
