"""The three leaderboards of each game and variant, and how a place on one is ranked.

- **All time** (``Board.ALL``): every rated account, by its conservative rating
  (``spit.online.rating.Rating.ordinal``, ``mu`` − 3 ``sigma``).
- **This week** (``Board.WEEK``): the accounts that played a rated game this ISO
  week (Monday to Sunday, in UTC), by the rating they gained in it (the sum of their
  games' changes of ``mu``, as shown: +37). Rating gained rather than wins: a win
  over a much weaker player (or the weakest bot, a hundred times) gains almost
  nothing, so the board rewards beating strong opponents, not playing the most; a
  new player, less certain, moves faster, and may well top it in their first week.
- **Today's deal** (``Board.DAY``): one counted attempt per account per UTC day, the
  first one started (``spit.online.store.OnlineStore.start_daily``), by the game's
  own measure (``spit.online.results.DailyScore``): a win above a loss, then more
  points, then less time.

Each board's order is one integer, the ``score`` (higher is better; ties by account
id), so that one mechanism ranks all three: a rank is the number of places ahead,
and counting them one by one would cost a read of the whole board for a player near
its end. So each board also keeps a histogram, the number of places in each
``bucket`` of scores (``score >> BUCKET_SHIFT[board]``), changed in the same
transaction as the places: a rank is the sum of the buckets above plus the places
ahead in one's own bucket, a few hundred rows at most.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Final

from msgspec import Struct

from spit.online.rating import DISPLAY_SCALE, Rating


class Board(StrEnum):
    ALL = "all"
    WEEK = "week"
    DAY = "day"


ALL_TIME: Final = "all"
"""The all-time board's one period."""

PAGE_SIZE: Final = 20
"""Places on a page unless asked otherwise."""

MOST_PER_PAGE: Final = 100

BUCKET_SHIFT: Final[dict[Board, int]] = {
    Board.ALL: 10,  # 1024 hundredths: about 10 shown points a bucket
    Board.WEEK: 8,  # about 2.5 shown points of gain
    Board.DAY: 16,  # about a minute, within one (won, points)
}

POINTS_SPAN: Final = 1 << 20
"""Daily points are kept within plus or minus this (a million: no game comes near)."""
TIME_SPAN: Final = 1 << 31
"""Daily times are kept below this (24 days, in ms)."""


def period(board: Board, when: datetime) -> str:
    """The period of ``board`` that ``when`` falls in, in UTC: ``all``, an ISO week
    (``2026-W01``), a day (``2026-12-05``).

    >>> sunday = datetime(2027, 1, 3, 23, 59, tzinfo=UTC)
    >>> period(Board.WEEK, sunday), period(Board.DAY, sunday)
    ('2026-W53', '2027-01-03')
    """
    moment = when.astimezone(UTC)
    if board is Board.WEEK:
        year, week, _ = moment.isocalendar()
        return f"{year}-W{week:02d}"
    if board is Board.DAY:
        return moment.date().isoformat()
    return ALL_TIME


def all_time_score(rating: Rating) -> int:
    """The all-time order: the conservative rating, in hundredths of a shown point."""
    return round(rating.ordinal * DISPLAY_SCALE * 100)


def week_score(gain_mu: float) -> int:
    """The weekly order: the ``mu`` gained, in hundredths of a shown point."""
    return round(gain_mu * DISPLAY_SCALE * 100)


def day_score(won: bool, points: int, time_ms: int) -> int:
    """The daily order as one integer: the win, then the points, then the time (less wins).
    >>> day_score(True, 0, 90_000) > day_score(True, 0, 95_000) > day_score(False, 52, 1)
    True"""
    points = max(-POINTS_SPAN, min(POINTS_SPAN - 1, points)) + POINTS_SPAN
    time_ms = max(0, min(TIME_SPAN - 1, time_ms))
    return (int(won) << 52) | (points << 31) | (TIME_SPAN - 1 - time_ms)


def bucket(board: Board, score: int) -> int:
    """The histogram bucket of a score on ``board``."""
    return score >> BUCKET_SHIFT[board]


# -- what a board read returns -------------------------------------------------------


class AllTimeFigures(Struct, frozen=True, tag="all"):
    rating: int
    """Shown (``mu`` × 60)."""
    spread: int
    """Shown (``sigma`` × 60)."""
    conservative: int
    """What the board ranks: (``mu`` − 3 ``sigma``) × 60."""
    games: int
    wins: int
    draws: int


class WeekFigures(Struct, frozen=True, tag="week"):
    gain: int
    """The rating gained this week, as shown (may be negative)."""
    games: int
    wins: int


class DayFigures(Struct, frozen=True, tag="day"):
    won: bool
    points: int
    time_ms: int


Figures = AllTimeFigures | WeekFigures | DayFigures


class BoardEntry(Struct, frozen=True):
    rank: int
    account_id: str
    name: str
    """The account's name, made safe (``spit.online.names.shown``)."""
    figures: Figures


class BoardPage(Struct, frozen=True):
    """One page of a board, and the viewer's own place wherever it is."""

    game: str
    variant: str
    board: Board
    period: str
    total: int
    """Places on the board."""
    page: int
    """From 0."""
    size: int
    entries: tuple[BoardEntry, ...]
    viewer: BoardEntry | None
    """The viewer's place (also when it is on this page); ``None`` if they have none."""
