"""The statistics database: one SQLite file beside the replays, kept up to date.

The database is never the only copy of anything: every row is worked out from a replay
file. So when the file is missing, is not a SQLite database, is corrupt, or holds a
schema this program does not know (a newer one, or someone else's), ``StatsDB.open``
moves it aside (``stats.sqlite3.damaged-<time>``), starts a new one, fills it from the
replays and says so in ``notice`` for the user interface to show.

No finished game is ever missing. Every open reconciles the database with the replays
folder: the ``files`` table remembers each replay read (its size and modification
time, and what it held), so an open reads only the files that are new or changed since
(a game whose recording failed, a Spades game, a game played by another copy of the
program). Recording a game retries while another program holds the database; if it
still cannot, the next open adds the game. One file that cannot be used, for whatever
reason, is counted and named in the report and never stops the others.

Two games may run at once, each with its own ``StatsDB`` on the same file: the file is
in WAL mode (readers never wait for a writer), every connection waits up to
``BUSY_TIMEOUT_S`` for a lock rather than failing, and writes are short transactions:
a game's figures are worked out before its transaction starts. A game is stored once,
under its ``game_key`` (its deals and inputs); of two copies the sealed one is kept.

A database that cannot be written (a read-only file or folder, a read-only file
system) is still read: it is opened read-only (``mode=ro``, or ``immutable`` where
even the lock files cannot be made), copied into memory and reconciled there, and
``notice`` says that new games cannot be recorded; ``record_game`` then raises
``StatsUnavailable``.

A ``StatsDB`` may be used from several threads (e.g. a UI worker recording a game);
calls are serialised. Errors other than those ``open`` handles (a full disk, a file
made unreadable while open) come out as ``sqlite3.Error``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from pathlib import Path
from typing import Final, TypeVar

from spit.core.replay.closing import Closing
from spit.core.replay.seal import Seal
from spit.core.safe_text import safe_path, safe_text
from spit.games.files import replay_files
from spit.paths import data_dir, replays_dir
from spit.stats import challenges, queries, rating, schema
from spit.stats.challenges import DailyStatus, LadderStatus
from spit.stats.queries import (
    CpmPoint,
    LevelBests,
    LevelResults,
    ModeResults,
    NewBest,
    PersonalBests,
    Rivalry,
)
from spit.stats.rating import RatedGame, Rating
from spit.stats.story import Story, game_story
from spit.stats.summary import GameSummary, Mode, summarize
from spit.stats.walk import LeftDaily, UnusableReplay

DB_NAME: Final = "stats.sqlite3"
BUSY_TIMEOUT_S: Final = 10.0
"""How long a connection waits for another program's write before giving up."""
RECORD_ATTEMPTS: Final = 3
"""Tries ``record_game`` makes, each waiting out the busy timeout, before it leaves the
game to the next open."""
RETRY_PAUSE_S: Final = 0.5

_ATTEMPTS: Final = 3
"""Tries to open a database another program keeps replacing (both found it damaged)."""
_DAMAGE: Final = {"SQLITE_NOTADB": "it is not a SQLite database", "SQLITE_CORRUPT": "it is corrupt"}
"""Errors (by name, or prefix of an extended name) that mean the file itself is bad, as
opposed to a lock, a permission or a full disk."""
_READ_ONLY: Final = ("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH", "SQLITE_CANTOPEN")
"""Errors that mean the database may be read but not written."""
_NO_WRITE: Final = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})

T = TypeVar("T")


def default_path() -> Path:
    return data_dir() / DB_NAME


class StatsUnavailable(Exception):
    """The database can be neither opened nor made (no permission, a directory in its
    place, a full disk), or cannot be written; the message says why, for the user."""


class StatsBusy(StatsUnavailable):
    """Another program held the database for longer than ``record_game`` waits; the
    game is added at the next open."""


class _Damaged(Exception):
    """The file is not a usable statistics database; the message says why."""


class _ReadOnly(Exception):
    """The database (or its folder) can be read but not written; the message says why."""


class Outcome(StrEnum):
    """What a replay file held, as the ``files`` table remembers it."""

    GAME = "game"
    """A finished game (stored, or a copy of one stored)."""
    UNFINISHED = challenges.UNFINISHED
    INVALID = "invalid"


