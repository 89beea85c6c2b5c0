"""Hosting a game: the waiting screen, the table once the other player joins, leaving."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spit.net.client import NetClient
from spit.tui.net.screens import WaitingScreen
from spit.tui.spit.net_screen import SpitNetScreen
from tests.tui.net.helpers import HostingApp, until
from tests.tui.screen_text import screen_lines


@pytest.mark.slow
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


@pytest.mark.slow
async def test_a_dropped_line_takes_its_seat_back_by_itself(tmp_path: Path) -> None:
    """The host's line drops mid-game (closed under it, without a ``leave``): the table
    says it is connecting again, takes the seat back with its token, and plays on;
    the other player saw the host away, then back."""
    hosting = HostingApp(tmp_path)
    app = hosting.app
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        link = hosting.link
        assert link is not None and link.hosted is not None
        bob = NetClient()
        await bob.connect(link.hosted.local.uri, "Bob", room=link.hosted.code)
        await until(pilot, lambda: isinstance(app.screen, SpitNetScreen))
        table = app.screen
        ws = link.client._ws
        assert ws is not None
        await ws.close()  # the line drops: no leave, so the server keeps the seat

        def kinds() -> list[str]:
            return [json.loads(frame)["type"] for frame in bob.frames]

        await until(pilot, lambda: "back" in kinds() and link.client.connected)
        assert kinds().index("away") < kinds().index("back")
        await until(pilot, lambda: app.screen is table)
        assert "lost" not in "\n".join(screen_lines(app)).lower()
        await bob.close()
        await until(pilot, lambda: state_over(link.client))
    assert hosting.outcome.failure is None


def state_over(client: NetClient) -> bool:
    return client.over is not None
