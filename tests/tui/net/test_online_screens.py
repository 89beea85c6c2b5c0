"""Play online, driven with real key presses against a real server with accounts on
127.0.0.1 in the test's loop (``tests.net.online_server``): the queue to a match, a few
moves and the rated result; cancelling; the bot offer (the queue's clock moved by the
test, not 20 s waited); invites accepted and declined; the leaderboards. The other
player is a plain ``OnlineClient`` (and ``NetClient`` for its seat) in the same loop."""

from __future__ import annotations

import asyncio
import contextlib
import random
import tomllib
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from spit.net.client import NetClient
from spit.net.fairness import Ordering
from spit.net.online import DailyGame
from spit.net.protocol import BoardLine, BoardPage, Matched
from spit.online.boards import Board
from spit.settings.model import Settings, settings_path
from spit.tui.app import SpitApp
from spit.tui.net.account import AccountDialog
from spit.tui.net.leaderboard import LeaderboardScreen, page_lines
from spit.tui.net.online import (
    ChooseGame,
    InviteDialog,
    OnlineScreen,
    QueueScreen,
    default_connector,
)
from spit.tui.net.screens import NetOutcome
from spit.tui.shared.ask_text import AskText
from spit.tui.shared.confirm import Confirm
from spit.tui.shared.overlays import RESULT_GRACE_MS
from spit.tui.shell.menu import MainMenu
from spit.tui.spit.net_screen import SpitNetScreen
from tests.net.loopback import faster_clock, play_greedily
from tests.net.online_server import QUICK, OnlineServer, Wall, online_server
from tests.online.games import result
from tests.tui.net.helpers import until
from tests.tui.screen_text import screen_lines
from tests.tui.shell.menu_keys import MENU

PATIENT = replace(QUICK, rejoin_grace_ms=20_000)
"""The test server's, with time for a screen to take its seat on a busy machine."""


class Clock:
    """The queue's monotonic clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def text(app: App[Any]) -> str:
    return "\n".join(screen_lines(app))


def online_app(
    on: OnlineServer, who: str, tmp_path: Path, outcome: NetOutcome | None = None
) -> SpitApp:
    """The app as ``spit-tui online --server ...`` starts it, with ``who``'s token file."""
    tokens = on.tokens(who)
    screen = OnlineScreen(
        on.address, default_connector(on.address, tokens), outcome or NetOutcome(), tokens=tokens
    )
    settings = Settings(practice_offered=True, replay_dir=tmp_path / who)
    return SpitApp(settings=settings, start_screen=screen)


@contextlib.asynccontextmanager
async def named(on: OnlineServer, who: str, name: str) -> AsyncIterator[None]:
    """``who``'s machine keeps an account called ``name`` (its session closed again)."""
    client = await on.player(who, name)
    await client.close()
    yield


async def shows(pilot: Pilot[Any], *wanted: str) -> None:
    """Until the screen shows each of ``wanted`` at once."""
    await until(pilot, lambda: all(each in text(pilot.app) for each in wanted))


async def signed_in(pilot: Pilot[Any], name: str) -> None:
    await until(pilot, lambda: f"You are {name}" in text(pilot.app))


async def sit(on: OnlineServer, matched: Matched | None) -> NetClient:
    assert matched is not None
    seat = NetClient()
    await seat.connect(on.uri, "anyone", room=matched.room, token=matched.token)
    return seat


async def queue_for_spit(pilot: Pilot[Any]) -> None:
    """``m``, then the first game and variant (Spit, standard)."""
    await pilot.press("m")
    await until(pilot, lambda: isinstance(pilot.app.screen, ChooseGame))
    await pilot.press("1")
    await until(pilot, lambda: isinstance(pilot.app.screen, QueueScreen))