@dataclass(slots=True)
class RebuildReport:
    """What reading the replays folder found (only the files new or changed since the
    last open, unless it was a rebuild)."""

    recorded: int = 0
    """Games stored."""
    duplicates: int = 0
    """Files holding a game already stored (copies of one game)."""
    unfinished: int = 0
    """Valid replays of games that were not played to their end."""
    invalid: int = 0
    """Files that cannot be read or do not re-simulate; see ``errors``."""
    errors: list[str] = field(default_factory=list)
    """``"<file name>: <reason>"`` for each invalid file, safe to show."""
    interrupted: str | None = None
    """Why the reading stopped before the last file (the database was busy), if it did."""

    def describe(self) -> str:
        """``12 saved games`` plus what was skipped, for a notice."""
        text = f"{self.recorded} saved game{'' if self.recorded == 1 else 's'}"
        skipped = [
            f"{n} {what}"
            for n, what in ((self.unfinished, "unfinished"), (self.invalid, "invalid"))
            if n
        ]
        if skipped:
            text += f" ({' and '.join(skipped)} skipped)"
        if self.duplicates:
            copies = "copy" if self.duplicates == 1 else "copies"
            text += f"; {self.duplicates} {copies} of a game counted once"
        return text


class StatsDB(Closing):
    """The statistics of every finished game. Make one with ``open``."""

    def __init__(
        self, conn: sqlite3.Connection, path: Path, replays: Path, *, writable: bool = True
    ) -> None:
        self.path = path
        self.replays = replays
        """Where ``open`` reconciles from, and ``rebuild_from_replays`` by default."""
        self.writable = writable
        """``False``: read from a database that cannot be written (held in memory)."""
        self.notice: str | None = None
        """What ``open`` had to do (rebuild a missing or damaged database, read one that
        cannot be written, stop early on a busy one), for the user; ``None`` when it
        simply opened."""
        self.report = RebuildReport()
        """What ``open`` found in the replays folder that the database did not have."""
        self._conn = conn
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: Path | None = None, *, replays: Path | None = None) -> StatsDB:
        """Open the database at ``path`` (default ``data_dir() / "stats.sqlite3"``),
        creating or migrating it, rebuilding it when it was damaged, and adding every
        game in ``replays`` (default ``replays_dir()``) it does not hold yet. Raises
        ``StatsUnavailable`` when no database can be had at all."""
        path = path or default_path()
        replays = replays or replays_dir()
        damage: str | None = None
        moved: Path | None = None
        try:
            for _ in range(_ATTEMPTS):
                seen = _identity(path)
                try:
                    conn, created = _connect(path)
                    break
                except _Damaged as err:
                    if _identity(path) != seen:
                        continue  # another program replaced it meanwhile: look again
                    damage = str(err)
                    moved = _move_aside(path) or moved
            else:
                raise StatsUnavailable(
                    f"The statistics database {safe_path(path)} is damaged ({damage})."
                )
        except _ReadOnly as err:
            return cls._open_read_only(path, replays, str(err))
        db = cls(conn, path, replays)
        report = db.report = db._reconcile(replays)
        db.notice = _busy_notice(report) or (
            _rebuilt_notice(report, damage, moved) if created else None
        )
        return db

    @classmethod
    def peek(cls, path: Path | None = None) -> StatsDB | None:
        """The database at ``path`` (default ``default_path()``) as it is, read into
        memory, for a glance such as the menu's: not made, migrated on disk, nor
        reconciled with the replays, so that only the Statistics screen (``open``) ever
        rebuilds it, and says so. ``None`` when there is no database yet."""
        path = path or default_path()
        if not path.is_file():
            return None
        return cls(_memory_copy(path), path, replays_dir(), writable=False)

    @classmethod
    def _open_read_only(cls, path: Path, replays: Path, reason: str) -> StatsDB:
        """The database at ``path`` copied into memory (empty if it cannot be read) and
        reconciled with ``replays`` there: nothing is written to the file."""
        conn = _memory_copy(path)
        db = cls(conn, path, replays, writable=False)
        db.report = db._reconcile(replays)
        db.notice = (
            f"The statistics database {safe_path(path)} cannot be written ({reason}). "
            "These figures are read from it and from your replays; new games cannot be "
            "recorded until it can be written."
        )
        return db

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    # -- writing -------------------------------------------------------------------

    def record_game(self, replay_path: str | os.PathLike[str]) -> GameSummary | None:
        """Store the game in the replay at ``replay_path`` if it is a finished, valid
        game, and return its summary; ``None`` (and nothing stored) otherwise. Storing
        a game already stored changes nothing and returns its summary again.

        Retries while another program holds the database; raises ``StatsBusy`` if it
        still cannot (the next ``open`` adds the game), and ``StatsUnavailable`` for a
        database that cannot be written."""
        if not self.writable:
            raise StatsUnavailable(
                f"The statistics database {safe_path(self.path)} cannot be written: this "
                "game will be counted once it can be."
            )
        path = Path(replay_path)
        try:
            info = path.stat()
        except OSError:
            info = None
        known = None if info is None else self._known_game(path, info)
        if known is not None:
            return known  # read as it is now already (by this open, or an earlier one)
        try:
            summary = summarize(path)
        except UnusableReplay:
            return None
        self._retrying(lambda: self._store(path, info, Outcome.GAME, summary, rate=True))
        return summary

    def _known_game(self, path: Path, info: os.stat_result) -> GameSummary | None:
        """The stored game of the file at ``path``, if it was read as it is now."""
        with self._lock:
            row = self._conn.execute(
                "SELECT game_key FROM files WHERE path = ? AND stamp = ? AND outcome = ?",
                (_path_key(path), _stamp(info), Outcome.GAME.value),
            ).fetchone()
            return None if row is None else queries.game_by_key(self._conn, row[0])

    def rebuild_from_replays(self, directory: Path | None = None) -> RebuildReport:
        """Empty the database and fill it again from every replay in ``directory``
        (default: ``replays``), skipping unfinished and invalid files."""
        with self._write() as conn:
            conn.execute("DELETE FROM ratings")
            conn.execute("DELETE FROM players")
            conn.execute("DELETE FROM games")
            conn.execute("DELETE FROM files")
        return self._reconcile(directory or self.replays)

    # -- reading -------------------------------------------------------------------

    def recent_games(self, limit: int = 20, *, mode: Mode | None = None) -> list[GameSummary]:
        """The last ``limit`` games by start time (all if ``limit`` < 0), newest first
        (of ``mode`` only, if given)."""
        with self._lock:
            return queries.recent_games(self._conn, limit, mode)

    def results_by_mode(self) -> list[ModeResults]:
        """Every finished game counted by game, mode and bot level."""
        with self._lock:
            return queries.results_by_mode(self._conn)

    def level_results(self, game: str) -> list[LevelResults]:
        """The human's games of ``game`` against each bot level: scores, rounds, and
        the game's own figures (``GameStats.seat``'s), summed."""
        with self._lock:
            return queries.level_results(self._conn, game)

    def personal_bests(self, level: str | None = None, variant: str | None = None) -> PersonalBests:
        """The human's bests in the counted games against the bots of the games that
        count their plays (``queries.playing_games``) (sealed, each
        the first of its deal; against ``level`` and in ``variant`` only, if given)."""
        with self._lock:
            return queries.personal_bests(self._conn, level, variant)

    def bests_by_level(self) -> list[LevelBests]:
        """The bests against each bot level in each variant played."""
        with self._lock:
            return queries.bests_by_level(self._conn)

    def why_not_counted(self, game: GameSummary) -> str | None:
        """Why the stored ``game`` counts for no rating or best; ``None`` if it counts."""
        with self._lock:
            return queries.why_not_counted(self._conn, game)

    def new_bests(self, game: GameSummary) -> list[NewBest]:
        """The records the stored ``game`` broke (``queries.new_bests``)."""
        with self._lock:
            return queries.new_bests(self._conn, game)

    # -- ratings (``spit.stats.rating``) ---------------------------------------------

    def your_name(self, game: str | None = None) -> str | None:
        """The name whose rating is "yours": the player of the latest rated bot game
        of ``game`` (``None``: of any game)."""
        with self._lock:
            return rating.your_name(self._conn, game)

    def your_game(self) -> str | None:
        """The game of the latest rated game against a bot."""
        with self._lock:
            return rating.your_game(self._conn)

    def rating_history(
        self, name: str, limit: int = rating.HISTORY, game: str | None = None
    ) -> list[RatedGame]:
        """The last ``limit`` rated games of ``game`` (``None``: the game of the
        latest) of ``name``, oldest first."""
        with self._lock:
            return rating.history(self._conn, name, limit, game)

    def ratings(self, game: str | None = None) -> list[tuple[str, Rating, int]]:
        """Everyone rated in ``game``: latest name, rating, rated games; best first."""
        with self._lock:
            return rating.everyone(self._conn, game)

    def rating_changes(self, game: GameSummary) -> list[RatedGame]:
        """How the stored ``game`` moved each person's rating, by seat."""
        with self._lock:
            return rating.of_game(self._conn, game.game_key)

    def cpm_trend(self, limit: int = 20) -> list[CpmPoint]:
        """The human's cards per minute in the last ``limit`` games against a bot of
        the games that count their plays, oldest first."""
        with self._lock:
            return queries.cpm_trend(self._conn, limit)

    def head_to_head(self) -> list[Rivalry]:
        """Each pair of names that played a game on one keyboard, most recent first."""
        with self._lock:
            return queries.head_to_head(self._conn)

    def rivalry_of(self, game: GameSummary) -> Rivalry | None:
        """The head-to-head of the two names that played ``game``, if it was between
        two people of different names on one keyboard."""
        if game.mode is not Mode.TWO_PLAYERS:
            return None
        folded = sorted(p.name.casefold() for p in game.players)
        for rivalry in self.head_to_head():
            names = sorted(name.casefold() for name in rivalry.names)
            if rivalry.game == game.game and names == folded:
                return rivalry
        return None

    def not_sealed(self, limit: int = 20) -> tuple[list[GameSummary], int]:
        """The latest ``limit`` games whose file is unsealed or edited, newest first,
        and how many there are in all."""
        with self._lock:
            return queries.not_sealed(self._conn, limit)

    def unusable(self, directory: Path | None = None) -> list[tuple[str, str]]:
        """The replays in ``directory`` (default: ``replays``) that hold no usable game
        (unreadable, invalid, or an error reading them), as ``(file name, why)``, safe
        to show, by name."""
        folder = _path_key(directory or self.replays)
        with self._lock:
            rows = self._conn.execute(
                "SELECT path, problem FROM files WHERE outcome = ?", (Outcome.INVALID.value,)
            ).fetchall()
        found = [
            (safe_path(os.fsdecode(os.path.basename(key))), safe_text(problem or "unusable"))
            for key, problem in ((bytes(row[0]), row[1]) for row in rows)
            if os.path.dirname(key) == folder
        ]
        return sorted(found)

    # -- the day's deal and the ladder (``spit.stats.challenges``) -----------------

    def daily_status(self, day: date) -> DailyStatus:
        """The deal of ``day``: games of it, its counted attempt, the streak of days won."""
        with self._lock:
            return challenges.daily_status(self._conn, day)

    def ladder_status(self) -> LadderStatus:
        """The ladder's step for the next game, and the highest step reached."""
        with self._lock:
            return challenges.ladder_status(self._conn)

    @staticmethod
    def game_story(replay_path: str | os.PathLike[str]) -> Story:
        """Both players' cards over the game, from its replay (never stored). Raises
        ``UnusableReplay`` for a file that cannot be read or re-simulated."""
        return game_story(replay_path)

    # -- internals -----------------------------------------------------------------

    def _reconcile(self, directory: Path) -> RebuildReport:
        """Read every replay in ``directory`` that is new or changed since it was last
        read, and store what it holds."""
        report = RebuildReport()
        try:
            files = _replay_files(directory)
        except OSError as err:
            report.invalid = 1
            report.errors.append(f"{safe_path(directory)}: {safe_text(err.strerror or err)}")
            return report
        with self._lock:
            known = {
                bytes(row[0]): row[1] for row in self._conn.execute("SELECT path, stamp FROM files")
            }
        present: set[bytes] = set()
        for file, info in files:
            key = _path_key(file)
            present.add(key)
            if known.get(key) == _stamp(info):
                continue
            outcome, found = _read(file, report)
            try:
                stored = self._store(file, info, outcome, found, rate=False)
            except sqlite3.OperationalError as err:
                if not _busy(err):
                    raise
                report.interrupted = (
                    "the statistics database is busy (another program is writing to it)"
                )
                break
            if stored is not None:
                if stored:
                    report.recorded += 1
                else:
                    report.duplicates += 1
        self._rerate(report)
        if report.interrupted is None:
            self._forget_gone(directory, set(known) - present)
        return report

    def _rerate(self, report: RebuildReport) -> None:
        """Fold the ratings again after games were stored out of order (a reading of
        the folder): once for the lot, not once a game. A busy database keeps the old
        ratings, and the next open folds them. A database without a rating yet is
        folded too: one just migrated may hold games whose replays are gone."""
        with self._lock:
            unrated = rating.unrated(self._conn)
        if report.recorded or report.duplicates or unrated:
            with contextlib.suppress(sqlite3.OperationalError), self._write() as conn:
                rating.rebuild(conn)

    def _forget_gone(self, directory: Path, gone: set[bytes]) -> None:
        """Drop the ``files`` rows of replays no longer in ``directory`` (their games
        stay: the statistics are a history)."""
        folder = _path_key(directory)
        stale = [(key,) for key in gone if os.path.dirname(key) == folder]
        if stale:
            with contextlib.suppress(sqlite3.OperationalError), self._write() as conn:
                conn.executemany("DELETE FROM files WHERE path = ?", stale)

    def _store(
        self,
        path: Path,
        info: os.stat_result | None,
        outcome: Outcome,
        found: GameSummary | _Problem | None,
        *,
        rate: bool,
    ) -> bool | None:
        """Remember what the file at ``path`` held and store its game (rating it, if
        ``rate``); whether the game was new (``None`` if it held none)."""
        with self._write() as conn:
            stored = _insert(conn, found, rate=rate) if isinstance(found, GameSummary) else None
            left = found.left_daily if isinstance(found, _Problem) else None
            if info is not None:
                conn.execute(
                    "INSERT OR REPLACE INTO files (path, stamp, outcome, game_key, problem, "
                    "daily_day, started) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        _path_key(path),
                        _stamp(info),
                        outcome.value,
                        found.game_key if isinstance(found, GameSummary) else None,
                        found.text if isinstance(found, _Problem) else None,
                        None if left is None else left.day.isoformat(),
                        None if left is None else left.started.isoformat(timespec="seconds"),
                    ),
                )
            return stored

    def _retrying(self, write: Callable[[], T]) -> T:
        for attempt in range(RECORD_ATTEMPTS):
            try:
                return write()
            except sqlite3.OperationalError as err:
                if not _busy(err):
                    raise
                if attempt + 1 < RECORD_ATTEMPTS:
                    time.sleep(RETRY_PAUSE_S * (attempt + 1))
        raise StatsBusy(
            "The statistics database is busy: another program has held it for too long. "
            "This game will be added the next time the statistics are opened."
        )

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction, taking the write lock at once (``IMMEDIATE``)
        so that it never has to be retried halfway."""
        with self._lock:
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")


def head_to_head_line(replay_path: Path) -> str | None:
    """``Ann leads Bob 3-2`` for the result of the two-player game in
    ``replay_path``, counting it (it is recorded first, if it is not yet); ``None`` for
    any other game, or when the statistics cannot be had."""
    try:
        with StatsDB.open(replays=replay_path.parent) as db:
            game = summarize(replay_path) if not db.writable else db.record_game(replay_path)
            rivalry = None if game is None else db.rivalry_of(game)
    except (StatsUnavailable, UnusableReplay, sqlite3.Error, OSError, ValueError):
        return None
    return None if rivalry is None else rivalry.describe()


def your_rating(path: Path | None = None) -> RatedGame | None:
    """Your latest rated game (``StatsDB.your_name``'s), with the rating after it, for
    the menu; ``None`` before the first, or when the database cannot be read.

    The database at ``path`` (default ``default_path()``) is only read, as it is: not
    made, migrated or reconciled with the replays, so that a glance at the menu writes
    nothing and leaves it to the Statistics screen to say that it had to be rebuilt.
    A game is in it by then (the game screen records it as it ends)."""
    path = path or default_path()
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
    except (sqlite3.Error, OSError):
        return None
    try:
        conn.text_factory = _text
        name = rating.your_name(conn)
        history = [] if name is None else rating.history(conn, name, 1)
    except (sqlite3.Error, ValueError):  # an older schema, a damaged file: no line
        return None
    finally:
        conn.close()
    return history[-1] if history else None


@dataclass(frozen=True, slots=True)
class GameNews:
    """What a finished game did to the records and the ratings, for its result."""

    not_counted: str | None
    """Why it counts for nothing (``queries.why_not_counted``); ``None`` if it counts."""
    new_bests: list[NewBest]
    ratings: list[RatedGame]
    """Each rated person's change, by seat (none against a bot of no known level)."""


def game_news(replay_path: Path) -> GameNews | None:
    """The records broken and the ratings moved by the game in ``replay_path``
    (recorded first, if it is not yet); ``None`` for a game of bots only, or when the
    statistics cannot be had or not be written (the game is not in them yet)."""
    try:
        with StatsDB.open(replays=replay_path.parent) as db:
            game = db.record_game(replay_path) if db.writable else None
            if game is None or game.mode is Mode.BOT_VS_BOT:
                return None
            why = db.why_not_counted(game)
            return GameNews(why, db.new_bests(game), db.rating_changes(game))
    except (StatsUnavailable, UnusableReplay, sqlite3.Error, OSError, ValueError):
        return None


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    """A finished game of a challenge with where it leaves the player."""

    game: GameSummary
    daily: DailyStatus | None
    """For a daily game: its day's status (whether this game is the counted one)."""
    ladder: LadderStatus | None


def challenge_result(replay_path: Path, today: date) -> ChallengeResult | None:
    """The game in ``replay_path`` (recorded first, if it is not yet) and the status of
    its challenge as of ``today``; ``None`` for a game of no challenge, or when the
    statistics cannot be had."""
    try:
        with StatsDB.open(replays=replay_path.parent) as db:
            game = summarize(replay_path) if not db.writable else db.record_game(replay_path)
            found = None if game is None else game.challenge
            if game is None or found is None:
                return None
            daily = db.daily_status(found.day) if found.day is not None else None
            ladder = db.ladder_status() if found.step is not None else None
    except (StatsUnavailable, UnusableReplay, sqlite3.Error, OSError, ValueError):
        return None
    return ChallengeResult(game, daily, ladder)


_SEAL_RANK: Final = {Seal.SEALED.value: 2, Seal.UNSEALED.value: 1, Seal.EDITED.value: 0}
"""Of two copies of a game, the one ranked higher is kept."""


def _insert(conn: sqlite3.Connection, game: GameSummary, *, rate: bool) -> bool:
    """Store ``game`` unless a copy as trustworthy is there already (a sealed copy
    replaces an unsealed or edited one), and rate it if ``rate``; whether it is a game
    not stored before."""
    row = conn.execute("SELECT id, seal FROM games WHERE game_key = ?", (game.game_key,))
    existing = row.fetchone()
    if existing is not None:
        if _SEAL_RANK.get(existing[1], 0) >= _SEAL_RANK[game.seal.value]:
            return False
        conn.execute("DELETE FROM games WHERE id = ?", (existing[0],))
    cursor = conn.execute(
        "INSERT INTO games (game_key, game, seal, final_hash, replay_path, started, mode, "
        "human_seat, opponent_level, variant, winner, rounds, duration_ms, playing_ms, "
        "active_ms, forfeit, deal_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.game_key,
            game.game,
            game.seal.value,
            game.final_hash,
            queries.path_text(game.replay_path),
            game.started.isoformat(timespec="seconds"),
            game.mode.value,
            game.human_seat,
            game.opponent_level,
            game.variant,
            game.winner,
            game.rounds,
            game.duration_ms,
            game.playing_ms,
            game.active_ms,
            int(game.forfeit),
            game.deal_key,
        ),
    )
    challenges.store(conn, cursor.lastrowid, game)
    conn.executemany(
        "INSERT INTO players (game_id, seat, kind, name, level, won, cards_played, "
        "cards_per_minute, reaction_ms, reactions, rejected, fastest_run, too_slow, score, "
        "bids, bids_made, nils, nils_made) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                cursor.lastrowid,
                p.seat,
                p.kind,
                p.name,
                p.level,
                p.won,
                p.cards_played,
                p.cards_per_minute,
                p.reaction_ms,
                p.reactions,
                p.rejected,
                p.fastest_run,
                p.too_slow,
                p.score,
                p.bids,
                p.bids_made,
                p.nils,
                p.nils_made,
            )
            for p in game.players
        ],
    )
    if rate and cursor.lastrowid is not None:
        rating.update(conn, cursor.lastrowid)
    return existing is None


