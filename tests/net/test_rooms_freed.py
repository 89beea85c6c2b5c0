"""A room that ends is freed by reference counting: it leaves no cycle of objects.

``spit-tui serve`` freezes what lives and runs the collector's full pass only once an
hour (``spit.commands.serve_collector``), so a room whose objects formed a
cycle would stay in memory until then, and the full pass would have it to scan. Each
case plays a room over loopback, with a spectator, until both players leave and the
room closes, with the collector off; then it asks the collector what it would free.
None of it may be the server's own (objects of ``spit``'s modules): what is left is
asyncio's and websockets' (Python 3.11's selector transport keeps a bound method of
itself, CPython gh-100348, mended in 3.12).
"""

from __future__ import annotations

import asyncio
import gc
import random
import weakref
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.commands.serve import registry_tables
from spit.games import registry
from spit.net.client import NetClient
from spit.net.limits import Limits
from spit.net.protocol import Welcome

from .loopback import Chooser, greedy_intent, play_greedily, running_lobby, wait_until
from .spades_players import spades_intent

PLAYERS: dict[str, Chooser] = {"spit": greedy_intent, "spades": spades_intent}
"""How a test client plays each registered network game."""


@pytest.fixture
def collector_off() -> Iterator[None]:
    """No collection but the test's own: one that ran by itself would hide a cycle."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _collectable_of_spit() -> Counter[str]:
    """What a full collection now finds unreachable, of ``spit``'s own types."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
    finally:
        gc.set_debug(0)
    found = Counter(
        f"{type(o).__module__}.{type(o).__qualname__}"
        for o in gc.garbage
        if type(o).__module__.startswith("spit.")
    )
    gc.garbage.clear()
    return found


def test_every_network_game_has_a_player_here() -> None:
    playable = {game.name for game in registry.games() if game.net is not None}
    assert playable <= PLAYERS.keys()


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_room_that_ends_leaves_nothing_for_the_collector(
    tmp_path: Path, game: str, collector_off: None
) -> None:
    async def run() -> Counter[str]:
        tables = registry_tables(tmp_path, seed=5)
        async with running_lobby(tmp_path, tables=tables, limits=Limits(max_per_address=10)) as (
            server,
            uri,
        ):
            ann, bob, watcher = NetClient(), NetClient(), NetClient()
            welcome = await ann.connect(uri, "Ann", create={"game": game})
            assert isinstance(welcome, Welcome) and welcome.watch is not None
            await bob.connect(uri, "Bob", room=welcome.room)
            await watcher.connect(uri, "Eve", room=welcome.watch, watch=True)
            room = weakref.ref(server.rooms[welcome.room])
            await asyncio.gather(
                *(
                    play_greedily(client, random.Random(seed), limit_s=0.5, choose=PLAYERS[game])
                    for seed, client in enumerate((ann, bob))
                )
            )
            assert not ann.finished, "the room should end by its players leaving"
            for client in (ann, bob, watcher):
                await client.close()
            try:
                await wait_until(lambda: room() is None, limit_s=5.0)
            except TimeoutError:
                pytest.fail(
                    f"the room outlived its end; a collection finds {_collectable_of_spit()}"
                )
            return _collectable_of_spit()

    assert asyncio.run(run()) == Counter()
