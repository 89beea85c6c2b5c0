"""Invites on the main menu: with an online server in the settings and an account
there, the menu keeps a quiet session on it (``spit.tui.net.presence``), and a
friend's invite shows over the menu, driven with real key presses against a real
server with accounts on 127.0.0.1 (``tests.net.online_server``). The friend is a plain
``OnlineClient`` in the same loop."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from spit.net.addresses import parse_address
from spit.net.client import NetClient
from spit.net.credentials import AccountTokens
from spit.net.online_client import sign_in
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net import presence
from spit.tui.net.online import InviteDialog, OnlineScreen
from spit.tui.net.presence import Backoff, MenuPresence
from spit.tui.shell.menu import MainMenu
from spit.tui.spit.net_screen import SpitNetScreen
from tests.net.online_server import QUICK, OnlineServer, online_server
from tests.tui.net.helpers import until
from tests.tui.screen_text import screen_lines
from tests.tui.shell.menu_keys import MENU

PATIENT = replace(QUICK, rejoin_grace_ms=20_000)


def text(app: App[Any]) -> str:
    return "\n".join(screen_lines(app))


def menu_app(server: str, tmp_path: Path) -> SpitApp:
    settings = Settings(practice_offered=True, online_server=server, replay_dir=tmp_path / "me")
    return SpitApp(settings=settings)


def presence_of(app: SpitApp) -> MenuPresence | None:
    menu = app.screen_stack[0]
    assert isinstance(menu, MainMenu)
    return menu._presence


@asynccontextmanager
async def ann_at(on: OnlineServer) -> AsyncIterator[None]:
    """This machine keeps an account called Ann at ``on`` (its token in the player's
    data folder, where the menu looks)."""
    client = await sign_in(on.address, AccountTokens())
    await client.rename("Ann")
    await client.close()
    yield


@pytest.fixture
def quick_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presence, "BACKOFF", lambda: Backoff(first_s=0.05, most_s=0.2, jitter=0))


def test_the_backoff_doubles_to_its_ceiling_and_starts_again_after_a_success() -> None:
    backoff = Backoff(first_s=2, most_s=20, jitter=0)
    assert [backoff.next_s() for _ in range(6)] == [2, 4, 8, 16, 20, 20]
    backoff.reset()
    assert backoff.next_s() == 2
    jittered = Backoff(first_s=10, most_s=10, jitter=0.25)
    assert all(7.5 <= jittered.next_s() <= 10 for _ in range(50))


async def test_no_server_in_the_settings_keeps_no_session(tmp_path: Path) -> None:
    app = menu_app("", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert presence_of(app) is None
        assert not any(worker.name == "presence" for worker in app.workers)
        assert "Online at" not in text(app)


@pytest.mark.slow
async def test_an_invite_on_the_menu_is_declined_then_accepted(tmp_path: Path) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on, ann_at(on):
        app = menu_app(str(on.address), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "as Ann: friends can invite you" in text(app))
            bob = await on.player("bob", "Bob")
            await bob.invite("Ann", "spit", "points")
            await until(pilot, lambda: isinstance(app.screen, InviteDialog))
            await until(pilot, lambda: "Bob invites you" in text(app))
            assert "Spit (points)" in text(app)
            await pilot.press("n")
            await until(pilot, lambda: bob.answer is not None)
            assert bob.answer is not None and bob.answer.reason == "declined"
            assert isinstance(app.screen, MainMenu)
            await bob.invite("ann", "spit", "points")
            await until(pilot, lambda: isinstance(app.screen, InviteDialog))
            await pilot.press("y")
            await until(pilot, lambda: bob.matched is not None)
            assert bob.matched is not None and bob.matched.opponent == "Ann"
            seat = NetClient()
            await seat.connect(on.uri, "Bob", room=bob.matched.room, token=bob.matched.token)
            await until(pilot, lambda: isinstance(app.screen, SpitNetScreen), 15)
            await until(pilot, lambda: "vs Bob" in text(app))
            await seat.close(leave=True)
            await bob.close()


@pytest.mark.slow
async def test_an_invite_withdrawn_leaves_the_menu_and_one_sent_meanwhile_waits_for_it(
    tmp_path: Path,
) -> None:
    """An invite withdrawn while shown goes away; one that comes while another screen
    covers the menu is shown on coming back to the menu."""
    async with online_server(tmp_path, limits=PATIENT) as on, ann_at(on):
        app = menu_app(str(on.address), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "friends can invite you" in text(app))
            bob = await on.player("bob", "Bob")
            await bob.invite("Ann", "spit", "standard")
            await until(pilot, lambda: isinstance(app.screen, InviteDialog))
            await bob.cancel()
            await until(pilot, lambda: isinstance(app.screen, MainMenu))
            await pilot.press(MENU["how_to_play"])
            await until(pilot, lambda: not isinstance(app.screen, MainMenu))
            await bob.invite("Ann", "spit", "standard")
            await until(pilot, lambda: bob.sent is not None)
            await pilot.pause(0.2)
            assert not isinstance(app.screen, InviteDialog), "not over another screen"
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, InviteDialog))
            await pilot.press("n")
            await until(pilot, lambda: bob.answer is not None)
            await bob.close()


@pytest.mark.slow
async def test_play_online_closes_the_menus_session_and_coming_back_reopens_it(
    tmp_path: Path,
) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on, ann_at(on):
        app = menu_app(str(on.address), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "friends can invite you" in text(app))
            first = presence_of(app)
            await pilot.press(MENU["online"], "enter")  # the server kept in the settings
            await until(pilot, lambda: isinstance(app.screen, OnlineScreen))
            await until(pilot, lambda: "You are Ann" in text(app))
            assert presence_of(app) is None
            await until(pilot, lambda: on.service.presence.count() == 1)
            await pilot.press("escape")
            await until(pilot, lambda: "friends can invite you" in text(app))
            assert presence_of(app) is not first


@pytest.mark.slow
async def test_a_session_that_ends_is_opened_again(tmp_path: Path, quick_backoff: None) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on, ann_at(on):
        app = menu_app(str(on.address), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "friends can invite you" in text(app))
            found = presence_of(app)
            assert found is not None and found.client is not None
            ended = found.client
            assert ended._ws is not None
            await ended._ws.close()
            await until(pilot, lambda: found.client is not None and found.client is not ended)
            await until(pilot, lambda: "friends can invite you" in text(app))
            assert found.tries == 2


@pytest.mark.slow
async def test_a_server_that_is_down_is_tried_again_rarely_and_silently(
    tmp_path: Path, quick_backoff: None
) -> None:
    """Nobody listens at the server's port: the menu says nothing and tries again
    after waits that double (0.05 s up to 0.2 s here), never in a busy loop; the menu
    answers keys meanwhile."""
    address = parse_address("127.0.0.1:1")
    AccountTokens().put(address, "a token kept from before")
    app = menu_app(str(address), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: (found := presence_of(app)) is not None and found.tries >= 2)
        await asyncio.sleep(0.5)
        found = presence_of(app)
        assert found is not None
        assert 3 <= found.tries <= 7  # after waits of 0.05, 0.1, 0.2, 0.2 ... s
        assert not app._notifications, "no notice about a server the player did not ask for"
        assert "Online at" not in text(app)
        await pilot.press(MENU["how_to_play"])
        await until(pilot, lambda: not isinstance(app.screen, MainMenu))


@pytest.mark.slow
async def test_no_token_for_the_server_makes_no_account(tmp_path: Path) -> None:
    async with online_server(tmp_path, limits=PATIENT) as on:
        app = menu_app(str(on.address), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: presence_of(app) is not None)
            await until(pilot, lambda: not any(w.name == "presence" for w in app.workers))
            found = presence_of(app)
            assert found is not None and found.tries == 0
            assert AccountTokens().get(on.address) is None
            assert on.service.presence.count() == 0
