"""The day's deal and the ladder from the menu, with real key presses: the entry, the
game of the day's cards and bot, the result with its share line, the copy key; the
ladder's next game one step up after a win."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.core.replay.challenge import Challenge
from spit.games.spit.daily import daily_deal, utc_today
from spit.games.spit.replay.reader import load_replay
from spit.games.spit.session import FakeClock
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import RESULT_GRACE_MS, ResultOverlay
from spit.tui.spit.challenges import ChallengePanel, ChallengeScreen
from tests.tui.shell.menu_keys import MENU

from .play import play_to_the_end

pytestmark = pytest.mark.slow  # whole challenges played from the menu


def menu_app(folder: Path, clock: FakeClock) -> SpitApp:
    return SpitApp(settings=Settings(practice_offered=True, replay_dir=folder), clock=clock)


async def test_the_daily_deal_from_the_menu_to_the_copied_result(tmp_path: Path) -> None:
    clock, today = FakeClock(), utc_today()
    app = menu_app(tmp_path / "replays", clock)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press(MENU["daily"])
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        deal = daily_deal(today)
        assert (screen.seed, screen.config.bot_seed) == (deal.deal_seed, deal.bot_seed)
        assert screen.config.bot_level == "normal"
        await play_to_the_end(pilot, screen, clock)
        overlay = app.screen
        assert isinstance(overlay, ResultOverlay)
        panel = overlay.query_one(ChallengePanel)
        assert panel.share is not None
        assert panel.share.startswith(f"spit-tui daily {today.isoformat()}: ")
        assert "streak 1" in panel.share if "won" in panel.share else "lost" in panel.share
        assert panel.share in str(panel.render()) and "counted" in str(panel.render())
        await pilot.press("c")
        assert app.clipboard == panel.share
        assert screen.replay_path is not None
        header = load_replay(screen.replay_path).header
        assert header.challenge == Challenge.daily(today)
        assert header.players[1].seed == deal.bot_seed and header.seed == deal.deal_seed

        clock.advance(RESULT_GRACE_MS)
        await pilot.press("enter")  # the same deal again: practice
        await pilot.pause()
        assert app.screen is screen and screen.seed == deal.deal_seed
        await play_to_the_end(pilot, screen, clock, last=True)
        again = app.screen.query_one(ChallengePanel)
        assert again.share is not None and again.share.endswith("(practice)")
        assert "practice" in str(again.render())


async def test_the_ladder_goes_a_step_up_after_a_win(tmp_path: Path) -> None:
    clock = FakeClock()
    app = menu_app(tmp_path / "replays", clock)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press(MENU["ladder"])
        for _ in range(100):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if isinstance(app.screen, ChallengeScreen):
                break
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        assert screen.challenge == Challenge.ladder(0) and screen.config.bot_level == "beginner"
        await play_to_the_end(pilot, screen, clock)
        assert screen.match.state.winner == 0  # nobody is faster than the key action
        text = str(app.screen.query_one(ChallengePanel).render())
        assert "next game at step 1 (novice)" in text and "Highest step reached: 1" in text
        clock.advance(RESULT_GRACE_MS)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.challenge == Challenge.ladder(1) and screen.config.bot_level == "novice"
        assert screen.players.bot_level == "novice"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["daily", "--date", "bad"], "a date is written YYYY-MM-DD"),
        (["daily", "--date", "2999-01-01"], "is not out yet"),
        (["ladder", "--step", "x"], "is not a whole number"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from spit.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.splitlines()) == 1


async def test_the_statistics_screen_shows_the_ladder_and_the_streak(tmp_path: Path) -> None:
    from datetime import date

    from spit.paths import replays_dir
    from spit.tui.shell.statistics import StatisticsScreen
    from tests.challenges.games import challenge_game, noon

    old = date(2020, 3, 1)
    challenge_game(replays_dir(), Challenge.ladder(4), noon(old), won=True)
    app = SpitApp(settings=Settings(practice_offered=True))
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.press(MENU["statistics"])
        for _ in range(100):
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, StatisticsScreen) and screen.figures is not None:
                break
        panel = app.screen.query_one("#stats-challenges")
        assert panel.display
        text = str(panel.render())
        assert "next game at step 5" in text and "highest step reached: 5" in text
