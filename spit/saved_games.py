"""The saved games in a folder, summed up for a list without re-simulating any of them.

A replay says what a list needs in two places: who played and when, in its first line,
and how it ended, in its last (the ``end`` line, written only when the game was played
to its end). So a summary reads the header and then the file backwards from its end,
a few KB at a time, until it has the closing line (or, for an unfinished game, the
time and round of the last lines); however long the game, that costs about the same.
Summaries are kept per file and reused while the file's modification time and size
stay the same, so the list of a folder with hundreds of games comes back at once.

Renaming, deleting and exporting are here too, each refusing with a message fit for
the player (``SavedGameError``) rather than raising an ``OSError``.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any, BinaryIO, Final

from spit.core.dates import clamped_timestamp, from_iso
from spit.core.replay.challenge import Challenge
from spit.core.replay.fields import FormatError, PlayerInfo, read_version
from spit.core.replay.reading import MAX_LINE_BYTES, UnreadableReplay, read_header
from spit.games import registry
from spit.games.descriptor import GameDescriptor
from spit.games.files import replay_files as scan_replay_files

TAIL_CHUNK: Final = 4096
"""Bytes read at a time from the end of a file."""
TAIL_LIMIT: Final = 64 * 1024
"""Bytes read from the end at most: an unfinished game whose last deal is further
back than this shows no round count."""
FORBIDDEN_CHARACTERS: Final = '/\\:*?"<>|'
"""Refused in new names: path separators, and what Windows does not allow in names."""
MAX_NAME_BYTES: Final = 255
"""The longest file name most file systems allow."""
AUTOMATIC_NAME: Final = re.compile(r"\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_[a-z0-9-]+(_\d{3,})?")
"""The names games are saved under (``spit.core.replay.recording.file_stem``, numbered by
``open_new`` when several start in the same second)."""


class SavedGameError(Exception):
    """A rename, delete or export that cannot be done; the message says why, for the user."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One replay file as the list shows it."""

    path: Path
    game: str | None
    """The game's registered name (``spit.games.registry``), or ``None`` for a file
    that cannot be read."""
    started: datetime
    """The header's start time (in the time zone the game was played in), else the
    file's modification time (local time)."""
    mode: str
    result: str
    length_ms: int | None
    """Game time up to the end, or up to the last line of an unfinished game."""
    rounds: int | None
    """Rounds (hands, in Spades) played, as far as the file says."""
    finished: bool
    problem: str | None = None
    """Why the file cannot be read, if it cannot."""
    challenge: Challenge | None = None
    """The day's deal or the ladder's step the game was played as (its header's)."""

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def suffix(self) -> str:
        """The game's replay suffix (``.spit.jsonl``): a rename keeps it."""
        game = registry.by_path(self.path)
        return self.path.suffix if game is None else game.suffix

    @property
    def stem(self) -> str:
        return self.path.name[: -len(self.suffix)]

    @property
    def order(self) -> tuple[float, str]:
        """Newest first sorts by this, largest first: the start, then the name."""
        return (self.started.timestamp(), self.path.name)

    @property
    def date_text(self) -> str:
        return f"{self.started:%Y-%m-%d %H:%M}"

    @property
    def length_text(self) -> str:
        return "—" if self.length_ms is None else game_time(self.length_ms)

    @property
    def rounds_text(self) -> str:
        return "—" if self.rounds is None else str(self.rounds)


def automatic_name(stem: str) -> bool:
    """Whether ``stem`` is a name the game was saved under, not one the player gave."""
    return AUTOMATIC_NAME.fullmatch(stem) is not None


