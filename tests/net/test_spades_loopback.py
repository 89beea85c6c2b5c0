"""Two clients play a whole game of Spades through a real server on loopback, and
nothing hidden from a player ever reaches that player's client."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any, ClassVar

import msgspec
import pytest

from spit.core.cards import card_name
from spit.games.spades.replay import load_spades_replay, verify_spades
from spit.games.spades.wire import Table, read_view
from spit.net.client import NetClient

from .loopback import Seen, check_nothing_hidden, play_greedily, running_server
from .spades_players import frame_cards, spades_intent


class WatchedSpadesTable(Table):
    """A table that notes, for every view it gives, which cards that seat could not
    know then: the opponent's hand and face-down cards, the stock (all but the top card
    while this seat draws it), less the cards this seat put face down itself."""

    seen: ClassVar[Seen] = []

    def view(self, seat: int) -> dict[str, Any]:
        view = super().view(seat)
        state = self.session.state
        other = 1 - seat
        hidden = {*state.hands[other], *state.stock, *state.discards[other]}
        if read_view(view).top_card is not None:
            hidden.discard(state.stock[0])
        hidden -= set(state.discards[seat])
        names = frozenset(card_name(c) for c in hidden)
        WatchedSpadesTable.seen.append((seat, json.dumps(view, sort_keys=True), names))
        return view


async def _game(tmp_path: Path) -> tuple[NetClient, NetClient, Path, str]:
    WatchedSpadesTable.seen = []
    tables: list[WatchedSpadesTable] = []

    def make(names: tuple[str, str]) -> WatchedSpadesTable:
        tables.append(WatchedSpadesTable(names, 12, tmp_path, target=100))
        return tables[-1]

    async with running_server(tmp_path, make_table=make) as (server, uri):
        room = server.open_room()
        a, b = NetClient(), NetClient()
        await a.connect(uri, "Ann", room=room.code)
        await b.connect(uri, "Bob", room=room.code)
        players = (
            play_greedily(client, random.Random(seat), think_s=0.005, choose=spades_intent)
            for seat, client in enumerate((a, b))
        )
        await asyncio.wait_for(asyncio.gather(*players), 90)
        table = tables[0]
        assert table.finished
        final = table.state_hash()
        path = table.replay_path
        await a.close()
        await b.close()
    assert path is not None
    return a, b, path, final


@pytest.mark.slow
def test_a_game_of_spades_over_loopback_ends_verifies_and_hides_what_it_must(
    tmp_path: Path,
) -> None:
    a, b, path, final = asyncio.run(_game(tmp_path))
    assert a.finished and b.finished
    result = verify_spades(load_spades_replay(path))
    assert result.valid and result.finished
    assert result.final_hash == final
    assert a.view is not None and b.view is not None
    a_seen, b_seen = read_view(a.view), read_view(b.view)
    assert a_seen.winner == b_seen.winner == result.winner
    assert a_seen.hand != b_seen.hand or not a_seen.hand
    check_nothing_hidden((a.frames, b.frames), WatchedSpadesTable.seen, frame_cards)
    assert len(WatchedSpadesTable.seen) > 100  # the check looked at a whole game


def test_the_check_would_see_an_opponents_card_in_a_frame(tmp_path: Path) -> None:
    WatchedSpadesTable.seen = []
    table = WatchedSpadesTable(("Ann", "Bob"), 3, None)
    view = table.view(0)
    seen = read_view(view)._replace(hand=(table.session.state.stock[-1],))
    leaked = dict(view, observation=msgspec.to_builtins(seen))
    WatchedSpadesTable.seen.append(
        (0, json.dumps(leaked, sort_keys=True), WatchedSpadesTable.seen[0][2])
    )
    frame = json.dumps({"type": "view", "view": leaked})
    check_nothing_hidden(
        ([json.dumps({"type": "view", "view": view})], []), table.seen, frame_cards
    )
    with pytest.raises(AssertionError):
        check_nothing_hidden(([frame], []), WatchedSpadesTable.seen, frame_cards)
