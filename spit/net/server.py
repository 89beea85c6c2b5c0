"""The game server: WebSocket connections in, rooms of two seats, the authority.

One handler per connection, as in the ``websockets`` tutorial: it reads the ``hello``,
seats the player, and then feeds each checked message to the room. One task per room
runs the room's clock: it wakes when a held intent or a timer is due, or when a
message comes in, steps the room and sends each seat what it is to see. Nothing a
client sends can reach another room, and a message that breaks the protocol closes
only that connection (``Close.PROTOCOL`` with the reason).

Limits: ``websockets`` refuses frames over ``MAX_CLIENT_MESSAGE`` and keeps at most
``max_queue`` unread frames per connection; the handler bounds the hello's wait, the
intents' rate (a token bucket far above a human's), and connections per address.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import string
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from ssl import SSLContext
from typing import Final

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from spit.core.safe_text import safe_text
from spit.net.clock_sync import PING_INTERVAL_S
from spit.net.fairness import Ordering
from spit.net.protocol import (
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    Close,
    Message,
    ProtocolError,
    encode,
    parse_client,
)
from spit.net.room import NetTable, Room

log = logging.getLogger(__name__)

HELLO_TIMEOUT_S: Final = 10.0
MAX_PER_ADDRESS: Final = 4
INTENT_BURST: Final = 40
"""Intents a connection may send at once; a player's fastest bursts are under ten."""
INTENT_RATE: Final = 20.0
"""Intents a second a connection earns back: twice the fastest human key rate."""
FLOOD_CLOSE: Final = 500
"""Intents dropped by the rate limit before the connection is closed."""


def new_room_code() -> str:
    """A code to read out: four letters and two digits (``KITE-42``)."""
    letters = "".join(secrets.choice(string.ascii_uppercase) for _ in range(4))
    return f"{letters}-{secrets.randbelow(100):02d}"


@dataclass
class _Bucket:
    """A token bucket for one connection's intents."""

    tokens: float = INTENT_BURST
    at: float = field(default_factory=time.monotonic)
    dropped: int = 0

    def take(self, now: float) -> bool:
        self.tokens = min(INTENT_BURST, self.tokens + (now - self.at) * INTENT_RATE)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False


