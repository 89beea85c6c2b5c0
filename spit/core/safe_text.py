"""Text the program did not write, made safe to show on a terminal.

A file name, a path, a settings value, a player's name or an error message that quotes
one of them can hold bytes a terminal obeys instead of showing: ``ESC ] 2 ; ... BEL``
sets the window title, ``ESC [ 2 J`` clears the screen, a right-to-left override makes
``evil\u202egnp.exe`` read as ``evilexe.png``. Anything shown from outside goes through
``safe_text`` first, on the screen, on stdout and on stderr alike, so such a name is
shown escaped (as ``ls -b`` and git do) rather than obeyed.

What is escaped: every control character (C0, DEL, C1), every invisible formatting
character (Unicode category Cf: bidi overrides and isolates, zero-width joiners, BOM),
line and paragraph separators, unassigned and private-use code points, and the lone
surrogates that ``os.fsdecode`` makes of bytes that are not UTF-8 (shown as the byte
they stand for, ``\\xff``). Printable text in any script passes unchanged. A backslash
itself passes unchanged: the point is safety, not a reversible encoding.
"""

from __future__ import annotations

import os
import unicodedata
from functools import lru_cache

_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r", "\x1b": "\\e"}
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


@lru_cache(maxsize=4096)
def _escaped(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode
        return f"\\x{code - 0xDC00:02x}"
    if unicodedata.category(char) not in _UNSAFE_CATEGORIES:
        return char
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def safe_text(text: object, *, limit: int | None = None, ellipsis: str = "…") -> str:
    """``text`` (``str()`` of any object) with everything a terminal would obey escaped.

    ``limit`` cuts the result to at most that many characters, ending in ``ellipsis``
    (pass ``"..."`` where the screen keeps to ASCII), for places where an outside text of
    any length must fit a line.
    """
    raw = text if isinstance(text, str) else str(text)
    shown = raw if raw.isprintable() else "".join(map(_escaped, raw))
    if limit is not None and len(shown) > limit:
        keep = max(limit - len(ellipsis), 0)
        shown = shown[:keep] + ellipsis[: max(limit - keep, 0)]
    return shown


def safe_lines(text: object) -> str:
    """``safe_text`` for a message of several lines: each line made safe, the line
    breaks (and only they) kept."""
    raw = text if isinstance(text, str) else str(text)
    return "\n".join(safe_text(line) for line in raw.split("\n"))


def safe_path(path: str | os.PathLike[str] | bytes) -> str:
    """A path for display: decoded as the file system does, then ``safe_text``."""
    return safe_text(os.fsdecode(path))


def is_safe(text: str) -> bool:
    """Whether ``text`` would be shown unchanged by ``safe_text``."""
    return safe_text(text) == text
