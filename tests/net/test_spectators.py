"""Spectators over loopback: they see only what both players can see, from the start
of the game however late they come, through rematches, in Spit and in Spades."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any, ClassVar

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from spit.core.cards import card_name
from spit.games.spades import wire as spades_wire
from spit.games.spit.replay import load_replay, verify
from spit.net.client import NetClient
from spit.net.limits import Limits
from spit.net.protocol import PROTOCOL_VERSION, Close, ProtocolError, Watching, Welcome
from spit.net.room import Room

from .frames import frame as raw
from .loopback import (
    ONE_ROUND,
    QUICK_CLOSE,
    SPECTATOR,
    Seen,
    WatchedTable,
    check_nothing_hidden,
    check_spectator_saw_nothing_hidden,
    greedy_intent,
    play_greedily,
    running_lobby,
    running_server,
    wait_until,
)
from .spades_players import frame_cards, spades_intent


class WatchedSpadesTable(spades_wire.Table):
    """Notes every public view with the cards hidden from either player then: both
    hands, the stock, and both players' face-down cards."""

    seen: ClassVar[Seen] = []

    def public_view(self) -> dict[str, Any]:
        view = super().public_view()
        state = self.session.state
        hidden = {*state.hands[0], *state.hands[1], *state.stock}
        hidden |= {*state.discards[0], *state.discards[1]}
        names = frozenset(card_name(c) for c in hidden)
        WatchedSpadesTable.seen.append((SPECTATOR, json.dumps(view, sort_keys=True), names))
        return view


def _views(client: NetClient) -> list[str]:
    return [frame for frame in client.frames if frame.startswith('{"type":"view"')]


async def _watched_games(
    uri: str, room: Room, players: tuple[NetClient, NetClient], choose: Any, games: int
) -> tuple[NetClient, NetClient]:
    """Two players play ``games`` games (rematches between them); one spectator watches
    from before the first deal, another comes in the middle of each game. Returns the
    early spectator and the last late one."""
    early = NetClient()
    await early.connect(uri, "Early", room=room.watch_code, watch=True)
    a, b = players
    await a.connect(uri, "Ann", room=room.code)
    await b.connect(uri, "Bob", room=room.code)
    late = NetClient()
    for game in range(games):
        plays = asyncio.gather(
            *(
                play_greedily(c, random.Random(10 * game + i), choose=choose)
                for i, c in enumerate(players)
            )
        )
        await wait_until(lambda: len(room.history) > 5)
        late = NetClient()
        await late.connect(uri, "Late", room=room.watch_code, watch=True)
        assert late.past > 5 and not plays.done()  # in the middle of the game
        await asyncio.wait_for(plays, 90)
        watching = (early, late)
        await wait_until(lambda: all(w.over is not None for w in watching))  # noqa: B023
        # the late spectator has seen the game from its start, as the early one did
        assert late.seen == early.seen
        assert late.over == early.over == a.over
        if game + 1 < games:
            await late.close()
            await a.rematch()
            await b.rematch()
            await wait_until(lambda: early.over is None and len(early.seen) > 0)
    return early, late


@pytest.mark.slow
def test_spectators_of_spit_see_only_public_cards_from_the_start(tmp_path: Path) -> None:
    async def run() -> tuple[NetClient, NetClient, NetClient, NetClient]:
        WatchedTable.seen = []
        async with running_server(tmp_path, table=WatchedTable, options=ONE_ROUND) as (
            server,
            uri,
        ):
            room = server.open_room()
            a, b = NetClient(), NetClient()
            early, late = await _watched_games(uri, room, (a, b), greedy_intent, 2)
            for client in (a, b, early, late):
                await client.close()
            return a, b, early, late

    a, b, early, late = asyncio.run(run())
    assert early.names == ["Ann", "Bob"]
    checked = sum(
        check_spectator_saw_nothing_hidden(c.frames, WatchedTable.seen) for c in (early, late)
    )
    assert checked > 20
    check_nothing_hidden((a.frames, b.frames), WatchedTable.seen)
    assert len([f for f in early.frames if '"type":"new_game"' in f]) == 2  # the rematch


@pytest.mark.slow
def test_spectators_of_spades_never_see_a_hand(tmp_path: Path) -> None:
    async def run() -> tuple[NetClient, NetClient]:
        WatchedSpadesTable.seen = []

        def make(names: tuple[str, str]) -> WatchedSpadesTable:
            return WatchedSpadesTable(names, 12, tmp_path, target=100)

        async with running_server(tmp_path, make_table=make) as (server, uri):
            room = server.open_room()
            a, b = NetClient(), NetClient()
            early, late = await _watched_games(uri, room, (a, b), spades_intent, 1)
            for client in (a, b, early, late):
                await client.close()
            return early, late

    early, late = asyncio.run(run())
    checked = sum(
        check_spectator_saw_nothing_hidden(c.frames, WatchedSpadesTable.seen, frame_cards)
        for c in (early, late)
    )
    assert checked > 100
    assert early.view is not None and early.view["counts"]["cards"] == [0, 0]
    assert all(not spades_wire.read_view(frame.view).hand for frame in early.seen)


