"""A connection that names another process's room, relayed to that process.

Several processes behind one TLS proxy (``docs/deploy.md``): a client reaches any of
them, and names a room by its code. When the code is another live process's
(``redis_cluster.RedisCluster.where``), this process opens a WebSocket to that one,
passes the client's ``hello`` on, and copies frames both ways until either side
closes. The owner sees the client's address (``X-Forwarded-For``; the relaying
process must be in its ``--trust-proxy``) and the round trip this process measured
for the client's line (``X-TCP-RTT``), so its limits and its lag measure are the
client's, not the relay's. ``RELAYED_HEADER`` marks a relayed connection: one is never
relayed again (a stale directory cannot make a loop), it is refused.

When the owner goes away in the middle (killed), the client is told so at once with
``Close.ROOM_CLOSED``, rather than a bare lost connection.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK, InvalidHandshake
from websockets.typing import Data

from spit.net.protocol import Close, Refused, encode

RELAYED_HEADER: Final = "X-Spit-Relay"
OWNER_GONE: Final = (
    "the server process running this room stopped: the game is over (a matched game is "
    "recorded aborted and rates no one); please start a new one"
)
UNREACHABLE: Final = "the server process running this room cannot be reached just now; try again"
CONNECT_TIMEOUT_S: Final = 3.0


async def relay(
    ws: ServerConnection,
    hello: Data,
    owner: str,
    *,
    address: str,
    rtt_us: int | None,
    process: str,
) -> str | None:
    """Relay ``ws`` (whose ``hello`` was read already) to the process at ``owner``
    until either side closes; the refusal to send the client instead, if the owner
    cannot be reached."""
    headers = {"X-Forwarded-For": address, RELAYED_HEADER: process}
    if rtt_us is not None:
        headers["X-TCP-RTT"] = str(rtt_us)
    try:
        upstream = await connect(
            owner,
            additional_headers=headers,
            compression=None,
            open_timeout=CONNECT_TIMEOUT_S,
            max_size=None,
            ping_interval=None,
        )
    except (OSError, InvalidHandshake, TimeoutError):
        return UNREACHABLE
    async with upstream:
        await upstream.send(hello)
        down = asyncio.ensure_future(_copy(upstream, ws))
        up = asyncio.ensure_future(_copy(ws, upstream))
        done, _ = await asyncio.wait((down, up), return_when=asyncio.FIRST_COMPLETED)
        client_left = up in done and down not in done
        for task in (down, up):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await task
        if client_left:
            return None  # ``async with`` closes the upstream
        closed = upstream.protocol.close_rcvd
        if closed is not None:  # the owner closed it: the same to the client
            with contextlib.suppress(ConnectionClosed):
                await ws.close(closed.code, closed.reason)
            return None
        return OWNER_GONE


async def _copy(
    source: ServerConnection | ClientConnection, sink: ServerConnection | ClientConnection
) -> None:
    with contextlib.suppress(ConnectionClosedOK):
        async for frame in source:
            await sink.send(frame)


def owner_gone_frame() -> str:
    return encode(Refused(code=int(Close.ROOM_CLOSED), reason=OWNER_GONE))
