"""Hostile outside text for the tests that every surface shows it safe: file names a
replay could be saved under, and what must never come out of any of them.

Each name is bytes (as a file system holds it) with the text ``safe_text`` shows for
it, which a test looks for to know that the name did reach the surface, escaped.
"""

from __future__ import annotations

import os
import re
from typing import Final

HOSTILE_STEMS: Final[dict[str, tuple[bytes, str]]] = {
    "osc-title": (b"\x1b]2;OWNED\x07", "\\e]2;OWNED\\x07"),
    "csi-clear": (b"\x1b[2J\x1b[Hwiped", "\\e[2J\\e[Hwiped"),
    "c1-csi": ("\x9b31mred".encode(), "\\x9b31mred"),
    "c1-byte": (b"\x9b31mraw", "\\x9b31mraw"),
    "bel": (b"ding\x07dong", "ding\\x07dong"),
    "bidi": ("evil\u202egnp".encode(), "evil\\u202egnp"),
    "markup": (b"[red]x[bold]y", "[red]x[bold]y"),
    "not-utf8": (b"caf\xe9\xff", "caf\\xe9\\xff"),
}
"""Id -> (file name stem as bytes, how it is shown)."""

MARKUP_NAME: Final = "[red]x[/]"
"""A player's name that Rich would read as markup (``/`` cannot be in a file name)."""

FORBIDDEN: Final = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""What must never reach a terminal from outside text: C0 controls (tab and newline
aside: a command's own line breaks), DEL, C1, bidi and zero-width formatting, and
undecodable bytes."""


def file_name(stem: bytes, suffix: str = ".spit.jsonl") -> str:
    """The name a file with ``stem`` has, as Python sees it (``os.fsdecode``)."""
    return os.fsdecode(stem + suffix.encode())


def forbidden_in(text: str) -> list[str]:
    """The characters of ``text`` that must not be there, as ``repr``s."""
    return [repr(c) for c in FORBIDDEN.findall(text)]
