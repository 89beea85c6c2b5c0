"""A room's task on the server: it steps the room when a message came in or when the
room said something is due (``Room.wake_at``), not at every wake: a round of pings
alone does not step it. A message that comes in while the task is busy is not lost:
the task's next sleep ends at once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from spit.net.limits import Limits
from spit.net.room import Outbox
from spit.net.server import _Alarm

from .loopback import seated_pair


def test_a_round_of_pings_alone_does_not_step_the_room(tmp_path: Path) -> None:
    quick = Limits(ping_interval_s=0.05, settled_ping_interval_s=0.05)

    async def run() -> tuple[int, int]:
        async with seated_pair(tmp_path, limits=quick) as (_, room, ann, _bob):
            await asyncio.sleep(0.2)  # seated, the first views sent
            steps = 0
            step = room.step

            def counted(now: float) -> Outbox:
                nonlocal steps
                steps += 1
                return step(now)

            room.step = counted  # type: ignore[method-assign]
            pinged = sum('"type":"ping"' in frame for frame in ann.frames)
            await asyncio.sleep(0.5)
            return steps, sum('"type":"ping"' in frame for frame in ann.frames) - pinged

    steps, pings = asyncio.run(asyncio.wait_for(run(), 20))
    assert pings >= 6  # some 10 rounds of pings in 0.5 s
    assert steps < pings // 2  # no play, no step: a step a round before


def test_a_ring_while_the_task_is_busy_ends_its_next_sleep_at_once() -> None:
    async def run() -> tuple[bool, float, bool, bool]:
        alarm = _Alarm()
        alarm.ring()  # no sleep yet: the task is stepping the room
        began = time.monotonic()
        rung = await alarm.sleep(5.0)
        waited = time.monotonic() - began
        timed_out = await alarm.sleep(0.01)
        sleeping = asyncio.get_running_loop().create_task(alarm.sleep(5.0))
        await asyncio.sleep(0.01)
        alarm.ring()
        return rung, waited, timed_out, await asyncio.wait_for(sleeping, 5)

    rung, waited, timed_out, rung_asleep = asyncio.run(run())
    assert rung and waited < 1.0
    assert timed_out is False
    assert rung_asleep is True