@pytest.mark.slow
async def test_the_queue_counts_the_wait_matches_plays_and_rates(tmp_path: Path) -> None:
    clock = Clock()
    async with (
        online_server(tmp_path, limits=PATIENT, queue_clock=clock) as on,
        named(on, "ann", "Ann"),
    ):
        app = online_app(on, "ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            await queue_for_spit(pilot)
            await until(pilot, lambda: "near your rating, 1500: 0 s" in text(app))
            assert "1 player waits in this queue" in text(app)
            clock.now += 7
            await until(pilot, lambda: "1500: 7 s" in text(app))
            bob = await on.player("bob", "Bob")
            await bob.join_queue("spit", "standard")
            await until(pilot, lambda: bob.matched is not None)
            seat = await sit(on, bob.matched)
            await until(pilot, lambda: isinstance(app.screen, SpitNetScreen), 15)
            table = app.screen
            assert isinstance(table, SpitNetScreen)
            await until(pilot, lambda: "vs Bob" in text(app))
            await pilot.press("q", "w", "e", "a", "s")  # plays onto the piles
            await until(pilot, lambda: table.client._seq >= 5)
            await seat.close(leave=True)  # Bob leaves: Ann wins, and it is rated
            await until(pilot, lambda: "Your rating: 1500 → " in text(app), 15)
            shown = text(app)
            assert "Bob left the game" in shown and "rematch" in shown.lower()
            await pilot.pause(RESULT_GRACE_MS / 1000 + 0.1)  # the result waits before its keys
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, OnlineScreen), 15)
            page = await bob.board("spit", "standard")
            assert page.entries[0].name == "Ann"
            await bob.close()


