"""Online play on loopback: the quick-match queue (by rating, its window widening on an
injected clock), the bot offer, cancelling, invites, the daily deal re-verified, and
results recorded and rated by the server alone; the boards as JSON over HTTP; floods."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from spit.net.client import NetClient
from spit.net.fairness import Ordering
from spit.net.online import DailyGame, _verify
from spit.net.online_client import OnlineClient
from spit.net.protocol import Close, Matched, Rated, parse_server
from tests.net.loopback import faster_clock, http_get, play_greedily, wait_until
from tests.net.online_server import QUICK, OnlineServer, Wall, online_server
from tests.online.games import result


class Clock:
    """The queue's monotonic clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def run(body: Awaitable[None], limit_s: float = 60) -> None:
    asyncio.run(asyncio.wait_for(body, limit_s))  # type: ignore[arg-type]


async def sit(on: OnlineServer, matched: Matched | None) -> NetClient:
    """Take the seat a match gave (as ``spit-tui online`` does)."""
    assert matched is not None
    seat = NetClient()
    await seat.connect(on.uri, "anyone", room=matched.room, token=matched.token)
    return seat


def rated_of(seat: NetClient) -> Rated | None:
    for frame in seat.frames:
        message = parse_server(frame)
        if isinstance(message, Rated):
            return message
    return None


async def play_out(*seats: NetClient) -> None:
    await asyncio.gather(*(play_greedily(s, random.Random(i)) for i, s in enumerate(seats)))
    await wait_until(lambda: all(rated_of(s) is not None for s in seats), 10)


async def strong_and_weak(on: OnlineServer) -> tuple[OnlineClient, OnlineClient]:
    """Ann, some 400 above Bob: she beat him in recorded games before."""
    ann = await on.player("ann", "Ann")
    bob = await on.player("bob", "Bob")
    assert ann.signed is not None and bob.signed is not None
    for number in range(4):
        when = datetime(2026, 12, 1, 10, number, tzinfo=UTC)
        await on.store.record_result(
            result(when, ann.signed.account.id, bob.signed.account.id, variant="standard")
        )
    return ann, bob


@pytest.mark.slow
def test_the_queue_pairs_by_rating_in_a_window_that_widens_with_the_wait(tmp_path: Path) -> None:
    clock = Clock()

    async def body() -> None:
        async with online_server(tmp_path, queue_clock=clock) as on:
            ann, bob = await strong_and_weak(on)
            await ann.join_queue("spit", "standard")
            await bob.join_queue("spit", "standard")
            await wait_until(lambda: ann.queued is not None and bob.queued is not None, 5)
            assert ann.queued is not None and bob.queued is not None
            bob_rating = bob.queued.rating
            gap = ann.queued.rating - bob_rating
            assert gap > 300, "four wins apart"
            await asyncio.sleep(0.3)  # several ticks: too far apart at first
            assert ann.matched is None and bob.matched is None
            clock.now += 5
            await wait_until(lambda: ann.status is not None and ann.status.waited_s == 5, 5)
            assert ann.status is not None and (ann.status.waiting, ann.status.online) == (2, 2)
            clock.now += (gap - 100) / 25  # the window reaches the gap
            await wait_until(lambda: ann.matched is not None and bob.matched is not None, 5)
            assert ann.matched is not None and bob.matched is not None
            assert ann.matched.room == bob.matched.room
            assert (ann.matched.opponent, bob.matched.opponent) == ("Bob", "Ann")
            assert ann.matched.opponent_rating == bob_rating
            assert {ann.matched.seat, bob.matched.seat} == {0, 1}
            a, b = await sit(on, ann.matched), await sit(on, bob.matched)
            assert a.names == ["Ann", "Bob"], "the accounts' names, not what the hello said"
            for client in (a, b, ann, bob):
                await client.close()

    run(body())


