"""The day's deal and the ladder from the menu, with real key presses: the entry, the
game of the day's cards and bot, the result with its share line, the copy key; the
ladder's next game one step up after a win."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from spit.core.clock import FakeClock
from spit.core.dates import utc_today
from spit.core.replay.challenge import Challenge
from spit.engine import Play, legal_actions
from spit.games.spit.daily import daily_deal
from spit.games.spit.replay import load_replay
from spit.settings.model import Settings
from spit.tui.app import SpitApp
from spit.tui.shared.overlays import QUIT_GRACE_MS, RESULT_GRACE_MS, ResultOverlay
from spit.tui.shell.menu import MainMenu
from spit.tui.spit.challenges import ChallengePanel, ChallengeScreen
from spit.tui.spit.daily_card import DailyCard
from tests.tui.game.driver import binding_id
from tests.tui.shell.menu_keys import MENU

from .play import play_to_the_end

pytestmark = pytest.mark.slow  # whole challenges played from the menu


def menu_app(folder: Path, clock: FakeClock) -> SpitApp:
    return SpitApp(settings=Settings(practice_offered=True, replay_dir=folder), clock=clock)


async def open_card(pilot: Pilot[Any]) -> DailyCard:
    """``d`` on the menu: the day's card, once it has read whether the game counts."""
    await pilot.press(MENU["daily"])
    card = pilot.app.screen
    assert isinstance(card, DailyCard)
    await card_read(pilot, card)
    return card


def card_text(card: DailyCard) -> str:
    """What the card says, its lines joined as one."""
    return " ".join(" ".join(str(line.render()).split()) for line in card.query(Static))


async def card_read(pilot: Pilot[Any], card: DailyCard) -> str:
    """What the card says, once it has read (again) where the player stands."""
    for _ in range(200):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if card.standing is not None and pilot.app.screen is card:
            break
    return card_text(card)


