"""TLS on loopback: a server with a throwaway self-signed certificate, clients that
trust it through a CA file, and clear errors for files that cannot be used."""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path

import pytest
from websockets.exceptions import InvalidHandshake

from spit.net.client import NetClient
from spit.net.tls import TLSError, client_context, server_context

from .certificates import self_signed
from .loopback import running_server


def test_a_game_is_joined_over_wss_with_the_servers_own_certificate(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)

    async def run() -> None:
        async with running_server(tmp_path, tls=server_context(cert, key)) as (server, uri):
            assert uri.startswith("wss://")
            room = server.open_room()
            a, b = NetClient(), NetClient()
            trusted = client_context(cert)
            await a.connect(uri, "Ann", room=room.code, ssl=trusted)
            await b.connect(uri, "Bob", room=room.code, ssl=trusted)
            await asyncio.wait_for(a.changed.wait(), 10)
            assert a.view is not None and a.welcome is not None
            assert a.welcome.room == room.code
            # without the CA file, the system's authorities do not know the certificate
            with pytest.raises(ssl.SSLCertVerificationError):
                await NetClient().connect(uri, "Eve", room=room.code, ssl=client_context())
            # nor does a plain ws:// client get anywhere
            with pytest.raises(InvalidHandshake):
                await NetClient().connect(uri.replace("wss://", "ws://"), "Eve", room=room.code)
            await a.close()
            await b.close()

    asyncio.run(asyncio.wait_for(run(), 60))


def test_a_certificate_another_server_uses_is_not_trusted(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path, "server")
    other, _ = self_signed(tmp_path, "other")

    async def run() -> None:
        async with running_server(tmp_path, tls=server_context(cert, key)) as (server, uri):
            with pytest.raises(ssl.SSLCertVerificationError):
                await NetClient().connect(
                    uri, "Eve", room=server.open_room().code, ssl=client_context(other)
                )

    asyncio.run(asyncio.wait_for(run(), 60))


@pytest.mark.parametrize("case", ["missing", "garbage", "wrong key", "key as cert", "escape"])
def test_files_that_cannot_be_used_give_a_clear_error(tmp_path: Path, case: str) -> None:
    cert, key = self_signed(tmp_path, "one")
    _, other_key = self_signed(tmp_path, "two")
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate\n")
    cert, key = {
        "missing": (tmp_path / "nowhere.crt", key),
        "garbage": (garbage, key),
        "wrong key": (cert, other_key),
        "key as cert": (key, key),
        "escape": (tmp_path / "evil\x1b[2J.crt", key),
    }[case]
    with pytest.raises(TLSError) as error:
        server_context(cert, key)
    message = str(error.value)
    assert "\x1b" not in message
    assert ("cannot read" if case in ("missing", "escape") else "cannot use") in message


def test_a_ca_file_that_is_no_certificate_gives_a_clear_error(tmp_path: Path) -> None:
    garbage = tmp_path / "ca.pem"
    garbage.write_text("nothing\n")
    for path in (garbage, tmp_path / "absent.pem"):
        with pytest.raises(TLSError) as error:
            client_context(path)
        assert str(path.name) in str(error.value)
