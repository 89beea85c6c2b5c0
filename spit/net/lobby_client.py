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
import json
from dataclasses import dataclass
from ssl import SSLContext
from typing import Any, Final

from websockets.asyncio.client import connect

from spit.net.codes import ROOM_CODE
from spit.net.protocol import (
    GAME_NAME,
    MAX_NAME,
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    ProtocolError,
    encode,
)

MAX_LISTED: Final = 100
"""Rooms a ``rooms`` answer may hold (the server lists at most this many)."""

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

    rooms: list[dict[str, Any]]
    """Each ``room`` (code), ``game``, ``names`` (who waits) and ``password`` (whether
    one is needed): the server's text, to be made safe before it is shown."""
    creates: bool


async def ask_rooms(
    uri: str, *, ssl: SSLContext | None = None, timeout_s: float = 10.0
) -> RoomList:
    """The server's open rooms, and whether it opens rooms. Raises ``ProtocolError``,
    ``OSError``, ``TimeoutError`` or a ``websockets`` exception."""
    answer = await _ask(uri, {"list": True}, "rooms", ssl, timeout_s)
    rooms, creates = answer.get("rooms"), answer.get("create", True)
    if (
        not isinstance(rooms, list)
        or len(rooms) > MAX_LISTED
        or not all(_is_listing(item) for item in rooms)
        or not isinstance(creates, bool)
    ):
        raise ProtocolError("the server's list of rooms is not in the expected form")
    return RoomList(rooms, creates)


async def list_rooms(
    uri: str, *, ssl: SSLContext | None = None, timeout_s: float = 10.0
) -> list[dict[str, Any]]:
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
    hello: dict[str, Any] = {"room": code, "replay": True}
    if password is not None:
        hello["password"] = password
    answer = await _ask(uri, hello, "replay", ssl, timeout_s)
    name, text = answer.get("name"), answer.get("text")
    if not isinstance(name, str) or not isinstance(text, str):
        raise ProtocolError("the server's replay is not in the expected form")
    return name, text


async def _ask(
    uri: str, fields: dict[str, Any], expected: str, ssl: SSLContext | None, timeout_s: float
) -> dict[str, Any]:
    async with asyncio.timeout(timeout_s):
        async with connect(uri, max_size=MAX_SERVER_MESSAGE, ssl=ssl) as ws:
            await ws.send(encode("hello", v=PROTOCOL_VERSION, name=ASKER, **fields))
            frame = await ws.recv()
    try:
        answer = json.loads(frame)
    except ValueError:
        raise ProtocolError("the server sent something that is not a message") from None
    if not isinstance(answer, dict):
        raise ProtocolError("the server sent something that is not a message")
    if answer.get("type") == "refused":
        raise ProtocolError(str(answer.get("reason", "refused")))
    if answer.get("type") != expected:
        raise ProtocolError(f"the server answered with something other than {expected}")
    return answer


def _is_listing(item: Any) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("room"), str)
        and ROOM_CODE.fullmatch(item["room"]) is not None
        and isinstance(item.get("game"), str)
        and GAME_NAME.fullmatch(item["game"]) is not None
        and isinstance(item.get("names"), list)
        and 1 <= len(item["names"]) <= 2
        and all(isinstance(name, str) and 0 < len(name) <= MAX_NAME for name in item["names"])
        and isinstance(item.get("password"), bool)
    )
