"""Several real ``spit-tui serve`` processes on one real ``redis-server`` (started here,
on a free loopback port, in a temporary folder): room codes reserved across
processes, one list of public rooms, rooms reached from any process (relayed),
players of two processes matched, a process killed with ``kill -9`` mid-game, Redis
restarted empty, and floods refused. Each test is bounded in time."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import sqlite3
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest
import redis.asyncio as aioredis
from websockets.asyncio.client import connect

from spit.net.client import NetClient
from spit.net.lobby_client import list_rooms
from spit.net.online_client import OnlineClient
from spit.net.protocol import PROTOCOL_VERSION, Hello, encode, parse_server
from spit.net.shared.notices import SharedPlan, SharedSeat
from spit.net.shared.redis_cluster import LostRoom, RedisCluster
from spit.net.shared.relay import OWNER_GONE
from tests.online.postgres import missing_reason as postgres_missing
from tests.online.postgres import throwaway_postgres

from .loopback import http_get, play_greedily
from .redis_server import ThrowawayRedis, missing_reason
from .serve_processes import Served, serve_started

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(missing_reason() is not None, reason=str(missing_reason())),
]


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[ThrowawayRedis]:
    server = ThrowawayRedis(tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextlib.asynccontextmanager
async def club(
    data: Path, redis: ThrowawayRedis, count: int = 2, extra: Sequence[str] = ()
) -> AsyncIterator[list[Served]]:
    """``count`` serve processes on ``redis``, sharing one data folder (the accounts'
    key and the SQLite database), as docs/deploy.md runs them."""
    extra = [
        "--redis",
        redis.url,
        "--max-per-address",
        "50",
        "--connects-per-minute",
        "10000",
        *extra,
    ]
    served: list[Served] = []
    try:
        async with contextlib.AsyncExitStack() as stack:
            for _ in range(count):
                served.append(await stack.enter_async_context(serve_started(data, extra=extra)))
            await _until(lambda: _live(redis, count), "every process registered")
            yield served
    finally:
        await _show(served)
    for each in served:  # SIGTERM stops each cleanly (one killed in the test: -9)
        assert each.process.returncode in (0, -signal.SIGKILL), each.stderr


async def _show(served: list[Served]) -> None:
    """The processes' logs, for a failure's report (pytest shows what was printed)."""
    for each in served:
        print(f"--- process on port {each.port}:\n{each.stderr[-4000:]}")


async def _health(served: Served) -> dict[str, Any]:
    return dict(json.loads((await http_get(served.uri, "/health"))[2]))


async def _live(redis: ThrowawayRedis, count: int) -> bool:
    client = aioredis.Redis.from_url(redis.url)
    try:
        return len(await client.keys("spit:proc:*")) >= count
    finally:
        await client.aclose()


async def _until(check: object, what: str, timeout_s: float = 8.0) -> float:
    """Wait until ``check()`` (sync or async) is true; the seconds it took."""
    start = time.monotonic()
    while True:
        answer = check()  # type: ignore[operator]
        if asyncio.iscoroutine(answer):
            answer = await answer
        if answer:
            return time.monotonic() - start
        if time.monotonic() - start > timeout_s:
            raise AssertionError(f"not in {timeout_s} s: {what}")
        await asyncio.sleep(0.05)


async def _refusal(uri: str, hello: Hello, headers: dict[str, str] | None = None) -> str:
    async with connect(uri, additional_headers=headers) as ws:
        await ws.send(encode(hello))
        return str(parse_server(await asyncio.wait_for(ws.recv(), 5)).reason)  # type: ignore[union-attr]


def test_codes_lists_and_rooms_are_shared_and_reached_from_any_process(
    tmp_path: Path, redis_server: ThrowawayRedis
) -> None:
    async def run() -> None:
        async with club(tmp_path / "data", redis_server) as (one, two):
            ann, bob = NetClient(), NetClient()
            code = (await ann.connect(one.uri, "Ann", create={"public": True})).room
            directory = aioredis.Redis.from_url(redis_server.url)
            owner = await directory.get(f"spit:code:{code}")
            assert owner is not None  # reserved in Redis (SET NX) before it was handed out
            procs = {k.decode().split(":")[-1] for k in await directory.keys("spit:proc:*")}
            assert owner.decode() in procs
            await directory.aclose()
            # the other process lists it, within a beat
            await _until(lambda: _listed(two.uri, code), "the room listed by the other process")
            # and a player who reaches the other process sits in it (relayed)
            welcome = await bob.connect(two.uri, "Bob", room=code)
            assert welcome.room == code and welcome.seat == 1
            await asyncio.gather(
                play_greedily(ann, random.Random(1), limit_s=5),
                play_greedily(bob, random.Random(2), limit_s=5),
            )
            assert any(e.get("kind") == "input" and e["accepted"] for e in bob.events)
            # a seat's token reused while its player sits there is refused, through
            # either process
            again = Hello(v=PROTOCOL_VERSION, name="Eve", room=code, token=welcome.token)
            for uri in (one.uri, two.uri):
                assert await _refusal(uri, again) == "that seat is taken"
            # a relayed connection is never relayed again: refused, saying so
            wrong = Hello(v=PROTOCOL_VERSION, name="Eve", room=code)
            reason = await _refusal(two.uri, wrong, {"X-Spit-Relay": "elsewhere"})
            assert "not on this server process" in reason
            await ann.close()
            await bob.close()

    asyncio.run(asyncio.wait_for(run(), 60))


async def _listed(uri: str, code: str) -> bool:
    return code in {room.room for room in await list_rooms(uri)}


async def _online(uri: str) -> OnlineClient:
    client = OnlineClient()
    await client.connect(uri)
    return client


async def _matched(one: Served, two: Served) -> tuple[OnlineClient, OnlineClient]:
    """A guest on each process, in the same queue (the first a moment earlier): both
    matched, the room on the first's process."""
    first, second = await _online(one.uri), await _online(two.uri)
    await first.join_queue("spit", "standard")
    await asyncio.sleep(0.2)
    await second.join_queue("spit", "standard")
    await _until(lambda: first.matched and second.matched, "both matched", 10)
    assert first.matched is not None and second.matched is not None
    assert first.matched.room == second.matched.room
    return first, second


