"""The spectator's screens: a real server on loopback with two players, a spectator who
comes in the middle (catching up, End to go live, the result, ?, q), watching from the
menu, and the table's look with the clock frozen."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from spit.core.clock import FakeClock
from spit.games.spades import wire as spades_wire
from spit.games.spit import wire as spit_wire
from spit.net.addresses import Address
from spit.net.client import NetClient
from spit.net.protocol import PROTOCOL_VERSION, View, Watching
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.link import open_watch
from spit.tui.net.spectator import WatchScreen, watch_screen
from spit.tui.shared.viewer_keys import ViewerHelp
from spit.tui.shell.menu import MainMenu
from spit.tui.shell.network import WatchDialog
from spit.tui.spades.watch_screen import SpadesWatchScreen
from spit.tui.spit.watch_screen import SpitWatchScreen
from tests.net.loopback import FAST, ONE_ROUND, WatchedTable, play_greedily, running_server
from tests.net.spades_players import spades_intent
from tests.tui.net.fake import FakeClient
from tests.tui.net.helpers import until
from tests.tui.screen_text import screen_lines
from tests.tui.shell.menu_keys import MENU


def _text(app: App[Any]) -> str:
    return "\n".join(screen_lines(app))


def _address(uri: str) -> Address:
    host, port = uri.removeprefix("ws://").split(":")
    return Address(host, int(port))


@pytest.mark.slow
async def test_a_late_spectator_catches_up_goes_live_sees_the_result_and_leaves(
    tmp_path: Path,
) -> None:
    async with running_server(tmp_path, table=WatchedTable, options=ONE_ROUND) as (server, uri):
        room = server.open_room()
        a, b = NetClient(), NetClient()
        await a.connect(uri, "Ann", room=room.code)
        await b.connect(uri, "Bob", room=room.code)
        plays = asyncio.gather(
            *(play_greedily(c, random.Random(i), think_s=0.05) for i, c in enumerate((a, b)))
        )
        while len(room.history) < 8:
            await asyncio.sleep(0.02)
        client = await open_watch(_address(uri), room.watch_code)
        settings = Settings(replay_dir=tmp_path, practice_offered=True)
        app = SpitApp(settings=settings, start_screen=watch_screen(client, settings))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SpitWatchScreen))
            screen = app.screen
            assert isinstance(screen, WatchScreen)
            await until(pilot, lambda: "Catching up from the start" in _text(app))
            assert client.past >= 8
            await pilot.press("end")
            await until(pilot, lambda: not screen.catching_up)
            await until(pilot, lambda: "Watching Ann and Bob" in _text(app) or a.finished)
            assert "Ann vs Bob" in _text(app)
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, ViewerHelp))
            assert "never a hand or a face-down card" in _text(app)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen)
            await asyncio.wait_for(plays, 90)
            await until(pilot, lambda: "Game over:" in _text(app))
            winner = ("Ann", "Bob")[a.over.winner] if a.over else "?"
            assert f"Game over: {winner}" in _text(app)
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running)
        assert not client.connected
        for player in (a, b):
            await player.close()


@pytest.mark.slow
async def test_watch_a_game_of_spades_from_the_menu(tmp_path: Path) -> None:
    def make(names: tuple[str, str]) -> spades_wire.Table:
        return spades_wire.Table(names, 12, tmp_path, target=100)

    async with running_server(tmp_path, make_table=make) as (server, uri):
        room = server.open_room(game="spades", make_table=make)
        a, b = NetClient(), NetClient()
        await a.connect(uri, "Ann", room=room.code)
        await b.connect(uri, "Bob", room=room.code)
        plays = asyncio.gather(
            *(
                play_greedily(c, random.Random(i), think_s=0.2, choose=spades_intent)
                for i, c in enumerate((a, b))
            )
        )
        app = SpitApp(settings=Settings(practice_offered=True, replay_dir=tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(MENU["network"], "end", "enter")
            assert isinstance(app.screen, WatchDialog)
            await pilot.press("enter")  # nothing typed: the dialog says what it needs
            await pilot.press(*uri.removeprefix("ws://"), "enter")
            assert isinstance(app.screen, WatchDialog)  # a code is needed to watch
            assert "room's code" in _text(app)
            await pilot.press("space", *room.watch_code.lower(), "enter")
            await until(pilot, lambda: isinstance(app.screen, SpadesWatchScreen))
            await pilot.press("end")
            await until(pilot, lambda: "Watching Spades" in _text(app))
            assert app.settings.recent_addresses == (uri.removeprefix("ws://"),)
            assert "Ann" in _text(app) and "Bob" in _text(app)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, MainMenu))
        plays.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await plays
        for player in (a, b):
            await player.close()


class WatchClient(FakeClient):
    """A spectator's client that talks to no server: the frames are the test's."""

    def __init__(self, frames: list[View], game: str = "spit") -> None:
        super().__init__()
        self.welcome = Watching(
            v=PROTOCOL_VERSION, room="7KX-PM2-QDA", names=["Ann", "Bob"], history=0, game=game
        )
        self.watching = True
        self.seen = frames


def _spit_frames() -> list[View]:
    """A game of Spit a few plays in, as a spectator is sent it."""
    table = spit_wire.Table(("Ann", "Bob"), 7, None, timing=FAST)
    frames = []
    rng = random.Random(3)
    for t in range(0, 4000, 250):
        table.advance(t)
        view = table.view(rng.randrange(2))
        seat = view["seat"]
        from tests.net.loopback import greedy_intent

        intent = greedy_intent(view, rng)
        if intent is not None:
            table.submit(seat, intent, t)
        frames.append(_frame(t, table.public_view(), table.public_news()))
        table.news()
    return frames


def _frame(t: int, view: dict[str, Any], events: list[dict[str, Any]]) -> View:
    return View(t=t, view=view, events=events, rtt=[], finished=False)


class WatchApp(App[None]):
    def __init__(self, screen: WatchScreen) -> None:
        super().__init__()
        self.watch = screen

    def on_mount(self) -> None:
        self.push_screen(self.watch)


def test_the_spit_watch_screen(snap_compare: Any) -> None:
    client = WatchClient(_spit_frames())
    screen = SpitWatchScreen(client, Settings(), clock=FakeClock())
    assert snap_compare(WatchApp(screen), terminal_size=(80, 24))


def _spades_frames() -> list[View]:
    """A hand of Spades a few steps in, as a spectator is sent it."""
    table = spades_wire.Table(("Ann", "Bob"), 12, None, target=100)
    frames = []
    rng = random.Random(5)
    for step in range(30):
        for seat in (0, 1):
            intent = spades_intent(table.view(seat), rng)
            if intent is not None:
                table.submit(seat, intent, step * 100)
                break
        frames.append(_frame(step * 100, table.public_view(), table.public_news()))
        table.news()
    return frames


def test_the_spades_watch_screen(snap_compare: Any) -> None:
    client = WatchClient(_spades_frames(), game="spades")
    screen = SpadesWatchScreen(client, Settings(), clock=FakeClock())
    assert snap_compare(WatchApp(screen), terminal_size=(80, 24))
