"""The settings file on disk: read within bounds, edited in place, never lost.

Reading (``read_settings``) never hangs and costs no more than a small file would:
only a regular file is read (a folder, a FIFO, a device such as ``/dev/zero`` behind a
symlink is refused with a warning: checked with ``os.stat`` before opening, opened
non-blocking so that a FIFO put there meanwhile cannot block, and checked again on the
open file); at most ``MAX_BYTES`` are read; the TOML is parsed by ``tomllib`` (the
standard library's parser, much faster than tomlkit's), and nesting too deep for
it or a number too long to convert is a warning like any other mistake; only the first
``MAX_WARNINGS`` warnings are written out (and their lines found), the rest counted.
The warnings say where in the file; whoever shows them names the file.

Writing (``SettingsWriter.write``) edits the file with tomlkit, which keeps comments, unknown
keys, order and spacing: only the settings that changed get a new value, so a value
that failed to read stays as the player wrote it unless that very setting is changed
(a key remapping is one setting per binding). The file is read again before each change,
so what was edited by hand meanwhile is kept too. When the file on disk does not read
cleanly, a copy is kept first (``settings.toml.bak``, or ``.bak.2`` and so on; an equal
copy already there is reused) and the notice names it. A file that cannot be edited
(not text, too big, not TOML) is replaced, after the copy, by one holding the settings
in use. The new text goes to a temporary file in the same folder, which takes the old
file's mode and owner, then replaces it (``os.replace``): a crash leaves the old file
or the new one, never half of one. A symlink is followed, so its target is edited.

Why lines are found by a search of the text: tomllib keeps no positions, and tomlkit's
parser only has them in its private state. The search (``_line_of``) is right for every
file the Settings screen writes and for any ordinary hand-written one; when it finds
nothing the warning names the file alone.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Iterator, Mapping
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from spit.core.safe_text import safe_path, safe_text
from spit.settings.model import (
    Problem,
    Settings,
    changed_settings,
    every_setting,
    kind_of,
    late_problems,
    settings_from_data,
)

if TYPE_CHECKING:
    import tomllib

    import tomlkit

MAX_BYTES = 64 * 1024
"""The largest settings file read: one with every key remapped is about 3 KB, so this
leaves room for twenty times as much in comments; a bigger file is not a settings file
a person wrote, and tomlkit would take seconds to edit it."""
MAX_WARNINGS = 5
"""Warnings shown about one file; the rest are counted ("and 4,995 more")."""
_MAX_BACKUPS = 1000

_USING_DEFAULTS = "using the default settings"


class _Contents(Struct, frozen=True):
    """What reading the file gave: its bytes and stat, or why there are none."""

    data: bytes | None = None
    stat: os.stat_result | None = None
    problem: str | None = None
    """Why the file was not read (the end of a sentence about it); ``None`` with no
    ``data`` means there is no file."""
    editable: bool = True
    """False when the file must not be written over: no regular file, or unreadable."""


def _read(path: Path) -> _Contents:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return _Contents()
    except OSError as error:  # a symlink loop, no permission on the folder
        return _Contents(problem=_cannot_read(error), editable=False)
    if not stat.S_ISREG(info.st_mode):
        return _not_regular(path, info)
    if info.st_size > MAX_BYTES:
        return _Contents(stat=info, problem=_too_big(info.st_size))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return _Contents()
    except OSError as error:
        return _Contents(problem=_cannot_read(error), editable=False)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # replaced between the two looks
            return _not_regular(path, info)
        chunks = []
        size = 0
        while size <= MAX_BYTES and (chunk := os.read(fd, MAX_BYTES + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        return _Contents(problem=_cannot_read(error), editable=False)
    finally:
        os.close(fd)
    if size > MAX_BYTES:  # it grew while being read
        return _Contents(stat=info, problem=_too_big(size))
    return _Contents(data=b"".join(chunks), stat=info)


def _cannot_read(error: OSError) -> str:
    return f"cannot be read ({safe_text(error.strerror or error)})"


def _too_big(size: int) -> str:
    return f"{size:,} bytes, more than a settings file can be ({MAX_BYTES // 1024} KiB)"


def _not_regular(path: Path, info: os.stat_result) -> _Contents:
    kind = kind_of(info.st_mode)
    problem = (
        f"a link to {safe_path(os.path.realpath(path))}, which is {kind}, not a file"
        if path.is_symlink()
        else f"not a file but {kind}"
    )
    return _Contents(problem=problem, editable=False)


class _Parsed(Struct, frozen=True):
    """A file's settings, and its problems; ``data`` is ``None`` when it is no TOML."""

    settings: Settings
    problems: list[Problem]
    text: str | None
    data: dict[str, object] | None
    """The TOML document as read (only whether there is one counts here)."""


