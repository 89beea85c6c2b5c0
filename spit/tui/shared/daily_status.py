"""Where the player stands with a day's deal, and how it is said: one wording for the
menu's line (``played_text``) and the deal's card (``counts_text``,
``spit.tui.spit.daily_card``).

Which game counts is the statistics' rule (``spit.stats.challenges``: the first game
of the day's own deal *finished* on that day, recorded and sealed; one left unfinished
counts for nothing, ``DailyStatus.next_counts``). ``daily_standing`` reads the
statistics as they are (``StatsDB.peek``: nothing is made or rebuilt) and the replays
written that day, for the games left unfinished, which the statistics do not hold.
No game's screens here: the shell's menu uses it too.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spit.stats import DailyStatus


@dataclass(frozen=True, slots=True)
class DailyStanding:
    """Where the player stands with a day's deal."""

    status: DailyStatus | None
    """The statistics' status of the deal (its counted game, the streak); ``None`` when
    the statistics could not be read."""
    unfinished: int
    """Games of the deal started on its day and left unfinished."""


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
    status = standing.status
    if status is None:
        return None
    if status.counted is not None:
        return f"{'won' if status.counted.won else 'lost'} (counted)"
    if standing.unfinished:
        return "left unfinished, not counted"
    if status.games:
        return "played, not counted"
    return "not played yet"


def counts_text(standing: DailyStanding, today: date, recorded: bool) -> tuple[bool, str]:
    """Whether the next game of the deal counts, and why, as the card says it."""
    status = standing.status
    if status is None:
        return False, "Whether it counts could not be read from the statistics."
    if status.day != today:
        return False, "Practice: only a day's own deal, played on that day, counts."
    if not recorded:
        return False, "Practice: Save replays is off in Settings, and only a saved game counts."
    if not status.next_counts(today):
        counted = status.counted
        outcome = "" if counted is None else f" ({'won' if counted.won else 'lost'})"
        return False, (
            f"Practice: today's deal is used up. Your first game of it counted{outcome}; "
            "playing it again is practice."
        )
    why = "This game counts: the first game of today's deal you finish is the one that counts."
    if standing.unfinished:
        left = "game" if standing.unfinished == 1 else f"{standing.unfinished} games"
        why += f" The {left} you left unfinished did not count."
    return True, why