@dataclass(frozen=True, slots=True)
class _Problem:
    """Why a file holds no game to store, as ``files.problem`` keeps it; and, for a
    game of a day's deal left unfinished, its day and start (``files.daily_day``)."""

    text: str
    left_daily: LeftDaily | None = None


def _read(file: Path, report: RebuildReport) -> tuple[Outcome, GameSummary | _Problem]:
    """What the replay ``file`` holds, counted in ``report``: its game, or why not.
    Whatever goes wrong with one file (an unreadable time, a damaged line, an error of
    ours) is that file's problem only."""
    try:
        return Outcome.GAME, summarize(file)
    except UnusableReplay as err:
        if err.unfinished:
            report.unfinished += 1
            return Outcome.UNFINISHED, _Problem(safe_text(err), err.left_daily)
        problem = safe_text(err)
    except Exception as err:  # one file must never stop the others
        problem = f"cannot be used ({safe_text(type(err).__name__)}: {safe_text(err)})"
    report.invalid += 1
    report.errors.append(f"{safe_path(file.name)}: {problem}")
    return Outcome.INVALID, _Problem(problem)


def _replay_files(directory: Path) -> list[tuple[Path, os.stat_result]]:
    """``spit.games.files.replay_files``, with a folder that is a file counted as empty."""
    try:
        return replay_files(directory)
    except NotADirectoryError:
        return []


