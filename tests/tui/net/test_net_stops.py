"""The game's stops over the network, with real key presses: a player away, the
grace over (take the win or play a bot), the result and its rematch."""

from __future__ import annotations

import pytest

from spit.core.clock import FakeClock
from spit.net.protocol import Over
from spit.tui.net.overlays import AwayOverlay, GraceOverOverlay, NetResultOverlay
from spit.tui.shared.overlays import RESULT_GRACE_MS
from spit.tui.spit.net_screen import SpitNetScreen
from tests.tui.net.fake import FakeClient, NetApp, playing_view
from tests.tui.net.helpers import until
from tests.tui.screen_text import screen_lines


def _text(app: NetApp) -> str:
    return "\n".join(screen_lines(app))


@pytest.mark.slow
async def test_away_countdown_then_the_choice_then_the_result_and_a_rematch() -> None:
    client, clock = FakeClient(), FakeClock()
    client.view = playing_view()
    app = NetApp(client, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "vs Bob" in _text(app))
        await until(pilot, lambda: "You 12 ms" in _text(app) and "Bob 40 ms" in _text(app))

        client.says(away=(1, 57))
        await until(pilot, lambda: isinstance(app.screen, AwayOverlay))
        await until(pilot, lambda: "Bob lost the connection: 57 s" in _text(app))
        client.says(away=(1, 56))
        await until(pilot, lambda: "Bob lost the connection: 56 s" in _text(app))
        await pilot.press("q")  # a play key does nothing while the game waits
        assert client.sent == []

        client.says(away=None, grace_over=1)
        await until(pilot, lambda: isinstance(app.screen, GraceOverOverlay))
        await until(pilot, lambda: "Bob did not come back" in _text(app))
        await pilot.press("w")
        await until(pilot, lambda: client.sent == ["take_win"])

        client.says(grace_over=None, over=Over(winner=0, reason="forfeit", replay=None))
        await until(pilot, lambda: isinstance(app.screen, NetResultOverlay))
        await until(pilot, lambda: "You win!" in _text(app))
        await pilot.press("enter")  # too soon: the result ignores keys for a moment
        assert "rematch" not in client.sent
        clock.advance(RESULT_GRACE_MS)
        await pilot.press("enter")
        await until(pilot, lambda: "Waiting for Bob to want a rematch too" in _text(app))

        client.says(over=None, rematch_asked=set(), view=playing_view(8))
        await until(pilot, lambda: isinstance(app.screen, SpitNetScreen))


async def test_a_key_sends_its_intent_and_the_play_hint_comes_from_the_server() -> None:
    client, clock = FakeClient(), FakeClock()
    client.view = playing_view()
    app = NetApp(client, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "can play" in _text(app))
        await pilot.press("q", "a", "z", "space", "enter")
        await until(pilot, lambda: len(client.sent) == 5)
        assert client.sent == ["play 0 left", "play 0 right", "move 0", "play 0 left", "move 0"]
        client.says(view={**client.view, "can_play": False})
        await until(pilot, lambda: "no play" in _text(app))


async def test_a_deliberate_leave_is_told_as_bob_left_the_game() -> None:
    """The server's ``over`` with reason ``"left"`` (the other player sent ``leave``):
    "Bob left the game", never "did not come back", which is for a forfeit after the
    grace."""
    client, clock = FakeClient(), FakeClock()
    client.view = playing_view()
    client.names = ["Ann", "\x1b[31mBob"]  # a name from the other side: made safe
    app = NetApp(client, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "can play" in _text(app))
        client.says(over=Over(winner=0, reason="left", replay=None))
        await until(pilot, lambda: isinstance(app.screen, NetResultOverlay))
        await until(pilot, lambda: "left the game" in _text(app))
        shown = _text(app)
    assert "\\e[31mBob left the game" in shown  # the title
    assert "You win: \\e[31mBob left the game." in shown
    assert "did not come back" not in shown and "\x1b" not in shown


async def test_a_forfeit_after_the_grace_names_who_did_not_come_back() -> None:
    client, clock = FakeClient(), FakeClock()
    client.view = playing_view()
    app = NetApp(client, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "can play" in _text(app))
        client.says(over=Over(winner=0, reason="forfeit", replay=None))
        await until(pilot, lambda: isinstance(app.screen, NetResultOverlay))
        await until(pilot, lambda: "You win!" in _text(app))
        assert "You win by forfeit: Bob did not come back." in _text(app)