def test_a_room_takes_so_many_spectators_and_refuses_the_next_clearly(tmp_path: Path) -> None:
    async def run() -> tuple[str, int, int]:
        async with running_server(tmp_path) as (server, uri):
            server.limits = Limits(max_per_address=10, max_spectators=2)
            room = server.open_room()
            watching = [NetClient(), NetClient()]
            for client in watching:
                await client.connect(uri, "Fan", room=room.watch_code, watch=True)
            with pytest.raises(ProtocolError) as refused:
                await NetClient().connect(uri, "Fan", room=room.watch_code, watch=True)
            await watching[0].close()
            await wait_until(lambda: server.spectators.count(room.code) == 1)
            again = NetClient()
            await again.connect(uri, "Fan", room=room.watch_code, watch=True)  # a place is free
            count = server.spectators.count(room.code)
            for client in (watching[1], again):
                await client.close()
            return refused.value.reason, int(refused.value.code), count

    reason, code, count = asyncio.run(run())
    assert "2 spectators already" in reason and code == Close.BUSY
    assert count == 2


def test_spectators_count_toward_the_connections_of_an_address(tmp_path: Path) -> None:
    async def run() -> str:
        async with running_server(tmp_path) as (server, uri):
            server.limits = Limits(max_per_address=2)
            room = server.open_room()
            fans = [NetClient(), NetClient()]
            for fan in fans:
                await fan.connect(uri, "Fan", room=room.watch_code, watch=True)
            with pytest.raises(ProtocolError) as refused:
                await NetClient().connect(uri, "Ann", room=room.code)
            for fan in fans:
                await fan.close()
            return refused.value.reason

    assert "too many connections" in asyncio.run(run())


def test_wrong_codes_passwords_and_tokens_are_refused_to_spectators(tmp_path: Path) -> None:
    async def run() -> list[str]:
        reasons = []
        async with running_server(tmp_path, password="secret") as (server, uri):
            room = server.open_room()
            attempts: list[dict[str, Any]] = [
                {"room": "N0P-E00-000", "password": "secret"},
                {"room": room.code},
                {"room": room.code, "password": "wrong"},
            ]
            for attempt in attempts:
                with pytest.raises(ProtocolError) as refused:
                    await NetClient().connect(uri, "Fan", watch=True, **attempt)
                reasons.append(refused.value.reason)
            async with connect(uri) as ws:  # a seat's token with watch: two things at once
                await ws.send(
                    raw(
                        "hello",
                        v=PROTOCOL_VERSION,
                        name="Fan",
                        room=room.code,
                        password="secret",
                        watch=True,
                        token="0" * 32,
                    )
                )
                reasons.append(json.loads(await ws.recv())["reason"])
        return reasons

    no_room, no_password, wrong, token = asyncio.run(run())
    assert "no room" in no_room
    assert no_password == wrong == "wrong password"
    assert "without a token" in token


def test_a_private_room_is_watched_only_with_its_watch_code(tmp_path: Path) -> None:
    """A room that is not public: its own code seats a player but shows no spectator
    anything; its watch code (given to its players in ``welcome``) does."""

    async def run() -> tuple[str, str | None, Welcome | Watching]:
        async with running_server(tmp_path) as (server, uri):
            room = server.open_room()
            ann = NetClient()
            welcome = await ann.connect(uri, "Ann", room=room.code)
            with pytest.raises(ProtocolError) as refused:
                await NetClient().connect(uri, "Fan", room=room.code, watch=True)
            fan = NetClient()
            assert isinstance(welcome, Welcome)
            watching = await fan.connect(uri, "Fan", room=welcome.watch, watch=True)
            await fan.close()
            await ann.close()
            assert isinstance(welcome, Welcome)
            return refused.value.reason, welcome.watch, watching

    reason, watch_code, watching = asyncio.run(asyncio.wait_for(run(), 30))
    assert "watch code" in reason
    assert watching.room == watch_code  # never the code that seats a player
    assert watching.names == ["Ann"]


def test_a_public_room_is_watched_by_its_code(tmp_path: Path) -> None:
    async def run() -> Welcome | Watching:
        async with running_lobby(tmp_path) as (_, uri):
            ann = NetClient()
            welcome = await ann.connect(uri, "Ann", create={"public": True})
            fan = NetClient()
            watching = await fan.connect(uri, "Fan", room=welcome.room, watch=True)
            await fan.close()
            await ann.close()
            return watching

    assert asyncio.run(asyncio.wait_for(run(), 30)).names == ["Ann"]


async def _refusal(ws: Any, frames: list[str]) -> int:
    """Send ``frames``, then read until the server says why it closes (the code of its
    ``refused``; the close handshake itself waits on the unread frames)."""
    with contextlib.suppress(ConnectionClosed):
        for frame in frames:
            await ws.send(frame)
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message["type"] == "refused":
                return int(message["code"])
    return ws.close_code or 0


