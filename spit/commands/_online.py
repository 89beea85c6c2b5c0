"""What ``spit-tui account``, ``leaderboard`` and ``online`` share: the server option,
and an online session opened with the token this machine keeps for that server.

Every failure is a message for the player (``OnlineFailure``), outside text made safe:
a server nobody answers at, a server without accounts (``spit-tui host``), a token the
server refuses (with what to do: ``--forget`` starts a new guest account), a token file
that cannot be read.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from ssl import SSLContext
from typing import Final, TypeVar

from spit.commands import _tls
from spit.commands._args import parsed_by
from spit.core.safe_text import safe_text
from spit.net.addresses import DEFAULT_PORT, Address, parse_address
from spit.net.credentials import AccountTokens, CredentialsError
from spit.net.online_client import AccountRefused, OnlineClient, OnlineRefused, sign_in

T = TypeVar("T")

DEFAULT_SERVER: Final = f"127.0.0.1:{DEFAULT_PORT}"
"""The server ``account`` and ``leaderboard`` talk to without ``--server`` and without
one in the settings (``online_server``): one on this machine."""


class OnlineFailure(Exception):
    """Why an online command could not do what it was asked: a message, already safe."""


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """``--server`` and ``--tls-ca``."""
    parser.add_argument(
        "--server",
        dest="address",
        type=parsed_by(parse_address),
        default=None,
        metavar="URL",
        help="the server's address (club.example.org:7788, wss://...; default: the settings' "
        "online_server)",
    )
    _tls.add_client_options(parser)


class NoServer(ValueError):
    """No ``--server``, and no server in the settings: the message says how to give one."""


def server_of(
    args: argparse.Namespace, fallback: str | None = DEFAULT_SERVER
) -> tuple[Address, SSLContext | None]:
    """The server's address and TLS context: ``--server``, else the settings'
    ``online_server``, else ``fallback``. Raises ``NoServer`` (no fallback) and
    ``spit.net.tls.TLSError``."""
    if args.address is None:
        args.address = parse_address(_settings_server() or fallback or _no_server())
    return _tls.client_tls(args)


def _settings_server() -> str:
    from spit.settings.file import read_settings
    from spit.settings.model import settings_path

    settings, _warnings = read_settings(settings_path())
    return settings.online_server


def _no_server() -> str:
    from spit.core.safe_text import safe_path
    from spit.settings.model import settings_path

    raise NoServer(
        "no server to play on: give one with --server HOST:PORT (wss://HOST:PORT over TLS), "
        f'or set online_server = "HOST:PORT" in {safe_path(settings_path())}'
    )


async def session(
    address: Address,
    tls: SSLContext | None,
    tokens: AccountTokens,
    *,
    fresh: bool = False,
) -> OnlineClient:
    """An online session with the server (see ``spit.net.online_client.sign_in``).
    Raises ``OnlineFailure``."""
    from spit.tui.net.link import NetFailure, reaching

    try:
        with reaching(address):
            return await sign_in(address, tokens, ssl=tls if address.tls else None, fresh=fresh)
    except AccountRefused as refused:
        raise OnlineFailure(
            f"{address} refused this machine's account: {safe_text(refused)}. "
            f"To start a new guest account there: spit-tui account --server {address} --forget"
        ) from None
    except CredentialsError as error:
        raise OnlineFailure(str(error)) from None
    except NetFailure as failure:
        raise OnlineFailure(str(failure)) from None


async def asking(work: Awaitable[T]) -> T:
    """A request's answer; a refusal, a lost session or no answer as ``OnlineFailure``."""
    from spit.net.protocol import ProtocolError

    try:
        return await work
    except OnlineRefused as refused:
        raise OnlineFailure(safe_text(refused)) from None
    except ProtocolError as error:
        raise OnlineFailure(f"the server ended the session: {safe_text(error.reason)}") from None
    except TimeoutError:
        raise OnlineFailure("the server did not answer in time") from None


def run_online(work: Callable[[], Coroutine[object, object, int]]) -> int:
    """Run an online command's coroutine; Ctrl-C ends it quietly (status 130)."""
    try:
        return asyncio.run(work())
    except KeyboardInterrupt:
        return 130
