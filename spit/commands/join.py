"""``spit-tui join ADDRESS [CODE]``: join a game someone hosts (``spit-tui host``), or
a room on a server for many (``spit-tui serve``).

Without a code, the screen of the server's rooms (``spit.tui.net.lobby``): on a
server for many rooms, the public rooms to join and a new room to open; on a host's
server, straight into its one room.

An address that cannot be reached, a refusal (a wrong room code or password, a full
room, another version of the protocol) end the command with the reason on one line
(outside text made safe) and status 1; a malformed address or code is an argument
error (status 2). The address is remembered among the last few in the settings, for
the menu's Join. ``wss://ADDRESS`` joins a game over TLS, its certificate checked
against the system's authorities, or against ``--tls-ca FILE`` (which alone means
``wss://``) for a self-signed one; a CA file that cannot be used is status 2.
"""

from __future__ import annotations

import argparse

from spit.commands import _tls
from spit.commands._args import parsed_by
from spit.commands._net import add_player_options, play, start
from spit.commands.output import complain


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from spit.net.addresses import parse_address
    from spit.tui.net.link import check_code

    parser.add_argument(
        "address",
        type=parsed_by(parse_address),
        metavar="ADDRESS",
        help="the host's address and port, as its screen shows it (192.168.1.20:7788; "
        "wss://192.168.1.20:7788 for a game over TLS)",
    )
    parser.add_argument(
        "code",
        nargs="?",
        type=parsed_by(check_code),
        metavar="CODE",
        help="the room's code, as the host's screen shows it (7KX-PM2-QDA); without it, "
        "the server's rooms, to join one or open one",
    )
    add_player_options(parser)
    _tls.add_client_options(parser)


def run(args: argparse.Namespace) -> int:
    from spit.net.tls import TLSError
    from spit.settings.file import read_settings
    from spit.settings.model import settings_path
    from spit.tui.net.link import default_name, open_join
    from spit.tui.net.lobby import LobbyScreen

    try:
        address, tls = _tls.client_tls(args)
    except TLSError as error:
        complain("join", str(error))
        return 2
    settings, _warnings = read_settings(settings_path())
    name = args.name or default_name()

    if args.code is None:
        return start(
            "join",
            settings,
            lambda outcome: LobbyScreen(address, name, args.password, outcome, tls=tls),
        )
    return play(
        "join",
        settings,
        f"Connecting to {address}...",
        lambda: open_join(address, args.code, name, args.password, tls=tls),
    )
