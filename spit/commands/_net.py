"""What ``spit-tui host`` and ``spit-tui join`` share: the player's options, and the
app started on the network screens, whose failure becomes the command's message."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from spit.commands._args import parsed_by
from spit.commands.output import complain

if TYPE_CHECKING:
    from textual.screen import Screen

    from spit.settings.model import Settings
    from spit.tui.net.link import NetLink
    from spit.tui.net.screens import NetOutcome


def add_player_options(parser: argparse.ArgumentParser) -> None:
    """``--name`` and ``--password``."""
    from spit.tui.net.link import check_name, check_password

    parser.add_argument(
        "--name",
        type=parsed_by(check_name),
        help="your name at the table (default: your login name)",
    )
    parser.add_argument(
        "--password",
        type=parsed_by(check_password),
        metavar="PW",
        help="the room's password (the host sets it; the other player gives it)",
    )


def play(
    command: str,
    settings: Settings,
    what: str,
    opener: Callable[[], Awaitable[NetLink]],
    loop: asyncio.AbstractEventLoop | None = None,
) -> int:
    """Run the app on the connecting screen (``what`` says to whom), then the game;
    a failure is told on stderr, with status 1."""
    from spit.tui.net.screens import ConnectingScreen

    return start(command, settings, lambda outcome: ConnectingScreen(what, opener, outcome), loop)


def start(
    command: str,
    settings: Settings,
    first: Callable[[NetOutcome], Screen[Any]],
    loop: asyncio.AbstractEventLoop | None = None,
) -> int:
    """Run the app on the network screen ``first(outcome)``; a failure it leaves in
    ``outcome`` is told on stderr, with status 1."""
    from spit.tui.app import SpitApp
    from spit.tui.net.screens import NetOutcome

    outcome = NetOutcome()
    result = SpitApp(settings=settings, start_screen=first(outcome)).run(loop=loop)
    if outcome.failure is not None:
        complain(command, outcome.failure)
        return 1
    return result or 0