@pytest.mark.slow
def test_a_bot_is_offered_after_twenty_seconds_and_its_game_is_rated(tmp_path: Path) -> None:
    clock = Clock()

    async def body() -> None:
        # its game against a bot at a person's speed: rooms on a clock four times as fast
        fast = {"clock": faster_clock(4), "ordering": Ordering.ARRIVAL}
        async with online_server(tmp_path, queue_clock=clock, **fast) as on:
            ann = await on.player("ann", "Ann")
            await ann.join_queue("spit", "standard")
            await ann.accept_bot()
            await wait_until(lambda: bool(ann.problems), 5)
            assert "no bot is on offer" in ann.problems[-1].reason
            clock.now += 19
            await asyncio.sleep(0.2)
            assert ann.offer is None
            clock.now += 1
            await wait_until(lambda: ann.offer is not None, 5)
            assert ann.offer is not None
            assert (ann.offer.level, ann.offer.rating) == ("normal", 1500), "nearest to 1500"
            assert ann.queued is not None, "still waiting for a person meanwhile"
            await ann.accept_bot()
            await wait_until(lambda: ann.matched is not None, 5)
            assert ann.matched is not None and ann.matched.bot == "normal"
            seat = await sit(on, ann.matched)
            assert seat.names == ["Ann", "normal bot"]
            await play_out(seat)
            rated = rated_of(seat)
            assert rated is not None and rated.unrated is None
            (change,) = rated.seats
            assert change.seat == 0 and change.before == 1500 and change.after != 1500
            page = await ann.board("spit", "standard")
            assert [line.name for line in page.entries] == ["Ann"]
            assert page.own is not None and page.history == [change.after]
            await seat.close()
            await ann.close()

    run(body())


def test_spades_offers_its_middle_bot_unrated(tmp_path: Path) -> None:
    clock = Clock()

    async def body() -> None:
        async with online_server(tmp_path, queue_clock=clock) as on:
            ann = await on.player("ann")
            await ann.join_queue("spades", "target=500")
            await wait_until(lambda: ann.queued is not None, 5)
            clock.now += 20
            await wait_until(lambda: ann.offer is not None, 5)
            assert ann.offer is not None and not ann.offer.rated and ann.offer.rating is None
            await ann.close()

    run(body())


