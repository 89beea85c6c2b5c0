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
    """``SpitApp`` started on the host's connecting screen, as ``spit-tui host`` does,
    hosting ``game`` with its ``options``."""

    def __init__(
        self,
        replay_dir: Path,
        *,
        game: str = "spit",
        options: dict[str, Any] | None = None,
        **settings: Any,
    ) -> None:
        self.link: NetLink | None = None
        self.outcome = NetOutcome()

        async def opener() -> NetLink:
            self.link = await open_host(
                registry.by_name(game),
                port=0,
                name="Ann",
                replay_dir=replay_dir,
                seed=SEED,
                options=options,
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
            raise AssertionError(f"the screen never got there: {pilot.app.screen_stack}")
        await pilot.pause(0.02)


async def choose(pilot: Pilot[Any], option_id: str) -> None:
    """Pick the entry ``option_id`` of the focused option list with key presses (Home,
    Down as many times as it takes, Enter), wherever other entries put it."""
    from textual.widgets import OptionList

    options = pilot.app.focused
    assert isinstance(options, OptionList), pilot.app.focused
    index = options.get_option_index(option_id)
    await pilot.press("home", *["down"] * index, "enter")
