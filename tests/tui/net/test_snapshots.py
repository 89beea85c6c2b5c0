"""What the network tables look like mid-game, from a fake client (the server's frames
set by the test, so nothing depends on a line's timing), with the clocks frozen, at
80x24: both players' round-trip times, and in Spit a race lost "by 23 ms".

Regenerate after an intended change with ``pytest tests/tui/net/test_snapshots.py
--snapshot-update`` and look at the SVGs in ``__snapshots__`` before committing them.
"""

from __future__ import annotations

import random
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from spit.core.clock import FakeClock
from spit.games.spades.engine import Phase
from spit.games.spades.wire import Table
from spit.settings.model import Settings
from spit.tui.net.table import NetTableScreen
from spit.tui.spades.net_screen import SpadesNetScreen
from tests.net.spades_players import spades_intent
from tests.tui.net.fake import FakeClient, NetApp, playing_view
from tests.tui.net.helpers import until

SIZE = (80, 24)


def test_spit_mid_game_with_a_race_lost_by_23_ms(snap_compare: Any) -> None:
    """Ann's key lost a race for a pile Bob played on 23 ms before her press."""
    client, clock = FakeClient(), FakeClock()
    view = playing_view()
    client.view = view
    client.events = [
        {"kind": "input", "t": 3400, "seat": 1, "action": "play 1 0", "accepted": True,
         "too_slow": False},
        {"kind": "input", "t": 3423, "seat": 0, "action": "play 2 0", "accepted": False,
         "too_slow": True, "beaten_by_ms": 23},
    ]  # fmt: skip
    app = NetApp(client, clock)

    async def run_before(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: "beaten by 23 ms" in _footer(app.table))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def _footer(table: NetTableScreen) -> str:
    board = getattr(table, "board", None)
    shown = getattr(board, "_view", None)
    return "" if shown is None else str(shown.footer)


class _SpadesApp(App[None]):
    def __init__(self, client: FakeClient, clock: FakeClock) -> None:
        super().__init__()
        self.table = SpadesNetScreen(client, Settings(), clock=clock)
        self.theme = "textual-dark"

    def on_mount(self) -> None:
        self.push_screen(self.table)


def _spades_mid_trick() -> dict[str, Any]:
    """Ann's view (seat 0) in the first hand's play, Bob's lead on the table and Ann
    to follow, from a fixed seed and fixed choices."""
    table = Table(("Ann", "Bob"), 12, None, target=100)
    rng = random.Random(3)
    at = 0
    state = table.session.state
    while not (state.phase is Phase.PLAY and len(state.trick) == 1 and table.view(0)["can_play"]):
        at += 10
        seat = next(s for s in (0, 1) if table.view(s)["can_play"])
        intent = spades_intent(table.view(seat), rng)
        assert intent is not None
        table.submit(seat, intent, at)
        state = table.session.state
    return table.view(0)


def test_spades_mid_trick_with_both_round_trips(snap_compare: Any) -> None:
    client, clock = FakeClient(), FakeClock()
    client.view = _spades_mid_trick()
    client.rtt = [12.0, 40.0]
    app = _SpadesApp(client, clock)

    async def run_before(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: app.table._view is not None)
        await pilot.pause(0.1)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
