"""``spit-tui host``: start a game on this machine and wait for the other player.

The server runs in this process, in the app's event loop, and listens on this machine
only (127.0.0.1) unless ``--public`` is given; the host then plays as a client of it,
as the other player does. The server starts before the screen does, so a port that is
taken or a game that cannot be hosted is a one-line message and status 1, with the
terminal as it was. The waiting screen shows the command the other player types. The
game's own options (Spit's ``--variant``, Spades' ``--target``) go to the game's
network table, which says when one does not fit it. ``--tls-cert``/``--tls-key``
make the server speak TLS only (``wss://``; the host's own client trusts that
certificate, ``spit.net.tls.pinned_context``); files that cannot be used end the
command at once, as for ``serve``: a message and status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from spit.commands import _tls
from spit.commands._args import (
    add_ordering_option,
    add_port_option,
    add_recording_options,
    int_between,
    seed,
)
from spit.commands._net import add_player_options, play
from spit.commands.output import complain


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from spit.games import registry

    playable = [game.name for game in registry.games() if game.net is not None]
    parser.add_argument(
        "--game",
        choices=playable,
        default=playable[0] if playable else None,
        help=f"the game to play (default: {playable[0] if playable else 'none'})",
    )
    parser.add_argument(
        "--public",
        action="store_true",
        help="listen on every network interface, so that other machines can join "
        "(default: this machine only)",
    )
    add_port_option(parser)
    add_player_options(parser)
    parser.add_argument(
        "--variant", metavar="NAME", help="Spit's variant: standard (default) or points"
    )
    parser.add_argument(
        "--target", type=int_between(1, 100_000), metavar="N", help="Spades' winning score"
    )
    parser.add_argument("--seed", type=seed, metavar="N", help="deal the first game from this seed")
    add_recording_options(parser)
    add_ordering_option(parser)
    _tls.add_server_options(parser)


def run(args: argparse.Namespace) -> int:
    from msgspec.structs import replace

    from spit.games import registry
    from spit.net.hosting import HostedGame, HostError
    from spit.net.tls import TLSError, pinned_context
    from spit.paths import replays_dir
    from spit.settings.file import read_settings
    from spit.settings.model import settings_path
    from spit.tui.net.link import default_name, join_hosted

    if args.game is None:
        complain("host", "no game can be played over the network in this version")
        return 1
    game = registry.by_name(args.game)
    try:
        server_tls = _tls.server_tls(args)
        tls = None if server_tls is None else (server_tls, pinned_context(args.tls_cert))
    except TLSError as error:
        complain("host", str(error))
        return 2
    settings, _warnings = read_settings(settings_path())  # the app shows the warnings
    if args.replay_dir is not None:
        settings = replace(settings, replay_dir=args.replay_dir)
    if args.no_record:
        settings = replace(settings, record_replays=False)
    options = {
        key: value
        for key, value in (("variant", args.variant), ("target", args.target))
        if value is not None
    }
    folder = settings.replay_dir or replays_dir()
    loop = asyncio.new_event_loop()
    try:
        try:
            hosted = loop.run_until_complete(
                HostedGame.start(
                    game,
                    port=args.port,
                    public=args.public,
                    password=args.password,
                    replay_dir=folder if settings.record_replays else None,
                    seed=args.seed,
                    options=options,
                    tls=tls,
                    ordering=args.ordering,
                )
            )
        except HostError as error:
            complain("host", str(error))
            return 1
        name = args.name or default_name()
        status = play(
            "host", settings, "Starting the game...", lambda: join_hosted(hosted, game, name), loop
        )
        loop.run_until_complete(hosted.close())
        return status
    finally:
        with contextlib.suppress(RuntimeError):
            loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