def _parse(contents: _Contents) -> _Parsed:
    if contents.data is None:
        problem = Problem(f"{contents.problem}; {_USING_DEFAULTS}") if contents.problem else None
        return _Parsed(Settings(), [problem] if problem else [], None, None)
    try:
        text = contents.data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = contents.data.count(b"\n", 0, error.start) + 1
        problem = Problem(f"not UTF-8 text; {_USING_DEFAULTS}", line=line)
        return _Parsed(Settings(), [problem], None, None)
    import tomllib  # here: most players have no settings file, and the first frame waits

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return _Parsed(Settings(), [_syntax_problem(error)], text, None)
    except RecursionError:
        problem = Problem(f"nested too deeply to read; {_USING_DEFAULTS}")
        return _Parsed(Settings(), [problem], text, None)
    except ValueError:  # int(): more digits than Python converts (4300)
        long_number = re.search(r"[0-9_]{4000,}", text)
        where = text.count("\n", 0, long_number.start()) + 1 if long_number else None
        problem = Problem(f"a number with too many digits; {_USING_DEFAULTS}", line=where)
        return _Parsed(Settings(), [problem], text, None)
    settings, problems = settings_from_data(data)
    return _Parsed(settings, problems, text, data)


_TOMLLIB_POSITION = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")


def _syntax_problem(error: tomllib.TOMLDecodeError) -> Problem:
    """tomllib's reason and position (it has no attributes for them before Python 3.14)."""
    message = str(error)
    position = _TOMLLIB_POSITION.search(message)
    reason = message[: position.start()] if position else message
    reason = reason[:1].lower() + reason[1:]
    line, column = (int(position[1]), int(position[2])) if position and position[1] else (0, 0)
    text = f"not valid TOML ({safe_text(reason, limit=80)}); {_USING_DEFAULTS}"
    return Problem(text, line=line or None, column=column or None)


# --- warnings ------------------------------------------------------------------------