def _path_key(path: Path) -> bytes:
    """A file's key in ``files``: its absolute path as the file system spells it."""
    return os.fsencode(os.path.abspath(path))


def _stamp(info: os.stat_result) -> str:
    """A file's size and modification time: a change to either means it is read again.
    Text, since a file system may hold a time SQLite's integers cannot."""
    return f"{info.st_size}:{info.st_mtime_ns}"


def _busy(err: sqlite3.OperationalError) -> bool:
    name = getattr(err, "sqlite_errorname", "")
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _busy_notice(report: RebuildReport) -> str | None:
    if report.interrupted is None:
        return None
    return (
        f"Some games may be missing from the statistics: {report.interrupted}. They "
        "will be added the next time the statistics are opened."
    )


def _rebuilt_notice(report: RebuildReport, damage: str | None, moved: Path | None) -> str | None:
    if damage is not None:
        kept = f"; the damaged file was kept as {moved.name}" if moved else ""
        return (
            f"The statistics database could not be used ({damage}). It was rebuilt "
            f"from {report.describe()}{kept}."
        )
    if report.recorded or report.invalid or report.unfinished:
        # a first open (a new install, a new version) more often than a lost file:
        # information, not an error
        return f"Statistics made from the games in your replays folder: {report.describe()}."
    return None


