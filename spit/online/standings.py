"""The boards' places in the database: putting an account at its score, and reading a
page and an account's rank (``spit.online.boards`` says why the histogram).

Every board is rows of ``standings`` (board, game, variant, period, account, score,
bucket) and the histogram ``standing_buckets`` (places a bucket), kept together by
``place`` in the transaction that changes a score. The figures shown beside a place
come from the board's own table: ``ratings`` (all time), ``weekly``, ``daily``.
A board and period is named by its ``Key``: (board, game, variant, period).
"""

from __future__ import annotations

from typing import Final

from spit.online import boards, names
from spit.online.boards import (
    AllTimeFigures,
    Board,
    BoardEntry,
    DayFigures,
    Figures,
    WeekFigures,
)
from spit.online.database import Row, Transaction
from spit.online.rating import DISPLAY_SCALE, Rating

Key = tuple[str, str, str, str]
"""A board's period: (board, game, variant, period)."""


BUCKETS: Final = "FROM standing_buckets WHERE board = ? AND game = ? AND variant = ? AND period = ?"
"""A board's histogram (four parameters: the board, game, variant, period)."""

_FIGURES_SQL: Final = {
    Board.ALL: "SELECT s.account_id, a.name, s.score, f.mu, f.sigma, f.games, f.wins, f.draws "
    "FROM {places} AS s JOIN accounts AS a ON a.id = s.account_id "
    "JOIN ratings AS f ON f.game = s.game AND f.variant = s.variant "
    "AND f.account_id = s.account_id",
    Board.WEEK: "SELECT s.account_id, a.name, s.score, f.gain, f.games, f.wins "
    "FROM {places} AS s JOIN accounts AS a ON a.id = s.account_id "
    "JOIN weekly AS f ON f.game = s.game AND f.variant = s.variant AND f.week = s.period "
    "AND f.account_id = s.account_id",
    Board.DAY: "SELECT s.account_id, a.name, s.score, f.won, f.points, f.time_ms "
    "FROM {places} AS s JOIN accounts AS a ON a.id = s.account_id "
    "JOIN daily AS f ON f.game = s.game AND f.variant = s.variant AND f.day = s.period "
    "AND f.account_id = s.account_id",
}
"""Each board's places with the figures shown beside them (from the board's own table),
``{places}`` being the standings wanted: the table, or a page of it."""

_PLACES: Final = (
    "(SELECT account_id, game, variant, period, score FROM standings WHERE board = ? "
    "AND game = ? AND variant = ? AND period = ? {below}"
    "ORDER BY score DESC, account_id LIMIT ? OFFSET ?)"
)
"""A page of a board's standings: chosen before the figures are joined to it, so each
database reads the page from the index, in order, and joins 20 rows, never the whole
board's."""


def _entry(board: Board, rank: int, row: Row) -> BoardEntry:
    """A row of ``_FIGURES_SQL`` as a place on the board, its name made safe."""
    account_id, name, _score, *rest = row
    figures: Figures
    if board is Board.ALL:
        mu, sigma, games, wins, draws = rest
        rating = Rating(mu, sigma)
        conservative = round(rating.ordinal * DISPLAY_SCALE)
        figures = AllTimeFigures(rating.shown, rating.spread, conservative, games, wins, draws)
    elif board is Board.WEEK:
        gain, games, wins = rest
        figures = WeekFigures(round(gain * DISPLAY_SCALE), games, wins)
    else:
        won, points, time_ms = rest
        figures = DayFigures(bool(won), points, time_ms)
    return BoardEntry(rank, account_id, names.shown(name, account_id), figures)