def game_time(ms: int) -> str:
    """``2:05`` (or ``1:02:05`` past an hour), seconds rounded down."""
    seconds = ms // 1000
    hours, minutes = divmod(seconds // 60, 60)
    if hours:
        return f"{hours}:{minutes:02}:{seconds % 60:02}"
    return f"{minutes}:{seconds % 60:02}"


def replay_files(directory: Path) -> list[tuple[Path, os.stat_result]]:
    """The replay files in ``directory`` with their ``stat``, most recently written
    first (the order summaries are read in); empty if the folder does not exist.
    Raises ``OSError`` when it exists but cannot be listed."""
    found = scan_replay_files(directory)
    return sorted(found, key=lambda item: (item[1].st_mtime_ns, item[0].name), reverse=True)


def left_unfinished(directory: Path, day: date) -> int:
    """How many games of the deal of ``day`` (a UTC date), started on that day, the
    replays in ``directory`` hold unfinished: left before their end, or cut short (the
    counted game of the day leaves its file even when left before a card was played).
    Only the files written since that day began are read; 0 when the folder cannot be
    read."""
    began = datetime.combine(day, time(), UTC).timestamp()
    wanted = Challenge.daily(day)
    count = 0
    try:
        files = replay_files(directory)
    except OSError:
        return 0
    for path, info in files:  # the most recently written first
        if info.st_mtime < began:
            break
        game = CACHE.summary(path, info)
        started = game.started.astimezone(UTC).date()
        if not game.finished and game.challenge == wanted and started == day:
            count += 1
    return count


class SummaryCache:
    """Summaries by path, reused while the file's modification time and size match.

    Thread-safe: a list closed and opened again quickly may have two workers reading."""

    def __init__(self) -> None:
        self._entries: dict[Path, tuple[tuple[int, int], SavedGame]] = {}
        self._lock = threading.Lock()

    def summary(self, path: Path, info: os.stat_result) -> SavedGame:
        key = (info.st_mtime_ns, info.st_size)
        with self._lock:
            cached = self._entries.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        game = summarize(path, info)
        with self._lock:
            self._entries[path] = (key, game)
        return game

    def keep_only(self, directory: Path, paths: set[Path]) -> None:
        """Forget the files of ``directory`` not in ``paths`` (gone, or renamed), so
        the cache never outgrows the folder."""
        with self._lock:
            for path in [p for p in self._entries if p.parent == directory and p not in paths]:
                del self._entries[path]


CACHE: Final = SummaryCache()
"""Shared by every replay list of the process: opening the list again reads only the
files that changed."""


def summarize(path: Path, info: os.stat_result) -> SavedGame:
    """The list's line for the file at ``path`` (whose ``stat`` is ``info``), from its
    first line and its last few KB only."""
    modified = clamped_timestamp(info.st_mtime)  # a file system may hold any year
    try:
        with path.open("rb") as file:
            return _summary(path, file, info.st_size, modified)
    except UnreadableReplay as error:
        return _unreadable(path, modified, str(error))
    except OSError as error:
        return _unreadable(path, modified, f"cannot read it: {error.strerror or error}")


def _unreadable(path: Path, modified: datetime, problem: str) -> SavedGame:
    return SavedGame(path, None, modified, "?", "unreadable", None, None, False, problem)


def _summary(path: Path, file: BinaryIO, size: int, modified: datetime) -> SavedGame:
    first = file.read(MAX_LINE_BYTES + 1)
    newline = first.find(b"\n")
    header_line = first if newline < 0 else first[: newline + 1]
    obj = read_header(header_line)
    try:
        try:
            game = registry.by_header(obj)
        except registry.UnknownGame:
            raise UnreadableReplay(
                f"a replay of a game this spit-tui does not know: {path.name}"
            ) from None
        header = game.files.read_header(obj, read_version(obj))
    except FormatError as error:
        raise UnreadableReplay(f"bad header: {error}") from None
    ending = _Ending(game)
    for line in _lines_from_end(file, size, len(header_line)):
        if ending.read(line):
            break
    return SavedGame(
        path=path,
        game=game.name,
        started=_started(header.created) or modified,
        mode=game.files.mode_text(header.players, header.network or ending.forfeit),
        result=_result(header.players, ending),
        length_ms=ending.t,
        rounds=ending.rounds,
        finished=ending.closed,
        challenge=getattr(header, "challenge", None),  # a game with challenges: Spit's
    )


class _Ending:
    """What the last lines say, read from the last one backwards: the closing line of
    a finished game (and the line before it, a ``forfeit`` line if the game ended so),
    or the time and round an unfinished one got to."""

    def __init__(self, game: GameDescriptor) -> None:
        self.files = game.files
        self.winner: int | None = None
        self.t: int | None = None
        self.rounds: int | None = None
        self.forfeit = False
        """The game ended by forfeit (both games name that line so)."""
        self._first = True
        self.closed = False
        """The file ends in its closing line: the game is over (``winner`` ``None``: a
        draw)."""

    def read(self, line: bytes) -> bool:
        """Take the line before those read so far; True once nothing more is needed."""
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            return False  # an interrupted last line, or damage: the lines before tell
        if not isinstance(obj, dict):
            return False
        kind = obj.get("type")
        if self.closed:
            self.forfeit = kind == "forfeit"
            return True
        if self._first and kind == "end":
            self.closed = self._closing(obj)
            return False
        self._first = False
        if self.t is None and _whole(obj.get("t")):
            self.t = obj["t"]
        new_round, key = self.files.new_round
        number = obj.get(key)
        if kind == new_round and self.rounds is None and _whole(number):
            self.rounds = number
        return self.rounds is not None and self.t is not None

    def _closing(self, obj: dict[str, Any]) -> bool:
        try:
            end = self.files.read_end(obj)
        except FormatError:
            self._first = False
            return False
        self.winner, self.t, self.rounds = end.winner, end.t, end.rounds
        return True


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


def _lines_from_end(file: BinaryIO, size: int, start: int) -> Iterator[bytes]:
    """The lines of ``file`` after byte ``start``, last first, reading at most
    ``TAIL_LIMIT`` bytes; the line cut by that limit is left out."""
    position = size
    carry = b""
    while position > start and size - position < TAIL_LIMIT:
        step = min(TAIL_CHUNK, position - start)
        position -= step
        file.seek(position)
        parts = (file.read(step) + carry).split(b"\n")
        carry = parts[0]
        yield from (line for line in reversed(parts[1:]) if line.strip())
    if position <= start and carry.strip():
        yield carry


def _started(created: str | None) -> datetime | None:
    return None if created is None else from_iso(created)


def _result(players: tuple[PlayerInfo, PlayerInfo], ending: _Ending) -> str:
    winner = ending.winner
    if not ending.closed:
        return "unfinished"
    if winner is None:
        return "Draw"
    how = " by forfeit" if ending.forfeit else ""
    kinds = [p.kind for p in players]
    if kinds.count("human") == 1:
        return f"You won{how}" if kinds[winner] == "human" else f"You lost{how}"
    if players[0].name == players[1].name:
        return f"Player {winner + 1} won{how}"
    return f"{players[winner].name} won{how}"


# --- changing the files -----------------------------------------------------------------


def rename_problem(game: SavedGame, text: str) -> str | None:
    """Why ``text`` cannot be the new name of ``game``'s file, or ``None`` if it can."""
    stem = _new_stem(game, text)
    if not stem:
        return "Type a name."
    bad = sorted({c for c in stem if c in FORBIDDEN_CHARACTERS})
    if bad:
        return f"A name cannot hold {' '.join(bad)}."
    if not stem.isprintable():
        return "A name can only hold printable characters."
    if stem.startswith("."):
        return "A name cannot start with a dot."
    name = stem + game.suffix
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        return "That name is too long."
    target = game.path.with_name(name)
    try:
        if target != game.path and (target.exists() or target.is_symlink()):
            return f"{name} already exists: choose another name."
    except OSError as error:  # the folder may no longer be looked into
        return f"Cannot use {name}: {_reason(error)}"
    return None


def _new_stem(game: SavedGame, text: str) -> str:
    """What the player typed, without the suffix if they typed it too."""
    stem = text.strip()
    return stem[: -len(game.suffix)] if stem.endswith(game.suffix) else stem


def rename(game: SavedGame, text: str) -> SavedGame:
    """``game`` under the new name ``text`` (its suffix kept). Raises ``SavedGameError``."""
    problem = rename_problem(game, text)
    if problem is not None:
        raise SavedGameError(problem)
    target = game.path.with_name(_new_stem(game, text) + game.suffix)
    if target != game.path:
        try:
            game.path.rename(target)
        except OSError as error:
            raise SavedGameError(f"Could not rename {game.name}: {_reason(error)}") from None
    return replace(game, path=target)


def delete(game: SavedGame) -> None:
    """Remove ``game``'s file (already gone is fine). Raises ``SavedGameError``."""
    try:
        game.path.unlink(missing_ok=True)
    except OSError as error:
        raise SavedGameError(f"Could not delete {game.name}: {_reason(error)}") from None


def default_export_folder() -> Path:
    """Where an export goes unless the player says otherwise: their home folder (the
    current folder when there is no home)."""
    try:
        return Path.home()
    except RuntimeError:
        return Path.cwd()


@dataclass(frozen=True, slots=True)
class ExportTarget:
    """Where an export writes: the copy's path, and the folder to make first, if any."""

    file: Path
    new_folder: Path | None = None


def export_target(game: SavedGame, text: str) -> ExportTarget:
    """Where an export to ``text`` would write. Raises ``SavedGameError`` for a place
    that will not do (a folder that does not exist, a file already there).

    ``text`` names a folder, and the copy goes into it under ``game``'s file name, when
    it is an existing folder or ends in a path separator (``~/exports/``); otherwise it
    is the copy's own file name, in a folder that must exist. A folder asked for with
    a separator that does not exist yet is made, one level only, as ``mkdir`` does
    without ``-p``: the player said it is a folder, but a mistyped parent should not
    turn into a tree of new folders. So a trailing separator never writes a file where
    a folder was meant."""
    typed = text.strip()
    if not typed:
        raise SavedGameError("Type where to write the copy.")
    into_folder = typed.endswith(("/", os.sep)) or (
        os.altsep is not None and typed.endswith(os.altsep)
    )
    try:
        place = Path(typed).expanduser()
    except RuntimeError as error:
        raise SavedGameError(f"Cannot use {typed}: {error}") from None
    try:
        new_folder = None
        if into_folder and not place.is_dir():
            if place.exists() or place.is_symlink():
                raise SavedGameError(f"{place} is a file, not a folder.")
            if not place.parent.is_dir():
                raise SavedGameError(f"There is no folder {place.parent}.")
            new_folder = place
        target = place / game.name if into_folder or place.is_dir() else place
        if new_folder is None:
            if target.exists() or target.is_symlink():
                raise SavedGameError(f"{target} already exists: choose another name.")
            if not target.parent.is_dir():
                raise SavedGameError(f"There is no folder {target.parent}.")
    except OSError as error:  # a name too long, a folder that may not be looked into
        raise SavedGameError(f"Cannot use {place}: {_reason(error)}") from None
    return ExportTarget(target, new_folder)


def export(game: SavedGame, text: str) -> ExportTarget:
    """Copy ``game``'s file to ``text`` (see ``export_target``), never over an existing
    file, making the folder asked for if need be; where the copy went. Raises
    ``SavedGameError``."""
    where = export_target(game, text)
    target = where.file
    try:
        data = game.path.read_bytes()
    except OSError as error:
        raise SavedGameError(f"Could not read {game.name}: {_reason(error)}") from None
    if where.new_folder is not None:
        try:
            where.new_folder.mkdir(exist_ok=True)
        except OSError as error:
            raise SavedGameError(
                f"Could not make the folder {where.new_folder}: {_reason(error)}"
            ) from None
    try:
        copy = target.open("xb")
    except FileExistsError:
        raise SavedGameError(f"{target} already exists: choose another name.") from None
    except OSError as error:
        raise SavedGameError(f"Could not write {target}: {_reason(error)}") from None
    try:
        with copy:
            copy.write(data)
    except OSError as error:
        target.unlink(missing_ok=True)  # ours, half written
        raise SavedGameError(f"Could not write {target}: {_reason(error)}") from None
    return where


def _reason(error: OSError) -> str:
    return error.strerror or str(error)