def _connect(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A connection to a usable, up-to-date, writable database at ``path``, and
    whether it was made just now (it was missing, or empty). Raises ``_Damaged``,
    ``_ReadOnly`` or ``StatsUnavailable``."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
        )
    except OSError as err:
        if err.errno in _NO_WRITE:
            raise _ReadOnly(_reason(err)) from None
        raise StatsUnavailable(_cannot_open(path, err)) from None
    except sqlite3.Error as err:
        if _read_only(err, path):
            raise _ReadOnly(_reason(err)) from None
        raise StatsUnavailable(_cannot_open(path, err)) from None
    _configure(conn)
    try:
        _use_wal(conn)  # the first read: a non-database fails here
        conn.execute("PRAGMA synchronous = NORMAL")  # WAL: durable enough, much faster
        if [tuple(row) for row in conn.execute("PRAGMA integrity_check")] != [("ok",)]:
            raise _Damaged("it is corrupt")
        created = schema.migrate(conn) == 0
        schema.check(conn)
        queries.recent_games(conn, -1, None)  # every record still reads back
        _check_writable(conn)
    except schema.SchemaError as err:
        conn.close()
        raise _Damaged(str(err)) from None
    except sqlite3.DatabaseError as err:
        conn.close()
        name = getattr(err, "sqlite_errorname", "")
        for prefix, reason in _DAMAGE.items():
            if name.startswith(prefix):
                raise _Damaged(reason) from None
        if _read_only(err, path):
            raise _ReadOnly(_reason(err)) from None
        raise StatsUnavailable(_cannot_open(path, err)) from None
    except UnicodeDecodeError:  # SQLite's message quotes the damaged schema's text
        conn.close()
        raise _Damaged("it is corrupt") from None
    except (ValueError, LookupError):  # a record that does not read back
        conn.close()
        raise _Damaged("some of its records are damaged") from None
    except BaseException:
        conn.close()
        raise
    return conn, created


