"""What a server's rooms look like (pytest-textual-snapshot): fixed rooms, among them
names a hostile server might send (escapes, markup) and a game this version does not
know, and a frozen clock for the time of the list. Update after an intended change
with ``--snapshot-update`` and look at the report before committing the SVGs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from textual.pilot import Pilot

from spit.net.addresses import Address
from spit.net.lobby_client import RoomList
from spit.net.protocol import ListedRoom
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.lobby import LobbyScreen
from tests.tui.shots import SMALL, SnapCompare, hold_still

ROOMS = [
    ListedRoom(room="7KX-PM2-QDA", game="spit", names=["Ann"], password=False),
    ListedRoom(room="M00-N07-AAA", game="spades", names=["Bob"], password=True),
    # a client refuses this name, but the screen makes it safe even so
    ListedRoom(
        room="EV1-666-AAA", game="spit", names=["Eve\x1b]2;OWNED\x07[red]x"], password=False
    ),
    ListedRoom(room="0DD-S01-AAA", game="chess", names=["Cy"], password=False),
]


def _app(rooms: list[ListedRoom], **settings: Any) -> SpitApp:
    async def ask(_address: Address) -> RoomList:
        return RoomList(rooms, creates=True)

    screen = LobbyScreen(
        Address("club.example.org", 7788),
        "Ann",
        now=lambda: datetime(2026, 12, 2, 14, 30, 5),
        ask=ask,
    )
    return SpitApp(settings=Settings(practice_offered=True, **settings), start_screen=screen)


async def _listed(pilot: Pilot[Any]) -> None:
    for _ in range(50):
        await pilot.pause(0.02)
        if "as of 14:30:05" in str(pilot.app.screen.query_one("#lobby-status").render()):
            break
    await hold_still(pilot)


@pytest.mark.slow
def test_the_rooms_of_a_server(snap_compare: SnapCompare) -> None:
    assert snap_compare(_app(ROOMS), run_before=_listed, terminal_size=SMALL)


@pytest.mark.slow
def test_the_rooms_of_a_server_in_ascii_on_a_light_theme(snap_compare: SnapCompare) -> None:
    app = _app(ROOMS, card_style="ascii", theme="textual-light")
    assert snap_compare(app, run_before=_listed, terminal_size=SMALL)


@pytest.mark.slow
def test_no_room_open(snap_compare: SnapCompare) -> None:
    assert snap_compare(_app([]), run_before=_listed, terminal_size=SMALL)
