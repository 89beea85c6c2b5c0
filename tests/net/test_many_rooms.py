"""Many rooms at once on one server for many rooms, played by bot clients, with a
hostile client hammering one of them: no cross-talk (each room's replay has its own
players and verifies on its own, to the end both of its players saw), and the hostile
client changes nothing in any game."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from spit.games.spit.replay.reader import load_replay
from spit.games.spit.replay.verify import verify
from spit.net.client import NetClient

from .loopback import play_greedily, running_lobby
from .test_hostile_clients import _attack, _mutations

ROOMS = 4


def test_many_rooms_keep_to_themselves_and_a_hostile_client_changes_none(
    tmp_path: Path,
) -> None:
    async def run() -> list[tuple[tuple[str, str], Path, str, NetClient, NetClient]]:
        async with running_lobby(tmp_path) as (server, uri):
            pairs = []
            for i in range(ROOMS):
                a, b = NetClient(), NetClient()
                code = (await a.connect(uri, f"Ann{i}", create={}))["room"]
                await b.connect(uri, f"Bob{i}", room=code)
                pairs.append((code, a, b))
            target = pairs[0][0]
            hostile = asyncio.get_running_loop().create_task(
                _attack(uri, _mutations(random.Random(5), target)[:50])
            )
            await asyncio.wait_for(
                asyncio.gather(
                    *(
                        play_greedily(client, random.Random(10 * i + j), limit_s=150)
                        for i, (_, a, b) in enumerate(pairs)
                        for j, client in enumerate((a, b))
                    )
                ),
                200,
            )
            await asyncio.wait_for(hostile, 120)
            out = []
            for i, (code, a, b) in enumerate(pairs):
                table = server.rooms[code].table
                assert table is not None and table.finished
                path = table.replay_path  # type: ignore[attr-defined]
                out.append(((f"Ann{i}", f"Bob{i}"), path, table.state_hash(), a, b))
            for _, a, b in pairs:
                await a.close()
                await b.close()
            return out

    for names, path, final, a, b in asyncio.run(asyncio.wait_for(run(), 400)):
        replay = load_replay(path)
        assert tuple(p.name for p in replay.header.players) == names
        result = verify(replay)
        assert result.valid and result.finished and result.final_hash == final
        assert a.view is not None and b.view is not None
        assert a.view["winner"] == b.view["winner"] is not None
