"""The day's deal and the ladder, as the statistics answer for them.

Only sealed games count (``GameSummary.seal``: a file written by the program and not
edited since, the header's challenge included), against a bot, not won by forfeit:

- **the counted attempt of a day** is the first such daily game *started* on that date
  in UTC, finished or not: one left unfinished (the player looked at the deal and left,
  the program was stopped) is a loss, so that a deal cannot be seen first and played
  later. Every other game of the deal (a second try, the deal of a past day played
  later) is practice. Being the first, a day's counted game is counted once however
  often the deal is played again. The unfinished games are those the ``files`` table
  remembers with their day (``walk.LeftDaily``: sealed, against a bot).
- **the streak** is the number of consecutive UTC days, ending today or yesterday,
  whose counted attempt was a win: a day not yet played leaves yesterday's streak
  standing, a loss (or a missed day) ends it.
- **the ladder's step** follows the counted ladder games in the order they were
  started: after the last one, one step up from its step for a win, one down for a
  loss (``next_step``); the highest step is the highest any of them reached. A
  ladder game of a deal already counted (played again from the same deal:
  ``GameSummary.deal_key``) is not counted again.

Queries over a connection (``spit.stats.db.StatsDB`` holds it and its lock), plus
``store`` and ``challenge_of``, which write and read the columns of a game's challenge.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

from spit.core.replay.challenge import MAX_STEP, Challenge, ChallengeKind, parse_day
from spit.core.replay.fields import FormatError
from spit.core.replay.seal import Seal
from spit.games.summary import GameSummary, Mode

FIRST_STEP: Final = 0
"""Where the ladder starts."""


def next_step(step: int, won: bool) -> int:
    """One step up for a win, one down for a loss, within ``FIRST_STEP``..``MAX_STEP``."""
    return min(MAX_STEP, step + 1) if won else max(FIRST_STEP, step - 1)


_COUNTED: Final = f"""
    FROM games AS g JOIN players AS p ON p.game_id = g.id AND p.seat = g.human_seat
    WHERE g.mode = '{Mode.VS_BOT.value}' AND g.seal = '{Seal.SEALED.value}'
    AND NOT g.forfeit AND g.challenge_kind = ?
"""
"""The human's row of each sealed game of a challenge kind, as ``g`` and ``p``."""
UNFINISHED: Final = "unfinished"
"""``files.outcome`` of a file holding an unfinished game (``spit.stats.db.Outcome``)."""


@dataclass(frozen=True, slots=True)
class DailyAttempt:
    """A day's counted game, as the human played it."""

    game_key: str | None
    """``None`` for a game left unfinished (it has no summary)."""
    won: bool
    active_ms: int
    rounds: int
    cards_per_minute: float
    left: bool = False
    """The game was left unfinished: a loss."""


LEFT: Final = DailyAttempt(None, False, 0, 0, 0.0, left=True)
"""The counted attempt of a day whose first game was left unfinished."""


@dataclass(frozen=True, slots=True)
class DailyStatus:
    """Where the player stands with the deal of ``day``."""

    day: date
    games: int
    """Games of the day's deal stored, counted or not (edited ones too)."""
    counted: DailyAttempt | None
    """The counted attempt, once there is one."""
    streak: int
    """Consecutive days won, ending on ``day`` or the day before."""

    def counts(self, game_key: str) -> bool:
        """Whether the game of ``game_key`` is the day's counted attempt."""
        return self.counted is not None and self.counted.game_key == game_key

    def next_counts(self, today: date) -> bool:
        """Whether the next game of this deal, started ``today``, would be the counted
        attempt (sealed, as spit-tui records it): the day's own deal, with no game of
        it started before (finished, or left: a loss)."""
        return self.day == today and self.counted is None


@dataclass(frozen=True, slots=True)
class LadderStatus:
    step: int
    """Where the next ladder game is played."""
    highest: int
    """The highest step reached (the personal best)."""
    games: int
    """Counted ladder games."""


def store(conn: sqlite3.Connection, game_id: int | None, game: GameSummary) -> None:
    """Write ``game``'s challenge into its row (just inserted with its deal key)."""
    found = game.challenge
    conn.execute(
        "UPDATE games SET challenge_kind = ?, challenge_day = ?, challenge_step = ? WHERE id = ?",
        (
            None if found is None else found.kind.value,
            None if found is None or found.day is None else found.day.isoformat(),
            None if found is None else found.step,
            game_id,
        ),
    )


def challenge_of(row: sqlite3.Row) -> Challenge | None:
    """The challenge a stored game's row holds. Raises ``ValueError`` for one that no
    file could have given (a damaged record: ``spit.stats.db`` rebuilds such a
    database)."""
    kind = row["challenge_kind"]
    try:
        if kind == ChallengeKind.DAILY:
            return Challenge.daily(parse_day(row["challenge_day"]))
        if kind == ChallengeKind.LADDER:
            return Challenge.ladder(row["challenge_step"])
    except FormatError as err:
        raise ValueError(f"not a challenge: {err}") from None
    return None


def counted_days(conn: sqlite3.Connection) -> dict[date, DailyAttempt]:
    """Each day's counted attempt, by date: its first game started, finished or left."""
    rows = conn.execute(
        "SELECT g.challenge_day, g.started, g.id, g.game_key, p.won, g.active_ms, g.rounds, "
        f"p.cards_per_minute {_COUNTED} AND substr(g.started, 1, 10) = g.challenge_day "
        "UNION ALL SELECT daily_day, started, 0, NULL, 0, 0, 0, 0.0 FROM files "
        f"WHERE outcome = '{UNFINISHED}' AND substr(started, 1, 10) = daily_day "
        "ORDER BY 1, 2, 3",
        (ChallengeKind.DAILY.value,),
    )
    found: dict[date, DailyAttempt] = {}
    for day, _started, _id, key, won, active_ms, rounds, cpm in rows:
        attempt = LEFT if key is None else DailyAttempt(key, bool(won), active_ms, rounds, cpm)
        found.setdefault(parse_day(day), attempt)
    return found


def daily_status(conn: sqlite3.Connection, day: date) -> DailyStatus:
    """The deal of ``day``: how often it was played, its counted attempt, the streak."""
    (games,) = conn.execute(
        "SELECT COUNT(*) FROM games WHERE challenge_kind = ? AND challenge_day = ?",
        (ChallengeKind.DAILY.value, day.isoformat()),
    ).fetchone()
    days = counted_days(conn)
    return DailyStatus(day, int(games), days.get(day), streak(days, day))


def streak(days: dict[date, DailyAttempt], today: date) -> int:
    """Consecutive days won among ``days`` ending ``today``, or yesterday when today's
    deal has no counted attempt yet."""
    one = timedelta(days=1)
    day = today if today in days else today - one
    count = 0
    while (attempt := days.get(day)) is not None and attempt.won:
        count += 1
        day -= one
    return count


def ladder_status(conn: sqlite3.Connection) -> LadderStatus:
    """The step after the counted ladder games, and the highest reached."""
    rows = conn.execute(
        f"SELECT g.deal_key, g.challenge_step, p.won {_COUNTED} ORDER BY g.started, g.id",
        (ChallengeKind.LADDER.value,),
    )
    seen: set[str] = set()
    step = highest = FIRST_STEP
    games = 0
    for deal, at, won in rows:
        if deal is not None and deal in seen:
            continue
        seen.add(deal)
        games += 1
        step = next_step(at, bool(won))
        highest = max(highest, at, step)
    return LadderStatus(step, highest, games)
