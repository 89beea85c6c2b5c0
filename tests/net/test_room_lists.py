"""What ``join ADDRESS`` without a code asks first: the ``rooms`` answer, which says
whether the server opens rooms, and a host's server listing its one room while it
waits; a client that refuses a list not in the protocol's form; the games' own room
options as the new-room form offers them (``GameDescriptor.room_choices``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.asyncio.server import ServerConnection, serve

from spit.engine import Variant
from spit.games import registry
from spit.games.spades.replay import DEFAULT_TARGET
from spit.net.client import NetClient
from spit.net.hosting import HostedGame
from spit.net.lobby_client import ask_rooms, list_rooms
from spit.net.protocol import ListedRoom, ProtocolError

from .loopback import running_lobby


def test_a_server_for_many_rooms_says_it_opens_rooms(tmp_path: Path) -> None:
    async def run() -> None:
        async with running_lobby(tmp_path) as (_server, uri):
            listed = await ask_rooms(uri)
            assert listed.creates and listed.rooms == []
            ann = NetClient()
            code = (await ann.connect(uri, "Ann", create={"public": True})).room
            assert [r.room for r in (await ask_rooms(uri)).rooms] == [code]
            assert await list_rooms(uri) == (await ask_rooms(uri)).rooms
            await ann.close()

    asyncio.run(asyncio.wait_for(run(), 30))


@pytest.mark.parametrize("password", [None, "sesame"])
def test_a_hosts_server_lists_its_one_room_while_it_waits(
    tmp_path: Path, password: str | None
) -> None:
    async def run() -> None:
        game = registry.by_name("spit")
        hosted = await HostedGame.start(game, port=0, password=password, replay_dir=tmp_path)
        uri = hosted.local.uri
        try:
            empty = await ask_rooms(uri)  # nobody sits in it yet: not waiting for a second
            assert not empty.creates and empty.rooms == []
            ann, bob = NetClient(), NetClient()
            await ann.connect(uri, "Ann", room=hosted.code, password=password)
            listed = await ask_rooms(uri)
            assert listed.rooms == [
                ListedRoom(room=hosted.code, game="spit", names=["Ann"], password=bool(password))
            ]
            await bob.connect(uri, "Bob", room=hosted.code, password=password)
            assert (await ask_rooms(uri)).rooms == []  # full: nothing to join
            with pytest.raises(ProtocolError, match="opens no rooms"):
                await NetClient().connect(uri, "Eve", create={})
            for client in (ann, bob):
                await client.close()
        finally:
            await hosted.close()

    asyncio.run(asyncio.wait_for(run(), 30))


@contextlib.asynccontextmanager
async def answering(answer: Any) -> AsyncIterator[str]:
    """A server that answers any hello with ``answer`` (a hostile or broken one)."""

    async def handler(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps(answer))

    async with serve(handler, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield f"ws://127.0.0.1:{port}"


GOOD = {"room": "7KX-PM2-QDA", "game": "spit", "names": ["Ann"], "password": False}


@pytest.mark.parametrize(
    "answer",
    [
        {"type": "rooms", "rooms": "7KX-PM2-QDA"},
        {"type": "rooms", "rooms": [GOOD], "create": "yes"},
        {"type": "rooms", "rooms": [{**GOOD, "room": "kite-42"}]},
        {"type": "rooms", "rooms": [{**GOOD, "game": "Spit\x1b[2J"}]},
        {"type": "rooms", "rooms": [{**GOOD, "names": []}]},
        {"type": "rooms", "rooms": [{**GOOD, "names": ["x" * 25]}]},
        {"type": "rooms", "rooms": [{**GOOD, "names": ["A", "B", "C"]}]},
        {"type": "rooms", "rooms": [{**GOOD, "password": "sesame"}]},
        {"type": "rooms", "rooms": [GOOD] * 101},
        {"type": "welcome"},
    ],
)
def test_a_list_not_in_the_protocols_form_is_refused(answer: dict[str, Any]) -> None:
    async def run() -> None:
        async with answering(answer) as uri:
            with pytest.raises(ProtocolError):
                await ask_rooms(uri)

    asyncio.run(asyncio.wait_for(run(), 30))


def test_a_list_without_create_is_of_a_server_that_opens_rooms() -> None:
    """As a server for many rooms of the first version answered."""

    async def run() -> None:
        async with answering({"type": "rooms", "rooms": [GOOD]}) as uri:
            listed = await ask_rooms(uri)
            assert listed.creates and listed.rooms == [ListedRoom(**GOOD)]

    asyncio.run(asyncio.wait_for(run(), 30))


def test_each_games_room_choices_are_what_its_check_takes() -> None:
    for game in registry.games():
        if game.net is None:
            continue
        for choice in game.room_choices:
            values = choice.values or (choice.default, choice.lowest, choice.highest)
            for value in values:
                assert choice.key in game.net.options({choice.key: value}), (game.name, value)
    spit, spades = registry.by_name("spit"), registry.by_name("spades")
    assert spit.room_choices[0].values == tuple(variant.value for variant in Variant)
    assert spades.room_choices[0].default == DEFAULT_TARGET


@given(target=st.one_of(st.integers(-(10**9), 10**9), st.text(max_size=8), st.booleans()))
def test_spades_own_check_takes_a_whole_target_in_range(target: Any) -> None:
    net = registry.by_name("spades").net
    assert net is not None
    check = net.options
    try:
        checked = check({"target": target})
    except ValueError as error:
        assert "target" in str(error)
        assert not (type(target) is int and 1 <= target <= 1_000_000)
        return
    assert checked == {"target": target} and type(target) is int


def test_spades_refuses_an_option_it_does_not_have() -> None:
    net = registry.by_name("spades").net
    assert net is not None
    with pytest.raises(ValueError, match="no option variant"):
        net.options({"variant": "points"})
