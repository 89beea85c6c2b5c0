"""Hosting a game: the waiting screen, the table once the other player joins, leaving."""

from __future__ import annotations

from pathlib import Path

from spit.net.client import NetClient
from spit.tui.net.screens import WaitingScreen
from spit.tui.spit.net_screen import SpitNetScreen
from tests.tui.net.helpers import HostingApp, until
from tests.tui.screen_text import screen_lines


async def test_the_host_waits_shows_how_to_join_and_plays_when_bob_joins(tmp_path: Path) -> None:
    hosting = HostingApp(tmp_path)
    app = hosting.app
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        link = hosting.link
        assert link is not None and link.hosted is not None
        join = f"spit-tui join 127.0.0.1:{link.hosted.port} {link.hosted.code}"
        await until(pilot, lambda: join in "\n".join(screen_lines(app)))
        bob = NetClient()
        await bob.connect(link.hosted.local.uri, "Bob", room=link.hosted.code)
        await until(pilot, lambda: isinstance(app.screen, SpitNetScreen))
        await pilot.press("escape")
        await pilot.pause(0.6)
        await pilot.press("y")
        await until(pilot, lambda: app.return_code is not None)
        await bob.close()
    assert hosting.outcome.failure is None