def read_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings in ``path`` (the defaults if there is none) and at most ``MAX_WARNINGS``
    warnings, each saying where in the file ("line 3: ..."), then a count of the rest."""
    parsed = _parse(_read(path))
    return parsed.settings, _warnings(parsed)


def late_warnings(path: Path, settings: Settings) -> tuple[Settings, list[str]]:
    """What ``read_settings`` left to check once the program is drawn
    (``spit.settings.model.late_problems``): ``settings`` less what is refused, and the
    warnings about it, each saying where in the file at ``path`` when it is there."""
    checked, problems = late_problems(settings)
    if not problems:
        return checked, []
    contents = _read(path)
    text = None
    if contents.data is not None:
        with contextlib.suppress(UnicodeDecodeError):
            text = contents.data.decode("utf-8")
    return checked, _warnings(_Parsed(checked, problems, text, None))


def _warnings(parsed: _Parsed) -> list[str]:
    shown = []
    for problem in parsed.problems[:MAX_WARNINGS]:
        line = problem.line
        if line is None and parsed.text is not None and problem.key is not None:
            line = _line_of(parsed.text, problem.key, problem.entry)
        where = [] if line is None else [f"line {line}"]
        if problem.column is not None:
            where.append(f"column {problem.column}")
        shown.append(f"{', '.join(where)}: {problem.text}" if where else problem.text)
    more = len(parsed.problems) - MAX_WARNINGS
    if more > 0:
        shown.append(f"and {more:,} more {'problem' if more == 1 else 'problems'}")
    return shown


def _key_pattern(key: str) -> str:
    """A regular expression for ``key`` as TOML may spell it: bare, or in quotes."""
    spellings = [f'"{re.escape(key)}"', f"'{re.escape(key)}'"]
    if re.fullmatch(r"[A-Za-z0-9_-]+", key):
        spellings.append(rf"(?<![\w\"'.-]){re.escape(key)}")
    return "(?:" + "|".join(spellings) + ")"


def _line_of(text: str, key: str, entry: str | None = None) -> int | None:
    """The line where the top-level ``key`` is set (as ``key = ...``, ``key.x = ...``
    before the first table, or a ``[key]`` header), or where ``entry`` is set in it."""
    pattern = _key_pattern(key)
    first_table = re.search(r"^[ \t]*\[", text, re.MULTILINE)
    tables_start = first_table.start() if first_table else len(text)
    found = None
    for match in re.finditer(
        rf"^[ \t]*(?:(\[\[?)[ \t]*{pattern}[ \t]*[.\]]|{pattern}[ \t]*[.=])", text, re.MULTILINE
    ):
        if match[1] or match.start() < tables_start:
            found = match
            break
    if found is None:
        return None
    start = found.start()
    if entry is not None:
        in_table = re.compile(rf"{_key_pattern(entry)}[ \t]*=").search(text, found.end())
        if in_table is not None:
            start = in_table.start()
    return text.count("\n", 0, start) + 1


# --- writing -------------------------------------------------------------------------


class SettingsWriter:
    """Writes the player's changes into one settings file.

    It remembers the bytes it wrote last: a file it wrote itself is not copied again
    before the next change (its problems, left as they were, were copied before the
    first one), so a session with a broken file makes one backup, not one per change.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._written: bytes | None = None

    def write(self, old: Settings, new: Settings, *, in_place: bool = False) -> list[str]:
        """Write the settings that differ between ``old`` and ``new``; the notices for
        the player (the copy kept of a file that did not read cleanly). Raises OSError
        when the file cannot be written; it is then unchanged. ``in_place``: for a
        change the player did not ask for in so many words (an address remembered),
        only ever edit the file: one that cannot be edited (not TOML) is left alone,
        never replaced, and OSError says so."""
        changes = changed_settings(old, new)
        if not changes:
            return []
        contents = _read(self.path)
        if not contents.editable:
            raise OSError(errno.EINVAL, contents.problem)
        target = Path(os.path.realpath(self.path))  # a symlink's target is the file
        parsed = _parse(contents)
        exists = contents.data is not None or contents.stat is not None
        document = _document(parsed.text) if parsed.data is not None else None
        if document is None and exists and in_place:
            raise OSError(errno.EINVAL, "the file cannot be edited, so it is left as it is")
        ours = contents.data is not None and contents.data == self._written
        notices = []
        if exists and parsed.problems and not ours:
            backup = _keep_copy(target, contents)
            notices.append(
                f"{safe_path(target)} did not read cleanly, so a copy of it was kept as "
                f"{safe_path(backup)} before your change was saved"
            )
        if document is None:
            document = _fresh_document(new)
        else:
            _edit(document, changes, old, new)
        data = document.as_string().encode("utf-8")
        _check_written(data, changes, new)
        _write_atomically(target, data, contents.stat if exists else None)
        self._written = data
        return notices


def _document(text: str | None) -> tomlkit.TOMLDocument | None:
    """The file as tomlkit reads it, or ``None`` if tomlkit cannot (where it and tomllib
    disagree); the file is then replaced, after a copy, as one that is no TOML."""
    if text is None:
        return None
    import tomlkit  # here: only writing needs it, and importing it slows every start-up
    import tomlkit.exceptions

    try:
        return tomlkit.parse(text)
    except (tomlkit.exceptions.TOMLKitError, ValueError, RecursionError):
        return None


