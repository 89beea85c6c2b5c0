"""Where a game is: the address a player types, and this machine's own addresses.

``spit-tui join 192.168.1.20:7788 7KX-PM2-QDA`` names a server by host and port; the host
part may be a name, an IPv4 address or an IPv6 one in brackets (``[fe80::1]:7788``),
and the port may be left out. ``wss://`` in front names a server that speaks TLS
(``host --tls-cert``, ``serve --tls-cert``, or a reverse proxy with a certificate).
``spit-tui host --public`` shows the addresses another
machine can reach this one at: they are read from the operating system's list of
network interfaces (``psutil.net_if_addrs``), so finding them sends nothing over any
network (the common trick of "connecting" a UDP socket to a public address asks the
routing table, and a name lookup of this host's name may ask a DNS server).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass
from typing import Final

DEFAULT_PORT: Final = 7788
"""The port ``host`` listens on and ``join`` connects to unless told otherwise."""

_LABEL: Final = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST_NAME: Final = re.compile(rf"(?=.{{1,253}}$){_LABEL}(\.{_LABEL})*\.?")
"""A host name (RFC 1123) or an IPv4 address written as one."""


@dataclass(frozen=True, slots=True)
class Address:
    """A server's host and port."""

    host: str
    port: int
    tls: bool = False
    """The server speaks TLS (``wss://``)."""

    @property
    def host_port(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def __str__(self) -> str:
        """As a player types it: ``host:port``, with ``wss://`` before it for TLS."""
        return f"wss://{self.host_port}" if self.tls else self.host_port

    @property
    def uri(self) -> str:
        """The WebSocket URI of the server."""
        return f"{'wss' if self.tls else 'ws'}://{self.host_port}"


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> Address:
    """``host``, ``host:port``, ``[v6]`` or ``[v6]:port`` (a ``ws://`` in front is
    allowed, and ``wss://`` for TLS). Raises ``ValueError`` with a message for the
    player."""
    given = text.strip()
    tls = given.startswith("wss://")
    rest = given.removeprefix("wss://" if tls else "ws://").rstrip("/")
    port_text: str | None = None
    if rest.startswith("["):
        close = rest.find("]")
        if close < 0:
            raise ValueError(f"{given!r}: an IPv6 address needs its closing ]")
        host, after = rest[1:close], rest[close + 1 :]
        if after:
            if not after.startswith(":"):
                raise ValueError(f"{given!r} is not an address (host:port)")
            port_text = after[1:]
        _check_ip(host, given, version=6)
    else:
        host, colon, port_part = rest.rpartition(":") if ":" in rest else (rest, "", "")
        if colon:
            if ":" in host:
                raise ValueError(f"{given!r}: write an IPv6 address in brackets, [::1]:7788")
            port_text = port_part
        if not host or not _HOST_NAME.fullmatch(host):
            raise ValueError(f"{given!r} is not an address: give a host name or IP and a port")
    port = default_port if port_text is None else _port(port_text, given)
    return Address(host, port, tls)


def _check_ip(host: str, given: str, version: int) -> None:
    try:
        if ipaddress.ip_address(host).version == version:
            return
    except ValueError:
        pass
    raise ValueError(f"{given!r}: {host!r} is not an IPv{version} address")


def _port(text: str, given: str) -> int:
    if not re.fullmatch(r"[0-9]{1,5}", text) or not 1 <= int(text) <= 65535:
        raise ValueError(f"{given!r}: the port must be a number from 1 to 65535")
    return int(text)


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses that another machine may reach (not loopback or
    link-local), from the interface list: no network traffic. Empty when there are
    none (a machine with only loopback) or the list cannot be read."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - a dependency, but be graceful without it
        return []
    try:
        interfaces = psutil.net_if_addrs()
    except OSError:
        return []
    found: list[str] = []
    for entries in interfaces.values():
        for entry in entries:
            if entry.family != socket.AF_INET:
                continue
            ip = ipaddress.ip_address(entry.address)
            if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
                found.append(str(ip))
    return sorted(set(found), key=lambda a: (not ipaddress.ip_address(a).is_private, a))
