"""A server's stand-in for the durability test: records results as fast as it can,
printing each game's key once ``record_result`` has returned (acknowledged), until it
is killed.

    python -m tests.online.writer DATABASE
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime

from spit.online.rates import NoLimits
from spit.online.store import OnlineStore
from tests.online.conftest import KEYS
from tests.online.games import result


async def main(where: str) -> None:
    store = await OnlineStore.open(where, KEYS, limiter=NoLimits())
    one = (await store.create_guest("192.0.2.1")).account.id
    two = (await store.create_guest("192.0.2.1")).account.id
    print("ready", one, flush=True)
    number = 0
    while True:
        number += 1
        game = result(datetime.now(UTC), one, two, winners=(number % 2,))
        await store.record_result(game)
        print("acked", game.game_key, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