async def _seated(redis: ThrowawayRedis, expected: dict[str, str]) -> bool:
    """Whether Redis's presence says each account sits in its room (and no other)."""
    directory = aioredis.Redis.from_url(redis.url)
    seated: dict[str, str] = {}
    for key in await directory.keys("spit:seated:*"):
        found = await directory.hgetall(key)
        seated.update({k.decode(): v.decode() for k, v in found.items()})
    await directory.aclose()
    return seated == expected


async def _sit(uri: str, online: OnlineClient) -> NetClient:
    matched = online.matched
    assert matched is not None
    seat = NetClient()
    await seat.connect(uri, "x", room=matched.room, token=matched.token)
    return seat


def test_players_of_two_processes_are_matched_and_play(
    tmp_path: Path, redis_server: ThrowawayRedis
) -> None:
    async def run() -> None:
        async with club(tmp_path / "data", redis_server) as (one, two):
            first, second = await _matched(one, two)
            assert first.matched is not None and second.matched is not None
            assert first.matched.opponent == second.signed.account.name  # type: ignore[union-attr]
            a = await _sit(one.uri, first)
            b = await _sit(two.uri, second)  # the room is on the first's process: relayed
            room = first.matched.room
            players = {first.signed.account.id, second.signed.account.id}  # type: ignore[union-attr]
            await _until(
                lambda: _seated(redis_server, dict.fromkeys(players, room)),
                "presence: who sits in which room, published at the next beat",
            )
            await asyncio.gather(
                play_greedily(a, random.Random(3), limit_s=2),
                play_greedily(b, random.Random(4), limit_s=2),
            )
            assert a.view is not None and b.view is not None
            for client in (a, b, first, second):
                await client.close()

    asyncio.run(asyncio.wait_for(run(), 60))


def test_a_player_missing_from_the_shared_queue_is_put_back_and_matched(
    tmp_path: Path, redis_server: ThrowawayRedis
) -> None:
    """A pairing lost on its way (its first player's process died), or a join written
    while Redis was away, leaves a player out of the shared queue: their process puts
    them back."""

    async def run() -> None:
        async with club(tmp_path / "data", redis_server) as (one, two):
            ann = await _online(one.uri)
            assert ann.signed is not None
            await ann.join_queue("spit", "standard")
            directory = aioredis.Redis.from_url(redis_server.url)
            account = ann.signed.account.id

            async def queued() -> bool:
                return bool(await directory.hexists("spit:queue", account))

            await _until(queued, "queued in Redis")
            await directory.hdel("spit:queue", account)  # as a lost pairing leaves it
            took = await _until(queued, "queued again", 5)
            await directory.aclose()
            assert took < 3
            bob = await _online(two.uri)
            await bob.join_queue("spit", "standard")
            await _until(lambda: ann.matched and bob.matched, "matched", 10)
            for client in (ann, bob):
                await client.close()

    asyncio.run(asyncio.wait_for(run(), 60))