def _toml(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _fresh_document(settings: Settings) -> tomlkit.TOMLDocument:
    """A new file holding every setting that is not at its default."""
    import tomlkit  # see _document

    document = tomlkit.document()
    document.add(tomlkit.comment("spit-tui settings. The Settings screen changes only the"))
    document.add(tomlkit.comment("lines it must; comments and other lines are kept."))
    for name, value in every_setting(settings).items():
        if value is not None:
            document[name] = _toml(value)
    return document


def _edit(
    document: tomlkit.TOMLDocument, changes: Mapping[str, Any], old: Settings, new: Settings
) -> None:
    for name, value in changes.items():
        if name in _KEY_TABLES:
            _edit_overrides(document, name, getattr(old, name), getattr(new, name))
        elif value is None and name not in Settings.__struct_fields__:  # a game's, unset
            document.pop(name, None)
        else:
            document[name] = _toml(value)


_KEY_TABLES = ("key_overrides", "game_keys")
"""The settings that are tables of remapped keys, one binding a line."""


def _edit_overrides(
    document: tomlkit.TOMLDocument, name: str, old: Mapping[str, str], new: Mapping[str, str]
) -> None:
    """Each binding remapped is one setting: only the bindings whose key changed get a
    new line (or lose theirs); others, even ones that failed to read, stay as written.
    No remapping at all (every key reset) empties the table."""
    table = document.get(name)
    if not new:
        if isinstance(table, dict):
            table.clear()
        elif table is not None:
            del document[name]
        return
    if not isinstance(table, dict):
        if table is not None:
            del document[name]
        import tomlkit  # see _document

        document[name] = tomlkit.table()
        table = document[name]
    for binding in {**old, **new}:
        if old.get(binding) == new.get(binding):
            continue
        if binding not in new:
            table.pop(binding, None)
        elif not _same_key(table.get(binding), new[binding]):
            table[binding] = new[binding]


def _same_key(written: object, key: str) -> bool:
    """Whether the file already says ``key`` (perhaps spelt ``"Q"`` or ``";"``)."""
    from spit.settings.keymap import normalize_key

    return isinstance(written, str) and normalize_key(written) == key


def _check_written(data: bytes, changes: Mapping[str, Any], new: Settings) -> None:
    """Refuse to write a text that would not read back to the changed values: tomlkit
    has never been seen to make one, and this makes sure it never costs a file."""
    import tomllib  # (see ``_parse``)

    try:
        written = tomllib.loads(data.decode("utf-8"))
    except ValueError:
        written = {}
    for name, value in changes.items():
        if name in _KEY_TABLES:
            table = written.get(name, {})
            fine = isinstance(table, dict) and all(
                _same_key(table.get(binding), key) for binding, key in value.items()
            )
        elif value is None and name not in Settings.__struct_fields__:  # a game's, unset
            fine = name not in written
        else:
            fine = written.get(name) == _toml(value)
        if not fine:
            raise OSError(errno.EINVAL, f"the file could not be edited to set {name}")


def _take_mode_and_owner(fd: int, original: os.stat_result) -> None:
    os.fchmod(fd, stat.S_IMODE(original.st_mode))
    now = os.fstat(fd)
    if (now.st_uid, now.st_gid) != (original.st_uid, original.st_gid):
        with contextlib.suppress(PermissionError):  # only root may give a file away
            os.fchown(fd, original.st_uid, original.st_gid)


def _exclusive(path: Path, mode: int = 0o666) -> int:
    """A new file at ``path``, opened for writing; FileExistsError if there is one."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)


def _write_atomically(target: Path, data: bytes, original: os.stat_result | None) -> None:
    import secrets  # here: only a change of settings writes, never the start

    target.parent.mkdir(parents=True, exist_ok=True)
    while True:
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = _exclusive(temporary)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            if original is not None:
                _take_mode_and_owner(file.fileno(), original)
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _backup_names(target: Path) -> Iterator[Path]:
    yield target.with_name(f"{target.name}.bak")
    for number in range(2, _MAX_BACKUPS + 1):
        yield target.with_name(f"{target.name}.bak.{number}")


def _keep_copy(target: Path, contents: _Contents) -> Path:
    """Keep the file as it is now under the first free backup name, and return that name;
    an existing backup with the same bytes is reused instead. A file too big to have
    been read is moved rather than copied."""
    for backup in _backup_names(target):
        try:
            fd = _exclusive(backup, 0o600)
        except FileExistsError:
            if contents.data is not None and _read(backup).data == contents.data:
                return backup
            continue
        try:
            if contents.data is None:
                os.close(fd)
                os.replace(target, backup)
                return backup
            with os.fdopen(fd, "wb") as file:
                file.write(contents.data)
                if contents.stat is not None:
                    _take_mode_and_owner(file.fileno(), contents.stat)
                os.fsync(file.fileno())
        except BaseException:
            backup.unlink(missing_ok=True)
            raise
        return backup
    raise OSError(errno.EEXIST, f"there are already {_MAX_BACKUPS} backups of it")
