"""A client that talks to no server: the test sets what the server said, as the
contract of ``spit.net.client.NetClient`` names it, and reads what was sent."""

from __future__ import annotations

from typing import Any

from textual.app import App

from spit.core.clock import FakeClock
from spit.games.spit.wire import Table
from spit.net.client import NetClient
from spit.net.protocol import PROTOCOL_VERSION, Over, Welcome
from spit.settings.model import Settings
from spit.tui.spit.net_screen import SpitNetScreen


class FakeClient(NetClient):
    def __init__(self) -> None:
        super().__init__()
        self.welcome = Welcome(
            v=PROTOCOL_VERSION, room="7KX-PM2-QDA", seat=0, token="0" * 32, names=["Ann"]
        )
        self.names = ["Ann", "Bob"]
        self.rtt = [12.0, 40.0]
        self.away: tuple[int, int] | None = None
        self.grace_over: int | None = None
        self.over: Over | None = None
        self.rematch_asked: set[int] = set()
        self.sent: list[str] = []

    @property
    def connected(self) -> bool:
        """Always: the fake has no line to lose."""
        return True

    async def intent(self, text: str) -> None:
        self.sent.append(text)

    async def rematch(self) -> None:
        self.sent.append("rematch")
        self.rematch_asked.add(0)

    async def take_win(self) -> None:
        self.sent.append("take_win")

    async def play_bot(self) -> None:
        self.sent.append("play_bot")

    def says(self, **fields: Any) -> None:
        """The server said something: these attributes changed."""
        for key, value in fields.items():
            setattr(self, key, value)
        self.changed.set()


def playing_view(seed: int = 7, seat: int = 0) -> dict[str, Any]:
    """A seat's view of a deal just after its start countdown, as the server sends it."""
    table = Table(("Ann", "Bob"), seed, None)
    table.advance(table.timing.start_countdown_ms)
    view = table.view(seat)
    view["can_play"] = True
    return view


class NetApp(App[None]):
    """Just the network table, over Textual's blank screen."""

    def __init__(self, client: FakeClient, clock: FakeClock, **settings: Any) -> None:
        super().__init__()
        self.table = SpitNetScreen(client, Settings(**settings), clock=clock)
        self.theme = str(settings.get("theme", "textual-dark"))

    def on_mount(self) -> None:
        self.push_screen(self.table)
