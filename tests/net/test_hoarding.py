"""Rooms that cannot be hoarded (issue 25, item 6): waiting rooms per address capped, a
waiting room without a second player closed after a while, and only real play keeps a
room open (a ``rematch`` that changes nothing does not). A full server saying when to
try again is in ``test_codes_and_rates.py``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from spit.net.client import NetClient
from spit.net.limits import Limits
from spit.net.protocol import Close, ProtocolError

from .loopback import running_lobby, wait_until


def test_an_address_may_keep_only_so_many_rooms_waiting(tmp_path: Path) -> None:
    async def run() -> tuple[ProtocolError, str]:
        limits = Limits(waiting_per_address=3, max_per_address=50)
        async with running_lobby(tmp_path, limits=limits) as (_, uri):
            hosts = [NetClient() for _ in range(3)]
            codes = [(await host.connect(uri, "Ann", create={})).room for host in hosts]
            with pytest.raises(ProtocolError) as refused:
                await NetClient().connect(uri, "Ann", create={})
            guest = NetClient()
            await guest.connect(uri, "Bob", room=codes[0])  # one room is waiting no more
            another = NetClient()
            opened = (await another.connect(uri, "Ann", create={})).room
            for client in [*hosts, guest, another]:
                await client.close()
            return refused.value, opened

    refused, opened = asyncio.run(asyncio.wait_for(run(), 30))
    assert refused.code is Close.BUSY and "3 rooms waiting" in refused.reason
    assert opened


def test_a_room_no_second_player_comes_to_closes(tmp_path: Path) -> None:
    async def run() -> str | None:
        limits = Limits(waiting_s=0.4, max_per_address=50)
        async with running_lobby(tmp_path, limits=limits) as (server, uri):
            waiting = NetClient()
            await waiting.connect(uri, "Ann", create={})
            await wait_until(lambda: waiting.refusal is not None, 10)
            assert server.rooms == {}
            await waiting.close()
            return waiting.refusal

    refusal = asyncio.run(asyncio.wait_for(run(), 30))
    assert refusal is not None and "no second player came" in refusal


@pytest.mark.slow
def test_a_rematch_that_changes_nothing_keeps_no_room_open(tmp_path: Path) -> None:
    """Two players sit (a game starts: real play), then one of them sends a
    ``rematch`` every 100 ms during the game, which changes nothing: the room closes
    as idle all the same."""

    async def run() -> str | None:
        limits = Limits(idle_s=0.8, max_per_address=50)
        async with running_lobby(tmp_path, limits=limits) as (server, uri):
            ann, bob = NetClient(), NetClient()
            code = (await ann.connect(uri, "Ann", create={})).room
            await bob.connect(uri, "Bob", room=code)
            async with asyncio.timeout(10):
                while ann.refusal is None:
                    await ann.rematch()
                    await asyncio.sleep(0.1)
            assert code not in server.rooms
            await ann.close()
            await bob.close()
            return ann.refusal

    refusal = asyncio.run(asyncio.wait_for(run(), 30))
    assert refusal is not None and "without play" in refusal