def _configure(conn: sqlite3.Connection) -> sqlite3.Connection:
    conn.text_factory = _text  # damaged text must not raise UnicodeDecodeError
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _check_writable(conn: sqlite3.Connection) -> None:
    """Raise ``sqlite3.OperationalError`` (``SQLITE_READONLY``) unless the database
    can be written: SQLite opens a file it may not write read-only without a word,
    and says so only at the first write. The test writes nothing (it is rolled back)
    and does not wait: a database another program is writing is writable."""
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as err:
        if not _busy(err):
            raise
    else:
        try:
            conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
        finally:
            conn.execute("ROLLBACK")
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")


def _read_only(err: sqlite3.Error, path: Path) -> bool:
    """Whether ``err`` means the database can be read but not written (or not made),
    rather than that something else is in its place."""
    name = getattr(err, "sqlite_errorname", "")
    return name.startswith(_READ_ONLY) and not path.is_dir()


def _reason(err: Exception) -> str:
    if isinstance(err, OSError):
        return safe_text(err.strerror or err)
    if getattr(err, "sqlite_errorname", "").startswith(_READ_ONLY):
        return f"it or its folder is read-only: {safe_text(err)}"
    return safe_text(err)


def _memory_copy(path: Path) -> sqlite3.Connection:
    """An up-to-date database in memory, holding what the file at ``path`` holds if it
    can be read without writing to it (``immutable`` when it has no WAL file, else
    ``mode=ro``, each the other's fallback); an empty one otherwise."""
    # Without a WAL file, there is nothing but the file to read: ``immutable`` reads it
    # without making the lock files ``mode=ro`` makes (and cannot remove).
    ways = ("mode=ro", "mode=ro&immutable=1")
    if not Path(f"{path}-wal").exists():
        ways = ways[::-1]
    for query in ways:
        memory = _configure(
            sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        )
        try:
            source = sqlite3.connect(f"{path.resolve().as_uri()}?{query}", uri=True)
            try:
                source.backup(memory)
            finally:
                source.close()
            schema.migrate(memory)
            schema.check(memory)
            queries.recent_games(memory, -1, None)
        except (
            OSError,
            sqlite3.Error,
            schema.SchemaError,
            UnicodeDecodeError,
            ValueError,
            LookupError,
        ):
            memory.close()
            continue
        return memory
    memory = _configure(sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False))
    schema.migrate(memory)
    return memory


