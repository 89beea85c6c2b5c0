"""The day's deal and the ladder at the table: the game screen with a challenge.

A ``ChallengeScreen`` is the ordinary game screen with three differences: its replay
header names the challenge (``GameConfig.challenge``), the result shows where the game
leaves the player (``ChallengePanel``), and "again" means the challenge's next game:
the day's deal once more (practice: only the first game of the day counts), or the
ladder's next step (one up after a win, one down after a loss).

Whether a daily game counts, the streak and the ladder's best are the statistics'
(``spit.stats.challenges``): the panel asks them in a thread once the game is recorded,
as the head-to-head line does (``spit.tui.shared.head_to_head``), so the result shows
at once and the panel fills in. The wall clock (for the UTC date and the replay's start
time) is injected, so that tests can fix the day.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import structs
from textual.widgets import Static

from spit.core.dates import utc_today
from spit.core.replay.challenge import Challenge, ChallengeKind
from spit.games.spit.daily import DailyDeal, daily_deal, share_line
from spit.games.spit.ladder import challenge as ladder_challenge
from spit.games.spit.ladder import level_of
from spit.settings.model import Settings
from spit.tui.spit.board.presenter import Players
from spit.tui.spit.game_config import GameConfig
from spit.tui.spit.game_screen import SpitScreen

if TYPE_CHECKING:
    from spit.core.clock import Clock
    from spit.stats import ChallengeResult
    from spit.tui.shared.overlays import Result

WallClock = Callable[[], datetime]
"""The time of day, timezone-aware: ``datetime.now(UTC)``, or a fixed one in tests."""


def _now() -> datetime:
    return datetime.now(UTC)


def daily_config(settings: Settings, deal: DailyDeal) -> GameConfig:
    """The game of ``deal``, with the player's keys and looks from ``settings``."""
    config = GameConfig.from_settings(settings, bot_level=deal.level, seed=deal.deal_seed)
    return structs.replace(
        config, variant=deal.variant, bot_seed=deal.bot_seed, challenge=deal.challenge
    )


def ladder_config(settings: Settings, step: int) -> GameConfig:
    """A game at the ladder's ``step`` (a new deal each game), in the settings' variant."""
    config = GameConfig.from_settings(settings, bot_level=level_of(step))
    return structs.replace(config, challenge=ladder_challenge(step))


def daily_screen(
    settings: Settings,
    clock: Clock | None = None,
    *,
    day: date | None = None,
    now: WallClock = _now,
) -> ChallengeScreen:
    """The deal of ``day`` (default: today in UTC, by ``now``)."""
    deal = daily_deal(day or utc_today(now()))
    return ChallengeScreen(daily_config(settings, deal), clock, now=now)


def ladder_screen(
    settings: Settings, step: int, clock: Clock | None = None, *, now: WallClock = _now
) -> ChallengeScreen:
    return ChallengeScreen(ladder_config(settings, step), clock, now=now)


def ladder_step() -> int:
    """The step the player's next ladder game is at, from the statistics (0 when they
    cannot be had). Opens the database: call it from a thread."""
    from spit.stats import StatsDB, StatsUnavailable

    try:
        with StatsDB.open() as db:
            return db.ladder_status().step
    except (StatsUnavailable, OSError, ValueError):
        return 0


class ChallengeScreen(SpitScreen):
    """A game of the day's deal or of the ladder; see the module docstring."""

    def __init__(
        self,
        config: GameConfig,
        clock: Clock | None = None,
        *,
        now: WallClock = _now,
        counts: bool = True,
    ) -> None:
        """``counts``: whether the first game may be the day's attempt, as the deal's
        card found (``False``: practice)."""
        if config.challenge is None:
            raise ValueError("a challenge's screen needs its challenge")
        super().__init__(config, clock)
        self.challenge: Challenge = config.challenge
        self._now = now
        self._counts = counts

    def created_at(self) -> datetime:
        return self._now().astimezone(UTC)

    def start_counts(self) -> bool:
        """The first game of today's deal, unless the card found it practice: its start
        may be the day's attempt, left or not (``spit.stats.challenges``), so its file
        stays even if no card was played. A game played again is practice."""
        daily = self.challenge.kind is ChallengeKind.DAILY
        return self._counts and daily and self.challenge.day == utc_today(self._now())

    def again_command(self) -> str | None:
        day = self.challenge.day
        return None if day is None else f"spit-tui daily --date {day.isoformat()}"

    def dress_result(self, result: Result) -> Result:
        won = self.match.state.winner == 0
        panel = ChallengePanel(self.challenge, self.replay_path, utc_today(self._now()), won)
        if self.challenge.kind is ChallengeKind.DAILY:
            return replace(result, challenge=panel, share=panel.share_text, again="play it again")
        return replace(result, challenge=panel, again="next game")

    def rematch(self) -> None:
        """The day's deal again (the same cards and bot: practice), or the ladder's
        next step."""
        step = self.challenge.step
        if step is not None:
            step = _next_step(step, self.match.state.winner == 0)
            self.challenge = ladder_challenge(step)
            self.config = structs.replace(
                self.config, bot_level=level_of(step), challenge=self.challenge
            )
            self.players = Players.for_game(self.config.bot_level)
        self._counts = False
        self._start(self.config.seed)


