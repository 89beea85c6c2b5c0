"""A tiny reverse proxy for the tests: routes each WebSocket connection to one of
several ``spit-tui serve`` processes by the room code in its path, as the nginx and
Caddy configurations in ``docs/deploy.md`` do.

``/room/7KX-PM2-QDA`` goes to the backend whose letters include ``7`` (each process hands
out codes from its own letters, ``--codes``); anything else (a new room, the list)
goes to the backends in turn. The proxy adds ``X-Forwarded-For`` with the client's
address, reads nothing past the request's head, and then copies bytes both ways.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
from collections.abc import AsyncIterator, Sequence

from .proxy import loopback_listener

ROOM_PATH = re.compile(rb"^GET /room/([0-9A-Z])[0-9A-Z]{2}-[0-9A-Z]{3}-[0-9A-Z]{3}[ ?]")


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError):
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
    with contextlib.suppress(ConnectionError, RuntimeError):
        writer.close()


@contextlib.asynccontextmanager
async def routing_proxy(backends: Sequence[tuple[str, int]]) -> AsyncIterator[int]:
    """Listen on a free loopback port (yielded) in front of ``backends``: each is
    (its code letters, its port on 127.0.0.1)."""
    turns = itertools.cycle(range(len(backends)))

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError):
            writer.close()
            return
        routed = ROOM_PATH.match(head)
        letter = routed.group(1).decode() if routed else None
        index = next(
            (i for i, (letters, _) in enumerate(backends) if letter and letter in letters),
            next(turns),
        )
        client = writer.get_extra_info("peername")[0]
        head = head[:-2] + f"X-Forwarded-For: {client}\r\n\r\n".encode()
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", backends[index][1])
        up_writer.write(head)
        await up_writer.drain()
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))

    async with loopback_listener(handle) as port:
        yield port
