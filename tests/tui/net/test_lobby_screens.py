"""``spit-tui join ADDRESS`` without a code, and the menu's "Join a server": the
server's rooms and the form that opens one, driven with real key presses against a
real server on 127.0.0.1 in the test's loop (a server for many rooms, as ``spit-tui
serve`` runs it, or a host's server of one room)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from spit.commands.serve import registry_tables
from spit.engine import Variant
from spit.games import registry
from spit.net.addresses import Address
from spit.net.client import NetClient
from spit.net.hosting import HostedGame
from spit.net.limits import Limits
from spit.net.lobby import Lobby
from spit.net.lobby_client import RoomList
from spit.net.protocol import ListedRoom
from spit.net.server import GameServer
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.keys_help import KeysHelp
from spit.tui.net.link import NetFailure, join_hosted
from spit.tui.net.lobby import LobbyScreen
from spit.tui.net.new_room import NewRoomDialog
from spit.tui.net.screens import NetOutcome, WaitingScreen
from spit.tui.shared.ask_text import AskText
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.network import JoinDialog
from spit.tui.spades.net_screen import SpadesNetScreen
from spit.tui.spit.net_screen import SpitNetScreen
from tests.tui.net.helpers import choose, until
from tests.tui.screen_text import non_ascii, screen_lines
from tests.tui.shell.menu_keys import MENU

pytestmark = pytest.mark.slow  # lobbies of a real server on loopback, driven key by key


def _text(app: App[Any]) -> str:
    return "\n".join(screen_lines(app))


@contextlib.asynccontextmanager
async def serving(replay_dir: Path) -> AsyncIterator[tuple[GameServer, Address]]:
    """A server for many rooms with the registry's games, as ``spit-tui serve``."""
    tables = registry_tables(replay_dir, seed=7)
    server = GameServer(tables(None, {})[1], lobby=Lobby(tables), limits=Limits(max_per_address=50))
    async with server.listening("127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        yield server, Address("127.0.0.1", port)


def lobby_app(
    address: Address, name: str, tmp_path: Path, outcome: NetOutcome | None = None
) -> SpitApp:
    """The app as ``spit-tui join ADDRESS`` starts it."""
    screen = LobbyScreen(address, name, outcome=outcome or NetOutcome())
    settings = Settings(practice_offered=True, replay_dir=tmp_path / name)
    return SpitApp(settings=settings, start_screen=screen)


async def open_the_form(pilot: Pilot[Any]) -> None:
    """Once the server's empty list is shown, ``n``: the new-room form."""
    await until(pilot, lambda: "No public room waits" in _text(pilot.app))
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewRoomDialog))


async def test_a_room_opened_with_its_choices_is_joined_from_another_lobby(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as (server, address):
        ann = lobby_app(address, "Ann", tmp_path)
        async with ann.run_test(size=(80, 24)) as pilot:
            await open_the_form(pilot)
            await pilot.press("down", "enter")  # the variant: points
            await pilot.press("down", "space")  # public
            await pilot.press("down", "enter")  # a password
            await until(pilot, lambda: isinstance(ann.screen, AskText))
            await pilot.press(*"pw", "enter")
            await until(pilot, lambda: isinstance(ann.screen, NewRoomDialog))
            shown = _text(ann)
            assert "points" in shown and "public" in shown and "Password       set" in shown
            await pilot.press("end", "enter")
            await until(pilot, lambda: isinstance(ann.screen, WaitingScreen))
            (code,) = server.rooms
            await until(pilot, lambda: f"Your room's code is {code}" in _text(ann))
            assert f"spit-tui join {address} {code} --password ..." in _text(ann)
            assert server.rooms[code].password == "pw"
            assert server.lobby is not None and server.lobby.listings[code].public

            bob = lobby_app(address, "Bob", tmp_path)
            async with bob.run_test(size=(80, 24)) as other:
                await until(other, lambda: code in _text(bob))
                row = next(line for line in screen_lines(bob) if code in line)
                assert "Spit" in row and "Ann" in row and "yes" in row
                await other.press("enter")
                await until(other, lambda: isinstance(bob.screen, AskText))
                await other.press(*"pw", "enter")
                await until(other, lambda: isinstance(bob.screen, SpitNetScreen))
                await until(pilot, lambda: isinstance(ann.screen, SpitNetScreen))
                table = server.rooms[code].table
                assert table is not None and table.session.state.variant is Variant.POINTS


async def test_a_spades_room_takes_its_winning_score_from_the_form(tmp_path: Path) -> None:
    async with serving(tmp_path) as (server, address):
        ann = lobby_app(address, "Ann", tmp_path)
        async with ann.run_test(size=(80, 24)) as pilot:
            await open_the_form(pilot)
            spades = registry.by_name("spades").title
            await pilot.press("right")
            await until(pilot, lambda: spades in _text(ann) and "Winning score" in _text(ann))
            await pilot.press("down", "enter")
            await until(pilot, lambda: isinstance(ann.screen, AskText))
            await pilot.press(*"0", "enter")  # out of range: said, and the question stays
            await until(pilot, lambda: "a whole number from 1 to" in _text(ann))
            await pilot.press("backspace", *"300", "enter")
            await until(pilot, lambda: isinstance(ann.screen, NewRoomDialog))
            await pilot.press("end", "enter")
            await until(pilot, lambda: isinstance(ann.screen, WaitingScreen))
            (code,) = server.rooms
            assert "It is private" in _text(ann)
            bob = NetClient()
            await bob.connect(f"ws://{address}", "Bob", room=code)
            await until(pilot, lambda: isinstance(ann.screen, SpadesNetScreen))
            table = server.rooms[code].table
            assert table is not None and table.session.state.target == 300
            await bob.close()


async def test_the_list_is_asked_again_on_r_and_its_keys_are_on_question_mark(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as (_server, address):
        app = lobby_app(address, "Ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "No public room waits" in _text(app))
            eve = NetClient()
            welcome = await eve.connect(f"ws://{address}", "Eve", create={"public": True})
            hidden = NetClient()
            secret = await hidden.connect(f"ws://{address}", "Hal", create={"public": False})
            assert welcome.room not in _text(app)
            await pilot.press("r")
            await until(pilot, lambda: welcome.room in _text(app))
            assert "1 public room waits" in _text(app) and secret.room not in _text(app)
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, KeysHelp))
            assert "open a new room" in _text(app)
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("escape")
            await until(pilot, lambda: not app.is_running)
            await eve.close()
            await hidden.close()
        assert app.return_code == 0


async def test_a_hosts_one_room_is_joined_without_its_code(tmp_path: Path) -> None:
    game = registry.by_name("spit")
    hosted = await HostedGame.start(game, port=0, password="sesame", replay_dir=tmp_path)
    try:
        host = await join_hosted(hosted, game, "Ann")
        app = lobby_app(hosted.local, "Bob", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: f"Room {hosted.code} needs its password" in _text(app))
            assert "hosts one game (spit-tui host)" in _text(app)
            await pilot.press(*"sesame", "enter")
            await until(pilot, lambda: isinstance(app.screen, SpitNetScreen))
            await until(pilot, lambda: host.client.view is not None)
            assert host.client.names == ["Ann", "Bob"]
        await host.close()
    finally:
        await hosted.close()


@pytest.mark.parametrize("what", ["full", "nobody"])
async def test_a_server_that_cannot_be_joined_ends_the_command_with_why(
    what: str, tmp_path: Path
) -> None:
    game = registry.by_name("spit")
    hosted = await HostedGame.start(game, port=0, replay_dir=tmp_path)
    links = [await join_hosted(hosted, game, name) for name in ("Ann", "Bob")]
    address = hosted.local
    if what == "nobody":
        for link in links:
            await link.close()
        links = []
    try:
        outcome = NetOutcome()
        app = lobby_app(address, "Eve", tmp_path, outcome=outcome)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: not app.is_running)
        assert app.return_code == 1
        expected = {
            "full": f"the game at {address} has both its players already",
            "nobody": f"nobody is hosting a game at {address}",
        }[what]
        assert outcome.failure is not None and expected in outcome.failure
    finally:
        for link in links:
            await link.close()
        await hosted.close()


