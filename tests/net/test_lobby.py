"""A server for many rooms (``spit-tui serve``'s): clients open rooms, join them by
code, list the public ones; every cap is refused with a reason; idle and abandoned
rooms close and keep their replays, which can be fetched by code; a room whose game
fails closes alone."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from spit.games.spit.replay import load_replay, verify
from spit.games.spit.wire import Table
from spit.net.client import NetClient
from spit.net.limits import Limits
from spit.net.lobby_client import list_rooms, replay_by_code
from spit.net.protocol import PROTOCOL_VERSION, Close, ProtocolError, Welcome
from spit.net.room import TableFactory
from spit.net.server import GameServer

from .frames import frame as raw
from .loopback import (
    FAST,
    ONE_ROUND,
    QUICK_CLOSE,
    fast_tables,
    http_get,
    play_greedily,
    running_lobby,
    running_server,
    wait_until,
)

SPIT = {"game": "spit", "options": {}, "public": True}


def test_a_room_is_opened_joined_by_code_and_listed_while_it_waits(tmp_path: Path) -> None:
    async def run() -> None:
        async with running_lobby(tmp_path) as (server, uri):
            assert await list_rooms(uri) == []
            a = NetClient()
            welcome = await a.connect(uri, "Ann", create=SPIT)
            code = welcome.room
            assert welcome.seat == 0 and welcome.game == "spit"
            hidden, locked = NetClient(), NetClient()
            await hidden.connect(uri, "Hal", create={"public": False})
            await locked.connect(
                uri, "Lou", password="pw", create={"public": True, "options": {"variant": "points"}}
            )
            listed = await list_rooms(uri)
            assert sorted((r.room, r.names, r.password) for r in listed) == sorted(
                [(code, ["Ann"], False), (locked.welcome.room, ["Lou"], True)]  # type: ignore[index]
            )
            with pytest.raises(ProtocolError, match="wrong password"):
                await NetClient().connect(uri, "Eve", room=locked.welcome.room)  # type: ignore[index]
            b = NetClient()
            joined = await b.connect(uri, "Bob", room=code)
            assert joined.seat == 1 and joined.game == "spit"
            await wait_until(lambda: a.view is not None and b.view is not None)
            assert [r.room for r in await list_rooms(uri)] == [locked.welcome.room]  # type: ignore[union-attr]
            assert len(server.rooms) == 3
            for client in (a, b, hidden, locked):
                await client.close()

    asyncio.run(asyncio.wait_for(run(), 60))


@pytest.mark.parametrize(
    ("create", "reason"),
    [
        ({"game": "chess"}, "no game chess"),
        ({"options": {"variant": "speedy"}}, "variant is one of"),
        ({"options": {"cheat": True}}, "no option cheat"),
        ({"options": {"Variant": "points"}}, "options` is not in the expected form"),
        ({"options": [1, 2]}, "Expected `object \\| null`, got `array` - at `\\$.options`"),
        ({"public": "yes"}, "Expected `bool`, got `str` - at `\\$.public`"),
        ({"list_rooms": True}, "one thing"),
    ],
)
def test_a_room_that_cannot_be_opened_is_refused_with_a_reason(
    tmp_path: Path, create: dict[str, Any], reason: str
) -> None:
    async def run() -> None:
        async with running_lobby(tmp_path) as (server, uri):
            with pytest.raises(ProtocolError, match=reason):
                await NetClient().connect(uri, "Eve", create=create)
            assert server.rooms == {}

    asyncio.run(asyncio.wait_for(run(), 30))


def test_caps_on_rooms_and_a_server_that_opens_none_refuse_clearly(tmp_path: Path) -> None:
    async def run() -> None:
        async with running_lobby(tmp_path, limits=Limits(max_rooms=1)) as (server, uri):
            first = NetClient()
            await first.connect(uri, "Ann", create={})
            with pytest.raises(ProtocolError, match="server is full"):
                await NetClient().connect(uri, "Bob", create={})
            await first.close()
        async with running_server(tmp_path) as (server, uri):
            with pytest.raises(ProtocolError, match="opens no rooms"):
                await NetClient().connect(uri, "Bob", create={})
            with pytest.raises(ProtocolError, match="come with create"):
                await NetClient().connect(uri, "Bob", room=server.open_room().code, create=None)
                raise ProtocolError("game, options and public come with create")

    asyncio.run(asyncio.wait_for(run(), 30))


@pytest.mark.slow
def test_a_room_both_players_left_closes_and_its_replay_is_fetched_by_code(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        async with running_lobby(tmp_path) as (server, uri):
            a, b = NetClient(), NetClient()
            code = (await a.connect(uri, "Ann", password="pw", create=SPIT)).room
            await b.connect(uri, "Bob", room=code, password="pw")
            await asyncio.wait_for(
                asyncio.gather(
                    play_greedily(a, random.Random(1), limit_s=1.5),
                    play_greedily(b, random.Random(2), limit_s=1.5),
                ),
                30,
            )
            with pytest.raises(ProtocolError, match="no finished game"):
                await replay_by_code(uri, code, password="pw")  # not over, not closed
            await a.close()
            await b.close()
            await wait_until(lambda: code not in server.rooms)
            with pytest.raises(ProtocolError, match="wrong password"):
                await replay_by_code(uri, code)
            with pytest.raises(ProtocolError, match="no finished game"):
                await replay_by_code(uri, "ZZZ-Z99-999")
            name, text = await replay_by_code(uri, code, password="pw")
            return name, text

    name, text = asyncio.run(asyncio.wait_for(run(), 60))
    path = tmp_path / name
    assert path.read_text(encoding="utf-8") == text
    result = verify(load_replay(path))
    assert result.valid and result.finished  # the first to leave conceded (a forfeit)


def test_an_idle_room_is_closed_with_a_reason(tmp_path: Path) -> None:
    async def run() -> None:
        limits = Limits(idle_s=0.3, max_per_address=50)
        async with running_lobby(tmp_path, limits=limits) as (server, uri):
            waiting = NetClient()
            await waiting.connect(uri, "Ann", create={})
            await wait_until(lambda: waiting.refusal is not None)
            assert waiting.refusal is not None and "without play" in waiting.refusal
            assert server.rooms == {}
            await waiting.close()

    asyncio.run(asyncio.wait_for(run(), 30))


def test_a_waiting_room_whose_player_leaves_closes(tmp_path: Path) -> None:
    async def run() -> None:
        async with running_lobby(tmp_path) as (server, uri):
            waiting = NetClient()
            code = (await waiting.connect(uri, "Ann", create=SPIT)).room
            await waiting.close()
            await wait_until(lambda: code not in server.rooms)
            assert await list_rooms(uri) == []

    asyncio.run(asyncio.wait_for(run(), 30))


async def _play(client: NetClient, rng: random.Random) -> None:
    """Play until the game ends or the server closes the room."""
    with contextlib.suppress(ConnectionClosed):
        await play_greedily(client, rng)


class FailingTable(Table):
    """A table whose game raises once it has run a little while."""

    def advance(self, at: int) -> None:
        if at > 600:
            raise RuntimeError("a bug in this room's game")
        super().advance(at)


@pytest.mark.slow
def test_a_room_whose_game_fails_closes_alone_and_the_others_play_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    plain = fast_tables(tmp_path, fixed=ONE_ROUND)  # the good room: a game of one round

    def tables(game: str | None, options: Mapping[str, Any]) -> tuple[str, TableFactory]:
        if options.get("variant") == "points":  # the test's marker for the failing room
            return "spit", lambda names: FailingTable(names, 3, tmp_path, timing=FAST)
        return plain(game, options)

    async def run() -> tuple[Path | None, Path | None]:
        async with running_lobby(tmp_path, tables=tables) as (server, uri):
            bad = [NetClient(), NetClient()]
            good = [NetClient(), NetClient()]
            bad_code = (
                await bad[0].connect(uri, "Ann", create={"options": {"variant": "points"}})
            ).room
            await bad[1].connect(uri, "Bob", room=bad_code)
            good_code = (await good[0].connect(uri, "Cat", create={})).room
            await good[1].connect(uri, "Dan", room=good_code)
            bad_table = server.rooms[bad_code].table
            good_room = server.rooms[good_code]
            await asyncio.wait_for(
                asyncio.gather(*(_play(c, random.Random(i)) for i, c in enumerate(good + bad))),
                90,
            )
            await wait_until(lambda: all(c.refusal is not None for c in bad))
            assert all("server failed in this room" in str(c.refusal) for c in bad)
            assert bad_code not in server.rooms
            assert good_room.table is not None and good_room.table.finished
            assert good[0].refusal is None and good[1].refusal is None
            late = NetClient()
            assert isinstance(await late.connect(uri, "Eve", create={}), Welcome)
            for client in (*good, late):
                await client.close()
            return (
                getattr(bad_table, "replay_path", None),
                getattr(good_room.table, "replay_path", None),
            )

    with caplog.at_level(logging.ERROR, logger="spit.net.server"):
        bad_path, good_path = asyncio.run(asyncio.wait_for(run(), 120))
    failures = [r for r in caplog.records if "failed" in r.getMessage()]
    assert failures and all(r.exc_info for r in failures)
    assert any(r.args and r.args[0] in r.getMessage() for r in failures)
    assert bad_path is not None and good_path is not None
    good = verify(load_replay(good_path))
    assert good.valid and good.finished
    failed = verify(load_replay(bad_path))
    assert failed.valid and not failed.finished  # the failed room's game, as far as it went


def test_messages_beyond_a_rate_close_the_connection_with_a_reason(tmp_path: Path) -> None:
    async def run() -> None:
        limits = Limits(max_per_address=50, close_timeout_s=QUICK_CLOSE.close_timeout_s)
        async with running_lobby(tmp_path, limits=limits) as (_, uri), connect(uri) as ws:
            await ws.send(raw("hello", v=PROTOCOL_VERSION, name="Eve", create=True))
            assert json.loads(await ws.recv())["type"] == "welcome"
            with pytest.raises(ConnectionClosed) as closed:
                for i in range(700):  # past the burst, then 500 dropped
                    await ws.send(raw("pong", id=i, c1=1.0, c2=2.0))
                async with asyncio.timeout(30):  # the closing waits out the unread frames
                    while True:
                        frame = json.loads(await ws.recv())
                        if frame["type"] == "refused":
                            assert "too many messages" in frame["reason"]
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == Close.FLOOD

    asyncio.run(asyncio.wait_for(run(), 60))


def test_health_answers_plain_json_with_the_rooms_and_connections(tmp_path: Path) -> None:
    async def run() -> None:
        async with running_lobby(tmp_path) as (_, uri):
            a = NetClient()
            await a.connect(uri, "Ann", create={})
            status, headers, body = await http_get(uri, "/health")
            assert status.startswith("HTTP/1.1 200")
            assert headers["Content-Type"] == "application/json"
            health = json.loads(body)
            assert health["status"] == "ok" and health["protocol"] == PROTOCOL_VERSION
            assert health["rooms"] == 1 and health["connections"] == 1
            assert isinstance(health["version"], str)
            status, _, _ = await http_get(uri, "/anything-else")
            assert not status.startswith("HTTP/1.1 200")
            await a.close()

    asyncio.run(asyncio.wait_for(run(), 30))


@pytest.mark.parametrize("trusted", [True, False])
def test_behind_a_trusted_proxy_the_cap_counts_forwarded_addresses(
    tmp_path: Path, trusted: bool
) -> None:
    limits = Limits(max_per_address=1, trusted_proxies=frozenset({"127.0.0.1"} if trusted else ()))

    async def hello(uri: str, forwarded: str) -> str:
        ws = await connect(uri, additional_headers={"X-Forwarded-For": forwarded})
        opened.append(ws)
        try:
            await ws.send(raw("hello", v=PROTOCOL_VERSION, name="Eve", create=True))
            return str(json.loads(await ws.recv())["type"])
        except ConnectionClosed as closed:  # refused before the hello was read
            assert closed.rcvd is not None and closed.rcvd.code == Close.BUSY
            return "refused"

    opened: list[Any] = []

    async def run() -> list[str]:
        async with running_lobby(tmp_path, limits=limits) as (_, uri):
            kinds = [
                await hello(uri, "203.0.113.5"),
                await hello(uri, "198.51.100.7"),
                await hello(uri, "10.0.0.1, 203.0.113.5"),  # the proxy's own entry counts
            ]
            for ws in opened:
                await ws.close()
            return kinds

    kinds = asyncio.run(asyncio.wait_for(run(), 30))
    expected = ["welcome", "welcome" if trusted else "refused", "refused"]
    assert kinds == expected


def test_the_server_class_keeps_its_defaults_for_host(tmp_path: Path) -> None:
    server = GameServer(lambda names: Table(names, 1, None, timing=FAST))
    assert server.lobby is None and server.limits == Limits()


@pytest.mark.slow
def test_a_game_that_fails_to_start_closes_its_room_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    plain = fast_tables(tmp_path, fixed=ONE_ROUND)  # the good room: a game of one round

    def broken(names: tuple[str, str]) -> Table:
        raise RuntimeError("this game cannot start")

    def tables(game: str | None, options: Mapping[str, Any]) -> tuple[str, TableFactory]:
        return ("spit", broken) if options.get("variant") == "points" else plain(game, options)

    async def run() -> None:
        async with running_lobby(tmp_path, tables=tables) as (server, uri):
            first = NetClient()
            points = {"options": {"variant": "points"}}
            code = (await first.connect(uri, "Ann", create=points)).room
            with pytest.raises(ProtocolError, match="the server failed"):
                await NetClient().connect(uri, "Bob", room=code)
            await wait_until(lambda: first.refusal is not None)
            assert "server failed in this room" in str(first.refusal)
            assert code not in server.rooms
            other = NetClient()
            assert isinstance(await other.connect(uri, "Cat", create={}), Welcome)
            await other.close()
            await first.close()

    with caplog.at_level(logging.ERROR, logger="spit.net.server"):
        asyncio.run(asyncio.wait_for(run(), 30))
    assert any(r.exc_info for r in caplog.records)