async def place(
    tx: Transaction, board: Board, game: str, variant: str, period: str, account: str, score: int
) -> None:
    """Put the account at ``score`` on a board's period, keeping its histogram."""
    key = (board.value, game, variant, period)
    new_bucket = boards.bucket(board, score)
    old = await tx.one(
        "SELECT bucket FROM standings WHERE board = ? AND game = ? AND variant = ? "
        "AND period = ? AND account_id = ?",
        (*key, account),
    )
    if old is None:
        await tx.execute(
            "INSERT INTO standings (board, game, variant, period, account_id, score, bucket) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (*key, account, score, new_bucket),
        )
    else:
        await tx.execute(
            "UPDATE standings SET score = ?, bucket = ? WHERE board = ? AND game = ? "
            "AND variant = ? AND period = ? AND account_id = ?",
            (score, new_bucket, *key, account),
        )
    if old is not None and int(old[0]) == new_bucket:
        return
    if old is not None:
        await tx.execute(
            "UPDATE standing_buckets SET places = places - 1 WHERE board = ? AND game = ? "
            "AND variant = ? AND period = ? AND bucket = ?",
            (*key, int(old[0])),
        )
        await tx.execute(
            "DELETE FROM standing_buckets WHERE board = ? AND game = ? AND variant = ? "
            "AND period = ? AND bucket = ? AND places <= 0",
            (*key, int(old[0])),
        )
    await tx.execute(
        "INSERT INTO standing_buckets (board, game, variant, period, bucket, places) "
        "VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (board, game, variant, period, bucket) "
        "DO UPDATE SET places = standing_buckets.places + 1",
        (*key, new_bucket),
    )


async def page(tx: Transaction, board: Board, key: Key, start: int, size: int) -> list[BoardEntry]:
    """The places from rank ``start + 1`` on. Past the first page, the histogram
    says in which bucket that rank is (the places in the buckets above it), so the
    read starts there rather than counting every place from the top."""
    below, ahead = None, 0  # the places from ``start`` on score below ``below``
    if start > 0:
        found = await tx.one(
            "SELECT bucket, COALESCE(ahead, 0) FROM (SELECT bucket, places, SUM(places) "
            "OVER (ORDER BY bucket DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) "
            f"AS ahead {BUCKETS}) AS h WHERE COALESCE(ahead, 0) + places > ? "
            "ORDER BY bucket DESC LIMIT 1",
            (*key, start),
        )
        if found is None:
            return []
        below, ahead = (int(found[0]) + 1) << boards.BUCKET_SHIFT[board], int(found[1])
    places = _PLACES.format(below="" if below is None else "AND score < ? ")
    rows = await tx.all(
        _FIGURES_SQL[board].format(places=places) + " ORDER BY s.score DESC, s.account_id",
        (*key, *([] if below is None else [below]), size, start - ahead),
    )
    return [_entry(board, start + 1 + i, row) for i, row in enumerate(rows)]


async def viewer(
    tx: Transaction, board: Board, key: Key, account_id: str
) -> tuple[BoardEntry | None, int]:
    """The account's place, and the places on the board. Its rank: the places in
    the buckets above its own, and those ahead of it in its own."""
    row = await tx.one(
        _FIGURES_SQL[board].format(places="standings")
        + " WHERE s.board = ? AND s.game = ? AND s.variant = ? AND s.period = ? "
        "AND s.account_id = ?",
        (*key, account_id),
    )
    if row is None:
        return None, 0
    score = int(row[2])
    bucket = boards.bucket(board, score)
    top = (bucket + 1) << boards.BUCKET_SHIFT[board]
    counts = await tx.one(
        "SELECT (SELECT COUNT(*) FROM standings WHERE board = ? AND game = ? "
        "AND variant = ? AND period = ? AND score >= ? AND score < ? "
        "AND (score > ? OR account_id < ?)), "
        f"(SELECT COALESCE(SUM(places), 0) {BUCKETS} AND bucket > ?), "
        f"(SELECT COALESCE(SUM(places), 0) {BUCKETS})",
        (*key, score, top, score, account_id, *key, bucket, *key),
    )
    assert counts is not None
    within, above, total = (int(n) for n in counts)
    return _entry(board, above + within + 1, row), total
