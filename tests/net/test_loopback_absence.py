"""A dropped player over real sockets: the other sees the countdown, takes the win or
a bot; the one gone is told clearly that it is too late. The grace period is cut to
1.5 s for the test (``Limits.rejoin_grace_ms``)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from spit.net.client import ReplayUnavailable
from spit.net.fairness import Ordering
from spit.net.limits import Limits
from spit.net.protocol import Close, ProtocolError

from .loopback import ONE_ROUND, WatchedTable, faster_clock, play_greedily, seated_pair


async def _until(condition, limit_s: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(limit_s / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not in time")


@pytest.mark.slow
@pytest.mark.parametrize("choice", ["take_win", "play_bot"])
def test_the_remaining_player_chooses_and_the_gone_one_cannot_come_back(
    tmp_path: Path, choice: str
) -> None:
    short_grace = Limits(rejoin_grace_ms=1_500)
    # the bot plays at a person's speed, on the server's clock: a game against it runs
    # four times as fast (and its intents are ordered by arrival, as the clocks drift)
    fast = {"clock": faster_clock(4), "ordering": Ordering.ARRIVAL} if choice == "play_bot" else {}

    async def run() -> None:
        async with seated_pair(
            tmp_path, options=ONE_ROUND, table=WatchedTable, limits=short_grace, **fast
        ) as (_, room, a, b):
            await _until(lambda: a.view is not None and len(a.names) == 2)
            with pytest.raises(ReplayUnavailable):
                await a.fetch_replay(timeout_s=5)  # not over yet
            await b.close(leave=False)
            await _until(lambda: a.away is not None)
            assert a.away is not None and a.away[0] == 1 and 0 < a.away[1] <= 2
            await _until(lambda: a.grace_over == 1)
            with pytest.raises(ProtocolError) as late:
                await b.rejoin()
            assert late.value.reason.startswith("too late")
            assert late.value.code is Close.FORFEIT
            if choice == "take_win":
                await a.take_win()
                await _until(lambda: a.over is not None)
                assert (a.over.winner, a.over.reason) == (0, "forfeit")
            else:
                await a.play_bot()
                await play_greedily(a, random.Random(1), limit_s=60)
                await _until(lambda: a.over is not None)
                assert a.over is not None and a.over.reason == "points"
            name, text = await a.fetch_replay()
            assert room.table is not None and room.table.replay_path is not None
            assert name == room.table.replay_path.name
            assert text.encode() == room.table.replay_path.read_bytes()
            await a.close()

    asyncio.run(asyncio.wait_for(run(), 120))


@pytest.mark.slow
def test_a_rematch_over_the_network_starts_a_new_game_for_both(tmp_path: Path) -> None:
    async def run() -> None:
        async with seated_pair(tmp_path, options=ONE_ROUND, table=WatchedTable) as (_, room, a, b):
            await asyncio.gather(
                play_greedily(a, random.Random(1)), play_greedily(b, random.Random(2))
            )
            await _until(lambda: a.over is not None and b.over is not None)
            first = a.over
            assert first is not None and first == b.over and first.reason == "points"
            await a.rematch()
            await _until(lambda: b.rematch_asked == {0})
            assert a.over is not None  # nothing starts until both asked
            await b.rematch()
            await _until(lambda: a.over is None and b.over is None and a.view and b.view)
            assert a.names == b.names == ["Ann", "Bob"] and not a.rematch_asked
            assert room.games == 2 and not a.finished
            await asyncio.gather(
                play_greedily(a, random.Random(3)), play_greedily(b, random.Random(4))
            )
            await _until(lambda: a.over is not None and b.over is not None)
            assert a.over is not None and a.over.replay != first.replay
            for client in (a, b):
                await client.close()

    asyncio.run(asyncio.wait_for(run(), 120))