@pytest.mark.slow
def test_a_hostile_spectator_never_touches_the_game(tmp_path: Path) -> None:
    """A spectator who sends intents, rematches, a second hello or floods is closed;
    the players' game goes on, and their replay is what they played."""

    async def run() -> tuple[list[int], bool, Path | None]:
        WatchedTable.seen = []
        async with running_server(
            tmp_path, table=WatchedTable, options=ONE_ROUND, limits=QUICK_CLOSE
        ) as (server, uri):
            room = server.open_room()
            a, b = NetClient(), NetClient()
            await a.connect(uri, "Ann", room=room.code)
            await b.connect(uri, "Bob", room=room.code)
            plays = asyncio.gather(
                *(play_greedily(c, random.Random(i)) for i, c in enumerate((a, b)))
            )
            attacks = [
                [raw("intent", seq=1, t=1.0, intent="play 0 left")],
                [raw("rematch")],
                [raw("take_win")],
                [raw("hello", v=PROTOCOL_VERSION, name="Eve", room=room.code)],
                [raw("intent", seq=1, t=1.0, intent="x" * 40)],
                ["not json"],
                [raw("pong", id=1, c1=1.0, c2=2.0)] * 400,
            ]
            codes = []
            for frames in attacks:
                async with connect(uri) as ws:
                    hello = raw(
                        "hello", v=PROTOCOL_VERSION, name="Eve", room=room.watch_code, watch=True
                    )
                    await ws.send(hello)
                    assert json.loads(await ws.recv())["type"] == "watching"
                    codes.append(await _refusal(ws, frames))
            await asyncio.wait_for(plays, 90)
            table = room.table
            assert table is not None
            path = table.replay_path
            for client in (a, b):
                await client.close()
            return codes, table.finished, path

    codes, finished, path = asyncio.run(run())
    assert codes[:6] == [Close.PROTOCOL] * 6
    assert codes[6] == Close.FLOOD
    assert finished and path is not None
    result = verify(load_replay(path))
    assert result.valid and result.finished


def test_serve_takes_its_spectator_cap_from_the_command_line(tmp_path: Path) -> None:
    import argparse

    from spit.commands import serve

    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    assert serve.limits_of(parser.parse_args([])).max_spectators == Limits().max_spectators
    assert serve.limits_of(parser.parse_args(["--max-spectators", "3"])).max_spectators == 3

    async def run() -> str:
        async with running_server(tmp_path) as (server, uri):
            server.limits = serve.limits_of(parser.parse_args(["--max-spectators", "0"]))
            room = server.open_room()
            with pytest.raises(ProtocolError) as refused:
                await NetClient().connect(uri, "Fan", room=room.watch_code, watch=True)
            return refused.value.reason

    assert asyncio.run(run()) == "this server takes no spectators"


def test_the_spectators_spit_view_is_seat_0_s_less_must_spit_at_every_step() -> None:
    """The wire copies the spectators' view from seat 0's when that was of the same
    state: at each step of a game played on virtual time, it is exactly the view made
    afresh from the table's state (no ``must_spit``, no ``can_play``, the same keys in
    the same order), whichever seat played last, and once seat 0 is gone (a bot plays
    it, and nobody is sent its views). A seat's ``can_play`` says whether a key of its
    would do something (``useful_intents``)."""
    from spit.core import seats
    from spit.games.spit.game import useful_intents
    from spit.games.spit.wire import Table, view_json
    from spit.net.room import REJOIN_GRACE_MS, SPECTATORS

    from .loopback import greedy_intent

    room = Room("R00-M01-AAA", lambda names: Table(names, 11, None), game="spit")
    room.sit("Ann", 0)
    room.sit("Bob", 0)
    rng = random.Random(3)
    checked = 0
    now = 0.0
    views: dict[int, dict[str, Any]] = {}
    dropped_at: float | None = None
    bot_checked = 0
    can_play_seen: set[bool] = set()
    while now < 300_000 and not (room.table is not None and room.table.finished):
        for seat, frame in room.step(now):
            message = json.loads(frame)
            if message["type"] != "view":
                continue
            if seat == SPECTATORS:
                table = room.table
                assert isinstance(table, Table)
                fresh = view_json(table.session.game.observe(table.session.state, None))
                fresh["seat"] = None
                del fresh["must_spit"]
                assert list(message["view"]) == list(fresh)
                assert message["view"] == json.loads(json.dumps(fresh))
                checked += 1
                bot_checked += room.chairs[0].bot
            else:
                views[seat] = message["view"]
                table = room.table
                assert isinstance(table, Table)
                state, stage = table.session.state, table.session.stage
                useful = bool(useful_intents(state, stage, seats.SEATS[seat]))
                assert message["view"]["can_play"] == (useful and not table.finished)
                can_play_seen.add(useful)
        if checked == 20 and dropped_at is None:
            room.drop(0, now)
            dropped_at = now
            del views[0]
        if dropped_at is not None and now == dropped_at + REJOIN_GRACE_MS + 1000:
            room.play_bot(1, now)
        for seat, view in views.items():
            intent = greedy_intent(view, rng) if rng.random() < 0.1 else None
            if intent is not None:
                room.intent(seat, now, now, intent)
        now += 20
    assert checked > 50
    assert bot_checked > 20
    assert can_play_seen == {False, True}
