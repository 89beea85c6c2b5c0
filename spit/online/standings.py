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
from spit.online.database import Param, Row, Transaction
from spit.online.rating import DISPLAY_SCALE, Rating

Key = tuple[str, str, str, str]
"""A board's period: (board, game, variant, period)."""


BUCKETS: Final = "FROM standing_buckets WHERE board = ? AND game = ? AND variant = ? AND period = ?"
"""A board's histogram (four parameters: the board, game, variant, period)."""

_FIGURES_SQL: Final = {
    Board.ALL: "SELECT s.account_id, a.name, s.score, f.mu, f.sigma, f.games, f.wins, f.draws"
    "{extra} FROM {places} AS s JOIN accounts AS a ON a.id = s.account_id "
    "JOIN ratings AS f ON f.game = s.game AND f.variant = s.variant "
    "AND f.account_id = s.account_id",
    Board.WEEK: "SELECT s.account_id, a.name, s.score, f.gain, f.games, f.wins"
    "{extra} FROM {places} AS s JOIN accounts AS a ON a.id = s.account_id "
    "JOIN weekly AS f ON f.game = s.game AND f.variant = s.variant AND f.week = s.period "
    "AND f.account_id = s.account_id",
    Board.DAY: "SELECT s.account_id, a.name, s.score, f.won, f.points, f.time_ms"
    "{extra} FROM {places} AS s JOIN accounts AS a ON a.id = s.account_id "
    "JOIN daily AS f ON f.game = s.game AND f.variant = s.variant AND f.day = s.period "
    "AND f.account_id = s.account_id",
}
"""Each board's places with the figures shown beside them (from the board's own table):
``{places}`` is the standings wanted (the table, or a page of it), ``{extra}`` more
columns (the viewer's places ahead)."""

_PLACES: Final = (
    "(SELECT account_id, game, variant, period, score FROM standings WHERE board = ? "
    "AND game = ? AND variant = ? AND period = ? {below}"
    "ORDER BY score DESC, account_id LIMIT ? OFFSET ?{skip})"
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


Statement = tuple[str, tuple[Param, ...]]


async def read(
    tx: Transaction, board: Board, key: Key, start: int, size: int, viewer: str | None
) -> tuple[list[BoardEntry], BoardEntry | None, int]:
    """A page (the places from rank ``start + 1`` on), ``viewer``'s place, and the
    number of places: three statements that need nothing of each other, sent together
    (one trip to SQLite's thread, or to PostgreSQL)."""
    statements = [
        _page(board, key, start, size),
        (f"SELECT COALESCE(SUM(places), 0) {BUCKETS}", key),
    ]
    if viewer is not None:
        statements.append(_viewer(board, key, viewer))
    page, (total,), *mine = await tx.together(statements)
    entries = [_entry(board, start + 1 + i, row) for i, row in enumerate(page)]
    own = None
    if mine and mine[0]:
        *figures, ahead = mine[0][0]
        own = _entry(board, int(ahead) + 1, tuple(figures))
    return entries, own, int(total[0])


def _page(board: Board, key: Key, start: int, size: int) -> Statement:
    """The places from rank ``start + 1`` on. Past the first page, the histogram says
    in which bucket that rank is (``start_at``: the first bucket whose places, added
    to those above it, pass ``start``), and the page is read from that bucket's top
    score down, skipping only the places of that bucket ahead of the rank, rather
    than counting every place from the top."""
    shift = boards.BUCKET_SHIFT[board]
    if start == 0:
        places = _PLACES.format(below="", skip="")
        return (
            _FIGURES_SQL[board].format(places=places, extra="")
            + " ORDER BY s.score DESC, s.account_id",
            (*key, size, 0),
        )
    return (
        "WITH start_at AS (SELECT bucket, ahead FROM (SELECT bucket, places, "
        "COALESCE(SUM(places) OVER (ORDER BY bucket DESC "
        "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS ahead "
        f"{BUCKETS}) AS h WHERE ahead + places > ? ORDER BY bucket DESC LIMIT 1) "
        + _FIGURES_SQL[board].format(
            places=_PLACES.format(
                below=f"AND score < (SELECT (bucket + 1) << {shift} FROM start_at) ",
                skip=" - COALESCE((SELECT ahead FROM start_at), 0)",  # none: past the end
            ),
            extra="",
        )
        + " ORDER BY s.score DESC, s.account_id",
        (*key, start, *key, size, start),
    )


def _viewer(board: Board, key: Key, account_id: str) -> Statement:
    """The account's place and, last, the places ahead of it: those in the buckets
    above its own, and those ahead of it in its own (by score, then account id)."""
    shift = boards.BUCKET_SHIFT[board]
    ahead = (
        "(SELECT COALESCE(SUM(b.places), 0) FROM standing_buckets AS b WHERE b.board = s.board "
        "AND b.game = s.game AND b.variant = s.variant AND b.period = s.period "
        "AND b.bucket > s.bucket) + "
        "(SELECT COUNT(*) FROM standings AS o WHERE o.board = s.board AND o.game = s.game "
        "AND o.variant = s.variant AND o.period = s.period AND o.score >= s.score "
        f"AND o.score < (s.bucket + 1) << {shift} "
        "AND (o.score > s.score OR o.account_id < s.account_id))"
    )
    return (
        _FIGURES_SQL[board].format(places="standings", extra=f", {ahead}")
        + " WHERE s.board = ? AND s.game = ? AND s.variant = ? AND s.period = ? "
        "AND s.account_id = ?",
        (*key, account_id),
    )