def _use_wal(conn: sqlite3.Connection) -> None:
    """Put the database in WAL mode. Switching a new file to WAL needs it to itself,
    and SQLite answers "database is locked" at once, without waiting out the busy
    timeout, when another program is opening it at that moment (both found it new):
    so wait here, in short steps, up to ``BUSY_TIMEOUT_S``."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    pause = 0.005
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as err:
            busy = getattr(err, "sqlite_errorname", "").startswith("SQLITE_BUSY")
            if not busy or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _cannot_open(path: Path, err: Exception) -> str:
    return f"The statistics database {safe_path(path)} cannot be opened: {_reason(err)}"


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def _move_aside(path: Path) -> Path | None:
    """Rename the damaged file and its WAL files (a new database must not pick up the
    old one's WAL) to ``<name>.damaged-<time>``; ``None`` if another program already
    did. Raises ``_ReadOnly`` or ``StatsUnavailable`` if it cannot be moved."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
    try:
        os.replace(path, target)
    except FileNotFoundError:
        return None
    except OSError as err:
        if err.errno in _NO_WRITE:
            raise _ReadOnly(f"it is damaged and cannot be moved aside: {_reason(err)}") from None
        raise StatsUnavailable(_cannot_open(path, err)) from None
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.replace(f"{path}{suffix}", f"{target}{suffix}")
    return target