@pytest.mark.slow
async def test_escape_leaves_the_queue(tmp_path: Path) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on, named(on, "ann", "Ann"):
        app = online_app(on, "ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            await queue_for_spit(pilot)
            await until(pilot, lambda: "1 player waits" in text(app))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
            bob = await on.player("bob", "Bob")
            await bob.join_queue("spit", "standard")
            await until(pilot, lambda: bob.status is not None)
            assert bob.status is not None and bob.status.waiting == 1, "Ann is out of it"
            assert bob.matched is None
            await bob.close()


@pytest.mark.slow
async def test_the_bot_offer_comes_after_twenty_seconds_and_b_plays_it(tmp_path: Path) -> None:
    clock = Clock()
    async with (
        online_server(tmp_path, limits=PATIENT, queue_clock=clock) as on,
        named(on, "ann", "Ann"),
    ):
        app = online_app(on, "ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            await queue_for_spit(pilot)
            clock.now += 19
            await until(pilot, lambda: "1500: 19 s" in text(app))
            assert "b: play the" not in text(app)
            clock.now += 1
            await until(pilot, lambda: "b: play the normal bot (rated 1500)." in text(app))
            await pilot.press("b")
            await until(pilot, lambda: isinstance(app.screen, SpitNetScreen), 15)
            await shows(pilot, "vs normal bot")


@pytest.mark.slow
async def test_todays_deal_is_played_to_its_end_rated_then_rematched(tmp_path: Path) -> None:
    """``d``, Spit: a room against the day's bot. Ann's seat is played by a greedy
    player through the screen's own connection (key presses could not keep up with
    the bot); the result says how her rating moved and that the attempt entered the
    board, and Enter starts a rematch at once (the bot always wants one)."""
    dailies = {"spit": lambda day: DailyGame(variant="points", bot="normal", seed=day.toordinal())}
    # the bot plays at a person's speed: its rooms on a server clock four times as fast
    # (intents ordered by arrival, as the clients' stamps drift from it)
    fast = {"clock": faster_clock(4), "ordering": Ordering.ARRIVAL}
    serving = online_server(tmp_path, limits=PATIENT, wall=Wall(), dailies=dailies, **fast)
    async with serving as on, named(on, "ann", "Ann"):
        app = online_app(on, "ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, ChooseGame))
            await pilot.press("1")
            await until(pilot, lambda: isinstance(app.screen, SpitNetScreen), 15)
            table = app.screen
            assert isinstance(table, SpitNetScreen)
            await shows(pilot, "vs normal bot")
            player = asyncio.create_task(play_greedily(table.client, random.Random(1)))
            await until(pilot, lambda: "Your rating: 1500 → " in text(app), 60)
            await player
            await shows(pilot, "Today's deal: entered on the day's board.")
            await pilot.pause(RESULT_GRACE_MS / 1000 + 0.1)
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is table, 15)
            await shows(pilot, "vs normal bot")
            page = await on.store.board("spit", "points", Board.DAY, page=0)
            assert [entry.name for entry in page.entries] == ["Ann"]


@pytest.mark.slow
async def test_an_invite_is_declined_then_accepted(tmp_path: Path) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on, named(on, "ann", "Ann"):
        app = online_app(on, "ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            bob = await on.player("bob", "Bob")
            await bob.invite("ann", "spit", "points")
            await until(pilot, lambda: isinstance(app.screen, InviteDialog))
            await shows(pilot, "Bob invites you", "Spit (points)")
            await pilot.press("n")
            await until(pilot, lambda: bob.answer is not None)
            assert bob.answer is not None and "declined" in bob.answer.reason
            await queue_for_spit(pilot)  # an invite shows over the queue too
            await bob.invite("Ann", "spit", "points")
            await until(pilot, lambda: isinstance(app.screen, InviteDialog))
            await pilot.press("y")
            await until(pilot, lambda: bob.matched is not None)
            assert bob.matched is not None and bob.matched.opponent == "Ann"
            seat = await sit(on, bob.matched)
            await until(pilot, lambda: isinstance(app.screen, SpitNetScreen), 15)
            await seat.close(leave=True)
            await bob.close()


@pytest.mark.slow
async def test_an_invite_sent_from_the_screen_and_declined_says_so(tmp_path: Path) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on, named(on, "ann", "Ann"):
        bob = await on.player("bob", "Bob")
        app = online_app(on, "ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            await pilot.press("i")
            await until(pilot, lambda: isinstance(app.screen, AskText))
            await pilot.press(*"bob", "enter")
            await until(pilot, lambda: isinstance(app.screen, ChooseGame))
            await pilot.press("1")
            await until(pilot, lambda: bool(bob.invites))
            await until(pilot, lambda: "Invited Bob: waiting for their answer" in text(app))
            (invite,) = bob.invites.values()
            assert (invite.name, invite.game, invite.variant) == ("Ann", "spit", "standard")
            await bob.answer_invite(invite.id, accept=False)
            await until(pilot, lambda: "The invite to Bob came to nothing" in text(app))
            await pilot.press("i")
            await until(pilot, lambda: isinstance(app.screen, AskText))
            await pilot.press(*"nobody", "enter")
            await until(pilot, lambda: isinstance(app.screen, ChooseGame))
            await pilot.press("1")
            await until(pilot, lambda: "nobody" in text(app).lower() and "online" in text(app))
        await bob.close()


@pytest.mark.slow
async def test_the_leaderboards_show_the_places_and_switch_boards(tmp_path: Path) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on:
        ann = await on.player("ann", "Ann")
        bob = await on.player("bob", "Bob")
        assert ann.signed is not None and bob.signed is not None
        for minute in range(3):
            when = datetime(2026, 12, 1, 10, minute, tzinfo=UTC)
            await on.store.record_result(
                result(when, ann.signed.account.id, bob.signed.account.id, variant="standard")
            )
        await ann.close()
        app = online_app(on, "ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            await pilot.press("l")
            await until(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
            await until(pilot, lambda: "You are 1 of 2" in text(app))
            shown = text(app)
            assert "Spit (standard): all time" in shown
            ann_row = next(line for line in screen_lines(app) if "Ann" in line and ">" in line)
            assert "3" in ann_row, "three games"
            assert "Your rating, game by game: " in shown
            await pilot.press("w")
            await until(pilot, lambda: "this week" in text(app) and "Gained" in text(app))
            await pilot.press("d")
            await until(pilot, lambda: "today's deal" in text(app) and "result" in text(app))
            await pilot.press("a", "v")
            await until(pilot, lambda: "Spit (points): all time" in text(app))
            await until(pilot, lambda: "Nobody is on this board yet." in text(app))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
            await pilot.press("a")
            await until(pilot, lambda: isinstance(app.screen, AccountDialog))
            await until(pilot, lambda: "Name: Ann" in text(app))
            assert "spit standard:" in text(app) and "3 games, 3 won" in text(app)
        await bob.close()


def test_ones_own_place_off_the_page_is_shown_under_it() -> None:
    entries = [BoardLine(rank=i, name=f"P{i}", rating=2000 - i, games=9, wins=5) for i in (1, 2)]
    own = BoardLine(rank=345, name="Ann", rating=1400, games=3, wins=1)
    page = BoardPage(
        game="spit",
        variant="standard",
        board="all",
        period="all",
        total=900,
        page=0,
        size=2,
        entries=entries,
        own=own,
        history=[1500, 1460, 1400],
    )
    lines = page_lines(page)
    assert lines[-3] == "Your place:"
    assert lines[-2].startswith(">  345  Ann") and "1400" in lines[-2]
    assert lines[-1] == "Your rating, game by game: 1500 → 1460 → 1400"
    assert not any(line.startswith(">") for line in lines[1:3]), "no one on the page is marked"


@pytest.mark.slow
async def test_the_menu_asks_for_the_server_keeps_it_and_plays_online(tmp_path: Path) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on:
        app = SpitApp(settings=Settings(practice_offered=True, replay_dir=tmp_path / "me"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(MENU["online"])
            await until(pilot, lambda: isinstance(app.screen, AskText))
            await pilot.press(*"no such address:", "enter")
            await shows(pilot, "not")  # the dialog says why, and stays
            assert isinstance(app.screen, AskText)
            await pilot.press("end", "ctrl+u", *str(on.address), "enter")
            await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
            await shows(pilot, "You are ", "1 player online")
            assert app.settings.online_server == str(on.address)
            saved = tomllib.loads(settings_path().read_text())
            assert saved["online_server"] == str(on.address)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, MainMenu))
            await pilot.press(MENU["leaderboards"])
            await until(pilot, lambda: isinstance(app.screen, AskText))
            await pilot.press("enter")  # the server kept: as it was
            await until(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
            await shows(pilot, "Nobody is on this board yet.", "You have no place")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, MainMenu))


async def test_a_server_nobody_answers_at_is_said_and_the_app_ends(tmp_path: Path) -> None:
    outcome = NetOutcome()
    async with online_server(tmp_path, limits=PATIENT) as on:
        address = replace(on.address, port=1)  # nobody listens there
        tokens = on.tokens("ann")
        screen = OnlineScreen(address, default_connector(address, tokens), outcome)
        app = SpitApp(settings=Settings(practice_offered=True), start_screen=screen)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.return_code is not None)
    assert outcome.failure is not None and "connection refused" in outcome.failure


@pytest.mark.slow
async def test_a_queue_join_refused_is_said_in_the_queue(tmp_path: Path) -> None:
    once = replace(PATIENT, queue_joins="1/minute")
    async with online_server(tmp_path, limits=once) as on, named(on, "ann", "Ann"):
        app = online_app(on, "ann", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            await queue_for_spit(pilot)
            await shows(pilot, "1 player waits")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
            await queue_for_spit(pilot)
            await shows(pilot, "The server refused: too many queue joins lately")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, OnlineScreen))


@pytest.mark.slow
async def test_the_session_ending_while_queued_is_said_and_the_app_ends(tmp_path: Path) -> None:
    outcome = NetOutcome()
    async with online_server(tmp_path, limits=PATIENT) as on, named(on, "ann", "Ann"):
        app = online_app(on, "ann", tmp_path, outcome)
        async with app.run_test(size=(80, 24)) as pilot:
            await signed_in(pilot, "Ann")
            await queue_for_spit(pilot)
            await shows(pilot, "1 player waits")
            screen = app.screen_stack[1]
            assert isinstance(screen, OnlineScreen) and screen.client is not None
            ws = screen.client._ws
            assert ws is not None
            await ws.close(1011, "gone for maintenance")  # as the server's end would
            await until(pilot, lambda: app.return_code is not None)
    assert outcome.failure is not None and "the server ended the session" in outcome.failure


async def test_a_forged_token_is_said_and_a_new_guest_account_offered(tmp_path: Path) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on:
        on.tokens("eve").put(on.address, "forged." + "x" * 40)
        app = online_app(on, "eve", tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, Confirm))
            await shows(pilot, "refused this machine's account", "new guest account")
            await pilot.press("y")
            await signed_in(pilot, "Guest")
        assert on.tokens("eve").get(on.address) not in (None, "forged." + "x" * 40)