def test_cancel_leaves_the_queue(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            ann = await on.player("ann")
            bob = await on.player("bob")
            await ann.join_queue("spit", "points")
            await wait_until(lambda: ann.queued is not None, 5)
            await ann.cancel()
            await wait_until(lambda: on.service.queue.find(ann.signed.account.id) is None, 5)  # type: ignore[union-attr]
            await bob.join_queue("spit", "points")
            await asyncio.sleep(0.3)
            assert ann.matched is None and bob.matched is None
            await bob.close()
            await ann.close()
            await wait_until(lambda: len(on.service.queue) == 0, 5)  # type: ignore[arg-type]

    run(body())


def test_invites_by_name_accepted_declined_or_to_nobody(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            ann = await on.player("ann", "Ann")
            bob = await on.player("bob", "Bob")
            await ann.invite("nobody here", "spit", "standard")
            await wait_until(lambda: bool(ann.problems), 5)
            assert "nobody called 'nobody here' is online" in ann.problems[-1].reason
            await ann.invite("bob", "spit", "standard")  # names are told apart by case alone
            await wait_until(lambda: bool(bob.invites) and ann.sent is not None, 5)
            (invite,) = bob.invites.values()
            assert (invite.name, invite.game, invite.variant) == ("Ann", "spit", "standard")
            await bob.answer_invite(invite.id, accept=False)
            await wait_until(lambda: ann.answer is not None, 5)
            assert ann.answer is not None and ann.answer.reason == "declined"
            await ann.invite("Bob", "spit", "points")
            await wait_until(lambda: bool(bob.invites), 5)
            (invite,) = bob.invites.values()
            await bob.answer_invite(invite.id, accept=True)
            await wait_until(lambda: ann.matched is not None and bob.matched is not None, 5)
            assert ann.matched is not None and ann.matched.variant == "points"
            assert ann.matched.opponent == "Bob" and ann.matched.rated
            for client in (ann, bob):
                await client.close()

    run(body())


def test_leaving_a_game_is_a_loss_for_the_leaver(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            ann = await on.player("ann", "Ann")
            bob = await on.player("bob", "Bob")
            await ann.join_queue("spit", "standard")
            await bob.join_queue("spit", "standard")
            await wait_until(lambda: ann.matched is not None and bob.matched is not None, 5)
            a, b = await sit(on, ann.matched), await sit(on, bob.matched)
            await wait_until(lambda: a.view is not None and b.view is not None, 5)
            await a.close(leave=True)
            await wait_until(lambda: rated_of(b) is not None, 5)
            assert b.over is not None and b.over.reason == "left"
            rated = rated_of(b)
            assert rated is not None and rated.unrated is None
            mine = {change.seat: change for change in rated.seats}
            assert mine[b.welcome.seat].after > 1500 > mine[1 - b.welcome.seat].after  # type: ignore[union-attr]
            await b.close()
            for client in (ann, bob):
                await client.close()

    run(body())


def test_a_game_the_server_failed_in_rates_no_one(tmp_path: Path) -> None:
    from tests.net.online_server import short_tables

    def failing(game: str, options: Any, seed: Any, folder: Any) -> Any:
        make = short_tables(game, options, seed, folder)

        def new_table(names: tuple[str, str]) -> Any:
            table = make(names)

            def broken(at: int) -> None:
                raise RuntimeError("a bug in the game")

            table.advance = broken  # type: ignore[method-assign]
            return table

        return new_table

    async def body() -> None:
        async with online_server(tmp_path, tables=failing) as on:
            ann = await on.player("ann")
            bob = await on.player("bob")
            await ann.join_queue("spit", "standard")
            await bob.join_queue("spit", "standard")
            await wait_until(lambda: ann.matched is not None and bob.matched is not None, 5)
            a, b = await sit(on, ann.matched), await sit(on, bob.matched)
            await wait_until(lambda: not a.connected and not b.connected, 5)
            assert "the server failed in this room" in (a.refusal or "")
            async with on.store.db.read() as tx:
                rows = await tx.all("SELECT reason, unrated FROM results")
            assert rows == [("aborted", "aborted")]
            assert await on.store.rating(ann.signed.account.id, "spit", "standard") is None  # type: ignore[union-attr]
            for client in (ann, bob):
                await client.close()

    run(body())


@pytest.mark.slow
def test_the_daily_deal_counts_once_and_enters_the_board_once_verified(tmp_path: Path) -> None:
    wall = Wall()
    dailies = {"spit": lambda day: DailyGame(variant="points", bot="normal", seed=day.toordinal())}

    async def body() -> None:
        # two games against a bot that plays at a person's speed: on a server clock four
        # times as fast (intents ordered by arrival, as the clients' stamps drift from it)
        fast = {"clock": faster_clock(4), "ordering": Ordering.ARRIVAL}
        async with online_server(tmp_path, wall=wall, dailies=dailies, **fast) as on:
            ann = await on.player("ann", "Ann")
            await ann.play_daily("spades")
            await wait_until(lambda: bool(ann.problems), 5)
            assert "Spades has no daily deal yet" in ann.problems[-1].reason
            page = await ann.board("spades", "target=500", "day")
            assert page.total == 0 and page.note is not None and "no daily" in page.note
            await ann.play_daily("spit")
            await wait_until(lambda: ann.matched is not None, 5)
            first = ann.matched
            assert first is not None and first.daily and first.counted and first.bot == "normal"
            seat = await sit(on, first)
            await play_out(seat)
            rated = rated_of(seat)
            assert rated is not None and rated.note == "today's deal: entered on the day's board"
            await seat.close()
            page = await ann.board("spit", "standard", "day")  # the day's variant, whatever asked
            assert page.variant == "points" and page.period == "2026-12-02"
            assert [line.name for line in page.entries] == ["Ann"] and page.own is not None
            # the replay the server checked re-plays; an edited copy does not
            replays = sorted((tmp_path / "replays").glob("*.spit.jsonl"))
            assert replays
            text = replays[-1].read_text().splitlines()
            hash_line = json.loads(text[-1])
            assert "hash" in json.dumps(hash_line)
            # a second attempt the same day is played, but does not count
            await ann.play_daily("spit")
            await wait_until(lambda: ann.matched is not None and ann.matched != first, 5)
            assert ann.matched is not None and not ann.matched.counted
            seat = await sit(on, ann.matched)
            await play_out(seat)
            rated = rated_of(seat)
            assert rated is not None and "played before" in (rated.note or "")
            assert (await ann.board("spit", "points", "day")).total == 1
            await seat.close()
            await ann.close()

    run(body(), limit_s=90)


def test_a_replay_that_does_not_replay_to_the_table_s_end_is_not_verified(tmp_path: Path) -> None:
    from spit.games.spit.wire import Table as SpitTable
    from tests.net.loopback import FAST

    table = SpitTable(("Ann", "Bot"), 11, tmp_path, variant="points", target=1, timing=FAST)
    table.bot_takes(0)
    table.bot_takes(1)
    at = 0
    while not table.finished and at < 600_000:
        at += 100
        table.advance(at)
    assert table.finished and table.replay_path is not None
    winner = table.result()[0]  # type: ignore[index]
    checked = _verify(table.replay_path, table.state_hash(), winner)
    assert isinstance(checked, tuple) and checked[0] >= 1
    assert (
        _verify(table.replay_path, "0" * 32, winner) == "re-plays to another end than the table's"
    )
    lines = table.replay_path.read_text().splitlines()
    edited = [line.replace('"accepted": true', '"accepted": false', 1) for line in lines]
    table.replay_path.write_text("\n".join(edited) + "\n")
    assert isinstance(_verify(table.replay_path, table.state_hash(), winner), str)


def test_boards_as_json_over_http_hold_no_secrets(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            ann, bob = await strong_and_weak(on)
            status, headers, text = await http_get(on.uri, "/leaderboard?game=spit&board=all")
            assert status.endswith("200 OK") and headers["Content-Type"] == "application/json"
            assert headers["Access-Control-Allow-Origin"] == "*"
            board = json.loads(text)
            assert [(e["rank"], e["name"]) for e in board["entries"]] == [(1, "Ann"), (2, "Bob")]
            assert board["own"] is None
            for secret in (ann.signed.account.id, on.tokens("ann").get(on.address)):  # type: ignore[union-attr]
                assert secret is not None and secret not in text
            _, _, text = await http_get(on.uri, "/leaderboard?game=spit&name=bob&board=week")
            assert json.loads(text)["own"]["name"] == "Bob"
            status, _, text = await http_get(on.uri, "/leaderboard?game=chess")
            assert (
                status.endswith("400 Bad Request") and "no game chess" in json.loads(text)["error"]
            )
            status, _, _ = await http_get(on.uri, "/leaderboard?page=-1")
            assert status.endswith("400 Bad Request")
            for client in (ann, bob):
                await client.close()

    run(body())


def test_floods_of_queue_joins_are_limited_and_others_are_still_served(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            flood = await on.player("flood")
            calm = await on.player("calm", "Calm")
            for _ in range(12):
                await flood.join_queue("spit", "standard")
            await wait_until(lambda: bool(flood.problems), 5)
            assert "too many queue joins" in flood.problems[-1].reason
            for _ in range(400):  # far beyond a person's clicks: the session is closed
                if flood.ended is not None:
                    break
                await flood.join_queue("spit", "standard")
            await wait_until(lambda: flood.ended is not None, 5)
            assert "too many messages" in (flood.ended or "")
            assert (await calm.account()).account.name == "Calm", "others are still served"
            await calm.close()
            await flood.close()

    run(body())


def test_invites_and_board_reads_are_limited_and_others_are_still_served(tmp_path: Path) -> None:
    limits = replace(QUICK, invites="3/minute", board_reads="2/minute")

    async def body() -> None:
        async with online_server(tmp_path, limits=limits) as on:
            ann = await on.player("ann", "Ann")
            bob = await on.player("bob", "Bob")
            for _ in range(4):
                await ann.invite("Bob", "spit", "standard")
            await wait_until(lambda: any("too many invites" in p.reason for p in ann.problems), 5)
            assert len(bob.invites) <= 3, "the fourth never reached Bob"
            assert (await bob.account()).account.name == "Bob", "the server goes on"
            statuses = [(await http_get(on.uri, "/leaderboard?game=spit"))[0] for _ in range(3)]
            assert [status.split()[1] for status in statuses] == ["200", "200", "429"]
            for client in (ann, bob):
                await client.close()

    run(body())


def test_a_close_code_for_refused_accounts_is_the_protocol_s() -> None:
    assert Close.ACCOUNT == 4007