def test_an_invite_reaches_a_friend_online_on_another_process(
    tmp_path: Path, redis_server: ThrowawayRedis
) -> None:
    async def run() -> None:
        async with club(tmp_path / "data", redis_server) as (one, two):
            ann, bob = await _online(one.uri), await _online(two.uri)
            await bob.rename("Bobby")
            await asyncio.sleep(1.2)  # presence is published at each beat (0.5 s)
            # declined: the inviter hears it
            await ann.invite("Bobby", "spit", "standard")
            await _until(lambda: bob.invites, "the invite shown on the other process")
            await bob.answer_invite(next(iter(bob.invites)), False)
            await _until(lambda: ann.answer is not None, "the inviter told")
            assert ann.answer is not None and ann.answer.reason == "declined"
            # withdrawn: the invitee hears it
            await ann.invite("Bobby", "spit", "standard")
            await _until(lambda: bob.invites, "the second invite shown")
            await ann.cancel()
            await _until(lambda: not bob.invites, "the withdrawal shown")
            assert bob.answer is not None and "withdrawn" in bob.answer.reason
            # accepted: both seated in one room, the inviter's
            await ann.invite("Bobby", "spit", "standard")
            await _until(lambda: bob.invites, "the third invite shown")
            await bob.answer_invite(next(iter(bob.invites)), True)
            await _until(lambda: ann.matched and bob.matched, "both matched")
            assert ann.matched is not None and bob.matched is not None
            assert ann.matched.room == bob.matched.room and ann.matched.opponent == "Bobby"
            seat = await _sit(two.uri, bob)  # relayed to the inviter's process
            assert seat.welcome is not None
            for client in (ann, bob, seat):
                await client.close()

    asyncio.run(asyncio.wait_for(run(), 60))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The processes' shared database: a SQLite file in their data folder, or a new
    database of a throwaway PostgreSQL (``tests/online/postgres.py``)."""
    if request.param == "sqlite":
        yield str(tmp_path / "data" / "online.db")
        return
    reason = postgres_missing()
    if reason is not None:
        pytest.skip(reason)
    with throwaway_postgres() as server:
        yield server.new_database()


def _results(database: str) -> list[str]:
    """The reasons of the recorded results, in order."""
    query = "SELECT reason FROM results ORDER BY id"
    if database.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(database) as conn:
            return [row[0] for row in conn.execute(query)]
    with sqlite3.connect(database) as db:
        return [row[0] for row in db.execute(query)]


def test_a_process_killed_mid_game_ends_its_rooms_alone(
    tmp_path: Path, redis_server: ThrowawayRedis, database: str
) -> None:
    data = tmp_path / "data"

    async def run() -> dict[str, float]:
        async with club(data, redis_server, extra=["--database", database]) as (one, two):
            first, second = await _matched(one, two)
            # a game that ends and is acknowledged before the kill: one leaves
            a, b = await _sit(one.uri, first), await _sit(two.uri, second)
            await _until(lambda: a.view is not None and b.view is not None, "both see the game")
            await b.close(leave=True)
            await _until(
                lambda: any('"type":"rated"' in f for f in a.frames), "the result acknowledged", 10
            )
            await a.close()
            # a second match (two new players: no rating gap to wait out), killed in
            # the middle
            first, second = await _matched(one, two)
            a, b = await _sit(one.uri, first), await _sit(two.uri, second)
            # a room of the other process, which must not notice
            c, d = NetClient(), NetClient()
            code = (await c.connect(two.uri, "Cy", create={})).room
            await d.connect(two.uri, "Di", room=code)
            await _until(lambda: a.view and b.view and c.view and d.view, "every game started")
            one.process.send_signal(signal.SIGKILL)
            killed = time.monotonic()
            await _until(lambda: not a.connected and not b.connected, "both players told", 5)
            told_b = b.refusal
            await _until(
                lambda: any(p.about == "matched" for p in second.problems),
                "the player's session on the other process told",
                6,
            )
            session_told = time.monotonic() - killed
            before = len(c.events)
            await asyncio.gather(
                play_greedily(c, random.Random(5), limit_s=1.5),
                play_greedily(d, random.Random(6), limit_s=1.5),
            )
            assert c.connected and d.connected and len(c.events) > before
            assert told_b is not None and OWNER_GONE in told_b
            for client in (b, c, d, second):
                await client.close()
            return {"session_told": session_told}

    figures = asyncio.run(asyncio.wait_for(run(), 60))
    assert figures["session_told"] < 5
    # the acknowledged one kept; the killed one ended as the policy says
    assert _results(database) == ["left", "aborted"]


def test_redis_restarted_empty_is_rebuilt_from_the_live_processes(
    tmp_path: Path, redis_server: ThrowawayRedis
) -> None:
    async def run() -> None:
        async with club(tmp_path / "data", redis_server) as (one, two):
            ann = NetClient()
            code = (await ann.connect(one.uri, "Ann", create={"public": True})).room
            await _until(lambda: _listed(two.uri, code), "listed")
            redis_server.kill()
            redis_server.start()  # empty: no persistence
            # the other process still serves its own (the list shows what it can)
            assert isinstance(await list_rooms(two.uri), list)
            took = await _until(lambda: _listed(two.uri, code), "listed again", 10)
            assert took < 10
            assert (await _health(one))["cluster"]["rebuilds"] >= 1
            directory = aioredis.Redis.from_url(redis_server.url)
            assert await directory.get(f"spit:code:{code}") is not None  # the code again
            await directory.aclose()
            bob = NetClient()
            assert (await bob.connect(two.uri, "Bob", room=code)).seat == 1  # routed again
            await ann.close()
            await bob.close()

    asyncio.run(asyncio.wait_for(run(), 60))


def test_floods_across_processes_are_refused_and_junk_notices_dropped(
    tmp_path: Path, redis_server: ThrowawayRedis
) -> None:
    async def run() -> None:
        async with club(tmp_path / "data", redis_server) as (one, two):
            client = await _online(one.uri)
            assert client.signed is not None
            token = client.signed.token
            other = OnlineClient()
            await other.connect(two.uri, token)  # the same account on the other process
            for i in range(30):  # queue joins, alternating processes: one shared count
                await (client if i % 2 else other).join_queue("spit", "standard")
            await _until(
                lambda: any(
                    "too many queue joins" in p.reason for p in client.problems + other.problems
                ),
                "the flood refused",
            )
            # junk on the processes' channels: dropped and counted, nothing else
            directory = aioredis.Redis.from_url(redis_server.url)
            for _ in range(200):
                await directory.publish("spit:to:all", b"{" + b"x" * 100)
            await directory.publish("spit:to:all", json.dumps({"type": "lost"}))
            await directory.aclose()

            async def all_dropped() -> bool:  # each process reads its channel on its own time
                counts = [(await _health(p))["cluster"]["dropped_notices"] for p in (one, two)]
                return sum(counts) >= 2 * 201

            await _until(all_dropped, "every junk notice dropped and counted by both")
            ann, bob = NetClient(), NetClient()
            code = (await ann.connect(two.uri, "Ann", create={})).room
            await bob.connect(one.uri, "Bob", room=code)
            await play_greedily(bob, random.Random(7), limit_s=1)
            assert bob.view is not None
            for each in (client, other, ann, bob):
                await each.close()

    asyncio.run(asyncio.wait_for(run(), 60))


def test_a_process_refuses_to_start_without_its_redis(tmp_path: Path) -> None:
    async def run() -> None:
        from .redis_server import free_port

        with pytest.raises(AssertionError):
            async with serve_started(
                tmp_path / "data", extra=["--redis", f"redis://127.0.0.1:{free_port()}/0"]
            ):
                pass

    asyncio.run(asyncio.wait_for(run(), 30))


def test_a_dead_processs_plans_are_read_strictly_and_the_damaged_passed_over(
    redis_server: ThrowawayRedis,
) -> None:
    """The plans a dead process left are Structs read back strictly: each one that
    reads is handed on, one that does not (damaged, another version's) is logged and
    passed over, and the process is reaped all the same."""
    plan = SharedPlan(
        game="spit",
        variant="standard",
        seats=(SharedSeat(account="ann"), SharedSeat(bot="easy")),
        rated=True,
        key="k1",
        games=2,
        recorded=1,
    )

    async def run() -> tuple[list[tuple[str, list[LostRoom]]], list[str]]:
        cluster = RedisCluster(redis_server.url)
        seen: list[tuple[str, list[LostRoom]]] = []

        async def on_lost(process: str, rooms: list[LostRoom]) -> None:
            seen.append((process, rooms))

        cluster.on_lost = on_lost
        redis = cluster.redis
        await redis.sadd("spit:procs", "dead")
        damaged = {"XYZ": b'{"game": 3}', "QQQ": b"{", "RRR": b'{"game": "spit"}'}
        await redis.hset("spit:plans:dead", mapping={"ABC": msgspec.json.encode(plan), **damaged})
        await cluster._reap()
        left = await redis.exists("spit:plans:dead")
        await redis.aclose()
        return seen, [*cluster.reaped, str(left)]

    seen, reaped = asyncio.run(asyncio.wait_for(run(), 10))
    assert seen == [("dead", [LostRoom("ABC", plan)])]
    assert reaped == ["dead", "0"]
