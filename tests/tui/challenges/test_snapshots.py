"""What the day's deal's result and the menu's challenge line look like, the clocks
frozen (the game's FakeClock, a fixed wall clock for the date and the replay's start).

Update after an intended change with ``pytest tests/tui/challenges --snapshot-update``
and look at the SVGs in ``__snapshots__`` before committing them.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from spit.core.clock import FakeClock
from spit.core.replay.challenge import Challenge
from spit.paths import replays_dir
from spit.settings.model import Settings
from spit.stats import StatsDB
from spit.tui.app import SpitApp
from spit.tui.spit.challenges import ChallengeScreen, daily_screen
from tests.challenges.games import challenge_game, noon
from tests.tui.shots import SMALL, SnapCompare, app, hold_still

from .play import play_to_the_end

DAY = date(2026, 12, 2)
NOON = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


@pytest.mark.slow
def test_the_daily_result(
    snap_compare: SnapCompare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the replay's path is shown: "replays/..." everywhere
    clock = FakeClock()
    settings = Settings(practice_offered=True, replay_dir=Path("replays"))
    screen = daily_screen(settings, clock, day=DAY, now=lambda: NOON)
    game = SpitApp(settings=settings, clock=clock, start_screen=screen)

    async def run_before(pilot: Pilot[Any]) -> None:
        assert isinstance(pilot.app.screen, ChallengeScreen)
        await play_to_the_end(pilot, pilot.app.screen, clock)

    assert snap_compare(game, run_before=run_before, terminal_size=(100, 44))


@pytest.mark.slow
def test_the_menu_says_where_the_challenges_stand(snap_compare: SnapCompare) -> None:
    folder = replays_dir()
    old = date(2020, 3, 1)  # long ago: today's deal is "not played yet" on any day
    challenge_game(folder, Challenge.daily(old), noon(old), won=True)
    for minutes, (step, won) in enumerate([(0, True), (1, True), (2, False)]):
        challenge_game(
            folder, Challenge.ladder(step), noon(old, minutes + 1), won=won, seed=minutes + 10
        )
    StatsDB.open().close()

    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.app.workers.wait_for_complete()
        await hold_still(pilot)

    assert snap_compare(app(), run_before=run_before, terminal_size=SMALL)


def _card_app(settings: Settings, day: date) -> SpitApp:
    from spit.tui.spit.daily_card import DailyCard

    return SpitApp(settings=settings, start_screen=DailyCard(day=day, now=lambda: NOON))


async def _card_read(pilot: Pilot[Any]) -> None:
    await pilot.app.workers.wait_for_complete()
    await hold_still(pilot)


def test_the_daily_card_of_a_game_that_counts(snap_compare: SnapCompare) -> None:
    """``d``: the date, the bot and the game, "This game counts", Enter and Esc."""
    settings = Settings(practice_offered=True)
    assert snap_compare(_card_app(settings, DAY), run_before=_card_read, terminal_size=SMALL)


def test_the_daily_card_of_practice_in_ascii_on_a_light_theme(snap_compare: SnapCompare) -> None:
    """A past day's deal: practice, and why."""
    settings = Settings(practice_offered=True, card_style="ascii", theme="textual-light")
    app = _card_app(settings, date(2026, 11, 30))
    assert snap_compare(app, run_before=_card_read, terminal_size=SMALL)