class GameServer:
    """Rooms and connections. ``make_table`` builds a room's game when it fills."""

    def __init__(
        self,
        make_table: Callable[[tuple[str, str]], NetTable],
        *,
        password: str | None = None,
        ordering: Ordering = Ordering.FAIR,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._make_table = make_table
        self._password = password
        self._ordering = ordering
        self._clock = clock
        self.rooms: dict[str, Room] = {}
        self._sockets: dict[str, list[ServerConnection | None]] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._per_address: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()
        """Why connections were closed, by reason: for tests and the log."""

    def now_ms(self) -> float:
        return self._clock() * 1000.0

    def open_room(self, code: str | None = None) -> Room:
        code = code or new_room_code()
        while code in self.rooms:
            code = new_room_code()
        room = Room(code, self._make_table, ordering=self._ordering, password=self._password)
        self.rooms[code] = room
        self._sockets[code] = [None, None]
        self._wake[code] = asyncio.Event()
        task = asyncio.get_running_loop().create_task(self._run_room(room))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return room

    @contextlib.asynccontextmanager
    async def listening(
        self, host: str = "127.0.0.1", port: int = 0, *, ssl: SSLContext | None = None
    ) -> AsyncIterator[Server]:
        """Listen on ``host:port`` (0: any free port) until the block ends; with ``ssl``
        (``spit.net.tls.server_context``), TLS only (``wss://``)."""
        async with serve(
            self._handle,
            host,
            port,
            ssl=ssl,
            max_size=MAX_CLIENT_MESSAGE,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
        ) as server:
            try:
                yield server
            finally:
                for task in list(self._tasks):
                    task.cancel()
                for room in self.rooms.values():
                    if room.table is not None:
                        room.table.close()

    # --- one connection ------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self._per_address[address] >= MAX_PER_ADDRESS:
            await self._refuse(ws, Close.BUSY, "too many connections from your address")
            return
        self._per_address[address] += 1
        try:
            await self._session(ws)
        except ProtocolError as error:
            await self._refuse(ws, error.code, error.reason)
        except ConnectionClosed:
            pass
        finally:
            self._per_address[address] -= 1

    async def _refuse(self, ws: ServerConnection, code: Close, reason: str) -> None:
        self.refused[reason] += 1
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode("refused", code=int(code), reason=reason))
            await ws.close(int(code), reason[:120])

    async def _session(self, ws: ServerConnection) -> None:
        try:
            frame = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT_S)
        except TimeoutError:
            raise ProtocolError("no hello in time") from None
        hello = parse_client(frame)
        if hello.type != "hello":
            raise ProtocolError("the first message must be hello")
        if hello["v"] != PROTOCOL_VERSION:
            side = "this client" if hello["v"] < PROTOCOL_VERSION else "the server"
            raise ProtocolError(
                f"update spit-tui: the server speaks protocol {PROTOCOL_VERSION}, this client "
                f"{hello['v']} ({side} is older)",
                Close.VERSION,
            )
        room, index = self._seat(hello)
        sockets = self._sockets[room.code]
        sockets[index] = ws
        seat = room.seats[index]
        await ws.send(
            encode(
                "welcome",
                v=PROTOCOL_VERSION,
                room=room.code,
                seat=index,
                token=seat.token,
                names=[safe_text(s.name) for s in room.seats],
            )
        )
        if room.table is not None:
            await ws.send(room.snapshot(index))
        self._wake[room.code].set()
        bucket = _Bucket()
        try:
            async for frame in ws:
                if not self._on_message(room, index, parse_client(frame), bucket):
                    await ws.close(int(Close.NORMAL), "left the game")
                    break
                if bucket.dropped > FLOOD_CLOSE:
                    raise ProtocolError("too many messages", Close.FLOOD)
        finally:
            if sockets[index] is ws:
                sockets[index] = None
                room.drop(index, self.now_ms())
                self._wake[room.code].set()

    def _seat(self, hello: Message) -> tuple[Room, int]:
        code = hello.get("room")
        room = self.rooms.get(code) if isinstance(code, str) else None
        if room is None:
            raise ProtocolError("there is no room with that code", Close.REFUSED)
        if room.password is not None and not secrets.compare_digest(
            room.password.encode(), str(hello.get("password") or "").encode()
        ):
            raise ProtocolError("wrong password", Close.REFUSED)
        token = hello.get("token")
        if isinstance(token, str):
            index = room.seat_of(token)
            if index is None or room.seats[index].connected:
                raise ProtocolError("that seat cannot be taken back", Close.REFUSED)
            room.rejoin(index, self.now_ms())
            return room, index
        seat = room.sit(safe_text(hello["name"]), self.now_ms())
        if seat is None:
            raise ProtocolError("the room is full", Close.REFUSED)
        return room, room.seats.index(seat)

    def _on_message(self, room: Room, index: int, message: Message, bucket: _Bucket) -> bool:
        """Give one message to the room; ``False`` when the player leaves."""
        now = self.now_ms()
        if message.type == "intent":
            if bucket.take(now / 1000.0):
                room.intent(index, message["t"], now, message["intent"])
        elif message.type == "pong":
            room.pong(index, message["id"], message["c1"], message["c2"], now)
        elif message.type == "hello":
            raise ProtocolError("hello comes once")
        elif message.type == "leave":
            return False
        self._wake[room.code].set()
        return True

    # --- one room ------------------------------------------------------------------------

    async def _run_room(self, room: Room) -> None:
        wake = self._wake[room.code]
        next_ping = 0.0
        while True:
            now = self.now_ms()
            try:
                outbox = room.step(now)
            except Exception:  # one room's failure never stops the server
                log.exception("room %s failed", room.code)
                return
            sockets = self._sockets[room.code]
            for index, frame in outbox:
                ws = sockets[index]
                if ws is not None:
                    with contextlib.suppress(ConnectionClosed):
                        await ws.send(frame)
            if now >= next_ping:
                next_ping = now + PING_INTERVAL_S * 1000
                for index, ws in enumerate(sockets):
                    if ws is not None and index < len(room.seats):
                        with contextlib.suppress(ConnectionClosed):
                            await ws.send(room.ping(index, self.now_ms()))
            due = room.wake_at()
            until = min(x for x in (due, next_ping) if x is not None)
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), max(0.0, (until - self.now_ms()) / 1000))
