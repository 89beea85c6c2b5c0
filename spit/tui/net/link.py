"""A network game as the screens hold it: the client, and the server when we host.

``open_join`` connects to someone's game, ``open_host`` starts one here and connects
to it the same way; each gives a ``NetLink`` or raises ``NetFailure`` with a message
for the player (outside text made safe). ``NetLink.close`` ends both.
"""

from __future__ import annotations

import contextlib
import getpass
import socket
import ssl
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException

from spit.core.safe_text import safe_text
from spit.games.descriptor import GameDescriptor
from spit.net.addresses import Address
from spit.net.client import NetClient
from spit.net.codes import normal_code
from spit.net.hosting import HostedGame, HostError
from spit.net.lobby_client import RoomList, ask_rooms, room_uri
from spit.net.protocol import MAX_NAME, MAX_PASSWORD, ProtocolError


class NetFailure(Exception):
    """Connecting or hosting failed; the message is for the player, already safe."""


@dataclass(frozen=True, slots=True)
class NewRoom:
    """A room to open on a server for many rooms (``spit-tui serve``): its game (a
    registered name), the game's options (``GameDescriptor.net``'s ``options`` keys), whether
    the server lists it to everyone, and its password."""

    game: str
    options: Mapping[str, str | int]
    public: bool = False
    password: str | None = None

    def create(self) -> dict[str, object]:
        """The ``hello``'s room fields (``NetClient.connect``'s ``create``)."""
        return {"game": self.game, "options": dict(self.options), "public": self.public}


@dataclass
class NetLink:
    """One player's network game: the client, its address, and the hosted server."""

    client: NetClient
    address: Address
    hosted: HostedGame | None = None
    game: str | None = None
    """The registered game's name, when known before the first view (we host it, or
    opened the room)."""
    opened: NewRoom | None = None
    """The room we asked a server for many rooms to open, if we did."""

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
    """A room code (or watch code) as typed, in the server's form (``spit.net.codes``:
    ``7kx-pm2-qda`` and ``7KXPM2QDA`` are fine, ``O`` reads as zero, ``I`` and ``L`` as
    one). Raises ``ValueError``."""
    normal = normal_code(code)
    if normal is None:
        raise ValueError(
            f"{safe_text(code.strip(), limit=16)!r} is not a room code: nine letters and "
            "digits in three groups, like 7KX-PM2-QDA"
        )
    return normal


def check_password(password: str) -> str:
    if not 0 < len(password) <= MAX_PASSWORD or not password.isprintable():
        raise ValueError(f"a password is 1 to {MAX_PASSWORD} printable characters")
    return password


@contextlib.contextmanager
def reaching(address: Address) -> Iterator[None]:
    """Turn what can go wrong in reaching the server at ``address`` (a refusal, nobody
    there, no such machine, no answer, an untrusted certificate, not a spit-tui server)
    into a ``NetFailure`` saying so, outside text made safe."""
    try:
        yield
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


async def open_join(
    address: Address,
    code: str | None,
    name: str,
    password: str | None = None,
    *,
    create: Mapping[str, Any] | None = None,
    tls: ssl.SSLContext | None = None,
    token: str | None = None,
) -> NetLink:
    """Connect to the game at ``address`` and take a seat: in room ``code``, or, with
    ``create`` (its ``game``, ``options`` and ``public``), in a room the server opens
    for us (``spit-tui serve``); ``token``: the seat a match kept for us
    (``spit.net.online``). A room is joined at its own path
    (``spit.net.lobby_client.room_uri``), by which a proxy in front of several servers
    routes. ``tls`` checks the server's certificate at a ``wss://`` address (by
    default against the system's authorities). Raises ``NetFailure``."""
    client = NetClient()
    uri = address.uri if code is None else room_uri(address.uri, code)
    with reaching(address):
        await client.connect(
            uri,
            name,
            room=code,
            password=password,
            create=create,
            token=token,
            ssl=tls if address.tls else None,
        )
    return NetLink(client, address)


async def open_room(
    address: Address, name: str, room: NewRoom, *, tls: ssl.SSLContext | None = None
) -> NetLink:
    """Open ``room`` on the server for many rooms at ``address`` and take its first
    seat. Raises ``NetFailure``."""
    link = await open_join(address, None, name, room.password, create=room.create(), tls=tls)
    link.game, link.opened = room.game, room
    return link


async def server_rooms(address: Address, *, tls: ssl.SSLContext | None = None) -> RoomList:
    """The open rooms of the server at ``address``, and whether it opens rooms.
    Raises ``NetFailure``."""
    with reaching(address):
        return await ask_rooms(address.uri, ssl=tls if address.tls else None)


async def open_host(
    game: GameDescriptor,
    *,
    port: int,
    name: str,
    public: bool = False,
    password: str | None = None,
    replay_dir: Path | None,
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
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
            options=None if options is None else dict(options),
        )
    except HostError as error:
        raise NetFailure(safe_text(error)) from None
    try:
        return await join_hosted(hosted, game, name)
    except BaseException:
        await hosted.close()
        raise


async def join_hosted(hosted: HostedGame, game: GameDescriptor, name: str) -> NetLink:
    """Sit down at the game this machine hosts, as any player does: through a client.
    Raises ``NetFailure``."""
    link = await open_join(hosted.local, hosted.code, name, hosted.password, tls=hosted.own_tls)
    link.hosted = hosted
    link.game = game.name
    return link


async def open_watch(
    address: Address,
    code: str,
    password: str | None = None,
    *,
    tls: ssl.SSLContext | None = None,
) -> NetClient:
    """Connect to the room ``code`` at ``address`` as a spectator (at the room's own
    path, by which a proxy in front of several servers routes); the client has the
    game's public frames from its start. Raises ``NetFailure``."""
    from spit.net.lobby_client import room_uri

    client = NetClient()
    with reaching(address):
        try:
            await client.connect(
                room_uri(address.uri, code),
                default_name(),
                room=code,
                password=password,
                watch=True,
                ssl=tls if address.tls else None,
            )
        except ProtocolError as refused:
            if "no field 'watch'" in refused.reason:  # a server from before spectators
                raise NetFailure(f"{address} cannot be watched: its spit-tui is older") from None
            raise
    return client
