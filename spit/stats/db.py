"""The statistics database: one SQLite file beside the replays, kept up to date.

The database is never the only copy of anything: every row is worked out from a replay
file. So when the file is missing, is not a SQLite database, is corrupt, or holds a
schema this program does not know (a newer one, or someone else's), ``StatsDB.open``
moves it aside (``stats.sqlite3.damaged-<time>``), starts a new one, fills it from the
replays and says so in ``notice`` for the user interface to show.

Two games may run at once, each with its own ``StatsDB`` on the same file: the file is
in WAL mode (readers never wait for a writer), every connection waits up to
``BUSY_TIMEOUT_S`` for a lock rather than failing, and writes are short transactions:
a game's figures are worked out before its transaction starts. A game is stored once,
under its ``game_key``, with ``INSERT OR IGNORE``, so two programs recording the same
game store it once and neither fails.

A ``StatsDB`` may be used from several threads (e.g. a UI worker recording a game);
calls are serialised. Errors other than those ``open`` handles (a full disk, a file
made unreadable while open) come out as ``sqlite3.Error``.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from spit.paths import data_dir, replays_dir
from spit.replay import SUFFIX
from spit.replay.closing import Closing
from spit.stats import queries, schema
from spit.stats.queries import CpmPoint, LevelResults, PersonalBests
from spit.stats.story import Story, game_story
from spit.stats.summary import GameSummary, Mode, summarize
from spit.stats.walk import UnusableReplay

DB_NAME: Final = "stats.sqlite3"
BUSY_TIMEOUT_S: Final = 10.0
"""How long a connection waits for another program's write before giving up."""

_ATTEMPTS: Final = 3
"""Tries to open a database another program keeps replacing (both found it damaged)."""
_DAMAGE: Final = {"SQLITE_NOTADB": "it is not a SQLite database", "SQLITE_CORRUPT": "it is corrupt"}
"""Errors (by name, or prefix of an extended name) that mean the file itself is bad, as
opposed to a lock, a permission or a full disk."""


def default_path() -> Path:
    return data_dir() / DB_NAME


class StatsUnavailable(Exception):
    """The database can be neither opened nor made (no permission, a directory in its
    place, a full disk); the message says why, for the user."""


class _Damaged(Exception):
    """The file is not a usable statistics database; the message says why."""


@dataclass(frozen=True, slots=True)
class RebuildReport:
    recorded: int
    """Games stored."""
    duplicates: int
    """Files holding a game already stored (copies of one replay)."""
    unfinished: int
    """Valid replays of games that were not played to their end."""
    invalid: int
    """Files that cannot be read or do not re-simulate; see ``errors``."""
    errors: tuple[str, ...]
    """``"<file name>: <reason>"`` for each invalid file."""

    def describe(self) -> str:
        """``12 saved games`` plus what was skipped, for a notice."""
        text = f"{self.recorded} saved game{'' if self.recorded == 1 else 's'}"
        skipped = [
            f"{n} {what}"
            for n, what in ((self.unfinished, "unfinished"), (self.invalid, "invalid"))
            if n
        ]
        return f"{text} ({' and '.join(skipped)} skipped)" if skipped else text


