"""A client's questions to a server for many rooms that need no seat: the open public
rooms, and a finished game's replay by its room code. Each is one connection: ``hello``
with the question, one answer, closed.

``room_uri`` puts a room's code into the address a client connects to
(``ws://club.example:7788/room/KITE-42``). The server reads the code from the ``hello``
and ignores the path; the path is there for a reverse proxy in front of several server
processes, which routes by it (``docs/deploy.md``).
"""

from __future__ import annotations

import asyncio
import json
from ssl import SSLContext
from typing import Any, Final

from websockets.asyncio.client import connect

from spit.net.protocol import (
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    ROOM_CODE,
    ProtocolError,
    encode,
)

ASKER: Final = "lobby"
"""The name a question's ``hello`` carries (the schema asks for one; nobody sees it)."""


def room_uri(server: str, code: str) -> str:
    """The address to join room ``code`` on ``server`` (``ws://host:port``)."""
    return f"{server.rstrip('/')}/room/{code}"


async def list_rooms(
    uri: str, *, ssl: SSLContext | None = None, timeout_s: float = 10.0
) -> list[dict[str, Any]]:
    """The server's open public rooms: each ``room`` (code), ``game``, ``names`` (who
    waits) and ``password`` (whether one is needed). Raises ``ProtocolError``."""
    answer = await _ask(uri, {"list": True}, "rooms", ssl, timeout_s)
    rooms = answer.get("rooms")
    if not isinstance(rooms, list) or not all(_is_listing(item) for item in rooms):
        raise ProtocolError("the server's list of rooms is not in the expected form")
    return rooms


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
        and isinstance(item.get("names"), list)
        and all(isinstance(name, str) for name in item["names"])
        and isinstance(item.get("password"), bool)
    )