async def test_join_a_server_from_the_menu_leads_to_its_rooms(tmp_path: Path) -> None:
    async with serving(tmp_path) as (_server, address):
        app = SpitApp(settings=Settings(practice_offered=True, replay_dir=tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(MENU["network"])
            await choose(pilot, "server")
            await until(pilot, lambda: isinstance(app.screen, JoinDialog))
            assert "Join a server: its address" in _text(app)
            await pilot.press(*str(address), "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await until(pilot, lambda: "No public room waits" in _text(app))
            assert app.settings.recent_addresses == (str(address),)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, MainMenu))


async def test_the_ascii_style_keeps_the_lobby_and_its_form_to_ascii(tmp_path: Path) -> None:
    async with serving(tmp_path) as (_server, address):
        eve = NetClient()
        await eve.connect(f"ws://{address}", "Eve", password="pw", create={"public": True})
        screen = LobbyScreen(address, "Ann")
        settings = Settings(practice_offered=True, replay_dir=tmp_path, card_style="ascii")
        app = SpitApp(settings=settings, start_screen=screen)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "1 public room waits" in _text(app))
            assert non_ascii(app) == []
            await pilot.press("question_mark")
            await until(pilot, lambda: "these keys" in _text(app))
            assert non_ascii(app) == []
            await pilot.press("x", "n")
            await until(pilot, lambda: "Open the room" in _text(app))
            await pilot.press("question_mark")
            await until(pilot, lambda: "Keys: opening a room" in _text(app))
            assert non_ascii(app) == []
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, NewRoomDialog))
            await pilot.press("down", "down", "space")
            await until(pilot, lambda: "public - listed" in _text(app))
            assert non_ascii(app) == []
            await pilot.press("end", "enter")
            await until(pilot, lambda: "Your room's code is" in _text(app))
            assert non_ascii(app) == []
        await eve.close()


async def test_a_room_listed_twice_shows_once_and_a_later_failure_keeps_the_screen() -> None:
    listing = ListedRoom(room="7KX-PM2-QDA", game="spit", names=["Ann"], password=False)
    answers: list[RoomList | NetFailure] = [
        RoomList([listing, listing], creates=True),
        NetFailure("127.0.0.1:9 did not answer (is the address right?)"),
    ]

    async def ask(_address: Address) -> RoomList:
        answer = answers.pop(0)
        if isinstance(answer, NetFailure):
            raise answer
        return answer

    screen = LobbyScreen(Address("127.0.0.1", 9), "Bob", ask=ask)
    app = SpitApp(settings=Settings(practice_offered=True), start_screen=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "1 public room waits" in _text(app))
        assert _text(app).count("7KX-PM2-QDA") == 1
        await pilot.press("r")
        await until(pilot, lambda: "did not answer" in _text(app))
        assert "Press r to ask again" in _text(app) and app.screen is screen
        assert "7KX-PM2-QDA" in _text(app)
