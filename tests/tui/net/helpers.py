"""Network screens under test: the app hosting a real server on 127.0.0.1 in the
test's own loop, and a second player as a plain ``NetClient`` in the same loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from spit.games import registry
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.link import NetLink, open_host
from spit.tui.net.screens import ConnectingScreen, NetOutcome

SEED = 7


class HostingApp:
    """``SpitApp`` started on the host's connecting screen, as ``spit-tui host`` does."""

    def __init__(self, replay_dir: Path, **settings: Any) -> None:
        self.link: NetLink | None = None
        self.outcome = NetOutcome()

        async def opener() -> NetLink:
            self.link = await open_host(
                registry.by_name("spit"), port=0, name="Ann", replay_dir=replay_dir, seed=SEED
            )
            return self.link

        screen = ConnectingScreen("Starting the game...", opener, self.outcome)
        self.app = SpitApp(
            settings=Settings(replay_dir=replay_dir, **settings), start_screen=screen
        )


async def until(pilot: Pilot[Any], test: Callable[[], bool], limit_s: float = 10.0) -> None:
    """Let the app and the server run until ``test()`` holds (bounded in time)."""
    loop = asyncio.get_running_loop()
    stop = loop.time() + limit_s
    while not test():
        if loop.time() > stop:
            raise AssertionError("the screen never got there")
        await pilot.pause(0.02)