class StatsDB(Closing):
    """The statistics of every finished game. Make one with ``open``."""

    def __init__(self, conn: sqlite3.Connection, path: Path, replays: Path) -> None:
        self.path = path
        self.replays = replays
        """Where ``open`` rebuilds from, and ``rebuild_from_replays`` by default."""
        self.notice: str | None = None
        """What ``open`` had to do (rebuild a missing or damaged database), for the user;
        ``None`` when it simply opened."""
        self._conn = conn
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: Path | None = None, *, replays: Path | None = None) -> StatsDB:
        """Open the database at ``path`` (default ``data_dir() / "stats.sqlite3"``),
        creating or migrating it, and rebuilding it from the replays in ``replays``
        (default ``replays_dir()``) when it was missing or damaged. Raises
        ``StatsUnavailable`` when no database can be had at all."""
        path = path or default_path()
        replays = replays or replays_dir()
        damage: str | None = None
        moved: Path | None = None
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
            raise StatsUnavailable(f"The statistics database {path} is damaged ({damage}).")
        db = cls(conn, path, replays)
        if created:
            db.notice = _rebuilt_notice(db._import(replays), damage, moved)
        return db

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    # -- writing -------------------------------------------------------------------

    def record_game(self, replay_path: str | os.PathLike[str]) -> GameSummary | None:
        """Store the game in the replay at ``replay_path`` if it is a finished, valid
        game, and return its summary; ``None`` (and nothing stored) otherwise. Storing
        a game already stored changes nothing and returns its summary again."""
        try:
            summary = summarize(replay_path)
        except UnusableReplay:
            return None
        self._insert(summary)
        return summary

    def rebuild_from_replays(self, directory: Path | None = None) -> RebuildReport:
        """Empty the database and fill it again from every replay in ``directory``
        (default: ``replays``), skipping unfinished and invalid files."""
        with self._write() as conn:
            conn.execute("DELETE FROM players")
            conn.execute("DELETE FROM games")
        return self._import(directory or self.replays)

    # -- reading -------------------------------------------------------------------

    def recent_games(self, limit: int = 20, *, mode: Mode | None = None) -> list[GameSummary]:
        """The last ``limit`` games by start time (all if ``limit`` < 0), newest first
        (of ``mode`` only, if given)."""
        with self._lock:
            return queries.recent_games(self._conn, limit, mode)

    def results_by_level(self) -> list[LevelResults]:
        """The human's wins and losses against each bot level."""
        with self._lock:
            return queries.results_by_level(self._conn)

    def personal_bests(self, level: str | None = None) -> PersonalBests:
        """The human's bests against the bots (against ``level`` only, if given)."""
        with self._lock:
            return queries.personal_bests(self._conn, level)

    def cpm_trend(self, limit: int = 20) -> list[CpmPoint]:
        """The human's cards per minute in the last ``limit`` games against a bot,
        oldest first."""
        with self._lock:
            return queries.cpm_trend(self._conn, limit)

    @staticmethod
    def game_story(replay_path: str | os.PathLike[str]) -> Story:
        """Both players' cards over the game, from its replay (never stored). Raises
        ``UnusableReplay`` for a file that cannot be read or re-simulated."""
        return game_story(replay_path)

    # -- internals -----------------------------------------------------------------

    def _import(self, directory: Path) -> RebuildReport:
        try:
            files = sorted(directory.glob(f"*{SUFFIX}")) if directory.is_dir() else []
        except OSError as err:
            return RebuildReport(0, 0, 0, 1, (f"{directory}: {err.strerror or err}",))
        recorded = duplicates = unfinished = 0
        errors: list[str] = []
        for file in files:
            try:
                summary = summarize(file)
            except UnusableReplay as err:
                if err.unfinished:
                    unfinished += 1
                else:
                    errors.append(f"{file.name}: {err}")
                continue
            if self._insert(summary):
                recorded += 1
            else:
                duplicates += 1
        return RebuildReport(recorded, duplicates, unfinished, len(errors), tuple(errors))

    def _insert(self, game: GameSummary) -> bool:
        """Store ``game`` unless it is there already; whether it was stored."""
        with self._write() as conn:
            cursor = conn.execute(
                "INSERT OR IGNORE INTO games (game_key, final_hash, replay_path, started, "
                "mode, human_seat, opponent_level, variant, winner, rounds, duration_ms, "
                "playing_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.game_key,
                    game.final_hash,
                    str(game.replay_path),
                    game.started.isoformat(timespec="seconds"),
                    game.mode.value,
                    game.human_seat,
                    game.opponent_level,
                    game.variant.value,
                    game.winner,
                    game.rounds,
                    game.duration_ms,
                    game.playing_ms,
                ),
            )
            if cursor.rowcount == 0:
                return False
            conn.executemany(
                "INSERT INTO players (game_id, seat, kind, name, level, won, cards_played, "
                "cards_per_minute, reaction_ms, reactions, rejected, fastest_run, too_slow) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    )
                    for p in game.players
                ],
            )
            return True

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


def _rebuilt_notice(report: RebuildReport, damage: str | None, moved: Path | None) -> str | None:
    if damage is not None:
        kept = f"; the damaged file was kept as {moved.name}" if moved else ""
        return (
            f"The statistics database could not be used ({damage}). It was rebuilt "
            f"from {report.describe()}{kept}."
        )
    if report.recorded or report.invalid or report.unfinished:
        return f"The statistics database was missing. It was rebuilt from {report.describe()}."
    return None


def _connect(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A connection to a usable, up-to-date database at ``path``, and whether it was
    made just now (it was missing, or empty). Raises ``_Damaged`` or
    ``StatsUnavailable``."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
        )
    except (OSError, sqlite3.Error) as err:
        raise StatsUnavailable(_cannot_open(path, err)) from None
    conn.text_factory = _text  # damaged text must not raise UnicodeDecodeError
    conn.row_factory = sqlite3.Row
    try:
        _use_wal(conn)  # the first read: a non-database fails here
        conn.execute("PRAGMA synchronous = NORMAL")  # WAL: durable enough, much faster
        conn.execute("PRAGMA foreign_keys = ON")
        if [tuple(row) for row in conn.execute("PRAGMA integrity_check")] != [("ok",)]:
            raise _Damaged("it is corrupt")
        created = schema.migrate(conn) == 0
        schema.check(conn)
        queries.recent_games(conn, -1, None)  # every record still reads back
    except schema.SchemaError as err:
        conn.close()
        raise _Damaged(str(err)) from None
    except sqlite3.DatabaseError as err:
        conn.close()
        name = getattr(err, "sqlite_errorname", "")
        for prefix, reason in _DAMAGE.items():
            if name.startswith(prefix):
                raise _Damaged(reason) from None
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
    reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
    return f"The statistics database {path} cannot be opened: {reason}"


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def _move_aside(path: Path) -> Path | None:
    """Rename the damaged file and its WAL files (a new database must not pick up the
    old one's WAL) to ``<name>.damaged-<time>``; ``None`` if another program already
    did. Raises ``StatsUnavailable`` if it cannot be moved."""
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
        raise StatsUnavailable(_cannot_open(path, err)) from None
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.replace(f"{path}{suffix}", f"{target}{suffix}")
    return target