class ChallengePanel(Static):
    """Under a challenge's result: for the day's deal, whether the game counted, its
    time and cards a minute, the streak and the line to share; for the ladder, the
    step played, the next one and the highest reached. Filled in from the statistics
    in a thread; it holds no outside text (only numbers, dates and level names)."""

    DEFAULT_CSS = """
    ChallengePanel {
        margin-top: 1;
        text-style: bold;
    }
    """

    def __init__(self, challenge: Challenge, replay: Path | None, today: date, won: bool) -> None:
        super().__init__(self._first_text(challenge, replay, won), markup=False, id="challenge")
        self._challenge = challenge
        self._replay = replay
        self._today = today
        self._won = won
        self.share: str | None = None
        """The line to share, once the statistics said whether the game counted."""
        self.filled = False
        """Whether the statistics' part is shown."""

    def share_text(self) -> str | None:
        return self.share

    @staticmethod
    def _first_text(challenge: Challenge, replay: Path | None, won: bool) -> str:
        if challenge.step is not None:
            step = _next_step(challenge.step, won)
            text = f"Ladder step {challenge.step} ({level_of(challenge.step)}): next game at "
            text += f"step {step} ({level_of(step)})"
        else:
            assert challenge.day is not None
            text = f"Daily deal of {challenge.day.isoformat()}"
        if replay is None:
            text += "\nThis game is not recorded, so it does not count."
        return text

    def on_mount(self) -> None:
        if self._replay is not None:
            self.run_worker(self._find, name="challenge", thread=True, exit_on_error=False)

    def _find(self) -> None:
        from spit.stats import challenge_result

        assert self._replay is not None
        found = challenge_result(self._replay, self._today)
        if found is not None:
            self.app.call_from_thread(self._show, found)

    def _show(self, found: ChallengeResult) -> None:
        lines = [self._first_text(self._challenge, self._replay, self._won)]
        if found.ladder is not None:
            lines.append(f"Highest step reached: {found.ladder.highest}")
        human = found.game.human
        if found.daily is not None and human is not None and self._challenge.day is not None:
            day, status, game = self._challenge.day, found.daily, found.game
            counted = status.counts(game.game_key)
            lines[0] += ": counted" if counted else ": practice"
            if not counted:
                lines.append(_why_practice(day, self._today, status.counted is not None))
            seconds = game.active_ms // 1000
            lines.append(
                f"Time {seconds // 60}:{seconds % 60:02d}   "
                f"{human.cards_per_minute:.1f} cards a minute   "
                f"streak {status.streak} day{'s' if status.streak != 1 else ''}"
            )
            self.share = share_line(
                day, human.won, game.active_ms, game.rounds, status.streak if counted else None
            )
            if not counted:
                self.share += " (practice)"
            lines.append(self.share)
        self.update("\n".join(lines))
        self.filled = True


def _why_practice(day: date, today: date, counted_before: bool) -> str:
    if day != today:
        return "Only the day's own deal played on the day counts."
    if counted_before:
        return "The day's first game is the one that counts."
    return "Only sealed, unedited games count."


def _next_step(step: int, won: bool) -> int:
    """The ladder's step after a game at ``step`` (``spit.stats.challenges.next_step``)."""
    from spit.stats.challenges import next_step

    return next_step(step, won)
