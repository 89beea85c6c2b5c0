"""A latency-injecting TCP proxy on loopback, for tests of fairness on slow lines.

Each direction delays every chunk by a base time plus a uniform jitter, keeping the
order of bytes as TCP must (a chunk never overtakes the one before it).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable


async def _pump(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    delay_ms: float,
    jitter_ms: float,
    rng: random.Random,
) -> None:
    loop = asyncio.get_running_loop()
    last = 0.0
    queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

    async def deliver() -> None:
        while True:
            at, chunk = await queue.get()
            wait = at - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if not chunk:
                writer.close()
                return
            writer.write(chunk)
            await writer.drain()

    sender = loop.create_task(deliver())
    try:
        while True:
            chunk = await reader.read(65536)
            at = max(last, loop.time() + (delay_ms + rng.uniform(0, jitter_ms)) / 1000)
            last = at
            queue.put_nowait((at, chunk))
            if not chunk:
                break
        await sender
    except (ConnectionError, asyncio.CancelledError):
        sender.cancel()
    finally:
        with contextlib.suppress(Exception):
            writer.close()


Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


@contextlib.asynccontextmanager
async def loopback_listener(handle: Handler) -> AsyncIterator[int]:
    """Serve each connection to a free loopback port (yielded) with ``handle``, in a
    task of its own; every such task is cancelled at the end."""
    tasks: set[asyncio.Task[None]] = set()

    def spawn(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.get_running_loop().create_task(handle(reader, writer))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    server = await asyncio.start_server(spawn, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        for task in list(tasks):
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


@contextlib.asynccontextmanager
async def delaying_proxy(
    target_port: int, *, up_ms: float, down_ms: float, jitter_ms: float, seed: int = 0
) -> AsyncIterator[int]:
    """A proxy on a free loopback port to ``127.0.0.1:target_port``; yields its port.
    ``up_ms``: client to server; ``down_ms``: server to client."""
    rng = random.Random(seed)

    async def handle(client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        server_r, server_w = await asyncio.open_connection("127.0.0.1", target_port)
        await asyncio.gather(
            _pump(client_r, server_w, up_ms, jitter_ms, rng),
            _pump(server_r, client_w, down_ms, jitter_ms, rng),
        )

    async with loopback_listener(handle) as port:
        yield port
