"""``spit-tui online [--server URL] [--game G]``: play online on a server with accounts
(``spit-tui serve``): quick match, invites, today's deal, the leaderboards.

The app opens on the online screen (``spit.tui.net.online``), signed in as the account
this machine keeps for the server (a new guest account on first contact). Without
``--server`` the server is the settings' ``online_server`` (the menu's "Play online"
keeps the last one given there); with neither, the command says how to give one
(status 2). ``--game`` offers that game only. A server that cannot be reached, or that
has no accounts, is one line on stderr and status 1.
"""

from __future__ import annotations

import argparse

from spit.commands._online import add_server_options, server_of
from spit.commands.output import complain


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from spit.net.variants import online_games

    add_server_options(parser)
    parser.add_argument("--game", choices=online_games(), help="offer this game only")


def run(args: argparse.Namespace) -> int:
    from spit.commands._net import start
    from spit.net.credentials import AccountTokens
    from spit.net.tls import TLSError
    from spit.settings.file import read_settings
    from spit.settings.model import settings_path
    from spit.tui.net.online import OnlineScreen, default_connector

    try:
        address, tls = server_of(args, fallback=None)
    except (TLSError, ValueError) as error:
        complain("online", str(error))
        return 2
    settings, _warnings = read_settings(settings_path())
    tokens = AccountTokens()
    connect = default_connector(address, tokens, tls)
    return start(
        "online",
        settings,
        lambda outcome: OnlineScreen(
            address, connect, outcome, game=args.game, tls=tls, tokens=tokens
        ),
    )