async def menu_line(pilot: Pilot[Any]) -> str:
    """The menu's line on today's deal, once read."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return str(pilot.app.screen.query_one("#challenge-status", Static).render())


async def test_the_daily_deal_from_the_menu_to_the_copied_result(tmp_path: Path) -> None:
    clock, today = FakeClock(), utc_today()
    app = menu_app(tmp_path / "replays", clock)
    async with app.run_test(size=(100, 40)) as pilot:
        card = await open_card(pilot)
        shown = card_text(card)
        assert f"Daily deal · {today:%A} {today.isoformat()} (UTC)" in shown
        assert "you against the normal bot" in shown
        assert "This game counts" in shown and "enter: play" in shown
        await pilot.press("enter")
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

        clock.advance(RESULT_GRACE_MS)
        await pilot.press("escape")  # leave the result: back on the card, which knows
        shown = await card_read(pilot, card)
        outcome = "won" if screen.match.state.winner == 0 else "lost"
        assert "Practice: today's deal is used up" in shown and f"counted ({outcome})" in shown
        await pilot.press("escape")
        assert f"Today's deal: {outcome} (counted)" in await menu_line(pilot)


async def test_a_daily_game_left_unfinished_is_told_as_it_stands(tmp_path: Path) -> None:
    """Started, a few cards played, then Esc, Y: the first game of the day started is
    the one that counts, so the game left is today's attempt, lost; the card and the
    menu say so, and the deal again is practice."""
    clock = FakeClock()
    app = menu_app(tmp_path / "replays", clock)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_card(pilot)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        clock.advance(screen.match.game.timing.start_countdown_ms + 100)
        screen.tick()
        for _ in range(200):  # until a card of the player's is played
            plays = [a for a in legal_actions(screen.match.state, 0) if isinstance(a, Play)]
            if plays:
                await pilot.press(screen.keys[binding_id(0, plays[0])])
                break
            clock.advance(100)
            screen.tick()
        await pilot.press("escape")
        clock.advance(QUIT_GRACE_MS)
        await pilot.press("y")
        card = app.screen
        assert isinstance(card, DailyCard)
        shown = await card_read(pilot, card)
        assert "Practice: today's deal is used up" in shown
        assert "counted (left unfinished, lost)" in shown and "Streak: 0 days" in shown
        await pilot.press("q")
        assert isinstance(app.screen, MainMenu)
        assert "Today's deal: left unfinished, lost (counted)" in await menu_line(pilot)


@pytest.mark.parametrize("leave", ["escape", "ctrl+c"])
async def test_looking_at_the_deal_and_leaving_uses_the_day_up(tmp_path: Path, leave: str) -> None:
    """The loophole closed: ``d``, Enter, and leaving before a card is played (Esc then
    Y, or Ctrl+C twice) is the day's attempt, lost. The menu says the deal is used up,
    and ``d`` again offers practice, which the card says."""
    clock = FakeClock()
    folder = tmp_path / "replays"
    app = menu_app(folder, clock)
    async with app.run_test(size=(100, 40)) as pilot:
        card = await open_card(pilot)
        assert "This game counts" in card_text(card)
        assert "Leaving it before the end counts as a loss" in card_text(card)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        assert screen.replay_path is not None  # the file is there from the deal on
        await pilot.press(leave)
        clock.advance(QUIT_GRACE_MS)
        await pilot.press("y" if leave == "escape" else "ctrl+c")
        assert app.screen is card
        shown = await card_read(pilot, card)
        assert "Practice: today's deal is used up" in shown
        assert [p.name for p in folder.iterdir()] == [screen.replay_path.name]  # kept
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)
        line = await menu_line(pilot)
        assert "Today's deal: left unfinished, lost (counted)" in line and "streak 0" in line
        again = await open_card(pilot)
        assert "Practice: today's deal is used up" in card_text(again)
        assert "This game counts" not in card_text(again)
        await pilot.press("enter")
        await pilot.pause()
        practice = app.screen
        assert isinstance(practice, ChallengeScreen) and practice.replay_path is not None
        await pilot.press("escape")
        clock.advance(QUIT_GRACE_MS)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, DailyCard)
        assert not practice.replay_path.exists()  # practice left at 0:00 leaves nothing
        assert [p.name for p in folder.iterdir()] == [screen.replay_path.name]


async def test_a_past_day_left_at_once_leaves_no_file(tmp_path: Path) -> None:
    """Only today's deal keeps a file for a game left before a card was played: a past
    day's is practice, and leaves nothing, as any game left at 0:00."""
    from datetime import date

    clock = FakeClock()
    folder = tmp_path / "replays"
    settings = Settings(practice_offered=True, replay_dir=folder)
    app = SpitApp(settings=settings, start_screen=DailyCard(clock, day=date(2026, 1, 5)))
    async with app.run_test(size=(100, 40)) as pilot:
        card = app.screen
        assert isinstance(card, DailyCard)
        await card_read(pilot, card)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("escape")
        await pilot.pause()
        clock.advance(QUIT_GRACE_MS)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is card
    assert not folder.exists() or list(folder.iterdir()) == []


async def test_a_past_days_deal_is_practice_on_its_card(tmp_path: Path) -> None:
    from datetime import date

    app = SpitApp(
        settings=Settings(practice_offered=True),
        start_screen=DailyCard(day=date(2026, 1, 5)),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        card = app.screen
        assert isinstance(card, DailyCard)
        shown = await card_read(pilot, card)
        assert "Monday 2026-01-05 (UTC)" in shown
        assert "Practice: only a day's own deal, played on that day, counts." in shown
        await pilot.press("escape")  # the card was all there was: out of the app
        await pilot.pause()
    assert app.return_value == 0


def test_spit_tui_daily_opens_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    from spit.cli import main
    from tests.tui.start_screens import catch_start_screens

    cards = catch_start_screens(monkeypatch, DailyCard)
    main(["daily", "--date", "2026-01-05", "--no-record"])
    [card] = cards
    assert card.deal.day.isoformat() == "2026-01-05"
    assert card.settings.record_replays is False


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
