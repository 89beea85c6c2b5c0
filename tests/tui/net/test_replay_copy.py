"""The table fetches its copy of the server's replay when the server's ``over`` comes,
and not before: the game's last view (finished, with its winner) comes first, and a
table that took that view for the end never learnt the replay's name, so it saved no
copy (the end-to-end tests lost this race now and then)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.core.clock import FakeClock
from spit.net.protocol import Over
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.net.client_state import over
from spit.tui.spit.net_screen import SpitNetScreen
from tests.tui.net.fake import FakeClient, playing_view
from tests.tui.net.helpers import until

TEXT = '{"format": "spit-replay"}\n'


class FetchingClient(FakeClient):
    def __init__(self) -> None:
        super().__init__()
        self.fetched = 0

    async def fetch_replay(self, timeout_s: float = 10.0) -> tuple[str, str]:
        self.fetched += 1
        return "game.spit.jsonl", TEXT


def _last_view() -> dict[str, object]:
    view = playing_view()
    view["winner"] = 0
    return view


def test_a_finished_view_is_not_the_end_until_over_comes() -> None:
    client = FakeClient()
    client.view, client.finished = _last_view(), True
    assert over(client) is None
    client.over = Over(winner=0, reason="cards", replay="game.spit.jsonl")
    assert over(client) == client.over


@pytest.mark.slow
async def test_the_copy_is_fetched_when_over_comes_after_the_last_view(tmp_path: Path) -> None:
    client = FetchingClient()
    settings = Settings(practice_offered=True, replay_dir=tmp_path)
    table = SpitNetScreen(client, settings, clock=FakeClock())
    app = SpitApp(settings=settings, start_screen=table)
    async with app.run_test(size=(80, 24)) as pilot:
        client.says(view=playing_view())
        await pilot.pause()
        client.says(view=_last_view(), finished=True)
        await pilot.pause(0.1)
        assert client.fetched == 0
        client.says(over=Over(winner=0, reason="cards", replay="game.spit.jsonl"))
        await until(pilot, lambda: (tmp_path / "game.spit.jsonl").is_file())
        assert client.fetched == 1
        assert (tmp_path / "game.spit.jsonl").read_text() == TEXT
