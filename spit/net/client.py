"""The client side of a network game: connect, answer pings, send intents, keep views.

A client decides nothing: it sends what its player pressed, stamped with its own
clock, and keeps what the server last said: the seat's view, the news, who is away
and for how long, the end of the game, who asked for a rematch. Every frame from the
server is checked against its schema (``spit.net.protocol.parse_server``) before it
is used; a frame that is not a message of the protocol closes the connection, and
``error`` says why, in words a screen can show.

A screen waits on ``changed`` (set after every message that changed something, and
when the connection ends) and then reads the attributes; it clears the event itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from ssl import SSLContext
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from spit.net.protocol import (
    FILE_NAME,
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    Close,
    Message,
    ProtocolError,
    encode,
    parse_server,
)


class ReplayUnavailable(Exception):
    """The server has no replay to give (none recorded, or the game is not over)."""


class NetClient:
    """One connection to a server, for a player (or a bot, or a test)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._ws: ClientConnection | None = None
        self.welcome: dict[str, Any] | None = None
        self.names: list[str] = []
        self.game: str | None = None
        """The registered game's name, from the view frames."""
        self.view: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.rtt: list[float] = []
        """Both seats' round-trip times (ms) from the last view, by seat."""
        self.finished = False
        self.away: tuple[int, int] | None = None
        """``(seat, seconds_left)`` while a seat is disconnected, in its grace period."""
        self.grace_over: int | None = None
        """The seat whose grace period ran out: this player may ``take_win`` or
        ``play_bot`` (the server takes the win for them after a while)."""
        self.over: dict[str, Any] | None = None
        """The server's ``over`` message (``winner``, ``reason``, ``replay``, ``hash``).
        ``reason`` says how it ended: the game's own word (``"cards"``, ``"points"``),
        ``"left"`` (a player left on purpose) or ``"forfeit"`` (a player did not come
        back in time)."""
        self.rematch_asked: set[int] = set()
        self.refusal: str | None = None
        """Why the server refused or closed the connection, as it said (with when to
        try again, if it said that: a full server, too many wrong codes)."""
        self.retry_after: int | None = None
        """In how many seconds the server said to try again, when it refused."""
        self.error: str | None = None
        """Why this client closed the connection: the server broke the protocol."""
        self.frames: list[str] = []
        """Every frame received, in order: what this client was told, for tests."""
        self.changed = asyncio.Event()
        self._seq = 0
        self._reader: asyncio.Task[None] | None = None
        self._replays: asyncio.Queue[Message] = asyncio.Queue(maxsize=4)
        self._address: tuple[str, str | None, str | None, str] | None = None
        self._ended = False
        self._ssl: SSLContext | None = None
        self.watching = False
        """A spectator's connection (``connect(watch=True)``)."""
        self.seen: list[dict[str, Any]] = []
        """A spectator's ``view`` frames of the current game, in order (``t``, ``view``,
        ``events``, ``finished``): the game from its start, as the server sent it."""
        self.past = 0
        """Of ``seen``, the frames of the game before this spectator came."""

    def now_ms(self) -> float:
        return self._clock() * 1000.0

    @property
    def reason(self) -> str | None:
        """Why the connection ended, for a screen: this client's complaint about the
        server, else the server's refusal or close reason (pass it through
        ``safe_text`` before showing it: it is the server's text)."""
        return self.error or self.refusal

    @property
    def connected(self) -> bool:
        """Welcomed, and the connection not known to be over."""
        return self.welcome is not None and not self._ended

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
        watch: bool = False,
    ) -> dict[str, Any]:
        """Connect and say hello; the server's welcome. Raises ``ProtocolError`` with
        the server's reason if it refuses, or with this client's if the server's answer
        breaks the protocol. ``ssl`` (``spit.net.tls.client_context``) is for a
        ``wss://`` address; without it one is checked against the system's CAs.
        ``create`` asks a server for many rooms for a new one instead of ``room``: its
        ``game``, ``options`` and ``public`` (``spit.net.lobby``); the welcome says its
        code. ``watch``: follow the room as a spectator (``watching`` is its welcome;
        ``seen`` then holds the game's public frames from its start)."""
        self._ended = True  # until welcomed
        self._ws = await connect(uri, max_size=MAX_SERVER_MESSAGE, open_timeout=10, ssl=ssl)
        self.retry_after = None
        self._ssl = ssl
        hello: dict[str, Any] = {"v": version, "name": name}
        for key, value in (("room", room), ("password", password), ("token", token)):
            if value is not None:
                hello[key] = value
        if create is not None:  # a new room on a server for many (``spit-tui serve``)
            hello.update(create=True, **create)
        if watch:
            hello["watch"] = True
        with contextlib.suppress(ConnectionClosed):  # refused at once: read why below
            await self._ws.send(encode("hello", **hello))
        try:
            first = await self._check(self._ws, await self._ws.recv())
        except ConnectionClosed as gone:
            self.refusal = gone.rcvd.reason if gone.rcvd is not None else "closed"
            raise ProtocolError(self.refusal or "the server closed the connection") from None
        if first.type != ("watching" if watch else "welcome"):
            self.refusal = str(first.get("reason") or f"the server sent {first.type} first")
            self.retry_after = first.get("retry_after")
            if self.retry_after is not None and "try again" not in self.refusal:
                self.refusal += f" (try again in {self.retry_after} s)"
            await self._ws.close()
            code = first.get("code")
            known = code in Close._value2member_map_
            raise ProtocolError(
                self.refusal,
                Close(code) if known else Close.REFUSED,
                retry_after=self.retry_after,
            )
        self.welcome = {"type": first.type, **first.fields}
        self.names = list(first["names"])
        self.watching = watch
        self.seen.clear()
        self.past = first["history"] if watch else 0
        self._address = (uri, first["room"], password, name)
        self.refusal = self.error = None
        self._ended = False
        self._reader = asyncio.get_running_loop().create_task(self._read_all(self._ws))
        return self.welcome

    async def rejoin(self) -> dict[str, Any]:
        """Connect again to the same seat with the token of the welcome (after the
        connection was lost); the server then sends the full table."""
        assert self._address is not None and self.welcome is not None, "never connected"
        await self.close(leave=False)
        uri, room, password, name = self._address
        if self.watching:  # a spectator watches again, and is sent the game again
            return await self.connect(
                uri, name, room=room, password=password, ssl=self._ssl, watch=True
            )
        return await self.connect(
            uri, name, room=room, password=password, token=self.welcome["token"], ssl=self._ssl
        )

    async def intent(self, text: str) -> None:
        """Send what the player pressed, stamped with this machine's clock."""
        self._seq += 1
        await self._send(encode("intent", seq=self._seq, t=self.now_ms(), intent=text))

    async def rematch(self) -> None:
        """Ask for another game in this room (it starts when both have asked)."""
        await self._send(encode("rematch"))

    async def take_win(self) -> None:
        """After the opponent's grace period ran out: end the game, won by forfeit."""
        await self._send(encode("take_win"))

    async def play_bot(self) -> None:
        """After the opponent's grace period ran out: go on against a bot in their seat."""
        await self._send(encode("play_bot"))

    async def fetch_replay(self, timeout_s: float = 10.0) -> tuple[str, str]:
        """The server's replay of the game just over: (file name, text). Raises
        ``ReplayUnavailable`` with the server's reason, ``TimeoutError``, or
        ``ConnectionClosed``."""
        while not self._replays.empty():  # an answer to an earlier request
            self._replays.get_nowait()
        await self._send(encode("fetch_replay"))
        answer = await asyncio.wait_for(self._replays.get(), timeout_s)
        name, text = answer["name"], answer["text"]
        if name is None or text is None:
            raise ReplayUnavailable(answer.get("error") or "the server recorded no replay")
        return name, text

    async def close(self, *, leave: bool = True) -> None:
        """End the connection. ``leave``: tell the server first (a player who leaves a
        game that is still on concedes it); without it the server sees a lost line,
        and keeps the seat for its grace period."""
        ws, reader = self._ws, self._reader
        self._ws = self._reader = None
        self._ended = True
        if ws is not None:
            if leave:
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(encode("leave"))
            await ws.close()
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader

    async def _send(self, frame: str) -> None:
        if self._ws is None:
            raise ConnectionClosed(None, None)
        await self._ws.send(frame)

    async def _read_all(self, ws: ClientConnection) -> None:
        try:
            async for frame in ws:
                received = self.now_ms()
                message = await self._check(ws, frame)
                self.frames.append(str(frame))
                if message.type == "ping":
                    await ws.send(encode("pong", id=message["id"], c1=received, c2=self.now_ms()))
                    continue
                self._take(message)
                self.changed.set()
        except (ConnectionClosed, ProtocolError):
            pass
        finally:
            self._ended = True
            if ws.close_code is not None and self.refusal is None and ws.close_reason:
                self.refusal = ws.close_reason
            self.changed.set()

    async def _check(self, ws: ClientConnection, frame: str | bytes) -> Message:
        """The message a frame holds; on a bad one, close with the reason and raise."""
        try:
            return parse_server(frame)
        except ProtocolError as error:
            self.error = f"the server sent a bad message: {error.reason}"
            await ws.close(int(error.code), error.reason[:120])
            raise

    def _take(self, message: Message) -> None:
        kind = message.type
        if kind == "view":
            self.view = message["view"]
            self.events.extend(message["events"])
            self.rtt = message["rtt"]
            self.finished = message["finished"]
            self.game = message.get("game") or self.game
            if self.watching:
                self.seen.append(dict(message.fields))
        elif kind == "away":
            self.away = (message["seat"], message["seconds_left"])
        elif kind == "back":
            self.away = None
            self.grace_over = None
        elif kind == "grace_over":
            self.away = None
            self.grace_over = message["seat"]
        elif kind == "over":
            self.over = dict(message.fields)
            self.finished = True
            self.grace_over = None
            self.away = None
        elif kind == "rematch":
            self.rematch_asked.add(message["seat"])
        elif kind == "new_game":
            self.names = list(message["names"])
            self.view, self.over, self.finished = None, None, False
            self.events.clear()
            self.rematch_asked.clear()
            if self.seen:  # a rematch: what came before was the last game's
                self.past = 0
            self.seen.clear()
        elif kind == "replay":
            with contextlib.suppress(asyncio.QueueFull):
                self._replays.put_nowait(message)
        elif kind == "refused":
            self.refusal = message["reason"]


def save_replay(folder: Path, name: str, text: str) -> Path:
    """Write a replay the server sent into ``folder`` (made if missing) under ``name``,
    byte for byte as the server's file, and return its path. The name must be a plain
    file name (``FILE_NAME``: no folder, no hidden file); a file of that name already
    there is never overwritten: ``_2``, ``_3``, ... go before the suffix. Raises
    ``ValueError`` for a name that is not a plain file name and ``OSError`` when the
    file cannot be written."""
    if not FILE_NAME.fullmatch(name) or name in (".", ".."):
        raise ValueError("the server's replay name is not a plain file name")
    folder.mkdir(parents=True, exist_ok=True)
    stem, dot, suffix = name.partition(".")
    data = text.encode("utf-8")
    for number in range(1, 1000):
        candidate = folder / (name if number == 1 else f"{stem}_{number}{dot}{suffix}")
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        return candidate
    raise FileExistsError(f"too many replays named {name} in the folder")
