"""``spit-tui watch ADDRESS CODE``: follow a network game as a spectator.

The connection is made before the screen starts, so an address nobody answers at, a
room that is not there, a wrong password or a refusal (the room has all the
spectators it takes) is one line on stderr, outside text made safe, and status 1,
with the terminal as it was. Then the game's watch screen (``FrontEnds.watch_screen``)
shows the table, from the game's start when it is already on; q or Escape leaves.
``wss://ADDRESS`` and ``--tls-ca FILE`` work as for ``join``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from spit.commands import _tls
from spit.commands._args import parsed_by
from spit.commands.output import complain


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from spit.net.addresses import parse_address
    from spit.tui.net.link import check_code, check_password

    parser.add_argument(
        "address",
        type=parsed_by(parse_address),
        metavar="ADDRESS",
        help="the server's address and port (192.168.1.20:7788; wss://... over TLS)",
    )
    parser.add_argument(
        "code", type=parsed_by(check_code), metavar="CODE", help="the room's code (7KX-PM2-QDA)"
    )
    parser.add_argument(
        "--password",
        type=parsed_by(check_password),
        metavar="PW",
        help="the room's password, if it has one",
    )
    _tls.add_client_options(parser)


def run(args: argparse.Namespace) -> int:
    from spit.net.tls import TLSError
    from spit.settings.file import read_settings
    from spit.settings.model import settings_path
    from spit.tui.app import SpitApp
    from spit.tui.net.link import NetFailure, open_watch
    from spit.tui.net.spectator import watch_screen

    try:
        address, tls = _tls.client_tls(args)
    except TLSError as error:
        complain("watch", str(error))
        return 2
    settings, _warnings = read_settings(settings_path())  # the app shows the warnings
    loop = asyncio.new_event_loop()
    try:
        try:
            client = loop.run_until_complete(open_watch(address, args.code, args.password, tls=tls))
        except NetFailure as failure:
            complain("watch", str(failure))
            return 1
        try:
            screen = watch_screen(client, settings)
        except NetFailure as failure:
            loop.run_until_complete(client.close())
            complain("watch", str(failure))
            return 1
        SpitApp(settings=settings, start_screen=screen).run(loop=loop)
        loop.run_until_complete(client.close(leave=True))
        return 0
    finally:
        with contextlib.suppress(RuntimeError):
            loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
