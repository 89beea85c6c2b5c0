"""The Spades table of a network game: real key presses against a real server on
loopback, and the drawing shared with the local table, for either seat."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from pathlib import Path

import msgspec.structs
import pytest
from textual.app import App

from spit.core.clock import FakeClock
from spit.games.registry import by_name
from spit.games.spades.engine import Phase, observe, playable
from spit.games.spades.keys import hand_letters
from spit.games.spades.replay import load_spades_replay, verify_spades
from spit.games.spades.wire import Table, turned
from spit.net.client import NetClient
from spit.net.protocol import Welcome
from spit.settings.model import Settings
from spit.tui.net import client_state
from spit.tui.net.overlays import NetResultOverlay
from spit.tui.net.screens import WaitingScreen
from spit.tui.shared.cards import CardPainter
from spit.tui.shared.front_ends import front_ends
from spit.tui.shared.overlays import RESULT_GRACE_MS
from spit.tui.spades.net_screen import SpadesNetScreen
from spit.tui.spades.view import Controls, present
from tests.net.loopback import play_greedily
from tests.net.spades_players import BID, spades_intent
from tests.tui.net.fake import FakeClient
from tests.tui.net.helpers import HostingApp, until
from tests.tui.screen_text import screen_lines


def test_spades_has_a_network_screen() -> None:
    make = front_ends("spades").net_screen
    assert make is not None and by_name("spades").net is not None
    assert make.__module__ == "spit.tui.spades.front_ends"


def _key_for(screen: SpadesNetScreen, turn: int) -> list[str]:
    """The keys a player presses now, from what the table shows (nothing to press
    when it is the other player's turn)."""
    view = screen.player_view()
    if view.phase is Phase.HAND_OVER:
        return [] if screen._ready[0] else ["enter"]
    if view.to_move != 0:
        return []
    match view.phase:
        case Phase.BLIND:
            return ["n"]
        case Phase.DRAW:
            return ["k" if turn % 2 else "d"]
        case Phase.EXCHANGE:
            return ["enter"]
        case Phase.BID:
            return [*str(BID), "enter"]
    if turn % 3 == 0:
        return ["enter"]  # the card under the cursor, which rests on a legal one
    cards = playable(view.hand, view.trick[0] if view.trick else None, view.broken)
    return [hand_letters(view)[cards[turn % len(cards)]]]


@pytest.mark.slow
async def test_a_whole_game_of_spades_with_key_presses_against_a_real_server(
    tmp_path: Path,
) -> None:
    hosting = HostingApp(tmp_path, game="spades", options={"target": 100})
    app = hosting.app
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        link = hosting.link
        assert link is not None and link.hosted is not None
        bob = NetClient()
        await bob.connect(link.hosted.local.uri, "Bob", room=link.hosted.code)
        bob_plays = asyncio.get_running_loop().create_task(
            play_greedily(bob, random.Random(3), think_s=0.005, choose=spades_intent)
        )
        await until(pilot, lambda: isinstance(app.screen, SpadesNetScreen))
        screen = app.screen
        assert isinstance(screen, SpadesNetScreen)
        await until(pilot, lambda: screen._view is not None)
        text = "\n".join(screen_lines(app))
        assert "Bob" in text and "ping" in text and "Spades" in text
        presses = 0
        for turn in range(3000):
            if client_state.over(link.client) is not None:
                break
            if not isinstance(app.screen, SpadesNetScreen):
                await pilot.pause(0.02)
                continue
            before = (screen.player_view(), screen._ready)
            keys = _key_for(screen, turn)
            for key in keys:
                await pilot.press(key)
                presses += 1
            if keys:
                await until(
                    pilot,
                    lambda before=before: (
                        (screen.player_view(), screen._ready) != before
                        or client_state.over(link.client) is not None
                    ),
                )
            else:
                await pilot.pause(0.02)
        await until(pilot, lambda: isinstance(app.screen, NetResultOverlay))
        assert presses > 50
        await asyncio.wait_for(bob_plays, 10)
        replays = list(tmp_path.glob("*.spades.jsonl"))
        assert len(replays) == 1
        result = verify_spades(load_spades_replay(replays[0]))
        assert result.valid and result.finished
        over = client_state.over(link.client)
        assert over is not None and over.winner == result.winner
        await pilot.pause(RESULT_GRACE_MS / 1000 + 0.1)  # the result's keys wait a moment
        await pilot.press("escape")
        await until(pilot, lambda: app.return_code is not None)
        await bob.close()
    assert hosting.outcome.failure is None


class _Client(FakeClient):
    """A fake client whose connection is up (``NetClient.connected``)."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        assert isinstance(self.welcome, Welcome)
        self.welcome = msgspec.structs.replace(self.welcome, seat=seat)

    @property
    def connected(self) -> bool:
        return True


class _TableApp(App[None]):
    def __init__(self, screen: SpadesNetScreen) -> None:
        super().__init__()
        self.table = screen

    def on_mount(self) -> None:
        self.push_screen(self.table)


@pytest.mark.slow
async def test_the_second_seat_sees_its_own_hand_drawn_as_the_local_table_draws_it() -> None:
    game = Table(("Ann", "Bob"), 5, None)
    client = _Client(seat=1)
    screen = SpadesNetScreen(client, Settings(), clock=FakeClock())
    app = _TableApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        client.says(view=game.view(1), events=[item for _, item in game.news()])
        await until(pilot, lambda: screen._view is not None)
        mine = turned(observe(game.session.state, 1))
        assert screen.player_view() == mine
        local = present(mine, screen.controls, ("You", "Ann"), CardPainter("unicode", False))
        drawn = screen.board.table
        assert drawn is not None
        assert drawn == replace(
            local, columns=("You", "Ann"), opponent_lines=(*local.opponent_lines, "ping 12 ms")
        )
        # seat 1 bids and leads first, so Ann draws first: it is not this player's turn
        assert mine.to_move == 1 and "Ann is thinking..." in "\n".join(screen_lines(app))
        await pilot.press("n")  # a key sent as the session's intent, whose turn or not
        assert client.sent[-1] == "key n"
        # the server refuses it: a key that means nothing now is let be
        refusal = {"kind": "refused", "t": 0, "seat": 1, "why": "it is the other player's turn"}
        client.says(events=[*client.events, refusal])
        await pilot.pause(0.05)
        assert screen.controls == Controls(notes=screen.controls.notes)


def _at_the_bid() -> tuple[Table, int]:
    """A table of seed 5 where both players declined the blind and drew (Bob, seat 1,
    bids first), and the time of its last input."""
    game = Table(("Ann", "Bob"), 5, None)
    for seat, intent in ((0, "decline"), (1, "decline")):
        game.submit(seat, intent, 10)
    at = 20
    while game.session.state.phase is not Phase.BID:
        at += 10
        seat = next(s for s in (0, 1) if game.view(s)["can_play"])
        game.submit(seat, "keep", at)
    return game, at


async def test_a_refused_bid_says_why_and_an_accepted_one_clears_the_field() -> None:
    game, at = _at_the_bid()
    client = _Client(seat=1)
    screen = SpadesNetScreen(client, Settings(card_style="ascii"), clock=FakeClock())
    app = _TableApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        client.says(view=game.view(1), events=[item for _, item in game.news()])
        await until(pilot, lambda: screen._view is not None)
        await pilot.press("enter")
        assert client.sent[-1].startswith("enter at ")  # Enter with the cursor's card
        refusal = {
            "kind": "refused",
            "t": at,
            "seat": 1,
            "why": "type your bid first: 0 (nil) to 13 tricks",
        }
        client.says(events=[*client.events, refusal])
        await until(pilot, lambda: screen.controls.error != "")
        assert screen.controls.error == "Type your bid first: 0 (nil) to 13 tricks."
        await pilot.press("1", "2", "enter")
        assert client.sent[-1].startswith("enter at ") and client.sent[-1].endswith(" bid 12")
        game.submit(1, client.sent[-1], at + 10)
        client.says(
            view=game.view(1),
            events=[*client.events, *(i for w, i in game.news() if w in (None, 1))],
        )
        await until(pilot, lambda: screen.player_view().bids[0] == 12)
        assert screen.controls.bid == "" and screen.controls.error == ""
        assert "You bid 12." in screen.controls.notes


async def test_a_remapped_confirm_key_bids_at_the_network_table_and_enter_does_not() -> None:
    game, _ = _at_the_bid()
    client = _Client(seat=1)
    settings = Settings(game_keys={"spades.confirm": "p"})
    screen = SpadesNetScreen(client, settings, clock=FakeClock())
    app = _TableApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        client.says(view=game.view(1), events=[item for _, item in game.news()])
        await until(pilot, lambda: screen._view is not None)
        assert "P to bid" in "\n".join(screen_lines(app)), "the hint names the player's key"
        sent = len(client.sent)
        await pilot.press("1", "2", "enter")
        assert len(client.sent) == sent, "Enter is no longer the confirming key"
        await pilot.press("p")
        assert client.sent[-1].startswith("enter at ") and client.sent[-1].endswith(" bid 12")
