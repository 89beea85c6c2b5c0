"""The kernel's round trip for a socket (``spit.net.tcp_rtt``), and the server's use of
it: a line estimate that no answer to a ping can raise."""

from __future__ import annotations

import asyncio
import json
import socket
import struct
import sys
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from spit.net.client import NetClient
from spit.net.limits import Limits
from spit.net.protocol import PROTOCOL_VERSION
from spit.net.server import GameServer
from spit.net.tcp_rtt import MIN_RTT_AT, RTT_AT, min_rtt_ms, parse_tcp_info
from spit.net.tls import client_context, server_context

from .certificates import self_signed
from .frames import frame as raw
from .hostile_clients import RaceTable
from .loopback import wait_until

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="TCP_INFO is Linux's")


def test_the_structure_is_read_at_its_offsets() -> None:
    info = bytearray(232)
    struct.pack_into("=I", info, RTT_AT, 900)
    struct.pack_into("=I", info, MIN_RTT_AT, 250)
    assert parse_tcp_info(bytes(info)) == 0.25  # the minimum first
    struct.pack_into("=I", info, MIN_RTT_AT, 0xFFFF_FFFF)  # not measured yet
    assert parse_tcp_info(bytes(info)) == 0.9
    assert parse_tcp_info(bytes(info[:100])) == 0.9  # an old kernel's shorter structure
    assert parse_tcp_info(bytes(40)) is None
    assert parse_tcp_info(bytes(232)) is None


@linux
def test_a_loopback_connection_is_measured_in_microseconds() -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        with socket.create_connection(listener.getsockname()):
            accepted, _ = listener.accept()
            with accepted:
                rtt = min_rtt_ms(accepted)
                assert rtt is not None and 0 < rtt < 50


def test_where_there_is_no_tcp_socket_there_is_no_figure() -> None:
    assert min_rtt_ms(None) is None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        assert min_rtt_ms(udp) is None


async def _kernel_figure(
    tmp_path: Path, *, tls: bool = False, limits: Limits | None = None
) -> float | None:
    """Seat two clients straight to a server (over TLS with ``tls``), wait for a pong,
    and return what the server read of the kernel for seat 0's line."""
    server = GameServer(lambda names: RaceTable(), limits=limits)
    context = None
    if tls:
        cert, key = self_signed(tmp_path)
        context = server_context(cert, key)
    async with server.listening("127.0.0.1", 0, ssl=context) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        uri = f"{'wss' if tls else 'ws'}://127.0.0.1:{port}"
        room = server.open_room()
        trusted = client_context(cert) if tls else None
        a, b = NetClient(), NetClient()
        await a.connect(uri, "Ann", room=room.code, ssl=trusted)
        await b.connect(uri, "Bob", room=room.code, ssl=trusted)
        chair = room.chairs[0]
        await wait_until(lambda: chair.sync.ready, 5)
        await a.close()
        await b.close()
        return chair.sync.kernel_round_trip


@pytest.mark.slow
@linux
@pytest.mark.parametrize("tls", [False, True], ids=["ws", "wss"])
def test_the_server_reads_the_kernels_round_trip_for_each_line(tmp_path: Path, tls: bool) -> None:
    rtt = asyncio.run(asyncio.wait_for(_kernel_figure(tmp_path, tls=tls), 20))
    assert rtt is not None and 0 < rtt < 50


@pytest.mark.slow
def test_behind_a_trusted_proxy_the_kernels_figure_is_the_proxys_and_not_read(
    tmp_path: Path,
) -> None:
    limits = Limits(trusted_proxies=frozenset({"127.0.0.1"}))
    assert asyncio.run(asyncio.wait_for(_kernel_figure(tmp_path, limits=limits), 20)) is None


async def _proxy_figure(trusted: bool) -> float | None:
    """A client that says it is a reverse proxy passing the client's round trip (500 µs,
    in ``X-TCP-RTT``) sits and answers a ping: what the server took as the kernel's."""
    limits = Limits(trusted_proxies=frozenset({"127.0.0.1"} if trusted else ()))
    server = GameServer(lambda names: RaceTable(), limits=limits)
    async with server.listening("127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        uri = f"ws://127.0.0.1:{port}"
        room = server.open_room()
        async with connect(uri, additional_headers={"X-TCP-RTT": "500"}) as ws:
            await ws.send(raw("hello", v=PROTOCOL_VERSION, name="Ann", room=room.code))
            await ws.recv()  # welcome
            bob = NetClient()
            await bob.connect(uri, "Bob", room=room.code)
            async with asyncio.timeout(5):
                while (ping := json.loads(await ws.recv()))["type"] != "ping":
                    pass
            await ws.send(raw("pong", id=ping["id"], c1=1.0, c2=1.0))
            await wait_until(lambda: room.chairs[0].sync.ready, 5)
            await bob.close()
        return room.chairs[0].sync.kernel_round_trip


@pytest.mark.slow
def test_a_trusted_proxy_may_pass_the_clients_round_trip_and_nobody_else() -> None:
    assert asyncio.run(asyncio.wait_for(_proxy_figure(trusted=True), 20)) == 0.5
    direct = asyncio.run(asyncio.wait_for(_proxy_figure(trusted=False), 20))
    assert direct != 0.5  # from anyone else the header is ignored (the kernel is read)
