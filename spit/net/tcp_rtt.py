"""The kernel's round-trip time for a TCP connection: a line estimate no client can fake.

Linux keeps, for every TCP socket, the smallest round trip it has seen between a
segment it sent and the acknowledgement of it (``tcpi_min_rtt``, in microseconds,
since Linux 4.6; a smoothed ``tcpi_rtt`` before that). The acknowledgements come from
the client's kernel, the handshake's among them, so a client program that answers the
server's pings late cannot raise it; a client that slows its whole line slows its own
presses as well. ``spit.net.room`` credits a press at most half the smallest round
trip the server measured itself, this figure included when the server ends the
client's TCP connection itself (not behind a reverse proxy, whose line it would be).

``min_rtt_ms`` reads it with ``getsockopt(IPPROTO_TCP, TCP_INFO)``; it returns
``None`` wherever that is not available (another system, no socket, a socket that is
not TCP), and the server then relies on its timed pings alone.
"""

from __future__ import annotations

import socket
import struct
import sys
from typing import Final, Protocol

TCP_INFO: Final = getattr(socket, "TCP_INFO", 11)
"""The option's number (11 on Linux, where Python names it)."""

INFO_BYTES: Final = 232
"""Bytes asked for: more than any field read here; the kernel returns what it has."""

MIN_RTT_AT: Final = 148
"""Offset of ``tcpi_min_rtt`` (a ``__u32`` of microseconds) in ``struct tcp_info``."""

RTT_AT: Final = 68
"""Offset of ``tcpi_rtt`` (the smoothed round trip, microseconds): the fallback."""


NOT_MEASURED: Final = 0xFFFF_FFFF
"""What the kernel holds in ``tcpi_min_rtt`` before its first measurement."""


class _Socket(Protocol):
    """What is read of a socket (``socket.socket`` or asyncio's ``TransportSocket``)."""

    def getsockopt(self, level: int, option: int, buflen: int) -> bytes: ...


def min_rtt_ms(sock: _Socket | None) -> float | None:
    """The socket's smallest round trip in ms as the kernel measured it, or ``None``
    where it cannot be read (not Linux, no socket, not a TCP socket, no figure yet)."""
    if sock is None or not sys.platform.startswith("linux"):
        return None
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, TCP_INFO, INFO_BYTES)
    except (OSError, ValueError, TypeError):
        return None
    return parse_tcp_info(info)


def parse_tcp_info(info: bytes) -> float | None:
    """``tcpi_min_rtt`` (else ``tcpi_rtt``) of a ``struct tcp_info`` in ms; ``None``
    when the structure is too short for either, or holds no measurement yet (0, or
    ``NOT_MEASURED``)."""
    for at in (MIN_RTT_AT, RTT_AT):
        if len(info) >= at + 4:
            micros: int = struct.unpack_from("=I", info, at)[0]
            if 0 < micros < NOT_MEASURED:
                return micros / 1000.0
    return None
