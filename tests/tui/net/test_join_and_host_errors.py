"""What a player is told when a game cannot be joined or hosted: one clear line,
outside text made safe, and a non-zero exit (never a traceback)."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from spit.cli import main
from spit.games import registry
from spit.net.addresses import Address, parse_address
from spit.net.client import NetClient
from spit.net.fairness import Ordering
from spit.net.hosting import HostedGame
from spit.net.protocol import PROTOCOL_VERSION
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.link import NetFailure, open_join
from spit.tui.net.screens import ConnectingScreen, NetOutcome
from tests.tui.net.helpers import until


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _refusals(tmp_path: Path) -> list[str]:
    game = registry.by_name("spit")
    hosted = await HostedGame.start(game, port=0, password="sesame", replay_dir=tmp_path)
    here = hosted.local
    reasons = []
    try:
        attempts = [
            (here, "N0P-E00-000", "sesame"),  # no such room
            (here, hosted.code, "wrong"),  # a wrong password
            (Address("127.0.0.1", _free_port()), hosted.code, None),  # nobody there
        ]
        for address, code, password in attempts:
            with pytest.raises(NetFailure) as failed:
                await open_join(address, code, "Eve", password)
            reasons.append(str(failed.value))
        first = await open_join(here, hosted.code, "Ann", "sesame")
        second = await open_join(here, hosted.code, "Bob", "sesame")
        with pytest.raises(NetFailure) as full:
            await open_join(here, hosted.code, "Eve", "sesame")
        reasons.append(str(full.value))
        old = NetClient()
        with pytest.raises(Exception) as refused:
            await old.connect(here.uri, "Old", room=hosted.code, version=PROTOCOL_VERSION - 1)
        reasons.append(str(refused.value))
        await first.close()
        await second.close()
    finally:
        await hosted.close()
    return reasons


def test_refusals_and_an_unreachable_address_are_told_plainly(tmp_path: Path) -> None:
    no_room, wrong_password, nobody, full, old = asyncio.run(_refusals(tmp_path))
    assert "refused: there is no room with that code" in no_room
    assert "refused: wrong password" in wrong_password
    assert "nobody is hosting a game at 127.0.0.1:" in nobody
    assert "the room is full" in full
    assert "update spit-tui" in old
    for reason in (no_room, wrong_password, nobody, full):
        assert "\x1b" not in reason


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a b", "is not an address"),
        ("1.2.3.4:0", "port must be a number from 1 to 65535"),
        ("host:99999", "port must be a number"),
        ("::1", "IPv6 address in brackets"),
        ("[::1", "closing ]"),
        ("[1.2.3.4]:80", "is not an IPv6 address"),
        ("", "is not an address"),
    ],
)
def test_a_bad_address_is_refused_with_the_reason(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_address(text)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("192.168.1.20:7788", "192.168.1.20:7788"),
        ("192.168.1.20", "192.168.1.20:7788"),
        ("ws://127.0.0.1:80/", "127.0.0.1:80"),
        ("[::1]:9000", "[::1]:9000"),
        ("game.example.org", "game.example.org:7788"),
        ("wss://game.example.org:443", "wss://game.example.org:443"),
        ("wss://[::1]", "wss://[::1]:7788"),
    ],
)
def test_an_address_is_read_as_typed(text: str, shown: str) -> None:
    assert str(parse_address(text)) == shown


async def test_a_hosted_room_orders_races_as_asked(tmp_path: Path) -> None:
    """``host --ordering arrival`` is kept to compare fair ordering with."""
    game = registry.by_name("spit")
    for ordering in Ordering:
        hosted = await HostedGame.start(game, port=0, replay_dir=tmp_path, ordering=ordering)
        try:
            assert hosted.server.rooms[hosted.code].ordering is ordering
        finally:
            await hosted.close()


def test_hosting_on_a_port_in_use_is_one_line_and_status_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(["host", "--port", str(port)])
    err = capsys.readouterr().err
    assert status == 1
    assert err == (
        f"spit-tui host: port {port} is in use (another game hosted here?): "
        "choose another with --port\n"
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["host", "--variant", "bogus"], "the variant is standard or points, not 'bogus'"),
        (["host", "--game", "spades", "--variant", "points"], "Spades takes no option variant"),
    ],
)
def test_options_the_game_does_not_take_are_refused_before_listening(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*words, "--port", str(_free_port())]) == 1
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["join"], "the following arguments are required: ADDRESS"),
        (["join", "a b"], "'a b' is not an address"),
        (["join", "127.0.0.1", "KITE-4"], "'KITE-4' is not a room code"),
        (["join", "127.0.0.1", "--name", ""], "a name is 1 to 24 printable characters"),
        (["host", "--port", "70000"], "must be at most 65535"),
        (["host", "--game", "chess"], "invalid choice: 'chess'"),
        (["host", "--ordering", "first"], "invalid ordering value: 'first'"),
        (["serve", "--ordering", "first"], "invalid ordering value: 'first'"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(words)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


async def test_a_failed_join_started_from_the_command_line_ends_the_app_with_1() -> None:
    outcome = NetOutcome()
    address = Address("127.0.0.1", _free_port())
    screen = ConnectingScreen(
        f"Connecting to {address}...", lambda: open_join(address, None, "Eve"), outcome
    )
    app = SpitApp(settings=Settings(), start_screen=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 1
    assert outcome.failure is not None and "nobody is hosting a game" in outcome.failure
