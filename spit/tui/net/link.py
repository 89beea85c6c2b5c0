"""A network game as the screens hold it: the client, and the server when we host.

``open_join`` connects to someone's game, ``open_host`` starts one here and connects
to it the same way; each gives a ``NetLink`` or raises ``NetFailure`` with a message
for the player (outside text made safe). ``NetLink.close`` ends both.
"""

from __future__ import annotations

import getpass
import socket
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException

from spit.core.safe_text import safe_text
from spit.games.registry import GameDescriptor
from spit.net.addresses import Address
from spit.net.client import NetClient
from spit.net.hosting import HostedGame, HostError
from spit.net.protocol import MAX_NAME, MAX_PASSWORD, ROOM_CODE, ProtocolError


class NetFailure(Exception):
    """Connecting or hosting failed; the message is for the player, already safe."""


@dataclass
class NetLink:
    """One player's network game: the client, its address, and the hosted server."""

    client: NetClient
    address: Address
    hosted: HostedGame | None = None
    game: str | None = None
    """The registered game's name, when known before the first view (we host it)."""

    async def close(self) -> None:
        try:
            await self.client.close()
        finally:
            if self.hosted is not None:
                await self.hosted.close()


def default_name() -> str:
    """The player's name when none is given: the login name, if it is a fit one."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        return "Player"
    name = name.strip()
    return name if name.isprintable() and 0 < len(name) <= MAX_NAME else "Player"


def check_name(name: str) -> str:
    """A name the server will take (1-24 printable characters). Raises ``ValueError``."""
    name = name.strip()
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise ValueError(f"a name is 1 to {MAX_NAME} printable characters")
    return name


def check_code(code: str) -> str:
    """A room code as typed (``kite-42`` is fine). Raises ``ValueError``."""
    code = code.strip().upper()
    if not ROOM_CODE.fullmatch(code):
        raise ValueError(
            f"{safe_text(code, limit=12)!r} is not a room code: four letters, a dash "
            "and two digits, like KITE-42"
        )
    return code


def check_password(password: str) -> str:
    if not 0 < len(password) <= MAX_PASSWORD or not password.isprintable():
        raise ValueError(f"a password is 1 to {MAX_PASSWORD} printable characters")
    return password


async def open_join(
    address: Address,
    code: str | None,
    name: str,
    password: str | None = None,
    *,
    tls: ssl.SSLContext | None = None,
) -> NetLink:
    """Connect to the game at ``address`` and take a seat; ``tls`` checks the server's
    certificate at a ``wss://`` address (by default against the system's authorities).
    Raises ``NetFailure``."""
    client = NetClient()
    try:
        await client.connect(
            address.uri, name, room=code, password=password, ssl=tls if address.tls else None
        )
    except ssl.SSLCertVerificationError as error:
        raise NetFailure(
            f"{address} has a certificate this machine does not trust "
            f"({safe_text(error.verify_message)}): if it is self-signed, give a copy of it "
            "with --tls-ca FILE"
        ) from None
    except (ssl.SSLError, ConnectionResetError):
        if not address.tls:
            raise NetFailure(f"cannot connect to {address}: the connection was reset") from None
        raise NetFailure(
            f"{address} does not answer over TLS, as wss:// asks: if it is a plain game, "
            "join it without wss://"
        ) from None
    except ProtocolError as refused:
        raise NetFailure(f"{address} refused: {safe_text(refused.reason)}") from None
    except ConnectionRefusedError:
        raise NetFailure(f"nobody is hosting a game at {address} (connection refused)") from None
    except socket.gaierror:
        raise NetFailure(f"there is no machine called {safe_text(address.host)}") from None
    except TimeoutError:
        raise NetFailure(f"{address} did not answer (is the address right?)") from None
    except (InvalidHandshake, InvalidURI):
        raise NetFailure(
            f"{address} is not a spit-tui game (it does not speak its protocol)"
        ) from None
    except (OSError, WebSocketException, ValueError) as error:
        reason = getattr(error, "strerror", None) or error
        raise NetFailure(f"cannot connect to {address}: {safe_text(reason)}") from None
    return NetLink(client, address)


async def open_host(
    game: GameDescriptor[Any],
    *,
    port: int,
    name: str,
    public: bool = False,
    password: str | None = None,
    replay_dir: Path | None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
) -> NetLink:
    """Host ``game`` here and sit down at it as its first player. Raises ``NetFailure``."""
    try:
        hosted = await HostedGame.start(
            game,
            port=port,
            public=public,
            password=password,
            replay_dir=replay_dir,
            seed=seed,
            options=options,
        )
    except HostError as error:
        raise NetFailure(safe_text(error)) from None
    try:
        return await join_hosted(hosted, game, name)
    except BaseException:
        await hosted.close()
        raise


async def join_hosted(hosted: HostedGame, game: GameDescriptor[Any], name: str) -> NetLink:
    """Sit down at the game this machine hosts, as any player does: through a client.
    Raises ``NetFailure``."""
    link = await open_join(hosted.local, hosted.code, name, hosted.password, tls=hosted.own_tls)
    link.hosted = hosted
    link.game = game.name
    return link
