"""Spectators over loopback: they see only what both players can see, from the start
of the game however late they come, through rematches, in Spit and in Spades."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any, ClassVar

from spit.core.cards import card_name
from spit.games.spades.net_table import SpadesNetTable
from spit.net.client import NetClient
from spit.net.room import Room

from .loopback import (
    ONE_ROUND,
    SPECTATOR,
    Seen,
    WatchedTable,
    check_nothing_hidden,
    check_spectator_saw_nothing_hidden,
    greedy_intent,
    play_greedily,
    running_server,
    wait_until,
)
from .spades_players import spades_intent


class WatchedSpadesTable(SpadesNetTable):
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
    await early.connect(uri, "Early", room=room.code, watch=True)
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
        await late.connect(uri, "Late", room=room.code, watch=True)
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
        check_spectator_saw_nothing_hidden(c.frames, WatchedSpadesTable.seen) for c in (early, late)
    )
    assert checked > 100
    assert early.view is not None and early.view["cards"] == [0, 0]
    assert all(not frame_view["view"]["hand"] for frame_view in early.seen)
