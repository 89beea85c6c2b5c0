"""The day's deal before it is played: a card with the date, the bot, whether the game
will count or be practice, and Enter to play (Esc or q back).

``d`` on the menu and ``spit-tui daily`` open it. The game is pushed over the card, so
leaving the game (or finishing it) comes back here, and the card, read again, says
what that did: today's deal counted, won or lost (a game left unfinished is lost). Where the player
stands is read in a thread and worded as the menu's line is
(``spit.tui.shared.daily_status``). The game's own screens are imported only when
Enter is pressed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Footer, Static

from spit.core.dates import utc_today
from spit.games.spit.daily import DailyDeal, daily_deal
from spit.tui.shared.ascii_widgets import Separated
from spit.tui.shared.daily_status import DailyStanding, counts_text, daily_standing
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.screen_base import ShellScreen

if TYPE_CHECKING:
    from spit.core.clock import Clock
    from spit.settings.model import Settings

WallClock = Callable[[], datetime]
"""The time of day, timezone-aware: ``datetime.now(UTC)``, or a fixed one in tests."""


def _now() -> datetime:
    return datetime.now(UTC)


class DailyCard(ShellScreen):
    """The card of the deal of ``day`` (default: today in UTC, by ``now``); Enter plays
    it over the card. ``clock`` is the game's (tests give a FakeClock)."""

    DEFAULT_CSS = """
    DailyCard #daily-body {
        align: center middle;
        height: 1fr;
    }
    DailyCard #daily-card {
        width: 64;
        max-width: 100%;
        height: auto;
        border: round $primary;
        background: $surface;
        padding: 1 2;
    }
    DailyCard #daily-date {
        text-style: bold;
        color: $accent;
        margin-bottom: 1;
    }
    DailyCard #daily-counts {
        text-style: bold;
        margin-top: 1;
    }
    DailyCard #daily-counts.-practice {
        color: $text-muted;
    }
    DailyCard #daily-streak {
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", "Play", id="daily.play"),
        Binding("escape,q", "back", "Back", id="daily.back", key_display="esc/q"),
    ]

    @dataclass
    class Read(Message):
        """The worker's answer: where the player stands with the deal."""

        standing: DailyStanding

    def __init__(
        self,
        clock: Clock | None = None,
        *,
        day: date | None = None,
        now: WallClock = _now,
        settings: Settings | None = None,
    ) -> None:
        """``settings``: the game's, where a command's options change the app's
        (``spit-tui daily --no-record``); ``None``: the app's."""
        super().__init__()
        self._clock = clock
        self._now = now
        self._settings = settings
        self.deal: DailyDeal = daily_deal(day or utc_today(now()))
        self.standing: DailyStanding | None = None
        """As last read; ``None`` while it is being read."""
        self._counts = True
        """Whether the card last said that the game counts."""

    def compose_content(self) -> ComposeResult:
        deal = self.deal
        dot = self.painter.dot
        with Vertical(id="daily-body"), Vertical(id="daily-card"):
            yield Static(
                f"Daily deal{dot}{deal.day:%A} {deal.day.isoformat()} (UTC)", id="daily-date"
            )
            when = "today" if deal.day == utc_today(self._now()) else "on that day"
            yield Static(
                f"The same cards and bot for everyone {when}: you against the {deal.level} "
                f"bot, the {deal.variant.value} game.",
                id="daily-what",
            )
            yield Static("Reading whether this game counts...", id="daily-counts")
            yield Static("", id="daily-streak")
            yield Separated(["enter: play", "escape or q: back"], classes="dialog-hint")
        yield Footer()

    @property
    def settings(self) -> Settings:
        """The settings the game is played with."""
        return self._settings or self.services.settings

    def _replays(self) -> Path:
        if self._settings is not None and self._settings.replay_dir is not None:
            return self._settings.replay_dir
        return self.services.replay_dir()

    def on_mount(self) -> None:
        self._read(self._replays())

    def on_screen_resume(self) -> None:
        """Back from the game: what it did to the day's deal. (Textual calls the
        too-small check's handler of the same name by itself.)"""
        if self.standing is not None:
            self._read(self._replays())

    @work(thread=True, exclusive=True, group="daily")
    def _read(self, replays: Path) -> None:
        self.post_message(self.Read(daily_standing(self.deal.day, replays)))

    @on(Read)
    def _shown(self, message: Read) -> None:
        self.standing = standing = message.standing
        today = utc_today(self._now())
        counts, why = counts_text(standing, today, self.settings.record_replays)
        self._counts = counts
        shown = self.query_one("#daily-counts", Static)
        shown.update(why)
        shown.set_class(not counts, "-practice")
        if standing.status is not None:
            days = "day" if standing.streak == 1 else "days"
            self.query_one("#daily-streak", Static).update(
                f"Streak: {standing.streak} {days} won in a row"
            )

    def action_play(self) -> None:
        from spit.tui.spit.challenges import ChallengeScreen, daily_config

        config = daily_config(self.settings, self.deal)
        screen = ChallengeScreen(config, self._clock, now=self._now, counts=self._counts)
        self.app.push_screen(screen)

    def action_back(self) -> None:
        self.post_message(LeaveScreen(self))
