"""Each network table follows its client once: Textual calls every class's ``on_mount``
by itself, so a table that also called its base's followed the server twice and drew
every view twice (twice the work between a frame's arrival and the screen)."""

from __future__ import annotations

import pytest
from textual.app import App

from spit.core.clock import FakeClock
from spit.games.spades.wire import Table
from spit.settings.model import Settings
from spit.tui.net.table import NetTableScreen
from spit.tui.spades.net_screen import SpadesNetScreen
from spit.tui.spit.net_screen import SpitNetScreen
from tests.tui.net.fake import FakeClient, playing_view
from tests.tui.net.helpers import until


class _Counted(App[None]):
    def __init__(self, table: NetTableScreen) -> None:
        super().__init__()
        self.table = table
        self.drawn = 0
        original = table.net_changed

        def counted() -> None:
            self.drawn += 1
            original()

        table.net_changed = counted  # type: ignore[method-assign]

    def on_mount(self) -> None:
        self.push_screen(self.table)


@pytest.mark.parametrize("game", ["spit", "spades"])
async def test_a_view_is_drawn_once(game: str) -> None:
    client = FakeClient()
    if game == "spit":
        view = playing_view()
        table: NetTableScreen = SpitNetScreen(client, Settings(), clock=FakeClock())
    else:
        view = Table(("Ann", "Bob"), 5, None).view(0)
        table = SpadesNetScreen(client, Settings(), clock=FakeClock())
    app = _Counted(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.drawn >= 1)
        followers = [w for w in app.workers if w.name == "follow the server" and not w.is_finished]
        assert len(followers) == 1
        for count in range(2, 5):
            client.says(view=view)
            await until(pilot, lambda n=count: app.drawn >= n)  # type: ignore[misc]
            await pilot.pause(0.05)
            assert app.drawn == count
