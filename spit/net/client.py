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
    Away,
    Back,
    Close,
    FetchReplay,
    GraceOver,
    Hello,
    Intent,
    Leave,
    NewGame,
    Over,
    Payload,
    Ping,
    PlayBot,
    Pong,
    ProtocolError,
    Rated,
    Refused,
    Rematch,
    RematchAsked,
    ReplayText,
    ServerMessage,
    TakeWin,
    View,
    Watching,
    Welcome,
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
        self.welcome: Welcome | Watching | None = None
        """The server's welcome (a spectator's ``Watching``), once connected."""
        self.names: list[str] = []
        self.game: str | None = None
        """The registered game's name, from the view frames."""
        self.view: Payload | None = None
        """The seat's latest view: the game's own JSON object."""
        self.events: list[Payload] = []
        """All news of this game so far, each the game's own JSON object."""
        self.rtt: list[float] = []
        """Both seats' round-trip times (ms) from the last view, by seat."""
        self.finished = False
        self.away: tuple[int, int] | None = None
        """``(seat, seconds_left)`` while a seat is disconnected, in its grace period."""
        self.grace_over: int | None = None
        """The seat whose grace period ran out: this player may ``take_win`` or
        ``play_bot`` (the server takes the win for them after a while)."""
        self.over: Over | None = None
        """The server's ``over`` message (``winner``, ``reason``, ``replay``, ``hash``).
        ``reason`` says how it ended: the game's own word (``"cards"``, ``"points"``),
        ``"left"`` (a player left on purpose) or ``"forfeit"`` (a player did not come
        back in time)."""
        self.rematch_asked: set[int] = set()
        self.rated: Rated | None = None
        """On a server with accounts, after ``over``: the seats' ratings before and
        after the game (or why it rated no one), once the server recorded it."""
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
        self._replays: asyncio.Queue[ReplayText] = asyncio.Queue(maxsize=4)
        self._address: tuple[str, str | None, str | None, str] | None = None
        self._ended = False
        self._ssl: SSLContext | None = None
        self.watching = False
        """A spectator's connection (``connect(watch=True)``)."""
        self.seen: list[View] = []
        """A spectator's ``view`` frames of the current game, in order: the game from
        its start, as the server sent it."""
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
    ) -> Welcome | Watching:
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
        # a new room on a server for many (``spit-tui serve``): its game, options, public
        asked: dict[str, Any] = {} if create is None else {"create": True, **create}
        hello = Hello(
            v=version,
            name=name,
            room=room,
            password=password,
            token=token,
            watch=watch,
            **asked,
        )
        with contextlib.suppress(ConnectionClosed):  # refused at once: read why below
            await self._ws.send(encode(hello))
        try:
            first = await self._check(self._ws, await self._ws.recv())
        except ConnectionClosed as gone:
            self.refusal = gone.rcvd.reason if gone.rcvd is not None else "closed"
            raise ProtocolError(self.refusal or "the server closed the connection") from None
        if not isinstance(first, Watching if watch else Welcome):
            await self._ws.close()
            raise self._refused(first)
        assert isinstance(first, Welcome | Watching)
        self.welcome = first
        self.names = list(first.names)
        self.watching = watch
        self.seen.clear()
        self.past = first.history if isinstance(first, Watching) else 0
        self._address = (uri, first.room, password, name)
        self.refusal = self.error = None
        self._ended = False
        self._reader = asyncio.get_running_loop().create_task(self._read_all(self._ws))
        return self.welcome

    def _refused(self, first: ServerMessage) -> ProtocolError:
        """Why the server did not welcome this client, from its first message (a
        ``refused``, or anything else in its place), kept in ``refusal``."""
        if isinstance(first, Refused):
            self.refusal, self.retry_after = first.reason, first.retry_after
            code = Close(first.code) if first.code in Close._value2member_map_ else None
        else:
            self.refusal = f"the server sent {first.kind} first"
            code = None
        if self.retry_after is not None and "try again" not in self.refusal:
            self.refusal += f" (try again in {self.retry_after} s)"
        return ProtocolError(self.refusal, code or Close.REFUSED, retry_after=self.retry_after)

    async def rejoin(self) -> Welcome | Watching:
        """Connect again to the same seat with the token of the welcome (after the
        connection was lost); the server then sends the full table."""
        welcome = self.welcome
        assert self._address is not None and welcome is not None, "never connected"
        await self.close(leave=False)
        uri, room, password, name = self._address
        if isinstance(welcome, Watching):  # a spectator watches again, and is sent the game
            return await self.connect(
                uri, name, room=room, password=password, ssl=self._ssl, watch=True
            )
        return await self.connect(
            uri, name, room=room, password=password, token=welcome.token, ssl=self._ssl
        )

    async def intent(self, text: str) -> None:
        """Send what the player pressed, stamped with this machine's clock."""
        self._seq += 1
        await self._send(encode(Intent(seq=self._seq, t=self.now_ms(), text=text)))

    async def rematch(self) -> None:
        """Ask for another game in this room (it starts when both have asked)."""
        await self._send(encode(Rematch()))

    async def take_win(self) -> None:
        """After the opponent's grace period ran out: end the game, won by forfeit."""
        await self._send(encode(TakeWin()))

    async def play_bot(self) -> None:
        """After the opponent's grace period ran out: go on against a bot in their seat."""
        await self._send(encode(PlayBot()))

    async def fetch_replay(self, timeout_s: float = 10.0) -> tuple[str, str]:
        """The server's replay of the game just over: (file name, text). Raises
        ``ReplayUnavailable`` with the server's reason, ``TimeoutError``, or
        ``ConnectionClosed``."""
        while not self._replays.empty():  # an answer to an earlier request
            self._replays.get_nowait()
        await self._send(encode(FetchReplay()))
        answer = await asyncio.wait_for(self._replays.get(), timeout_s)
        if answer.name is None or answer.text is None:
            raise ReplayUnavailable(answer.error or "the server recorded no replay")
        return answer.name, answer.text

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
                    await ws.send(encode(Leave()))
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
                if isinstance(message, Ping):
                    await ws.send(encode(Pong(id=message.id, c1=received, c2=self.now_ms())))
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

    async def _check(self, ws: ClientConnection, frame: str | bytes) -> ServerMessage:
        """The message a frame holds; on a bad one, close with the reason and raise."""
        try:
            return parse_server(frame)
        except ProtocolError as error:
            self.error = f"the server sent a bad message: {error.reason}"
            await ws.close(int(error.code), error.reason[:120])
            raise

    def _take(self, message: ServerMessage) -> None:
        match message:
            case View():
                self.view = message.view
                self.events.extend(message.events)
                self.rtt = message.rtt
                self.finished = message.finished
                self.game = message.game or self.game
                if self.watching:
                    self.seen.append(message)
            case Away():
                self.away = (message.seat, message.seconds_left)
            case Back():
                self.away = None
                self.grace_over = None
            case GraceOver():
                self.away = None
                self.grace_over = message.seat
            case Over():
                self.over = message
                self.finished = True
                self.grace_over = None
                self.away = None
            case RematchAsked():
                self.rematch_asked.add(message.seat)
            case Rated():
                self.rated = message
            case NewGame():
                self.names = list(message.names)
                self.view, self.over, self.finished = None, None, False
                self.rated = None
                self.events.clear()
                self.rematch_asked.clear()
                if self.seen:  # a rematch: what came before was the last game's
                    self.past = 0
                self.seen.clear()
            case ReplayText():
                with contextlib.suppress(asyncio.QueueFull):
                    self._replays.put_nowait(message)
            case Refused():
                self.refusal = message.reason


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
