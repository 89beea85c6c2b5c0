"""Where the player stands with a day's deal, and how it is said: one wording for the
menu's line (``played_text``) and the deal's card (``counts_text``,
``spit.tui.spit.daily_card``).

Which game counts is the statistics' rule (``spit.stats.challenges``: the first game
of the day's own deal *started* on that day, recorded and sealed; one left unfinished
is a loss, so that nobody can look at the deal, leave and play it again).
``daily_standing`` reads the statistics as they are (``StatsDB.peek``: nothing is made
or rebuilt) and the replays written that day, for the games left unfinished since the
statistics last read the folder. No game's screens here: the shell's menu uses it too.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spit.stats import DailyStatus
    from spit.stats.challenges import DailyAttempt


@dataclass(frozen=True, slots=True)
class DailyStanding:
    """Where the player stands with a day's deal."""

    status: DailyStatus | None
    """The statistics' status of the deal (its counted game, the streak); ``None`` when
    the statistics could not be read."""
    unfinished: int
    """Games of the deal started on its day and left unfinished."""

    @property
    def counted(self) -> DailyAttempt | None:
        """The day's counted game: the statistics', or, before they have read it, a
        game of the day left unfinished (a loss)."""
        from spit.stats.challenges import LEFT

        if self.status is None:
            return None
        if self.status.counted is not None:
            return self.status.counted
        return LEFT if self.unfinished else None

    @property
    def streak(self) -> int:
        """Days won in a row; a day left unfinished that the statistics do not know of
        yet is a loss, which ends it."""
        if self.status is None or (self.status.counted is None and self.unfinished):
            return 0
        return self.status.streak


def daily_standing(day: date, replays: Path) -> DailyStanding:
    """The deal of ``day`` as the statistics and the replays folder ``replays`` tell
    it. Reads files: call it from a thread."""
    from spit.saved_games import left_unfinished
    from spit.stats import DailyStatus, StatsDB

    status: DailyStatus | None = DailyStatus(day, 0, None, 0)  # no database: nothing yet
    try:
        db = StatsDB.peek()
        if db is not None:
            with db:
                status = db.daily_status(day)
    except (sqlite3.Error, OSError, ValueError):
        status = None
    return DailyStanding(status, left_unfinished(replays, day))


def played_text(standing: DailyStanding) -> str | None:
    """How today's deal stands, for the menu's line ("Today's deal: won (counted)");
    ``None`` when it cannot be told."""
    status, counted = standing.status, standing.counted
    if status is None:
        return None
    if counted is not None:
        return f"{_outcome(counted)} (counted)"
    if status.games:
        return "played, not counted"
    return "not played yet"


def _outcome(counted: DailyAttempt) -> str:
    if counted.left:
        return "left unfinished, lost"
    return "won" if counted.won else "lost"


def counts_text(standing: DailyStanding, today: date, recorded: bool) -> tuple[bool, str]:
    """Whether the next game of the deal counts, and why, as the card says it."""
    status = standing.status
    if status is None:
        return False, "Whether it counts could not be read from the statistics."
    if status.day != today:
        return False, "Practice: only a day's own deal, played on that day, counts."
    if not recorded:
        return False, "Practice: Save replays is off in Settings, and only a saved game counts."
    counted = standing.counted
    if counted is not None or not status.next_counts(today):
        outcome = "" if counted is None else f" ({_outcome(counted)})"
        return False, (
            f"Practice: today's deal is used up. Your first game of it counted{outcome}; "
            "playing it again is practice."
        )
    return True, (
        "This game counts: the first game of today's deal you start is the one that "
        "counts. Leaving it before the end counts as a loss."
    )
