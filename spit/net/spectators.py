"""The spectators of a server's rooms: who watches which room, and their connections.

A spectator watches a room by its code (``hello`` with ``watch``) and is sent only the
room's public frames (``Room``'s ``SPECTATORS`` address: what both players can see),
from the start of the game (``Room.spectator_snapshot``), then live. Nothing it sends
reaches the room: it may say ``leave`` (and answer a ping); anything else is refused.

Each spectator has its own queue and its own task that sends from it, so the room's
task only appends to queues and never waits on a spectator's line: a slow or stalled
spectator cannot hold up the game. One that falls ``BACKLOG`` frames behind the live
game is closed (``Close.BEHIND``) and may watch again, from the start.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable, Iterable
from typing import Final

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from spit.net.limits import TokenBucket
from spit.net.protocol import Close, Leave, Pong, ProtocolError, parse_client
from spit.net.room import SPECTATORS, Outbox

BACKLOG: Final = 512
"""Live frames a spectator may have waiting (beyond the game's past, sent first)."""
BURST: Final = 10
RATE: Final = 2.0
"""A spectator's messages: bursts of ``BURST``, then ``RATE`` a second (it needs none
but ``leave``); beyond ``FLOOD`` dropped ones it is closed (``Close.FLOOD``)."""
FLOOD: Final = 100


class Spectator:
    """One spectator's connection and the frames queued for it."""

    def __init__(self, ws: ServerConnection, first: Iterable[str]) -> None:
        self.ws = ws
        self._queue: deque[str] = deque(first)
        self._limit = len(self._queue) + BACKLOG
        self._wake = asyncio.Event()
        self._wake.set()
        self.behind = False

    def push(self, frame: str) -> None:
        """Queue a frame (never waits); past the backlog, the spectator is behind."""
        if len(self._queue) >= self._limit:
            self.behind = True
        else:
            self._queue.append(frame)
        self._wake.set()

    async def send_all(self) -> None:
        """Send the queued frames as the line takes them, until cancelled; raises
        ``ProtocolError`` once the spectator is too far behind."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                await self.ws.send(self._queue.popleft())
            if self.behind:
                raise ProtocolError(
                    "you fell too far behind the game; watch again to catch up", Close.BEHIND
                )


class Spectators:
    """Every room's spectators, by room code."""

    def __init__(self) -> None:
        self._rooms: dict[str, set[Spectator]] = {}

    def count(self, code: str) -> int:
        return len(self._rooms.get(code, ()))

    def total(self) -> int:
        return sum(len(watching) for watching in self._rooms.values())

    def deliver(self, code: str, outbox: Outbox) -> None:
        """Queue the outbox's frames for the spectators (``SPECTATORS``) of the room.
        Call it right after the room's step, before anything awaits: a spectator who
        arrives later has these frames in the room's history already."""
        watching = self._rooms.get(code)
        if not watching:
            return
        for index, frame in outbox:
            if index == SPECTATORS:
                for spectator in watching:
                    spectator.push(frame)

    def take(self, code: str) -> set[Spectator]:
        """The room's spectators, forgotten (the room is closing)."""
        return self._rooms.pop(code, set())

    async def serve(
        self, code: str, ws: ServerConnection, first: list[str], now_s: Callable[[], float]
    ) -> None:
        """Follow the room for one spectator until it leaves, its line drops, or the
        room closes: ``first`` (the welcome and the game so far) and then the live
        frames. Raises ``ProtocolError`` for a message a spectator may not send."""
        spectator = Spectator(ws, first)
        self._rooms.setdefault(code, set()).add(spectator)
        sender = asyncio.get_running_loop().create_task(spectator.send_all())
        reader = asyncio.get_running_loop().create_task(_read(ws, now_s))
        try:
            done, _ = await asyncio.wait((sender, reader), return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()  # a refusal or a dropped line, raised here
        finally:
            watching = self._rooms.get(code)
            if watching is not None:
                watching.discard(spectator)
                if not watching:
                    del self._rooms[code]
            for task in (sender, reader):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, ConnectionClosed, ProtocolError):
                    await task


async def _read(ws: ServerConnection, now_s: Callable[[], float]) -> None:
    """A spectator's messages, checked and rate-limited; none reaches the game."""
    bucket = TokenBucket(BURST, RATE)
    async for frame in ws:
        message = parse_client(frame)
        if not bucket.take(now_s()):
            if bucket.dropped > FLOOD:
                raise ProtocolError("too many messages", Close.FLOOD)
            continue
        if isinstance(message, Leave):
            await ws.close(int(Close.NORMAL), "stopped watching")
            return
        if not isinstance(message, Pong):
            raise ProtocolError(f"a spectator only watches: {message.kind} is for players")
