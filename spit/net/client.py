"""The client side of a network game: connect, answer pings, send intents, keep views.

A client decides nothing: it sends what its player pressed, stamped with its own
clock, and keeps the latest view the server sent. Frames from the server are checked
for their shape only (a JSON object with a type); checking each server message's
fields as strictly as the server checks the client's is still to be written.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Mapping
from ssl import SSLContext
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from spit.net.protocol import MAX_SERVER_MESSAGE, PROTOCOL_VERSION, ProtocolError, encode


class NetClient:
    """One connection to a server, for a player (or a bot, or a test)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._ws: ClientConnection | None = None
        self.welcome: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.refusal: str | None = None
        self.finished = False
        self.frames: list[str] = []
        """Every frame received, in order: what this client was told, for tests."""
        self.changed = asyncio.Event()
        self._seq = 0
        self._reader: asyncio.Task[None] | None = None

    def now_ms(self) -> float:
        return self._clock() * 1000.0

    async def connect(
        self,
        uri: str,
        name: str,
        *,
        room: str | None = None,
        password: str | None = None,
        token: str | None = None,
        version: int = PROTOCOL_VERSION,
        ssl: SSLContext | None = None,
        create: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Connect and say hello; the server's welcome. Raises ``ProtocolError`` with
        the server's reason if it refuses. ``ssl`` (``spit.net.tls.client_context``) is
        for a ``wss://`` address; without it one is checked against the system's CAs.
        ``create`` asks a server for many rooms for a new one instead of ``room``: its
        ``game``, ``options`` and ``public`` (``spit.net.lobby``); the welcome says its
        code."""
        self._ws = await connect(uri, max_size=MAX_SERVER_MESSAGE, open_timeout=10, ssl=ssl)
        hello: dict[str, Any] = {"v": version, "name": name}
        for key, value in (("room", room), ("password", password), ("token", token)):
            if value is not None:
                hello[key] = value
        if create is not None:  # a new room on a server for many (``spit-tui serve``)
            hello.update(create=True, **create)
        await self._ws.send(encode("hello", **hello))
        first = self._read(await self._ws.recv())
        if first.get("type") != "welcome":
            self.refusal = str(first.get("reason", "refused"))
            await self._ws.close()
            raise ProtocolError(self.refusal)
        self.welcome = first
        self._reader = asyncio.get_running_loop().create_task(self._read_all())
        return first

    async def intent(self, text: str) -> None:
        """Send what the player pressed, stamped with this machine's clock."""
        assert self._ws is not None
        self._seq += 1
        await self._ws.send(encode("intent", seq=self._seq, t=self.now_ms(), intent=text))

    async def close(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._ws.send(encode("leave"))
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    async def _read_all(self) -> None:
        assert self._ws is not None
        with contextlib.suppress(ConnectionClosed):
            async for frame in self._ws:
                received = self.now_ms()
                message = self._read(frame)
                self.frames.append(str(frame))
                kind = message.get("type")
                if kind == "ping":
                    await self._ws.send(
                        encode("pong", id=message["id"], c1=received, c2=self.now_ms())
                    )
                elif kind == "view":
                    self.view = message["view"]
                    self.events.extend(message.get("events", []))
                    self.finished = bool(message.get("finished"))
                    self.changed.set()
                elif kind == "refused":
                    self.refusal = str(message.get("reason"))
        self.changed.set()

    @staticmethod
    def _read(frame: str | bytes) -> dict[str, Any]:
        if not isinstance(frame, str):
            raise ProtocolError("the server sent a binary frame")
        data = json.loads(frame)
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise ProtocolError("the server sent something that is not a message")
        return data
