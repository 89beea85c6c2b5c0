"""``spit-tui host``, ``join`` and ``watch`` over TLS, on loopback with throwaway certificates:
the host's own client trusts the host's certificate (whatever name it was made for),
the other player trusts it through ``--tls-ca``, and every way it can go wrong is a
clear message: an untrusted certificate, TLS against a plain game, files that cannot
be used (status 2, as for ``serve``)."""

from __future__ import annotations

import ssl
from pathlib import Path
from typing import Any

import pytest

from spit.cli import main
from spit.games import registry
from spit.net.addresses import Address
from spit.net.hosting import HostedGame
from spit.net.tls import client_context, pinned_context, server_context
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.link import NetFailure, NetLink, join_hosted, open_join, open_watch
from spit.tui.net.screens import ConnectingScreen, WaitingScreen
from spit.tui.spit.net_screen import SpitNetScreen
from tests.net.certificates import self_signed
from tests.tui.net.helpers import SEED, until
from tests.tui.screen_text import screen_lines


async def _host(cert: Path, key: Path) -> HostedGame:
    return await HostedGame.start(
        registry.by_name("spit"),
        port=0,
        replay_dir=None,
        seed=SEED,
        tls=(server_context(cert, key), pinned_context(cert)),
    )


async def test_a_game_hosted_over_tls_is_joined_with_the_ca_file(tmp_path: Path) -> None:
    """A certificate made for 127.0.0.1: the host plays through its own client, the
    waiting screen shows a wss:// address, and Bob joins with the certificate as his
    CA file."""
    cert, key = self_signed(tmp_path)
    hosted = await _host(cert, key)
    link: list[NetLink] = []

    async def opener() -> NetLink:
        link.append(await join_hosted(hosted, registry.by_name("spit"), "Ann"))
        return link[0]

    app = SpitApp(
        settings=Settings(replay_dir=tmp_path),
        start_screen=ConnectingScreen("Starting the game...", opener),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        join = f"spit-tui join wss://127.0.0.1:{hosted.port} {hosted.code}"
        await until(pilot, lambda: join in "\n".join(screen_lines(app)))
        assert isinstance(app.screen, WaitingScreen)
        assert "--tls-ca FILE" in "\n".join(screen_lines(app))
        bob = await open_join(hosted.local, hosted.code, "Bob", tls=client_context(cert))
        await until(pilot, lambda: isinstance(app.screen, SpitNetScreen))
        assert link[0].client.connected and bob.client.connected
        await bob.close()
    await link[0].close()


async def test_the_hosts_own_client_trusts_a_certificate_made_for_another_name(
    tmp_path: Path,
) -> None:
    """A certificate for the machine's public name only (127.0.0.1 is not in it):
    the host's own client trusts exactly that certificate, not the name; a client
    that checks the name (the other player on this machine) is refused, clearly."""
    cert, key = self_signed(tmp_path, hosts=("spit.club.example",))
    hosted = await _host(cert, key)
    try:
        own = await join_hosted(hosted, registry.by_name("spit"), "Ann")
        assert own.client.connected and own.client.welcome is not None
        with pytest.raises(NetFailure, match="certificate this machine does not trust"):
            await open_join(hosted.local, hosted.code, "Bob", tls=client_context(cert))
        other, _ = self_signed(tmp_path, "other")  # someone else's certificate, pinned
        with pytest.raises(ssl.SSLError):
            await own.client.connect(hosted.local.uri, "Eve", ssl=pinned_context(other))
        await own.client.close()
    finally:
        await hosted.close()


@pytest.mark.parametrize("case", ["no ca file", "plain ws", "wss to plain"])
async def test_a_mismatch_of_tls_is_a_clear_message(tmp_path: Path, case: str) -> None:
    cert, key = self_signed(tmp_path)
    plain = case == "wss to plain"
    hosted = (
        await HostedGame.start(registry.by_name("spit"), port=0, replay_dir=None)
        if plain
        else await _host(cert, key)
    )
    try:
        address = Address("127.0.0.1", hosted.port, tls=case != "plain ws")
        expected = {
            "no ca file": "certificate this machine does not trust",
            "plain ws": "is not a spit-tui game",
            "wss to plain": "does not answer over TLS",
        }[case]
        with pytest.raises(NetFailure, match=expected):
            await open_join(address, hosted.code, "Bob", tls=client_context())
    finally:
        await hosted.close()


def _files(tmp_path: Path) -> dict[str, Path]:
    cert, key = self_signed(tmp_path, "good")
    _, other_key = self_signed(tmp_path, "other")
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate\n")
    return {"cert": cert, "key": key, "other key": other_key, "garbage": garbage}


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--tls-cert", "{cert}"], "--tls-cert and --tls-key come together"),
        (["--tls-cert", "{garbage}", "--tls-key", "{key}"], "cannot use the certificate"),
        (["--tls-cert", "{cert}", "--tls-key", "{other key}"], "cannot use the certificate"),
        (["--tls-cert", "{nowhere}", "--tls-key", "{key}"], "cannot read"),
        (["--tls-cert", "{cert}", "--tls-key", "{evil}"], "cannot read"),
    ],
)
def test_host_with_tls_files_that_cannot_be_used_exits_2(
    tmp_path: Path, words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    files: dict[str, Any] = {
        **_files(tmp_path),
        "nowhere": tmp_path / "nowhere.crt",
        "evil": tmp_path / "evil\x1b[2J.key",
    }
    args = [w.format(**files) if w.startswith("{") else w for w in words]
    assert main(["host", "--port", "1", *args]) == 2  # port 1: nothing ever listens
    err = capsys.readouterr().err
    assert err.startswith("spit-tui host: ") and message in err
    assert err.count("\n") == 1 and "\x1b" not in err and "Traceback" not in err


async def test_a_game_hosted_over_tls_is_watched_with_the_ca_file(tmp_path: Path) -> None:
    """A spectator reaches a TLS room as a player does: trusted through the CA file,
    refused clearly without it."""
    cert, key = self_signed(tmp_path)
    hosted = await _host(cert, key)
    try:
        own = await join_hosted(hosted, registry.by_name("spit"), "Ann")
        assert hosted.watch_code is not None
        watcher = await open_watch(hosted.local, hosted.watch_code, tls=client_context(cert))
        assert watcher.connected
        with pytest.raises(NetFailure, match="certificate this machine does not trust"):
            await open_watch(hosted.local, hosted.watch_code, tls=client_context())
        await watcher.close()
        await own.client.close()
    finally:
        await hosted.close()


@pytest.mark.parametrize("command", ["join", "watch"])
@pytest.mark.parametrize("ca", ["garbage", "nowhere"])
def test_a_ca_file_that_cannot_be_used_exits_2(
    tmp_path: Path, ca: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _files(tmp_path)["garbage"] if ca == "garbage" else tmp_path / "nowhere.pem"
    assert main([command, "127.0.0.1:1", "7KX-PM2-QDA", "--tls-ca", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spit-tui {command}: ") and path.name in err
    assert err.count("\n") == 1 and "Traceback" not in err
