"""Many rooms at once on one server for many rooms, played by bot clients.

- No cross-talk: each room's replay names its own players, holds exactly the accepted
  inputs both of its players were told of (the same times, seats and actions, in the
  same order), and verifies on its own, to the end both of them saw.
- A hostile client hammering one room changes nothing in any game: that room's replay
  too holds its two players' inputs and nothing else.
- Rooms killed mid-game (their ``spit-tui serve`` process killed outright) leave valid,
  unfinished replays, each holding every input its players were told of.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import signal
from pathlib import Path

import pytest

from spit.games.spit.replay import Input, load_replay, verify
from spit.net.client import NetClient

from .loopback import ONE_ROUND, fast_tables, play_greedily, running_lobby
from .serve_processes import serve_started
from .test_hostile_clients import _attack, _mutations

ROOMS = 6

Told = list[tuple[int, int, str]]
"""Accepted inputs: (game time, seat, action), in order."""


def told(client: NetClient) -> Told:
    """The accepted inputs the server told this player of."""
    return [
        (e["t"], e["seat"], e["action"])
        for e in client.events
        if e.get("kind") == "input" and e["accepted"]
    ]


def recorded(path: Path) -> Told:
    """The accepted inputs a replay file holds."""
    records = load_replay(path).records
    return [(r.t, r.player, str(r.action)) for r in records if isinstance(r, Input) and r.accepted]


async def _pairs(uri: str, rooms: int) -> list[tuple[str, NetClient, NetClient]]:
    """``rooms`` rooms opened and joined by code: (code, Ann_i, Bob_i)."""
    pairs = []
    for i in range(rooms):
        a, b = NetClient(), NetClient()
        code = (await a.connect(uri, f"Ann{i}", create={})).room
        await b.connect(uri, f"Bob{i}", room=code)
        pairs.append((code, a, b))
    return pairs


@pytest.mark.slow
def test_many_rooms_keep_to_themselves_and_a_hostile_client_changes_none(
    tmp_path: Path,
) -> None:
    tables = fast_tables(tmp_path, seeds=itertools.count(100), fixed=ONE_ROUND)

    async def run() -> list[tuple[tuple[str, str], Path, str, NetClient, NetClient]]:
        async with running_lobby(tmp_path, tables=tables) as (server, uri):
            pairs = await _pairs(uri, ROOMS)
            hostile = asyncio.get_running_loop().create_task(
                _attack(uri, _mutations(random.Random(5), pairs[0][0])[:50])
            )
            await asyncio.wait_for(
                asyncio.gather(
                    *(
                        play_greedily(client, random.Random(10 * i + j), limit_s=60)
                        for i, (_, a, b) in enumerate(pairs)
                        for j, client in enumerate((a, b))
                    )
                ),
                90,
            )
            await asyncio.wait_for(hostile, 120)
            out = []
            for i, (code, a, b) in enumerate(pairs):
                table = server.rooms[code].table
                assert table is not None and table.finished
                path = table.replay_path
                assert path is not None
                out.append(((f"Ann{i}", f"Bob{i}"), path, table.state_hash(), a, b))
            for _, a, b in pairs:
                await a.close()
                await b.close()
            return out

    games = asyncio.run(asyncio.wait_for(run(), 200))
    assert len({path for _, path, _, _, _ in games}) == ROOMS
    for names, path, final, a, b in games:
        replay = load_replay(path)
        assert tuple(p.name for p in replay.header.players) == names
        result = verify(replay)
        assert result.valid and result.finished and result.final_hash == final
        assert recorded(path) == told(a) == told(b) != []
        assert a.view is not None and b.view is not None
        assert a.view["winner"] == b.view["winner"] is not None


@pytest.mark.slow
def test_rooms_of_a_killed_server_leave_valid_unfinished_replays(tmp_path: Path) -> None:
    data = tmp_path / "data"

    async def run() -> list[tuple[str, str, Told, Told]]:
        async with serve_started(data, extra=["--max-per-address", "20"]) as served:
            pairs = await _pairs(f"ws://127.0.0.1:{served.port}", 4)
            # a few seconds of each game, at the real pace (a 3 s countdown first, then 3 s of
            # play: with 1 s a busy machine could leave a room with no input applied)
            await asyncio.wait_for(
                asyncio.gather(
                    *(
                        play_greedily(client, random.Random(10 * i + j), limit_s=6)
                        for i, (_, a, b) in enumerate(pairs)
                        for j, client in enumerate((a, b))
                    )
                ),
                60,
            )
            served.process.send_signal(signal.SIGKILL)
            await asyncio.wait_for(served.process.wait(), 30)
            for _, a, b in pairs:
                await a.close()
                await b.close()
            return [(a.names[0], a.names[1], told(a), told(b)) for _, a, b in pairs]

    rooms = asyncio.run(asyncio.wait_for(run(), 120))
    files = sorted((data / "replays").glob("*.jsonl"))
    assert len(files) == len(rooms)
    by_players = {tuple(p.name for p in load_replay(path).header.players): path for path in files}
    for first, second, told_a, told_b in rooms:
        path = by_players[(first, second)]
        result = verify(load_replay(path))
        assert result.valid and not result.finished, result
        # every input a player was told of was in the file before the kill
        inputs = recorded(path)
        assert inputs[: len(told_a)] == told_a and inputs[: len(told_b)] == told_b
        assert told_a or told_b
