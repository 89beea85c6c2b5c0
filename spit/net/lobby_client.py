"""A client's questions to a server for many rooms that need no seat: the open public
rooms, and a finished game's replay by its room code. Each is one connection: ``hello``
with the question, one answer, closed.

``room_uri`` puts a room's code into the address a client connects to
(``ws://club.example:7788/room/7KX-PM2-QDA``). The server reads the code from the ``hello``
and ignores the path; the path is there for a reverse proxy in front of several server
processes, which routes by it (``docs/deploy.md``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from ssl import SSLContext
from typing import Final

from websockets.asyncio.client import connect

from spit.net.protocol import (
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    Hello,
    ListedRoom,
    ProtocolError,
    Refused,
    ReplayText,
    Rooms,
    ServerMessage,
    encode,
    parse_server,
)

ASKER: Final = "lobby"
"""The name a question's ``hello`` carries (the schema asks for one; nobody sees it)."""


def room_uri(server: str, code: str) -> str:
    """The address to join room ``code`` on ``server`` (``ws://host:port``)."""
    return f"{server.rstrip('/')}/room/{code}"


@dataclass(frozen=True, slots=True)
class RoomList:
    """A server's answer to ``list``: its open rooms, and whether it opens new ones
    (``spit-tui serve``) or holds only the rooms it opened itself (``spit-tui host``,
    whose one room it lists while the room waits)."""

    rooms: list[ListedRoom]
    """Each room's code, game, who waits in it and whether it needs a password: the
    server's text, checked for its form, to be made safe before it is shown."""
    creates: bool


async def ask_rooms(
    uri: str, *, ssl: SSLContext | None = None, timeout_s: float = 10.0
) -> RoomList:
    """The server's open rooms, and whether it opens rooms. Raises ``ProtocolError``,
    ``OSError``, ``TimeoutError`` or a ``websockets`` exception."""
    answer = await _ask(uri, Hello(v=PROTOCOL_VERSION, name=ASKER, list_rooms=True), ssl, timeout_s)
    if not isinstance(answer, Rooms):
        raise ProtocolError(f"the server answered {answer.kind} to a list of rooms")
    return RoomList(answer.rooms, answer.create)


async def list_rooms(
    uri: str, *, ssl: SSLContext | None = None, timeout_s: float = 10.0
) -> list[ListedRoom]:
    """The server's open public rooms (``ask_rooms``' ``rooms``). Raises
    ``ProtocolError``."""
    return (await ask_rooms(uri, ssl=ssl, timeout_s=timeout_s)).rooms


async def replay_by_code(
    uri: str,
    code: str,
    *,
    password: str | None = None,
    ssl: SSLContext | None = None,
    timeout_s: float = 30.0,
) -> tuple[str, str]:
    """A finished game's replay from the server, by its room code: (file name, text).
    Raises ``ProtocolError`` with the server's reason (no such game, wrong password)."""
    hello = Hello(v=PROTOCOL_VERSION, name=ASKER, room=code, password=password, replay=True)
    answer = await _ask(uri, hello, ssl, timeout_s)
    if not isinstance(answer, ReplayText):
        raise ProtocolError(f"the server answered {answer.kind} to a replay request")
    if answer.name is None or answer.text is None:
        raise ProtocolError(answer.error or "the server sent no replay")
    return answer.name, answer.text


async def _ask(uri: str, hello: Hello, ssl: SSLContext | None, timeout_s: float) -> ServerMessage:
    """The server's answer to one ``hello``, checked as any message from a server
    (``parse_server``); its refusal raised as ``ProtocolError``."""
    async with asyncio.timeout(timeout_s):
        async with connect(uri, max_size=MAX_SERVER_MESSAGE, ssl=ssl) as ws:
            await ws.send(encode(hello))
            frame = await ws.recv()
    answer = parse_server(frame)
    if isinstance(answer, Refused):
        raise ProtocolError(answer.reason)
    return answer
